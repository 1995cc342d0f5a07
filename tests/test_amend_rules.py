"""Changing the rules of a match under way (``amend rules``): the change is a recorded fact,
every total is worked out again from the first hand under the new rules, and a change the
recorded hands or the match do not allow is refused with the store left exactly as it was,
byte for byte (``snapshot``). Figures are worked out by hand in the comments (Hollywood: a
player's first win counts in Game 1, the second in Games 1 and 2, from the third on in all
three).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import strategies
from harness import (
    LANGUAGES,
    A,
    B,
    Run,
    at,
    fits,
    game_of,
    invoke,
    new_match,
    ok,
    refused,
    sheet,
    snapshot,
)
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import Hand, MatchFinished, replay
from scorekeeper.exchange import export_json, parse_export, sheet_json
from scorekeeper.match import HandInTheWay, Match, StoredHand
from scorekeeper.rules import DECLARED, DEFAULTS, FLAGS, Rules

#: Seven hands (Alexandra deals the first; the loser deals next), and what each scores with a
#: gin bonus of 25, then of 20:
SEVEN = [
    ("knock", "bob", "5", "15"),  # 1 B 10 in [1] (B's first win)
    ("gin", "al", "20"),  # 2 A 20+25 = 45, or 20+20 = 40, in [1] (A's first)
    ("knock", "bob", "3", "13"),  # 3 B 10 in [1, 2]
    ("gin", "bob", "10"),  # 4 B 10+25 = 35, or 30, in [1, 2, 3]
    ("knock", "al", "2", "12"),  # 5 A 10 in [1, 2]
    ("gin", "al", "5"),  # 6 A 5+25 = 30, or 25, in [1, 2, 3]
    ("knock", "bob", "4", "9"),  # 7 B 5 in [1, 2, 3]
]


def seven_hands(run: Run, *options: str) -> None:
    new_match(run, *options)
    for hand in SEVEN:
        ok(run(*hand))


def points(run: Run, *match: Any) -> list[tuple[int, int]]:
    """Each game's points, Alexandra's and Bob's."""
    return [(g["points"][A], g["points"][B]) for g in sheet(run, *match)["games"]]


def test_a_lower_gin_bonus_reprices_every_hand_from_the_first(run: Run) -> None:
    seven_hands(run)
    # Gin bonus 25: Game 1 A 45+10+30 = 85, B 10+10+35+5 = 60; Game 2 A 10+30 = 40,
    # B 10+35+5 = 50; Game 3 A 30, B 35+5 = 40.
    assert points(run) == [(85, 60), (40, 50), (30, 40)]
    out = ok(run("amend", "rules", "--gin-bonus", "20")).splitlines()
    # Gin bonus 20: every gin 5 less. Game 1 A 40+10+25 = 75, B 10+10+30+5 = 55; Game 2
    # A 10+25 = 35, B 10+30+5 = 45; Game 3 A 25, B 30+5 = 35.
    assert out[:4] == [
        "Rules of match 1 changed: Gin bonus: 20 (was 25).",
        f"  Game 1: {A} 85 -> 75, {B} 60 -> 55",
        f"  Game 2: {A} 40 -> 35, {B} 50 -> 45",
        f"  Game 3: {A} 30 -> 25, {B} 40 -> 35",
    ]
    assert out[-1].endswith("deals next.")
    assert points(run) == [(75, 55), (35, 45), (25, 35)]
    assert sheet(run)["rules"]["gin_bonus"] == 20
    # A hand recorded after it is scored by the rules in force: A gin v 10 = 10+20 = 30 in
    # all three (A's fourth win): Game 1 A 105, which ends it.
    ok(run("gin", "al", "10"))
    assert points(run)[0] == (105, 55) and game_of(sheet(run), 1)["winner"] == A


def test_a_game_whose_winner_changes_is_said_loudly(run: Run) -> None:
    new_match(run)
    ok(run("knock", "bob", "2", "90"))  # 1 B 88 in [1]
    ok(run("gin", "al", "70"))  # 2 A 70+25 = 95 in [1]
    ok(run("gin", "bob", "5"))  # 3 B 5+25 = 30 in [1, 2]: Game 1 B 118, won by Bob
    assert game_of(sheet(run), 1)["winner"] == B
    # Gin bonus 35: hand 2 is A 70+35 = 105, which wins Game 1 for Alexandra; hand 3 is
    # B 5+35 = 40, in Game 2 only (Game 1 is over).
    out = ok(run("amend", "rules", "--gin-bonus", "35"))
    assert f"*** GAME 1 NOW WON BY {A} (was {B}), 105 to 88" in out
    assert points(run)[:2] == [(105, 88), (0, 40)]


