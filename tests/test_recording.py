"""Recording hands at the command line: a whole match from ``new`` to the match winner,
``knock``, ``gin`` and ``wall`` one hand at a time, ``record`` asking for each hand question by
question, and the sheet ``show --json`` writes of them. Every expected figure is written out
literally and was worked out by hand from RULES.md (the arithmetic is in the comments); nothing
here asks the engine what the answer should be. Legend for the comments: ``A``/``B`` the
players, ``[1, 2]`` the games a hand entered, ``pts`` a column's hand points, ``boxes`` the
hands a player won that were entered in a game (x box bonus), ``game`` the game bonus, ``net``
winner's total - loser's total.
"""

from __future__ import annotations

import json
from pathlib import Path

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
    wall_round,
    won_round,
)

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
            "column": 1,
            "open": False,
            "points": {A: 65, B: 100},
            "boxes": {A: 2, B: 5},
            "winner": B,
            "settlement": {A: line(65, 50, 0, 115), B: line(100, 125, 100, 325), "net": 210},
        },
        # G2: A 47+51+10=108, B 30+4+25+31=90.
        {
            "number": 2,
            "column": 2,
            "open": False,
            "points": {A: 108, B: 90},
            "boxes": {A: 3, B: 4},
            "winner": A,
            "settlement": {A: line(108, 75, 100, 283), B: line(90, 100, 0, 190), "net": 93},
        },
        # G3: A 51+10=61, B 4+25+31+40=100.
        {
            "number": 3,
            "column": 3,
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
                "column": n,
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
        assert set(g) == {"number", "column", "open", "points", "boxes", "winner", "settlement"}
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


# --hand N: the hand is stored as hand N or not at all


def test_hand_n_records_the_next_hand_as_usual(run: Run) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15", "--hand", "1"))
    # 2 A goes gin v 20: 20 + 25 = 45 in Game 1 (A's first win).
    assert ok(run("gin", "al", "20", "--hand", "2")).splitlines()[0] == (
        "Hand 2: Alexandra goes gin v 20 -> Alexandra +45 in Game 1"
    )
    assert ok(run("wall", "--hand", "3")).splitlines()[0] == "Hand 3: wall (dead hand) -> no score"
    assert [r["kind"] for r in sheet(run)["rounds"]] == ["knock", "gin", "wall"]


@pytest.mark.parametrize(
    "command",
    [
        pytest.param(["knock", "al", "3", "20"], id="knock"),
        pytest.param(["gin", "al", "20"], id="gin"),
        pytest.param(["wall"], id="wall"),
    ],
)
def test_hand_n_already_recorded_is_refused_naming_the_next_hand(
    run: Run, store_dir: Path, command: list[str]
) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))
    before = snapshot(store_dir)
    said = refused(run(*command, "--hand", "1"), 1)
    assert said == (
        "Error: Hand 1 is not the next hand of match 1: it is already recorded (Bob knocks "
        "5 v 15) and the next is hand 2, so nothing was stored. 'scorekeeper log 1' lists "
        "its hands."
    )
    assert snapshot(store_dir) == before


def test_hand_n_beyond_the_next_is_refused(run: Run, store_dir: Path) -> None:
    new_match(run)
    before = snapshot(store_dir)
    said = refused(run("knock", "al", "3", "20", "--hand", "3", "--dry-run"), 1)
    assert said == (
        "Error: Hand 3 is not the next hand of match 1: the next is hand 1, so nothing was "
        "stored. 'scorekeeper log 1' lists its hands."
    )
    assert snapshot(store_dir) == before


@pytest.mark.parametrize("number", ["0", "-1"])
def test_hand_n_below_1_is_bad_input(run: Run, store_dir: Path, number: str) -> None:
    new_match(run)
    before = snapshot(store_dir)
    refused(run("wall", "--hand", number), 2, "--hand is a hand's number, from 1", f"not {number}")
    refused(run("knock", "al", "3", "20", f"--hand={number}"), 2, "from 1")
    assert snapshot(store_dir) == before


def test_hand_n_of_a_match_over_says_the_match_is_over(run: Run, store_dir: Path) -> None:
    new_match(run, "--target", "10", "--end-after-first-game")
    ok(run("knock", "bob", "2", "30", "--hand", "1"))  # 28 reaches 10: the match is over
    before = snapshot(store_dir)
    refused(run("wall", "--hand", "2"), 1, "Match 1 is over")
    assert snapshot(store_dir) == before


def test_hand_n_is_in_the_help_of_knock_gin_and_wall(run: Run) -> None:
    for command in ("knock", "gin", "wall"):
        helped = " ".join(ok(run(command, "--help")).split())
        assert "--hand N Store the hand only as hand N of the match (as 'log' numbers them)" in (
            helped
        )


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
    assert "'lots' is not a whole number: Alexandra's deadwood is from 0 to 10." in out
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


def test_record_answer_no_records_nothing(run: Run, store_dir: Path) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))
    before = snapshot(store_dir)
    out = ok(run("record", input="gin\nal\n20\nn\n"))
    assert "Hand 2: Alexandra goes gin v 20 -> Alexandra +45 in Game 1" in out
    assert "Nothing was recorded." in out
    assert snapshot(store_dir) == before


def test_record_refused_after_the_match(run: Run, store_dir: Path) -> None:
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
