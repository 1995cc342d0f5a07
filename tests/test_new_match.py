"""Starting a match with ``new``: the id and the first dealer it announces (named, or drawn
at random), the presets, every rule option stored and each one taking effect in the hands
that follow, and the players' names kept exactly as typed. Figures are worked out by hand from
RULES.md in the comment beside each case (``A``/``B`` the players, ``[1]`` the games a hand
entered, ``G1`` game 1).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from harness import (
    DEFAULT_RULES,
    A,
    B,
    Run,
    game_of,
    line,
    new_match,
    ok,
    refused,
    sheet,
    snapshot,
)

from scorekeeper.rules import DECLARED, DEFAULTS, VARIANT_OPTIONS, VARIANTS

# new


def test_new_prints_id_and_dealer_and_makes_match_current(run: Run) -> None:
    assert ok(run("new", A, B, "--dealer", "BO")).splitlines()[:2] == [
        "Match 1: Alexandra v Bob, standard rules.",
        "Bob deals first.",
    ]
    assert ok(run("new", "Ann", "Ben", "--preset", "pagat", "--target", "150")).startswith(
        "Match 2: Ann v Ben, pagat rules (changed: --target 150)."
    )
    assert sheet(run)["players"] == ["Ann", "Ben"]
    assert sheet(run, "1")["next_dealer"] == B


def test_new_random_dealer_is_announced(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    out = ok(run("new", A, B))
    announced = out.splitlines()[1]
    assert announced in (
        "Alexandra deals first (chosen at random).",
        "Bob deals first (chosen at random).",
    )
    assert sheet(run)["next_dealer"] == announced.split()[0]
    # The dealer really is drawn at random: force the draw to each player in turn.
    for index, name in enumerate((A, B)):
        monkeypatch.setattr(random, "choice", lambda seq, i=index: seq[i])
        out = ok(run("new", A, B))
        assert f"{name} deals first (chosen at random)." in out
        assert sheet(run)["next_dealer"] == name


@pytest.mark.parametrize(
    "preset, rules",
    [
        ("standard", DEFAULT_RULES),
        (
            "pagat",
            {
                **DEFAULT_RULES,
                "gin_bonus": 20,
                "undercut_bonus": 10,
                "box_bonus": 20,
            },
        ),
        (
            "PAGAT",
            {
                **DEFAULT_RULES,
                "gin_bonus": 20,
                "undercut_bonus": 10,
                "box_bonus": 20,
            },
        ),
    ],
)
def test_new_presets(run: Run, preset: str, rules: dict[str, Any]) -> None:
    new_match(run, "--preset", preset)
    assert sheet(run)["rules"] == rules


def test_new_every_rule_option_is_stored(run: Run) -> None:
    new_match(
        run,
        "--preset",
        "pagat",
        "--target",
        "150",
        "--columns",
        "2",
        "--gin-bonus",
        "30",
        "--big-gin-bonus",
        "50",
        "--undercut-bonus",
        "15",
        "--box-bonus",
        "10",
        "--game-bonus",
        "200",
        "--shutout",
        "total",
        "--knock-limit",
        "7",
        "--next-dealer",
        "alternate",
        "--end-after-first-game",
        "--tie",
        "no_bonus",
        "--gin-boxes",
        "3",
        "--undercut-boxes",
        "2",
        "--shutout-when",
        "no_hands",
        "--decide-by",
        "net",
    )
    assert sheet(run)["rules"] == {
        **DEFAULT_RULES,  # an option added later, at its default
        "target": 150,
        "columns": 2,
        "gin_bonus": 30,
        "big_gin_bonus": 50,
        "undercut_bonus": 15,
        "tie": "no_bonus",
        "box_bonus": 10,
        "gin_boxes": 3,
        "undercut_boxes": 2,
        "game_bonus": 200,
        "shutout": "total",
        "shutout_when": "no_hands",
        "knock_limit": 7,
        "next_dealer": "alternate",
        "decide_by": "net",
        "end_after_first_game": True,
        "knock_bonus": 0,
        "boxes_when": "game_end",
        "gin_bonus_when": "hand",
        "shutout_bonus": 100,
        "games": 2,  # as many as the columns
        "last_game_double": False,
    }
    assert len(sheet(run)["games"]) == 2
    shown = ok(run("rules"))
    for text in ("Rules of match 1", "--target", "150", "--knock-limit", "in turn", "2 x total"):
        assert text in shown


@dataclass
class OptionCase:
    """Options for ``new``, hands to record, then ``pick(show --json)`` must equal ``want``."""

    id: str
    options: list[str]
    hands: list[list[str]]
    pick: Callable[[dict[str, Any]], Any]
    want: Any


def _settled(data: dict[str, Any]) -> Any:
    return game_of(data, 1)["settlement"]


def _dealers(data: dict[str, Any]) -> Any:
    return [r["dealer"] for r in data["rounds"]], data["next_dealer"]


def _first_points(data: dict[str, Any]) -> Any:
    return data["rounds"][0]["points"]


KNOCK_28 = [["knock", "bob", "2", "30"]]  # B knocks 2 v 30: 28 [1]; ends G1 at target 10
SHORT = [["knock", "bob", "2", "30"], ["knock", "al", "2", "12"], ["knock", "bob", "2", "30"]]

OPTION_CASES = [
    # pagat: gin 20 -> A gin v 5 = 5+20 = 25, and the loser (B) deals next (Pagat's main rule).
    OptionCase(
        "pagat",
        ["--preset", "pagat"],
        [["gin", "al", "5"]],
        lambda d: (_first_points(d), d["next_dealer"]),
        (25, B),
    ),
    # B 28 ends G1 with A on 0, a shutout. points: B's pts doubled 56 + box 25 + game 100 =
    # 181; the game's own points stay 28.
    OptionCase(
        "shutout-points",
        ["--target", "10", "--shutout", "points"],
        KNOCK_28,
        lambda d: (_settled(d), game_of(d, 1)["points"]),
        ({A: line(0, 0, 0, 0), B: line(56, 25, 100, 181, True), "net": 181}, {A: 0, B: 28}),
    ),
    # total: (28 + 25 + 100) x 2 = 306.
    OptionCase(
        "shutout-total",
        ["--target", "10", "--shutout", "total"],
        KNOCK_28,
        _settled,
        {A: line(0, 0, 0, 0), B: line(28, 25, 100, 306, True), "net": 306},
    ),
    # none: 28 + 25 + 100 = 153, shutout false.
    OptionCase(
        "shutout-none",
        ["--target", "10", "--shutout", "none"],
        KNOCK_28,
        _settled,
        {A: line(0, 0, 0, 0), B: line(28, 25, 100, 153), "net": 153},
    ),
    # game_bonus (the default): 28 + 25 + 2x100 = 253.
    OptionCase(
        "shutout-game-bonus",
        ["--target", "10"],
        KNOCK_28,
        _settled,
        {A: line(0, 0, 0, 0), B: line(28, 25, 200, 253, True), "net": 253},
    ),
    # No shutout when the loser has points: A knocks 1 v 4 = 3, then B 28.
    # B 28 + 25 + 100 = 153; A 3 + 25 = 28; net 125.
    OptionCase(
        "no-shutout",
        ["--target", "10"],
        [["knock", "al", "1", "4"], *KNOCK_28],
        _settled,
        {A: line(3, 25, 0, 28), B: line(28, 25, 100, 153), "net": 125},
    ),
    # game 50, box 10: 28 + 10 + 2x50 = 138.
    OptionCase(
        "game-and-box-bonus",
        ["--target", "10", "--game-bonus", "50", "--box-bonus", "10"],
        KNOCK_28,
        lambda d: _settled(d)[B],
        line(28, 10, 100, 138, True),
    ),
    # undercut 15: B knocks 5 v 3 -> A 5-3+15 = 17.
    OptionCase(
        "undercut-bonus",
        ["--undercut-bonus", "15"],
        [["knock", "bob", "5", "3"]],
        _first_points,
        17,
    ),
    # knock limit 5: a knock with 5 is allowed: 30-5 = 25.
    OptionCase(
        "knock-limit", ["--knock-limit", "5"], [["knock", "bob", "5", "30"]], _first_points, 25
    ),
    # big gin 50: 10+50 = 60.
    OptionCase(
        "big-gin-bonus",
        ["--big-gin-bonus", "50"],
        [["gin", "bob", "10", "--big"]],
        _first_points,
        60,
    ),
    # gin 20: 10+20 = 30.
    OptionCase("gin-bonus", ["--gin-bonus", "20"], [["gin", "bob", "10"]], _first_points, 30),
    # alternate: A deals 1 (B wins), B deals 2 (A wins), A deals 3 (wall), A deals again.
    OptionCase(
        "alternate",
        ["--next-dealer", "alternate"],
        [["knock", "bob", "2", "20"], ["knock", "al", "2", "20"], ["wall"]],
        _dealers,
        ([A, B, A], A),
    ),
    # winner: A deals 1, B wins -> B deals 2, B wins -> B deals 3.
    OptionCase(
        "winner-deals",
        ["--next-dealer", "winner"],
        [["knock", "bob", "2", "20"], ["knock", "bob", "2", "20"]],
        _dealers,
        ([A, B], B),
    ),
    # loser (default): A deals 1, B wins -> A deals 2, A wins -> B deals next.
    OptionCase(
        "loser-deals",
        [],
        [["knock", "bob", "2", "20"], ["knock", "al", "2", "20"]],
        _dealers,
        ([A, A], B),
    ),
    # columns 2, target 10: B 28 ends G1; A's first win opens G2 (G1 has ended): 19 ends G2.
    # One game each: a drawn match (winner null).
    OptionCase(
        "columns-2-draw",
        ["--columns", "2", "--target", "10"],
        [*KNOCK_28, ["knock", "al", "1", "20"]],
        lambda d: (
            len(d["games"]),
            d["rounds"][1]["games"],
            d["finished"],
            d["winner"],
            [g["winner"] for g in d["games"]],
        ),
        (2, [2], True, None, [B, A]),
    ),
    # end after first game, target 50: B 28 [1]; A 10 [1]; B 28 [1, 2] -> G1 56 ends.
    # Column sums: B 56+28+0 = 84, A 10 -> Bob. G2, G3 cut short: no winner, no settlement.
    OptionCase(
        "end-after-first-game",
        ["--end-after-first-game", "--target", "50"],
        SHORT,
        lambda d: (
            d["finished"],
            d["winner"],
            [g["winner"] for g in d["games"]],
            [g["settlement"] is None for g in d["games"]],
            [g["open"] for g in d["games"]],
        ),
        (True, B, [B, None, None], [False, True, True], [False, False, False]),
    ),
    # --play-all-games is the default: the same hands leave the match open.
    OptionCase(
        "play-all-games",
        ["--play-all-games", "--target", "50"],
        SHORT,
        lambda d: (
            d["finished"],
            d["rules"]["end_after_first_game"],
            [g["open"] for g in d["games"]],
        ),
        (False, False, [False, True, True]),
    ),
]


@pytest.mark.parametrize("case", OPTION_CASES, ids=[c.id for c in OPTION_CASES])
def test_new_rule_options_take_effect(run: Run, case: OptionCase) -> None:
    new_match(run, *case.options)
    for hand in case.hands:
        ok(run(*hand))
    assert case.pick(sheet(run)) == case.want


def test_new_exact_name_wins_over_prefix(run: Run) -> None:
    # "Al" is both a whole name and a prefix of "Alan": the exact name wins.
    assert "Al deals first." in ok(run("new", "Al", "Alan", "--dealer", "al"))
    assert ok(run("knock", "AL", "3", "20")).startswith("Hand 1: Al knocks 3 v 20 -> Al +17")
    assert ok(run("knock", "ala", "3", "20")).startswith("Hand 2: Alan knocks 3 v 20")


def test_new_names_are_kept_exactly(run: Run) -> None:
    ok(run("new", "Zoë", "o'Brien", "--dealer", "z"))
    assert sheet(run)["players"] == ["Zoë", "o'Brien"]
    ok(run("new", "x" * 40, "Bob"))  # 40 characters is allowed
    assert sheet(run)["players"] == ["x" * 40, "Bob"]


# show --json's rules: every option at its value in force, defaults included.


def in_force_default(name: str, columns: int) -> object:
    """An option's default as the match plays it: ``games`` left to follow the columns."""
    default = DEFAULTS[name]
    return columns if default is None else getattr(default, "value", default)


