"""The scoring engine against the rules of record (shared/RULES.md).

Every expected number below was worked out by hand from RULES.md and is written literally; the
engine is never asked for an expected value. The Hypothesis properties at the end check
invariants over random valid hand sequences.
"""

from __future__ import annotations

from typing import Any

import pytest
import strategies
from harness import DEFAULT_RULES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import (
    Hand,
    InvalidHand,
    Kind,
    Line,
    MatchFinished,
    Score,
    Scoresheet,
    Why,
    replay,
    score,
)
from scorekeeper.rules import (
    KINDS,
    PRESETS,
    RANGES,
    BoxesWhen,
    DealerRule,
    DecideBy,
    GinBonusWhen,
    RuleError,
    Rules,
    Shutout,
    ShutoutWhen,
    Tie,
    preset,
)

ANN, BEN = "Ann", "Ben"
PLAYERS = (ANN, BEN)
STD = Rules()


def K(knocker: str, kd: int, od: int) -> Hand:
    """A knock, as entered."""
    return Hand.knock(knocker, kd, od)


def G(player: str, od: int) -> Hand:
    """A gin, as entered."""
    return Hand.gin(player, od)


def BG(player: str, od: int) -> Hand:
    """A big gin, as entered."""
    return Hand.gin(player, od, big=True)


WALL = Hand.wall()


def columns(sheet: Scoresheet, player: str) -> tuple[int, ...]:
    return tuple(game.points[player] for game in sheet.games)


# --------------------------------------------------------------------------------------------
# Section 1: one hand
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules, hand, expected",
    [
        # knock: kd 1..knock_limit, od > kd -> knocker scores od - kd
        pytest.param(STD, K(ANN, 3, 20), Score(Kind.KNOCK, ANN, 17), id="knock"),  # 20-3
        pytest.param(STD, K(BEN, 2, 9), Score(Kind.KNOCK, BEN, 7), id="knock-by-second-player"),
        pytest.param(STD, K(ANN, 10, 11), Score(Kind.KNOCK, ANN, 1), id="knock-at-the-knock-limit"),
        pytest.param(STD, K(ANN, 1, 98), Score(Kind.KNOCK, ANN, 97), id="knock-against-98"),
        # undercut: od <= kd -> opponent scores kd - od + undercut_bonus
        pytest.param(STD, K(ANN, 8, 5), Score(Kind.UNDERCUT, BEN, 28), id="undercut"),  # 3+25
        pytest.param(STD, K(ANN, 7, 7), Score(Kind.UNDERCUT, BEN, 25), id="undercut-on-a-tie"),
        pytest.param(
            STD, K(BEN, 4, 0), Score(Kind.UNDERCUT, ANN, 29), id="undercut-opponent-deadwood-0"
        ),  # 4-0+25
        pytest.param(
            STD,
            K(ANN, 10, 10),
            Score(Kind.UNDERCUT, BEN, 25),
            id="undercut-on-a-tie-at-the-knock-limit",
        ),
        # gin: od + gin_bonus
        pytest.param(STD, G(ANN, 30), Score(Kind.GIN, ANN, 55), id="gin"),  # 30+25
        pytest.param(STD, G(BEN, 0), Score(Kind.GIN, BEN, 25), id="gin-against-0"),
        pytest.param(STD, G(ANN, 98), Score(Kind.GIN, ANN, 123), id="gin-against-98"),
        # big gin: od + big_gin_bonus
        pytest.param(STD, BG(ANN, 30), Score(Kind.BIG_GIN, ANN, 61), id="big-gin"),  # 30+31
        pytest.param(STD, BG(BEN, 0), Score(Kind.BIG_GIN, BEN, 31), id="big-gin-against-0"),
        # wall
        pytest.param(STD, WALL, Score(Kind.WALL, None, 0, 0), id="wall"),
        # a knock with kd 0 is gin, and gin can never be undercut
        pytest.param(
            STD, K(ANN, 0, 12), Score(Kind.GIN, ANN, 37), id="knock-with-kd-0-is-gin"
        ),  # 12+25
        pytest.param(
            STD,
            K(BEN, 0, 0),
            Score(Kind.GIN, BEN, 25),
            id="knock-with-kd-0-against-0-is-gin-not-undercut",
        ),
        # options
        pytest.param(Rules(gin_bonus=20), G(ANN, 30), Score(Kind.GIN, ANN, 50), id="gin-bonus-20"),
        pytest.param(Rules(gin_bonus=0), G(ANN, 30), Score(Kind.GIN, ANN, 30), id="gin-bonus-0"),
        pytest.param(
            Rules(gin_bonus=20),
            K(ANN, 0, 30),
            Score(Kind.GIN, ANN, 50),
            id="gin-bonus-20-applies-to-knock-with-kd-0",
        ),
        pytest.param(
            Rules(undercut_bonus=10),
            K(ANN, 6, 4),
            Score(Kind.UNDERCUT, BEN, 12),
            id="undercut-bonus-10",
        ),  # 6-4+10
        pytest.param(
            Rules(undercut_bonus=15),
            K(ANN, 5, 5),
            Score(Kind.UNDERCUT, BEN, 15),
            id="undercut-bonus-15-on-a-tie",
        ),
        pytest.param(
            Rules(undercut_bonus=0),
            K(ANN, 9, 2),
            Score(Kind.UNDERCUT, BEN, 7),
            id="undercut-bonus-0",
        ),
        pytest.param(
            Rules(big_gin_bonus=50),
            BG(ANN, 30),
            Score(Kind.BIG_GIN, ANN, 80),
            id="big-gin-bonus-50",
        ),
        pytest.param(
            Rules(big_gin_bonus=0),
            G(ANN, 30),
            Score(Kind.GIN, ANN, 55),
            id="gin-still-scores-when-big-gin-disabled",
        ),
        pytest.param(
            Rules(knock_limit=5),
            K(ANN, 5, 9),
            Score(Kind.KNOCK, ANN, 4),
            id="knock-limit-5-allows-5",
        ),
        pytest.param(
            Rules(knock_limit=1),
            K(ANN, 1, 1),
            Score(Kind.UNDERCUT, BEN, 25),
            id="knock-limit-1-tie-is-undercut",
        ),
        pytest.param(preset("pagat"), G(ANN, 30), Score(Kind.GIN, ANN, 50), id="pagat-gin"),
        pytest.param(
            preset("pagat"),
            K(ANN, 7, 7),
            Score(Kind.UNDERCUT, BEN, 10),
            id="pagat-undercut-on-a-tie",
        ),
    ],
)
def test_score_one_hand(rules: Rules, hand: Hand, expected: Score) -> None:
    assert score(rules, PLAYERS, hand) == expected


@pytest.mark.parametrize(
    "rules, hand",
    [
        pytest.param(STD, K(ANN, 11, 40), id="kd-over-the-knock-limit-refused"),
        pytest.param(Rules(knock_limit=5), K(ANN, 6, 40), id="kd-over-knock-limit-5-refused"),
        pytest.param(Rules(knock_limit=1), K(BEN, 2, 40), id="kd-over-knock-limit-1-refused"),
        pytest.param(STD, K(ANN, 3, 99), id="opponent-deadwood-99-refused"),
        pytest.param(STD, G(ANN, 99), id="gin-opponent-deadwood-99-refused"),
        pytest.param(STD, BG(ANN, 99), id="big-gin-opponent-deadwood-99-refused"),
        pytest.param(STD, K(ANN, 99, 99), id="knocker-deadwood-99-refused"),
        pytest.param(STD, K(ANN, 3, -1), id="negative-opponent-deadwood-refused"),
        pytest.param(STD, G(ANN, -5), id="gin-negative-opponent-deadwood-refused"),
        pytest.param(STD, K(ANN, -1, 10), id="negative-knocker-deadwood-refused"),
        pytest.param(
            Rules(big_gin_bonus=0), BG(ANN, 30), id="big-gin-refused-when-big-gin-bonus-0"
        ),
        pytest.param(STD, K("Cid", 3, 20), id="unknown-knocker-refused"),
        pytest.param(STD, G("Cid", 20), id="unknown-gin-player-refused"),
        pytest.param(STD, K(ANN, 3, 20.5), id="fractional-deadwood-refused"),  # type: ignore[arg-type]
        pytest.param(STD, K(ANN, 3, True), id="boolean-deadwood-refused"),
        pytest.param(STD, K(ANN, 3, "20"), id="text-deadwood-refused"),  # type: ignore[arg-type]
    ],
)
def test_impossible_hand_refused(rules: Rules, hand: Hand) -> None:
    with pytest.raises(InvalidHand):
        score(rules, PLAYERS, hand)
    with pytest.raises(InvalidHand):
        replay(PLAYERS, rules, ANN, [K(BEN, 1, 6), hand])