def test_a_game_a_change_reopens_is_said_loudly(run: Run) -> None:
    new_match(run)
    ok(run("gin", "al", "80"))  # 1 A 80+25 = 105: Game 1 won by Alexandra
    out = ok(run("amend", "rules", "--target", "150"))
    assert f"*** GAME 1 IS OPEN AGAIN (it was won by {A}) ***" in out
    assert game_of(sheet(run), 1)["winner"] is None


def test_endless_games_a_change_opens_or_does_away_with_are_said_loudly(run: Run) -> None:
    # One column, three games in all: Alexandra's knocks of 2 v 40 score 38 each.
    new_match(run, "--preset", "gin", "--games", "3")
    ok(run("knock", "al", "2", "40"))
    ok(run("knock", "al", "2", "40"))  # Game 1 A 76 of 100, open
    # Target 30: hand 1's 38 wins Game 1 (38 + game bonus 100 + shutout: 2 x 100 + 38 = 238,
    # plus a box of 25 = 263), hand 2 opens Game 2 and wins it in the same way.
    out = ok(run("amend", "rules", "--target", "30"))
    assert f"*** GAME 1 WON BY {A}, 38 to 0, net +263 after bonuses ***" in out
    assert f"*** GAME 2 WON BY {A}, 38 to 0, net +263 after bonuses ***" in out
    # Back to 100: Game 1 holds both hands again, and Game 2 is never opened.
    out = ok(run("amend", "rules", "--target", "100"))
    assert f"*** GAME 1 IS OPEN AGAIN (it was won by {A}) ***" in out
    assert f"*** GAME 2 IS NO LONGER PLAYED (it was won by {A}) ***" in out


def test_an_option_that_no_longer_goes_with_the_rules_goes_back_to_its_default(run: Run) -> None:
    # The shutout bonus decides nothing once the shutout is no longer a bonus: it is not in the
    # way of the change, and the report says it is back at 100.
    new_match(run, "--shutout", "bonus", "--shutout-bonus", "50")
    ok(run("knock", "al", "3", "20"))
    out = ok(run("amend", "rules", "--shutout", "none"))
    said = "Shutout reward: none (was shutout bonus); Shutout bonus: 100 (was 50)"
    assert said in " ".join(out.split())
    out = ok(run("amend", "rules", "--shutout", "bonus"))
    assert "Shutout bonus" not in out.replace("Shutout reward: shutout bonus", "")  # 100 stays


def test_an_option_put_back_that_strands_another_puts_that_back_too(run: Run) -> None:
    # Only the first game: games in all back to following the one column, and with one game
    # the last game counting double decides nothing either.
    new_match(run, "--columns", "1", "--games", "3", "--last-game-double")
    out = " ".join(ok(run("amend", "rules", "--end-after-first-game")).split())
    assert "Games in all: 1 (was 3); Last game double: no (was yes)" in out


def test_a_rule_that_comes_to_what_it_was_is_not_said_to_change(run: Run) -> None:
    # Three games in all on three columns, then left to follow the columns: still three.
    new_match(run, "--games", "3")
    out = ok(run("amend", "rules", "--end-after-first-game")).splitlines()[0]
    assert out == "Rules of match 1 changed: Only the first game: yes (was no)."


@pytest.mark.parametrize(
    "language, said, rows",
    [
        (
            "en",
            "Rules of match 1 changed: A tied knock: knocker wins (was undercut); Boxes count: "
            "each hand (was at game end); The match goes to: higher net (was most games).",
            [
                "A tied knock --tie knocker wins undercut",
                "Boxes count --boxes-when each hand at game end",
                "The match goes to --decide-by higher net most games",
            ],
        ),
        (
            "de",
            "Regeln von Partie 1 geändert: Gleichstand beim Klopfen: Klopfer gewinnt (war "
            "Unterbieten); Boxen zählen: jede Runde (war am Spielende); Die Partie gewinnt: "
            "höheres Netto (war meiste Spiele).",
            [
                "Boxen zählen --boxes-when jede Runde am Spielende",
                "Die Partie gewinnt --decide-by höheres Netto meiste Spiele",
            ],
        ),
    ],
)
def test_the_report_says_each_rule_and_value_in_the_words_of_the_rules_table(
    run: Run, language: str, said: str, rows: list[str]
) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))
    change = ("amend", "rules", "--tie", "knocker", "--boxes-when", "each_hand")
    out = ok(run("--lang", language, *change, "--decide-by", "net"))
    assert out.splitlines()[0] == said
    assert "_" not in said  # no value as the option takes it (each_hand)
    table = [" ".join(row.split()) for row in ok(run("--lang", language, "rules")).splitlines()]
    assert all(row in table for row in rows)


