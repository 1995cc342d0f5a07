"""The ``scorekeeper`` command line, driven through click's CliRunner against CLI.md.

Every expected figure is written out literally and was worked out by hand from RULES.md (the
arithmetic is in the comments); nothing here asks the engine what the answer should be.
Legend for the comments: ``A``/``B`` the players, ``[1, 2]`` the games a hand entered,
``pts`` a column's hand points, ``boxes`` the hands a player won that were entered in a game
(x box bonus), ``game`` the game bonus, ``net`` winner's total - loser's total.
"""

from __future__ import annotations

import json
import os
import random
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result
from harness import (
    DEFAULT_RULES,
    A,
    B,
    Run,
    Snapshot,
    game_of,
    line,
    new_match,
    ok,
    parse_csv,
    process,
    read_only,
    refused,
    sheet,
    wall_round,
    won_round,
)

from scorekeeper import __version__
from scorekeeper.cli import cli

README = Path(__file__).resolve().parent.parent / "README.md"

# A whole match, from new to the match winner


def test_whole_match_from_new_to_match_winner(run: Run) -> None:
    out = ok(run("new", A, B, "--dealer", "al"))
    assert out.splitlines()[:2] == [
        "Match 1: Alexandra v Bob, standard rules.",
        "Alexandra deals first.",
    ]
    reports: dict[int, list[str]] = {}

    def hand(number: int, *args: str) -> list[str]:
        reports[number] = ok(run(*args)).splitlines()
        assert reports[number][0].startswith(f"Hand {number}: ")
        return reports[number]

    # Loser deals next (the default). A deals hand 1.
    # 1 B knocks 5 v 15: 15-5=10, B's 1st win [1]                    B 10/0/0     A deals 2
    assert hand(1, "knock", "bob", "5", "15")[0] == "Hand 1: Bob knocks 5 v 15 -> Bob +10 in Game 1"
    assert reports[1][-1] == "Alexandra deals next."
    # 2 A knocks 2 v 20: 18, A's 1st win [1]                          A 18/0/0     B deals 3
    assert hand(2, "knock", "al", "2", "20")[-1] == "Bob deals next."
    # 3 B knocks 3 v 33: 30, B's 2nd win [1, 2]                       B 40/30/0    A deals 4
    assert hand(3, "knock", "BO", "3", "33")[0] == (
        "Hand 3: Bob knocks 3 v 33 -> Bob +30 in Games 1, 2"
    )
    # 4 B knocks 6 v 10: 4, B's 3rd win [1, 2, 3]                     B 44/34/4    A deals 5
    assert hand(4, "knock", "b", "6", "10")[0] == (
        "Hand 4: Bob knocks 6 v 10 -> Bob +4 in Games 1, 2, 3"
    )
    assert reports[4][-1] == "Alexandra deals next."
    # The seed's worked example: A 18/0/0, B 44/34/4.
    middle = sheet(run)
    assert [(g["points"][A], g["points"][B]) for g in middle["games"]] == [
        (18, 44),
        (0, 34),
        (0, 4),
    ]
    assert [g["open"] for g in middle["games"]] == [True, True, True]
    assert middle["finished"] is False and middle["winner"] is None
    # 5 wall: nobody scores, the same dealer (A) deals again.
    assert hand(5, "wall")[0] == "Hand 5: wall (dead hand) -> no score"
    assert reports[5][-1] == "Alexandra deals next."
    # 6 A knocks 4 v 4: a tie is an undercut; B gets 4-4+25=25 [1, 2, 3]
    #                                                                 B 69/59/29   A deals 7
    assert hand(6, "knock", "al", "4", "4", "--undercut")[0] == (
        "Hand 6: Alexandra knocks 4 v 4, undercut by Bob -> Bob +25 in Games 1, 2, 3"
    )
    # 7 A gin v 22: 22+25=47, A's 2nd win opens G2 [1, 2]             A 65/47/0    B deals 8
    assert hand(7, "gin", "alex", "22")[0] == (
        "Hand 7: Alexandra goes gin v 22 -> Alexandra +47 in Games 1, 2"
    )
    # 8 B knocks 2 v 33: 31 [1, 2, 3]                                 B 100/90/60  A deals 9
    #   G1 ends at the target: B 100 v A 65.
    #   G1 settlement: B pts 100, boxes 5 (hands 1, 3, 4, 6, 8) x25=125, game 100 -> 325;
    #   A pts 65, boxes 2 (hands 2, 7) x25=50 -> 115. net 325-115=210.
    assert hand(8, "knock", "bob", "2", "33") == [
        "Hand 8: Bob knocks 2 v 33 -> Bob +31 in Games 1, 2, 3",
        "             Game 1  Game 2  Game 3",
        "  Alexandra      65      47       0",
        "  Bob          100*      90      60",
        "  (* won the game)",
        "*** GAME 1 WON BY Bob, 100 to 65, net +210 after bonuses ***",
        # The match net: Bob +210 from Game 1.
        "Match net: Alexandra -210, Bob +210.",
        # Stakes: A has opened G1 (ended) and G2, so her next win enters G2 and opens G3;
        # Bob has opened all three. To go: G2 A 100-47=53, B 100-90=10; G3 A 100, B 100-60=40.
        "Alexandra's next win counts in Games 2, 3; Bob's in Games 2, 3.",
        "Still to go: Game 2 Alexandra 53, Bob 10; Game 3 Alexandra 100, Bob 40.",
        "Alexandra deals next.",
    ]
    # 9 A big gin v 20: 20+31=51. A has opened G1 (ended) and G2; her 3rd win opens G3
    #   -> [2, 3]                                                     A 65/98/51   B deals 10
    assert hand(9, "gin", "al", "20", "--big")[0] == (
        "Hand 9: Alexandra goes big gin v 20 -> Alexandra +51 in Games 2, 3"
    )
    # 10 A knocks 1 v 11: 10 [2, 3] -> A G2 108, G3 61. G2 ends: A 108 v B 90.
    #   G2 settlement: A pts 108, boxes 3 (hands 7, 9, 10) x25=75, game 100 -> 283;
    #   B pts 90 (30+4+25+31), boxes 4 (3, 4, 6, 8) x25=100 -> 190. net 283-190=93.
    #   B lost, so B deals 11.
    assert hand(10, "knock", "al", "1", "11")[-5:] == [
        "*** GAME 2 WON BY Alexandra, 108 to 90, net +93 after bonuses ***",
        # The match net: Bob 210 - 93 = +117.
        "Match net: Alexandra -117, Bob +117.",
        # Only G3 is open: A 100-61=39, B 100-60=40.
        "Alexandra's next win counts in Game 3; Bob's in Game 3.",
        "Still to go: Game 3 Alexandra 39, Bob 40.",
        "Bob deals next.",
    ]
    # 11 B gin v 15: 15+25=40, only G3 is left [3] -> B G3 60+40=100: G3 ends, B wins it.
    #   G3 settlement: B pts 100 (4+25+31+40), boxes 4 (4, 6, 8, 11) x25=100, game 100 -> 300;
    #   A pts 61 (51+10), boxes 2 (9, 10) x25=50 -> 111. net 300-111=189.
    #   Every game has ended: B won G1 and G3, A won G2 -> Bob wins 2 games to 1.
    #   A lost hand 11, so A deals the first hand of the next match.
    assert hand(11, "gin", "bob", "15")[0] == "Hand 11: Bob goes gin v 15 -> Bob +40 in Game 3"
    assert reports[11][-4:] == [
        "*** GAME 3 WON BY Bob, 100 to 61, net +189 after bonuses ***",
        # The match net: Bob 117 + 189 = +306.
        "Match net: Alexandra -306, Bob +306.",
        "*** MATCH OVER: Bob wins 2 games to 1 ***",
        "Alexandra deals the first hand of the next match.",
    ]

    final = sheet(run)
    assert final["id"] == 1
    assert final["players"] == [A, B]
    assert final["rules"] == DEFAULT_RULES
    assert final["rounds"] == [
        won_round(1, A, B, 5, 15, B, 10, [1]),
        won_round(2, A, A, 2, 20, A, 18, [1]),
        won_round(3, B, B, 3, 33, B, 30, [1, 2]),
        won_round(4, A, B, 6, 10, B, 4, [1, 2, 3]),
        wall_round(5, A),
        won_round(6, A, A, 4, 4, B, 25, [1, 2, 3], kind="undercut"),
        won_round(7, A, A, 0, 22, A, 47, [1, 2], kind="gin"),
        won_round(8, B, B, 2, 33, B, 31, [1, 2, 3]),
        won_round(9, A, A, 0, 20, A, 51, [2, 3], kind="big_gin"),
        won_round(10, B, A, 1, 11, A, 10, [2, 3]),
        won_round(11, B, B, 0, 15, B, 40, [3], kind="gin"),
    ]
    assert final["games"] == [
        # G1: A 18+47=65, B 10+30+4+25+31=100.
        {
            "number": 1,
            "open": False,
            "points": {A: 65, B: 100},
            "boxes": {A: 2, B: 5},
            "winner": B,
            "settlement": {A: line(65, 50, 0, 115), B: line(100, 125, 100, 325), "net": 210},
        },
        # G2: A 47+51+10=108, B 30+4+25+31=90.
        {
            "number": 2,
            "open": False,
            "points": {A: 108, B: 90},
            "boxes": {A: 3, B: 4},
            "winner": A,
            "settlement": {A: line(108, 75, 100, 283), B: line(90, 100, 0, 190), "net": 93},
        },
        # G3: A 51+10=61, B 4+25+31+40=100.
        {
            "number": 3,
            "open": False,
            "points": {A: 61, B: 100},
            "boxes": {A: 2, B: 4},
            "winner": B,
            "settlement": {A: line(61, 50, 0, 111), B: line(100, 100, 100, 300), "net": 189},
        },
    ]
    assert final["finished"] is True
    assert final["winner"] == B
    # The match net: Bob +210 - 93 + 189 = +306.
    assert final["net"] == {A: -306, B: 306}
    assert final["next_dealer"] == A

    # The paper sheet shows the settlement and the winner.
    shown = ok(run("show"))
    for text in (
        "Column",
        "Boxes",
        "Points",
        "Box bonus",
        "Game bonus",
        "Shutout",
        "Total",
        "Net",
        "WON",
        "MATCH OVER: Bob wins 2 games to 1",
        "Game 1: won by Bob, net +210",
        "Game 2: won by Alexandra, net +93",
        "Game 3: won by Bob, net +189",
        "Match net: Alexandra -306, Bob +306.",
        "Alexandra deals the first hand of the next match.",
    ):
        assert text in shown
    # No hand can follow the one that ended the match.
    refused(run("knock", "bob", "2", "30"), 1, "over")


# show --json