# --------------------------------------------------------------------------------------------
# Section 2: Hollywood columns
# --------------------------------------------------------------------------------------------


def test_seed_worked_example() -> None:
    """Seed 000: Bob wins 10, Alexandra 18, Bob 30, Bob 4 -> Alexandra 18/0/0, Bob 44/34/4."""
    players = ("Alexandra", "Bob")
    sheet = replay(
        players,
        STD,
        "Alexandra",
        [
            K("Bob", 5, 15),  # Bob 10: his 1st win -> Game 1
            K("Alexandra", 2, 20),  # Alexandra 18: her 1st win -> Game 1
            K("Bob", 3, 33),  # Bob 30: 2nd win -> Games 1+2
            K("Bob", 6, 10),  # Bob 4: 3rd win -> Games 1+2+3
        ],
    )
    assert columns(sheet, "Alexandra") == (18, 0, 0)
    assert columns(sheet, "Bob") == (44, 34, 4)  # 10+30+4, 30+4, 4
    assert [r.winner for r in sheet.rounds] == ["Bob", "Alexandra", "Bob", "Bob"]
    assert [r.points for r in sheet.rounds] == [10, 18, 30, 4]
    assert [r.games for r in sheet.rounds] == [(1,), (1,), (1, 2), (1, 2, 3)]
    assert [r.ended for r in sheet.rounds] == [(), (), (), ()]
    assert [dict(r.totals) for r in sheet.rounds] == [
        {"Alexandra": (0, 0, 0), "Bob": (10, 0, 0)},
        {"Alexandra": (18, 0, 0), "Bob": (10, 0, 0)},
        {"Alexandra": (18, 0, 0), "Bob": (40, 30, 0)},
        {"Alexandra": (18, 0, 0), "Bob": (44, 34, 4)},
    ]
    assert [dict(g.boxes) for g in sheet.games] == [
        {"Alexandra": 1, "Bob": 3},
        {"Alexandra": 0, "Bob": 2},
        {"Alexandra": 0, "Bob": 1},
    ]
    assert [g.open for g in sheet.games] == [True, True, True]
    assert [g.winner for g in sheet.games] == [None, None, None]
    assert [g.settlement for g in sheet.games] == [None, None, None]
    assert not sheet.finished and sheet.winner is None
    # Alexandra has opened Game 1, so her next win opens Game 2; Bob has opened all three.
    assert dict(sheet.next_games) == {"Alexandra": (1, 2), "Bob": (1, 2, 3)}
    # loser deals: Alexandra, then Alexandra (Bob won), Bob, Alexandra; next Alexandra
    assert [r.dealer for r in sheet.rounds] == ["Alexandra", "Alexandra", "Bob", "Alexandra"]
    assert sheet.next_dealer == "Alexandra"