def test_a_settled_game_whose_settlement_moved_shows_it_before_and_after(run: Run) -> None:
    # Gin bonuses kept for the settlement: the columns hold the hand points only.
    new_match(run, "--gin-bonus-when", "settlement")
    ok(run("gin", "al", "30"))  # A 30 in [1], gin bonus 25 kept aside in Game 1
    ok(run("knock", "al", "5", "40"))  # A 35 in [1, 2]
    ok(run("knock", "al", "2", "40"))  # A 38 in [1, 2, 3]: Game 1 A 103, won
    # Game 1 settled: A points 103, box bonus 3 x 25 = 75, gin bonus 25, game bonus 100 doubled
    # for B's shutout = 200: total 403; B 0; net +403. A gin bonus of 20: 398, net +398. The
    # columns stay 103 to 0, and the loud line does not say they are "now" so.
    out = ok(run("amend", "rules", "--gin-bonus", "20")).splitlines()
    assert out[:7] == [
        "Rules of match 1 changed: Gin bonus: 20 (was 25).",
        f"  Game 1: {A} 103*, {B} 0; settled: {A} 403 -> 398, {B} 0, net +403 -> +398",
        f"  Game 2: {A} 73, {B} 0 (unchanged)",
        f"  Game 3: {A} 38, {B} 0 (unchanged)",
        "  (* won the game)",
        f"*** GAME 1 STILL WON BY {A}, 103 to 0 as before, net +398 (was +403) ***",
        f"Match net: {A} +398, {B} -398.",
    ]


def test_a_game_whose_boxes_moved_says_them_before_and_after(run: Run) -> None:
    new_match(run, "--gin-boxes", "3")
    ok(run("gin", "bob", "20"))  # B 45 in [1], 3 boxes
    ok(run("knock", "al", "5", "15"))  # A 10 in [1], 1 box
    # A gin earns 1 box again: B's column stays 45, his boxes in Game 1 go from 3 to 1 (50
    # points less at the settlement), so Game 1 is not unchanged.
    out = ok(run("amend", "rules", "--gin-boxes", "1")).splitlines()
    assert out[:4] == [
        "Rules of match 1 changed: Boxes for a gin: 1 (was 3).",
        f"  Game 1: {A} 10, {B} 45; boxes: {A} 1, {B} 3 -> 1",
        f"  Game 2: {A} 0, {B} 0 (unchanged)",
        f"  Game 3: {A} 0, {B} 0 (unchanged)",
    ]


def test_a_settlement_whose_net_stayed_is_not_said_to_have_moved(run: Run) -> None:
    new_match(run)
    for hand in [("bob", "2", "12"), ("bob", "2", "12"), ("al", "1", "51"), ("al", "1", "51")]:
        ok(run("knock", *hand))
    # B 10 in [1], B 10 in [1, 2], A 50 in [1], A 50 in [1, 2]: Game 1 A 100, B 20, two boxes
    # each. Box bonus 25: A 100 + 50 + 100 = 250, B 20 + 50 = 70, net +180; box bonus 20:
    # A 100 + 40 + 100 = 240, B 20 + 40 = 60, net +180 still.
    out = ok(run("amend", "rules", "--box-bonus", "20")).splitlines()
    assert out == [
        "Rules of match 1 changed: Box bonus: 20 (was 25).",
        f"  Game 1: {A} 100*, {B} 20; settled: {A} 250 -> 240, {B} 70 -> 60, net +180",
        f"  Game 2: {A} 50, {B} 10 (unchanged)",
        f"  Game 3: {A} 0, {B} 0 (unchanged)",
        "  (* won the game)",
        f"{B} deals next.",
    ]


def test_a_preset_makes_the_rules_its_own_with_the_options_beside_it(run: Run) -> None:
    new_match(run, "--gin-bonus", "30")
    ok(run("knock", "bob", "5", "15"))
    ok(run("amend", "rules", "--preset", "pagat", "--target", "150"))
    rules = sheet(run)["rules"]
    # Pagat: gin 20, undercut 10, box 20 (over the defaults, not over the gin bonus of 30).
    assert (rules["gin_bonus"], rules["undercut_bonus"], rules["box_bonus"]) == (20, 10, 20)
    assert rules["target"] == 150