def test_show_json_shape(run: Run) -> None:
    new_match(run)
    empty = sheet(run)
    # A new match: no rounds, every game open at 0, the first dealer deals.
    assert empty == {
        "id": 1,
        "players": [A, B],
        "rules": DEFAULT_RULES,
        "rounds": [],
        "games": [
            {
                "number": n,
                "open": True,
                "points": {A: 0, B: 0},
                "boxes": {A: 0, B: 0},
                "winner": None,
                "settlement": None,
            }
            for n in (1, 2, 3)
        ],
        "finished": False,
        "winner": None,
        "net": {A: 0, B: 0},
        "next_dealer": A,
    }
    ok(run("knock", "bob", "5", "15"))  # 1 B 10 [1]; A deals 1, A deals 2 (loser)
    ok(run("knock", "bob", "3", "2"))  # 2 undercut: A 3-2+25=26 [1]; B deals 3
    ok(run("wall"))  # 3 wall; B deals again
    ok(run("knock", "al", "0", "9"))  # 4 kd 0 is gin: A 9+25=34 [1, 2]; B deals 5
    result = run("show", "--json")
    data = json.loads(ok(result))  # stdout is one JSON object, nothing else
    assert set(data) == {
        "id",
        "players",
        "rules",
        "rounds",
        "games",
        "finished",
        "winner",
        "net",
        "next_dealer",
    }
    assert set(data["rules"]) == set(DEFAULT_RULES)
    for r in data["rounds"]:
        assert set(r) == {
            "number",
            "kind",
            "dealer",
            "knocker",
            "knocker_deadwood",
            "opponent_deadwood",
            "winner",
            "points",
            "games",
        }
    for g in data["games"]:
        assert set(g) == {"number", "open", "points", "boxes", "winner", "settlement"}
    assert data["rounds"] == [
        won_round(1, A, B, 5, 15, B, 10, [1]),
        # The knocker stays the knocker in an undercut; the opponent is the winner.
        won_round(2, A, B, 3, 2, A, 26, [1], kind="undercut"),
        wall_round(3, B),
        # Gin has knocker_deadwood 0.
        won_round(4, B, A, 0, 9, A, 34, [1, 2], kind="gin"),
    ]
    assert data["games"][0]["points"] == {A: 26 + 34, B: 10}
    assert data["games"][0]["boxes"] == {A: 2, B: 1}
    assert data["games"][1]["points"] == {A: 34, B: 0}
    assert [g["open"] for g in data["games"]] == [True, True, True]
    assert data["next_dealer"] == B
    # Integers are JSON numbers, not strings.
    assert isinstance(data["games"][0]["points"][A], int)


def test_show_json_open_is_false_for_every_game_once_finished(run: Run) -> None:
    new_match(run, "--target", "30", "--end-after-first-game")
    # 1 B knocks 2 v 40: 38 [1] -> G1 ends (38 >= 30) and with it the match.
    out = ok(run("knock", "bob", "2", "40"))
    assert "*** GAME 1 WON BY Bob, 38 to 0, net +263 after bonuses ***" in out
    # Column points: B 38+0+0 = 38, A 0 -> Bob wins on column points.
    assert "*** MATCH OVER: Bob wins on column points, 38 to 0 ***" in out
    data = sheet(run)
    assert data["finished"] is True and data["winner"] == B
    assert [g["open"] for g in data["games"]] == [False, False, False]
    # G1 settlement: B 38 + box 25 + game 100 doubled by the shutout = 263; A 0. net 263.
    assert data["games"][0]["settlement"] == {
        A: line(0, 0, 0, 0),
        B: line(38, 25, 200, 263, shutout=True),
        "net": 263,
    }
    # The games cut short have no winner and no settlement.
    for game in data["games"][1:]:
        assert game["winner"] is None and game["settlement"] is None


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
    }
    assert len(sheet(run)["games"]) == 2
    shown = ok(run("rules"))
    for text in ("Rules of match 1", "--target", "150", "--knock-limit", "alternate", "total"):
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


# Recording hands


def test_knock_and_undercut(run: Run) -> None:
    new_match(run)
    # B knocks 7 v 5: undercut, A gets 7-5+25 = 27 [1]; --undercut agrees with the counts.
    assert ok(run("knock", "bob", "7", "5", "--undercut")).splitlines()[0] == (
        "Hand 1: Bob knocks 7 v 5, undercut by Alexandra -> Alexandra +27 in Game 1"
    )
    # Without the flag the counts alone make it an undercut: B 5 v 5 -> A 0+25 = 25 [1, 2].
    assert ok(run("knock", "bob", "5", "5")).splitlines()[0] == (
        "Hand 2: Bob knocks 5 v 5, undercut by Alexandra -> Alexandra +25 in Games 1, 2"
    )
    rounds = sheet(run)["rounds"]
    assert [(r["kind"], r["knocker"], r["winner"]) for r in rounds] == [
        ("undercut", B, A),
        ("undercut", B, A),
    ]


def test_knock_with_zero_deadwood_is_gin(run: Run) -> None:
    new_match(run)
    # kd 0 is gin: 12 + 25 = 37.
    assert ok(run("knock", "bob", "0", "12")).splitlines()[0] == (
        "Hand 1: Bob goes gin v 12 -> Bob +37 in Game 1"
    )
    assert sheet(run)["rounds"] == [won_round(1, A, B, 0, 12, B, 37, [1], kind="gin")]


def test_gin_and_big_gin(run: Run) -> None:
    new_match(run)
    # gin: 20 + 25 = 45 [1]; big gin: 20 + 31 = 51, A's 2nd win [1, 2].
    assert ok(run("gin", "al", "20")).splitlines()[0] == (
        "Hand 1: Alexandra goes gin v 20 -> Alexandra +45 in Game 1"
    )
    assert ok(run("gin", "al", "20", "--big")).splitlines()[0] == (
        "Hand 2: Alexandra goes big gin v 20 -> Alexandra +51 in Games 1, 2"
    )
    data = sheet(run)
    assert [(r["kind"], r["knocker_deadwood"], r["points"]) for r in data["rounds"]] == [
        ("gin", 0, 45),
        ("big_gin", 0, 51),
    ]
    assert game_of(data, 1)["points"][A] == 96


def test_wall_same_dealer_deals_again(run: Run) -> None:
    ok(run("new", A, B, "--dealer", "bob"))
    out = ok(run("wall")).splitlines()
    assert out[0] == "Hand 1: wall (dead hand) -> no score"
    assert out[-1] == "Bob deals next."
    out = ok(run("wall")).splitlines()
    assert out[-1] == "Bob deals next."
    data = sheet(run)
    assert data["rounds"] == [wall_round(1, B), wall_round(2, B)]
    assert all(g["points"] == {A: 0, B: 0} and g["boxes"] == {A: 0, B: 0} for g in data["games"])
    assert data["next_dealer"] == B


# Correcting


def test_undo_voids_the_last_hand(run: Run, snapshot: Snapshot, store_dir: Path) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))  # 1 B 10 [1]
    ok(run("gin", "al", "20"))  # 2 A 45 [1]
    out = ok(run("undo")).splitlines()
    assert out[0] == "Voided Hand 2: Alexandra goes gin v 20 -> Alexandra +45 in Game 1"
    assert out[-1] == "Alexandra deals next."  # B won hand 1: the loser A deals
    data = sheet(run)
    assert data["rounds"] == [won_round(1, A, B, 5, 15, B, 10, [1])]
    assert game_of(data, 1)["points"] == {A: 0, B: 10}
    ok(run("undo"))
    assert sheet(run)["rounds"] == []
    before = snapshot(store_dir)
    refused(run("undo"), 1, "no hand to undo")
    assert snapshot(store_dir) == before
    # The voided hands are still in the store.
    assert ok(run("log", "--all")).count("voided") == 2


def test_undo_reopens_a_finished_match(run: Run) -> None:
    new_match(run, "--target", "10", "--end-after-first-game")
    ok(run("knock", "bob", "2", "30"))
    assert "finished" in ok(run("matches"))
    ok(run("undo"))
    data = sheet(run)
    assert data["finished"] is False and [g["open"] for g in data["games"]] == [True] * 3
    listing = ok(run("matches")).splitlines()[1]
    assert "open" in listing and "finished" not in listing
    ok(run("knock", "al", "2", "30"))  # a hand can be recorded again
    assert sheet(run)["winner"] == A


def test_amend_replaces_and_rescores_later_hands(run: Run) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))  # 1 B 10 [1];        A deals 2
    ok(run("knock", "al", "2", "20"))  # 2 A 18 [1];        B deals 3
    ok(run("knock", "bob", "3", "33"))  # 3 B 30 [1, 2]
    assert [r["games"] for r in sheet(run)["rounds"]] == [[1], [1], [1, 2]]
    out = ok(run("amend", "1", "wall")).splitlines()
    assert out[:2] == [
        "Replaced Hand 1: Bob knocks 5 v 15 -> Bob +10 in Game 1",
        "     by Hand 1: wall (dead hand) -> no score",
    ]
    # Re-scored: 1 wall (A deals, deals again); 2 A 18 [1] (A deals); 3 is now B's FIRST win:
    # 30 [1] only, dealt by B. B 30/0/0, A 18/0/0; A lost hand 3 and deals next.
    data = sheet(run)
    assert data["rounds"] == [
        wall_round(1, A),
        won_round(2, A, A, 2, 20, A, 18, [1]),
        won_round(3, B, B, 3, 33, B, 30, [1]),
    ]
    assert [(g["points"][A], g["points"][B]) for g in data["games"]] == [(18, 30), (0, 0), (0, 0)]
    assert data["next_dealer"] == A
    # amend gin / knock with --undercut / gin --big
    ok(run("amend", "2", "gin", "al", "10"))  # 2 A 10+25 = 35 [1]
    ok(run("amend", "3", "knock", "bob", "4", "4", "--undercut"))  # 3 A 0+25 = 25 [1, 2]
    ok(run("amend", "1", "gin", "bob", "5", "--big"))  # 1 B 5+31 = 36 [1]
    data = sheet(run)
    assert [(r["kind"], r["winner"], r["points"], r["games"]) for r in data["rounds"]] == [
        ("big_gin", B, 36, [1]),
        ("gin", A, 35, [1]),
        ("undercut", A, 25, [1, 2]),
    ]
    assert [(g["points"][A], g["points"][B]) for g in data["games"]] == [(60, 36), (25, 0), (0, 0)]
    log_all = ok(run("log", "--all"))
    assert log_all.count("replaced") == 4