# (rules, hands, games per round, ended per round, Ann's columns, Ben's columns,
#  game winners, finished, match winner)
ROUTING = [
    pytest.param(
        STD,
        [K(ANN, 2, 12)] * 4,
        [(1,), (1, 2), (1, 2, 3), (1, 2, 3)],
        [(), (), (), ()],
        (40, 30, 20),
        (0, 0, 0),
        (None, None, None),
        False,
        None,
        id="opening-1st-win-game-1-2nd-games-1-2-3rd-and-later-all-three",
    ),
    pytest.param(
        STD,
        [K(ANN, 2, 12), K(BEN, 1, 6), K(BEN, 1, 6), K(ANN, 2, 12), K(BEN, 1, 6)],
        [(1,), (1,), (1, 2), (1, 2), (1, 2, 3)],
        [()] * 5,
        # Ann 10+10, 10, 0; Ben 5+5+5, 5+5, 5
        (20, 10, 0),
        (15, 10, 5),
        (None, None, None),
        False,
        None,
        id="opening-counted-per-player-independent-of-opponent",
    ),
    pytest.param(
        STD,
        [G(ANN, 80), K(BEN, 2, 22), K(BEN, 3, 13), K(ANN, 1, 11), K(ANN, 1, 11)],
        # Ann 105 closes Game 1; Ben's 1st win opens Game 2, his 2nd scores in 2+3;
        # Ann's next win opens Game 2 (her Game 1 has ended), the one after scores in 2+3
        [(1,), (2,), (2, 3), (2,), (2, 3)],
        [(1,), (), (), (), ()],
        (105, 20, 10),
        (0, 30, 10),
        (ANN, None, None),
        False,
        None,
        id="ann-105-closes-game-1-ben-first-win-opens-game-2",
    ),
    pytest.param(
        STD,
        [K(ANN, 2, 12), G(ANN, 80), K(BEN, 1, 6), K(ANN, 2, 12)],
        # Ann 10 then 105: Game 1 10+105=115, Game 2 105 both end on hand 2;
        # Ben (no wins yet) opens Game 3; Ann's next win also opens Game 3
        [(1,), (1, 2), (3,), (3,)],
        [(), (1, 2), (), ()],
        (115, 105, 10),
        (0, 0, 5),
        (ANN, ANN, None),
        False,
        None,
        id="two-games-end-on-one-hand-then-fewer-wins-player-opens-game-3",
    ),
    pytest.param(
        STD,
        [K(BEN, 1, 6), K(BEN, 1, 6), K(ANN, 2, 12), G(ANN, 80), K(BEN, 1, 6)],
        # Ben 5, 5 (Games 1, 1+2); Ann 10, 105 -> Game 1 115, Game 2 105 end together;
        # Ben's 3rd win: only Game 3 is in progress, he opens it and scores only there
        [(1,), (1, 2), (1,), (1, 2), (3,)],
        [(), (), (), (1, 2), ()],
        (115, 105, 0),
        (10, 5, 5),
        (ANN, ANN, None),
        False,
        None,
        id="two-games-end-on-one-hand-then-next-win-opens-game-3-in-progress",
    ),
    pytest.param(
        STD,
        [K(ANN, 2, 12), K(ANN, 2, 12), G(ANN, 98)],
        # 10, 10, 123: Game 1 143, Game 2 133, Game 3 123 all end on hand 3
        [(1,), (1, 2), (1, 2, 3)],
        [(), (), (1, 2, 3)],
        (143, 133, 123),
        (0, 0, 0),
        (ANN, ANN, ANN),
        True,
        ANN,
        id="three-games-end-on-the-hand-that-opens-game-3",
    ),
    pytest.param(
        STD,
        [K(ANN, 2, 12)] * 3 + [G(ANN, 65)],
        # 10, 10, 10, then 90: Game 1 120, Game 2 110, Game 3 100 all end on hand 4
        [(1,), (1, 2), (1, 2, 3), (1, 2, 3)],
        [(), (), (), (1, 2, 3)],
        (120, 110, 100),
        (0, 0, 0),
        (ANN, ANN, ANN),
        True,
        ANN,
        id="three-games-end-on-one-hand",
    ),
    pytest.param(
        STD,
        [K(ANN, 1, 61), K(ANN, 1, 41)],
        [(1,), (1, 2)],
        [(), (1,)],
        (100, 40, 0),
        (0, 0, 0),
        (ANN, None, None),
        False,
        None,  # 60+40 = 100
        id="game-ends-when-column-reaches-target-exactly",
    ),
    pytest.param(
        STD,
        [K(ANN, 1, 61), K(ANN, 1, 40)],
        [(1,), (1, 2)],
        [(), ()],
        (99, 39, 0),
        (0, 0, 0),
        (None, None, None),
        False,
        None,  # 60+39 = 99
        id="game-stays-open-one-below-target",
    ),
    pytest.param(
        STD,
        [K(ANN, 1, 61), G(BEN, 75), K(ANN, 1, 41)],
        # Ben's 100 ends Game 1 for both players; Ann's 2nd win then opens Game 2 only
        [(1,), (1,), (2,)],
        [(), (1,), ()],
        (60, 40, 0),
        (100, 0, 0),
        (BEN, None, None),
        False,
        None,
        id="game-closed-for-both-players-when-either-reaches-target",
    ),
    pytest.param(
        Rules(target=75),
        [K(ANN, 2, 52), K(ANN, 2, 27)],
        [(1,), (1, 2)],
        [(), (1,)],
        (75, 25, 0),
        (0, 0, 0),
        (ANN, None, None),
        False,
        None,  # 50+25 = 75
        id="target-75-ends-game-at-75",
    ),
    pytest.param(
        Rules(target=150),
        [G(ANN, 98), K(ANN, 1, 27), K(ANN, 1, 2)],
        # 123+26 = 149 stays open; +1 = 150 ends Game 1
        [(1,), (1, 2), (1, 2, 3)],
        [(), (), (1,)],
        (150, 27, 1),
        (0, 0, 0),
        (ANN, None, None),
        False,
        None,
        id="target-150-ends-game-at-150-not-149",
    ),
    pytest.param(
        STD,
        [G(ANN, 98), K(BEN, 2, 52), K(BEN, 2, 52), K(BEN, 2, 52)],
        # Ann 123 wins Game 1; Ben 50 (G2), 50 (G2 100, G3 50), 50 (G3 100)
        [(1,), (2,), (2, 3), (3,)],
        [(1,), (), (2,), (3,)],
        (123, 0, 0),
        (0, 100, 100),
        (ANN, BEN, BEN),
        True,
        BEN,
        id="match-winner-by-majority-even-when-loser-has-highest-column",
    ),
    pytest.param(
        STD,
        [WALL, K(ANN, 2, 12), WALL],
        [(), (1,), ()],
        [(), (), ()],
        (10, 0, 0),
        (0, 0, 0),
        (None, None, None),
        False,
        None,
        id="wall-records-nothing",
    ),
    pytest.param(
        STD,
        [K(ANN, 8, 5), K(ANN, 7, 7)],
        # undercuts score for Ben: 28 (G1), then 25 (G1+G2)
        [(1,), (1, 2)],
        [(), ()],
        (0, 0, 0),
        (53, 25, 0),
        (None, None, None),
        False,
        None,
        id="undercut-scores-in-the-opponents-columns",
    ),
    pytest.param(
        Rules(columns=2),
        [K(ANN, 2, 12)] * 3,
        [(1,), (1, 2), (1, 2)],
        [(), (), ()],
        (30, 20),
        (0, 0),
        (None, None),
        False,
        None,
        id="columns-2-third-win-scores-in-both",
    ),
    pytest.param(
        Rules(columns=2),
        [G(ANN, 80), G(BEN, 75)],
        # Ann 105 wins Game 1, Ben's 100 wins Game 2: one game each is a drawn match
        [(1,), (2,)],
        [(1,), (2,)],
        (105, 0),
        (0, 100),
        (ANN, BEN),
        True,
        None,
        id="columns-2-one-game-each-is-a-draw",
    ),
    pytest.param(
        Rules(columns=2),
        [K(ANN, 2, 12), G(ANN, 80)],
        [(1,), (1, 2)],
        [(), (1, 2)],
        (115, 105),
        (0, 0),
        (ANN, ANN),
        True,
        ANN,
        id="columns-2-both-games-wins-the-match",
    ),
    pytest.param(
        Rules(end_after_first_game=True),
        [K(ANN, 1, 61), K(BEN, 1, 31), K(BEN, 1, 31), K(BEN, 1, 31), K(ANN, 1, 46)],
        # Ann 60, 45 -> 105/45/0 = 150; Ben 30 x3 -> 90/60/30 = 180: Ben wins the match
        [(1,), (1,), (1, 2), (1, 2, 3), (1, 2)],
        [(), (), (), (), (1,)],
        (105, 45, 0),
        (90, 60, 30),
        (ANN, None, None),
        True,
        BEN,
        id="end-after-first-game-higher-raw-sum-wins-over-game-winner",
    ),
    pytest.param(
        Rules(end_after_first_game=True),
        [K(ANN, 1, 61), K(BEN, 1, 26), K(BEN, 1, 26), K(BEN, 1, 26), K(ANN, 1, 46)],
        # Ann 105+45+0 = 150, Ben 75+50+25 = 150: equal sums draw
        [(1,), (1,), (1, 2), (1, 2, 3), (1, 2)],
        [(), (), (), (), (1,)],
        (105, 45, 0),
        (75, 50, 25),
        (ANN, None, None),
        True,
        None,
        id="end-after-first-game-equal-sums-draw",
    ),
    pytest.param(
        Rules(end_after_first_game=True),
        [G(ANN, 80)],
        [(1,)],
        [(1,)],
        (105, 0, 0),
        (0, 0, 0),
        (ANN, None, None),
        True,
        ANN,
        id="end-after-first-game-ends-on-first-game",
    ),
    pytest.param(
        Rules(end_after_first_game=True),
        [K(ANN, 2, 12), G(ANN, 80)],
        [(1,), (1, 2)],
        [(), (1, 2)],
        (115, 105, 0),
        (0, 0, 0),
        (ANN, ANN, None),
        True,
        ANN,
        id="end-after-first-game-two-games-ending-together",
    ),
]


@pytest.mark.parametrize(
    "rules, hands, games, ended, ann, ben, game_winners, finished, winner", ROUTING
)
def test_columns_and_games(
    rules: Rules,
    hands: list[Hand],
    games: list[tuple[int, ...]],
    ended: list[tuple[int, ...]],
    ann: tuple[int, ...],
    ben: tuple[int, ...],
    game_winners: tuple[str | None, ...],
    finished: bool,
    winner: str | None,
) -> None:
    sheet = replay(PLAYERS, rules, ANN, hands)
    assert [r.games for r in sheet.rounds] == games
    assert [r.ended for r in sheet.rounds] == ended
    assert columns(sheet, ANN) == ann
    assert columns(sheet, BEN) == ben
    assert sheet.rounds[-1].totals == {ANN: ann, BEN: ben}
    assert tuple(g.winner for g in sheet.games) == game_winners
    assert [g.number for g in sheet.games] == list(range(1, len(ann) + 1))
    assert sheet.finished is finished
    assert sheet.winner == winner
    if finished:
        assert [g.open for g in sheet.games] == [False] * len(ann)
        assert dict(sheet.next_games) == {ANN: (), BEN: ()}
    else:
        assert [g.open for g in sheet.games] == [w is None for w in game_winners]
    for game in sheet.games:
        assert (game.settlement is None) == (game.winner is None)