@pytest.mark.parametrize(
    ("given", "variant", "columns"),
    [
        pytest.param((A, B), None, 3, id="standard"),
        pytest.param((A, B, "--columns", "2"), None, 2, id="two-columns"),
        pytest.param((A, B, "--oklahoma"), "oklahoma", 3, id="oklahoma"),
        pytest.param((A, B, "--straight"), "straight", 3, id="straight"),
        pytest.param(("Ann", "Ben", "Cid"), "three_handed", 1, id="three-handed"),
    ],
)
def test_show_json_rules_hold_every_option_at_its_value_in_force(
    run: Run, given: tuple[str, ...], variant: str | None, columns: int
) -> None:
    ok(run("new", *given))
    rules = sheet(run)["rules"]
    declared = [name for name in DECLARED if name not in VARIANT_OPTIONS]
    declared += list(VARIANTS[variant]) if variant else []
    assert list(rules) == [name for name in DECLARED if name in declared]
    switched = {variant: True, "columns": columns} if variant else {"columns": columns}
    assert rules == {name: switched.get(name, in_force_default(name, columns)) for name in declared}
    assert None not in rules.values()


# An option given that decides nothing under the other rules: taken, with a warning.


def test_oklahomas_lower_limit_at_a_knock_limit_of_10_is_taken_with_a_warning(run: Run) -> None:
    result = run("new", A, B, "--oklahoma", "--oklahoma-limit", "lower")
    ok(result)
    assert result.stderr.splitlines() == [
        "Warning: --oklahoma-limit lower decides nothing with --knock-limit 10; it is kept all "
        "the same."
    ]
    assert sheet(run)["rules"]["oklahoma_limit"] == "lower"
    below = run("new", A, B, "--oklahoma", "--oklahoma-limit", "lower", "--knock-limit", "9")
    assert ok(below) and below.stderr == ""


def test_an_option_given_at_its_default_where_it_decides_nothing_is_warned_of(run: Run) -> None:
    result = run("new", A, B, "--shutout-bonus", "100", "--no-ace-knocks-one")
    ok(result)
    assert result.stderr.splitlines() == [
        "Warning: --shutout-bonus 100 decides nothing without --shutout bonus; it is kept all "
        "the same.",
        "Warning: --no-ace-knocks-one decides nothing without --oklahoma; it is kept all the same.",
    ]


def test_new_a_third_name_left_empty_is_refused(run: Run, store_dir: Path) -> None:
    # Three names make Three-handed Gin; an empty third is a name left empty, not two players.
    before = snapshot(store_dir)
    refused(run("new", "Ann", "Ben", ""), 2, "A player's name cannot be empty")
    assert snapshot(store_dir) == before


def test_new_three_players_announce_the_first_deal_whatever_their_names(run: Run) -> None:
    # The first hand: Ann and Ben play it, Cid sits out; the first dealer (Ben, by force) deals.
    out = ok(run("new", "Ann{", "Ben", "Cid", "--dealer", "ben"))
    assert out.splitlines()[1] == "Cid sits out; Ben deals to Ann{."