def test_amend_and_undo_on_a_finished_match_update_matches(run: Run) -> None:
    ok(run("new", "Ann", "Ben", "--target", "10", "--columns", "2", "--dealer", "ann"))
    ok(run("knock", "ann", "1", "20"))  # 1 Ann 19 [1]: G1 ends
    ok(run("knock", "ann", "1", "20"))  # 2 Ann 19 [2]: G2 ends, Ann wins 2-0
    assert ok(run("matches")).splitlines()[1].split()[-3:] == ["2", "finished", "Ann"]
    # 2 becomes Ben's: his first win opens G2 (G1 has ended), 19 ends it: one game each.
    out = ok(run("amend", "2", "knock", "ben", "1", "20"))
    assert "*** MATCH OVER: drawn, 1 game each ***" in out
    assert ok(run("matches")).splitlines()[1].split()[-3:] == ["2", "finished", "drawn"]
    # 1 becomes Ben's too: 19 [1] ends G1 at once, so his 2nd win (hand 2) enters only G2,
    # the one game left, and ends it: Ben wins 2 games to 0.
    out = ok(run("amend", "1", "knock", "ben", "1", "20"))
    assert "*** MATCH OVER: Ben wins 2 games to 0 ***" in out
    assert ok(run("matches")).splitlines()[1].split()[-3:] == ["2", "finished", "Ben"]
    ok(run("undo"))
    assert ok(run("matches")).splitlines()[1].split()[-2:] == ["1", "open"]
    assert sheet(run)["winner"] is None


def test_amend_refused_when_it_would_end_the_match_early(
    run: Run, snapshot: Snapshot, store_dir: Path
) -> None:
    new_match(run, "--target", "50", "--end-after-first-game")
    ok(run("knock", "bob", "2", "20"))  # 1 B 18
    ok(run("knock", "al", "2", "20"))  # 2 A 18
    ok(run("knock", "bob", "2", "20"))  # 3 B 36
    before = snapshot(store_dir)
    # Big gin v 98 = 129 in hand 1 would end G1, and with it this short match, at hand 1.
    refused(run("amend", "1", "gin", "bob", "98", "--big"), 1, "end the match", "hand 1")
    assert snapshot(store_dir) == before
    # The same correction in the last hand is fine: it ends the match there.
    # 3 is B's 2nd win: 98+31 = 129 [1, 2] -> G1 18+129 = 147 and G2 129 both end;
    # column sums B 147+129+0 = 276, A 18 -> Bob.
    out = ok(run("amend", "3", "gin", "bob", "98", "--big"))
    assert "*** MATCH OVER: Bob wins on column points, 276 to 18 ***" in out
    assert sheet(run)["winner"] == B


def test_amend_a_hand_that_does_not_exist(run: Run, snapshot: Snapshot, store_dir: Path) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))
    before = snapshot(store_dir)
    refused(run("amend", "2", "wall"), 2, "no hand 2")
    refused(run("amend", "0", "knock", "bob", "3", "20"), 2, "no hand 0")
    assert snapshot(store_dir) == before


def test_log_and_log_all(run: Run) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))  # 1, later replaced
    ok(run("gin", "al", "22"))  # 2
    ok(run("knock", "bob", "3", "9"))  # 3, later voided
    ok(run("undo"))
    ok(run("amend", "1", "knock", "bob", "4", "27"))  # 1 becomes B 23
    log = ok(run("log"))
    assert "Match 1: Alexandra v Bob" in log
    assert "Bob knocks 4 v 27" in log and "Bob +23 in Game 1" in log
    assert "Alexandra goes gin v 22" in log
    assert "Bob knocks 5 v 15" not in log  # replaced
    assert "Bob knocks 3 v 9" not in log  # voided
    assert "replaced" not in log and "voided" not in log
    everything = ok(run("log", "--all"))
    for text in (
        "Bob knocks 5 v 15",
        "Bob knocks 3 v 9",
        "Bob knocks 4 v 27",
        "replaced",
        "voided",
        "in force",
    ):
        assert text in everything
    # Every row, voided and replaced ones too, says which hand it was; a correction comes
    # right after the hand it replaced.
    rows = [line.split() for line in everything.splitlines() if line.strip()[:1].isdigit()]
    assert [(row[0], row[-3]) for row in rows] == [
        ("1", "replaced"),
        ("1", "force"),
        ("2", "force"),
        ("3", "voided"),
    ]
    # log names the dealer of each hand in force
    assert "Alexandra" in log.splitlines()[4]


# Matches


def test_matches_use_and_current_marked(run: Run) -> None:
    assert "No matches yet" in ok(run("matches"))
    new_match(run, "--target", "10", "--end-after-first-game")
    ok(run("knock", "bob", "2", "30"))  # match 1 finished, Bob won
    ok(run("new", "Ann", "Ben"))
    rows = ok(run("matches")).splitlines()
    assert rows[0].split() == ["id", "players", "started", "hands", "status", "winner"]
    assert rows[1].startswith(" 1  Alexandra v Bob")
    assert rows[1].split()[-3:] == ["1", "finished", "Bob"]
    assert rows[2].startswith("*2  Ann v Ben")
    assert rows[2].split()[-2:] == ["0", "open"]
    assert ok(run("use", "1")) == "Match 1 (Alexandra v Bob) is now current.\n"
    rows = ok(run("matches")).splitlines()
    assert rows[1].startswith("*1") and rows[2].startswith(" 2")
    assert sheet(run)["id"] == 1


def test_rules_of_a_match_also_lists_the_presets(run: Run) -> None:
    new_match(run)
    shown = ok(run("rules"))
    assert "Rules of match 1" in shown
    assert "pagat" in shown


def test_rules_and_presets(run: Run) -> None:
    presets = ok(run("rules", "--presets"))
    for text in ("standard", "pagat", "--gin-bonus", "20", "winner", "Pagat's Gin Rummy page"):
        assert text in presets
    # Without a current match, rules lists the presets.
    assert "pagat" in ok(run("rules"))
    new_match(run, "--preset", "pagat")
    ok(run("new", "Ann", "Ben", "--knock-limit", "7"))
    current = ok(run("rules"))
    assert "Rules of match 2" in current and "7" in current
    first = ok(run("rules", "1"))
    assert "Rules of match 1" in first and "20" in first


# Export and import


def play_short_match(run: Run) -> None:
    """Match 1 of A v B, 3 columns, target 50, played out (hand by hand below)."""
    new_match(run, "--target", "50")
    ok(run("knock", "bob", "5", "15"))  # 1 A deals. B 10 [1]                 B 10/0/0
    ok(run("gin", "al", "22"))  # 2 A deals. A 47 [1]                 A 47/0/0
    ok(run("wall"))  # 3 B deals. wall
    ok(run("knock", "bob", "3", "33"))  # 4 B deals. B 30 [1, 2]              B 40/30/0
    ok(run("knock", "al", "6", "4"))  # 5 A deals. undercut B 2+25=27 [1,2,3]
    #                                      B 67/57/27: G1 ends (B 67 v A 47), G2 ends (57 v 0)
    ok(run("knock", "al", "1", "11"))  # 6 A deals. A 10: G1 (hers, ended) and G2 have
    #                                      ended, her 2nd win opens G3: [3]   A 47/0/10
    ok(run("gin", "bob", "0"))  # 7 B deals. B 0+25=25 [3] -> G3 B 52 ends. B 3-0.


CSV_HEADER = [
    "hand",
    "dealer",
    "outcome",
    "knocker",
    "knocker_deadwood",
    "opponent_deadwood",
    "winner",
    "points",
    "games",
    "Alexandra game 1",
    "Alexandra game 2",
    "Alexandra game 3",
    "Bob game 1",
    "Bob game 2",
    "Bob game 3",
]


def test_export_csv(run: Run) -> None:
    play_short_match(run)
    rows = parse_csv(ok(run("export")))
    assert rows[0] == CSV_HEADER
    assert rows[1:8] == [
        # hand, dealer, outcome, knocker, kd, od, winner, points, games, A 1 2 3, B 1 2 3
        ["1", A, "knock", B, "5", "15", B, "10", "1", "0", "0", "0", "10", "0", "0"],
        ["2", A, "gin", A, "0", "22", A, "47", "1", "47", "0", "0", "10", "0", "0"],
        ["3", B, "wall", "", "", "", "", "0", "", "47", "0", "0", "10", "0", "0"],
        ["4", B, "knock", B, "3", "33", B, "30", "1 2", "47", "0", "0", "40", "30", "0"],
        ["5", A, "undercut", A, "6", "4", B, "27", "1 2 3", "47", "0", "0", "67", "57", "27"],
        ["6", A, "knock", A, "1", "11", A, "10", "3", "47", "0", "10", "67", "57", "27"],
        ["7", B, "gin", B, "0", "0", B, "25", "3", "47", "0", "10", "67", "57", "52"],
    ]
    # Settlement, game by game (target 50, defaults otherwise):
    # G1: B 67, boxes 3 (1, 4, 5) x25=75, game 100 -> 242; A 47, boxes 1 (2) x25=25 -> 72.
    # G2: B 57, boxes 2 (4, 5) -> 50, A has 0: shutout doubles the game bonus, 200 -> 307;
    #     A 0, 0 -> 0. G3: B 52 (27+25), boxes 2 (5, 7) -> 50, game 100 -> 202;
    #     A 10, boxes 1 (6) -> 25 -> 35.
    # net per player = own total - the opponent's. Only B's G2 line is marked shutout.
    blank = [""] * 8
    assert rows[8:] == [
        ["boxes", *blank, "1", "0", "1", "3", "2", "2"],
        ["box bonus", *blank, "25", "0", "25", "75", "50", "50"],
        ["game bonus", *blank, "0", "0", "0", "100", "200", "100"],
        ["shutout", *blank, "0", "0", "0", "0", "1", "0"],
        ["total", *blank, "72", "0", "35", "242", "307", "202"],
        ["net", *blank, "-170", "-307", "-167", "170", "307", "167"],
        # The match net in each player's game 1 column: B 170 + 307 + 167 = 644.
        ["match net", *blank, "-644", "", "", "644", "", ""],
        ["winner", "", "", "", "", "", B, "", "", "", "", "", "", "", ""],
    ]
    data = sheet(run)
    assert [g["settlement"]["net"] for g in data["games"]] == [170, 307, 167]
    assert data["winner"] == B


def test_export_csv_settlement_only_for_ended_games_and_two_columns(run: Run) -> None:
    new_match(run, "--columns", "2")
    ok(run("knock", "bob", "5", "15"))  # 1 B 10 [1]
    rows = parse_csv(ok(run("export")))
    assert rows[0] == [
        "hand",
        "dealer",
        "outcome",
        "knocker",
        "knocker_deadwood",
        "opponent_deadwood",
        "winner",
        "points",
        "games",
        "Alexandra game 1",
        "Alexandra game 2",
        "Bob game 1",
        "Bob game 2",
    ]
    assert rows[1] == ["1", A, "knock", B, "5", "15", B, "10", "1", "0", "0", "10", "0"]
    # No game has ended: the settlement rows are there but empty; no winner yet.
    assert [row[0] for row in rows[2:]] == [
        "boxes",
        "box bonus",
        "game bonus",
        "shutout",
        "total",
        "net",
        "match net",
        "winner",
    ]
    # The match net is 0 before a game is settled (each player's game 1 column).
    assert rows[-2] == ["match net", *[""] * 8, "0", "", "0", ""]
    assert all(cell == "" for row in rows[2:-2] + rows[-1:] for cell in row[1:])
    assert all(len(row) == 13 for row in rows)