@pytest.mark.parametrize(
    "rules, hands, next_games",
    [
        pytest.param(STD, [], {ANN: (1,), BEN: (1,)}, id="next-games-fresh-match"),
        pytest.param(STD, [K(ANN, 2, 12)], {ANN: (1, 2), BEN: (1,)}, id="next-games-after-one-win"),
        pytest.param(
            STD, [G(ANN, 80)], {ANN: (2,), BEN: (2,)}, id="next-games-shut-out-player-opens-game-2"
        ),
        pytest.param(
            STD,
            [K(ANN, 2, 12), G(ANN, 80)],
            {ANN: (3,), BEN: (3,)},
            id="next-games-after-two-games-end-together",
        ),
        pytest.param(
            Rules(columns=2),
            [K(ANN, 2, 12), K(ANN, 2, 12)],
            {ANN: (1, 2), BEN: (1,)},
            id="next-games-columns-2",
        ),
    ],
)
def test_next_games(rules: Rules, hands: list[Hand], next_games: dict[str, Any]) -> None:
    assert dict(replay(PLAYERS, rules, ANN, hands).next_games) == next_games


@pytest.mark.parametrize(
    "rules, hands, number",
    [
        pytest.param(
            STD,
            [K(ANN, 2, 12), K(ANN, 2, 12), G(ANN, 98)],
            3,
            id="hand-after-three-games-end-refused",
        ),
        pytest.param(
            STD,
            [G(ANN, 98), K(BEN, 2, 52), K(BEN, 2, 52), K(BEN, 2, 52)],
            4,
            id="hand-after-majority-match-end-refused",
        ),
        pytest.param(
            Rules(columns=2),
            [G(ANN, 80), G(BEN, 75)],
            2,
            id="hand-after-drawn-two-column-match-refused",
        ),
        pytest.param(
            Rules(end_after_first_game=True),
            [G(ANN, 80)],
            1,
            id="hand-after-end-after-first-game-refused",
        ),
    ],
)
@pytest.mark.parametrize("extra", [WALL, K(BEN, 1, 6), G(ANN, 10)], ids=["wall", "knock", "gin"])
def test_hand_after_match_end_raises(
    rules: Rules, hands: list[Hand], number: int, extra: Hand
) -> None:
    assert replay(PLAYERS, rules, ANN, hands).finished
    with pytest.raises(MatchFinished) as caught:
        replay(PLAYERS, rules, ANN, [*hands, extra])
    assert caught.value.number == number
    with pytest.raises(MatchFinished) as caught:
        replay(PLAYERS, rules, ANN, [*hands, extra, extra])
    assert caught.value.number == number


# --------------------------------------------------------------------------------------------
# Section 3: settling a game
# --------------------------------------------------------------------------------------------

# Ann 60 then 50: Game 1 Ann 110 with 2 boxes, Ben 0 (a shutout); Game 2 Ann 50, open.
SHUTOUT_HANDS = [K(ANN, 1, 61), K(ANN, 1, 51)]
# Ann 60, Ben 20, Ann 50: Game 1 Ann 110 (2 boxes), Ben 20 (1 box).
SCORED_HANDS = [K(ANN, 1, 61), K(BEN, 1, 21), K(ANN, 1, 51)]
# Ann 10, 10, 10, Ben 5, Ann 80 (Games 1 and 2 end), Ben 5 (Game 3), Ann 10 (Game 3 ends).
BOX_HANDS = [
    K(ANN, 2, 12),
    K(ANN, 2, 12),
    K(ANN, 2, 12),
    K(BEN, 1, 6),
    G(ANN, 55),
    K(BEN, 1, 6),
    K(ANN, 2, 12),
]
MAJORITY_HANDS = [G(ANN, 98), K(BEN, 2, 52), K(BEN, 2, 52), K(BEN, 2, 52)]
ZERO = Line(0, 0, 0, False, 0)

SETTLEMENTS = [
    pytest.param(
        STD,
        SHUTOUT_HANDS,
        1,
        {ANN: Line(110, 50, 200, True, 360), BEN: ZERO},
        360,  # 110 + 2x25 + 2x100
        id="shutout-game-bonus-doubles-the-game-bonus",
    ),
    pytest.param(
        Rules(shutout=Shutout.POINTS),
        SHUTOUT_HANDS,
        1,
        {ANN: Line(220, 50, 100, True, 370), BEN: ZERO},
        370,  # 2x110 + 50 + 100
        id="shutout-points-doubles-hand-points-before-boxes",
    ),
    pytest.param(
        Rules(shutout=Shutout.TOTAL),
        SHUTOUT_HANDS,
        1,
        {ANN: Line(110, 50, 100, True, 520), BEN: ZERO},
        520,  # (110 + 50 + 100) x 2
        id="shutout-total-doubles-the-whole-total",
    ),
    pytest.param(
        Rules(shutout=Shutout.NONE),
        SHUTOUT_HANDS,
        1,
        {ANN: Line(110, 50, 100, False, 260), BEN: ZERO},
        260,  # 110 + 50 + 100
        id="shutout-none-no-reward",
    ),
    *[
        pytest.param(
            Rules(shutout=mode),
            SCORED_HANDS,
            1,
            # Ann 110 + 2x25 + 100 = 260; Ben 20 + 25 = 45; net 215
            {ANN: Line(110, 50, 100, False, 260), BEN: Line(20, 25, 0, False, 45)},
            215,
            id=f"no-shutout-when-loser-scored-{mode.value}",
        )
        for mode in Shutout
    ],
    pytest.param(
        Rules(box_bonus=10, game_bonus=50),
        SCORED_HANDS,
        1,
        # Ann 110 + 2x10 + 50 = 180; Ben 20 + 10 = 30; net 150
        {ANN: Line(110, 20, 50, False, 180), BEN: Line(20, 10, 0, False, 30)},
        150,
        id="box-bonus-10-game-bonus-50",
    ),
    pytest.param(
        Rules(box_bonus=10, game_bonus=50),
        SHUTOUT_HANDS,
        1,
        # 110 + 2x10 + 2x50 = 230
        {ANN: Line(110, 20, 100, True, 230), BEN: ZERO},
        230,
        id="box-bonus-10-game-bonus-50-shutout-doubles-50",
    ),
    pytest.param(
        Rules(box_bonus=0, game_bonus=0),
        SHUTOUT_HANDS,
        1,
        # the game bonus 0 doubled changes nothing: no shutout is marked (RULES.md section 3)
        {ANN: Line(110, 0, 0, False, 110), BEN: ZERO},
        110,
        id="box-bonus-0-game-bonus-0-shutout-not-marked",
    ),
    pytest.param(
        preset("pagat"),
        SCORED_HANDS,
        1,
        # Ann 110 + 2x20 + 100 = 250; Ben 20 + 20 = 40; net 210
        {ANN: Line(110, 40, 100, False, 250), BEN: Line(20, 20, 0, False, 40)},
        210,
        id="pagat-box-bonus-20",
    ),
    pytest.param(
        STD,
        BOX_HANDS,
        1,
        # Game 1: Ann 10+10+10+80 = 110 with 4 boxes; Ben 5 with 1 box
        # Ann 110 + 4x25 + 100 = 310; Ben 5 + 25 = 30; net 280
        {ANN: Line(110, 100, 100, False, 310), BEN: Line(5, 25, 0, False, 30)},
        280,
        id="boxes-only-hands-entered-in-game-1",
    ),
    pytest.param(
        STD,
        BOX_HANDS,
        2,
        # Game 2: Ann 10+10+80 = 100 with 3 boxes; Ben nothing (his wins went to Games 1, 3)
        # Ann 100 + 3x25 + 2x100 = 375
        {ANN: Line(100, 75, 200, True, 375), BEN: ZERO},
        375,
        id="boxes-only-hands-entered-in-game-2",
    ),
    pytest.param(
        STD,
        BOX_HANDS,
        3,
        # Game 3: Ann 10+80+10 = 100 with 3 boxes (of her 5 wins); Ben 5 with 1 box
        # Ann 100 + 75 + 100 = 275; Ben 5 + 25 = 30; net 245
        {ANN: Line(100, 75, 100, False, 275), BEN: Line(5, 25, 0, False, 30)},
        245,
        id="boxes-only-hands-entered-in-game-3",
    ),
    pytest.param(
        STD,
        MAJORITY_HANDS,
        1,
        {ANN: Line(123, 25, 200, True, 348), BEN: ZERO},
        348,  # 123 + 25 + 200
        id="settle-game-1-won-with-one-hand",
    ),
    pytest.param(
        STD,
        MAJORITY_HANDS,
        3,
        # Game 3 got Ben's 2nd and 3rd wins: 50+50 = 100, 2 boxes; + 2x100 = 350
        {ANN: ZERO, BEN: Line(100, 50, 200, True, 350)},
        350,
        id="settle-game-won-by-second-player",
    ),
    pytest.param(
        Rules(end_after_first_game=True),
        [K(ANN, 1, 61), K(BEN, 1, 31), K(BEN, 1, 31), K(BEN, 1, 31), K(ANN, 1, 46)],
        1,
        # Ann 105 + 2x25 + 100 = 255; Ben 90 + 3x25 = 165; net 90
        {ANN: Line(105, 50, 100, False, 255), BEN: Line(90, 75, 0, False, 165)},
        90,
        id="end-after-first-game-settles-the-ended-game",
    ),
]


