"""The rules of other tables (RULES.md sections 1-6): a tie to the knocker, the knock bonus, boxes
as they come, the gin bonus at the settlement, the shutout bonus, Endless Hollywood, the last
game double, Oklahoma's lower limit, spades doubling boxes, the dealer sitting out, and the
options that do not go together.

Every expected figure is worked out by hand from RULES.md in the comment beside it; the engine
is only asked for the value under test.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest
from harness import (
    A,
    B,
    Run,
    game_of,
    line,
    new_match,
    ok,
    parse_csv,
    refused,
    refused_together,
    sheet,
)

from scorekeeper.engine import Hand, InvalidHand, Kind, Line, Score, Seating, replay, score
from scorekeeper.engine.tables import first_dealers
from scorekeeper.rules import (
    NEEDS,
    NOT_WITH,
    BoxesWhen,
    DecideBy,
    GinBonusWhen,
    OklahomaLimit,
    RuleError,
    Rules,
    Shutout,
    ShutoutWhen,
    Tie,
    named_preset,
)

ANN, BEN, CID = "Ann", "Ben", "Cid"
TWO = (ANN, BEN)
THREE = (ANN, BEN, CID)
K, G, W = Hand.knock, Hand.gin, Hand.wall


def settled(rules: Rules, hands: list[Hand]) -> dict[str, Line]:
    """The lines of Game 1 once these hands are played, Ann dealing first."""
    game = replay(TWO, rules, ANN, hands).games[0]
    assert game.settlement is not None, "Game 1 has not ended"
    return dict(game.settlement.lines)


# One hand (section 1): ties, the knock bonus; (section 6) Oklahoma's limit and spade boxes

KNOCKER = Rules(tie=Tie.KNOCKER)
BONUS_15 = Rules(knock_bonus=15)
OKLAHOMA_LOWER = Rules(oklahoma=True, oklahoma_limit=OklahomaLimit.LOWER, knock_limit=7)
SPADE_BOXES = Rules(oklahoma=True, spades_double_boxes=True, gin_boxes=3, undercut_boxes=2)


@pytest.mark.parametrize(
    "rules, hand, expected",
    [
        # tie knocker: 5 v 5 is the knocker's knock, 5 - 5 = 0 points, the knock's one box.
        pytest.param(KNOCKER, K(ANN, 5, 5), Score(Kind.KNOCK, ANN, 0, 1), id="tie-knocker"),
        # plus the knock bonus: 0 + 15 = 15.
        pytest.param(
            KNOCKER.replace(knock_bonus=15),
            K(ANN, 5, 5),
            Score(Kind.KNOCK, ANN, 15, 1),
            id="tie-knocker-with-knock-bonus",
        ),
        # only the tie changes: 6 v 4 is still Ben's undercut, 6 - 4 + 25 = 27.
        pytest.param(
            KNOCKER, K(ANN, 6, 4), Score(Kind.UNDERCUT, BEN, 27), id="tie-knocker-undercut-stays"
        ),
        # knock bonus 15: 5 v 13 scores 13 - 5 + 15 = 23 (RULES.md's example).
        pytest.param(BONUS_15, K(ANN, 5, 13), Score(Kind.KNOCK, ANN, 23), id="knock-bonus"),
        # never on an undercut: 6 v 4 -> Ben 6 - 4 + 25 = 27.
        pytest.param(
            BONUS_15, K(ANN, 6, 4), Score(Kind.UNDERCUT, BEN, 27), id="knock-bonus-not-undercut"
        ),
        # nor on a tie undercut: 5 v 5 -> Ben 0 + 25 = 25.
        pytest.param(
            BONUS_15, K(ANN, 5, 5), Score(Kind.UNDERCUT, BEN, 25), id="knock-bonus-not-tie-undercut"
        ),
        # never on a gin: 10 + 25 = 35; big gin 10 + 31 = 41.
        pytest.param(BONUS_15, G(ANN, 10), Score(Kind.GIN, ANN, 35), id="knock-bonus-not-gin"),
        pytest.param(
            BONUS_15,
            G(ANN, 10, big=True),
            Score(Kind.BIG_GIN, ANN, 41),
            id="knock-bonus-not-big-gin",
        ),
        # a spade doubles it with the rest: (13 - 5 + 15) x 2 = 46.
        pytest.param(
            Rules(oklahoma=True, knock_bonus=15),
            K(ANN, 5, 13, "7♠"),
            Score(Kind.KNOCK, ANN, 46, doubled=True),
            id="knock-bonus-doubled-by-a-spade",
        ),
        # oklahoma_limit lower, knock_limit 7: a king up-card (10) allows 7: 7 v 20 = 13.
        pytest.param(
            OKLAHOMA_LOWER, K(ANN, 7, 20, "K♥"), Score(Kind.KNOCK, ANN, 13), id="lower-king-7"
        ),
        # a 5 up-card allows 5, the lower of 5 and 7: 5 v 20 = 15.
        pytest.param(
            OKLAHOMA_LOWER, K(ANN, 5, 20, "5♥"), Score(Kind.KNOCK, ANN, 15), id="lower-five-5"
        ),
        # the up-card's limit (default) goes above knock_limit 7: a king allows 8 v 20 = 12.
        pytest.param(
            Rules(oklahoma=True, knock_limit=7),
            K(ANN, 8, 20, "K♥"),
            Score(Kind.KNOCK, ANN, 12),
            id="upcard-king-above-the-knock-limit",
        ),
        # spades double boxes, gin_boxes 3: a spade gin v 10 earns 1 + 2 x 2 = 5 boxes and
        # (10 + 25) x 2 = 70 points.
        pytest.param(
            SPADE_BOXES,
            G(ANN, 10, upcard="7♠"),
            Score(Kind.GIN, ANN, 70, 5, doubled=True),
            id="spade-gin-5-boxes",
        ),
        # undercut_boxes 2: a spade undercut (6 v 4) earns 1 + 1 x 2 = 3 boxes, (2 + 25) x 2 = 54.
        pytest.param(
            SPADE_BOXES,
            K(ANN, 6, 4, "7♠"),
            Score(Kind.UNDERCUT, BEN, 54, 3, doubled=True),
            id="spade-undercut-3-boxes",
        ),
        # a knock still earns 1: 3 v 20 = 17 x 2 = 34.
        pytest.param(
            SPADE_BOXES,
            K(ANN, 3, 20, "7♠"),
            Score(Kind.KNOCK, ANN, 34, 1, doubled=True),
            id="spade-knock-1-box",
        ),
        # no spade, no doubling: gin v 10 = 35, its 3 boxes.
        pytest.param(
            SPADE_BOXES,
            G(ANN, 10, upcard="7♥"),
            Score(Kind.GIN, ANN, 35, 3),
            id="heart-gin-3-boxes",
        ),
        # without spades_double_boxes a spade doubles the points only: 70, 3 boxes.
        pytest.param(
            SPADE_BOXES.replace(spades_double_boxes=False),
            G(ANN, 10, upcard="7♠"),
            Score(Kind.GIN, ANN, 70, 3, doubled=True),
            id="spade-gin-boxes-not-doubled-by-default",
        ),
        # gin bonus at the settlement: gin v 10 puts 10 in the column, 25 aside.
        pytest.param(
            Rules(gin_bonus_when=GinBonusWhen.SETTLEMENT),
            G(ANN, 10),
            Score(Kind.GIN, ANN, 10, aside=25),
            id="gin-bonus-aside",
        ),
        # big gin: 10 in the column, 31 aside.
        pytest.param(
            Rules(gin_bonus_when=GinBonusWhen.SETTLEMENT),
            G(ANN, 10, big=True),
            Score(Kind.BIG_GIN, ANN, 10, aside=31),
            id="big-gin-bonus-aside",
        ),
        # a spade doubles both: 10 x 2 = 20 in the column, 25 x 2 = 50 aside.
        pytest.param(
            Rules(oklahoma=True, gin_bonus_when=GinBonusWhen.SETTLEMENT),
            G(ANN, 10, upcard="7♠"),
            Score(Kind.GIN, ANN, 20, doubled=True, aside=50),
            id="gin-bonus-aside-doubled-by-a-spade",
        ),
    ],
)
def test_one_hand(rules: Rules, hand: Hand, expected: Score) -> None:
    assert score(rules, TWO, hand) == expected


@pytest.mark.parametrize(
    "rules, hand",
    [
        # lower: a king allows 7, so 8 is over the limit.
        pytest.param(OKLAHOMA_LOWER, K(ANN, 8, 20, "K♥"), id="lower-king-refuses-8"),
        # a 5 allows 5, so 6 is over it.
        pytest.param(OKLAHOMA_LOWER, K(ANN, 6, 20, "5♥"), id="lower-five-refuses-6"),
        # an ace: gin only, whatever the limit.
        pytest.param(OKLAHOMA_LOWER, K(ANN, 1, 20, "A♥"), id="lower-ace-gin-only"),
    ],
)
def test_a_knock_over_the_hands_limit_is_refused(rules: Rules, hand: Hand) -> None:
    with pytest.raises(InvalidHand):
        score(rules, TWO, hand)


def test_tie_knocker_opens_columns_and_counts_for_the_dealer_rule() -> None:
    # Ann deals; Ann knocks 5 v 5 twice. As the knocker's knocks: hand 1 scores 0 in Game 1
    # (1 box), hand 2 opens Game 2 and scores 0 in Games 1 and 2; the loser, Ben, deals both
    # hands after them.
    sheet = replay(TWO, KNOCKER, ANN, [K(ANN, 5, 5), K(ANN, 5, 5)])
    assert [(r.kind, r.winner, r.points, r.games) for r in sheet.rounds] == [
        (Kind.KNOCK, ANN, 0, (1,)),
        (Kind.KNOCK, ANN, 0, (1, 2)),
    ]
    assert [r.dealer for r in sheet.rounds] == [ANN, BEN] and sheet.next_dealer == BEN
    assert [dict(g.boxes) for g in sheet.games] == [
        {ANN: 2, BEN: 0},
        {ANN: 1, BEN: 0},
        {ANN: 0, BEN: 0},
    ]
    # Under the default, the same ties are Ben's undercuts (25 each): Ann, the loser, deals.
    default = replay(TWO, Rules(), ANN, [K(ANN, 5, 5), K(ANN, 5, 5)])
    assert [(r.winner, r.points, r.dealer) for r in default.rounds] == [
        (BEN, 25, ANN),
        (BEN, 25, ANN),
    ]


# Boxes as they come (section 3, boxes_when each_hand)

EACH_HAND = Rules(boxes_when=BoxesWhen.EACH_HAND, box_bonus=10, columns=1)
FIVE_KNOCKS = [K(ANN, 1, 11)] * 5  # 10 points each


def test_boxes_as_they_come_count_toward_the_target() -> None:
    # Each knock of 10 adds 10 points and its box, 10, at once: 20, 40, 60, 80, 100: the
    # fifth ends the game (and the one-game match).
    sheet = replay(TWO, EACH_HAND, ANN, FIVE_KNOCKS)
    assert [r.totals[ANN] for r in sheet.rounds] == [(20,), (40,), (60,), (80,), (100,)]
    assert [r.box_points for r in sheet.rounds] == [10] * 5
    assert [r.ended for r in sheet.rounds] == [(), (), (), (), (1,)]
    assert sheet.finished and sheet.winner == ANN
    # At the game's end (the default) the same knocks make 50: nothing has ended.
    later = replay(TWO, EACH_HAND.replace(boxes_when=BoxesWhen.GAME_END), ANN, FIVE_KNOCKS)
    assert later.rounds[-1].totals[ANN] == (50,) and not later.finished


def test_boxes_as_they_come_in_every_game_the_hand_is_entered_in() -> None:
    # Three columns, box bonus 10: Ann's three knocks of 10 go into Game 1, Games 1-2,
    # Games 1-3, each with its box: Game 1 3 x 20 = 60, Game 2 2 x 20 = 40, Game 3 20.
    rules = EACH_HAND.replace(columns=3)
    sheet = replay(TWO, rules, ANN, FIVE_KNOCKS[:3])
    assert sheet.rounds[-1].totals[ANN] == (60, 40, 20)


@pytest.mark.parametrize(
    "shutout, winner",
    [
        # The five knocks: hand points 5 x 10 = 50, box bonus 5 x 10 = 50 (already in the
        # column). Ben scored nothing: the game bonus doubled, 50 + 50 + 200 = 300.
        pytest.param(Shutout.GAME_BONUS, Line(50, 50, 200, True, 300), id="game-bonus"),
        # points: the hand points alone doubled, 100 + 50 + 100 = 250 (not the box points).
        pytest.param(
            Shutout.POINTS, Line(100, 50, 100, True, 250), id="points-doubles-hand-points"
        ),
        # total: (50 + 50 + 100) x 2 = 400.
        pytest.param(Shutout.TOTAL, Line(50, 50, 100, True, 400), id="total"),
    ],
)
def test_boxes_as_they_come_settle_in_a_points_and_a_box_bonus_line(
    shutout: Shutout, winner: Line
) -> None:
    lines = settled(EACH_HAND.replace(shutout=shutout), FIVE_KNOCKS)
    assert lines == {ANN: winner, BEN: Line(0, 0, 0, False, 0)}


@pytest.mark.parametrize(
    "when, winner, ben_net",
    [
        # tie no_bonus: Ben's tie (Ann 5 v 5) scores 0 points and its box, 10 in his column.
        # Then Ann's five knocks make 100. Ben scored no hand points: shut out under
        # no_points: Ann 50 + 50 + 200 = 300; Ben 0 + 10 = 10; net 290.
        pytest.param(ShutoutWhen.NO_POINTS, Line(50, 50, 200, True, 300), -290, id="no-points"),
        # no_hands: Ben won a hand: not shut out: Ann 50 + 50 + 100 = 200, net 190.
        pytest.param(ShutoutWhen.NO_HANDS, Line(50, 50, 100, False, 200), -190, id="no-hands"),
    ],
)
def test_no_points_for_the_shutout_counts_hand_points_only(
    when: ShutoutWhen, winner: Line, ben_net: int
) -> None:
    rules = EACH_HAND.replace(tie=Tie.NO_BONUS, shutout_when=when)
    sheet = replay(TWO, rules, ANN, [K(ANN, 5, 5), *FIVE_KNOCKS])
    assert dict(sheet.games[0].points) == {ANN: 100, BEN: 10}  # the box is in his column
    settlement = sheet.games[0].settlement
    assert settlement is not None
    assert dict(settlement.lines) == {ANN: winner, BEN: Line(0, 10, 0, False, 10)}
    assert dict(sheet.net) == {ANN: -ben_net, BEN: ben_net}


def test_only_the_first_game_counts_hand_points_not_the_boxes_as_they_come() -> None:
    # Target 30, box 10 at once. Ann 1 v 9 = 8 (Game 1: 18). Ben 1 v 2 = 1, three times:
    # Game 1 11, 22, 33: the third ends Game 1, and the match. Column points without the
    # boxes: Ann 8; Ben 3 + 2 + 1 = 6: Ann wins (with them Ben would have 33 + 22 + 11).
    # Game 1: Ben 3 + 3 boxes 30 + 100 (Ann scored) = 133; Ann 8 + 10 = 18; net 115, so the
    # winner on points has a match net of -115.
    rules = EACH_HAND.replace(columns=3, target=30, end_after_first_game=True)
    sheet = replay(TWO, rules, ANN, [K(ANN, 1, 9), *[K(BEN, 1, 2)] * 3])
    assert sheet.finished and dict(sheet.tally) == {ANN: 8, BEN: 6} and sheet.winner == ANN
    assert dict(sheet.net) == {ANN: -115, BEN: 115}


# The gin bonus at the settlement (section 3, gin_bonus_when settlement)

AT_SETTLEMENT = Rules(gin_bonus_when=GinBonusWhen.SETTLEMENT)
#: Two columns to 20: Ann 1 v 11 = 10 (Game 1: 10); Ann gin v 10 = 10 in Games 1 and 2, its
#: bonus 25 aside in each (Game 1: 20, ends; Game 2: 10); Ann 1 v 11 = 10 (Game 2: 20, ends).
#: Ben scores nothing. Each game: Ann 20 hand points, 2 boxes, 25 aside.
GIN_ASIDE = [K(ANN, 1, 11), G(ANN, 10), K(ANN, 1, 11)]


def test_the_gin_bonus_at_the_settlement_does_not_count_toward_the_target() -> None:
    # One column: Ann 2 v 82 = 80; gin v 15 adds 15 (not 40): 95 < 100, the game goes on.
    sheet = replay(TWO, AT_SETTLEMENT.replace(columns=1), ANN, [K(ANN, 2, 82), G(ANN, 15)])
    assert dict(sheet.games[0].points) == {ANN: 95, BEN: 0}
    assert sheet.games[0].open and sheet.rounds[-1].aside == 25
    # In the column (the default) it is 80 + 40 = 120: the game is over.
    assert replay(TWO, Rules(columns=1), ANN, [K(ANN, 2, 82), G(ANN, 15)]).finished


@pytest.mark.parametrize(
    "shutout, winner",
    [
        # game bonus doubled: 20 + 2 x 25 + 25 gin bonus + 200 = 295.
        pytest.param(Shutout.GAME_BONUS, Line(20, 50, 200, True, 295, 25), id="game-bonus"),
        # points: the hand points doubled, not the gin bonus: 40 + 50 + 25 + 100 = 215.
        pytest.param(Shutout.POINTS, Line(40, 50, 100, True, 215, 25), id="points-not-gin-bonus"),
        # total: everything doubled, the gin bonus too: (20 + 50 + 25 + 100) x 2 = 390.
        pytest.param(Shutout.TOTAL, Line(20, 50, 100, True, 390, 25), id="total-doubles-it"),
        # none: 20 + 50 + 25 + 100 = 195.
        pytest.param(Shutout.NONE, Line(20, 50, 100, False, 195, 25), id="none"),
    ],
)
def test_the_gin_bonus_is_its_own_line_in_each_game_the_gin_entered(
    shutout: Shutout, winner: Line
) -> None:
    rules = AT_SETTLEMENT.replace(columns=2, target=20, shutout=shutout)
    sheet = replay(TWO, rules, ANN, GIN_ASIDE)
    assert [r.games for r in sheet.rounds] == [(1,), (1, 2), (2,)]
    for game in sheet.games:
        assert game.settlement is not None
        assert dict(game.settlement.lines) == {ANN: winner, BEN: Line(0, 0, 0, False, 0)}


def test_a_gin_for_no_hand_points_does_not_save_the_shutout() -> None:
    # One column to 30: Ben gin v 0 puts 0 in his column and 25 aside; Ann 2 v 32 = 30 ends
    # the game. Ben scored no hand points: shut out. Ann 30 + 25 + 200 = 255; Ben 0 + 1 box
    # 25 + 25 gin bonus = 50. Net 205.
    rules = AT_SETTLEMENT.replace(columns=1, target=30)
    lines = settled(rules, [G(BEN, 0), K(ANN, 2, 32)])
    assert lines == {ANN: Line(30, 25, 200, True, 255, 0), BEN: Line(0, 25, 0, False, 50, 25)}


def test_a_spade_doubles_the_gin_bonus_kept_aside() -> None:
    # Oklahoma, one column to 20: Ann gin v 10 under 7♠: 20 in the column (ends), 50 aside.
    # Ann 20 + 1 box 25 + 50 + 200 (Ben shut out) = 295.
    rules = AT_SETTLEMENT.replace(oklahoma=True, columns=1, target=20)
    lines = settled(rules, [G(ANN, 10, upcard="7♠")])
    assert lines[ANN] == Line(20, 25, 200, True, 295, 50)


# The shutout bonus (section 3, shutout bonus)


@pytest.mark.parametrize(
    "rules, hands, winner, net",
    [
        # One column to 30: Ann 2 v 32 = 30, Ben on 0: 30 + 25 + (100 + 50) = 205, marked.
        pytest.param(
            Rules(shutout=Shutout.BONUS, shutout_bonus=50),
            [K(ANN, 2, 32)],
            Line(30, 25, 150, True, 205),
            205,
            id="shutout-bonus-50",
        ),
        # The default shutout_bonus is 100: 30 + 25 + 200 = 255.
        pytest.param(
            Rules(shutout=Shutout.BONUS),
            [K(ANN, 2, 32)],
            Line(30, 25, 200, True, 255),
            255,
            id="shutout-bonus-default-100",
        ),
        # shutout_bonus 0 adds nothing: 30 + 25 + 100 = 155, not marked.
        pytest.param(
            Rules(shutout=Shutout.BONUS, shutout_bonus=0),
            [K(ANN, 2, 32)],
            Line(30, 25, 100, False, 155),
            155,
            id="shutout-bonus-0-not-marked",
        ),
        # Ben knocked 1 v 11 = 10 first: no shutout. Ann 30 + 25 + 100 = 155, Ben 10 + 25
        # = 35, net 120.
        pytest.param(
            Rules(shutout=Shutout.BONUS, shutout_bonus=50),
            [K(BEN, 1, 11), K(ANN, 2, 32)],
            Line(30, 25, 100, False, 155),
            120,
            id="no-shutout-no-bonus",
        ),
    ],
)
def test_the_shutout_bonus_of_two_players(
    rules: Rules, hands: list[Hand], winner: Line, net: int
) -> None:
    sheet = replay(TWO, rules.replace(columns=1, target=30), ANN, hands)
    settlement = sheet.games[0].settlement
    assert settlement is not None
    assert settlement.lines[ANN] == winner and settlement.net == net


#: Three-handed, Ann v Ben first, Cid sitting out: 1 Ben 1 v 51 = 50 (Ann sits out); 2 Ben
#: 1 v 21 = 20 against Cid (Cid sits out); 3 Ann 2 v 63 = 61 against Ben (Ben sits out); 4 Ann
#: 2 v 12 = 10 against Cid (Cid sits out); 5 Ben 1 v 31 = 30 against Ann: Ben 100, the end.
#: Totals: Ben 100 + 3 boxes 75 + 100 = 275; Ann 71 + 2 boxes 50 = 121; Cid 0.
CID_SHUT_OUT = [K(BEN, 1, 51), K(BEN, 1, 21), K(ANN, 2, 63), K(ANN, 2, 12), K(BEN, 1, 31)]
#: Ben 1 v 51 = 50 against Ann, then 1 v 51 = 50 against Cid: Ben 100 + 2 boxes + 100 = 250;
#: Ann and Cid 0, both shut out.
BOTH_SHUT_OUT = [K(BEN, 1, 51), K(BEN, 1, 51)]


@pytest.mark.parametrize(
    "bonus, hands, nets, shut_out",
    [
        # Cid pays 50 besides the difference: Ben (275 - 121) + (275 - 0) + 50 = +479;
        # Ann (121 - 275) + (121 - 0) = -33; Cid (0 - 275) + (0 - 121) - 50 = -446.
        pytest.param(50, CID_SHUT_OUT, {ANN: -33, BEN: 479, CID: -446}, (CID,), id="one-pays"),
        # Each shut out pays: Ben (250 - 0) + 50 + (250 - 0) + 50 = +600; Ann and Cid
        # (0 - 250) - 50 + (0 - 0) = -300 each.
        pytest.param(
            50, BOTH_SHUT_OUT, {ANN: -300, BEN: 600, CID: -300}, (ANN, CID), id="each-pays"
        ),
        # shutout_bonus 0: nobody pays more: Ben +500, Ann and Cid -250; not a shutout.
        pytest.param(0, BOTH_SHUT_OUT, {ANN: -250, BEN: 500, CID: -250}, (), id="bonus-0"),
    ],
)
def test_the_shutout_bonus_of_three_players(
    bonus: int, hands: list[Hand], nets: dict[str, int], shut_out: tuple[str, ...]
) -> None:
    rules = Rules(three_handed=True, columns=1, shutout=Shutout.BONUS, shutout_bonus=bonus)
    game = replay(THREE, rules, ANN, hands).games[0]
    assert game.settlement is not None and game.winner == BEN
    assert dict(game.settlement.nets) == nets
    assert game.settlement.shut_out == shut_out
    assert game.settlement.lines[BEN].shutout is bool(shut_out)


# Endless Hollywood (section 2, games)

ENDLESS = Rules(games=6)
#: Ann knocks 1 v 11 = 10 three times (Games 1, 1-2, 1-3: 30, 20, 10), then 2 v 72 = 70
#: (Games 1-3: 100, 90, 80): Game 1 ends and Game 4 opens in its column.
ANN_ENDS_GAME_1 = [K(ANN, 1, 11)] * 3 + [K(ANN, 2, 72)]


def test_when_game_1_ends_game_4_opens_in_its_column() -> None:
    sheet = replay(TWO, ENDLESS, ANN, ANN_ENDS_GAME_1)
    assert sheet.rounds[-1].games == (1, 2, 3) and sheet.rounds[-1].ended == (1,)
    assert [(g.number, g.column, g.open) for g in sheet.games] == [
        (1, 1, False),
        (2, 2, True),
        (3, 3, True),
        (4, 1, True),
    ]
    assert sheet.rounds[-1].totals[ANN] == (100, 90, 80, 0)
    # Ann, who had opened Games 1-3, scores her next win in Games 2, 3 and 4.
    assert sheet.next_games[ANN] == (2, 3, 4)
    # Ann 1 v 6 = 5: Games 2, 3, 4: 95, 85, 5.
    more = replay(TWO, ENDLESS, ANN, [*ANN_ENDS_GAME_1, K(ANN, 1, 6)])
    assert more.rounds[-1].games == (2, 3, 4) and more.rounds[-1].totals[ANN] == (100, 95, 85, 5)


def test_a_player_shut_out_of_an_ended_game_opens_the_next_in_progress() -> None:
    # Ben had won nothing when Game 1 ended: his wins open Game 2, then 3, then 4.
    sheet = replay(TWO, ENDLESS, ANN, [*ANN_ENDS_GAME_1, *[K(BEN, 1, 11)] * 3])
    assert [r.games for r in sheet.rounds[4:]] == [(2,), (2, 3), (2, 3, 4)]


def test_one_hand_ending_two_games_opens_two_in_their_columns_in_number_order() -> None:
    # Five games. Ann 1 v 11 three times (Game 1 30, Game 2 20, Game 3 10), then 2 v 82 = 80:
    # Game 1 110 and Game 2 100 end, Game 3 90. Games 4 and 5 open in columns 1 and 2.
    hands = [*[K(ANN, 1, 11)] * 3, K(ANN, 2, 82)]
    sheet = replay(TWO, Rules(games=5), ANN, hands)
    assert sheet.rounds[-1].ended == (1, 2)
    assert [(g.number, g.column) for g in sheet.games] == [(1, 1), (2, 2), (3, 3), (4, 1), (5, 2)]
    # Ann's next win: Game 3 (hers) and Game 4 (the lowest she has not opened); Ben's: Game 3.
    assert sheet.next_games == {ANN: (3, 4), BEN: (3,)}
    # With four games only Game 4 opens (in column 1): two games in progress.
    four = replay(TWO, Rules(games=4), ANN, hands)
    assert [(g.number, g.column, g.open) for g in four.games][2:] == [(3, 3, True), (4, 1, True)]


def test_one_column_with_games_n_is_n_plain_games_in_a_row() -> None:
    # One column, three games to 50. Ann 1 v 51 = 50 ends Game 1 (Ben on 0: 50 + 25 + 200 =
    # 275); Game 2 opens: Ben 1 v 51 = 50 ends it (275 the same way); Game 3: Ann 1 v 51
    # ends it (275). Ann 2 games, Ben 1: Ann wins; net Ann 275 - 275 + 275 = +275.
    rules = Rules(columns=1, games=3, target=50)
    sheet = replay(TWO, rules, ANN, [K(ANN, 1, 51), K(BEN, 1, 51), K(ANN, 1, 51)])
    assert [r.games for r in sheet.rounds] == [(1,), (2,), (3,)]
    assert [(g.number, g.column, g.winner) for g in sheet.games] == [
        (1, 1, ANN),
        (2, 1, BEN),
        (3, 1, ANN),
    ]
    assert [g.settlement.net for g in sheet.games if g.settlement] == [275, 275, 275]
    assert sheet.finished and sheet.winner == ANN and dict(sheet.net) == {ANN: 275, BEN: -275}


#: One column, two games to 50: Ann 1 v 51 = 50 ends Game 1: 50 + 25 + 200 = 275 (Ben shut
#: out); Ben gin v 50 = 75 ends Game 2: 75 + 25 + 200 = 300. One game each; net Ben +25.
SPLIT = [K(ANN, 1, 51), G(BEN, 50)]


def test_an_equal_split_of_the_games_draws_and_decide_by_net_does_not() -> None:
    rules = Rules(columns=1, games=2, target=50)
    by_games = replay(TWO, rules, ANN, SPLIT)
    assert by_games.finished and by_games.winner is None
    assert dict(by_games.tally) == {ANN: 1, BEN: 1}
    assert dict(by_games.net) == {ANN: -25, BEN: 25}
    by_net = replay(TWO, rules.replace(decide_by=DecideBy.NET), ANN, SPLIT)
    assert by_net.winner == BEN and dict(by_net.net) == {ANN: -25, BEN: 25}


def test_games_left_at_their_default_follow_the_columns() -> None:
    assert [Rules(columns=n).game_count for n in (1, 2, 3)] == [1, 2, 3]
    assert Rules(columns=2, games=7).game_count == 7
    with pytest.raises(RuleError):
        Rules(columns=3, games=2)  # fewer games than columns


# The last game counts double (section 3, last_game_double)


@pytest.mark.parametrize(
    "rules, ben, net",
    [
        # Game 2, the last, doubles each total after the shutout: Ben (75 + 25 + 200) x 2 =
        # 600; net 600. Game 1 as it was: 275. Match net Ann 275 - 600 = -325, Ben +325.
        pytest.param(Rules(), Line(75, 25, 200, True, 600, doubled=True), 325, id="doubled"),
        # total shutout: (75 + 25 + 100) x 2 = 400, doubled again = 800 (Game 1: (50 + 25 +
        # 100) x 2 = 350). Net Ben 800 - 350 = +450.
        pytest.param(
            Rules(shutout=Shutout.TOTAL),
            Line(75, 25, 100, True, 800, doubled=True),
            450,
            id="after-a-total-shutout",
        ),
    ],
)
def test_the_last_game_counts_double(rules: Rules, ben: Line, net: int) -> None:
    rules = rules.replace(columns=1, games=2, target=50, last_game_double=True)
    sheet = replay(TWO, rules, ANN, SPLIT)
    first, last = (g.settlement for g in sheet.games)
    assert first is not None and last is not None
    assert not first.lines[ANN].doubled
    assert last.lines == {BEN: ben, ANN: Line(0, 0, 0, False, 0, doubled=True)}
    assert dict(sheet.net) == {ANN: -net, BEN: net}
    # decide_by games: one game each is still a draw; by net Ben wins.
    assert sheet.winner is None
    assert replay(TWO, rules.replace(decide_by=DecideBy.NET), ANN, SPLIT).winner == BEN


def test_the_last_game_is_the_highest_numbered_of_three_columns() -> None:
    # Three columns to 10, no box or game bonus, no shutout: the nets are the points.
    # Ann 2 v 13 = 11 (Game 1, ends); Ann 2 v 13 = 11 (Game 2, ends); Ben gin v 0 = 25
    # (Game 3, his first win, ends). Nets 11, 11, 25 x 2 = 50: Ann 22 - 50 = -28.
    rules = Rules(target=10, box_bonus=0, game_bonus=0, shutout=Shutout.NONE, last_game_double=True)
    sheet = replay(TWO, rules, ANN, [K(ANN, 2, 13), K(ANN, 2, 13), G(BEN, 0)])
    assert [g.settlement.net for g in sheet.games if g.settlement] == [11, 11, 50]
    assert dict(sheet.net) == {ANN: -28, BEN: 28}


def test_the_last_game_double_is_refused_with_one_game() -> None:
    with pytest.raises(RuleError):
        Rules(columns=1, last_game_double=True)
    assert Rules(columns=1, games=2, last_game_double=True).last_game_double


# Spades double boxes under boxes as they come (section 6)


@pytest.mark.parametrize(
    "double_boxes, box_points",
    [
        # 5 boxes (1 + 2 x 2) of 10 each: 50 at once; gin (10 + 25) x 2 = 70 -> 120.
        pytest.param(True, 50, id="the-boxes-value-follows-their-number"),
        # 3 boxes, not doubled: 30 -> 100.
        pytest.param(False, 30, id="the-spade-doubles-no-box-otherwise"),
    ],
)
def test_spade_boxes_as_they_come(double_boxes: bool, box_points: int) -> None:
    rules = SPADE_BOXES.replace(
        spades_double_boxes=double_boxes,
        boxes_when=BoxesWhen.EACH_HAND,
        box_bonus=10,
        columns=1,
        target=150,
    )
    (hand,) = replay(TWO, rules, ANN, [G(ANN, 10, upcard="7♠")]).rounds
    assert hand.box_points == box_points and hand.totals[ANN] == (70 + box_points,)


# The dealer sits out (section 6, dealer_sits_out)

SITS_OUT_DEALS = Rules(three_handed=True, columns=1, dealer_sits_out=True)


def test_the_dealer_sits_out_and_the_loser_deals_the_next() -> None:
    # The first dealer is the third named, Cid, who sits out: Ann v Ben. Ann wins: Ben, the
    # loser, sits out and deals Ann v Cid. A wall: the same again. Cid wins: Ann sits out
    # and deals Ben v Cid.
    assert first_dealers(SITS_OUT_DEALS, THREE) == (CID,)
    assert first_dealers(Rules(three_handed=True, columns=1), THREE) == (ANN, BEN)
    sheet = replay(THREE, SITS_OUT_DEALS, CID, [K(ANN, 2, 12), W(), K(CID, 2, 12)])
    assert [r.seating for r in sheet.rounds] == [
        Seating((ANN, BEN), CID, CID),
        Seating((ANN, CID), BEN, BEN),
        Seating((ANN, CID), BEN, BEN),
    ]
    assert sheet.seating == Seating((BEN, CID), ANN, ANN)
    # Without it, the same hands: the player who sat out deals to the winner.
    plain = replay(THREE, Rules(three_handed=True, columns=1), ANN, [K(ANN, 2, 12)])
    assert plain.seating == Seating((ANN, CID), CID, BEN)


# The options that do not go together, refused by ``new`` (exit 2, nothing stored)


#: Each pair of options declared to go together (``needs``) or not (``not_with``): the names,
#: the options of ``new`` that set the first against the second, and what the refusal names.
#: An option added later keeps its own pairs in its own test module's ``REFUSED_TOGETHER``.
REFUSED_TOGETHER = [
    # needs: the shutout bonus is the reward of --shutout bonus.
    pytest.param(
        ("shutout_bonus", "shutout"),
        [A, B],
        ["--shutout-bonus", "50"],
        ["--shutout-bonus", "--shutout bonus"],
        id="shutout-bonus-needs-shutout-bonus",
    ),
    pytest.param(
        ("shutout_bonus", "shutout"),
        [A, B],
        ["--shutout", "none", "--shutout-bonus", "50"],
        ["--shutout-bonus", "--shutout bonus"],
        id="shutout-bonus-needs-shutout-bonus-not-none",
    ),
    # not_with: more games than columns is a two-player sheet of several games.
    pytest.param(
        ("games", "three_handed"),
        [A, B, "Cid"],
        ["--games", "3"],
        ["--games", "three players"],
        id="games-not-with-three-players",
    ),
    pytest.param(
        ("games", "end_after_first_game"),
        [A, B],
        ["--games", "4", "--end-after-first-game"],
        ["--games", "--end-after-first-game"],
        id="games-not-with-end-after-first-game",
    ),
    pytest.param(
        ("last_game_double", "games"),
        [A, B],
        ["--columns", "1", "--last-game-double"],
        ["--last-game-double", "one game"],
        id="last-game-double-not-with-one-game",
    ),
    pytest.param(
        ("last_game_double", "games"),
        [A, B],
        ["--columns", "1", "--games", "1", "--last-game-double"],
        ["--last-game-double", "one game"],
        id="last-game-double-not-with-games-1",
    ),
    pytest.param(
        ("spades_double_boxes", "spades_double"),
        [A, B],
        ["--oklahoma", "--no-spades-double", "--spades-double-boxes"],
        ["--spades-double-boxes", "--no-spades-double"],
        id="spades-double-boxes-not-with-no-spades-double",
    ),
    # a variant's own options need the variant.
    pytest.param(
        ("spades_double_boxes", "oklahoma"),
        [A, B],
        ["--spades-double-boxes"],
        ["--spades-double-boxes", "--oklahoma"],
        id="spades-double-boxes-needs-oklahoma",
    ),
    pytest.param(
        ("oklahoma_limit", "oklahoma"),
        [A, B],
        ["--oklahoma-limit", "lower"],
        ["--oklahoma-limit", "--oklahoma"],
        id="oklahoma-limit-needs-oklahoma",
    ),
    pytest.param(
        ("ace_knocks_one", "oklahoma"),
        [A, B],
        ["--ace-knocks-one"],
        ["--ace-knocks-one", "--oklahoma"],
        id="ace-knocks-one-needs-oklahoma",
    ),
    pytest.param(
        ("spades_double", "oklahoma"),
        [A, B],
        ["--no-spades-double"],
        ["--no-spades-double", "--oklahoma"],
        id="no-spades-double-needs-oklahoma",
    ),
    pytest.param(
        ("dealer_sits_out", "three_handed"),
        [A, B],
        ["--dealer-sits-out"],
        ["--dealer-sits-out", "three players"],
        id="dealer-sits-out-needs-three-players",
    ),
]


@pytest.mark.parametrize("pair, names, args, said", REFUSED_TOGETHER)
def test_new_refuses_options_that_do_not_go_together(
    run: Run,
    store_dir: Path,
    pair: tuple[str, str],
    names: list[str],
    args: list[str],
    said: list[str],
) -> None:
    refused_together(run, store_dir, names, args, said)


def test_every_declared_pair_has_its_refusal() -> None:
    # Above, or in the test module of the option that declares it (its REFUSED_TOGETHER).
    declared = {(name, other) for name, pairs in NEEDS.items() for other, _value in pairs} | {
        (name, other) for name, pairs in NOT_WITH.items() for other, _value in pairs
    }
    covered = set()
    for path in sorted(Path(__file__).parent.glob("test_*.py")):
        if "\nREFUSED_TOGETHER = [" in path.read_text(encoding="utf-8"):
            module = importlib.import_module(path.stem)
            covered |= {case.values[0] for case in module.REFUSED_TOGETHER}
    assert declared == covered


def test_new_names_the_third_player_first_dealer_when_the_dealer_sits_out(run: Run) -> None:
    said = ok(run("new", "Ann", "Ben", "Cid", "--dealer-sits-out"))
    assert "Cid sits out and deals to Ann and Ben." in said
    shown = sheet(run)
    assert shown["next_dealer"] == "Cid" and shown["sits_out_next"] == "Cid"
    # A --dealer naming one of the two who play is refused, and nothing is stored.
    refused(run("new", "Ann", "Ben", "Cid", "--dealer-sits-out", "--dealer", "ann"), 2, "Cid")
    assert [match["id"] for match in json.loads(ok(run("matches", "--json")))] == [1]


# A whole match of Endless Hollywood: three columns, six games, played to a drawn match

#: Each hand as typed, the games it enters (RULES.md section 2) and the columns after it.
#: Alexandra (A) deals first; the loser deals the next hand; defaults otherwise (target 100,
#: box 25, game 100, gin and undercut 25, shutout: game bonus doubled).
ENDLESS_MATCH = [
    # 1  A 1 v 61 = 60, A's first win: Game 1 (A 60).
    (["knock", "al", "1", "61"], [1]),
    # 2  A 1 v 41 = 40: Games 1, 2 (A 100, 40). Game 1 ends; Game 4 opens in column 1.
    (["knock", "al", "1", "41"], [1, 2]),
    # 3  B 1 v 11 = 10, B's first win: the lowest game in progress, Game 2 (B 10).
    (["knock", "bob", "1", "11"], [2]),
    # 4  B 10 again: Games 2, 3 (B 20, 10).
    (["knock", "bob", "1", "11"], [2, 3]),
    # 5  B 10 again: Games 2, 3, 4 (B 30, 20, 10).
    (["knock", "bob", "1", "11"], [2, 3, 4]),
    # 6  A gin v 35 = 60: Game 2 (hers) and Game 3 (opened now): A 100 and 60. Game 2 ends;
    #    Game 5 opens in column 2.
    (["gin", "al", "35"], [2, 3]),
    # 7  B 2 v 92 = 90: Games 3, 4 and Game 5 (opened now): B 110, 100, 90. Games 3 and 4
    #    end; Game 6 opens in column 3 (Game 3's), and no more games are left to open.
    (["knock", "bob", "2", "92"], [3, 4, 5]),
    # 8  a wall: nobody scores, the same dealer deals again.
    (["wall"], []),
    # 9  A 3 v 13 = 10: A opened Games 1-3, all ended: she opens Game 5 (A 10).
    (["knock", "al", "3", "13"], [5]),
    # 10 B knocks 8 v 5: A undercuts, 8 - 5 + 25 = 28: Game 5 and Game 6 (A 38, 28).
    (["knock", "bob", "8", "5"], [5, 6]),
    # 11 B gin v 20 = 45: Game 5 (his) and Game 6 (opened now): B 135, 45. Game 5 ends.
    (["gin", "bob", "20"], [5, 6]),
    # 12 A 2 v 74 = 72: Game 6, A 100: it ends, and with it the match.
    (["knock", "al", "2", "74"], [6]),
]


def test_a_whole_endless_hollywood_match_of_six_games_ends_in_a_draw(run: Run) -> None:
    new_match(run, "--games", "6")
    for args, games in ENDLESS_MATCH:
        ok(run(*args))
        assert sheet(run)["rounds"][-1]["games"] == games, args
    shown = sheet(run)
    # Dealers: the loser deals; after the wall (hand 8) A deals again.
    assert [r["dealer"] for r in shown["rounds"]] == [A, B, B, A, A, A, B, A, A, B, B, A]
    assert shown["next_dealer"] == B  # A won the last hand
    assert [(g["number"], g["column"], g["winner"]) for g in shown["games"]] == [
        (1, 1, A),
        (2, 2, A),
        (3, 3, B),
        (4, 1, B),
        (5, 2, B),
        (6, 3, A),
    ]
    assert [g["points"] for g in shown["games"]] == [
        {A: 100, B: 0},  # A 60 + 40
        {A: 100, B: 30},  # A 40 + 60; B 10 + 10 + 10
        {A: 60, B: 110},  # A 60; B 10 + 10 + 90
        {A: 0, B: 100},  # B 10 + 90
        {A: 38, B: 135},  # A 10 + 28; B 90 + 45
        {A: 100, B: 45},  # A 28 + 72; B 45
    ]
    settlements = [g["settlement"] for g in shown["games"]]
    assert settlements == [
        # Game 1: A 100 + 2 boxes 50 + 200 (B shut out) = 350; B 0. Net 350.
        {A: line(100, 50, 200, 350, shutout=True), B: line(0, 0, 0, 0), "net": 350},
        # Game 2: A 100 + 2 boxes (hands 2, 6) 50 + 100 = 250; B 30 + 3 boxes 75 = 105.
        # Net 145.
        {A: line(100, 50, 100, 250), B: line(30, 75, 0, 105), "net": 145},
        # Game 3: B 110 + 3 boxes (4, 5, 7) 75 + 100 = 285; A 60 + 1 box 25 = 85. Net 200.
        {A: line(60, 25, 0, 85), B: line(110, 75, 100, 285), "net": 200},
        # Game 4: B 100 + 2 boxes (5, 7) 50 + 200 (A shut out) = 350; A 0. Net 350.
        {A: line(0, 0, 0, 0), B: line(100, 50, 200, 350, shutout=True), "net": 350},
        # Game 5: B 135 + 2 boxes (7, 11) 50 + 100 = 285; A 38 + 2 boxes (9, 10) 50 = 88.
        # Net 197.
        {A: line(38, 50, 0, 88), B: line(135, 50, 100, 285), "net": 197},
        # Game 6: A 100 + 2 boxes (10, 12) 50 + 100 = 250; B 45 + 1 box 25 = 70. Net 180.
        {A: line(100, 50, 100, 250), B: line(45, 25, 0, 70), "net": 180},
    ]
    # Games won: A 1, 2, 6; B 3, 4, 5: three each, a drawn match. Match net: A 350 + 145 -
    # 200 - 350 - 197 + 180 = -72; B +72.
    assert shown["finished"] is True and shown["winner"] is None
    assert shown["net"] == {A: -72, B: 72}
    assert [g["open"] for g in shown["games"]] == [False] * 6
    assert game_of(shown, 6)["boxes"] == {A: 2, B: 1}
    # No hand follows the end of the match.
    refused(run("wall"), 1)


def test_show_json_has_the_gin_bonus_line_and_the_doubled_last_game(run: Run) -> None:
    options = ["--columns", "1", "--games", "2", "--target", "50", "--last-game-double"]
    new_match(run, *options, "--gin-bonus-when", "settlement")
    ok(run("knock", "al", "1", "51"))  # A 50: Game 1 ends
    ok(run("gin", "bob", "50"))  # B 50 in Game 2 (ends), 25 aside
    shown = sheet(run)
    # Game 1: A 50 + 1 box 25 + 200 (B shut out) = 275, no gin bonus; not doubled.
    assert game_of(shown, 1)["settlement"] == {
        A: {**line(50, 25, 200, 275, shutout=True), "gin_bonus": 0},
        B: {**line(0, 0, 0, 0), "gin_bonus": 0},
        "net": 275,
    }
    # Game 2, the last: B (50 + 25 + 25 gin bonus + 200) x 2 = 600; A 0. Net 600.
    assert game_of(shown, 2)["settlement"] == {
        A: {**line(0, 0, 0, 0), "gin_bonus": 0, "doubled": True},
        B: {**line(50, 25, 200, 600, shutout=True), "gin_bonus": 25, "doubled": True},
        "net": 600,
    }
    assert [g["column"] for g in shown["games"]] == [1, 1]
    # One game each: a draw; match net A 275 - 600 = -325.
    assert shown["winner"] is None and shown["net"] == {A: -325, B: 325}


# The preset of Pagat's three-player game


def test_the_pagat_three_preset_is_pagats_values_with_the_dealer_sitting_out(run: Run) -> None:
    assert named_preset("pagat-three").rules.to_dict() == {
        **Rules(three_handed=True, columns=1).to_dict(),
        "gin_bonus": 20,
        "undercut_bonus": 10,
        "box_bonus": 20,
        "dealer_sits_out": True,
    }
    ok(run("new", "Ann", "Ben", "Cid", "--preset", "pagat-three"))
    # Cid, the third named, deals and sits out; Ann 2 v 22 = 20: Ben sits out and deals.
    ok(run("knock", "ann", "2", "22"))
    shown = sheet(run)
    assert shown["rounds"][0]["dealer"] == "Cid" and shown["rounds"][0]["sits_out"] == "Cid"
    assert shown["next_dealer"] == "Ben" and shown["sits_out_next"] == "Ben"
    refused(run("new", "Ann", "Ben", "--preset", "pagat-three"), 2, "three")


def test_the_csv_of_endless_hollywood_leaves_a_game_blank_until_it_opens(run: Run) -> None:
    new_match(run, "--games", "4")
    for hand in (["al", "2", "32"], ["al", "1", "41"], ["bob", "2", "22"], ["al", "1", "51"]):
        ok(run("knock", *hand))
    rows = parse_csv(ok(run("export")))
    assert rows[0][9:] == [f"{p} game {n}" for p in (A, B) for n in (1, 2, 3, 4)]
    # A +30 (Game 1), +40 (Games 1, 2); B +20 (Game 1); A +50 (Games 1-3): Game 1 reaches
    # 120 and ends, and Game 4 opens: it has a figure from hand 4 on.
    assert [row[9:] for row in rows[1:5]] == [
        ["30", "0", "0", "", "0", "0", "0", ""],
        ["70", "40", "0", "", "0", "0", "0", ""],
        ["70", "40", "0", "", "20", "0", "0", ""],
        ["120", "90", "50", "0", "20", "0", "0", "0"],
    ]