@pytest.mark.parametrize(
    "options, game_bonus, shutout, total",
    [
        # Ann gins v 10: 10 + 25 = 35 points, 1 box x25 = 25; Ben has 0 points: shut out.
        pytest.param([], "200", "1", "260", id="game-bonus-doubled"),  # 35 + 25 + 2x100
        pytest.param(["--shutout", "none"], "100", "0", "160", id="no-reward"),  # 35 + 25 + 100
        # A game bonus of 0 doubled adds nothing, so the line is not marked: 35 + 25 + 0.
        pytest.param(["--game-bonus", "0"], "0", "0", "60", id="nothing-doubled"),
    ],
)
def test_export_csv_marks_the_shutout_of_a_two_player_game(
    run: Run, options: list[str], game_bonus: str, shutout: str, total: str
) -> None:
    ok(run("new", "Ann", "Ben", "--dealer", "ben", "--columns", "1", "--target", "25", *options))
    ok(run("gin", "ann", "10"))  # 1 Ben deals. Ann 35 [1]: Game 1 ends, Ben at 0
    rows = parse_csv(ok(run("export")))
    assert rows[0][9:] == ["Ann game 1", "Ben game 1"]
    assert rows[1] == ["1", "Ben", "gin", "Ann", "0", "10", "Ann", "35", "1", "35", "0"]
    blank = [""] * 8
    assert rows[2:7] == [
        ["boxes", *blank, "1", "0"],
        ["box bonus", *blank, "25", "0"],
        ["game bonus", *blank, game_bonus, "0"],
        ["shutout", *blank, shutout, "0"],  # only ever on the winner's line
        ["total", *blank, total, "0"],
    ]


def test_export_csv_of_a_three_handed_match_says_who_sat_out(run: Run) -> None:
    ok(run("new", "Ann", "Ben", "Cid", "--dealer", "ann"))
    # The loser sits out, and the one who sat out deals the next hand to the winner; after a
    # wall the same two play again and the same dealer deals (RULES.md section 6).
    ok(run("knock", "ben", "2", "30"))  # 1 Ann deals, Ann v Ben, Cid out: Ben 28
    ok(run("wall"))  # 2 Cid deals, Ben v Cid, Ann out
    ok(run("gin", "ben", "20"))  # 3 Cid deals, Ben v Cid, Ann out: Ben 20+25 = 45 -> 73
    ok(run("knock", "ann", "4", "14"))  # 4 Ann deals, Ann v Ben, Cid out: Ann 10
    ok(run("knock", "ann", "1", "30"))  # 5 Cid deals, Ann v Cid, Ben out: Ann 29 -> 39
    ok(run("knock", "ben", "2", "31"))  # 6 Ben deals, Ann v Ben, Cid out: Ben 29 -> 102, wins
    rows = parse_csv(ok(run("export")))
    assert rows[0] == [*CSV_HEADER[:9], "Ann game 1", "Ben game 1", "Cid game 1", "sits_out"]
    assert rows[1:7] == [
        ["1", "Ann", "knock", "Ben", "2", "30", "Ben", "28", "1", "0", "28", "0", "Cid"],
        ["2", "Cid", "wall", "", "", "", "", "0", "", "0", "28", "0", "Ann"],
        ["3", "Cid", "gin", "Ben", "0", "20", "Ben", "45", "1", "0", "73", "0", "Ann"],
        ["4", "Ann", "knock", "Ann", "4", "14", "Ann", "10", "1", "10", "73", "0", "Cid"],
        ["5", "Cid", "knock", "Ann", "1", "30", "Ann", "29", "1", "39", "73", "0", "Ben"],
        ["6", "Ben", "knock", "Ben", "2", "31", "Ben", "29", "1", "39", "102", "0", "Cid"],
    ]
    # Settlement: Ann 39 + 2 boxes (4, 5) 50 = 89; Ben 102 + 3 boxes (1, 3, 6) 75 + 100 = 277;
    # Cid 0. Cid scored nothing: shut out, Cid pays Ben the game bonus once more, and Ben's
    # line is marked. Nets: Ben (277 - 89) + (277 - 0) + 100 = +565; Ann (89 - 277) + (89 -
    # 0) = -99; Cid (0 - 277) + (0 - 89) - 100 = -466.
    blank = [""] * 8
    assert rows[7:] == [
        ["boxes", *blank, "2", "3", "0", ""],
        ["box bonus", *blank, "50", "75", "0", ""],
        ["game bonus", *blank, "0", "100", "0", ""],
        ["shutout", *blank, "0", "1", "0", ""],
        ["total", *blank, "89", "277", "0", ""],
        ["net", *blank, "-99", "565", "-466", ""],
        ["match net", *blank, "-99", "565", "-466", ""],
        ["winner", "", "", "", "", "", "Ben", "", "", "", "", "", ""],
    ]


def test_export_csv_of_three_handed_oklahoma_has_the_upcard_then_who_sat_out(run: Run) -> None:
    ok(run("new", "Ann", "Ben", "Cid", "--preset", "oklahoma", "--dealer", "ann"))
    ok(run("knock", "ann", "2", "30", "--upcard", "7h"))  # 1 Ann v Ben, Cid out: 7 up, Ann 28
    rows = parse_csv(ok(run("export")))
    assert rows[0][9:] == ["Ann game 1", "Ben game 1", "Cid game 1", "upcard", "sits_out"]
    assert rows[1][:9] == ["1", "Ann", "knock", "Ann", "2", "30", "Ann", "28", "1"]
    assert rows[1][9:] == ["28", "0", "0", "7♥", "Cid"]


def test_export_to_file_refuses_to_overwrite(
    run: Run, tmp_path: Path, snapshot: Snapshot, store_dir: Path
) -> None:
    play_short_match(run)
    path = tmp_path / "evening.csv"
    result = run("export", "-o", path)
    assert ok(result) == ""  # nothing on stdout
    assert str(path) in result.stderr
    assert parse_csv(path.read_text(encoding="utf-8"))[0] == CSV_HEADER
    path.write_text("keep me", encoding="utf-8")
    before = snapshot(store_dir)
    refused(run("export", "--format", "json", "-o", path), 2, "already exists", "--force")
    assert path.read_text(encoding="utf-8") == "keep me"
    assert snapshot(store_dir) == before
    ok(run("export", "--format", "json", "--output", path, "--force"))
    assert json.loads(path.read_text(encoding="utf-8"))["players"] == [A, B]


@pytest.mark.parametrize(
    "language, said",
    [
        (
            "en",
            "Error: The folder evenings/2026 does not exist; make it first (mkdir -p "
            "evenings/2026), or name a file in a folder that exists.\n",
        ),
        (
            "de",
            "Fehler: Der Ordner evenings/2026 existiert nicht; legen Sie ihn zuerst an (mkdir -p "
            "evenings/2026) oder geben Sie eine Datei in einem vorhandenen Ordner an.\n",
        ),
        (
            "nl",
            "Fout: De map evenings/2026 bestaat niet; maak hem eerst aan (mkdir -p "
            "evenings/2026) of geef een bestand op in een map die bestaat.\n",
        ),
    ],
)
def test_export_into_a_folder_that_does_not_exist_says_to_make_it(
    run: Run,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    snapshot: Snapshot,
    store_dir: Path,
    language: str,
    said: str,
) -> None:
    play_short_match(run)
    monkeypatch.chdir(tmp_path)
    before = snapshot(tmp_path)
    result = run("--lang", language, "export", "-o", "evenings/2026/ann-bob.csv")
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", said)
    assert snapshot(tmp_path) == before