@pytest.mark.parametrize("rules, hands, number, lines, net", SETTLEMENTS)
def test_settlement(
    rules: Rules, hands: list[Hand], number: int, lines: dict[str, Any], net: int
) -> None:
    settlement = replay(PLAYERS, rules, ANN, hands).games[number - 1].settlement
    assert settlement is not None
    assert dict(settlement.lines) == lines
    assert settlement.net == net


def test_boxes_count_only_hands_entered_in_each_game() -> None:
    sheet = replay(PLAYERS, STD, ANN, BOX_HANDS)
    # Ann won 5 hands: Game 1 got wins 1-4, Game 2 wins 2-4, Game 3 wins 3-5.
    # Ben won 2: the 1st in Game 1, the 2nd in Game 3.
    assert [dict(g.boxes) for g in sheet.games] == [
        {ANN: 4, BEN: 1},
        {ANN: 3, BEN: 0},
        {ANN: 3, BEN: 1},
    ]
    assert [r.games for r in sheet.rounds] == [
        (1,),
        (1, 2),
        (1, 2, 3),
        (1,),
        (1, 2, 3),
        (3,),
        (3,),
    ]
    assert [r.ended for r in sheet.rounds] == [(), (), (), (), (1, 2), (), (3,)]
    assert sheet.finished and sheet.winner == ANN


def test_open_game_is_not_settled() -> None:
    sheet = replay(PLAYERS, STD, ANN, SHUTOUT_HANDS)
    assert sheet.games[0].settlement is not None
    assert sheet.games[1].settlement is None and sheet.games[1].open
    assert sheet.games[2].settlement is None and sheet.games[2].open


def test_end_after_first_game_only_ended_games_settled() -> None:
    sheet = replay(
        PLAYERS,
        Rules(end_after_first_game=True),
        ANN,
        [K(ANN, 1, 61), K(BEN, 1, 31), K(BEN, 1, 31), K(BEN, 1, 31), K(ANN, 1, 46)],
    )
    assert sheet.finished and sheet.winner == BEN  # 90+60+30 = 180 > 105+45+0 = 150
    assert [g.winner for g in sheet.games] == [ANN, None, None]
    assert [g.settlement is None for g in sheet.games] == [False, True, True]
    assert [g.open for g in sheet.games] == [False, False, False]
    assert dict(sheet.next_games) == {ANN: (), BEN: ()}
    with pytest.raises(MatchFinished) as caught:
        replay(
            PLAYERS,
            Rules(end_after_first_game=True),
            ANN,
            [K(ANN, 1, 61), K(BEN, 1, 31), K(BEN, 1, 31), K(BEN, 1, 31), K(ANN, 1, 46), WALL],
        )
    assert caught.value.number == 5


# --------------------------------------------------------------------------------------------
# Section 4: dealing
# --------------------------------------------------------------------------------------------

# Ben wins, wall, Ann wins, Ann wins
DEAL_HANDS = [K(BEN, 1, 6), WALL, K(ANN, 2, 12), K(ANN, 2, 12)]


@pytest.mark.parametrize(
    "rules, first, hands, dealers, next_dealer",
    [
        pytest.param(STD, ANN, [], [], ANN, id="first-dealer-deals-first"),
        pytest.param(STD, BEN, [], [], BEN, id="first-dealer-deals-first-second-player"),
        pytest.param(
            Rules(next_dealer=DealerRule.LOSER),
            ANN,
            DEAL_HANDS,
            [ANN, ANN, ANN, BEN],
            BEN,
            id="loser-deals",
        ),
        pytest.param(
            Rules(next_dealer=DealerRule.LOSER),
            BEN,
            DEAL_HANDS,
            [BEN, ANN, ANN, BEN],
            BEN,
            id="loser-deals-ben-first",
        ),
        pytest.param(
            Rules(next_dealer=DealerRule.WINNER),
            ANN,
            DEAL_HANDS,
            [ANN, BEN, BEN, ANN],
            ANN,
            id="winner-deals",
        ),
        pytest.param(
            Rules(next_dealer=DealerRule.WINNER),
            BEN,
            DEAL_HANDS,
            [BEN, BEN, BEN, ANN],
            ANN,
            id="winner-deals-ben-first",
        ),
        pytest.param(
            Rules(next_dealer=DealerRule.ALTERNATE),
            ANN,
            DEAL_HANDS,
            [ANN, BEN, BEN, ANN],
            BEN,
            id="alternate-deals",
        ),
        pytest.param(
            Rules(next_dealer=DealerRule.ALTERNATE),
            BEN,
            DEAL_HANDS,
            [BEN, ANN, ANN, BEN],
            ANN,
            id="alternate-deals-ben-first",
        ),
        pytest.param(
            Rules(next_dealer=DealerRule.ALTERNATE),
            ANN,
            [K(ANN, 2, 12)] * 3,
            [ANN, BEN, ANN],
            BEN,
            id="alternate-deals-regardless-of-winner",
        ),
        pytest.param(
            Rules(next_dealer=DealerRule.LOSER),
            ANN,
            [WALL, WALL],
            [ANN, ANN],
            ANN,
            id="wall-same-dealer-loser-rule",
        ),
        pytest.param(
            Rules(next_dealer=DealerRule.WINNER),
            BEN,
            [WALL, WALL],
            [BEN, BEN],
            BEN,
            id="wall-same-dealer-winner-rule",
        ),
        pytest.param(
            Rules(next_dealer=DealerRule.ALTERNATE),
            ANN,
            [WALL, WALL],
            [ANN, ANN],
            ANN,
            id="wall-same-dealer-alternate-rule",
        ),
        pytest.param(STD, BEN, [K(ANN, 8, 5)], [BEN], ANN, id="undercut-knocker-loses-and-deals"),
        pytest.param(
            Rules(next_dealer=DealerRule.WINNER),
            ANN,
            [K(ANN, 8, 5)],
            [ANN],
            BEN,
            id="undercut-opponent-wins-and-deals",
        ),
        pytest.param(
            preset("pagat").replace(next_dealer=DealerRule.WINNER),
            ANN,
            DEAL_HANDS,
            [ANN, BEN, BEN, ANN],
            ANN,
            id="pagat-values-winner-deals",
        ),
    ],
)
def test_dealing(
    rules: Rules, first: str, hands: list[Hand], dealers: list[str], next_dealer: str
) -> None:
    sheet = replay(PLAYERS, rules, first, hands)
    assert sheet.first_dealer == first
    assert [r.dealer for r in sheet.rounds] == dealers
    assert sheet.next_dealer == next_dealer


# --------------------------------------------------------------------------------------------
# Section 5: rule options and presets
# --------------------------------------------------------------------------------------------

