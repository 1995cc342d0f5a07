"""Every gin table (RULES.md sections 1-6): one column, the disputed options, the match net,
Three-handed Gin, and matches stored before these existed.

Every expected figure is worked out by hand from RULES.md in the comment beside it.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import strategies
from harness import LANGUAGES, Run, invoke, ok, refused, snapshot
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import (
    Hand,
    InvalidHand,
    Kind,
    Line,
    MatchFinished,
    Score,
    Seating,
    replay,
    score,
)
from scorekeeper.rules import (
    DecideBy,
    RuleError,
    Rules,
    Shutout,
    ShutoutWhen,
    Tie,
    preset,
)

ANN, BEN, CID = "Ann", "Ben", "Cid"
TWO = (ANN, BEN)
THREE = (ANN, BEN, CID)
K, G, W = Hand.knock, Hand.gin, Hand.wall


# Section 1: one hand under the new options


@pytest.mark.parametrize(
    "rules, hand, expected",
    [
        # tie undercut (default): 5 v 5 is an undercut, 0 + 25 bonus.
        pytest.param(Rules(), K(ANN, 5, 5), Score(Kind.UNDERCUT, BEN, 25), id="tie-undercut"),
        # tie no_bonus: the tie still goes to the opponent, 0 points, and earns its box.
        pytest.param(
            Rules(tie=Tie.NO_BONUS), K(ANN, 5, 5), Score(Kind.UNDERCUT, BEN, 0), id="tie-no-bonus"
        ),
        # no_bonus is for ties only: 6 v 4 is 6 - 4 + 25 = 27.
        pytest.param(
            Rules(tie=Tie.NO_BONUS),
            K(ANN, 6, 4),
            Score(Kind.UNDERCUT, BEN, 27),
            id="tie-no-bonus-leaves-a-real-undercut-its-bonus",
        ),
        # gin_boxes 3: gin v 10 = 10 + 25 = 35, three boxes.
        pytest.param(Rules(gin_boxes=3), G(ANN, 10), Score(Kind.GIN, ANN, 35, 3), id="gin-boxes-3"),
        # and for big gin: 10 + 31 = 41, three boxes.
        pytest.param(
            Rules(gin_boxes=3),
            G(ANN, 10, big=True),
            Score(Kind.BIG_GIN, ANN, 41, 3),
            id="gin-boxes-3-big-gin",
        ),
        # undercut_boxes 2: 6 v 4 -> Ben 27, two boxes.
        pytest.param(
            Rules(undercut_boxes=2),
            K(ANN, 6, 4),
            Score(Kind.UNDERCUT, BEN, 27, 2),
            id="undercut-boxes-2",
        ),
        # A knock always earns 1 box, whatever the other box options say.
        pytest.param(
            Rules(gin_boxes=3, undercut_boxes=2),
            K(ANN, 3, 20),
            Score(Kind.KNOCK, ANN, 17, 1),
            id="a-knock-earns-one-box",
        ),
        # Oklahoma, spades double (default): 3 v 20 under 7♠ = 17 x 2 = 34.
        pytest.param(
            Rules(oklahoma=True),
            K(ANN, 3, 20, "7♠"),
            Score(Kind.KNOCK, ANN, 34, doubled=True),
            id="oklahoma-spade-doubles",
        ),
        # --no-spades-double: the same hand is 17.
        pytest.param(
            Rules(oklahoma=True, spades_double=False),
            K(ANN, 3, 20, "7♠"),
            Score(Kind.KNOCK, ANN, 17),
            id="oklahoma-no-spades-double",
        ),
        # A wall earns no box.
        pytest.param(Rules(), W(), Score(Kind.WALL, None, 0, 0), id="wall-no-box"),
    ],
)
def test_one_hand_under_the_new_options(rules: Rules, hand: Hand, expected: Score) -> None:
    assert score(rules, TWO, hand) == expected


def test_boxes_of_a_game_are_the_boxes_earned_not_the_hands_won() -> None:
    # gin_boxes 3, undercut_boxes 2. Ann gin v 10 (35, 3 boxes, Game 1), Ben undercuts Ann's
    # 6 v 4 (27, 2 boxes, Game 1), Ann knocks 3 v 20 (17, 1 box, Games 1 and 2).
    rules = Rules(gin_boxes=3, undercut_boxes=2)
    sheet = replay(TWO, rules, ANN, [G(ANN, 10), K(ANN, 6, 4), K(ANN, 3, 20)])
    assert [dict(g.boxes) for g in sheet.games] == [
        {ANN: 4, BEN: 2},
        {ANN: 1, BEN: 0},
        {ANN: 0, BEN: 0},
    ]


# Section 3: settlement, the shutout flag, shutout_when, the match net


def test_a_tie_worth_nothing_saves_a_shutout_only_under_no_hands() -> None:
    # tie no_bonus, target 30. Ben's tie undercut (Ann 5 v 5) scores 0 points in Game 1 but is
    # a won hand; then Ann knocks 2 v 32 = 30 in Game 1 (and opens Game 2): Game 1 ends 30-0.
    hands = [K(ANN, 5, 5), K(ANN, 2, 32)]
    no_points = replay(TWO, Rules(tie=Tie.NO_BONUS, target=30, columns=1), ANN, hands)
    # no_points: Ben has no points -> shut out: game bonus doubled. Ann 30 + 25 + 200 = 255;
    # Ben 0 points + 1 box = 25. Net 230.
    settled = no_points.games[0].settlement
    assert settled is not None
    assert settled.lines[ANN] == Line(30, 25, 200, True, 255)
    assert settled.lines[BEN] == Line(0, 25, 0, False, 25)
    assert settled.net == 230
    # no_hands: Ben won a hand in Game 1 -> not shut out. Ann 30 + 25 + 100 = 155; net 130.
    rules = Rules(tie=Tie.NO_BONUS, target=30, columns=1, shutout_when=ShutoutWhen.NO_HANDS)
    settled = replay(TWO, rules, ANN, hands).games[0].settlement
    assert settled is not None
    assert settled.lines[ANN] == Line(30, 25, 100, False, 155)
    assert settled.net == 130


@pytest.mark.parametrize(
    "rules, winner_line",
    [
        # Ann knocks 2 v 32 = 30 at target 30, Ben on 0. Box 25.
        # game_bonus doubled: 30 + 25 + 200 = 255, marked.
        pytest.param(Rules(), Line(30, 25, 200, True, 255), id="game-bonus-doubled-marked"),
        # a game bonus of 0 doubled is 0: nothing changed, not marked: 30 + 25 = 55.
        pytest.param(Rules(game_bonus=0), Line(30, 25, 0, False, 55), id="game-bonus-0-not-marked"),
        # points doubled: 60 + 25 + 100 = 185, marked.
        pytest.param(
            Rules(shutout=Shutout.POINTS), Line(60, 25, 100, True, 185), id="points-marked"
        ),
        # points doubled with no game bonus still changes the total: 60 + 25 = 85.
        pytest.param(
            Rules(shutout=Shutout.POINTS, game_bonus=0),
            Line(60, 25, 0, True, 85),
            id="points-game-bonus-0-marked",
        ),
        # total doubled: (30 + 25 + 100) x 2 = 310.
        pytest.param(Rules(shutout=Shutout.TOTAL), Line(30, 25, 100, True, 310), id="total"),
        # none: never marked.
        pytest.param(Rules(shutout=Shutout.NONE), Line(30, 25, 100, False, 155), id="none"),
    ],
)
def test_the_shutout_is_marked_only_where_the_reward_changed_the_total(
    rules: Rules, winner_line: Line
) -> None:
    sheet = replay(TWO, rules.replace(target=30, columns=1), ANN, [K(ANN, 2, 32)])
    settled = sheet.games[0].settlement
    assert settled is not None and settled.lines[ANN] == winner_line


def test_the_match_net_sums_each_settled_game_with_its_sign() -> None:
    # Two columns to 30, box 25, game 100. Ann knocks 2 v 32 = 30 (Game 1, ends; Ben shut
    # out: Ann 30 + 25 + 200 = 255 v 0, net +255). Ben knocks 1 v 11 = 10 (his 1st win opens
    # Game 2, the next in progress), then 1 v 21 = 20 -> Game 2 Ben 30: ends, Ann 0 there:
    # Ben 30 + 50 + 200 = 280, net +280. Match net: Ann 255 - 280 = -25, Ben +25.
    sheet = replay(
        TWO, Rules(target=30, columns=2), ANN, [K(ANN, 2, 32), K(BEN, 1, 11), K(BEN, 1, 21)]
    )
    assert [g.settlement.net for g in sheet.games if g.settlement] == [255, 280]
    assert dict(sheet.net) == {ANN: -25, BEN: 25}
    # decide_by games: one game each is a draw; decide_by net: Ben.
    assert sheet.finished and sheet.winner is None
    by_net = replay(
        TWO,
        Rules(target=30, columns=2, decide_by=DecideBy.NET),
        ANN,
        [K(ANN, 2, 32), K(BEN, 1, 11), K(BEN, 1, 21)],
    )
    assert by_net.winner == BEN and dict(by_net.net) == {ANN: -25, BEN: 25}


def test_decide_by_net_can_give_the_match_to_the_player_with_fewer_games() -> None:
    # Three columns to 10, box 0, game bonus 0, no shutout: the net is the points.
    # Ann 2 v 13 = 11 (G1, ends: +11). Ann again 2 v 13 = 11: her 2nd win: G2 (ends: +11).
    # Ben gin v 50 = 75 (G3, his 1st win: the lowest game in progress): +75.
    # Games: Ann 2, Ben 1. Net: Ann 11 + 11 - 75 = -53, Ben +53.
    rules = Rules(target=10, box_bonus=0, game_bonus=0, shutout=Shutout.NONE)
    hands = [K(ANN, 2, 13), K(ANN, 2, 13), G(BEN, 50)]
    assert replay(TWO, rules, ANN, hands).winner == ANN
    by_net = replay(TWO, rules.replace(decide_by=DecideBy.NET), ANN, hands)
    assert by_net.winner == BEN and dict(by_net.net) == {ANN: -53, BEN: 53}


# Section 2: one column, plain Gin Rummy


def test_one_column_is_one_running_total_to_the_end() -> None:
    # Every win scores in Game 1. Ann 3 v 20 = 17, Ben gin v 10 = 35, Ann 2 v 90 = 88 ->
    # Ann 105: the game and the match end; Ann wins. Ann 105 + 2 boxes 50 + 100 = 255; Ben
    # 35 + 25 = 60; net +195.
    sheet = replay(TWO, preset("gin"), ANN, [K(ANN, 3, 20), G(BEN, 10), K(ANN, 2, 90)])
    assert [r.games for r in sheet.rounds] == [(1,), (1,), (1,)]
    assert len(sheet.games) == 1 and sheet.finished and sheet.winner == ANN
    settled = sheet.games[0].settlement
    assert settled is not None
    assert settled.lines[ANN].total == 255 and settled.lines[BEN].total == 60
    assert dict(sheet.net) == {ANN: 195, BEN: -195}
    with pytest.raises(MatchFinished):
        replay(TWO, preset("gin"), ANN, [K(ANN, 3, 20), G(BEN, 10), K(ANN, 2, 90), W()])


@pytest.mark.parametrize(
    "name, changed",
    [
        ("basic", {"box_bonus": 0, "game_bonus": 0, "shutout": "none", "undercut_bonus": 10,
                   "next_dealer": "winner"}),
        ("pagat", {"gin_bonus": 20, "undercut_bonus": 10, "box_bonus": 20}),
        ("learners", {"columns": 2}),
        ("quick", {"target": 75}),
        ("short", {"end_after_first_game": True}),
        ("gin", {"columns": 1}),
        ("oklahoma", {"oklahoma": True, "ace_knocks_one": False, "spades_double": True,
                      "oklahoma_limit": "upcard", "spades_double_boxes": False,
                      "columns": 1, "target": 150}),
        ("straight", {"straight": True}),
        ("partnership", {"columns": 1, "target": 125, "next_dealer": "winner"}),
        ("three-handed", {"three_handed": True, "dealer_sits_out": False, "columns": 1}),
    ],
)  # fmt: skip
def test_the_presets_are_those_of_rules_md(name: str, changed: dict[str, Any]) -> None:
    assert preset(name).to_dict() == {**Rules().to_dict(), **changed}


# Section 6: Three-handed Gin


def worked_example() -> list[Hand]:
    """RULES.md's worked example, played: Ann deals hand 1, Ann v Ben, Cid sits out.
    1 Ann 2 v 63 = +61 (Ben sits out; Cid deals to Ann). 2 Cid 2 v 60 = +58 (Ann sits out;
    Ben deals to Cid). 3 Ben 1 v 51 = +50 (Cid sits out; Ann deals to Ben). 4 Ben 1 v 51 =
    +50: Ben 100, the game and the match end."""
    return [K(ANN, 2, 63), K(CID, 2, 60), K(BEN, 1, 51), K(BEN, 1, 51)]


def test_three_handed_worked_example_of_rules_md() -> None:
    sheet = replay(THREE, Rules(three_handed=True, columns=1), ANN, worked_example())
    assert [r.seating for r in sheet.rounds] == [
        Seating((ANN, BEN), ANN, CID),
        Seating((ANN, CID), CID, BEN),
        Seating((BEN, CID), BEN, ANN),
        Seating((ANN, BEN), ANN, CID),
    ]
    assert sheet.finished and sheet.winner == BEN
    settled = sheet.games[0].settlement
    assert settled is not None
    # Ann 61 + 1 box = 86, Ben 100 + 2 boxes + 100 = 250, Cid 58 + 1 box = 83.
    assert {p: line.total for p, line in settled.lines.items()} == {ANN: 86, BEN: 250, CID: 83}
    # Ben (250-86) + (250-83) = +331, Ann (86-250) + (86-83) = -161, Cid -167 - 3 = -170.
    assert dict(settled.nets) == {ANN: -161, BEN: 331, CID: -170}
    assert settled.owed[ANN, CID] == 3 and settled.owed[CID, BEN] == -167
    assert dict(sheet.net) == dict(settled.nets)
    assert settled.shut_out == () and not settled.lines[BEN].shutout
    # After the match the rotation goes on: Ann lost hand 4 and sits out; Cid deals to Ben.
    assert sheet.seating == Seating((BEN, CID), CID, ANN)


def test_three_handed_players_shut_out_pay_the_game_bonus_once_more() -> None:
    # Ann deals; Ann v Ben. 1 Ben 1 v 51 = +50 (Ann sits out; Cid deals to Ben). 2 Ben 1 v 51
    # = +50: Ben 100. Ben 100 + 2 boxes 50 + 100 = 250; Ann and Cid 0, both shut out: each
    # pays 100 more. Ben (250 - 0) + (250 - 0) + 100 + 100 = +700; Ann -250 - 100 = -350; Cid
    # the same.
    hands = [K(BEN, 1, 51), K(BEN, 1, 51)]
    settled = replay(THREE, Rules(three_handed=True, columns=1), ANN, hands).games[0].settlement
    assert settled is not None
    assert dict(settled.nets) == {ANN: -350, BEN: 700, CID: -350}
    assert settled.shut_out == (ANN, CID) and settled.lines[BEN].shutout
    assert settled.lines[BEN].total == 250  # the payments are not in the total
    # --shutout none: no payment. Ben +500, Ann -250, Cid -250.
    rules = Rules(three_handed=True, columns=1, shutout=Shutout.NONE)
    settled = replay(THREE, rules, ANN, hands).games[0].settlement
    assert settled is not None and dict(settled.nets) == {ANN: -250, BEN: 500, CID: -250}
    assert not settled.lines[BEN].shutout
    # A game bonus of 0 paid once more is nothing: not marked. Ben 150, nets 300 / -150 / -150.
    rules = Rules(three_handed=True, columns=1, game_bonus=0)
    settled = replay(THREE, rules, ANN, hands).games[0].settlement
    assert settled is not None and dict(settled.nets) == {ANN: -150, BEN: 300, CID: -150}
    assert settled.shut_out == () and not settled.lines[BEN].shutout


def test_three_handed_after_a_wall_the_same_two_play_and_the_same_dealer_deals() -> None:
    sheet = replay(THREE, Rules(three_handed=True, columns=1), BEN, [W(), W()])
    assert [r.seating for r in sheet.rounds] == [Seating((ANN, BEN), BEN, CID)] * 2
    assert sheet.seating == Seating((ANN, BEN), BEN, CID) and sheet.next_dealer == BEN


def test_three_handed_a_hand_by_the_player_sitting_out_is_refused() -> None:
    with pytest.raises(InvalidHand) as refusal:
        replay(THREE, Rules(three_handed=True, columns=1), ANN, [K(CID, 2, 30)])
    assert str(refusal.value) == "Cid sits out this hand: Ann and Ben are playing."


@pytest.mark.parametrize(
    "change",
    [
        {"columns": 2},
        {"columns": 3},
        {"next_dealer": "winner"},
        {"decide_by": "net"},
        {"end_after_first_game": True},
        {"shutout": "points"},
        {"shutout": "total"},
    ],
)
def test_three_handed_rules_refuse_the_two_player_options(change: dict[str, Any]) -> None:
    with pytest.raises(RuleError) as refusal:
        Rules(three_handed=True, columns=1).replace(**change)
    assert refusal.value.option == next(iter(change))


three_handed_rules = strategies.rules(
    three_handed=True,
    oklahoma=False,
    straight=False,
    target=st.integers(10, 120),
    big_gin_bonus=31,
    knock_limit=10,
    shutout=st.sampled_from([Shutout.GAME_BONUS, Shutout.BONUS, Shutout.NONE]),
)
winners = st.lists(st.tuples(st.sampled_from([0, 1, None]), st.integers(0, 98)), max_size=40)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(three_handed_rules, st.sampled_from([ANN, BEN]), winners)
@example(  # Ann gins thrice for 5 (3 boxes), Cid gins for 16 and wins: Ann nets 19, Cid 16
    Rules(target=16, columns=1, gin_bonus=5, box_bonus=1, game_bonus=0, three_handed=True),
    ANN,
    [(0, 0), (0, 0), (0, 0), (1, 11)],
)
def test_property_three_nets_add_up_to_zero_and_the_rotation_holds(
    rules: Rules, first: str, picks: list[tuple[int | None, int]]
) -> None:
    """Hands are built from who wins (one of the two seated, or a wall) and the opponent's
    count, following the rotation, so that every hand is one the table could play."""
    first = CID if rules.dealer_sits_out else first
    seating, hands = Seating((ANN, BEN), first, CID), []
    for pick, od in picks:
        if pick is None:
            hands.append(W())
            continue
        hands.append(G(seating.players[pick], od))
        seating = seating.after(seating.players[pick], THREE, rules.dealer_sits_out)
    try:
        sheet = replay(THREE, rules, first, hands)
    except MatchFinished as finished:
        sheet = replay(THREE, rules, first, hands[: finished.number])
    for r, after in zip(sheet.rounds, [*sheet.rounds[1:], None]):
        assert r.seating is not None and r.seating.sits_out not in r.seating.players
        assert r.winner is None or r.winner in r.seating.players
        if after is not None:
            assert after.seating == r.seating.after(r.winner, THREE, rules.dealer_sits_out)
            if r.winner is not None:  # the loser sits out, the one who sat out deals
                assert after.seating is not None
                dealer = after.seating.sits_out if rules.dealer_sits_out else r.seating.sits_out
                assert after.seating.dealer == dealer
    settled = sheet.games[0].settlement
    assert sum(sheet.net.values()) == 0
    if settled is not None:
        assert sum(settled.nets.values()) == 0
        assert sheet.winner == sheet.games[0].winner
        # Each settles with each by the difference of their totals; a shut-out player pays the
        # winner the game bonus once more. (With a small game bonus the winner's net need not be
        # the largest: boxes count for the others too.)
        total = {player: line.total for player, line in settled.lines.items()}
        for player in THREE:
            expected = sum(total[player] - total[other] for other in THREE if other != player)
            paid = rules.shutout_bonus if rules.shutout is Shutout.BONUS else rules.game_bonus
            if player == sheet.winner:
                expected += paid * len(settled.shut_out)
            if player in settled.shut_out:
                expected -= paid
            assert settled.nets[player] == expected
    else:
        assert not sheet.finished and all(n == 0 for n in sheet.net.values())


# On the command line


def test_a_whole_three_handed_match_through_the_cli(run: Run) -> None:
    said = ok(run("new", ANN, BEN, CID, "--dealer", "ann")).splitlines()
    assert said[:2] == [
        "Match 1: Ann v Ben v Cid (Three-handed Gin), standard rules.",
        "Cid sits out; Ann deals to Ben.",
    ]
    reports = [ok(run("knock", *hand)).splitlines() for hand in (
        ["ann", "2", "63"], ["cid", "2", "60"], ["ben", "1", "51"])]  # fmt: skip
    assert reports[0][0] == "Hand 1: Ann knocks 2 v 63 -> Ann +61 in Game 1"
    assert reports[0][-2:] == [
        "Still to go: Ann 39, Ben 100, Cid 100.",
        "Ben sits out; Cid deals to Ann.",
    ]
    assert reports[1][-1] == "Ann sits out; Ben deals to Cid."
    assert reports[2][-1] == "Cid sits out; Ann deals to Ben."
    # A dry run says what the last hand would do, and changes nothing.
    dry = ok(run("knock", "ben", "1", "51", "--dry-run"))
    assert "*** MATCH OVER: Ben wins, the first to 100 ***" in dry
    last = ok(run("knock", "ben", "1", "51")).splitlines()
    assert last[-4:] == [
        "*** GAME 1 WON BY Ben, 100 to Ann 61, Cid 58, net +331 after bonuses ***",
        "Match net: Ann -161, Ben +331, Cid -170.",
        "*** MATCH OVER: Ben wins, the first to 100 ***",
        "Next match: Ann sits out; Cid deals to Ben.",
    ]
    shown = ok(run("show"))
    for text in (
        "Ann: total 86, pays 164 to Ben and collects 3 from Cid: net -161",
        "Ben: total 250, collects 164 from Ann and collects 167 from Cid: net +331",
        "Cid: total 83, pays 3 to Ann and pays 167 to Ben: net -170",
        "Match net: Ann -161, Ben +331, Cid -170.",
    ):
        assert text in shown
    data = json.loads(ok(run("show", "--json")))
    assert data["players"] == [ANN, BEN, CID]
    assert data["rules"]["three_handed"] is True and data["rules"]["columns"] == 1
    assert [(r["players"], r["sits_out"], r["dealer"]) for r in data["rounds"]] == [
        ([ANN, BEN], CID, ANN),
        ([ANN, CID], BEN, CID),
        ([BEN, CID], ANN, BEN),
        ([ANN, BEN], CID, ANN),
    ]
    assert data["games"][0]["settlement"]["net"] == {ANN: -161, BEN: 331, CID: -170}
    assert data["net"] == {ANN: -161, BEN: 331, CID: -170}
    assert (data["next_dealer"], data["sits_out_next"]) == (CID, ANN)
    rows = list(csv.reader(io.StringIO(ok(run("export")))))
    assert rows[0][9:] == ["Ann game 1", "Ben game 1", "Cid game 1", "sits_out"]
    assert rows[4][9:] == ["61", "100", "58", CID]  # the running totals after hand 4
    assert [row[-1] for row in rows[1:5]] == [CID, BEN, ANN, CID]
    assert rows[-3] == ["net", *[""] * 8, "-161", "331", "-170", ""]
    assert rows[-2] == ["match net", *[""] * 8, "-161", "331", "-170", ""]
    assert rows[-1][6] == BEN
    log = ok(run("log"))
    assert "Sits out" in log and "Match net: Ann -161, Ben +331, Cid -170." in log
    # The next series keeps the three and starts with the two who would play.
    assert ok(run("new", "--rematch")).splitlines()[:2] == [
        "Match 2: Ben v Cid v Ann (Three-handed Gin), the last match's rules.",
        "Ann sits out; Cid deals to Ben.",
    ]


def test_the_rules_table_shows_the_rules_that_decide_the_match(run: Run) -> None:
    """Three-handed Gin is set by naming three players, and its rotation and first-to-the-target
    leave who deals next, how the match is decided and ending after the first game unused."""
    unused = ("--next-dealer", "--decide-by", "--end-after-first-game")

    def rules_rows() -> list[str]:
        shown = ok(run("rules"))
        return [" ".join(line.split()) for line in shown.splitlines()]

    ok(run("new", ANN, BEN))
    rows = rules_rows()
    assert all(any(f" {option} " in row for row in rows) for option in unused)
    assert not any(row.startswith("Three-handed Gin") for row in rows)
    ok(run("new", ANN, BEN, CID))
    rows = rules_rows()
    assert "Three-handed Gin three players yes no" in rows
    assert "Columns --columns 1 3" in rows
    assert not any(option in row for row in rows for option in (*unused, "--three-handed"))


def test_three_handed_refusals_at_the_table(run: Run, store_dir: Path) -> None:
    ok(run("new", ANN, BEN, CID, "--dealer", "ben"))
    ok(run("knock", "ann", "2", "30"))  # Ann wins: Ben sits out, Cid deals to Ann
    before = snapshot(store_dir)
    refused(run("gin", "be", "10"), 2, "Ben sits out this hand: Ann and Cid are playing.")
    refused(run("knock", "dee", "2", "10"), 2, "dee")
    assert snapshot(store_dir) == before
    ok(run("knock", "cid", "3", "20"))  # hand 2: Cid wins; Ann sits out, Ben deals to Cid
    before = snapshot(store_dir)
    # Hand 1 as Ann's knock undercut by Ben would have had Ann sit out hand 2, and Ben v Cid
    # play it.
    refused(
        run("amend", "1", "knock", "ann", "5", "4"),
        1,
        "would change who played hand 2: Ann v Cid played it, but after it Ben v Cid would have",
    )
    assert snapshot(store_dir) == before
    # A correction that keeps the seats is taken, and the rotation is worked out again.
    assert "by Hand 1: Ann goes gin v 10 -> Ann +35 in Game 1" in ok(
        run("amend", "1", "gin", "ann", "10")
    )
    # undo: the rotation goes back to before hand 2: Cid deals to Ann, Ben sits out.
    assert ok(run("undo")).splitlines()[-1] == "Ben sits out; Cid deals to Ann."


@pytest.mark.parametrize(
    "args, said",
    [
        (["--teams"], "leave out --teams"),
        (["--columns", "2"], "leave out --columns"),
        (["--next-dealer", "winner"], "leave out --next-dealer"),
        (["--decide-by", "net"], "leave out --decide-by"),
        (["--end-after-first-game"], "leave out --end-after-first-game"),
        (["--shutout", "points"], "--shutout game_bonus, bonus or none, not points"),
        (["--shutout", "total"], "not total"),
        (["--dealer", "cid"], "Cid sits out the first hand, so cannot deal it: name Ann or Ben"),
        (
            ["--dealer", "ann", "--dealer-sits-out"],
            "Ann plays the first hand, and the player who sits out deals it: name Cid",
        ),
        (["--games", "3"], "--games does not go with three players; leave one of them out."),
        (
            ["--preset", "partnership"],
            "The partnership preset is Partnership Gin, two teams of two, and three names make a "
            "Three-handed match: leave out --preset partnership",
        ),
    ],
)
def test_new_three_handed_refuses_what_it_cannot_take(
    run: Run, store_dir: Path, args: list[str], said: str
) -> None:
    refused(run("new", ANN, BEN, CID, *args), 2, said)
    assert not (store_dir / "matches").exists() or not any((store_dir / "matches").iterdir())


@pytest.mark.parametrize(
    "args, said",
    [
        (["new", ANN, BEN, "--preset", "three-handed"], "name them"),
        (["new", ANN, BEN, "--no-spades-double"], "--no-spades-double is a rule of Oklahoma"),
        (["new", ANN, BEN, "--ace-knocks-one"], "add --oklahoma"),
        (["new", ANN, BEN, "--gin-boxes", "0"], "--gin-boxes must be a whole number from 1 to 10"),
        (["new", ANN, BEN, "--gin-boxes", "11"], "from 1 to 10, not 11"),
        (["new", ANN, BEN, "--undercut-boxes", "0"], "--undercut-boxes must be a whole number"),
        (["new", ANN, BEN, "--columns", "0"], "--columns must be a whole number from 1 to 3"),
        (["new", ANN, BEN, "--tie", "draw"], "draw"),
        (["new", ANN, BEN, "--shutout-when", "never"], "never"),
        (["new", ANN, BEN, "--decide-by", "points"], "points"),
    ],
)
def test_new_refuses_options_out_of_range(
    run: Run, store_dir: Path, args: list[str], said: str
) -> None:
    refused(run(*args), 2, said)
    assert not (store_dir / "matches").exists() or not any((store_dir / "matches").iterdir())


def test_oklahoma_to_150_on_one_column_with_and_without_spades_double(run: Run) -> None:
    ok(run("new", "Rosa", "Viktor", "--preset", "oklahoma", "--dealer", "rosa"))
    # 7♠: 3 v 20 = 17 x 2 = 34. Then the up-card K♥ allows 10: Viktor 9 v 40 = 31.
    ok(run("knock", "rosa", "3", "20", "--upcard", "7s"))
    ok(run("knock", "viktor", "9", "40", "--upcard", "kh"))
    data = json.loads(ok(run("show", "--json")))
    assert data["rules"]["target"] == 150 and len(data["games"]) == 1
    assert data["games"][0]["points"] == {"Rosa": 34, "Viktor": 31}
    ok(run("new", "Rosa", "Viktor", "--preset", "oklahoma", "--no-spades-double"))
    ok(run("knock", "rosa", "3", "20", "--upcard", "7s"))
    data = json.loads(ok(run("show", "--json")))
    assert data["rules"]["spades_double"] is False
    assert data["games"][0]["points"]["Rosa"] == 17
    rows = [" ".join(line.split()) for line in ok(run("rules")).splitlines()]
    assert "Spades double --spades-double / --no-spades-double no yes" in rows


# Matches written by the previous release

RELEASE = Path(__file__).parent / "fixtures" / "store-release-0.1.0"


def test_a_store_of_the_previous_release_keeps_its_scores(tmp_path: Path) -> None:
    """The fixture was written by release 0.1.0: match 1 under its `oklahoma` preset (three
    columns to 100, before spades_double existed), match 2 finished with a game bonus of 0
    and two shutouts that release counted (a 0 game bonus "doubled"). The summaries it kept
    in the store (index.json, figures.json) are not read: this version works its own out,
    and a change to the store takes the old ones away."""
    store = tmp_path / "store"
    shutil.copytree(RELEASE, store)
    assert invoke(store, "check").exit_code == 0
    shown = json.loads(ok(invoke(store, "show", "1", "--json")))
    # Old oklahoma preset: three columns to 100, spades double. 1 Rosa 3 v 20 under 7♠ = 34
    # [1]; 2 Viktor gin v 12 = 37 [1]; 3 Rosa 2 v 30 = 28, her 2nd win [1, 2].
    assert shown["rules"]["columns"] == 3 and shown["rules"]["target"] == 100
    assert shown["rules"]["spades_double"] is True
    assert [g["points"] for g in shown["games"]] == [
        {"Rosa": 62, "Viktor": 37},
        {"Rosa": 28, "Viktor": 0},
        {"Rosa": 0, "Viktor": 0},
    ]
    # Match 2: Ann won two games 30-0 with a game bonus of 0: no shutout changed anything,
    # though the old figures.json says two.
    old = json.loads((store / "figures.json").read_text(encoding="utf-8"))
    assert old["columns"]["1"]["figures"][-1]["Ann"]["shutouts"] == 2
    stats = json.loads(ok(invoke(store, "stats", "--json")))
    assert stats["players"]["Ann"]["shutouts"] == 0
    assert stats["players"]["Ann"]["net"] == 110  # 2 x (30 + 25)
    ok(invoke(store, "use", "2"))
    assert not (store / "figures.json").exists() and not (store / "index.json").exists()


@pytest.mark.parametrize("name", ["10-plain-gin-rummy.json", "12-three-handed.json"])
def test_export_and_import_keep_a_one_column_or_three_handed_match(
    tmp_path: Path, name: str
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    ok(invoke(first, "import", Path(__file__).parent.parent / "sample_sessions" / name))
    exported = tmp_path / "match.json"
    ok(invoke(first, "export", "--format", "json", "-o", exported))
    ok(invoke(second, "import", exported))
    shown = [json.loads(ok(invoke(store, "show", "--json"))) for store in (first, second)]
    assert shown[0] == shown[1]
    header = next(csv.reader(io.StringIO(ok(invoke(second, "export")))))
    # One column: one game column per player, a third player's after the second's, then in
    # Three-handed Gin who sat each hand out.
    three = ["sits_out"] if len(shown[0]["players"]) == 3 else []
    assert header[9:] == [f"{player} game 1" for player in shown[0]["players"]] + three


def test_three_handed_stats_count_a_wall_for_the_two_who_played_it(run: Run) -> None:
    # Sample 12: hand 2 is a wall between Ann and Cid while Ben sits out.
    ok(run("import", Path(__file__).parent.parent / "sample_sessions" / "12-three-handed.json"))
    figures = json.loads(ok(run("stats", "--json")))["players"]
    assert {p: f["walls"] for p, f in figures.items()} == {ANN: 1, BEN: 0, CID: 1}


def test_record_names_the_two_who_play_and_refuses_the_one_sitting_out(run: Run) -> None:
    ok(run("new", ANN, BEN, CID, "--dealer", "ann"))
    # Hand 1 is Ann v Ben: Cid's name is refused at once, the question asked again.
    out = ok(run("record", input="knock\ncid\nann\n3\n20\n\nq\n"))
    assert "Hand 1 of match 1: Ann v Ben, Ann dealt; Cid sits out." in out
    assert "Who knocked? [Ann/Ben]" in out
    assert "Error: Cid sits out this hand: Ann and Ben are playing." in out
    assert "Hand 1: Ann knocks 3 v 20 -> Ann +17 in Game 1" in out
    assert "Hand 2 of match 1: Ann v Cid, Cid dealt; Ben sits out." in out


def test_the_rules_table_fits_80_columns_in_every_language(store_dir: Path) -> None:
    ok(invoke(store_dir, "new", ANN, BEN, "--preset", "oklahoma"))
    for language in LANGUAGES:
        shown = ok(invoke(store_dir, "--lang", language, "rules", env={"COLUMNS": "80"}))
        assert "…" not in shown, language
        assert max(len(line) for line in shown.splitlines()) <= 80, language