def test_export_into_a_folder_named_with_a_space_quotes_it_for_the_shell(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    play_short_match(run)
    monkeypatch.chdir(tmp_path)
    result = run("export", "-o", "card nights/ann-bob.csv")
    assert (result.exit_code, result.stderr) == (
        2,
        "Error: The folder card nights does not exist; make it first (mkdir -p 'card nights'), "
        "or name a file in a folder that exists.\n",
    )


def test_export_into_a_file_as_if_it_were_a_folder_is_refused(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    play_short_match(run)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("keep me", encoding="utf-8")
    result = run("--lang", "de", "export", "-o", "notes.txt/ann-bob.csv")
    assert (result.exit_code, result.stderr) == (
        2,
        "Fehler: notes.txt ist kein Ordner; geben Sie eine Datei in einem Ordner an.\n",
    )
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "keep me"


def test_export_to_a_folder_is_refused(run: Run, tmp_path: Path, store_dir: Path) -> None:
    """(Its own process: click names the kind of path in the language it was loaded in.)"""
    play_short_match(run)
    (tmp_path / "evenings").mkdir()
    for force in ([], ["--force"]):
        result = process(
            store_dir, "--lang", "de", "export", "-o", "evenings", *force, cwd=tmp_path
        )
        assert (result.returncode, result.stderr) == (
            2,
            "Fehler: Ungültiger Wert für '-o' / '--output': Datei 'evenings' ist ein Verzeichnis. "
            "Aufruf: scorekeeper export [OPTIONEN] [PARTIE] (mehr unter 'scorekeeper export "
            "--help')\n",
        )
    assert list((tmp_path / "evenings").iterdir()) == []


def test_export_into_a_read_only_folder_says_why_in_the_language_and_writes_nothing(
    run: Run, tmp_path: Path
) -> None:
    play_short_match(run)
    folder = tmp_path / "evenings"
    folder.mkdir()
    with read_only(folder):
        result = run("--lang", "de", "export", "-o", folder / "ann-bob.csv")
    reason = "Vorgang nicht zulässig" if os.geteuid() == 0 else "Keine Berechtigung"  # chattr +i
    assert (result.exit_code, result.stderr) == (
        1,
        f"Fehler: {folder}/ann-bob.csv kann nicht geschrieben werden: {reason}. Es wurde nichts "
        "geändert; prüfen Sie die Zugriffsrechte und den freien Platz des Ordners.\n",
    )
    assert list(folder.iterdir()) == []


def test_export_json_import_round_trip_with_undo_and_amend(run: Run, tmp_path: Path) -> None:
    ok(run("new", "Zoë", B, "--dealer", "bob", "--preset", "pagat", "--target", "60"))
    ok(run("knock", "bob", "5", "15"))
    ok(run("gin", "zo", "20"))
    ok(run("wall"))
    ok(run("knock", "bob", "3", "3"))
    ok(run("undo"))
    ok(run("amend", "1", "knock", "bob", "4", "22"))
    ok(run("knock", "zo", "2", "12", "--match", "1"))
    original = sheet(run)
    path = tmp_path / "match.json"
    ok(run("export", "--format", "json", "-o", path))
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert exported["players"] == ["Zoë", B]
    assert exported["first_dealer"] == B
    assert len(exported["hands"]) == 6  # 5 entered + the replacement
    assert [h["status"] for h in exported["hands"]] == [
        "replaced",
        "in force",
        "in force",
        "voided",
        "in force",
        "in force",
    ]
    assert ok(run("import", path)) == (
        f"{path} is match 1 (Zoë v Bob), as the store holds it already; nothing was changed.\n"
    )
    out = ok(run("import", "--as-new", path))
    assert "as match 2" in out
    copy = sheet(run)
    assert copy["id"] == 2
    assert {**copy, "id": 1} == original
    # Voided and replaced hands survive the round trip.
    log_1 = ok(run("log", "1", "--all")).splitlines()
    log_2 = ok(run("log", "2", "--all")).splitlines()
    assert log_1[0].replace("Match 1", "Match 2") == log_2[0]
    assert log_1[1:] == log_2[1:]
    assert "voided" in "".join(log_2) and "replaced" in "".join(log_2)
    # A finished match too.
    play_short_match(run)
    finished = sheet(run)
    ok(run("export", "--format", "json", "-o", tmp_path / "short.json"))
    ok(run("import", "--as-new", tmp_path / "short.json"))
    assert {**sheet(run), "id": finished["id"]} == finished


# The current match, --match/-m, the MATCH argument, stores


def test_match_option_and_argument_select_a_non_current_match(run: Run) -> None:
    new_match(run)  # match 1
    ok(run("new", "Ann", "Ben", "--dealer", "ann"))  # match 2, current
    ok(run("knock", "bob", "5", "15", "--match", "1"))
    ok(run("gin", "-m", "1", "al", "20"))
    ok(run("wall", "-m", "1"))
    ok(run("knock", "-m", "1", "bob", "3", "3"))
    ok(run("undo", "-m", "1"))
    ok(run("amend", "-m", "1", "3", "knock", "al", "2", "9"))
    ok(run("record", "-m", "1", input="wall\ny\n"))
    one = sheet(run, "1")
    assert [r["kind"] for r in one["rounds"]] == ["knock", "gin", "knock", "wall"]
    assert sheet(run)["id"] == 2 and sheet(run)["rounds"] == []
    assert "Bob knocks 5 v 15" in ok(run("log", "1"))
    assert "Bob knocks 5 v 15" not in ok(run("log"))
    assert parse_csv(ok(run("export", "1")))[0][9] == "Alexandra game 1"
    assert parse_csv(ok(run("export")))[0][9] == "Ann game 1"
    assert json.loads(ok(run("export", "1", "--format", "json")))["players"] == [A, B]
    assert "Rules of match 1" in ok(run("rules", "1"))
    assert "Match 1: Alexandra v Bob" in ok(run("show", "1"))
    # Still current: match 2.
    assert ok(run("matches")).splitlines()[2].startswith("*2")


def test_env_var_works_like_db(tmp_path: Path) -> None:
    store = tmp_path / "from-env"
    runner = CliRunner()
    result = runner.invoke(
        cli, ["new", A, B, "--dealer", "bob"], env={"SCOREKEEPER_DB": str(store)}
    )
    ok(result)
    assert (store / "matches").is_dir()
    ok(runner.invoke(cli, ["knock", "al", "2", "20"], env={"SCOREKEEPER_DB": str(store)}))
    shown = runner.invoke(cli, ["--db", str(store), "show", "--json"], env={"SCOREKEEPER_DB": None})
    assert json.loads(ok(shown))["rounds"][0]["winner"] == A


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG_DATA_HOME is Linux's")
def test_default_store_is_in_the_user_data_directory(tmp_path: Path) -> None:
    env = {"SCOREKEEPER_DB": None, "XDG_DATA_HOME": str(tmp_path / "xdg")}
    ok(CliRunner().invoke(cli, ["new", A, B], env=env))
    assert (tmp_path / "xdg" / "scorekeeper" / "matches" / "1.json").is_file()


@pytest.mark.parametrize(
    "home, data",
    [
        ("/home/ann", None),
        ("/home/ann/", None),
        ("/home/ann", "/srv/data"),
        ("/home/ann", "/srv/data/"),
        ("/home/ann", ""),
        ("/home/ann", "relative/data"),
        ("relative-home", None),
        ("", "/srv/data"),
        (None, None),
    ],
)
def test_the_default_store_is_where_platformdirs_puts_user_data(
    monkeypatch: pytest.MonkeyPatch, home: str | None, data: str | None
) -> None:
    """Where the store's folder is worked out without platformdirs, it is platformdirs' own."""
    import platformdirs

    from scorekeeper.paths import default_store

    for name, value in (("HOME", home), ("XDG_DATA_HOME", data)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert default_store() == platformdirs.user_data_dir("scorekeeper", appauthor=False)


def test_an_empty_db_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["--db", "", "matches"], env={"SCOREKEEPER_DB": None})
    refused(result, 2, "--db needs a directory")


def test_two_stores_never_share_data(tmp_path: Path) -> None:
    runner = CliRunner()

    def in_store(name: str, *args: str) -> Result:
        return runner.invoke(
            cli, ["--db", str(tmp_path / name), *args], env={"SCOREKEEPER_DB": None}
        )

    ok(in_store("one", "new", A, B, "--dealer", "al"))
    ok(in_store("one", "knock", "bob", "5", "15"))
    assert "No matches yet" in ok(in_store("two", "matches"))
    refused(in_store("two", "show"), 1, "no current match")
    refused(in_store("two", "show", "1"), 1, "no match 1")
    ok(in_store("two", "new", "Ann", "Ben"))
    assert json.loads(ok(in_store("two", "show", "--json")))["players"] == ["Ann", "Ben"]
    assert json.loads(ok(in_store("one", "show", "--json")))["players"] == [A, B]
    assert "Ann" not in ok(in_store("one", "matches"))


@pytest.mark.skipif(os.name == "nt", reason="uses fcntl")
def test_a_writer_waits_for_the_lock(run: Run, store_dir: Path, snapshot: Snapshot) -> None:
    import fcntl

    new_match(run)
    fd = os.open(store_dir, os.O_RDONLY)  # the lock is the store directory itself
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        before = snapshot(store_dir)
        started = time.monotonic()
        result = run("knock", "bob", "5", "15", env={"SCOREKEEPER_LOCK_TIMEOUT": "0.2"})
        assert time.monotonic() - started >= 0.2
        refused(result, 1, f"the lock on the store {store_dir}")
        assert snapshot(store_dir) == before
        # Released while the writer waits: it proceeds.
        threading.Timer(0.1, fcntl.flock, (fd, fcntl.LOCK_UN)).start()
        ok(run("knock", "bob", "5", "15", env={"SCOREKEEPER_LOCK_TIMEOUT": "5"}))
    finally:
        os.close(fd)
    assert len(sheet(run)["rounds"]) == 1


# record, interactively


def test_record_knock(run: Run) -> None:
    new_match(run)
    result = run("record", input="knock\nbo\n5\n15\ny\n")
    out = ok(result)
    assert "Hand 1 of match 1: Alexandra v Bob, Alexandra dealt." in out
    assert "How did the hand end? [knock/gin/wall/big gin] (u: undo, q: quit):" in out
    assert "Record this hand? [Y/n]:" in out
    assert "Hand 1: Bob knocks 5 v 15 -> Bob +10 in Game 1" in out
    assert "Alexandra deals next.\n\nHand 2 of match 1" in out  # the next hand is asked for
    assert sheet(run)["rounds"] == [won_round(1, A, B, 5, 15, B, 10, [1])]


def test_record_asks_again_on_bad_answers(run: Run) -> None:
    new_match(run)
    result = run("record", input="knok\nknock\nzed\nal\n\nlots\n-1\n11\n5\n99\n15\ny\n")
    out = ok(result)
    assert out.count("How did the hand end?") == 3  # twice for hand 1, once for hand 2
    assert "'knok' is not how a hand ends; answer knock, gin, wall or big gin." in out
    assert out.count("Who knocked?") == 2
    assert "'zed' is not a player" in out
    # An empty answer, "lots", -1 and 11 (over the knock limit) are each asked again.
    assert out.count("Alexandra's deadwood (1-10; 0 if it was gin)") == 5
    assert "'lots' is not a number: Alexandra's deadwood is a whole number from 0 to 10." in out
    assert "Alexandra's deadwood must be from 0 to 10, not -1." in out
    assert "Alexandra's deadwood must be from 0 to 10, not 11." in out
    assert out.count("Bob's deadwood after lay-offs (0-98)") == 2
    assert "Bob's deadwood must be from 0 to 98, not 99." in out
    assert sheet(run)["rounds"] == [won_round(1, A, A, 5, 15, A, 10, [1])]


def test_record_other_outcomes(run: Run) -> None:
    new_match(run)
    ok(run("record", input="gin\nal\n20\ny\n"))  # 1 A 20+25 = 45
    ok(run("record", input="big gin\nbob\n10\n\n"))  # 2 B 10+31 = 41 (Enter = yes)
    ok(run("record", input="wall\ny\n"))  # 3 wall
    ok(run("record", input="knock\nbob\n0\n12\ny\n"))  # 4 kd 0 is gin: 12+25 = 37
    ok(run("record", input="knock\nbob\n7\n7\ny\n"))  # 5 undercut: A 0+25 = 25
    assert [(r["kind"], r["winner"], r["points"]) for r in sheet(run)["rounds"]] == [
        ("gin", A, 45),
        ("big_gin", B, 41),
        ("wall", None, 0),
        ("gin", B, 37),
        ("undercut", A, 25),
    ]


def test_record_asks_again_on_an_ambiguous_prefix(run: Run) -> None:
    ok(run("new", "Alexandra", "Alan", "--dealer", "alan"))
    out = ok(run("record", input="gin\nal\nalex\n20\ny\n"))
    assert "'al' could be Alexandra or Alan" in out
    assert out.count("Who went gin?") == 2
    assert sheet(run)["rounds"][0]["winner"] == "Alexandra"


def test_record_without_big_gin(run: Run) -> None:
    new_match(run, "--big-gin-bonus", "0")
    out = ok(run("record", input="big gin\ngin\nbob\n10\ny\n"))
    assert "[knock/gin/wall] (u: undo, q: quit):" in out
    assert "'big gin' is not how a hand ends; answer knock, gin or wall." in out
    assert sheet(run)["rounds"][0]["kind"] == "gin"


def test_record_answer_no_records_nothing(run: Run, snapshot: Snapshot, store_dir: Path) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))
    before = snapshot(store_dir)
    out = ok(run("record", input="gin\nal\n20\nn\n"))
    assert "Hand 2: Alexandra goes gin v 20 -> Alexandra +45 in Game 1" in out
    assert "Nothing was recorded." in out
    assert snapshot(store_dir) == before


def test_record_refused_after_the_match(run: Run, snapshot: Snapshot, store_dir: Path) -> None:
    new_match(run, "--target", "10", "--end-after-first-game")
    ok(run("knock", "bob", "2", "30"))
    before = snapshot(store_dir)
    result = run("record", input="wall\ny\n")
    refused(result, 1, "over")
    assert "How did the hand end?" not in result.output
    assert snapshot(store_dir) == before