STANDARD_DICT = {
    **DEFAULT_RULES,
    "games": None,
}  # the standard options as stored: games follow the columns
PAGAT_DICT = {
    **STANDARD_DICT,
    "gin_bonus": 20,
    "undercut_bonus": 10,
    "box_bonus": 20,
}


@pytest.mark.parametrize(
    "name, expected",
    [
        pytest.param("standard", STANDARD_DICT, id="standard-preset-is-the-defaults"),
        pytest.param("pagat", PAGAT_DICT, id="pagat-preset-gin-20-undercut-10-box-20-loser-deals"),
        pytest.param("Standard", STANDARD_DICT, id="preset-name-case-insensitive"),
        pytest.param("PAGAT", PAGAT_DICT, id="preset-name-upper-case"),
    ],
)
def test_presets(name: str, expected: dict[str, Any]) -> None:
    assert preset(name).to_dict() == expected
    assert preset(name) == PRESETS[name.lower()].rules


def test_defaults() -> None:
    assert Rules().to_dict() == STANDARD_DICT
    assert preset("standard") == Rules()
    rules = preset("pagat")
    assert rules.shutout is Shutout.GAME_BONUS and rules.next_dealer is DealerRule.LOSER


def test_unknown_preset_refused() -> None:
    with pytest.raises(RuleError):
        preset("chicago")


def test_ranges_are_the_documented_ones() -> None:
    # Every whole-number option declares its range; an option added later has its own tests.
    assert set(RANGES) == {name for name, kind in KINDS.items() if kind is int}
    documented = {
        "target": (10, 1000),
        "columns": (1, 3),
        "gin_bonus": (0, 1000),
        "big_gin_bonus": (0, 1000),
        "undercut_bonus": (0, 1000),
        "box_bonus": (0, 1000),
        "gin_boxes": (1, 10),
        "undercut_boxes": (1, 10),
        "game_bonus": (0, 1000),
        "knock_limit": (1, 10),
        "knock_bonus": (0, 100),
        "shutout_bonus": (0, 1000),
        "games": (1, 12),
    }
    assert {name: RANGES[name] for name in documented} == documented


@pytest.mark.parametrize(
    "option, value",
    [
        pytest.param("target", 9, id="target-9-below-range"),
        pytest.param("target", 1001, id="target-1001-above-range"),
        pytest.param("target", 0, id="target-0"),
        pytest.param("columns", 0, id="columns-0"),
        pytest.param("gin_boxes", 0, id="gin-boxes-0"),
        pytest.param("gin_boxes", 11, id="gin-boxes-11"),
        pytest.param("undercut_boxes", 0, id="undercut-boxes-0"),
        pytest.param("undercut_boxes", 11, id="undercut-boxes-11"),
        pytest.param("tie", "draw", id="tie-unknown"),
        pytest.param("shutout_when", "never", id="shutout-when-unknown"),
        pytest.param("decide_by", "points", id="decide-by-unknown"),
        pytest.param("spades_double", False, id="no-spades-double-without-oklahoma"),
        pytest.param("three_handed", "yes", id="three-handed-not-a-bool"),
        pytest.param("columns", 4, id="columns-4"),
        pytest.param("gin_bonus", -1, id="gin-bonus-negative"),
        pytest.param("gin_bonus", 1001, id="gin-bonus-1001"),
        pytest.param("big_gin_bonus", -1, id="big-gin-bonus-negative"),
        pytest.param("big_gin_bonus", 1001, id="big-gin-bonus-1001"),
        pytest.param("undercut_bonus", -1, id="undercut-bonus-negative"),
        pytest.param("undercut_bonus", 1001, id="undercut-bonus-1001"),
        pytest.param("box_bonus", -1, id="box-bonus-negative"),
        pytest.param("box_bonus", 1001, id="box-bonus-1001"),
        pytest.param("game_bonus", -1, id="game-bonus-negative"),
        pytest.param("game_bonus", 1001, id="game-bonus-1001"),
        pytest.param("knock_limit", 0, id="knock-limit-0"),
        pytest.param("knock_limit", 11, id="knock-limit-11"),
        pytest.param("target", True, id="target-boolean"),
        pytest.param("target", 100.0, id="target-float"),
        pytest.param("target", "100", id="target-text"),
        pytest.param("columns", None, id="columns-none"),
        pytest.param("shutout", "double", id="unknown-shutout"),
        pytest.param("shutout", "", id="empty-shutout"),
        pytest.param("next_dealer", "random", id="unknown-next-dealer"),
        pytest.param("next_dealer", "dealer", id="unknown-next-dealer-dealer"),
        pytest.param("end_after_first_game", "yes", id="end-after-first-game-not-bool"),
        pytest.param("end_after_first_game", 1, id="end-after-first-game-int"),
    ],
)
def test_bad_option_refused(option: str, value: object) -> None:
    with pytest.raises(RuleError):
        Rules(**{option: value})
    with pytest.raises(RuleError):
        Rules().replace(**{option: value})
    with pytest.raises(RuleError):  # the tuple's own copy is checked as well
        Rules()._replace(**{option: value})  # type: ignore[arg-type]
    with pytest.raises(RuleError):
        Rules.from_dict({**STANDARD_DICT, option: value})
    assert issubclass(RuleError, ValueError)


@pytest.mark.parametrize(
    "option, value",
    [
        pytest.param("target", 10, id="target-10"),
        pytest.param("target", 1000, id="target-1000"),
        pytest.param("columns", 1, id="columns-1"),
        pytest.param("columns", 2, id="columns-2"),
        pytest.param("columns", 3, id="columns-3"),
        pytest.param("gin_bonus", 0, id="gin-bonus-0"),
        pytest.param("gin_bonus", 1000, id="gin-bonus-1000"),
        pytest.param("big_gin_bonus", 0, id="big-gin-bonus-0"),
        pytest.param("undercut_bonus", 1000, id="undercut-bonus-1000"),
        pytest.param("box_bonus", 0, id="box-bonus-0"),
        pytest.param("game_bonus", 0, id="game-bonus-0"),
        pytest.param("knock_limit", 1, id="knock-limit-1"),
        pytest.param("knock_limit", 10, id="knock-limit-10"),
    ],
)
def test_option_at_range_edge_accepted(option: str, value: int) -> None:
    assert getattr(Rules(**{option: value}), option) == value


@pytest.mark.parametrize(
    "option, text, member",
    [
        pytest.param("shutout", "game_bonus", Shutout.GAME_BONUS, id="shutout-game-bonus-text"),
        pytest.param("shutout", "points", Shutout.POINTS, id="shutout-points-text"),
        pytest.param("shutout", "total", Shutout.TOTAL, id="shutout-total-text"),
        pytest.param("shutout", "none", Shutout.NONE, id="shutout-none-text"),
        pytest.param("next_dealer", "loser", DealerRule.LOSER, id="next-dealer-loser-text"),
        pytest.param("next_dealer", "winner", DealerRule.WINNER, id="next-dealer-winner-text"),
        pytest.param(
            "next_dealer", "alternate", DealerRule.ALTERNATE, id="next-dealer-alternate-text"
        ),
    ],
)
def test_choice_options_accept_their_text(option: str, text: str, member: object) -> None:
    assert getattr(Rules(**{option: text}), option) is member


@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(Rules(), id="round-trip-standard"),
        pytest.param(preset("pagat"), id="round-trip-pagat"),
        pytest.param(
            Rules(
                target=75,
                columns=2,
                gin_bonus=0,
                big_gin_bonus=0,
                undercut_bonus=15,
                box_bonus=10,
                game_bonus=0,
                shutout=Shutout.TOTAL,
                knock_limit=1,
                next_dealer=DealerRule.ALTERNATE,
                end_after_first_game=True,
            ),
            id="round-trip-every-option-changed",
        ),
        pytest.param(Rules(shutout=Shutout.NONE, target=150), id="round-trip-shutout-none"),
    ],
)
def test_to_dict_from_dict_round_trip(rules: Rules) -> None:
    data = rules.to_dict()
    assert all(  # null: games as many as the columns
        isinstance(v, (int, str, bool, type(None))) and type(v).__module__ == "builtins"
        for v in data.values()
    )
    assert Rules.from_dict(data) == rules


