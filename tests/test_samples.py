"""The matches in ``sample_sessions/``, imported and shown through the real command line.

Every expected figure below is written out literally and was worked out by hand from RULES.md
(the arithmetic is in the comments), not copied from the engine. Legend for the comments:
``pts`` the column's hand points, ``boxes`` the hands a player won that were entered in that
game (x box bonus), ``game`` the game bonus, ``net`` winner's total - loser's total.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest
from click.testing import CliRunner

from scorekeeper.cli import cli

SAMPLES = Path(__file__).resolve().parent.parent / "sample_sessions"

#: The sample files a test below checks, filled in by :func:`sample`.
COVERED: list[str] = []


def sample(name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Mark a test as the check of ``sample_sessions/<name>``; it receives the path as ``path``."""
    COVERED.append(name)
    return pytest.mark.parametrize("path", [SAMPLES / name], ids=[name])


def import_and_show(tmp_path: Path, path: Path) -> dict[str, Any]:
    """``scorekeeper import PATH`` into a fresh store, then ``show --json``, parsed."""
    store = str(tmp_path / "store")
    runner = CliRunner()
    imported = runner.invoke(cli, ["--db", store, "import", str(path)])
    assert imported.exit_code == 0, imported.output
    shown = runner.invoke(cli, ["--db", store, "show", "--json"])
    assert shown.exit_code == 0, shown.output
    sheet: dict[str, Any] = json.loads(shown.stdout)
    # The import keeps the players and the whole rule set of the file.
    data = json.loads(path.read_text(encoding="utf-8"))
    assert sheet["players"] == data["players"]
    assert sheet["rules"] == data["rules"]
    assert len(sheet["rounds"]) == len(data["hands"])
    return sheet


def line(points: int, box_bonus: int, game_bonus: int, total: int,
         shutout: bool = False) -> dict[str, Any]:
    """One player's line in a settled game, as ``show --json`` writes it."""
    return {"points": points, "box_bonus": box_bonus, "game_bonus": game_bonus,
            "shutout": shutout, "total": total}