def test_record_shows_the_player_choices(run: Run) -> None:
    new_match(run)
    out = ok(run("record", input="knock\nbo\n5\n15\ny\n"))
    question = next(line for line in out.splitlines() if line.startswith("Who knocked?"))
    assert A in question and B in question


# The bad-input matrix


def _sample_export(**changes: Any) -> dict[str, Any]:
    """A valid export (A v B, default rules, target 100) with some fields changed."""
    data = {
        "format": "scorekeeper-match",
        "version": 1,
        "players": [A, B],
        "rules": DEFAULT_RULES,
        "first_dealer": A,
        "created": "2026-01-01T20:00:00+01:00",
        "hands": [{"entry": "knock", "knocker": B, "knocker_deadwood": 5, "opponent_deadwood": 15}],
    }
    data.update(changes)
    return data


def _write(name: str, content: str | bytes | dict[str, Any]) -> Callable[[Path], list[str]]:
    """Args for ``import FILE`` after writing ``content`` to FILE in the test's directory."""

    def prepare(directory: Path) -> list[str]:
        path = directory / name
        if isinstance(content, dict):
            path.write_text(json.dumps(content), encoding="utf-8")
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return ["import", str(path)]

    return prepare


def _over_1mb_utf8() -> bytes:
    """An export just over 1 MB whose byte 1,000,000 is the first byte of an "é"."""
    head = b'{"format": "scorekeeper-match", "version": 1, "description": "'
    return head + b"x" * (1_000_000 - len(head)) + "é".encode() * 10 + b'"}'


def _existing_output(directory: Path) -> list[str]:
    (directory / "taken.csv").write_text("mine", encoding="utf-8")
    return ["export", "-o", str(directory / "taken.csv")]


STANDARD = [["new", A, B, "--dealer", "al"], ["knock", "bob", "5", "15"]]
AL_ALAN = [["new", "Alexandra", "Alan", "--dealer", "alan"]]
FINISHED = [
    ["new", "Ann", "Ben", "--target", "10", "--columns", "2"],
    ["knock", "ann", "1", "20"],
    ["knock", "ann", "1", "20"],
]
SHORT_3 = [
    ["new", A, B, "--target", "50", "--end-after-first-game"],
    ["knock", "bob", "2", "20"],
    ["knock", "al", "2", "20"],
    ["knock", "bob", "2", "20"],
]


@dataclass
class Bad:
    id: str
    setup: list[list[str]]
    args: list[str] | Callable[[Path], list[str]]
    code: int
    fragments: Sequence[str] = ()
    input: str | None = None
    marks: list[Any] = field(default_factory=list)


BAD = [
    # Deadwood
    Bad(
        "deadwood-99",
        STANDARD,
        ["knock", "bob", "5", "99"],
        2,
        ["the opponent's deadwood must be from 0 to 98, not 99"],
    ),
    Bad("knocker-deadwood-99", STANDARD, ["knock", "bob", "99", "5"], 2, ["99"]),
    Bad("gin-deadwood-99", STANDARD, ["gin", "bob", "99"], 2, ["99"]),
    Bad("negative-deadwood", STANDARD, ["knock", "bob", "--", "5", "-3"], 2, ["-3"]),
    Bad("negative-deadwood-no-dashes", STANDARD, ["knock", "bob", "5", "-3"], 2, ["-3"]),
    Bad("non-number-deadwood", STANDARD, ["knock", "bob", "five", "15"], 2, ["'five'"]),
    Bad("non-number-gin-deadwood", STANDARD, ["gin", "bob", "1.5"], 2, ["1.5"]),
    Bad("knock-over-limit", STANDARD, ["knock", "bob", "11", "30"], 2, ["knock limit is 10"]),
    Bad(
        "knock-over-custom-limit",
        [["new", A, B, "--knock-limit", "5"]],
        ["knock", "bob", "6", "30"],
        2,
        ["knock limit is 5"],
    ),
    Bad(
        "undercut-contradicts-counts",
        STANDARD,
        ["knock", "bob", "3", "30", "--undercut"],
        2,
        ["3 v 30 is not an undercut"],
    ),
    Bad(
        "undercut-on-gin",
        STANDARD,
        ["knock", "bob", "0", "0", "--undercut"],
        2,
        ["not an undercut", "gin cannot be undercut"],
    ),
    Bad(
        "amend-undercut-contradicts",
        STANDARD,
        ["amend", "1", "knock", "bob", "3", "30", "--undercut"],
        2,
        ["not an undercut"],
    ),
    Bad(
        "big-gin-switched-off",
        [["new", A, B, "--big-gin-bonus", "0"]],
        ["gin", "bob", "10", "--big"],
        2,
        ["big gin is not played"],
    ),
    Bad("missing-argument", STANDARD, ["knock", "bob", "5"], 2, ["Give both deadwood counts"]),
    Bad("unknown-command", STANDARD, ["frobnicate"], 2, ["frobnicate"]),
    Bad(
        "amend-unknown-outcome",
        STANDARD,
        ["amend", "1", "undercut", "bob", "5", "3"],
        2,
        ["undercut"],
    ),
    # Players
    Bad(
        "unknown-player",
        STANDARD,
        ["knock", "zed", "3", "30"],
        2,
        ["'zed' is not a player", "Alexandra", "Bob"],
    ),
    Bad("unknown-player-gin", STANDARD, ["gin", "zed", "3"], 2, ["'zed' is not a player"]),
    Bad("empty-player", STANDARD, ["knock", "", "3", "30"], 2, ["is not a player"]),
    Bad(
        "ambiguous-prefix",
        AL_ALAN,
        ["knock", "al", "3", "30"],
        2,
        ["'al' could be Alexandra or Alan"],
    ),
    Bad(
        "ambiguous-prefix-amend",
        AL_ALAN + [["wall"]],
        ["amend", "1", "gin", "AL", "3"],
        2,
        ["could be"],
    ),
    Bad("ambiguous-dealer", [], ["new", "Alexandra", "Alan", "--dealer", "al"], 2, ["could be"]),
    Bad(
        "ambiguous-prefix-exact-elsewhere",
        [["new", "Al", "Alan"]],
        ["knock", "a", "3", "30"],
        2,
        ["'a' could be Al or Alan"],
    ),
    Bad(
        "unknown-dealer",
        [],
        ["new", A, B, "--dealer", "zed"],
        2,
        ["'zed' is not one of the players: name Alexandra or Bob"],
    ),
    # Names
    Bad("same-names-ignoring-case", [], ["new", "bob", "BOB"], 2, ["both players"]),
    Bad("same-names-casefold", [], ["new", "Straße", "STRASSE"], 2, ["both players"]),
    Bad("empty-name", [], ["new", "", B], 2, ["cannot be empty"]),
    Bad("blank-name", [], ["new", A, "   "], 2, ["cannot be empty"]),
    Bad("name-over-40", [], ["new", "x" * 41, B], 2, ["longer than 40"]),
    Bad("name-control-character", [], ["new", "Bo\x07b", A], 2, ["control character"]),
    Bad("name-newline", [], ["new", A, "Bo\nb"], 2, ["control character"]),
    Bad("name-escape-sequence", [], ["new", A, "\x1b[31mBob"], 2, ["control character"]),
    # Rule options
    Bad("target-5", [], ["new", A, B, "--target", "5"], 2, ["--target", "10 to 1000"]),
    Bad("columns-4", [], ["new", A, B, "--columns", "4"], 2, ["--columns"]),
    Bad(
        "knock-limit-11", [], ["new", A, B, "--knock-limit", "11"], 2, ["--knock-limit", "1 to 10"]
    ),
    Bad("knock-limit-0", [], ["new", A, B, "--knock-limit", "0"], 2, ["--knock-limit"]),
    Bad("gin-bonus-negative", [], ["new", A, B, "--gin-bonus", "-1"], 2, ["--gin-bonus"]),
    Bad("box-bonus-not-a-number", [], ["new", A, B, "--box-bonus", "ten"], 2, ["ten"]),
    Bad(
        "unknown-preset",
        [],
        ["new", A, B, "--preset", "nope"],
        2,
        ["unknown preset 'nope'", "standard", "pagat"],
    ),
    Bad("unknown-shutout", [], ["new", A, B, "--shutout", "double"], 2, ["'double'"]),
    Bad("unknown-next-dealer", [], ["new", A, B, "--next-dealer", "nobody"], 2, ["'nobody'"]),
    # State of the match
    Bad("knock-after-match-ended", FINISHED, ["knock", "ben", "1", "20"], 1, ["is over"]),
    Bad("gin-after-match-ended", FINISHED, ["gin", "ben", "20"], 1, ["is over"]),
    Bad("wall-after-match-ended", FINISHED, ["wall"], 1, ["is over"]),
    Bad("record-after-match-ended", FINISHED, ["record"], 1, ["is over"], input="wall\ny\n"),
    Bad("amend-missing-hand", STANDARD, ["amend", "9", "wall"], 2, ["no hand 9"]),
    Bad("amend-missing-hand-finished", FINISHED, ["amend", "9", "wall"], 2, ["no hand 9"]),
    Bad(
        "amend-bad-hand-finished",
        FINISHED,
        ["amend", "1", "knock", "ann", "11", "20"],
        2,
        ["knock limit"],
    ),
    Bad("amend-hand-0", STANDARD, ["amend", "0", "wall"], 2, ["no hand 0"]),
    Bad("amend-negative-hand", STANDARD, ["amend", "--", "-1", "wall"], 2, ["-1"]),
    Bad(
        "amend-ends-match-early",
        SHORT_3,
        ["amend", "1", "gin", "bob", "98", "--big"],
        1,
        ["end the match"],
    ),
    Bad("nothing-to-undo", [["new", A, B]], ["undo"], 1, ["no hand to undo"]),
    Bad("no-current-match-knock", [], ["knock", "bob", "5", "15"], 1, ["no current match"]),
    Bad("no-current-match-show", [], ["show"], 1, ["no current match"]),
    Bad("no-current-match-undo", [], ["undo"], 1, ["no current match"]),
    Bad("no-current-match-record", [], ["record"], 1, ["no current match"], input="wall\ny\n"),
    Bad("no-current-match-export", [], ["export"], 1, ["no current match"]),
    Bad("unknown-match-show", STANDARD, ["show", "7"], 1, ["no match 7"]),
    Bad("unknown-match-use", STANDARD, ["use", "7"], 1, ["no match 7"]),
    Bad("unknown-match-knock", STANDARD, ["knock", "-m", "7", "bob", "5", "15"], 1, ["no match 7"]),
    Bad("unknown-match-log", STANDARD, ["log", "7"], 1, ["no match 7"]),
    Bad("unknown-match-empty-store", [], ["use", "1"], 1, ["no match 1"]),
    Bad("match-id-not-a-number", STANDARD, ["show", "one"], 2, ["'one'"]),
    # import and export
    Bad(
        "import-missing-file",
        STANDARD,
        ["import", "/nonexistent/match.json"],
        2,
        ["cannot read", "/nonexistent/match.json"],
    ),
    Bad(
        "import-invalid-json",
        STANDARD,
        _write("bad.json", "{not json"),
        2,
        ["bad.json", "not valid JSON"],
    ),
    Bad("import-not-utf8", STANDARD, _write("bytes.json", b"\xff\xfe\x00\x01"), 2, ["bytes.json"]),
    Bad(
        "import-json-list",
        STANDARD,
        _write("list.json", "[1, 2, 3]"),
        2,
        ["not a scorekeeper match export"],
    ),
    Bad(
        "import-wrong-version",
        STANDARD,
        _write("v9.json", _sample_export(version=9)),
        2,
        ["version 9"],
    ),
    Bad(
        "import-players-wrong-shape",
        STANDARD,
        _write("players.json", _sample_export(players="Alexandra and Bob")),
        2,
        ["'players'"],
    ),
    Bad(
        "import-hands-wrong-shape",
        STANDARD,
        _write("hands.json", _sample_export(hands={"1": "knock"})),
        2,
        ["'hands'"],
    ),
    Bad(
        "import-unknown-rule",
        STANDARD,
        _write("rule.json", _sample_export(rules={"target": 100, "jokers": 2})),
        2,
        ["jokers"],
    ),
    Bad(
        "import-hand-over-knock-limit",
        STANDARD,
        _write(
            "limit.json",
            _sample_export(
                hands=[
                    {
                        "entry": "knock",
                        "knocker": B,
                        "knocker_deadwood": 11,
                        "opponent_deadwood": 30,
                    }
                ]
            ),
        ),
        2,
        ["knock limit"],
    ),
    Bad(
        "import-unknown-knocker",
        STANDARD,
        _write(
            "zed.json",
            _sample_export(
                hands=[
                    {
                        "entry": "gin",
                        "knocker": "Zed",
                        "knocker_deadwood": 0,
                        "opponent_deadwood": 3,
                    }
                ]
            ),
        ),
        2,
        ["'Zed' is not a player"],
    ),
    Bad(
        "import-deadwood-99",
        STANDARD,
        _write(
            "99.json",
            _sample_export(
                hands=[
                    {"entry": "gin", "knocker": B, "knocker_deadwood": 0, "opponent_deadwood": 99}
                ]
            ),
        ),
        2,
        ["99"],
    ),
    Bad(
        "import-hand-after-the-end",
        STANDARD,
        _write(
            "after.json",
            _sample_export(
                rules={**DEFAULT_RULES, "target": 10, "end_after_first_game": True},
                hands=[
                    {"entry": "gin", "knocker": B, "knocker_deadwood": 0, "opponent_deadwood": 3},
                    {"entry": "wall"},
                ],
            ),
        ),
        2,
        ["ended with hand 1"],
    ),
    Bad(
        "import-over-1MB",
        STANDARD,
        _write("big.json", _sample_export(description="x" * 1_000_001)),
        2,
        ["larger than 1000000 bytes"],
    ),
    Bad(
        "import-over-1MB-non-ascii",
        STANDARD,
        _write("big-utf8.json", _over_1mb_utf8()),
        2,
        ["larger than 1000000 bytes"],
    ),
    Bad(
        "import-a-directory",
        STANDARD,
        lambda directory: ["import", str(directory)],
        2,
        ["directory"],
    ),
    Bad("export-over-existing-file", STANDARD, _existing_output, 2, ["already exists", "--force"]),
    Bad("export-unknown-format", STANDARD, ["export", "--format", "xlsx"], 2, ["'xlsx'"]),
]