def test_to_dict_every_option_changed() -> None:
    rules = Rules(
        target=75,
        columns=2,
        gin_bonus=0,
        big_gin_bonus=0,
        undercut_bonus=15,
        tie=Tie.NO_BONUS,
        box_bonus=10,
        gin_boxes=3,
        undercut_boxes=2,
        game_bonus=0,
        shutout=Shutout.TOTAL,
        shutout_when=ShutoutWhen.NO_HANDS,
        knock_limit=1,
        next_dealer=DealerRule.ALTERNATE,
        decide_by=DecideBy.NET,
        end_after_first_game=True,
        knock_bonus=15,
        boxes_when=BoxesWhen.EACH_HAND,
        gin_bonus_when=GinBonusWhen.SETTLEMENT,
    )
    every_hand = Rules(
        columns=1, games=5, last_game_double=True, shutout=Shutout.BONUS, shutout_bonus=50
    )
    assert {k: v for k, v in every_hand.to_dict().items() if v != DEFAULT_RULES[k]} == {
        "columns": 1,
        "games": 5,
        "last_game_double": True,
        "shutout": "bonus",
        "shutout_bonus": 50,
    }
    assert rules.to_dict() == {
        **DEFAULT_RULES,  # an option added later, at its default
        "target": 75,
        "columns": 2,
        "gin_bonus": 0,
        "big_gin_bonus": 0,
        "undercut_bonus": 15,
        "tie": "no_bonus",
        "knock_bonus": 15,
        "box_bonus": 10,
        "boxes_when": "each_hand",
        "gin_boxes": 3,
        "undercut_boxes": 2,
        "game_bonus": 0,
        "gin_bonus_when": "settlement",
        "shutout": "total",
        "shutout_bonus": 100,
        "shutout_when": "no_hands",
        "games": None,
        "last_game_double": False,
        "knock_limit": 1,
        "next_dealer": "alternate",
        "decide_by": "net",
        "end_after_first_game": True,
    }


def test_from_dict_missing_keys_take_defaults_and_unknown_keys_refused() -> None:
    assert Rules.from_dict({}) == Rules()
    assert Rules.from_dict({"target": 75}) == Rules(target=75)
    with pytest.raises(RuleError):
        Rules.from_dict({"target": 75, "spade_doubles": True})


# --------------------------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------------------------

