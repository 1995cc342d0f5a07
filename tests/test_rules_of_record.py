"""Rulings of the rule book that a first reading could take either way, each checked through
the command line (or the engine) with figures worked out by hand.

- A preset's options that Three-handed Gin does not use are named when the match starts.
- Partnership Gin: when one table walls, the other table's hand is the deal, even for 0 points.
- Three-handed head to head counts only what passed between the two players named.
- A match ended after its first game can be won on column points by the player who pays.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from harness import invoke, lines, ok

from scorekeeper.engine import Hand, Kind, replay
from scorekeeper.rules import Rules, Tie

TEAMS = (("Ann", "Bob"), ("Cid", "Dee"))
AB, CD = "Ann & Bob", "Cid & Dee"


@pytest.mark.parametrize(
    "preset, unused",
    [
        # basic: the winner deals; three players always have the one who sat out deal.
        ("basic", "--next-dealer winner does not apply"),
        # learners: two columns; three players play on one.
        ("learners", "--columns 2 does not apply"),
        # short: the match ends after the first game; three players play to the target.
        ("short", "--end-after-first-game does not apply"),
    ],
)
def test_a_preset_says_what_three_players_do_not_use(
    tmp_path: Path, preset: str, unused: str
) -> None:
    said = lines(invoke(tmp_path, "new", "Ann", "Ben", "Cid", "--preset", preset))
    assert said[1].startswith(f"Of the {preset} rules, {unused}: Three-handed Gin is played")
    # Two players take the whole preset, and the line is not there.
    two = lines(invoke(tmp_path, "new", "Ann", "Ben", "--preset", preset))
    assert not any(line.startswith("Of the ") for line in two)


def test_the_standard_preset_has_nothing_three_players_leave_out(tmp_path: Path) -> None:
    said = lines(invoke(tmp_path, "new", "Ann", "Ben", "Cid", "--preset", "standard"))
    assert not any(line.startswith("Of the ") for line in said)


@pytest.mark.parametrize(
    "hands",
    [
        # Bob v Dee walls; Ann knocks 5 v 5 against Cid: a tie, Cid's undercut for 0 points
        # under no_bonus. The deal is that hand alone: Cid & Dee win it for 0.
        [Hand.wall(table="Dee"), Hand.knock("Ann", 5, 5)],
        # The same hands the other table first.
        [Hand.knock("Ann", 5, 5), Hand.wall(table="Dee")],
        # Both tables ties for Cid & Dee: 0 + 0, and they win the deal too.
        [Hand.knock("Ann", 5, 5), Hand.knock("Bob", 4, 4)],
    ],
)
def test_a_partnership_deal_won_for_nothing_is_still_won(hands: list[Hand]) -> None:
    # Ann & Bob deal the first deal (Ann v Cid, Bob v Dee); the losers deal next.
    sheet = replay((AB, CD), Rules(tie=Tie.NO_BONUS), AB, hands, TEAMS)
    (deal,) = sheet.rounds
    assert (deal.kind, deal.winner, deal.points, deal.games) == (Kind.DEAL, CD, 0, (1,))
    assert sheet.games[0].points == {AB: 0, CD: 0}
    assert sheet.games[0].boxes == {AB: 0, CD: 1}
    assert sheet.next_dealer == AB


def test_a_partnership_deal_tied_at_both_tables_for_different_teams_is_nobodys() -> None:
    # Ann 5 v 5: Cid 0; Dee knocks 4 v 4 against Bob: Bob 0. One each, equal scores: nothing,
    # no box, the same team deals again.
    hands = [Hand.knock("Ann", 5, 5), Hand.knock("Dee", 4, 4)]
    sheet = replay((AB, CD), Rules(tie=Tie.NO_BONUS), AB, hands, TEAMS)
    (deal,) = sheet.rounds
    assert (deal.winner, deal.points, deal.games) == (None, 0, ())
    assert sheet.games[0].boxes == {AB: 0, CD: 0}
    assert sheet.next_dealer == AB


def three_handed(store: Path) -> None:
    """Standard rules (target 100, box bonus 25, game bonus 100); Ann deals to Ben, Cid sits
    out. The loser of a hand sits out and the player who sat out deals.

    1 Ann knocks 2 v 63 against Ben: Ann +61. Cid deals to Ann.
    2 Cid knocks 2 v 60 against Ann: Cid +58. Ben deals to Cid.
    3 Ben v Cid wall: no score; the same two play again.
    4 Ben gin, 50 against Cid: 50 + 25 = Ben +75. Ann deals to Ben.
    5 Ben knocks 5 v 30 against Ann: Ben +25 -> 100, the target: Ben wins.
    Totals: Ann 61 + 1 box x 25 = 86, Ben 100 + 2 boxes x 25 + 100 = 250, Cid 58 + 25 = 83.
    """
    ok(invoke(store, "new", "Ann", "Ben", "Cid", "--dealer", "ann"))
    ok(invoke(store, "knock", "ann", "2", "63"))
    ok(invoke(store, "knock", "cid", "2", "60"))
    ok(invoke(store, "wall"))
    ok(invoke(store, "gin", "ben", "50"))
    ok(invoke(store, "knock", "ben", "5", "30"))


def head_to_head(store: Path, player: str, other: str) -> dict[str, Any]:
    said = json.loads(ok(invoke(store, "stats", player, "--against", other, "--json")))
    return {name: said["stats"][name] for name in said["stats"]}


def pick(said: dict[str, Any]) -> dict[str, Any]:
    figures = ("won", "lost", "games_won", "hands_won", "gins", "walls", "points", "net")
    return {k: said[k] for k in figures}


def test_three_handed_head_to_head_counts_only_the_pair(tmp_path: Path) -> None:
    store = tmp_path / "store"
    three_handed(store)
    # Ann v Ben: hands 1 (Ann +61) and 5 (Ben +25). Ann pays Ben 250 - 86 = 164.
    pair = head_to_head(store, "ann", "ben")
    assert pick(pair["Ann"]) == dict(
        won=0, lost=1, games_won=0, hands_won=1, gins=0, walls=0, points=61, net=-164
    )
    assert pick(pair["Ben"]) == dict(
        won=1, lost=0, games_won=1, hands_won=1, gins=0, walls=0, points=25, net=164
    )
    # Ann v Cid: hand 2 (Cid +58). Cid pays Ann 86 - 83 = 3; neither won the match.
    pair = head_to_head(store, "ann", "cid")
    assert pick(pair["Ann"]) == dict(
        won=0, lost=1, games_won=0, hands_won=0, gins=0, walls=0, points=0, net=3
    )
    assert pick(pair["Cid"]) == dict(
        won=0, lost=1, games_won=0, hands_won=1, gins=0, walls=0, points=58, net=-3
    )
    # Ben v Cid: the wall (hand 3) and Ben's gin (hand 4, 75). Cid pays Ben 250 - 83 = 167.
    pair = head_to_head(store, "ben", "cid")
    assert pick(pair["Ben"]) == dict(
        won=1, lost=0, games_won=1, hands_won=1, gins=1, walls=1, points=75, net=167
    )
    assert pick(pair["Cid"]) == dict(
        won=0, lost=1, games_won=0, hands_won=0, gins=0, walls=1, points=0, net=-167
    )
    # A player's own figures are the whole match (Ann's net -164 + 3 = -161), and the lines
    # per opponent are the pairs above.
    whole = json.loads(ok(invoke(store, "stats", "ann", "--json")))
    assert (whole["stats"]["hands_won"], whole["stats"]["net"]) == (1, -161)
    assert {name: said["net"] for name, said in whole["opponents"].items()} == {
        "Ben": -164,
        "Cid": 3,
    }


def test_the_winner_on_column_points_who_pays_is_told_so(tmp_path: Path) -> None:
    """Target 50, the match ends when the first game ends. Ann deals.
    1 Ann knocks 1 v 31: +30, Game 1.            Ann 30 | 0 | 0
    2 Ann knocks 1 v 11: +10, Games 1 and 2.     Ann 40 | 10 | 0
    3 Ann knocks 1 v 10: +9, Games 1, 2 and 3.   Ann 49 | 19 | 9
    4 Ben knocks 1 v 51: +50, Game 1: Ben reaches 50 and wins Game 1; the match is over.
    Column points: Ann 49 + 19 + 9 = 77, Ben 50: Ann wins on column points.
    Game 1 settled: Ben 50 + 1 box x 25 + 100 = 175, Ann 49 + 3 boxes x 25 = 124: Ben +51.
    """
    store = tmp_path / "store"
    ok(invoke(store, "new", "Ann", "Ben", "--target", "50", "--end-after-first-game"))
    ok(invoke(store, "knock", "ann", "1", "31"))
    ok(invoke(store, "knock", "ann", "1", "11"))
    ok(invoke(store, "knock", "ann", "1", "10"))
    said = lines(invoke(store, "knock", "ben", "1", "51"))
    net = said.index("Match net: Ann -51, Ben +51.")
    assert said[net + 1] == "Ann wins on column points but pays the match net of 51."
    assert said[net + 2] == "*** MATCH OVER: Ann wins on column points, 77 to 50 ***"
    shown = lines(invoke(store, "show"))
    assert "Ann wins on column points but pays the match net of 51." in shown
    assert "Ann wins on column points but pays the match net of 51." in lines(invoke(store, "log"))


def test_the_winner_on_column_points_who_collects_is_not_told_more(tmp_path: Path) -> None:
    """Target 50, the match ends when the first game ends. 1 Ann knocks 1 v 51: +50 in Game 1,
    she wins it and the match, 50 column points to 0. Ben has no points: a shutout, the game
    bonus doubled. Ann 50 + 25 + 2 x 100 = 275, Ben 0: she collects 275, nothing more said."""
    store = tmp_path / "store"
    ok(invoke(store, "new", "Ann", "Ben", "--target", "50", "--end-after-first-game"))
    said = lines(invoke(store, "knock", "ann", "1", "51"))
    assert said[-3:-1] == [
        "Match net: Ann +275, Ben -275.",
        "*** MATCH OVER: Ann wins on column points, 50 to 0 ***",
    ]
    assert not any("pays the match net" in line for line in said)