def test_a_change_that_changes_nothing_stores_nothing(run: Run, store_dir: Path) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))
    before = snapshot(store_dir)
    out = ok(run("amend", "rules", "--gin-bonus", "25"))
    assert out == "Match 1 is played by those rules already; nothing was changed.\n"
    assert snapshot(store_dir) == before


@pytest.mark.parametrize("given", [["--games", "2"], ["--games", "2", "--columns", "2"]])
def test_the_games_given_as_the_columns_they_follow_change_nothing_and_store_nothing(
    run: Run, store_dir: Path, given: list[str]
) -> None:
    new_match(run, "--columns", "2")
    ok(run("knock", "bob", "5", "15"))
    before = snapshot(store_dir)
    # Left at its default, the games in all follow the two columns: 2 games already.
    out = ok(run("amend", "rules", *given))
    assert out == "Match 1 is played by those rules already; nothing was changed.\n"
    assert snapshot(store_dir) == before


def test_a_match_typed_after_amend_rules_is_told_to_come_with_match(
    run: Run, store_dir: Path
) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))
    before = snapshot(store_dir)
    refused(
        run("amend", "rules", "1", "--gin-bonus", "20"),
        2,
        "'scorekeeper amend rules --match 1 --gin-bonus 20'",
    )
    refused(run("amend", "rules", "pagat"), 2, "'pagat' is too many", "--preset pagat")
    assert snapshot(store_dir) == before


def test_a_dry_run_stores_nothing(run: Run, store_dir: Path) -> None:
    seven_hands(run)
    before = snapshot(store_dir)
    out = ok(run("amend", "rules", "--gin-bonus", "20", "--dry-run")).splitlines()
    assert out[0].startswith("Dry run")
    assert out[2] == f"  Game 1: {A} 85 -> 75, {B} 60 -> 55"
    assert snapshot(store_dir) == before


@pytest.mark.parametrize(
    ("setup", "change", "said"),
    [
        pytest.param(
            [("knock", "al", "2", "20"), ("knock", "bob", "8", "30"), ("knock", "al", "9", "30")],
            ["--knock-limit", "7"],
            ["hand 2 could not have been played", "knock with 8 deadwood", "limit is 7"],
            id="a-knock-over-a-lowered-knock-limit-the-first-named",
        ),
        pytest.param(
            [("knock", "al", "2", "20"), ("gin", "bob", "20", "--big")],
            ["--big-gin-bonus", "0"],
            ["hand 2 could not have been played"],
            id="a-big-gin-with-big-gin-turned-off",
        ),
        pytest.param(
            # 1 A 70+25 = 95 in [1]; 2 A 18 in [1, 2]: Game 1 A 113, won. Ending the match
            # with the first game, the match would end at hand 2, before hand 3.
            [("gin", "al", "70"), ("knock", "al", "2", "20"), ("knock", "bob", "2", "9")],
            ["--end-after-first-game"],
            ["would have ended before hand 3"],
            id="the-match-ended-before-a-recorded-hand",
        ),
    ],
)
def test_a_change_the_recorded_hands_do_not_allow_is_refused(
    run: Run, store_dir: Path, setup: list[tuple[str, ...]], change: list[str], said: list[str]
) -> None:
    new_match(run)
    for hand in setup:
        ok(run(*hand))
    before = snapshot(store_dir)
    refused(run("amend", "rules", *change), 1, *said, "nothing was changed")
    assert snapshot(store_dir) == before