@pytest.mark.parametrize("case", [pytest.param(case, id=case.id, marks=case.marks) for case in BAD])
def test_bad_input_is_refused_and_changes_nothing(
    case: Bad, run: Run, store_dir: Path, snapshot: Snapshot
) -> None:
    for args in case.setup:
        ok(run(*args))
    args = case.args(store_dir.parent) if callable(case.args) else case.args
    extra_files = {p: p.read_bytes() for p in store_dir.parent.iterdir() if p.is_file()}
    before = snapshot(store_dir)
    result = run(*args, input=case.input)
    refused(result, case.code, *case.fragments)
    assert snapshot(store_dir) == before
    # Files outside the store (import sources, an existing export target) are untouched too.
    assert {p: p.read_bytes() for p in extra_files} == extra_files


def test_refused_import_keeps_the_case_of_the_path(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.json").write_text("{not json", encoding="utf-8")
    error = refused(run("import", "notes.json"), 2, "not valid JSON")
    assert "notes.json" in error


@pytest.mark.parametrize(
    "language, said",
    [
        ("en", "Error: notes.json cannot be imported: it is not valid JSON (line 3, column 3).\n"),
        (
            "de",
            "Fehler: notes.json kann nicht importiert werden: es ist kein gültiges JSON "
            "(Zeile 3, Spalte 3).\n",
        ),
        (
            "nl",
            "Fout: notes.json kan niet worden geïmporteerd: het is geen geldige JSON "
            "(regel 3, kolom 3).\n",
        ),
    ],
)
def test_a_file_that_is_not_json_is_refused_with_its_line_and_column_in_the_language(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, said: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.json").write_text('{\n  "format": "scorekeeper-match",\n  players: []\n}')
    result = run("--lang", language, "import", "notes.json")
    assert (result.exit_code, result.stderr) == (2, said)


@pytest.mark.parametrize(
    "content, said",
    [
        (b"\xef\xbb\xbf{}", "it is not valid JSON (line 1, column 1)"),  # a byte-order mark
        (b'{"format": "caf\xe9"}', "it is not UTF-8 text (byte 16)"),
        (b"", "it is not valid JSON (line 1, column 1)"),
    ],
)
def test_a_file_that_is_not_utf8_json_is_refused_saying_where(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes, said: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.json").write_bytes(content)
    result = run("import", "notes.json")
    assert (result.exit_code, result.stderr) == (
        2,
        f"Error: notes.json cannot be imported: {said}.\n",
    )


def test_store_error_keeps_a_relative_path_as_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    env = {"SCOREKEEPER_DB": None}
    ok(runner.invoke(cli, ["--db", "store", "new", A, B], env=env))
    _truncate(tmp_path / "store" / "matches" / "1.json")
    error = refused(runner.invoke(cli, ["--db", "store", "show"], env=env), 1, "damaged")
    assert "store/matches/1.json" in error.replace(os.sep, "/")


def test_refused_command_does_not_create_a_store(run: Run, store_dir: Path) -> None:
    refused(run("knock", "bob", "5", "15"), 1, "no current match")
    assert not store_dir.exists()


# Corrupt or odd stores


def _truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _random_bytes(path: Path) -> None:
    path.write_bytes(b"\xff\xfe\x00" + random.Random(7).randbytes(300))


def _json_list(path: Path) -> None:
    path.write_text("[1, 2, 3]", encoding="utf-8")


def _tinydb_without_players(path: Path) -> None:
    path.write_text(
        json.dumps({"meta": {"1": {"schema": 1}}, "match": {"1": {"id": 1, "first_dealer": "A"}}}),
        encoding="utf-8",
    )


def _tinydb_hand_not_object(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["hands"]["1"] = 5
    path.write_text(json.dumps(data), encoding="utf-8")


def _impossible_hand(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["hands"]["1"]["opponent_deadwood"] = 120
    path.write_text(json.dumps(data), encoding="utf-8")


def _newer_schema(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["meta"]["1"]["schema"] = 99
    path.write_text(json.dumps(data), encoding="utf-8")


def _no_schema(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["meta"]
    path.write_text(json.dumps(data), encoding="utf-8")


CORRUPTIONS = {
    "truncated": _truncate,
    "random-bytes": _random_bytes,
    "json-list": _json_list,
    "no-players": _tinydb_without_players,
    "hand-not-an-object": _tinydb_hand_not_object,
    "impossible-hand": _impossible_hand,
    "newer-schema": _newer_schema,
    "no-schema": _no_schema,
}
MATCH_COMMANDS = {
    "show": ["show"],
    "show-json": ["show", "--json"],
    "log": ["log", "--all"],
    "knock": ["knock", "bob", "3", "20"],
    "undo": ["undo"],
    "amend": ["amend", "1", "wall"],
    "export": ["export", "--format", "json"],
    "matches": ["matches"],
    "use": ["use", "1"],
    "rules": ["rules"],
    "record": ["record"],
}


@pytest.mark.parametrize("command", list(MATCH_COMMANDS))
@pytest.mark.parametrize("corruption", list(CORRUPTIONS))
def test_corrupt_match_file(
    run: Run, store_dir: Path, snapshot: Snapshot, corruption: str, command: str
) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))  # an open match: not in the index
    path = store_dir / "matches" / "1.json"
    CORRUPTIONS[corruption](path)
    before = snapshot(store_dir)
    refused(run(*MATCH_COMMANDS[command], input="wall\ny\n"), 1, str(path))
    assert snapshot(store_dir) == before


STATE_COMMANDS = {
    "show": ["show"],
    "knock": ["knock", "bob", "3", "20"],
    "matches": ["matches"],
    "use": ["use", "1"],
    "new": ["new", "Ann", "Ben"],
    "import": ["import", "__export__"],
}


@pytest.mark.parametrize("command", list(STATE_COMMANDS))
@pytest.mark.parametrize(
    "corruption", ["truncated", "random-bytes", "json-list", "newer-schema", "no-schema"]
)
def test_corrupt_store_file(
    run: Run, store_dir: Path, snapshot: Snapshot, tmp_path: Path, corruption: str, command: str
) -> None:
    new_match(run)
    ok(run("export", "--format", "json", "-o", tmp_path / "export.json"))
    path = store_dir / "store.json"
    CORRUPTIONS[corruption](path)
    before = snapshot(store_dir)
    args = [
        str(tmp_path / "export.json") if a == "__export__" else a for a in STATE_COMMANDS[command]
    ]
    refused(run(*args), 1, str(path))
    assert snapshot(store_dir) == before


@pytest.mark.parametrize("command", ["show", "matches"])
def test_store_file_row_not_an_object(
    run: Run, store_dir: Path, snapshot: Snapshot, command: str
) -> None:
    new_match(run)
    path = store_dir / "store.json"
    path.write_text(json.dumps({"meta": {"1": {"schema": 1}}, "store": {"1": 5}}), encoding="utf-8")
    before = snapshot(store_dir)
    refused(run(command), 1, str(path))
    assert snapshot(store_dir) == before


def test_store_file_current_of_the_wrong_type(run: Run, store_dir: Path) -> None:
    new_match(run)
    path = store_dir / "store.json"
    path.write_text(
        json.dumps({"meta": {"1": {"schema": 1}}, "store": {"1": {"current": "x"}}}),
        encoding="utf-8",
    )
    refused(run("show"), 1, str(path))


@pytest.mark.parametrize(
    "command",
    [
        ["show"],
        ["new", A, B],
        ["matches"],
        ["knock", "bob", "3", "20"],
        ["use", "1"],
        ["log"],
        ["import", "__export__"],
    ],
)
def test_db_pointing_at_a_regular_file(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(b"my shopping list\n")
    export = tmp_path / "export.json"
    export.write_text(json.dumps(_sample_export()), encoding="utf-8")
    args = [str(export) if a == "__export__" else a for a in command]
    result = CliRunner().invoke(cli, ["--db", str(path), *args], env={"SCOREKEEPER_DB": None})
    refused(result, 1, str(path))
    assert path.read_bytes() == b"my shopping list\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["export.json", "notes.txt"]


# Hostile names


HOSTILE = "[bold red]x[/]"


def test_markup_in_a_name_is_shown_literally(run: Run) -> None:
    ok(run("new", HOSTILE, "[link=http://e.vil]Bob[/link]", "--dealer", "[b", "--target", "20"))
    report = ok(run("knock", "[bold", "3", "20"))
    assert f"Hand 1: {HOSTILE} knocks 3 v 20 -> {HOSTILE} +17 in Game 1" in report
    assert f"  {HOSTILE}" in report
    # 2 x gin v 0: 25 [1, 2] -> G1 42 ends.
    report = ok(run("gin", "[bold", "0"))
    assert f"*** GAME 1 WON BY {HOSTILE}, 42 to 0" in report
    shown = ok(run("show"))
    assert f"Match 1: {HOSTILE} v [link=http://e.vil]Bob[/link]" in shown
    assert f"Game 1: won by {HOSTILE}" in shown
    log = ok(run("log"))
    assert f"{HOSTILE} knocks 3 v 20" in log
    assert HOSTILE in ok(run("log", "--all"))
    assert f"{HOSTILE} v [link=http://e.vil]Bob[/link]" in ok(run("matches"))
    assert sheet(run)["players"] == [HOSTILE, "[link=http://e.vil]Bob[/link]"]
    assert ok(run("undo")).startswith(f"Voided Hand 2: {HOSTILE} goes gin v 0")


def _cells(rows: list[list[str]]) -> list[str]:
    return [cell for row in rows for cell in row]


def test_csv_neutralises_formula_names(run: Run) -> None:
    p1, p2 = '=HYPERLINK("x")', "+1"
    ok(run("new", p1, p2, "--dealer", "+", "--columns", "2", "--target", "10"))
    ok(run("knock", "+", "2", "30"))  # 1 +1 deals; +1 28 [1] -> G1 ends (28 v 0)
    ok(run("knock", "=", "5", "3"))  # 2 =H deals (loser); undercut: +1 5-3+25=27 -> G2 [2]
    rows = parse_csv(ok(run("export")))
    q1, q2 = "'" + p1, "'" + p2
    assert rows[0][9:] == [f"{q1} game 1", f"{q1} game 2", f"{q2} game 1", f"{q2} game 2"]
    assert rows[1] == ["1", q2, "knock", q2, "2", "30", q2, "28", "1", "0", "0", "28", "0"]
    assert rows[2] == ["2", q1, "undercut", q1, "5", "3", q2, "27", "2", "0", "0", "28", "27"]
    # Settlement: +1 G1 28 + 25 + 2x100 (shutout) = 253; G2 27 + 25 + 200 = 252. =H 0 and 0.
    blank = [""] * 8
    assert rows[3:] == [
        ["boxes", *blank, "0", "0", "1", "1"],
        ["box bonus", *blank, "0", "0", "25", "25"],
        ["game bonus", *blank, "0", "0", "200", "200"],
        ["shutout", *blank, "0", "0", "1", "1"],  # =H scored nothing in either game
        ["total", *blank, "0", "0", "253", "252"],
        ["net", *blank, "-253", "-252", "253", "252"],  # numbers stay plain numbers
        ["match net", *blank, "-505", "", "505", ""],  # 253 + 252
        ["winner", "", "", "", "", "", q2, "", "", "", "", "", ""],
    ]


def test_csv_neutralises_at_and_minus_names(run: Run) -> None:
    p1, p2 = "@x", "-2"
    ok(run("new", "--dealer", "@", "--columns", "2", "--target", "10", "--", p1, p2))
    ok(run("gin", "@", "10"))  # 1 @x deals; @x 35 [1] -> G1 ends
    ok(run("knock", "--", "-", "3", "10"))  # 2 -2 deals; -2 7 -> opens G2 [2]
    ok(run("knock", "--", "-2", "1", "20"))  # 3 @x deals; -2 19 [2] -> G2 26 ends: drawn
    rows = parse_csv(ok(run("export")))
    q1, q2 = "'" + p1, "'" + p2
    assert rows[0][9:] == [f"{q1} game 1", f"{q1} game 2", f"{q2} game 1", f"{q2} game 2"]
    assert [row[1] for row in rows[1:4]] == [q1, q2, q1]  # dealers
    assert [row[3] for row in rows[1:4]] == [q1, q2, q2]  # knockers
    assert [row[6] for row in rows[1:4]] == [q1, q2, q2]  # winners
    # G1: @x 35 + 25 + 200 = 260; G2: -2 26 + 2x25 + 200 = 276.
    assert rows[-3] == ["net", *[""] * 8, "260", "-276", "-260", "276"]
    assert rows[-2] == ["match net", *[""] * 8, "-16", "", "16", ""]  # 260 - 276
    assert rows[-1][6] == ""  # a drawn match
    for cell in _cells(rows):
        if cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
            int(cell)  # only a number may start with - (or +)


# Help, documentation, version


def _commands() -> dict[str, click.Command]:
    """Every command of the group, each found the way a command line finds it."""
    ctx = click.Context(cli)
    found = {name: cli.get_command(ctx, name) for name in cli.list_commands(ctx)}
    return {name: command for name, command in found.items() if command is not None}


def test_every_listed_command_is_found_under_its_own_name() -> None:
    commands = _commands()
    assert len(commands) == len(cli.list_commands(click.Context(cli))) == 24
    assert all(command.name == name for name, command in commands.items())
    assert cli.get_command(click.Context(cli), "nonsense") is None


def test_an_unknown_command_is_refused_with_the_one_meant(run: Run) -> None:
    assert refused(run("knok", "bob", "5", "20"), 2) == (
        "Error: There is no command 'knok'; did you mean 'knock'? 'scorekeeper --help' lists "
        "the commands."
    )
    assert refused(run("zed", "5"), 2) == (
        "Error: There is no command 'zed'. To record a hand zed won, say first how it ended: "
        "'scorekeeper knock zed 5 OPPONENT_DEADWOOD' or 'scorekeeper gin zed 5'."
    )
    assert refused(run("xyz"), 2) == (
        "Error: There is no command 'xyz'; 'scorekeeper --help' lists the commands."
    )


@pytest.mark.parametrize(
    "args, problem, usage",
    [
        (
            ["knock", "al", "3", "-5"],
            "Invalid value for 'OPPONENT_DEADWOOD': the opponent's "
            "deadwood must be from 0 to 98, not -5.",
            "scorekeeper knock [OPTIONS] PLAYER",
        ),
        (
            ["amend", "x", "wall"],
            "Invalid value for 'NUMBER': 'x' is not a whole number; type it "
            "with the digits 0 to 9, e.g. 12.",
            "scorekeeper amend [OPTIONS] NUMBER COMMAND [ARGS]...",
        ),
        (
            ["export", "--format", "xml"],
            "Invalid value for '--format'",
            "scorekeeper export [OPTIONS] [MATCH]",
        ),
        (["--bogus", "show"], "No such option", "scorekeeper [OPTIONS] COMMAND [ARGS]..."),
    ],
)
def test_a_mistyped_command_line_is_one_error_line_with_the_usage(
    run: Run, args: list[str], problem: str, usage: str
) -> None:
    """Whatever click refuses is one ``Error:`` line too: what is wrong, then how to write it."""
    new_match(run)
    result = run(*args)
    error = refused(result, 2, problem, f"Usage: {usage}", "--help' says more")
    assert result.stderr == error + "\n"


def test_a_group_without_its_command_shows_its_help(run: Run) -> None:
    result = run("amend")
    assert result.exit_code == 2
    assert "Replace hand NUMBER with a corrected outcome" in result.output
    assert "Error" not in result.output


def test_recording_a_hand_loads_only_the_commands_it_needs(tmp_path: Path) -> None:
    """A hand is recorded dozens of times an evening: neither the table-drawing library nor the
    other commands' modules are loaded for it."""
    import subprocess

    store = str(tmp_path / "store")
    program = (
        "import sys\n"
        "from scorekeeper.cli import cli\n"
        f"for args in (['new', 'Ann', 'Bob'], ['knock', 'ann', '3', '20']):\n"
        f"    cli.main(['--db', {store!r}, *args], standalone_mode=False)\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(('scorekeeper', 'rich')))))"
    )
    loaded = (
        subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
        .stdout.split("\n")[-2]
        .split()
    )
    assert "scorekeeper.commands.recording" in loaded
    assert "scorekeeper.commands.matches" in loaded  # for 'new'
    for never in (
        "rich",
        "scorekeeper.render",
        "scorekeeper.stats",
        "scorekeeper.cards",
        "scorekeeper.commands.reading",
        "scorekeeper.commands.correcting",
        "scorekeeper.commands.files",
    ):
        assert never not in loaded


def _all_commands() -> list[tuple[list[str], click.Command]]:
    found: list[tuple[list[str], click.Command]] = [([], cli)]
    for name, command in _commands().items():
        found.append(([name], command))
        if isinstance(command, click.Group):
            found += [
                ([name, "1", sub], subcommand) for sub, subcommand in command.commands.items()
            ]
    return found


@pytest.mark.parametrize(
    "path, command", _all_commands(), ids=[" ".join(p[0]) or "scorekeeper" for p in _all_commands()]
)
def test_every_command_has_help_with_an_example(
    run: Run, path: list[str], command: click.Command
) -> None:
    assert "Example" in (command.help or "")
    for flag in ("--help", "-h"):
        out = ok(run(*path, flag))
        assert "Example" in out
        assert out.startswith("Usage: ")


def test_amend_has_knock_gin_and_wall() -> None:
    amend = _commands()["amend"]
    assert isinstance(amend, click.Group)
    assert set(amend.commands) == {"knock", "gin", "wall"}


@pytest.mark.skipif(not README.exists(), reason="README.md is being written")
def test_readme_names_every_command() -> None:
    text = README.read_text(encoding="utf-8")
    missing = [
        name for name in _commands() if f"scorekeeper {name}" not in text and f"`{name}" not in text
    ]
    assert not missing


def test_version(run: Run) -> None:
    assert ok(run("--version")).strip() == f"scorekeeper, version {__version__}"
