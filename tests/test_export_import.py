"""``export`` and ``import``: the CSV export hand by hand with each game's settlement (two and
three players, Oklahoma's up-card, the shutout mark), written to a file only where asked and
never over one without ``--force``, the reason in the language when a folder cannot take it,
and the JSON export that ``import`` reads back as it was, voided and replaced hands included.
Figures are worked out by hand from RULES.md in the comments.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from harness import (
    A,
    B,
    Run,
    new_match,
    ok,
    parse_csv,
    process,
    read_only,
    refused,
    sheet,
    snapshot,
)

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
        *CSV_HEADER[:9],
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


def test_export_to_file_refuses_to_overwrite(run: Run, tmp_path: Path, store_dir: Path) -> None:
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


@pytest.mark.disk  # a folder made read-only (chattr +i for root) needs a disk's file system
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