def test_three_handed_a_change_that_would_reseat_a_later_hand_is_refused(
    run: Run, store_dir: Path
) -> None:
    ok(run("new", "Ann", "Ben", "Cid", "--dealer", "ann"))
    # Hand 1, Ann v Ben: a tied knock is Ben's undercut; Ann lost and sits out hand 2, which
    # Ben and Cid play. With ties going to the knocker Ann would have won it and Ben sat out:
    # hand 2 would have been Ann's and Cid's.
    ok(run("knock", "ann", "5", "5"))
    ok(run("knock", "cid", "3", "20"))
    before = snapshot(store_dir)
    refused(
        run("amend", "rules", "--tie", "knocker"),
        1,
        "hand 2 would have been played by Ann and Cid, but Ben and Cid played it",
    )
    assert snapshot(store_dir) == before
    refused(run("amend", "rules", "--columns", "3"), 2, "Three-handed Gin")
    assert snapshot(store_dir) == before


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (["--oklahoma"], ["--oklahoma", "kind of match cannot change"]),
        (["--straight"], ["--straight", "kind of match cannot change"]),
        (["--preset", "oklahoma"], ["oklahoma rules are for another kind of match"]),
        (["--preset", "partnership"], ["partnership rules are for another kind of match"]),
        (["--preset", "three-handed"], ["three-handed rules are for another kind of match"]),
        (["--preset", "nosuch"], ["Unknown preset"]),
        (["--target", "5"], ["--target must be a whole number from 10 to 1000, not 5"]),
        (["--shutout-bonus", "50"], ["--shutout-bonus goes with --shutout bonus"]),
        (["--games", "2"], ["--games counts the games in all"]),
        (["--knock-limit", "ten"], ["not a whole number"]),
        (["--no-such-rule", "1"], ["No such option"]),
        ([], ["Name the rules to change"]),
        (["--dry-run"], ["Name the rules to change"]),
    ],
)
def test_bad_input_is_refused_with_exit_2(
    run: Run, store_dir: Path, change: list[str], said: list[str]
) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))
    before = snapshot(store_dir)
    refused(run("amend", "rules", *change), 2, *said)
    assert snapshot(store_dir) == before


def test_amends_options_may_come_before_rules(run: Run) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))
    ok(run("amend", "--match", "1", "--dry-run", "rules", "--gin-bonus", "20"))
    assert sheet(run)["rules"]["gin_bonus"] == 25
    ok(run("amend", "-m", "1", "rules", "--gin-bonus", "20"))
    assert sheet(run)["rules"]["gin_bonus"] == 20


def test_a_hand_number_before_rules_is_refused(run: Run, store_dir: Path) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))
    before = snapshot(store_dir)
    refused(run("amend", "1", "rules", "--target", "150"), 2, "leave the number out")
    assert snapshot(store_dir) == before


def test_a_finished_or_abandoned_match_keeps_its_rules(run: Run, store_dir: Path) -> None:
    new_match(run, "--target", "10", "--end-after-first-game")
    ok(run("knock", "bob", "2", "30"))  # B 28: the match is over
    before = snapshot(store_dir)
    refused(run("amend", "rules", "--gin-bonus", "20"), 1, "is over", "settlement")
    assert snapshot(store_dir) == before
    new_match(run)
    ok(run("abandon"))
    before = snapshot(store_dir)
    refused(run("amend", "rules", "--gin-bonus", "20"), 1, "abandoned")
    assert snapshot(store_dir) == before


def test_log_all_shows_the_change_between_the_hands_and_rules_when(run: Run) -> None:
    seven_hands(run)
    ok(run("amend", "rules", "--gin-bonus", "20"))
    ok(run("wall"))
    logged = ok(run("log", "--all")).splitlines()
    change = next(n for n, text in enumerate(logged) if "Rules changed" in text)
    assert "Gin bonus: 20 (was 25)" in logged[change]
    assert logged[change - 1].split()[0] == "7" and logged[change + 1].split()[0] == "8"
    assert "Rules changed" not in ok(run("log"))
    title = ok(run("rules")).splitlines()[0]
    assert title.startswith("Rules of match 1, changed ") and title.endswith("after hand 7")


def test_rules_says_a_change_before_any_hand_was_before_the_first_hand(run: Run) -> None:
    new_match(run)
    ok(run("amend", "rules", "--gin-bonus", "20"))
    title = ok(run("rules")).splitlines()[0]
    assert title.startswith("Rules of match 1, changed ")
    assert title.endswith("before the first hand")


def test_undo_after_a_change_takes_back_the_last_hand_not_the_change(run: Run) -> None:
    seven_hands(run)
    ok(run("amend", "rules", "--gin-bonus", "20"))
    ok(run("undo"))  # hand 7 (B 5 in [1, 2, 3]) voided; the gin bonus stays 20
    assert points(run) == [(75, 50), (35, 40), (25, 30)]
    assert sheet(run)["rules"]["gin_bonus"] == 20


