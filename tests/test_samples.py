"""The matches in ``sample_sessions/``, imported and shown through the real command line.

Every expected figure below is written out literally and was worked out by hand from RULES.md
(the arithmetic is in the comments), not copied from the engine. Legend for the comments:
``pts`` the column's hand points, ``boxes`` the hands a player won that were entered in that
game (x box bonus), ``game`` the game bonus, ``net`` winner's total - loser's total.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from harness import invoke, line, ok

from scorekeeper.rules import DEFAULTS

SAMPLES = Path(__file__).resolve().parent.parent / "sample_sessions"

#: The sample files a test below checks, filled in by :func:`sample`.
COVERED: list[str] = []


def sample(name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Mark a test as the check of ``sample_sessions/<name>``; it receives the path as ``path``."""
    COVERED.append(name)
    return pytest.mark.parametrize("path", [SAMPLES / name], ids=[name])


def import_and_show(tmp_path: Path, path: Path) -> dict[str, Any]:
    """``scorekeeper import PATH`` into a fresh store, then ``show --json``, parsed."""
    store = tmp_path / "store"
    ok(invoke(store, "import", path))
    sheet: dict[str, Any] = json.loads(ok(invoke(store, "show", "--json")))
    data = json.loads(path.read_text(encoding="utf-8"))
    assert sheet["players"] == data["players"]
    rules_as_given(sheet["rules"], data["rules"])
    # One round per hand; in Partnership Gin one round per deal of two hands.
    assert len(sheet["rounds"]) == len(data["hands"]) // (2 if "teams" in data else 1)
    return sheet


def rules_as_given(shown: dict[str, Any], given: dict[str, Any]) -> None:
    """The match keeps every rule of the file; an option that came after the file was written
    (of its variant too) shows its default, as it was scored before the option existed: the
    games in all, as many as the columns."""
    assert {name: shown.get(name) for name in given} == given
    newer = shown.keys() - given.keys()
    defaults = {**DEFAULTS, "games": shown["columns"]}
    assert {name: shown[name] for name in newer} == {
        name: getattr(defaults[name], "value", defaults[name]) for name in newer
    }