PROPERTY_SETTINGS = settings(  # as many examples as the profile says (see conftest.py)
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

# The variants have tests of their own; here every hand is a plain Hollywood hand.
rules_strategy = strategies.rules(oklahoma=False, straight=False, three_handed=False)


def hand_strategy(rules: Rules) -> st.SearchStrategy[Hand]:
    player = st.sampled_from(PLAYERS)
    deadwood = st.integers(0, 98)
    options = [
        st.just(WALL),
        st.builds(Hand.knock, player, st.integers(0, rules.knock_limit), deadwood),
        st.builds(Hand.knock, player, st.integers(1, rules.knock_limit), deadwood),
        st.builds(Hand.gin, player, deadwood),
    ]
    if rules.big_gin_bonus:
        options.append(st.builds(Hand.gin, player, deadwood, st.just(True)))
    return st.one_of(options)


def replay_until_finished(
    rules: Rules, first: str, hands: list[Hand]
) -> tuple[list[Hand], Scoresheet]:
    """Feed the hands, dropping those after the hand that ended the match."""
    try:
        return hands, replay(PLAYERS, rules, first, hands)
    except MatchFinished as finished:
        hands = hands[: finished.number]
        return hands, replay(PLAYERS, rules, first, hands)


@st.composite
def matches(
    draw: st.DrawFn, rules_from: st.SearchStrategy[Rules] = rules_strategy
) -> tuple[Rules, str, list[Hand], Scoresheet]:
    rules = draw(rules_from)
    first = draw(st.sampled_from(PLAYERS))
    # long enough lists that most matches reach their end at the usual targets
    size = draw(st.integers(0, 60))
    hands = draw(st.lists(hand_strategy(rules), min_size=size, max_size=size))
    hands, sheet = replay_until_finished(rules, first, hands)
    return rules, first, hands, sheet


@PROPERTY_SETTINGS
@given(matches())
def test_property_every_hand_is_a_round_and_a_finished_match_takes_no_more(match: Any) -> None:
    rules, first, hands, sheet = match
    assert len(sheet.rounds) == len(hands)
    if sheet.finished:
        with pytest.raises(MatchFinished) as caught:
            replay(PLAYERS, rules, first, [*hands, WALL])
        assert caught.value.number == len(hands)


@PROPERTY_SETTINGS
@given(matches())
def test_property_points_routed_into_listed_games(match: Any) -> None:
    rules, _first, _hands, sheet = match
    for game in sheet.games:
        for player in PLAYERS:
            won = [r for r in sheet.rounds if r.winner == player and game.number in r.games]
            assert sum(r.points + r.box_points for r in won) == game.points[player]
            boxes = {
                Kind.KNOCK: 1,
                Kind.UNDERCUT: rules.undercut_boxes,
                Kind.GIN: rules.gin_boxes,
                Kind.BIG_GIN: rules.gin_boxes,
            }
            assert sum(boxes[r.kind] for r in won) == game.boxes[player]
    for r in sheet.rounds:
        if r.winner is None:
            assert r.games == () and r.ended == () and r.points == 0
        else:
            # every won hand (none follows the end) is entered in at least one game
            assert r.games and set(r.ended) <= set(r.games)
            assert list(r.games) == sorted(set(r.games))
            assert all(1 <= g <= rules.game_count for g in r.games)


def winners_line(
    rules: Rules, points: int, box_bonus: int, aside: int, double: int, rewarded: bool
) -> Line:
    """A game's winner's line worked out from docs/rules.md (Settling a game), with the shutout
    reward or without."""
    reward = rules.shutout if rewarded else None
    points *= 2 if reward is Shutout.POINTS else 1
    bonus = rules.game_bonus * (2 if reward is Shutout.GAME_BONUS else 1)
    bonus += rules.shutout_bonus if reward is Shutout.BONUS else 0
    total = (points + box_bonus + aside + bonus) * (2 if reward is Shutout.TOTAL else 1)
    return Line(points, box_bonus, bonus, rewarded, total * double, aside)


@PROPERTY_SETTINGS
@given(matches())
def test_property_settlement_adds_up(match: Any) -> None:
    rules, _first, _hands, sheet = match
    for game in sheet.games:
        if game.winner is None:
            assert game.settlement is None
            continue
        assert game.settlement is not None
        winner = game.winner
        loser = sheet.opponent(winner)
        lines = game.settlement.lines
        won = {
            p: [r for r in sheet.rounds if r.winner == p and game.number in r.games]
            for p in PLAYERS
        }
        hand_points = {p: sum(r.points for r in won[p]) for p in PLAYERS}
        aside = {p: sum(r.aside for r in won[p]) for p in PLAYERS}
        if rules.shutout_when is ShutoutWhen.NO_POINTS:
            shut = hand_points[loser] == 0
        else:
            shut = not won[loser]
        shut = shut and rules.shutout is not Shutout.NONE
        double = 2 if rules.last_game_double and game.number == rules.game_count else 1
        box_bonus = {p: rules.box_bonus * game.boxes[p] for p in PLAYERS}

        mine = (hand_points[winner], box_bonus[winner], aside[winner], double)
        # the reward is marked (and given) only where it changes what the winner gets
        marked = (
            shut
            and winners_line(rules, *mine, True).total != winners_line(rules, *mine, False).total
        )
        assert lines[winner] == winners_line(rules, *mine, marked)._replace(doubled=double == 2)
        assert game.settlement.net == lines[winner].total - lines[loser].total
        assert game.settlement.nets == {winner: game.settlement.net, loser: -game.settlement.net}
        assert lines[loser] == Line(
            hand_points[loser],
            box_bonus[loser],
            0,
            False,
            (hand_points[loser] + box_bonus[loser] + aside[loser]) * double,
            aside[loser],
            double == 2,
        )


@PROPERTY_SETTINGS
@given(matches())
def test_property_match_nets_are_opposite_and_sum_the_settled_games(match: Any) -> None:
    _rules, _first, _hands, sheet = match
    assert sheet.net[ANN] == -sheet.net[BEN]
    won = [(g.winner, g.settlement.net) for g in sheet.games if g.settlement]
    assert sheet.net[ANN] == sum(net if w == ANN else -net for w, net in won)


@PROPERTY_SETTINGS
@given(matches())
def test_property_columns_bounded_by_target(match: Any) -> None:
    rules, _first, _hands, sheet = match
    for game in sheet.games:
        if game.winner is None:
            assert all(game.points[p] < rules.target for p in PLAYERS)
            continue
        (ending,) = [r for r in sheet.rounds if game.number in r.ended]
        assert ending.winner == game.winner
        entered = ending.points + ending.box_points
        assert rules.target <= game.points[game.winner] < rules.target + entered
        assert game.points[sheet.opponent(game.winner)] < rules.target
        # nothing is entered in a game after it ended
        for player in PLAYERS:
            assert ending.totals[player][game.number - 1] == game.points[player]
            assert all(
                r.totals[player][game.number - 1] == game.points[player]
                for r in sheet.rounds
                if r.number > ending.number
            )


@PROPERTY_SETTINGS
@given(matches())
def test_property_match_end_and_winner(match: Any) -> None:
    rules, _first, _hands, sheet = match
    winners = [g.winner for g in sheet.games]
    if sheet.finished:
        assert not any(g.open for g in sheet.games)
        assert dict(sheet.next_games) == {ANN: (), BEN: ()}
        if rules.end_after_first_game:
            assert any(w is not None for w in winners)
        elif rules.decide_by is DecideBy.NET:
            assert None not in winners
            ann, ben = sheet.net[ANN], sheet.net[BEN]
            assert sheet.winner == (ANN if ann > ben else BEN if ben > ann else None)
        else:
            assert None not in winners
            assert len(winners) == rules.game_count
            most = max(winners.count(p) for p in PLAYERS)
            alone = [p for p in PLAYERS if winners.count(p) == most]
            # the majority of the games wins (one game: its winner); an equal split draws
            assert sheet.winner == (alone[0] if len(alone) == 1 else None)
            assert (sheet.winner is None) == (
                rules.game_count % 2 == 0 and most * 2 == len(winners)
            )
    else:
        assert sheet.winner is None
        assert None in winners
        assert [g.open for g in sheet.games] == [w is None for w in winners]
        if rules.end_after_first_game:
            assert winners == [None] * rules.columns


@PROPERTY_SETTINGS
@given(matches())
def test_property_dealer_follows_the_rule(match: Any) -> None:
    rules, first, _hands, sheet = match
    dealer = first
    for r in sheet.rounds:
        assert r.dealer == dealer
        if r.winner is not None:
            dealer = {
                DealerRule.LOSER: sheet.opponent(r.winner),
                DealerRule.WINNER: r.winner,
                DealerRule.ALTERNATE: sheet.opponent(r.dealer),
            }[rules.next_dealer]
    assert sheet.next_dealer == dealer


@PROPERTY_SETTINGS
@given(
    matches(
        rules_strategy.map(
            lambda r: r.replace(
                columns=3, games=None, end_after_first_game=False, decide_by=DecideBy.GAMES
            )
        )
    )
)
def test_property_finished_three_column_match_has_a_winner(match: Any) -> None:
    _rules, _first, _hands, sheet = match
    if sheet.finished:
        winners = [g.winner for g in sheet.games]
        assert None not in winners
        assert sheet.winner in PLAYERS
        assert winners.count(sheet.winner) >= 2


# The domain speaks the domain: errors carry what was wrong, and name no command or option


def test_a_rule_error_carries_the_rule_the_value_and_what_is_allowed() -> None:
    with pytest.raises(RuleError) as caught:
        Rules(gin_bonus=5000)
    error = caught.value
    assert (error.option, error.value, error.allowed) == ("gin_bonus", 5000, (0, 1000))
    assert str(error) == "gin_bonus must be a whole number from 0 to 1000, not 5000."
    assert error.say(str.upper) == "GIN_BONUS must be a whole number from 0 to 1000, not 5000."


def test_a_rule_that_needs_another_names_both() -> None:
    with pytest.raises(RuleError) as caught:
        Rules(ace_knocks_one=True)
    assert (caught.value.option, caught.value.needs) == ("ace_knocks_one", "oklahoma")
    assert str(caught.value) == "ace_knocks_one is a rule of Oklahoma Gin; add oklahoma."


@pytest.mark.parametrize(
    "rules, hand, why",
    [
        (Rules(oklahoma=True), Hand.knock("Ann", 3, 20), Why.UPCARD),
        (Rules(), Hand.knock("Ann", 3, 20, upcard="7h"), Why.NOT_OKLAHOMA),
        (Rules(straight=True), Hand.knock("Ann", 3, 20), Why.STRAIGHT),
        (Rules(big_gin_bonus=0), Hand.gin("Ann", 20, big=True), Why.NO_BIG_GIN),
        (Rules(), Hand.knock("Ann", 12, 5), Why.OVER_LIMIT),
        (Rules(oklahoma=True), Hand.knock("Ann", 5, 20, upcard="2h"), Why.OVER_LIMIT),
        (Rules(), Hand.knock("Zed", 3, 20), Why.NOT_A_PLAYER),
        (Rules(), Hand.knock("Ann", 3, 99), Why.DEADWOOD),
    ],
)
def test_engine_errors_say_what_is_wrong_and_leave_the_advice_to_the_command_line(
    rules: Rules, hand: Hand, why: Why
) -> None:
    with pytest.raises(InvalidHand) as refused:
        replay(("Ann", "Ben"), rules, "Ann", [hand])
    assert refused.value.why is why
    said = str(refused.value)
    assert not any(advice in said for advice in ("--", "scorekeeper", "Record it", "Enter "))


def test_a_finished_match_error_names_the_hand_and_no_command() -> None:
    with pytest.raises(MatchFinished) as over:
        replay(
            ("Ann", "Ben"),
            Rules(target=10, end_after_first_game=True),
            "Ann",
            [Hand.knock("Ann", 1, 30), Hand.wall()],
        )
    assert over.value.number == 1 and "scorekeeper" not in str(over.value)


@pytest.mark.parametrize(
    "hand, typed",
    [
        (Hand.knock("Ann", 3, 20), "Hand.knock('Ann', 3, 20)"),
        (Hand.knock("Ann", 3, 20, "7♥"), "Hand.knock('Ann', 3, 20, upcard='7♥')"),
        (Hand.gin("Ben", 12), "Hand.gin('Ben', 12)"),
        (Hand.gin("Ben", 12, big=True), "Hand.gin('Ben', 12, big=True)"),
        (Hand.wall(), "Hand.wall()"),
        (Hand.wall("K♠", "Cid"), "Hand.wall(upcard='K♠', table='Cid')"),
    ],
)
def test_a_hand_is_shown_the_way_it_is_made(hand: Hand, typed: str) -> None:
    assert repr(hand) == typed
    assert eval(typed, {"Hand": Hand}) == hand