def test_export_carries_the_change_and_import_reads_it_back(run: Run, tmp_path: Path) -> None:
    seven_hands(run)
    ok(run("amend", "rules", "--gin-bonus", "20"))
    exported = ok(run("export", "--format", "json"))
    data = json.loads(exported)
    assert data["rules"]["gin_bonus"] == 25  # the rules the match was started with
    [change] = data["changes"]
    assert change["change"] == "rules" and change["after_slot"] == 7
    assert change["rules"]["gin_bonus"] == 20
    path = tmp_path / "match.json"
    path.write_text(exported, encoding="utf-8")
    other = tmp_path / "other"
    ok(invoke(other, "import", str(path)))
    assert json.loads(ok(invoke(other, "show", "--json"))) == sheet(run)
    assert "Rules changed" in ok(invoke(other, "log", "--all"))
    # Imported again, it is the same match: nothing to add.
    ok(invoke(other, "import", str(path)))
    assert "2" not in ok(invoke(other, "matches")).split()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_report_fits_80_columns(tmp_path: Path, lang: str) -> None:
    longest = "Abcdefghijkl", "Mnopqrstuvwx"  # 12 characters each
    env = {**at(80), "SCOREKEEPER_LANG": lang}
    ok(invoke(tmp_path, "new", *longest, "--dealer", longest[0], env=env))
    # 1 A 50+25 = 75 in [1]; 2 M 58 in [1]; 3 M 40+25 = 65 in [1, 2]: Game 1 won by M, 123;
    # to 250 it is open again.
    for hand in [("gin", "abc", "50"), ("knock", "mno", "2", "60"), ("gin", "mno", "40")]:
        ok(invoke(tmp_path, *hand, env=env))
    out = ok(invoke(tmp_path, "amend", "rules", "--preset", "pagat", "--target", "250", env=env))
    fits(out, 80)
    fits(ok(invoke(tmp_path, "log", "--all", env=env)), 80)
    fits(ok(invoke(tmp_path, "rules", env=env)), 80)


def test_an_older_file_reads_as_it_did(run: Run, store_dir: Path) -> None:
    """A match file without any change of the rules reads, and is written back, unchanged."""
    seven_hands(run)
    before = snapshot(store_dir)
    ok(run("show"))
    ok(run("log", "--all"))
    assert snapshot(store_dir) == before


# The property: changing the rules and changing them back gives back the same sheet.

PLAYERS = ("Ann", "Ben")
SAME_KIND = {"oklahoma": False, "straight": False, "three_handed": False}


def hand(rules: Rules) -> st.SearchStrategy[Hand]:
    player, deadwood = st.sampled_from(PLAYERS), st.integers(0, 98)
    return st.one_of(
        st.just(Hand.wall()),
        st.builds(Hand.knock, player, st.integers(1, rules.knock_limit), deadwood),
        st.builds(
            Hand.gin, player, deadwood, st.booleans() if rules.big_gin_bonus else st.just(False)
        ),
    )


@st.composite
def matches(draw: st.DrawFn) -> tuple[Match, Rules]:
    """A match under way (its hands possible under its rules), and other rules of its kind."""
    first, other = draw(strategies.rules(**SAME_KIND)), draw(strategies.rules(**SAME_KIND))
    hands = draw(st.lists(hand(first), max_size=30))
    try:
        replay(PLAYERS, first, "Ann", hands)
    except MatchFinished as finished:
        hands = hands[: finished.number]
    history = [StoredHand(h, slot) for slot, h in enumerate(hands, start=1)]
    uuid = "6f1c2e4a-3b5d-4e8f-9a7b-1c2d3e4f5a6b"
    return Match(1, PLAYERS, first, "Ann", history=history, uuid=uuid), other


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches())
def test_property_a_change_and_its_reverse_give_back_the_sheet(drawn: Any) -> None:
    match, other = drawn
    first, started = match.rules, match.sheet()
    try:
        under = match.sheet_under(other)
    except HandInTheWay as refusal:
        event("refused")
        assert 1 <= refusal.number <= len(match.in_force())
        assert match.rules == first and match.sheet() == started and not match.changes
        return
    event("changed")
    match.change_rules(other, "2026-12-04T20:00:00+01:00")
    assert match.sheet() == under
    match.change_rules(first, "2026-12-04T20:05:00+01:00")
    assert match.sheet() == started
    assert [change.rules for change, _was in match.rules_changes()] == [other, first]
    # Exported and read back, the match has the same facts and the same sheet.
    read = parse_export(export_json(match).encode())
    assert read.facts() == match.facts()
    assert sheet_json(1, read.sheet()) == sheet_json(1, match.sheet())