def outcomes(sheet: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Each round as (dealer, kind, winner, points, games)."""
    return [(r["dealer"], r["kind"], r["winner"], r["points"], r["games"]) for r in sheet["rounds"]]


@sample("01-worked-example.json")
def test_seed_worked_example_played_to_the_end(tmp_path: Path, path: Path) -> None:
    sheet = import_and_show(tmp_path, path)
    A, B = "Alexandra", "Bob"
    # Hands 1-4 are seed 000's example: Bob 10 [1]; Alexandra 18 [1]; Bob 30 [1, 2];
    # Bob 4 [1, 2, 3] -> Alexandra 18/0/0, Bob 10+30+4=44 / 30+4=34 / 4.
    # Loser deals: A deals 1; the loser of each hand deals the next (hand 9's loser is Bob).
    # Then: 5 A gin 22+25=47 opens G2 [1, 2] -> A 65/47/0; 6 B 31-4=27 [1,2,3] -> B 71/61/31;
    # 7 B gin 12+25=37 -> B 108/98/68, G1 ends (Bob); 8 A 29-3=26 [2, 3] (G3 opened) -> A 73/26;
    # 9 Bob knocks 8 v 6: undercut, A gets 8-6+25=27 [2, 3] -> A 100/53, G2 ends (Alexandra);
    # 10 B 24-2=22 [3] -> 90; 11 A 16-7=9 [3] -> 62; 12 B 17-5=12 [3] -> 102, G3 ends (Bob).
    assert outcomes(sheet) == [
        (A, "knock", B, 10, [1]),
        (A, "knock", A, 18, [1]),
        (B, "knock", B, 30, [1, 2]),
        (A, "knock", B, 4, [1, 2, 3]),
        (A, "gin", A, 47, [1, 2]),
        (B, "knock", B, 27, [1, 2, 3]),
        (A, "gin", B, 37, [1, 2, 3]),
        (A, "knock", A, 26, [2, 3]),
        (B, "undercut", A, 27, [2, 3]),
        (B, "knock", B, 22, [3]),
        (A, "knock", A, 9, [3]),
        (B, "knock", B, 12, [3]),
    ]
    assert sheet["games"] == [
        # Game 1: A pts 18+47=65, boxes 2 (hands 2, 5) x25=50, total 115.
        #         B pts 10+30+4+27+37=108, boxes 5 (1, 3, 4, 6, 7) x25=125, game 100,
        #         total 108+125+100=333. net 333-115=218.
        {
            "number": 1,
            "column": 1,
            "open": False,
            "points": {A: 65, B: 108},
            "boxes": {A: 2, B: 5},
            "winner": B,
            "settlement": {A: line(65, 50, 0, 115), B: line(108, 125, 100, 333), "net": 218},
        },
        # Game 2: A pts 47+26+27=100, boxes 3 (5, 8, 9) x25=75, game 100, total 275.
        #         B pts 30+4+27+37=98, boxes 4 (3, 4, 6, 7) x25=100, total 198. net 77.
        {
            "number": 2,
            "column": 2,
            "open": False,
            "points": {A: 100, B: 98},
            "boxes": {A: 3, B: 4},
            "winner": A,
            "settlement": {A: line(100, 75, 100, 275), B: line(98, 100, 0, 198), "net": 77},
        },
        # Game 3: A pts 26+27+9=62, boxes 3 (8, 9, 11) x25=75, total 137.
        #         B pts 4+27+37+22+12=102, boxes 5 (4, 6, 7, 10, 12) x25=125, game 100,
        #         total 327. net 327-137=190.
        {
            "number": 3,
            "column": 3,
            "open": False,
            "points": {A: 62, B: 102},
            "boxes": {A: 3, B: 5},
            "winner": B,
            "settlement": {A: line(62, 75, 0, 137), B: line(102, 125, 100, 327), "net": 190},
        },
    ]
    # Games won: Bob 2 (G1, G3), Alexandra 1. Bob won hand 12, so the loser Alexandra deals.
    assert sheet["finished"] is True
    assert sheet["winner"] == B
    assert sheet["next_dealer"] == A


@sample("02-two-one-lower-column.json")
def test_two_one_winner_has_the_lower_best_column(tmp_path: Path, path: Path) -> None:
    sheet = import_and_show(tmp_path, path)
    M, T = "Margaret", "Tomasz"
    # 1 T 28-3=25 [1]; 2 M 14-6=8 [1]; 3 T 21-2=19 [1,2]; 4 T 30-4=26 [1,2,3] -> T 70/45/26;
    # 5 M 22-5=17 [1,2] -> M 25/17; 6 T gin 9+25=34 -> T 104/79/60, G1 ends (Tomasz);
    # 7 M 19-1=18 [2,3] -> M 35/18; 8 T 24-3=21 [2,3] -> T 100/81, G2 ends (Tomasz);
    # 9 M 40-4=36 [3] -> 54; 10 T 15-6=9 [3] -> 90; 11 M big gin 62+31=93 [3] -> 147 (Margaret).
    assert [r["games"] for r in sheet["rounds"]] == [
        [1],
        [1],
        [1, 2],
        [1, 2, 3],
        [1, 2],
        [1, 2, 3],
        [2, 3],
        [2, 3],
        [3],
        [3],
        [3],
    ]
    assert sheet["rounds"][10]["kind"] == "big_gin"
    assert sheet["rounds"][10]["points"] == 93
    assert sheet["games"] == [
        # Game 1: T pts 25+19+26+34=104, boxes 4 (1, 3, 4, 6) x25=100, game 100, total 304.
        #         M pts 8+17=25, boxes 2 (2, 5) x25=50, total 75. net 304-75=229.
        {
            "number": 1,
            "column": 1,
            "open": False,
            "points": {M: 25, T: 104},
            "boxes": {M: 2, T: 4},
            "winner": T,
            "settlement": {M: line(25, 50, 0, 75), T: line(104, 100, 100, 304), "net": 229},
        },
        # Game 2: T pts 19+26+34+21=100, boxes 4 (3, 4, 6, 8) x25=100, game 100, total 300.
        #         M pts 17+18=35, boxes 2 (5, 7) x25=50, total 85. net 215.
        {
            "number": 2,
            "column": 2,
            "open": False,
            "points": {M: 35, T: 100},
            "boxes": {M: 2, T: 4},
            "winner": T,
            "settlement": {M: line(35, 50, 0, 85), T: line(100, 100, 100, 300), "net": 215},
        },
        # Game 3: M pts 18+36+93=147, boxes 3 (7, 9, 11) x25=75, game 100, total 322.
        #         T pts 26+34+21+9=90, boxes 4 (4, 6, 8, 10) x25=100, total 190. net 132.
        {
            "number": 3,
            "column": 3,
            "open": False,
            "points": {M: 147, T: 90},
            "boxes": {M: 3, T: 4},
            "winner": M,
            "settlement": {M: line(147, 75, 100, 322), T: line(90, 100, 0, 190), "net": 132},
        },
    ]
    # Tomasz wins 2 of 3 games though his best column (104) is below Margaret's 147.
    # Margaret won the last hand, so the loser Tomasz deals.
    assert sheet["finished"] is True
    assert sheet["winner"] == T
    assert sheet["next_dealer"] == T


@sample("03-shutout-game-one.json")
def test_shutout_in_game_one_then_the_shut_out_player_opens_game_two(
    tmp_path: Path, path: Path
) -> None:
    sheet = import_and_show(tmp_path, path)
    P, D = "Priya", "Daniel"
    # 1 P 35-2=33 [1]; 2 P gin 27+25=52 [1,2]; 3 P 26-5=21 [1,2,3] -> P 106/73/21, G1 ends
    # with Daniel on 0 (shutout). 4 D 25-3=22: his first win opens G2, the lowest game in
    # progress [2]; 5 D 18-4=14 [2,3] -> D 36/14; 6 P 19-7=12 [2,3] -> P 85/33;
    # 7 D gin 41+25=66 [2,3] -> D 102/80, G2 ends (Daniel); 8 P 30-1=29 [3] -> 62;
    # 9 D 29-6=23 [3] -> 103, G3 ends (Daniel).
    assert outcomes(sheet) == [
        (D, "knock", P, 33, [1]),
        (D, "gin", P, 52, [1, 2]),
        (D, "knock", P, 21, [1, 2, 3]),
        (D, "knock", D, 22, [2]),
        (P, "knock", D, 14, [2, 3]),
        (P, "knock", P, 12, [2, 3]),
        (D, "gin", D, 66, [2, 3]),
        (P, "knock", P, 29, [3]),
        (D, "knock", D, 23, [3]),
    ]
    assert sheet["games"] == [
        # Game 1: P pts 33+52+21=106, boxes 3 (1, 2, 3) x25=75, game 100 doubled by the
        #         shutout (Daniel 0) = 200, total 106+75+200=381. D 0, 0, 0, total 0. net 381.
        {
            "number": 1,
            "column": 1,
            "open": False,
            "points": {P: 106, D: 0},
            "boxes": {P: 3, D: 0},
            "winner": P,
            "settlement": {
                P: line(106, 75, 200, 381, shutout=True),
                D: line(0, 0, 0, 0),
                "net": 381,
            },
        },
        # Game 2: D pts 22+14+66=102, boxes 3 (4, 5, 7) x25=75, game 100, total 277.
        #         P pts 52+21+12=85, boxes 3 (2, 3, 6) x25=75, total 160. net 117.
        {
            "number": 2,
            "column": 2,
            "open": False,
            "points": {P: 85, D: 102},
            "boxes": {P: 3, D: 3},
            "winner": D,
            "settlement": {P: line(85, 75, 0, 160), D: line(102, 75, 100, 277), "net": 117},
        },
        # Game 3: D pts 14+66+23=103, boxes 3 (5, 7, 9) x25=75, game 100, total 278.
        #         P pts 21+12+29=62, boxes 3 (3, 6, 8) x25=75, total 137. net 141.
        {
            "number": 3,
            "column": 3,
            "open": False,
            "points": {P: 62, D: 103},
            "boxes": {P: 3, D: 3},
            "winner": D,
            "settlement": {P: line(62, 75, 0, 137), D: line(103, 75, 100, 278), "net": 141},
        },
    ]
    # Daniel wins G2 and G3: the match 2-1. He won hand 9, so the loser Priya deals.
    assert sheet["finished"] is True
    assert sheet["winner"] == D
    assert sheet["next_dealer"] == P


@sample("04-walls-and-tied-undercut.json")
def test_walls_keep_the_dealer_and_a_tie_is_an_undercut(tmp_path: Path, path: Path) -> None:
    sheet = import_and_show(tmp_path, path)
    S, M = "Sofia", "Marcus"
    # Walls score nothing and the same dealer deals again (hands 1, 4, 5, 10).
    # 2 M 23-4=19 [1]; 3 Sofia knocks 7 v 7: a tie is an undercut, Marcus 7-7+25=25 [1,2]
    # -> M 44/25; 6 S gin 18+25=43 [1]; 7 S 31-3=28 [1,2] -> S 71/28; 8 M 20-5=15 [1,2,3]
    # -> M 59/40/15; 9 S 32-2=30 [1,2,3] -> S 101/58/30, G1 ends (Sofia); 11 M gin 38+25=63
    # [2,3] -> M 103/78, G2 ends (Marcus); 12 S 22-6=16 [3] -> 46; 13 M 27-3=24 [3] -> 102.
    # Dealing, loser deals: S deals 1 (wall) and 2; M wins 2 -> S; M wins 3 -> S; walls 4, 5
    # -> S again; S wins 6 -> M deals 7; S wins 7 -> M; M wins 8 -> S; S wins 9 -> M deals the
    # wall 10 and again 11; M wins 11 -> S; S wins 12 -> M; M wins 13 -> S next.
    assert outcomes(sheet) == [
        (S, "wall", None, 0, []),
        (S, "knock", M, 19, [1]),
        (S, "undercut", M, 25, [1, 2]),
        (S, "wall", None, 0, []),
        (S, "wall", None, 0, []),
        (S, "gin", S, 43, [1]),
        (M, "knock", S, 28, [1, 2]),
        (M, "knock", M, 15, [1, 2, 3]),
        (S, "knock", S, 30, [1, 2, 3]),
        (M, "wall", None, 0, []),
        (M, "gin", M, 63, [2, 3]),
        (S, "knock", S, 16, [3]),
        (M, "knock", M, 24, [3]),
    ]
    tie = sheet["rounds"][2]
    assert (tie["knocker"], tie["knocker_deadwood"], tie["opponent_deadwood"]) == (S, 7, 7)
    assert sheet["games"] == [
        # Game 1: S pts 43+28+30=101, boxes 3 (6, 7, 9) x25=75, game 100, total 276.
        #         M pts 19+25+15=59, boxes 3 (2, 3, 8) x25=75, total 134. net 142.
        {
            "number": 1,
            "column": 1,
            "open": False,
            "points": {S: 101, M: 59},
            "boxes": {S: 3, M: 3},
            "winner": S,
            "settlement": {S: line(101, 75, 100, 276), M: line(59, 75, 0, 134), "net": 142},
        },
        # Game 2: M pts 25+15+63=103, boxes 3 (3, 8, 11) x25=75, game 100, total 278.
        #         S pts 28+30=58, boxes 2 (7, 9) x25=50, total 108. net 170.
        {
            "number": 2,
            "column": 2,
            "open": False,
            "points": {S: 58, M: 103},
            "boxes": {S: 2, M: 3},
            "winner": M,
            "settlement": {S: line(58, 50, 0, 108), M: line(103, 75, 100, 278), "net": 170},
        },
        # Game 3: M pts 15+63+24=102, boxes 3 (8, 11, 13) x25=75, game 100, total 277.
        #         S pts 30+16=46, boxes 2 (9, 12) x25=50, total 96. net 181.
        {
            "number": 3,
            "column": 3,
            "open": False,
            "points": {S: 46, M: 102},
            "boxes": {S: 2, M: 3},
            "winner": M,
            "settlement": {S: line(46, 50, 0, 96), M: line(102, 75, 100, 277), "net": 181},
        },
    ]
    # Marcus wins G2 and G3: the match 2-1. Next dealer Sofia (she lost hand 13).
    assert sheet["finished"] is True
    assert sheet["winner"] == M
    assert sheet["next_dealer"] == S


@sample("05-house-rules-two-columns.json")
def test_house_rules_two_columns_one_game_each_is_a_draw(tmp_path: Path, path: Path) -> None:
    sheet = import_and_show(tmp_path, path)
    H, L = "Hannah", "Luis"
    # 2 columns, target 75, gin 20, undercut 10, box 20, winner deals; game bonus 100.
    # 1 H 19-4=15 [1]; 2 H 14-2=12 [1,2]; 3 Luis knocks 6 v 5: undercut, Hannah 6-5+10=11
    # [1,2] -> H 38/23; 4 L gin 16+20=36 [1]; 5 L 24-3=21 [1,2] -> L 57/21; 6 H 21-5=16
    # [1,2] -> H 54/39; 7 L 20-1=19 [1,2] -> L 76/40, G1 ends (76 >= 75, Luis);
    # 8 H gin 23+20=43 [2] -> 82, G2 ends (Hannah).
    # Winner deals: L deals 1, then the winner of each hand deals the next.
    assert outcomes(sheet) == [
        (L, "knock", H, 15, [1]),
        (H, "knock", H, 12, [1, 2]),
        (H, "undercut", H, 11, [1, 2]),
        (H, "gin", L, 36, [1]),
        (L, "knock", L, 21, [1, 2]),
        (L, "knock", H, 16, [1, 2]),
        (H, "knock", L, 19, [1, 2]),
        (L, "gin", H, 43, [2]),
    ]
    assert sheet["games"] == [
        # Game 1: L pts 36+21+19=76, boxes 3 (4, 5, 7) x20=60, game 100, total 236.
        #         H pts 15+12+11+16=54, boxes 4 (1, 2, 3, 6) x20=80, total 134. net 102.
        {
            "number": 1,
            "column": 1,
            "open": False,
            "points": {H: 54, L: 76},
            "boxes": {H: 4, L: 3},
            "winner": L,
            "settlement": {H: line(54, 80, 0, 134), L: line(76, 60, 100, 236), "net": 102},
        },
        # Game 2: H pts 12+11+16+43=82, boxes 4 (2, 3, 6, 8) x20=80, game 100, total 262.
        #         L pts 21+19=40, boxes 2 (5, 7) x20=40, total 80. net 182.
        {
            "number": 2,
            "column": 2,
            "open": False,
            "points": {H: 82, L: 40},
            "boxes": {H: 4, L: 2},
            "winner": H,
            "settlement": {H: line(82, 80, 100, 262), L: line(40, 40, 0, 80), "net": 182},
        },
    ]
    # One game each with two columns: a drawn match, no winner. Hannah won hand 8 and deals.
    assert sheet["finished"] is True
    assert sheet["winner"] is None
    assert sheet["next_dealer"] == H


@sample("06-one-hand-ends-two-games.json")
def test_one_big_gin_ends_two_games_at_once(tmp_path: Path, path: Path) -> None:
    sheet = import_and_show(tmp_path, path)
    O, K = "Olivia", "Kenji"  # noqa: E741 (the initials the comments use)
    # 1 O 25-3=22 [1]; 2 K 17-2=15 [1]; 3 O 31-5=26 [1,2]; 4 O 22-4=18 [1,2,3] -> O 66/44/18;
    # 5 K 27-6=21 [1,2] -> K 36/21; 6 O big gin 44+31=75 [1,2,3] -> O 141/119/93: Games 1
    # and 2 both end (Olivia), Game 3 goes on; 7 K 26-1=25: G3 is the only game in progress,
    # he opens it [3]; 8 K gin 33+25=58 [3] -> 83; 9 K 23-3=20 [3] -> 103, G3 ends (Kenji).
    assert outcomes(sheet) == [
        (K, "knock", O, 22, [1]),
        (K, "knock", K, 15, [1]),
        (O, "knock", O, 26, [1, 2]),
        (K, "knock", O, 18, [1, 2, 3]),
        (K, "knock", K, 21, [1, 2]),
        (O, "big_gin", O, 75, [1, 2, 3]),
        (K, "knock", K, 25, [3]),
        (O, "gin", K, 58, [3]),
        (O, "knock", K, 20, [3]),
    ]
    assert sheet["games"] == [
        # Game 1: O pts 22+26+18+75=141, boxes 4 (1, 3, 4, 6) x25=100, game 100, total 341.
        #         K pts 15+21=36, boxes 2 (2, 5) x25=50, total 86. net 255.
        {
            "number": 1,
            "column": 1,
            "open": False,
            "points": {O: 141, K: 36},
            "boxes": {O: 4, K: 2},
            "winner": O,
            "settlement": {O: line(141, 100, 100, 341), K: line(36, 50, 0, 86), "net": 255},
        },
        # Game 2: O pts 26+18+75=119, boxes 3 (3, 4, 6) x25=75, game 100, total 294.
        #         K pts 21, boxes 1 (5) x25=25, total 46 (not a shutout). net 248.
        {
            "number": 2,
            "column": 2,
            "open": False,
            "points": {O: 119, K: 21},
            "boxes": {O: 3, K: 1},
            "winner": O,
            "settlement": {O: line(119, 75, 100, 294), K: line(21, 25, 0, 46), "net": 248},
        },
        # Game 3: K pts 25+58+20=103, boxes 3 (7, 8, 9) x25=75, game 100, total 278.
        #         O pts 18+75=93, boxes 2 (4, 6) x25=50, total 143. net 135.
        {
            "number": 3,
            "column": 3,
            "open": False,
            "points": {O: 93, K: 103},
            "boxes": {O: 2, K: 3},
            "winner": K,
            "settlement": {O: line(93, 50, 0, 143), K: line(103, 75, 100, 278), "net": 135},
        },
    ]
    # Olivia wins G1 and G2: the match 2-1. Kenji won hand 9, so the loser Olivia deals.
    assert sheet["finished"] is True
    assert sheet["winner"] == O
    assert sheet["next_dealer"] == O


@sample("07-oklahoma.json")
def test_oklahoma_spades_double_and_the_upcard_sets_the_knock_limit(
    tmp_path: Path, path: Path
) -> None:
    sheet = import_and_show(tmp_path, path)
    R, V = "Rosa", "Viktor"
    # Oklahoma Gin: the up-card's value is the knock limit, a spade doubles the hand's points
    # (bonuses included, boxes not). Loser deals; Rosa deals hand 1.
    # 1 3♦ (limit 3): V knocks 2 v 19 = 17 [1] -> V 17.
    # 2 8♠: R knocks 5 v 21 = (21-5) x2 = 32 [1] -> R 32.
    # 3 A♥ (gin only): V gin v 14 = 14+25 = 39, V's 2nd win [1, 2] -> V 56/39.
    # 4 K♣ (limit 10): R knocks 9 v 9, a tie: undercut, V 9-9+25 = 25, 3rd win [1, 2, 3]
    #   -> V 81/64/25.
    # 5 6♠: wall, nothing doubled; Rosa deals again.
    # 6 Q♠: R gin v 21 = (21+25) x2 = 92, 2nd win [1, 2] -> R 124/92: G1 ends (Rosa).
    # 7 2♥ (limit 2): V knocks 1 v 30 = 29 [2, 3] (G1 is over) -> V 93/54.
    # 8 4♠: R knocks 3 v 25 = (25-3) x2 = 44, 3rd win opens G3 [2, 3] -> R 136/44:
    #   G2 ends (Rosa).
    # 9 10♠: V big gin v 20 = (20+31) x2 = 102 [3] -> V 54+102 = 156: G3 ends (Viktor).
    # Dealers: R; V won -> R; R won -> V; V won -> R; V won -> R; wall -> R; R won -> V;
    # V won -> R; R won -> V; V won hand 9 -> Rosa next.
    assert outcomes(sheet) == [
        (R, "knock", V, 17, [1]),
        (R, "knock", R, 32, [1]),
        (V, "gin", V, 39, [1, 2]),
        (R, "undercut", V, 25, [1, 2, 3]),
        (R, "wall", None, 0, []),
        (R, "gin", R, 92, [1, 2]),
        (V, "knock", V, 29, [2, 3]),
        (R, "knock", R, 44, [2, 3]),
        (V, "big_gin", V, 102, [3]),
    ]
    assert [r["upcard"] for r in sheet["rounds"]] == [
        "3♦",
        "8♠",
        "A♥",
        "K♣",
        "6♠",
        "Q♠",
        "2♥",
        "4♠",
        "10♠",
    ]
    assert sheet["games"] == [
        # Game 1: R pts 32+92=124, boxes 2 (2, 6) x25=50, game 100, total 274.
        #         V pts 17+39+25=81, boxes 3 (1, 3, 4) x25=75, total 156. net 118.
        {
            "number": 1,
            "column": 1,
            "open": False,
            "points": {R: 124, V: 81},
            "boxes": {R: 2, V: 3},
            "winner": R,
            "settlement": {R: line(124, 50, 100, 274), V: line(81, 75, 0, 156), "net": 118},
        },
        # Game 2: R pts 92+44=136, boxes 2 (6, 8) x25=50, game 100, total 286.
        #         V pts 39+25+29=93, boxes 3 (3, 4, 7) x25=75, total 168. net 118.
        {
            "number": 2,
            "column": 2,
            "open": False,
            "points": {R: 136, V: 93},
            "boxes": {R: 2, V: 3},
            "winner": R,
            "settlement": {R: line(136, 50, 100, 286), V: line(93, 75, 0, 168), "net": 118},
        },
        # Game 3: V pts 25+29+102=156, boxes 3 (4, 7, 9) x25=75, game 100, total 331.
        #         R pts 44, boxes 1 (8) x25=25, total 69. net 262.
        {
            "number": 3,
            "column": 3,
            "open": False,
            "points": {R: 44, V: 156},
            "boxes": {R: 1, V: 3},
            "winner": V,
            "settlement": {R: line(44, 25, 0, 69), V: line(156, 75, 100, 331), "net": 262},
        },
    ]
    # Rosa wins G1 and G2: the match 2-1. Viktor won hand 9, so the loser Rosa deals.
    assert sheet["finished"] is True
    assert sheet["winner"] == R
    assert sheet["next_dealer"] == R


@sample("08-straight-gin.json")
def test_straight_gin_only_gins_and_walls(tmp_path: Path, path: Path) -> None:
    sheet = import_and_show(tmp_path, path)
    I, J = "Ines", "Jonas"  # noqa: E741 (the initials the comments use)
    # Straight Gin: no knock; hand 5 was entered as a knock with 0, which is gin.
    # 1 I gin v 12 = 37 [1]; 2 wall; 3 J gin v 8 = 33 [1]; 4 I big gin v 20 = 20+31 = 51
    # [1, 2] -> I 88/51; 5 J 0 v 15 = gin 15+25 = 40 [1, 2] -> J 73/40; 6 I gin v 4 = 29
    # [1, 2, 3] -> I 117/80/29: G1 ends (Ines); 7 wall; 8 J gin v 31 = 56, 3rd win opens G3
    # [2, 3] -> J 96/56; 9 J gin v 2 = 27 [2, 3] -> J 123/83: G2 ends (Jonas);
    # 10 I gin v 22 = 47 [3] -> 76; 11 I gin v 6 = 31 [3] -> 107: G3 ends (Ines).
    # Dealers (loser deals, a wall keeps the dealer): I; I won -> J; wall -> J; J won -> I;
    # I won -> J; J won -> I; I won -> J; wall -> J; J won -> I; J won -> I; I won -> J;
    # I won hand 11 -> Jonas next.
    assert outcomes(sheet) == [
        (I, "gin", I, 37, [1]),
        (J, "wall", None, 0, []),
        (J, "gin", J, 33, [1]),
        (I, "big_gin", I, 51, [1, 2]),
        (J, "gin", J, 40, [1, 2]),
        (I, "gin", I, 29, [1, 2, 3]),
        (J, "wall", None, 0, []),
        (J, "gin", J, 56, [2, 3]),
        (I, "gin", J, 27, [2, 3]),
        (I, "gin", I, 47, [3]),
        (J, "gin", I, 31, [3]),
    ]
    entered_as_knock = sheet["rounds"][4]
    assert (
        entered_as_knock["knocker"],
        entered_as_knock["knocker_deadwood"],
        entered_as_knock["opponent_deadwood"],
    ) == (J, 0, 15)
    assert sheet["games"] == [
        # Game 1: I pts 37+51+29=117, boxes 3 (1, 4, 6) x25=75, game 100, total 292.
        #         J pts 33+40=73, boxes 2 (3, 5) x25=50, total 123. net 169.
        {
            "number": 1,
            "column": 1,
            "open": False,
            "points": {I: 117, J: 73},
            "boxes": {I: 3, J: 2},
            "winner": I,
            "settlement": {I: line(117, 75, 100, 292), J: line(73, 50, 0, 123), "net": 169},
        },
        # Game 2: J pts 40+56+27=123, boxes 3 (5, 8, 9) x25=75, game 100, total 298.
        #         I pts 51+29=80, boxes 2 (4, 6) x25=50, total 130. net 168.
        {
            "number": 2,
            "column": 2,
            "open": False,
            "points": {I: 80, J: 123},
            "boxes": {I: 2, J: 3},
            "winner": J,
            "settlement": {I: line(80, 50, 0, 130), J: line(123, 75, 100, 298), "net": 168},
        },
        # Game 3: I pts 29+47+31=107, boxes 3 (6, 10, 11) x25=75, game 100, total 282.
        #         J pts 56+27=83, boxes 2 (8, 9) x25=50, total 133. net 149.
        {
            "number": 3,
            "column": 3,
            "open": False,
            "points": {I: 107, J: 83},
            "boxes": {I: 3, J: 2},
            "winner": I,
            "settlement": {I: line(107, 75, 100, 282), J: line(83, 50, 0, 133), "net": 149},
        },
    ]
    # Ines wins G1 and G3: the match 2-1. She won hand 11, so the loser Jonas deals.
    assert sheet["finished"] is True
    assert sheet["winner"] == I
    assert sheet["next_dealer"] == J


def check_partnership_sample(sheet: dict[str, Any]) -> None:
    """The hand-worked figures of ``09-partnership.json``, however it reached the store."""
    GH, IJ = "Greta & Hugo", "Ivo & Jana"
    assert sheet["teams"] == [["Greta", "Hugo"], ["Ivo", "Jana"]]
    # Odd deals: Greta v Ivo and Hugo v Jana; even deals: Greta v Jana and Hugo v Ivo.
    # A team that won both tables scores the sum, one each: the larger wins the difference.
    # 1  Greta 28-4=24 + Hugo gin 11+25=36 = GH +60 [1] -> GH 60.
    # 2  Jana 22-3=19 (v Greta), Hugo 9-2=7 (v Ivo): IJ 19-7 = +12 [1] -> IJ 12.
    # 3  Ivo gin 10+25=35, wall at Hugo v Jana: IJ +35, 2nd win [1, 2] -> IJ 47/35.
    # 4  Greta 25-5=20 (v Jana), Ivo 26-6=20 (v Hugo): equal, nothing; GH deal again.
    # 5  Ivo knocks 7 v 5, undercut by Greta 7-5+25=27, + Hugo 31-1=30 = GH +57, 2nd win
    #    [1, 2] -> GH 117/57: G1 ends (GH).
    # 6  Jana gin 18+25=43, Hugo big gin 9+31=40: IJ 43-40 = +3, 3rd win opens G3 [2, 3]
    #    -> IJ 38/3.
    # 7  Greta gin 33+25=58, Jana 4-2=2: GH 58-2 = +56, 3rd win [2, 3] -> GH 113/56:
    #    G2 ends (GH).
    # 8  a wall at both tables: nothing; IJ deal again.
    # 9  Ivo gin 25+25=50 + Jana 24-4=20 = IJ +70 [3] -> IJ 73.
    # 10 Hugo 17-3=14, Jana 20-9=11 (v Greta): GH 14-11 = +3 [3] -> GH 59.
    # 11 Ivo 30-2=28 + Hugo knocks 8 v 8, undercut by Jana 0+25=25 = IJ +53 [3] -> 126:
    #    G3 ends (IJ).
    # Dealing teams (loser deals, a deal without a score keeps the dealer): GH; GH won ->
    # IJ; IJ won -> GH; IJ won -> GH; nothing -> GH; GH won -> IJ; IJ won -> GH; GH won ->
    # IJ; nothing -> IJ; IJ won -> GH; GH won -> IJ; IJ won deal 11 -> GH next.
    assert outcomes(sheet) == [
        (GH, "deal", GH, 60, [1]),
        (IJ, "deal", IJ, 12, [1]),
        (GH, "deal", IJ, 35, [1, 2]),
        (GH, "deal", None, 0, []),
        (GH, "deal", GH, 57, [1, 2]),
        (IJ, "deal", IJ, 3, [2, 3]),
        (GH, "deal", GH, 56, [2, 3]),
        (IJ, "deal", None, 0, []),
        (IJ, "deal", IJ, 70, [3]),
        (GH, "deal", GH, 3, [3]),
        (IJ, "deal", IJ, 53, [3]),
    ]
    tables = [
        [(t["players"], t["kind"], t["winner"], t["points"]) for t in r["tables"]]
        for r in sheet["rounds"]
    ]
    assert tables[2] == [(["Greta", "Ivo"], "gin", "Ivo", 35), (["Hugo", "Jana"], "wall", None, 0)]
    assert tables[5] == [
        (["Greta", "Jana"], "gin", "Jana", 43),
        (["Hugo", "Ivo"], "big_gin", "Hugo", 40),
    ]
    assert tables[7] == [(["Greta", "Jana"], "wall", None, 0), (["Hugo", "Ivo"], "wall", None, 0)]
    assert tables[10] == [
        (["Greta", "Ivo"], "knock", "Ivo", 28),
        (["Hugo", "Jana"], "undercut", "Jana", 25),
    ]
    assert sheet["games"] == [
        # Game 1: GH pts 60+57=117, boxes 2 (deals 1, 5) x25=50, game 100, total 267.
        #         IJ pts 12+35=47, boxes 2 (deals 2, 3) x25=50, total 97. net 170.
        {
            "number": 1,
            "column": 1,
            "open": False,
            "points": {GH: 117, IJ: 47},
            "boxes": {GH: 2, IJ: 2},
            "winner": GH,
            "settlement": {GH: line(117, 50, 100, 267), IJ: line(47, 50, 0, 97), "net": 170},
        },
        # Game 2: GH pts 57+56=113, boxes 2 (deals 5, 7) x25=50, game 100, total 263.
        #         IJ pts 35+3=38, boxes 2 (deals 3, 6) x25=50, total 88. net 175.
        {
            "number": 2,
            "column": 2,
            "open": False,
            "points": {GH: 113, IJ: 38},
            "boxes": {GH: 2, IJ: 2},
            "winner": GH,
            "settlement": {GH: line(113, 50, 100, 263), IJ: line(38, 50, 0, 88), "net": 175},
        },
        # Game 3: IJ pts 3+70+53=126, boxes 3 (deals 6, 9, 11) x25=75, game 100, total 301.
        #         GH pts 56+3=59, boxes 2 (deals 7, 10) x25=50, total 109. net 192.
        {
            "number": 3,
            "column": 3,
            "open": False,
            "points": {GH: 59, IJ: 126},
            "boxes": {GH: 2, IJ: 3},
            "winner": IJ,
            "settlement": {GH: line(59, 50, 0, 109), IJ: line(126, 75, 100, 301), "net": 192},
        },
    ]
    # Greta & Hugo win G1 and G2: the match 2-1. IJ won deal 11, so the losers GH deal.
    assert sheet["pending"] == []
    assert sheet["finished"] is True
    assert sheet["winner"] == GH
    assert sheet["next_dealer"] == GH


@sample("09-partnership.json")
def test_partnership_split_deals_walls_and_a_drawn_deal(tmp_path: Path, path: Path) -> None:
    check_partnership_sample(import_and_show(tmp_path, path))


@pytest.mark.parametrize("path", [SAMPLES / "09-partnership.json"], ids=["09-partnership.json"])
def test_partnership_sample_entered_through_the_commands(tmp_path: Path, path: Path) -> None:
    """The same figures with the file's hands typed in one by one (``new --teams``, then
    ``knock``/``gin``/``wall PLAYER``), while the import of a partnership file is broken."""
    data = json.loads(path.read_text(encoding="utf-8"))

    def run(*args: Any) -> str:
        return ok(invoke(tmp_path / "store", *args))

    run(
        "new",
        "--teams",
        *data["players"],
        "--dealer",
        data["first_dealer"],
        "--description",
        data["description"],
    )
    for hand in data["hands"]:
        if hand["entry"] == "wall":
            run("wall", hand["table"])
        elif hand["entry"] == "knock":
            run("knock", hand["knocker"], hand["knocker_deadwood"], hand["opponent_deadwood"])
        else:
            run(
                "gin",
                hand["knocker"],
                hand["opponent_deadwood"],
                *(["--big"] if hand["entry"] == "big_gin" else []),
            )
    sheet = json.loads(run("show", "--json"))
    assert sheet["players"] == data["players"]
    rules_as_given(sheet["rules"], data["rules"])
    check_partnership_sample(sheet)


@sample("10-plain-gin-rummy.json")
def test_plain_gin_rummy_one_running_total(tmp_path: Path, path: Path) -> None:
    sheet = import_and_show(tmp_path, path)
    M, P = "Marta", "Pieter"
    # One column: every win scores in Game 1. Loser deals; a wall keeps the dealer.
    # 1 P 21-4=17 (M deals, loses: M deals 2); 2 M gin 18+25=43 (P deals 3); 3 wall (P deals
    # 4); 4 M knocks 7 v 5: undercut, P 7-5+25=27 -> P 44 (M deals 5); 5 P 30-2=28 -> 72 (M
    # deals 6); 6 M 40-3=37 -> 80 (P deals 7); 7 P big gin 9+31=40 -> 112: the game ends.
    assert outcomes(sheet) == [
        (M, "knock", P, 17, [1]),
        (M, "gin", M, 43, [1]),
        (P, "wall", None, 0, []),
        (P, "undercut", P, 27, [1]),
        (M, "knock", P, 28, [1]),
        (M, "knock", M, 37, [1]),
        (P, "big_gin", P, 40, [1]),
    ]
    (game,) = sheet["games"]
    # P 112 + 4 boxes (1, 4, 5, 7) x25=100 + 100 = 312; M 80 + 2 boxes (2, 6) = 130; net 182.
    assert game["points"] == {M: 80, P: 112} and game["boxes"] == {M: 2, P: 4}
    assert game["settlement"] == {M: line(80, 50, 0, 130), P: line(112, 100, 100, 312), "net": 182}
    assert (sheet["finished"], sheet["winner"], sheet["net"]) == (True, P, {M: -182, P: 182})
    assert sheet["next_dealer"] == M  # the loser of hand 7


@sample("11-oklahoma-to-150.json")
def test_oklahoma_on_one_column_to_150(tmp_path: Path, path: Path) -> None:
    sheet = import_and_show(tmp_path, path)
    R, V = "Rosa", "Viktor"
    # 1 8♥ (limit 8): R 30-8=22 (V deals, loses: V deals 2); 2 3♠: V (25-3)x2=44 (R deals 3);
    # 3 A♦ (gin only): R gin 20+25=45 -> R 67 (V deals 4); 4 K♣ (limit 10): V knocks 10 v 6,
    # undercut: R 10-6+25=29 -> R 96 (V deals 5); 5 wall under 5♠: nothing, V deals again;
    # 6 Q♠: V gin (33+25)x2=116 -> V 160 >= 150: the game ends.
    assert outcomes(sheet) == [
        (V, "knock", R, 22, [1]),
        (V, "knock", V, 44, [1]),
        (R, "gin", R, 45, [1]),
        (V, "undercut", R, 29, [1]),
        (V, "wall", None, 0, []),
        (V, "gin", V, 116, [1]),
    ]
    assert [r["upcard"] for r in sheet["rounds"]] == ["8♥", "3♠", "A♦", "K♣", "5♠", "Q♠"]
    (game,) = sheet["games"]
    # V 160 + 2 boxes (2, 6) 50 + 100 = 310; R 96 + 3 boxes (1, 3, 4) 75 = 171; net 139.
    assert game["settlement"] == {R: line(96, 75, 0, 171), V: line(160, 50, 100, 310), "net": 139}
    assert (sheet["winner"], sheet["net"], sheet["next_dealer"]) == (V, {R: -139, V: 139}, R)


@sample("12-three-handed.json")
def test_three_handed_rotation_and_settling_up(tmp_path: Path, path: Path) -> None:
    sheet = import_and_show(tmp_path, path)
    A, B, C = "Ann", "Ben", "Cid"
    # Seats (players, sitting out, dealer): 1 A v B, C out, A deals: A 63-2=61; B sits out, C
    # deals to A. 2 A v C, wall: the same again. 3 A v C: C 60-2=58; A sits out, B deals to C.
    # 4 B v C: B 51-1=50; C out, A deals to B. 5 A v B: A knocks 6 v 4, undercut: B 6-4+25=27
    # -> B 77; A out, C deals to B. 6 B v C: B gin 0+25=25 -> B 102: the match ends.
    assert [(r["players"], r["sits_out"], r["dealer"]) for r in sheet["rounds"]] == [
        ([A, B], C, A),
        ([A, C], B, C),
        ([A, C], B, C),
        ([B, C], A, B),
        ([A, B], C, A),
        ([B, C], A, C),
    ]
    assert [(r["kind"], r["winner"], r["points"]) for r in sheet["rounds"]] == [
        ("knock", A, 61),
        ("wall", None, 0),
        ("knock", C, 58),
        ("knock", B, 50),
        ("undercut", B, 27),
        ("gin", B, 25),
    ]
    (game,) = sheet["games"]
    # A 61 + 1 box = 86; B 102 + 3 boxes 75 + 100 = 277; C 58 + 1 box = 83.
    # B (277-86) + (277-83) = 191 + 194 = +385; A (86-277) + (86-83) = -188; C -194 - 3 = -197.
    assert game["settlement"] == {
        A: line(61, 25, 0, 86),
        B: line(102, 75, 100, 277),
        C: line(58, 25, 0, 83),
        "net": {A: -188, B: 385, C: -197},
    }
    assert sheet["net"] == {A: -188, B: 385, C: -197}
    # Hand 6's loser C sits out the next; A, who sat it out, deals to B.
    assert (sheet["winner"], sheet["next_dealer"], sheet["sits_out_next"]) == (B, A, C)


@sample("13-basic-rules.json")
def test_basic_rules_no_bonuses_winner_deals(tmp_path: Path, path: Path) -> None:
    sheet = import_and_show(tmp_path, path)
    G, H = "Greta", "Hans"
    # Winner deals. 1 H 10 [1]; 2 G 18 [1]; 3 H 30 [1, 2]; 4 H 4 [1, 2, 3] -> H 44/34/4;
    # 5 G knocks 4 v 4: a tie is an undercut, H 0+10=10 -> H 54/44/14; 6 G gin 30+25=55, her
    # 2nd win [1, 2] -> G 73/55/0; 7 H gin 40+25=65 -> H 119/109/79: Games 1 and 2 end;
    # 8 G 30-1=29, her 3rd win opens Game 3 [3]; 9 H 25-2=23 -> H 102: Game 3 ends.
    assert outcomes(sheet) == [
        (G, "knock", H, 10, [1]),
        (H, "knock", G, 18, [1]),
        (G, "knock", H, 30, [1, 2]),
        (H, "knock", H, 4, [1, 2, 3]),
        (H, "undercut", H, 10, [1, 2, 3]),
        (H, "gin", G, 55, [1, 2]),
        (G, "gin", H, 65, [1, 2, 3]),
        (H, "knock", G, 29, [3]),
        (G, "knock", H, 23, [3]),
    ]
    # No box, game or shutout bonus: each total is the column. Nets 46, 54, 73.
    assert [g["settlement"] for g in sheet["games"]] == [
        {G: line(73, 0, 0, 73), H: line(119, 0, 0, 119), "net": 46},
        {G: line(55, 0, 0, 55), H: line(109, 0, 0, 109), "net": 54},
        {G: line(29, 0, 0, 29), H: line(102, 0, 0, 102), "net": 73},
    ]
    assert (sheet["winner"], sheet["net"], sheet["next_dealer"]) == (H, {G: -173, H: 173}, H)


def test_every_sample_has_a_description_and_a_test() -> None:
    files = sorted(path.name for path in SAMPLES.glob("*.json"))
    assert files, "no sample sessions found"
    assert sorted(COVERED) == files
    assert len(set(COVERED)) == len(COVERED)
    for name in files:
        data = json.loads((SAMPLES / name).read_text(encoding="utf-8"))
        assert data["format"] == "scorekeeper-match", name
        assert isinstance(data.get("description"), str) and data["description"].strip(), name


def test_every_sample_carries_its_uuid_so_importing_the_samples_twice_doubles_nothing(
    tmp_path: Path,
) -> None:
    samples = sorted((Path(__file__).parent.parent / "sample_sessions").glob("*.json"))
    uuids = [json.loads(path.read_text(encoding="utf-8"))["uuid"] for path in samples]
    assert len(set(uuids)) == len(samples)
    store = tmp_path / "store"
    ok(invoke(store, "import", *samples))
    again = ok(invoke(store, "import", *samples)).splitlines()
    assert all("as the store holds it already; nothing was changed" in line for line in again[:-1])
    assert [m["uuid"] for m in json.loads(ok(invoke(store, "matches", "--json")))] == uuids