def outcomes(sheet: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Each round as (dealer, kind, winner, points, games)."""
    return [(r["dealer"], r["kind"], r["winner"], r["points"], r["games"])
            for r in sheet["rounds"]]


@sample("01-seed-example.json")
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
        {"number": 1, "open": False, "points": {A: 65, B: 108}, "boxes": {A: 2, B: 5},
         "winner": B, "settlement": {A: line(65, 50, 0, 115), B: line(108, 125, 100, 333),
                                     "net": 218}},
        # Game 2: A pts 47+26+27=100, boxes 3 (5, 8, 9) x25=75, game 100, total 275.
        #         B pts 30+4+27+37=98, boxes 4 (3, 4, 6, 7) x25=100, total 198. net 77.
        {"number": 2, "open": False, "points": {A: 100, B: 98}, "boxes": {A: 3, B: 4},
         "winner": A, "settlement": {A: line(100, 75, 100, 275), B: line(98, 100, 0, 198),
                                     "net": 77}},
        # Game 3: A pts 26+27+9=62, boxes 3 (8, 9, 11) x25=75, total 137.
        #         B pts 4+27+37+22+12=102, boxes 5 (4, 6, 7, 10, 12) x25=125, game 100,
        #         total 327. net 327-137=190.
        {"number": 3, "open": False, "points": {A: 62, B: 102}, "boxes": {A: 3, B: 5},
         "winner": B, "settlement": {A: line(62, 75, 0, 137), B: line(102, 125, 100, 327),
                                     "net": 190}},
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
        [1], [1], [1, 2], [1, 2, 3], [1, 2], [1, 2, 3], [2, 3], [2, 3], [3], [3], [3]]
    assert sheet["rounds"][10]["kind"] == "big_gin"
    assert sheet["rounds"][10]["points"] == 93
    assert sheet["games"] == [
        # Game 1: T pts 25+19+26+34=104, boxes 4 (1, 3, 4, 6) x25=100, game 100, total 304.
        #         M pts 8+17=25, boxes 2 (2, 5) x25=50, total 75. net 304-75=229.
        {"number": 1, "open": False, "points": {M: 25, T: 104}, "boxes": {M: 2, T: 4},
         "winner": T, "settlement": {M: line(25, 50, 0, 75), T: line(104, 100, 100, 304),
                                     "net": 229}},
        # Game 2: T pts 19+26+34+21=100, boxes 4 (3, 4, 6, 8) x25=100, game 100, total 300.
        #         M pts 17+18=35, boxes 2 (5, 7) x25=50, total 85. net 215.
        {"number": 2, "open": False, "points": {M: 35, T: 100}, "boxes": {M: 2, T: 4},
         "winner": T, "settlement": {M: line(35, 50, 0, 85), T: line(100, 100, 100, 300),
                                     "net": 215}},
        # Game 3: M pts 18+36+93=147, boxes 3 (7, 9, 11) x25=75, game 100, total 322.
        #         T pts 26+34+21+9=90, boxes 4 (4, 6, 8, 10) x25=100, total 190. net 132.
        {"number": 3, "open": False, "points": {M: 147, T: 90}, "boxes": {M: 3, T: 4},
         "winner": M, "settlement": {M: line(147, 75, 100, 322), T: line(90, 100, 0, 190),
                                     "net": 132}},
    ]
    # Tomasz wins 2 of 3 games though his best column (104) is below Margaret's 147.
    # Margaret won the last hand, so the loser Tomasz deals.
    assert sheet["finished"] is True
    assert sheet["winner"] == T
    assert sheet["next_dealer"] == T


@sample("03-shutout-game-one.json")
def test_shutout_in_game_one_then_the_shut_out_player_opens_game_two(
        tmp_path: Path, path: Path) -> None:
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
        {"number": 1, "open": False, "points": {P: 106, D: 0}, "boxes": {P: 3, D: 0},
         "winner": P, "settlement": {P: line(106, 75, 200, 381, shutout=True),
                                     D: line(0, 0, 0, 0), "net": 381}},
        # Game 2: D pts 22+14+66=102, boxes 3 (4, 5, 7) x25=75, game 100, total 277.
        #         P pts 52+21+12=85, boxes 3 (2, 3, 6) x25=75, total 160. net 117.
        {"number": 2, "open": False, "points": {P: 85, D: 102}, "boxes": {P: 3, D: 3},
         "winner": D, "settlement": {P: line(85, 75, 0, 160), D: line(102, 75, 100, 277),
                                     "net": 117}},
        # Game 3: D pts 14+66+23=103, boxes 3 (5, 7, 9) x25=75, game 100, total 278.
        #         P pts 21+12+29=62, boxes 3 (3, 6, 8) x25=75, total 137. net 141.
        {"number": 3, "open": False, "points": {P: 62, D: 103}, "boxes": {P: 3, D: 3},
         "winner": D, "settlement": {P: line(62, 75, 0, 137), D: line(103, 75, 100, 278),
                                     "net": 141}},
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
        {"number": 1, "open": False, "points": {S: 101, M: 59}, "boxes": {S: 3, M: 3},
         "winner": S, "settlement": {S: line(101, 75, 100, 276), M: line(59, 75, 0, 134),
                                     "net": 142}},
        # Game 2: M pts 25+15+63=103, boxes 3 (3, 8, 11) x25=75, game 100, total 278.
        #         S pts 28+30=58, boxes 2 (7, 9) x25=50, total 108. net 170.
        {"number": 2, "open": False, "points": {S: 58, M: 103}, "boxes": {S: 2, M: 3},
         "winner": M, "settlement": {S: line(58, 50, 0, 108), M: line(103, 75, 100, 278),
                                     "net": 170}},
        # Game 3: M pts 15+63+24=102, boxes 3 (8, 11, 13) x25=75, game 100, total 277.
        #         S pts 30+16=46, boxes 2 (9, 12) x25=50, total 96. net 181.
        {"number": 3, "open": False, "points": {S: 46, M: 102}, "boxes": {S: 2, M: 3},
         "winner": M, "settlement": {S: line(46, 50, 0, 96), M: line(102, 75, 100, 277),
                                     "net": 181}},
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
        {"number": 1, "open": False, "points": {H: 54, L: 76}, "boxes": {H: 4, L: 3},
         "winner": L, "settlement": {H: line(54, 80, 0, 134), L: line(76, 60, 100, 236),
                                     "net": 102}},
        # Game 2: H pts 12+11+16+43=82, boxes 4 (2, 3, 6, 8) x20=80, game 100, total 262.
        #         L pts 21+19=40, boxes 2 (5, 7) x20=40, total 80. net 182.
        {"number": 2, "open": False, "points": {H: 82, L: 40}, "boxes": {H: 4, L: 2},
         "winner": H, "settlement": {H: line(82, 80, 100, 262), L: line(40, 40, 0, 80),
                                     "net": 182}},
    ]
    # One game each with two columns: a drawn match, no winner. Hannah won hand 8 and deals.
    assert sheet["finished"] is True
    assert sheet["winner"] is None
    assert sheet["next_dealer"] == H


@sample("06-one-hand-ends-two-games.json")
def test_one_big_gin_ends_two_games_at_once(tmp_path: Path, path: Path) -> None:
    sheet = import_and_show(tmp_path, path)
    O, K = "Olivia", "Kenji"
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
        {"number": 1, "open": False, "points": {O: 141, K: 36}, "boxes": {O: 4, K: 2},
         "winner": O, "settlement": {O: line(141, 100, 100, 341), K: line(36, 50, 0, 86),
                                     "net": 255}},
        # Game 2: O pts 26+18+75=119, boxes 3 (3, 4, 6) x25=75, game 100, total 294.
        #         K pts 21, boxes 1 (5) x25=25, total 46 (not a shutout). net 248.
        {"number": 2, "open": False, "points": {O: 119, K: 21}, "boxes": {O: 3, K: 1},
         "winner": O, "settlement": {O: line(119, 75, 100, 294), K: line(21, 25, 0, 46),
                                     "net": 248}},
        # Game 3: K pts 25+58+20=103, boxes 3 (7, 8, 9) x25=75, game 100, total 278.
        #         O pts 18+75=93, boxes 2 (4, 6) x25=50, total 143. net 135.
        {"number": 3, "open": False, "points": {O: 93, K: 103}, "boxes": {O: 2, K: 3},
         "winner": K, "settlement": {O: line(93, 50, 0, 143), K: line(103, 75, 100, 278),
                                     "net": 135}},
    ]
    # Olivia wins G1 and G2: the match 2-1. Kenji won hand 9, so the loser Olivia deals.
    assert sheet["finished"] is True
    assert sheet["winner"] == O
    assert sheet["next_dealer"] == O


def test_every_sample_has_a_description_and_a_test() -> None:
    files = sorted(path.name for path in SAMPLES.glob("*.json"))
    assert files, "no sample sessions found"
    assert sorted(COVERED) == files
    assert len(set(COVERED)) == len(COVERED)
    for name in files:
        data = json.loads((SAMPLES / name).read_text(encoding="utf-8"))
        assert data["format"] == "scorekeeper-match", name
        assert isinstance(data.get("description"), str) and data["description"].strip(), name