def test_an_import_treats_the_change_as_a_fact_like_a_hand(
    run: Run, store_dir: Path, tmp_path: Path
) -> None:
    seven_hands(run)
    earlier = tmp_path / "earlier.json"
    earlier.write_text(ok(run("export", "--format", "json")), encoding="utf-8")
    ok(run("amend", "rules", "--gin-bonus", "20"))
    later = tmp_path / "later.json"
    later.write_text(ok(run("export", "--format", "json")), encoding="utf-8")
    # The store holds the later state: the earlier copy brings nothing new.
    before = snapshot(store_dir)
    ok(run("import", str(earlier)))
    assert snapshot(store_dir) == before
    # Another store holding the earlier state is brought up to date in place by the later.
    other = tmp_path / "other"
    ok(invoke(other, "import", str(earlier)))
    ok(invoke(other, "import", str(later)))
    assert json.loads(ok(invoke(other, "show", "--json"))) == sheet(run)
    assert len(ok(invoke(other, "matches")).splitlines()) == 2  # its header and match 1


def test_a_partnership_match_takes_a_preset_without_teams(run: Run) -> None:
    ok(
        run(
            "new", "--teams", "Ann & Bob", "Cid & Dee", "--preset", "partnership", "--dealer", "ann"
        )
    )
    ok(run("knock", "ann", "5", "20"))  # deal 1, Ann v Cid: Ann & Bob 15
    ok(run("gin", "dee", "12"))  # deal 1, Bob v Dee: Cid & Dee 12+25 = 37; the deal: C&D +22
    out = ok(run("amend", "rules", "--preset", "standard")).splitlines()
    # Standard: three columns to 100, gin 25, the loser deals; the deal is C&D +22 in Game 1.
    assert out[0] == (
        "Rules of match 1 changed: Game target: 100 (was 125); Columns: 3 (was 1); "
        "Next dealer: loser (was winner)."
    )
    assert out[1] == "  Game 1: Ann & Bob 0, Cid & Dee 22 (unchanged)"
    assert sheet(run)["teams"] == [["Ann", "Bob"], ["Cid", "Dee"]]


def test_oklahoma_spades_no_longer_doubling_halves_a_spade_hand(run: Run) -> None:
    new_match(run, "--preset", "oklahoma")
    ok(run("knock", "al", "3", "20", "--upcard", "4s"))  # 17, doubled by the spade: 34
    ok(run("knock", "bob", "8", "20", "--upcard", "9h"))  # 12
    out = ok(run("amend", "rules", "--no-spades-double")).splitlines()
    assert out[:2] == [
        "Rules of match 1 changed: Spades double: no (was yes).",
        f"  Game 1: {A} 34 -> 17, {B} 12",
    ]


# Every yes/no rule both ways (each declared option with a flag that turns it off).

#: What starts a match in which each yes/no option decides something: its variant's match.
MATCH_OF = {
    None: (A, B, "--dealer", "al"),
    "oklahoma": (A, B, "--dealer", "al", "--oklahoma"),
    "three_handed": ("Ann", "Ben", "Cid", "--dealer", "ann"),
}
BOTH_WAYS = [name for name, (_on, off) in FLAGS.items() if off]


def test_every_yes_no_rule_the_match_may_change_has_both_forms() -> None:
    # The rules a table changes back and forth; the kind of match (Oklahoma, Straight) is not
    # among them: it cannot change.
    assert set(BOTH_WAYS) == {
        "last_game_double",
        "end_after_first_game",
        "ace_knocks_one",
        "spades_double",
        "spades_double_boxes",
        "dealer_sits_out",
    }
    assert FLAGS["spades_double"] == ("--spades-double", "--no-spades-double")
    assert FLAGS["end_after_first_game"] == ("--end-after-first-game", "--play-all-games")
    assert FLAGS["oklahoma"] == ("--oklahoma", None)


@pytest.mark.parametrize("name", BOTH_WAYS)
def test_amend_rules_turns_each_yes_no_rule_from_its_default_and_back(run: Run, name: str) -> None:
    on, off = FLAGS[name]
    ok(run("new", *MATCH_OF[DECLARED[name].variant]))
    default = DEFAULTS[name]
    away, back = (off, on) if default else (on, off)
    assert sheet(run)["rules"][name] is default
    ok(run("amend", "rules", away))
    assert sheet(run)["rules"][name] is (not default)
    ok(run("amend", "rules", back))
    assert sheet(run)["rules"][name] is default
    both = " ".join(ok(run("rules")).split())
    assert f"{on} / {off}" in both  # the rules table names both forms
    for command in (("amend", "rules"), ("new",)):
        assert f"{on} / {off}" in " ".join(ok(run(*command, "--help")).split())


