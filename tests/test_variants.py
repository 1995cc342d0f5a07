"""The variants of RULES.md section 6: Oklahoma Gin, Straight Gin and Partnership Gin.

The rule tables go through the engine (``score``, ``knock_limit``, ``pairings``, ``replay``);
the end-to-end checks go through the real command line (click's CliRunner). Every expected
figure is written out literally and was worked out by hand from RULES.md and the variant rules
(the arithmetic is in the comments); nothing here asks the engine what the answer should be.

Legend for the comments: ``[1, 2]`` the games a win is entered in, ``x2`` a spade up-card's
doubling, ``pts`` a column's hand points, ``boxes`` the hands (in Partnership Gin: the deals)
a player won that were entered in a game (x box bonus), ``game`` the game bonus, ``net`` the
winner's total - the loser's total. In Partnership Gin ``AB`` is the team Ann & Bob and ``CD``
the team Cid & Dee; odd deals are played Ann v Cid and Bob v Dee, even deals Ann v Dee and
Bob v Cid.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from harness import Run, line, lines, refused, refused_matching, snapshot
from harness import sheet as sheet_of

from scorekeeper.cards import parse_card
from scorekeeper.engine import (
    Hand,
    InvalidHand,
    Kind,
    Line,
    Score,
    knock_limit,
    pairings,
    replay,
    score,
)
from scorekeeper.rules import Rules

PLAIN = Rules()
OKLAHOMA = Rules(oklahoma=True)
ACE_KNOCKS_ONE = Rules(oklahoma=True, ace_knocks_one=True)
STRAIGHT = Rules(straight=True)
ANN_BEN = ("Ann", "Ben")

TEAMS = (("Ann", "Bob"), ("Cid", "Dee"))
AB, CD = "Ann & Bob", "Cid & Dee"
SIDES = (AB, CD)


def table(
    players: tuple[str, str],
    kind: str | None,
    knocker: str | None = None,
    kd: int | None = None,
    od: int | None = None,
    winner: str | None = None,
    points: int = 0,
    upcard: str | None = None,
) -> dict[str, Any]:
    """One table of a partnership deal, as ``show --json`` writes it."""
    return {
        "players": list(players),
        "kind": kind,
        "knocker": knocker,
        "knocker_deadwood": kd,
        "opponent_deadwood": od,
        "upcard": upcard,
        "winner": winner,
        "points": points,
    }


def without_ids(sheet: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in sheet.items() if key != "id"}


# Oklahoma Gin: the up-card's value is the hand's knock limit


@pytest.mark.parametrize(
    "upcard, limit, kd, od, points, too_many",
    [
        # An ace: gin only (no knock at all), unless the match allows knocking with 1.
        ("A♥", 0, None, None, None, 1),
        # 2-10 their face value; each knocks at the limit, 20 under the opponent: od - kd = 20.
        ("2♦", 2, 2, 22, 20, 3),  # 22-2=20; 3 > 2 refused
        ("3♣", 3, 3, 23, 20, 4),  # 23-3=20
        ("4♥", 4, 4, 24, 20, 5),  # 24-4=20
        ("5♦", 5, 5, 25, 20, 6),  # 25-5=20
        ("6♣", 6, 6, 26, 20, 7),  # 26-6=20
        ("7♥", 7, 7, 27, 20, 8),  # 27-7=20
        ("8♦", 8, 8, 28, 20, 9),  # 28-8=20
        ("9♣", 9, 9, 29, 20, 10),  # 29-9=20
        ("10♥", 10, 10, 30, 20, 11),  # 30-10=20
        # Faces count 10, like in the deadwood.
        ("J♦", 10, 10, 30, 20, 11),
        ("Q♣", 10, 10, 30, 20, 11),
        ("K♥", 10, 10, 30, 20, 11),
    ],
    ids=[
        "oklahoma-upcard-A-gin-only",
        "oklahoma-upcard-2-limit-2",
        "oklahoma-upcard-3-limit-3",
        "oklahoma-upcard-4-limit-4",
        "oklahoma-upcard-5-limit-5",
        "oklahoma-upcard-6-limit-6",
        "oklahoma-upcard-7-limit-7",
        "oklahoma-upcard-8-limit-8",
        "oklahoma-upcard-9-limit-9",
        "oklahoma-upcard-10-limit-10",
        "oklahoma-upcard-J-limit-10",
        "oklahoma-upcard-Q-limit-10",
        "oklahoma-upcard-K-limit-10",
    ],
)
def test_oklahoma_upcard_sets_the_knock_limit(
    upcard: str, limit: int, kd: int | None, od: int | None, points: int | None, too_many: int
) -> None:
    assert knock_limit(OKLAHOMA, parse_card(upcard)) == limit
    if kd is not None:
        assert od is not None and points is not None
        assert score(OKLAHOMA, ANN_BEN, Hand.knock("Ann", kd, od, upcard)) == Score(
            Kind.KNOCK, "Ann", points, doubled="♠" in upcard
        )
    with pytest.raises(InvalidHand) as refusal:
        score(OKLAHOMA, ANN_BEN, Hand.knock("Ann", too_many, 40, upcard))
    # The refusal names the up-card, and the limit (an ace: that only gin ends the hand).
    assert upcard in str(refusal.value)
    assert re.search(r"\bgin\b" if limit == 0 else rf"\b{limit}\b", str(refusal.value))


@pytest.mark.parametrize(
    "rules, hand, expected",
    [
        # Gin only: a knock with 1 is refused, gin scores as usual: 20+25=45.
        (OKLAHOMA, Hand.knock("Ann", 1, 20, "A♣"), "ace"),
        (OKLAHOMA, Hand.gin("Ann", 20, upcard="A♣"), Score(Kind.GIN, "Ann", 45)),
        # A knock with 0 is gin, which the ace allows: 20+25=45.
        (OKLAHOMA, Hand.knock("Ann", 0, 20, "A♦"), Score(Kind.GIN, "Ann", 45)),
        # Big gin too: 10+31=41.
        (OKLAHOMA, Hand.gin("Ann", 10, big=True, upcard="A♦"), Score(Kind.BIG_GIN, "Ann", 41)),
        # --ace-knocks-one: 1 is the limit. 20-1=19.
        (ACE_KNOCKS_ONE, Hand.knock("Ann", 1, 20, "A♥"), Score(Kind.KNOCK, "Ann", 19)),
        # ... undercut at 1 v 1 (a tie): Ben 1-1+25=25.
        (ACE_KNOCKS_ONE, Hand.knock("Ann", 1, 1, "A♥"), Score(Kind.UNDERCUT, "Ben", 25)),
        # ... and 2 is over it.
        (ACE_KNOCKS_ONE, Hand.knock("Ann", 2, 20, "A♥"), r"limit\D{0,12}1\b"),
        # The ace of spades still doubles: (20-1) x2 = 38.
        (
            ACE_KNOCKS_ONE,
            Hand.knock("Ann", 1, 20, "A♠"),
            Score(Kind.KNOCK, "Ann", 38, doubled=True),
        ),
        # The option changes nothing for other up-cards: 2♥ still limits to 2.
        (ACE_KNOCKS_ONE, Hand.knock("Ann", 3, 20, "2♥"), r"limit\D{0,12}2\b"),
    ],
    ids=[
        "oklahoma-ace-gin-only-refuses-knock-1",
        "oklahoma-ace-gin-scores",
        "oklahoma-ace-knock-with-0-is-gin",
        "oklahoma-ace-big-gin",
        "oklahoma-ace-knocks-one-knock-1",
        "oklahoma-ace-knocks-one-undercut-tie",
        "oklahoma-ace-knocks-one-refuses-2",
        "oklahoma-ace-knocks-one-spade-doubles",
        "oklahoma-ace-knocks-one-other-upcards-unchanged",
    ],
)
def test_oklahoma_ace_upcard(rules: Rules, hand: Hand, expected: Score | str) -> None:
    if isinstance(expected, Score):
        assert score(rules, ANN_BEN, hand) == expected
    else:
        with pytest.raises(InvalidHand, match=re.compile(expected, re.IGNORECASE)):
            score(rules, ANN_BEN, hand)


@pytest.mark.parametrize(
    "hand, expected",
    [
        # Knock: (20-3) x2 = 34; the same knock under a heart scores 20-3 = 17.
        (Hand.knock("Ann", 3, 20, "7♠"), Score(Kind.KNOCK, "Ann", 34, doubled=True)),
        (Hand.knock("Ann", 3, 20, "7♥"), Score(Kind.KNOCK, "Ann", 17)),
        # Undercut, the bonus doubled too: (5-4+25) x2 = 52 to Ben.
        (Hand.knock("Ann", 5, 4, "9♠"), Score(Kind.UNDERCUT, "Ben", 52, doubled=True)),
        # A tied undercut: (6-6+25) x2 = 50.
        (Hand.knock("Ann", 6, 6, "6♠"), Score(Kind.UNDERCUT, "Ben", 50, doubled=True)),
        # Gin: (12+25) x2 = 74; under a club (12+25) = 37.
        (Hand.gin("Ben", 12, upcard="K♠"), Score(Kind.GIN, "Ben", 74, doubled=True)),
        (Hand.gin("Ben", 12, upcard="K♣"), Score(Kind.GIN, "Ben", 37)),
        # A knock with 0 is gin: (15+25) x2 = 80.
        (Hand.knock("Ann", 0, 15, "3♠"), Score(Kind.GIN, "Ann", 80, doubled=True)),
        # Big gin: (30+31) x2 = 122.
        (Hand.gin("Ann", 30, big=True, upcard="Q♠"), Score(Kind.BIG_GIN, "Ann", 122, doubled=True)),
        # Gin against 0 deadwood: (0+25) x2 = 50.
        (Hand.gin("Ann", 0, upcard="10♠"), Score(Kind.GIN, "Ann", 50, doubled=True)),
        # A wall under a spade: nothing to double.
        (Hand.wall("5♠"), Score(Kind.WALL, None, 0, 0)),
    ],
    ids=[
        "oklahoma-spade-doubles-knock",
        "oklahoma-heart-does-not-double",
        "oklahoma-spade-doubles-undercut-and-bonus",
        "oklahoma-spade-doubles-tied-undercut",
        "oklahoma-spade-doubles-gin-and-bonus",
        "oklahoma-club-does-not-double-gin",
        "oklahoma-spade-doubles-knock-with-0-as-gin",
        "oklahoma-spade-doubles-big-gin",
        "oklahoma-spade-doubles-gin-bonus-alone",
        "oklahoma-spade-wall-scores-nothing",
    ],
)
def test_oklahoma_spade_upcard_doubles_the_hand(hand: Hand, expected: Score) -> None:
    assert score(OKLAHOMA, ANN_BEN, hand) == expected


@pytest.mark.parametrize(
    "rules, hand, expected",
    [
        (OKLAHOMA, Hand.knock("Ann", 3, 20), "up-card"),
        (OKLAHOMA, Hand.gin("Ann", 20), "up-card"),
        (OKLAHOMA, Hand.gin("Ann", 20, big=True), "up-card"),
        # A wall needs no up-card (the hand never scores).
        (OKLAHOMA, Hand.wall(), Score(Kind.WALL, None, 0, 0)),
        (PLAIN, Hand.knock("Ann", 3, 20, "7♥"), "not Oklahoma"),
        (PLAIN, Hand.gin("Ann", 20, upcard="7♥"), "not Oklahoma"),
        (PLAIN, Hand.wall("7♥"), "not Oklahoma"),
        (OKLAHOMA, Hand.knock("Ann", 3, 20, "7x"), "7x"),
    ],
    ids=[
        "oklahoma-knock-without-upcard-refused",
        "oklahoma-gin-without-upcard-refused",
        "oklahoma-big-gin-without-upcard-refused",
        "oklahoma-wall-needs-no-upcard",
        "plain-knock-with-upcard-refused",
        "plain-gin-with-upcard-refused",
        "plain-wall-with-upcard-refused",
        "oklahoma-unreadable-upcard-refused",
    ],
)
def test_oklahoma_upcard_required_for_a_won_hand_and_only_there(
    rules: Rules, hand: Hand, expected: Score | str
) -> None:
    if isinstance(expected, Score):
        assert score(rules, ANN_BEN, hand) == expected
    else:
        with pytest.raises(InvalidHand, match=re.compile(re.escape(expected), re.IGNORECASE)):
            score(rules, ANN_BEN, hand)


def test_oklahoma_doubling_leaves_the_boxes_alone() -> None:
    sheet = replay(
        ANN_BEN,
        OKLAHOMA,
        "Ben",
        [
            # 1 Ann gin v 30 under K♠: (30+25) x2 = 110 [1] -> G1 ends (110 >= 100), Ben on 0.
            Hand.gin("Ann", 30, upcard="K♠"),
            # 2 Ben knocks 2 v 12 under 9♠: (12-2) x2 = 20; G1 is over, so it opens G2 [2].
            Hand.knock("Ben", 2, 12, "9♠"),
        ],
    )
    assert [(r.kind, r.winner, r.points, r.games) for r in sheet.rounds] == [
        (Kind.GIN, "Ann", 110, (1,)),
        (Kind.KNOCK, "Ben", 20, (2,)),
    ]
    game1 = sheet.games[0]
    assert game1.winner == "Ann" and game1.settlement is not None
    # Ann: pts 110, boxes 1 x25 = 25 (not doubled), game 100 doubled by the shutout = 200,
    # total 110+25+200 = 335. Ben: 0. net 335.
    assert game1.settlement.lines == {
        "Ann": Line(110, 25, 200, True, 335),
        "Ben": Line(0, 0, 0, False, 0),
    }
    assert game1.settlement.net == 335
    assert (sheet.games[1].points, sheet.games[1].boxes) == (
        {"Ann": 0, "Ben": 20},
        {"Ann": 0, "Ben": 1},
    )


# Straight Gin: no knocking


@pytest.mark.parametrize(
    "rules, hand, expected",
    [
        (STRAIGHT, Hand.knock("Ann", 3, 20), "Straight Gin"),
        (STRAIGHT, Hand.knock("Ann", 1, 1), "Straight Gin"),
        (STRAIGHT, Hand.knock("Ann", 10, 40), "Straight Gin"),
        # A knock with 0 is gin: 20+25 = 45.
        (STRAIGHT, Hand.knock("Ann", 0, 20), Score(Kind.GIN, "Ann", 45)),
        # Gin: 12+25 = 37; big gin 10+31 = 41.
        (STRAIGHT, Hand.gin("Ben", 12), Score(Kind.GIN, "Ben", 37)),
        (STRAIGHT, Hand.gin("Ann", 10, big=True), Score(Kind.BIG_GIN, "Ann", 41)),
        (STRAIGHT, Hand.wall(), Score(Kind.WALL, None, 0, 0)),
        # With Oklahoma's up-card as well, a spade still doubles the gin: (10+25) x2 = 70.
        (
            Rules(straight=True, oklahoma=True),
            Hand.gin("Ann", 10, upcard="K♠"),
            Score(Kind.GIN, "Ann", 70, doubled=True),
        ),
        (Rules(straight=True, oklahoma=True), Hand.knock("Ann", 2, 20, "K♠"), "Straight Gin"),
    ],
    ids=[
        "straight-knock-refused",
        "straight-undercut-knock-refused",
        "straight-knock-at-the-limit-refused",
        "straight-knock-with-0-is-gin",
        "straight-gin",
        "straight-big-gin",
        "straight-wall",
        "straight-oklahoma-spade-gin-doubled",
        "straight-oklahoma-knock-refused",
    ],
)
def test_straight_gin_allows_no_knock(rules: Rules, hand: Hand, expected: Score | str) -> None:
    if isinstance(expected, Score):
        assert score(rules, ANN_BEN, hand) == expected
    else:
        with pytest.raises(InvalidHand, match=expected):
            score(rules, ANN_BEN, hand)


# Partnership Gin: two tables a deal, the team result on the Hollywood sheet


@pytest.mark.parametrize(
    "deal, expected",
    [
        (0, (("Ann", "Cid"), ("Bob", "Dee"))),
        (1, (("Ann", "Dee"), ("Bob", "Cid"))),
        (2, (("Ann", "Cid"), ("Bob", "Dee"))),
        (3, (("Ann", "Dee"), ("Bob", "Cid"))),
        (10, (("Ann", "Cid"), ("Bob", "Dee"))),
    ],
    ids=[
        "partnership-deal-1-ann-v-cid",
        "partnership-deal-2-ann-v-dee",
        "partnership-deal-3-ann-v-cid",
        "partnership-deal-4-ann-v-dee",
        "partnership-deal-11-ann-v-cid",
    ],
)
def test_partnership_pairings_alternate(deal: int, expected: tuple[Any, ...]) -> None:
    assert pairings(TEAMS, deal) == expected


#: One deal each, Cid & Dee dealing: the hands, then each table as (players, kind, winner,
#: points) in table order (Ann v Cid, Bob v Dee), the team result and who deals next.
DEALS = [
    pytest.param(
        # Ann 20-3=17, Bob gin 10+25=35: AB won both, the sum 17+35=52. Loser CD deals.
        [Hand.knock("Ann", 3, 20), Hand.gin("Bob", 10)],
        [(("Ann", "Cid"), Kind.KNOCK, "Ann", 17), (("Bob", "Dee"), Kind.GIN, "Bob", 35)],
        AB,
        52,
        (1,),
        CD,
        id="partnership-both-won-by-one-team-sum",
    ),
    pytest.param(
        # The same hands the other table first: the same deal.
        [Hand.gin("Bob", 10), Hand.knock("Ann", 3, 20)],
        [(("Ann", "Cid"), Kind.KNOCK, "Ann", 17), (("Bob", "Dee"), Kind.GIN, "Bob", 35)],
        AB,
        52,
        (1,),
        CD,
        id="partnership-tables-in-either-order",
    ),
    pytest.param(
        # Cid gin 14+25=39, Dee 30-2=28: CD the sum 39+28=67. Loser AB deals.
        [Hand.gin("Cid", 14), Hand.knock("Dee", 2, 30)],
        [(("Ann", "Cid"), Kind.GIN, "Cid", 39), (("Bob", "Dee"), Kind.KNOCK, "Dee", 28)],
        CD,
        67,
        (1,),
        AB,
        id="partnership-both-won-by-the-other-team-sum",
    ),
    pytest.param(
        # Ann 30-4=26, Dee 9-2=7: one each, AB the difference 26-7=19.
        [Hand.knock("Ann", 4, 30), Hand.knock("Dee", 2, 9)],
        [(("Ann", "Cid"), Kind.KNOCK, "Ann", 26), (("Bob", "Dee"), Kind.KNOCK, "Dee", 7)],
        AB,
        19,
        (1,),
        CD,
        id="partnership-one-each-difference-to-the-larger",
    ),
    pytest.param(
        # Ann 9-5=4, Dee gin 6+25=31: one each, CD the difference 31-4=27. Loser AB deals.
        [Hand.knock("Ann", 5, 9), Hand.gin("Dee", 6)],
        [(("Ann", "Cid"), Kind.KNOCK, "Ann", 4), (("Bob", "Dee"), Kind.GIN, "Dee", 31)],
        CD,
        27,
        (1,),
        AB,
        id="partnership-one-each-other-team-larger",
    ),
    pytest.param(
        # Ann knocks 8 v 6: undercut, Cid 8-6+25=27 for CD; Bob 12-2=10: CD 27-10=17.
        [Hand.knock("Ann", 8, 6), Hand.knock("Bob", 2, 12)],
        [(("Ann", "Cid"), Kind.UNDERCUT, "Cid", 27), (("Bob", "Dee"), Kind.KNOCK, "Bob", 10)],
        CD,
        17,
        (1,),
        AB,
        id="partnership-undercut-counts-for-the-opponents-team",
    ),
    pytest.param(
        # Ann 22-2=20, Dee 25-5=20: equal, nobody scores, no box; the same team deals again.
        [Hand.knock("Ann", 2, 22), Hand.knock("Dee", 5, 25)],
        [(("Ann", "Cid"), Kind.KNOCK, "Ann", 20), (("Bob", "Dee"), Kind.KNOCK, "Dee", 20)],
        None,
        0,
        (),
        CD,
        id="partnership-equal-scores-nothing-same-dealer",
    ),
    pytest.param(
        # Two walls: nothing; the same team deals again.
        [Hand.wall(table="Cid"), Hand.wall(table="Bob")],
        [(("Ann", "Cid"), Kind.WALL, None, 0), (("Bob", "Dee"), Kind.WALL, None, 0)],
        None,
        0,
        (),
        CD,
        id="partnership-two-walls-nothing-same-dealer",
    ),
    pytest.param(
        # A wall at Bob v Dee, Cid gin 15+25=40: CD +40 (one table is enough). Loser AB deals.
        [Hand.wall(table="Dee"), Hand.gin("Cid", 15)],
        [(("Ann", "Cid"), Kind.GIN, "Cid", 40), (("Bob", "Dee"), Kind.WALL, None, 0)],
        CD,
        40,
        (1,),
        AB,
        id="partnership-wall-at-one-table",
    ),
]


@pytest.mark.parametrize("hands, tables, winner, points, games, next_dealer", DEALS)
def test_partnership_team_result_of_a_deal(
    hands: list[Hand],
    tables: list[tuple[Any, ...]],
    winner: str | None,
    points: int,
    games: tuple[int, ...],
    next_dealer: str,
) -> None:
    half = replay(SIDES, PLAIN, CD, hands[:1], TEAMS)
    assert half.rounds == ()
    # Half reported: no deal yet, one table pending with the first hand, the other waiting.
    assert [t.hand for t in half.pending if t.hand is not None] == [hands[0]]
    assert [t.players for t in half.pending] == [("Ann", "Cid"), ("Bob", "Dee")]
    sheet = replay(SIDES, PLAIN, CD, hands, TEAMS)
    assert sheet.pending == ()
    (deal,) = sheet.rounds
    assert (deal.kind, deal.dealer, deal.winner, deal.points, deal.games) == (
        Kind.DEAL,
        CD,
        winner,
        points,
        games,
    )
    assert [(t.players, t.kind, t.winner, t.points) for t in deal.tables] == tables
    assert sheet.games[0].points == {
        AB: points if winner == AB else 0,
        CD: points if winner == CD else 0,
    }
    assert sheet.games[0].boxes == {AB: int(winner == AB), CD: int(winner == CD)}
    assert sheet.next_dealer == next_dealer


def test_partnership_second_deal_changes_partners_and_the_team_sheet_opens_games() -> None:
    sheet = replay(
        SIDES,
        PLAIN,
        CD,
        [
            # Deal 1 (CD deal): Ann 20-3=17 + Bob 10-2=8 = AB +25 [1]. Loser CD deals again.
            Hand.knock("Ann", 3, 20),
            Hand.knock("Bob", 2, 10),
            # Deal 2: Ann now plays Dee: 13-3=10; wall at Bob v Cid. AB +10, AB's 2nd win [1, 2].
            Hand.knock("Ann", 3, 13),
            Hand.wall(table="Cid"),
            # Deal 3: Ann v Cid again; Cid gin 5+25=30, Dee 9-1=8: CD 38, CD's 1st win [1].
            Hand.gin("Cid", 5),
            Hand.knock("Dee", 1, 9),
        ],
        TEAMS,
    )
    assert [(r.dealer, r.winner, r.points, r.games) for r in sheet.rounds] == [
        (CD, AB, 25, (1,)),
        (CD, AB, 10, (1, 2)),
        (CD, CD, 38, (1,)),
    ]
    assert [t.players for t in sheet.rounds[1].tables] == [("Ann", "Dee"), ("Bob", "Cid")]
    assert [t.players for t in sheet.rounds[2].tables] == [("Ann", "Cid"), ("Bob", "Dee")]
    # AB 25+10 = 35 / 10 / 0; CD 38 / 0 / 0. CD won deal 3, so the losers AB deal.
    assert [g.points for g in sheet.games] == [{AB: 35, CD: 38}, {AB: 10, CD: 0}, {AB: 0, CD: 0}]
    assert sheet.next_dealer == AB


@pytest.mark.parametrize(
    "hands, expected",
    [
        ([Hand.knock("Ann", 3, 20), Hand.gin("Cid", 10)], "already reported"),
        ([Hand.knock("Ann", 3, 20), Hand.wall(table="Ann")], "already reported"),
        ([Hand.wall()], "names a player"),
        ([Hand.knock("Zed", 3, 20)], "not a player"),
        # Deal 2 pairs Ann with Dee: once Ann's table reported, Dee's hand is its second.
        (
            [
                Hand.knock("Ann", 3, 20),
                Hand.knock("Bob", 2, 10),
                Hand.knock("Ann", 3, 13),
                Hand.knock("Dee", 2, 9),
            ],
            "already reported",
        ),
    ],
    ids=[
        "partnership-second-hand-at-a-table-refused",
        "partnership-wall-at-a-reported-table-refused",
        "partnership-wall-without-table-refused",
        "partnership-knock-by-a-stranger-refused",
        "partnership-deal-2-ann-and-dee-share-a-table",
    ],
)
def test_partnership_impossible_hands(hands: list[Hand], expected: str) -> None:
    with pytest.raises(InvalidHand, match=expected):
        replay(SIDES, PLAIN, CD, hands, TEAMS)


# Through the command line: Oklahoma Gin


def test_oklahoma_match_through_the_command_line(run: Run) -> None:
    lines(run("new", "Ann", "Ben", "--oklahoma", "--dealer", "ann"))
    # 1 Ann knocks 4 v 20 under 4h (limit 4): 20-4=16 [1]. Ann dealt; loser Ben deals 2.
    assert "Hand 1: Ann knocks 4 v 20 (up-card 4♥) -> Ann +16 in Game 1" in lines(
        run("knock", "ann", 4, 20, "--upcard", "4h")
    )
    # 2 Ben gin v 10 under KS: (10+25) x2 = 70 [1]. Loser Ann deals 3.
    assert "Hand 2: Ben goes gin v 10 (up-card K♠: doubled) -> Ben +70 in Game 1" in lines(
        run("gin", "ben", 10, "--upcard", "KS")
    )
    # 3 Ann knocks 3 v 3 under 7s: undercut, Ben (3-3+25) x2 = 50, his 2nd win [1, 2]
    # -> Ben 120/50: G1 ends. Ben pts 70+50=120, boxes 2 x25=50, game 100 = 270;
    # Ann 16 + 1 box 25 = 41; net 270-41 = 229. Loser Ann deals 4.
    out = lines(run("knock", "ann", 3, 3, "--upcard", "7s"))
    assert (
        "Hand 3: Ann knocks 3 v 3, undercut by Ben (up-card 7♠: doubled) -> Ben +50 in Games 1, 2"
    ) in out
    assert "*** GAME 1 WON BY Ben, 120 to 16, net +229 after bonuses ***" in out
    # 4 A wall: its up-card is recorded too (RULES.md section 6) and doubles nothing; Ann
    # deals again. Without the up-card it is refused.
    refused(run("wall"), 2, "a hand's up-card", "is part of its record", "--upcard")
    assert "Hand 4: wall (dead hand) -> no score" in lines(run("wall", "--upcard", "5s"))
    # 5 Ben knocks 10 v 30 under 10d (limit 10): 30-10=20, 3rd win: G1 is over, he opens
    # G3 [2, 3] -> Ben 70/20. Loser Ann deals 6.
    assert "Hand 5: Ben knocks 10 v 30 (up-card 10♦) -> Ben +20 in Games 2, 3" in lines(
        run("knock", "ben", 10, 30, "--upcard", "10d")
    )
    # 6 Ann big gin v 15 under qs: (15+31) x2 = 92, her 2nd win opens G2 (G1 is over) [2].
    # Loser Ben deals next.
    assert "Hand 6: Ann goes big gin v 15 (up-card Q♠: doubled) -> Ann +92 in Game 2" in lines(
        run("gin", "ann", 15, "--big", "--upcard", "qs")
    )

    sheet = sheet_of(run)
    assert sheet["rules"]["oklahoma"] is True
    assert [
        (r["number"], r["dealer"], r["kind"], r["winner"], r["points"], r["games"], r["upcard"])
        for r in sheet["rounds"]
    ] == [
        (1, "Ann", "knock", "Ann", 16, [1], "4♥"),
        (2, "Ben", "gin", "Ben", 70, [1], "K♠"),
        (3, "Ann", "undercut", "Ben", 50, [1, 2], "7♠"),
        (4, "Ann", "wall", None, 0, [], "5♠"),
        (5, "Ann", "knock", "Ben", 20, [2, 3], "10♦"),
        (6, "Ann", "big_gin", "Ann", 92, [2], "Q♠"),
    ]
    assert sheet["games"][0]["settlement"] == {
        "Ann": line(16, 25, 0, 41),
        "Ben": line(120, 50, 100, 270),
        "net": 229,
    }
    # G2: Ann 92, Ben 50+20 = 70; G3: Ann 0, Ben 20.
    assert [g["points"] for g in sheet["games"][1:]] == [
        {"Ann": 92, "Ben": 70},
        {"Ann": 0, "Ben": 20},
    ]
    assert sheet["next_dealer"] == "Ben"

    rows = list(csv.reader(io.StringIO("\n".join(lines(run("export"))) + "\n")))
    assert rows[0][-1] == "upcard"
    assert [row[-1] for row in rows[1:7]] == ["4♥", "K♠", "7♠", "5♠", "10♦", "Q♠"]
    assert [row[7] for row in rows[1:7]] == ["16", "70", "50", "0", "20", "92"]


def test_oklahoma_ace_through_the_command_line(run: Run) -> None:
    lines(run("new", "Ann", "Ben", "--oklahoma", "--dealer", "ann"))
    refused_matching(run("knock", "ann", 1, 20, "--upcard", "ah"), 2, "A♥", r"\bgin\b")
    # Gin under the ace: 20+25 = 45.
    assert "Hand 1: Ann goes gin v 20 (up-card A♥) -> Ann +45 in Game 1" in lines(
        run("gin", "ann", 20, "--upcard", "ah")
    )
    lines(run("new", "Ann", "Ben", "--oklahoma", "--ace-knocks-one", "--dealer", "ann"))
    # Knocking with 1 is allowed now: (20-1) x2 = 38 under the ace of spades.
    assert "Hand 1: Ann knocks 1 v 20 (up-card A♠: doubled) -> Ann +38 in Game 1" in lines(
        run("knock", "ann", 1, 20, "--upcard", "as")
    )
    refused_matching(run("knock", "ben", 2, 20, "--upcard", "ad"), 2, "A♦", r"limit\D{0,12}1\b")
    assert sheet_of(run)["rules"]["ace_knocks_one"] is True


def test_oklahoma_export_import_round_trip(run: Run, tmp_path: Path) -> None:
    lines(run("new", "Ann", "Ben", "--oklahoma", "--dealer", "ben"))
    lines(run("knock", "ann", 2, 12, "--upcard", "3s"))  # (12-2) x2 = 20
    lines(run("wall", "--upcard", "js"))
    lines(run("gin", "ben", 7, "--upcard", "9c"))  # 7+25 = 32
    original = sheet_of(run)
    path = tmp_path / "okla.json"
    lines(run("export", "--format", "json", "-o", path))
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert [h.get("upcard") for h in exported["hands"]] == ["3♠", "J♠", "9♣"]
    lines(run("import", "--as-new", path))
    copy = sheet_of(run)
    assert copy["id"] == original["id"] + 1
    assert without_ids(copy) == without_ids(original)
    assert [r["points"] for r in copy["rounds"]] == [20, 0, 32]


def test_oklahoma_imported_lowercase_spade_is_reported_as_doubled(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "lower.json"
    path.write_text(
        json.dumps(
            {
                "format": "scorekeeper-match",
                "version": 1,
                "players": ["Ann", "Ben"],
                "rules": {"oklahoma": True},
                "first_dealer": "Ann",
                "hands": [
                    {
                        "entry": "knock",
                        "knocker": "Ann",
                        "knocker_deadwood": 3,
                        "opponent_deadwood": 20,
                        "upcard": "7s",
                    }
                ],
            }
        ),
        encoding="utf-8",
    )
    lines(run("import", path))
    assert sheet_of(run)["rounds"][0]["points"] == 34  # (20-3) x2
    assert any("doubled" in text for text in lines(run("log")))


# Through the command line: Straight Gin


def test_straight_gin_through_the_command_line(run: Run) -> None:
    lines(run("new", "Ann", "Ben", "--straight", "--dealer", "ann"))
    refused_matching(run("knock", "ann", 3, 20), 2, "Straight Gin", r"knock", r"\bgin\b")
    # 1 knock with 0 is gin: 20+25 = 45 [1]. Loser Ben deals 2.
    assert "Hand 1: Ann goes gin v 20 -> Ann +45 in Game 1" in lines(run("knock", "ann", 0, 20))
    # 2 Ben gin v 12: 12+25 = 37 [1]. Loser Ann deals 3.
    assert "Hand 2: Ben goes gin v 12 -> Ben +37 in Game 1" in lines(run("gin", "ben", 12))
    # 3 wall: Ann deals again.
    assert "Hand 3: wall (dead hand) -> no score" in lines(run("wall"))
    # 4 Ann big gin v 10: 10+31 = 41, her 2nd win [1, 2] -> Ann 86/41. Loser Ben deals next.
    assert "Hand 4: Ann goes big gin v 10 -> Ann +41 in Games 1, 2" in lines(
        run("gin", "ann", 10, "--big")
    )
    sheet = sheet_of(run)
    assert sheet["rules"]["straight"] is True
    assert [
        (r["dealer"], r["kind"], r["knocker_deadwood"], r["winner"], r["points"])
        for r in sheet["rounds"]
    ] == [
        ("Ann", "gin", 0, "Ann", 45),
        ("Ben", "gin", 0, "Ben", 37),
        ("Ann", "wall", None, None, 0),
        ("Ann", "big_gin", 0, "Ann", 41),
    ]
    assert [g["points"] for g in sheet["games"]] == [
        {"Ann": 86, "Ben": 37},
        {"Ann": 41, "Ben": 0},
        {"Ann": 0, "Ben": 0},
    ]
    assert sheet["next_dealer"] == "Ben"


# Through the command line: refusals change nothing


REFUSALS = [
    pytest.param(
        ["new", "Ann", "Ben", "--oklahoma", "--dealer", "ann"],
        [["knock", "ann", 2, 20, "--upcard", "3c"]],
        ["knock", "ben", 5, 20, "--upcard", "4h"],
        2,
        ["4♥", r"limit\D{0,12}4\b"],
        id="oklahoma-knock-over-the-upcard-limit",
    ),
    pytest.param(
        ["new", "Ann", "Ben", "--oklahoma", "--dealer", "ann"],
        [["wall", "--upcard", "2h"]],
        ["knock", "ann", 11, 30, "--upcard", "jd"],
        2,
        ["J♦", r"limit\D{0,12}10\b"],
        id="oklahoma-knock-over-a-face-card-limit",
    ),
    pytest.param(
        ["new", "Ann", "Ben", "--oklahoma", "--dealer", "ann"],
        [["gin", "ben", 9, "--upcard", "5d"]],
        ["knock", "ann", 1, 20, "--upcard", "ah"],
        2,
        ["A♥", r"\bgin\b"],
        id="oklahoma-ace-upcard-gin-only",
    ),
    pytest.param(
        ["new", "Ann", "Ben", "--oklahoma", "--ace-knocks-one", "--dealer", "ann"],
        [["knock", "ann", 1, 20, "--upcard", "ac"]],
        ["knock", "ann", 2, 20, "--upcard", "ac"],
        2,
        ["A♣", r"limit\D{0,12}1\b"],
        id="oklahoma-ace-knocks-one-refuses-2",
    ),
    pytest.param(
        ["new", "Ann", "Ben", "--oklahoma", "--dealer", "ann"],
        [["knock", "ann", 2, 20, "--upcard", "3c"]],
        ["knock", "ann", 3, 20],
        2,
        ["up-card"],
        id="oklahoma-knock-without-upcard",
    ),
    pytest.param(
        ["new", "Ann", "Ben", "--oklahoma", "--dealer", "ann"],
        [["knock", "ann", 2, 20, "--upcard", "3c"]],
        ["gin", "ben", 20],
        2,
        ["up-card"],
        id="oklahoma-gin-without-upcard",
    ),
    pytest.param(
        ["new", "Ann", "Ben", "--oklahoma", "--dealer", "ann"],
        [["knock", "ann", 2, 20, "--upcard", "3c"]],
        ["knock", "ann", 3, 20, "--upcard", "1x"],
        2,
        ["1x"],
        id="oklahoma-unreadable-upcard",
    ),
    pytest.param(
        ["new", "Ann", "Ben", "--dealer", "ann"],
        [["knock", "ann", 2, 20]],
        ["knock", "ann", 3, 20, "--upcard", "7h"],
        2,
        ["not Oklahoma"],
        id="upcard-on-a-plain-match",
    ),
    pytest.param(
        ["new", "Ann", "Ben", "--straight", "--dealer", "ann"],
        [["gin", "ann", 20]],
        ["knock", "ben", 3, 20],
        2,
        ["Straight Gin", "knock"],
        id="straight-gin-knock",
    ),
    pytest.param(
        ["new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "cid"],
        [["knock", "ann", 3, 20]],
        ["gin", "cid", 10],
        2,
        ["already reported", "Ann v Cid"],
        id="partnership-second-hand-at-a-reported-table",
    ),
    pytest.param(
        ["new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "cid"],
        [["knock", "ann", 3, 20]],
        ["wall", "cid"],
        2,
        ["already reported"],
        id="partnership-wall-at-a-reported-table",
    ),
    pytest.param(
        ["new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "cid"],
        [["knock", "ann", 3, 20], ["knock", "bob", 2, 10]],
        ["wall"],
        2,
        ["a wall names a player at its table. Name one, e.g. 'scorekeeper wall Ann'"],
        id="partnership-wall-without-player-both-tables-open",
    ),
    pytest.param(
        ["new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "cid"],
        [["knock", "ann", 3, 20]],
        ["knock", "zed", 3, 20],
        2,
        ["not a player"],
        id="partnership-knock-by-a-stranger",
    ),
]


@pytest.mark.parametrize("new, before, command, code, patterns", REFUSALS)
def test_refused_commands_leave_the_store_unchanged(
    run: Run,
    store_dir: Path,
    new: list[Any],
    before: list[list[Any]],
    command: list[Any],
    code: int,
    patterns: list[str],
) -> None:
    lines(run(*new))
    for args in before:
        lines(run(*args))
    files_before = snapshot(store_dir)
    refused_matching(run(*command), code, *patterns)
    assert snapshot(store_dir) == files_before


# Through the command line: Partnership Gin


#: One deal each through the commands, Cid & Dee dealing: the two commands, the table still
#: waiting after the first, the deal's line, and who deals next.
CLI_DEALS = [
    pytest.param(
        # Ann 20-3=17 + Bob gin 10+25=35 = AB 52.
        ["knock", "ann", 3, 20],
        ["gin", "bob", 10],
        "Bob v Dee",
        "Deal 1: Ann & Bob 52, Cid & Dee 0 -> Ann & Bob +52 in Game 1",
        CD,
        id="partnership-both-won-by-one-team-sum",
    ),
    pytest.param(
        # The other table first.
        ["gin", "bob", 10],
        ["knock", "ann", 3, 20],
        "Ann v Cid",
        "Deal 1: Ann & Bob 52, Cid & Dee 0 -> Ann & Bob +52 in Game 1",
        CD,
        id="partnership-tables-in-either-order",
    ),
    pytest.param(
        # Ann 30-4=26, Dee 9-2=7: AB 26-7=19.
        ["knock", "ann", 4, 30],
        ["knock", "dee", 2, 9],
        "Bob v Dee",
        "Deal 1: Ann & Bob 26, Cid & Dee 7 -> Ann & Bob +19 in Game 1",
        CD,
        id="partnership-one-each-difference-to-the-larger",
    ),
    pytest.param(
        # Ann 9-5=4, Dee gin 6+25=31: CD 31-4=27; the losers AB deal.
        ["knock", "ann", 5, 9],
        ["gin", "dee", 6],
        "Bob v Dee",
        "Deal 1: Ann & Bob 4, Cid & Dee 31 -> Cid & Dee +27 in Game 1",
        AB,
        id="partnership-one-each-other-team-larger",
    ),
    pytest.param(
        # Ann knocks 8 v 6: Cid undercuts, 8-6+25=27; Bob 12-2=10: CD 27-10=17.
        ["knock", "ann", 8, 6],
        ["knock", "bob", 2, 12],
        "Bob v Dee",
        "Deal 1: Ann & Bob 10, Cid & Dee 27 -> Cid & Dee +17 in Game 1",
        AB,
        id="partnership-undercut-counts-for-the-opponents-team",
    ),
    pytest.param(
        # Ann 22-2=20, Dee 25-5=20: equal, nothing; CD deal again.
        ["knock", "ann", 2, 22],
        ["knock", "dee", 5, 25],
        "Bob v Dee",
        "Deal 1: Ann & Bob 20, Cid & Dee 20 -> no score",
        CD,
        id="partnership-equal-scores-nothing-same-dealer",
    ),
    pytest.param(
        # Two walls: nothing; CD deal again.
        ["wall", "ann"],
        ["wall", "dee"],
        "Bob v Dee",
        "Deal 1: Ann & Bob 0, Cid & Dee 0 -> no score",
        CD,
        id="partnership-two-walls-nothing-same-dealer",
    ),
    pytest.param(
        # A wall at Bob v Dee, Cid gin 15+25=40: CD +40; the losers AB deal.
        ["wall", "bob"],
        ["gin", "cid", 15],
        "Ann v Cid",
        "Deal 1: Ann & Bob 0, Cid & Dee 40 -> Cid & Dee +40 in Game 1",
        AB,
        id="partnership-wall-at-one-table",
    ),
    pytest.param(
        # The wall names no player: only Bob v Dee is still to report.
        ["gin", "cid", 15],
        ["wall"],
        "Bob v Dee",
        "Deal 1: Ann & Bob 0, Cid & Dee 40 -> Cid & Dee +40 in Game 1",
        AB,
        id="partnership-wall-without-player-at-the-last-table",
    ),
]


@pytest.mark.parametrize("first, second, waiting, said, next_dealer", CLI_DEALS)
def test_partnership_deal_through_the_command_line(
    run: Run, first: list[Any], second: list[Any], waiting: str, said: str, next_dealer: str
) -> None:
    out = lines(run("new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "cid"))
    assert out[0] == "Match 1: Ann & Bob v Cid & Dee (Partnership Gin), standard rules."
    out = lines(run(*first))
    assert out[0].startswith("Deal 1, ")
    assert f"Waiting for the other table, {waiting}." in out
    assert "Cid & Dee deal next, at both tables." in out
    out = lines(run(*second))
    assert out[0] == said
    assert f"{next_dealer} deal next, at both tables." in out
    sheet = sheet_of(run)
    assert sheet["pending"] == []
    assert [(r["kind"], r["dealer"]) for r in sheet["rounds"]] == [("deal", CD)]
    assert sheet["next_dealer"] == next_dealer


def test_partnership_show_json_while_a_deal_is_half_reported(run: Run) -> None:
    lines(run("new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "ann"))
    lines(run("knock", "ann", 3, 20))  # Ann 20-3 = 17
    sheet = sheet_of(run)
    assert sheet["players"] == [AB, CD]
    assert sheet["teams"] == [["Ann", "Bob"], ["Cid", "Dee"]]
    assert sheet["rounds"] == []
    assert sheet["pending"] == [
        table(("Ann", "Cid"), "knock", "Ann", 3, 20, "Ann", 17),
        table(("Bob", "Dee"), None),
    ]
    assert sheet["next_dealer"] == AB
    # The deal completes with a wall at Bob v Dee: AB 17 - CD 0 = AB +17 [1].
    lines(run("wall"))
    sheet = sheet_of(run)
    assert sheet["pending"] == []
    assert sheet["rounds"] == [
        {
            "number": 1,
            "kind": "deal",
            "dealer": AB,
            "knocker": None,
            "knocker_deadwood": None,
            "opponent_deadwood": None,
            "winner": AB,
            "points": 17,
            "games": [1],
            "tables": [
                table(("Ann", "Cid"), "knock", "Ann", 3, 20, "Ann", 17),
                table(("Bob", "Dee"), "wall"),
            ],
        }
    ]
    # Deal 2 pairs Ann with Dee and Bob with Cid.
    out = lines(run("gin", "bob", 8))  # Bob 8+25 = 33
    assert "Deal 2, Bob v Cid: Bob goes gin v 8 -> Bob +33" in out
    assert "Waiting for the other table, Ann v Dee." in out
    assert [t["players"] for t in sheet_of(run)["pending"]] == [["Ann", "Dee"], ["Bob", "Cid"]]
    # The CSV says what happened at each table.
    rows = list(csv.reader(io.StringIO("\n".join(lines(run("export"))) + "\n")))
    assert rows[0][-1] == "tables"
    assert rows[1][:9] == ["1", AB, "deal", "", "", "", AB, "17", "1"]
    assert "Ann v Cid" in rows[1][-1] and "Bob v Dee" in rows[1][-1]


def test_partnership_export_import_round_trip(run: Run, tmp_path: Path) -> None:
    lines(run("new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "cid"))
    lines(run("knock", "ann", 3, 20))
    lines(run("wall"))
    lines(run("gin", "dee", 12))
    original = sheet_of(run)
    assert original["pending"] != []
    path = tmp_path / "teams.json"
    lines(run("export", "--format", "json", "-o", path))
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert exported["teams"] == [["Ann", "Bob"], ["Cid", "Dee"]]
    assert exported["players"] == [AB, CD]
    assert exported["hands"][1]["table"] == "Bob"  # the wall at the last open table, Bob v Dee
    lines(run("import", "--as-new", path))
    assert without_ids(sheet_of(run)) == without_ids(original)


def test_partnership_undo_voids_the_last_table_hand(run: Run) -> None:
    lines(run("new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "cid"))
    lines(run("knock", "ann", 3, 20))
    lines(run("knock", "bob", 2, 10))
    lines(run("knock", "ann", 3, 13))
    lines(run("undo"))  # voids deal 2's first hand: deal 1 stands, nothing pending
    sheet = sheet_of(run)
    assert (len(sheet["rounds"]), sheet["pending"]) == (1, [])
    lines(run("undo"))  # voids deal 1's second hand: deal 1 is half reported again
    sheet = sheet_of(run)
    assert sheet["rounds"] == []
    assert sheet["pending"][0]["knocker"] == "Ann"


def test_partnership_full_match_to_the_winner(run: Run) -> None:
    """Two columns to 50; Cid & Dee deal first; the loser team deals."""
    lines(
        run(
            "new",
            "--teams",
            "Ann & Bob",
            "Cid & Dee",
            "--dealer",
            "cid",
            "--target",
            50,
            "--columns",
            2,
        )
    )

    # Deal 1 (Ann v Cid, Bob v Dee; CD deal): Cid 14-2=12; Bob 30-3=27 -> AB 27-12=15 [1].
    out = lines(run("knock", "cid", 2, 14))
    assert "Deal 1, Ann v Cid: Cid knocks 2 v 14 -> Cid +12" in out
    assert "Waiting for the other table, Bob v Dee." in out
    out = lines(run("knock", "bob", 3, 30))
    assert out[:3] == [
        "Deal 1: Ann & Bob 27, Cid & Dee 12 -> Ann & Bob +15 in Game 1",
        "  Ann v Cid: Cid knocks 2 v 14 -> Cid +12",
        "  Bob v Dee: Bob knocks 3 v 30 -> Bob +27",
    ]
    assert "Cid & Dee deal next, at both tables." in out

    # Deal 2 (Ann v Dee, Bob v Cid; CD deal): Ann gin 20+25=45; wall at Bob v Cid ->
    # AB +45, AB's 2nd win [1, 2] -> AB 60/45: G1 ends (60 >= 50) with CD on 0, a shutout.
    # G1: AB pts 15+45=60, boxes 2 x25=50, game 100 doubled = 200, total 310; CD 0; net 310.
    out = lines(run("gin", "ann", 20))
    assert "Waiting for the other table, Bob v Cid." in out
    out = lines(run("wall"))
    assert out[0] == "Deal 2: Ann & Bob 45, Cid & Dee 0 -> Ann & Bob +45 in Games 1, 2"
    assert "  Bob v Cid: wall (dead hand)" in out
    assert "*** GAME 1 WON BY Ann & Bob, 60 to 0, net +310 after bonuses ***" in out
    assert "Cid & Dee deal next, at both tables." in out

    # Deal 3 (Ann v Cid, Bob v Dee; CD deal): Dee 10-4=6; Ann knocks 5 v 4, undercut by Cid
    # 5-4+25=26 -> CD 32; CD's 1st win: G1 is over, it opens G2 [2] -> CD 32.
    lines(run("knock", "dee", 4, 10))
    out = lines(run("knock", "ann", 5, 4))
    assert out[0] == "Deal 3: Ann & Bob 0, Cid & Dee 32 -> Cid & Dee +32 in Game 2"
    assert "  Ann v Cid: Ann knocks 5 v 4, undercut by Cid -> Cid +26" in out
    assert "Ann & Bob deal next, at both tables." in out

    # Deal 4 (Ann v Dee, Bob v Cid; AB deal): Bob gin 12+25=37; Dee 10-6=4 -> AB 37-4=33
    # [2] -> AB 45+33=78: G2 ends. G2: AB pts 78, boxes 2 (deals 2, 4) x25=50, game 100,
    # total 228; CD pts 32, boxes 1 x25=25, total 57; net 171. AB 2 games to 0.
    lines(run("gin", "bob", 12))
    out = lines(run("knock", "dee", 6, 10))
    assert out[0] == "Deal 4: Ann & Bob 37, Cid & Dee 4 -> Ann & Bob +33 in Game 2"
    assert "*** GAME 2 WON BY Ann & Bob, 78 to 32, net +171 after bonuses ***" in out
    assert "*** MATCH OVER: Ann & Bob win 2 games to 0 ***" in out
    assert "Cid & Dee deal the first hands of the next match." in out

    sheet = sheet_of(run)
    assert [
        (r["number"], r["dealer"], r["winner"], r["points"], r["games"]) for r in sheet["rounds"]
    ] == [(1, CD, AB, 15, [1]), (2, CD, AB, 45, [1, 2]), (3, CD, CD, 32, [2]), (4, AB, AB, 33, [2])]
    assert sheet["rounds"][3]["tables"] == [
        table(("Ann", "Dee"), "knock", "Dee", 6, 10, "Dee", 4),
        table(("Bob", "Cid"), "gin", "Bob", 0, 12, "Bob", 37),
    ]
    assert sheet["games"] == [
        {
            "number": 1,
            "column": 1,
            "open": False,
            "points": {AB: 60, CD: 0},
            "boxes": {AB: 2, CD: 0},
            "winner": AB,
            "settlement": {
                AB: line(60, 50, 200, 310, shutout=True),
                CD: line(0, 0, 0, 0),
                "net": 310,
            },
        },
        {
            "number": 2,
            "column": 2,
            "open": False,
            "points": {AB: 78, CD: 32},
            "boxes": {AB: 2, CD: 1},
            "winner": AB,
            "settlement": {AB: line(78, 50, 100, 228), CD: line(32, 25, 0, 57), "net": 171},
        },
    ]
    assert (sheet["finished"], sheet["winner"], sheet["next_dealer"]) == (True, AB, CD)
    assert sheet["pending"] == []
    # No hand after the match.
    refused_matching(run("knock", "ann", 3, 20), 1, "over")


def test_partnership_matches_counts_each_table_hand(run: Run) -> None:
    """Three table hands reported (one deal whole, the next half) are three hands, as in
    ``log`` and ``amend``, not one deal."""
    lines(run("new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "cid"))
    lines(run("knock", "ann", 3, 20))
    lines(run("knock", "bob", 2, 30))
    lines(run("wall", "ann"))
    listed = lines(run("matches"))[1].split()
    assert listed[-2:] == ["3", "open"], listed
    numbered = [line.split()[0] for line in lines(run("log")) if line[:2].strip().isdigit()]
    assert numbered == ["1", "2", "3"]


def test_oklahoma_a_knock_over_the_lowered_limit_names_the_matchs_knock_limit(
    run: Run, store_dir: Path
) -> None:
    # --oklahoma-limit lower at a knock limit of 7: a 9♥ up-card allows 7, not 9.
    lines(run("new", "Ann", "Ben", "--oklahoma", "--oklahoma-limit", "lower", "--knock-limit", "7"))
    before = snapshot(store_dir)
    said = refused(run("knock", "ann", "8", "20", "--upcard", "9h"), 2, "the knock limit is 7")
    assert "sets this hand's knock limit" not in said
    assert snapshot(store_dir) == before
    # A 5♥ sets the limit itself, and says so.
    refused(
        run("knock", "ann", "6", "20", "--upcard", "5h"),
        2,
        "The up-card 5♥ sets this hand's knock limit to 5",
    )
    assert lines(run("knock", "ann", "7", "20", "--upcard", "9h"))[0].endswith("Ann +13 in Game 1")


def test_oklahoma_lowering_the_limit_under_a_recorded_knock_is_refused_naming_the_limit(
    run: Run, store_dir: Path
) -> None:
    lines(run("new", "Ann", "Ben", "--oklahoma", "--dealer", "ben"))
    lines(run("knock", "ann", "8", "20", "--upcard", "9h"))  # the 9♥ allowed 9: 12
    before = snapshot(store_dir)
    said = refused(
        run("amend", "rules", "--oklahoma-limit", "lower", "--knock-limit", "7"),
        1,
        "hand 1",
        "the knock limit is 7",
    )
    assert "sets this hand's knock limit" not in said
    assert snapshot(store_dir) == before