def test_new_still_takes_the_one_way_spellings(run: Run) -> None:
    ok(
        run(
            "new",
            A,
            B,
            "--oklahoma",
            "--ace-knocks-one",
            "--spades-double-boxes",
            "--last-game-double",
        )
    )
    rules = sheet(run)["rules"]
    assert (rules["ace_knocks_one"], rules["spades_double_boxes"]) == (True, True)
    assert rules["last_game_double"] is True
    ok(run("new", A, B, "--oklahoma", "--no-spades-double"))
    assert sheet(run)["rules"]["spades_double"] is False
    ok(run("new", "Ann", "Ben", "Cid", "--dealer-sits-out"))
    assert sheet(run)["rules"]["dealer_sits_out"] is True


# Who sits out deals, switched under way: the dealers worked out again.


def dealers(run: Run) -> list[tuple[str, str]]:
    """Each hand's dealer and who sat it out."""
    return [(r["dealer"], r["sits_out"]) for r in sheet(run)["rounds"]]


def test_switching_who_sits_out_deals_works_out_every_dealer_again(run: Run) -> None:
    # Ann, Ben and Cid; Ben deals the first hand to Ann, Cid sits out.
    ok(run("new", "Ann", "Ben", "Cid", "--dealer", "ben"))
    ok(run("knock", "ann", "3", "20"))  # 1 Ann beats Ben: Ben sits out, Cid deals to Ann
    ok(run("gin", "cid", "10"))  # 2 Cid beats Ann: Ann sits out, Ben deals to Cid
    ok(run("wall"))  # 3 Ben v Cid walled: the same dealer deals again
    assert dealers(run) == [("Ben", "Cid"), ("Cid", "Ben"), ("Ben", "Ann")]
    assert sheet(run)["next_dealer"] == "Ben"
    # With the player who sits out dealing, the third named (Cid) dealt the first hand; then
    # the loser of each hand sits out the next and deals it: Ben hand 2, Ann hand 3 and 4.
    ok(run("amend", "rules", "--dealer-sits-out"))
    assert dealers(run) == [("Cid", "Cid"), ("Ben", "Ben"), ("Ann", "Ann")]
    assert sheet(run)["next_dealer"] == "Ann"
    log = [" ".join(row.split()) for row in ok(run("log")).splitlines()]
    assert "1 Cid Cid Ann knocks 3 v 20 Ann +17 in Game 1" in log
    # Switched back: the first hand is Ben's again, who dealt it as the match was started.
    ok(run("amend", "rules", "--no-dealer-sits-out"))
    assert dealers(run) == [("Ben", "Cid"), ("Cid", "Ben"), ("Ben", "Ann")]
    assert sheet(run)["next_dealer"] == "Ben"
    # Who played each hand never changed: the same scores throughout.
    assert sheet(run)["games"][0]["points"] == {"Ann": 17, "Ben": 0, "Cid": 35}


def test_a_match_started_with_the_sitter_dealing_switched_off_gives_hand_1_to_the_first_named(
    run: Run,
) -> None:
    # Started with Cid (who sits out) dealing: without the rule, the first hand was dealt by the
    # first named of the two who played it, Ann.
    ok(run("new", "Ann", "Ben", "Cid", "--dealer-sits-out"))
    ok(run("knock", "ben", "2", "12"))  # 1 Ben beats Ann: Ann sits out; Cid deals to Ben
    ok(run("amend", "rules", "--no-dealer-sits-out"))
    assert dealers(run) == [("Ann", "Cid")]
    assert sheet(run)["next_dealer"] == "Cid"
    ok(run("amend", "rules", "--dealer-sits-out"))
    assert dealers(run) == [("Cid", "Cid")]
    assert sheet(run)["next_dealer"] == "Ann"


# An option the change leaves deciding nothing goes back to its default.


def test_oklahomas_lower_limit_goes_back_to_upcard_when_the_knock_limit_is_back_at_10(
    run: Run,
) -> None:
    new_match(run, "--oklahoma", "--oklahoma-limit", "lower", "--knock-limit", "7")
    out = " ".join(ok(run("amend", "rules", "--knock-limit", "10")).split())
    assert (
        "Knock limit: 10 (was 7); The up-card's limit: its value (was at most knock limit)" in out
    )
    assert sheet(run)["rules"]["oklahoma_limit"] == "upcard"


def test_an_option_that_already_decided_nothing_is_left_as_it_was_by_another_change(
    run: Run,
) -> None:
    # Taken with a warning at a knock limit of 10; a change of the gin bonus leaves it be.
    new_match(run, "--oklahoma", "--oklahoma-limit", "lower")
    out = ok(run("amend", "rules", "--gin-bonus", "20"))
    assert "up-card's limit" not in out
    assert sheet(run)["rules"]["oklahoma_limit"] == "lower"
