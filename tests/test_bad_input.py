"""What is refused: a table of bad input to every command (deadwood, players, names, rule
options, the state of the match, files to import and export), and stores whose files are
damaged, of a newer schema or not a store at all. Each is refused with its exit code and an
``Error:`` line naming what is wrong, never a traceback, and leaves the store (and any file
outside it) exactly as it was, byte for byte (``snapshot``).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from harness import DEFAULT_RULES, A, B, Run, new_match, ok, refused, snapshot

from scorekeeper.cli import cli

# The bad-input matrix


def _sample_export(**changes: Any) -> dict[str, Any]:
    """A valid export (A v B, default rules, target 100) with some fields changed."""
    data = {
        "format": "scorekeeper-match",
        "version": 1,
        "players": [A, B],
        "rules": DEFAULT_RULES,
        "first_dealer": A,
        "created": "2026-01-01T20:00:00+01:00",
        "hands": [{"entry": "knock", "knocker": B, "knocker_deadwood": 5, "opponent_deadwood": 15}],
    }
    data.update(changes)
    return data


def _write(name: str, content: str | bytes | dict[str, Any]) -> Callable[[Path], list[str]]:
    """Args for ``import FILE`` after writing ``content`` to FILE in the test's directory."""

    def prepare(directory: Path) -> list[str]:
        path = directory / name
        if isinstance(content, dict):
            path.write_text(json.dumps(content), encoding="utf-8")
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return ["import", str(path)]

    return prepare


def _over_1mb_utf8() -> bytes:
    """An export just over 1 MB whose byte 1,000,000 is the first byte of an "é"."""
    head = b'{"format": "scorekeeper-match", "version": 1, "description": "'
    return head + b"x" * (1_000_000 - len(head)) + "é".encode() * 10 + b'"}'


def _existing_output(directory: Path) -> list[str]:
    (directory / "taken.csv").write_text("mine", encoding="utf-8")
    return ["export", "-o", str(directory / "taken.csv")]


STANDARD = [["new", A, B, "--dealer", "al"], ["knock", "bob", "5", "15"]]
AL_ALAN = [["new", "Alexandra", "Alan", "--dealer", "alan"]]
FINISHED = [
    ["new", "Ann", "Ben", "--target", "10", "--columns", "2"],
    ["knock", "ann", "1", "20"],
    ["knock", "ann", "1", "20"],
]
SHORT_3 = [
    ["new", A, B, "--target", "50", "--end-after-first-game"],
    ["knock", "bob", "2", "20"],
    ["knock", "al", "2", "20"],
    ["knock", "bob", "2", "20"],
]


@dataclass
class Bad:
    id: str
    setup: list[list[str]]
    args: list[str] | Callable[[Path], list[str]]
    code: int
    fragments: Sequence[str] = ()
    input: str | None = None
    marks: list[Any] = field(default_factory=list)


BAD = [
    # Deadwood
    Bad(
        "deadwood-99",
        STANDARD,
        ["knock", "bob", "5", "99"],
        2,
        ["the opponent's deadwood must be from 0 to 98, not 99"],
    ),
    Bad("knocker-deadwood-99", STANDARD, ["knock", "bob", "99", "5"], 2, ["99"]),
    Bad("gin-deadwood-99", STANDARD, ["gin", "bob", "99"], 2, ["99"]),
    Bad("negative-deadwood", STANDARD, ["knock", "bob", "--", "5", "-3"], 2, ["-3"]),
    Bad("negative-deadwood-no-dashes", STANDARD, ["knock", "bob", "5", "-3"], 2, ["-3"]),
    Bad("non-number-deadwood", STANDARD, ["knock", "bob", "five", "15"], 2, ["'five'"]),
    Bad("non-number-gin-deadwood", STANDARD, ["gin", "bob", "1.5"], 2, ["1.5"]),
    Bad("knock-over-limit", STANDARD, ["knock", "bob", "11", "30"], 2, ["knock limit is 10"]),
    Bad(
        "knock-option-mistyped",  # not taken for an extra argument, as a negative number is
        STANDARD,
        ["knock", "bob", "3", "30", "--dry-runn"],
        2,
        ["No such option '--dry-runn'. Did you mean '--dry-run'?"],
    ),
    Bad(
        "knock-over-custom-limit",
        [["new", A, B, "--knock-limit", "5"]],
        ["knock", "bob", "6", "30"],
        2,
        ["knock limit is 5"],
    ),
    Bad(
        "undercut-contradicts-counts",
        STANDARD,
        ["knock", "bob", "3", "30", "--undercut"],
        2,
        ["3 v 30 is not an undercut"],
    ),
    Bad(
        "undercut-on-gin",
        STANDARD,
        ["knock", "bob", "0", "0", "--undercut"],
        2,
        ["not an undercut", "gin cannot be undercut"],
    ),
    Bad(
        "amend-undercut-contradicts",
        STANDARD,
        ["amend", "1", "knock", "bob", "3", "30", "--undercut"],
        2,
        ["not an undercut"],
    ),
    Bad(
        "big-gin-switched-off",
        [["new", A, B, "--big-gin-bonus", "0"]],
        ["gin", "bob", "10", "--big"],
        2,
        ["big gin is not played"],
    ),
    Bad(
        "gin-a-count-too-many",  # gin's own deadwood typed too: gin takes the opponent's only
        STANDARD,
        ["gin", "bob", "0", "20"],
        2,
        ["A gin takes only the opponent's deadwood (a gin's own is 0): 'scorekeeper gin bob 20'."],
    ),
    Bad(
        "gin-with-a-knocks-counts",
        STANDARD,
        ["gin", "bob", "3", "20"],
        2,
        [
            "A gin takes only the opponent's deadwood: 'scorekeeper gin bob 20'; a knock takes "
            "both counts, the knocker's first: 'scorekeeper knock bob 3 20'."
        ],
    ),
    Bad(
        "gin-a-word-too-many",
        STANDARD,
        ["gin", "bob", "20", "big"],
        2,
        ["nothing more ('big' is too many): 'scorekeeper gin bob 20'", "gin --help"],
    ),
    Bad(
        "amend-gin-a-count-too-many",
        STANDARD,
        ["amend", "1", "gin", "bob", "0", "20"],
        2,
        ["only the opponent's deadwood", "'scorekeeper amend 1 gin bob 20'"],
    ),
    Bad(
        "wall-counts",
        STANDARD,
        ["wall", "bob", "20"],
        2,
        ["A wall scores nothing, so it takes no counts: 'scorekeeper wall'"],
    ),
    Bad("amend-wall-counts", STANDARD, ["amend", "1", "wall", "0", "0"], 2, ["no counts"]),
    Bad("missing-argument", STANDARD, ["knock", "bob", "5"], 2, ["Give both deadwood counts"]),
    Bad("unknown-command", STANDARD, ["frobnicate"], 2, ["frobnicate"]),
    Bad(
        "amend-unknown-outcome",
        STANDARD,
        ["amend", "1", "undercut", "bob", "5", "3"],
        2,
        ["undercut"],
    ),
    # Players
    Bad(
        "unknown-player",
        STANDARD,
        ["knock", "zed", "3", "30"],
        2,
        ["'zed' is not a player", "Alexandra", "Bob"],
    ),
    Bad("unknown-player-gin", STANDARD, ["gin", "zed", "3"], 2, ["'zed' is not a player"]),
    Bad("empty-player", STANDARD, ["knock", "", "3", "30"], 2, ["is not a player"]),
    Bad(
        "ambiguous-prefix",
        AL_ALAN,
        ["knock", "al", "3", "30"],
        2,
        ["'al' could be Alexandra or Alan"],
    ),
    Bad(
        "ambiguous-prefix-amend",
        AL_ALAN + [["wall"]],
        ["amend", "1", "gin", "AL", "3"],
        2,
        ["could be"],
    ),
    Bad("ambiguous-dealer", [], ["new", "Alexandra", "Alan", "--dealer", "al"], 2, ["could be"]),
    Bad(
        "ambiguous-prefix-exact-elsewhere",
        [["new", "Al", "Alan"]],
        ["knock", "a", "3", "30"],
        2,
        ["'a' could be Al or Alan"],
    ),
    Bad(
        "unknown-dealer",
        [],
        ["new", A, B, "--dealer", "zed"],
        2,
        ["'zed' is not one of the players: name Alexandra or Bob"],
    ),
    # Names
    Bad("same-names-ignoring-case", [], ["new", "bob", "BOB"], 2, ["both players"]),
    Bad("same-names-casefold", [], ["new", "Straße", "STRASSE"], 2, ["both players"]),
    Bad("empty-name", [], ["new", "", B], 2, ["cannot be empty"]),
    Bad("blank-name", [], ["new", A, "   "], 2, ["cannot be empty"]),
    Bad("name-over-40", [], ["new", "x" * 41, B], 2, ["longer than 40"]),
    Bad("name-control-character", [], ["new", "Bo\x07b", A], 2, ["control character"]),
    Bad("name-newline", [], ["new", A, "Bo\nb"], 2, ["control character"]),
    Bad("name-escape-sequence", [], ["new", A, "\x1b[31mBob"], 2, ["control character"]),
    # Rule options
    Bad("target-5", [], ["new", A, B, "--target", "5"], 2, ["--target", "10 to 1000"]),
    Bad("columns-4", [], ["new", A, B, "--columns", "4"], 2, ["--columns"]),
    Bad(
        "knock-limit-11", [], ["new", A, B, "--knock-limit", "11"], 2, ["--knock-limit", "1 to 10"]
    ),
    Bad("knock-limit-0", [], ["new", A, B, "--knock-limit", "0"], 2, ["--knock-limit"]),
    Bad("gin-bonus-negative", [], ["new", A, B, "--gin-bonus", "-1"], 2, ["--gin-bonus"]),
    Bad("box-bonus-not-a-number", [], ["new", A, B, "--box-bonus", "ten"], 2, ["ten"]),
    Bad(
        "unknown-preset",
        [],
        ["new", A, B, "--preset", "nope"],
        2,
        ["unknown preset 'nope'", "standard", "pagat"],
    ),
    Bad("unknown-shutout", [], ["new", A, B, "--shutout", "double"], 2, ["'double'"]),
    Bad("unknown-next-dealer", [], ["new", A, B, "--next-dealer", "nobody"], 2, ["'nobody'"]),
    # State of the match
    Bad("knock-after-match-ended", FINISHED, ["knock", "ben", "1", "20"], 1, ["is over"]),
    Bad("gin-after-match-ended", FINISHED, ["gin", "ben", "20"], 1, ["is over"]),
    Bad("wall-after-match-ended", FINISHED, ["wall"], 1, ["is over"]),
    Bad("record-after-match-ended", FINISHED, ["record"], 1, ["is over"], input="wall\ny\n"),
    Bad("amend-missing-hand", STANDARD, ["amend", "9", "wall"], 2, ["no hand 9"]),
    Bad("amend-missing-hand-finished", FINISHED, ["amend", "9", "wall"], 2, ["no hand 9"]),
    Bad(
        "amend-bad-hand-finished",
        FINISHED,
        ["amend", "1", "knock", "ann", "11", "20"],
        2,
        ["knock limit"],
    ),
    Bad("amend-hand-0", STANDARD, ["amend", "0", "wall"], 2, ["no hand 0"]),
    Bad("amend-negative-hand", STANDARD, ["amend", "--", "-1", "wall"], 2, ["-1"]),
    Bad(
        "amend-ends-match-early",
        SHORT_3,
        ["amend", "1", "gin", "bob", "98", "--big"],
        1,
        ["end the match"],
    ),
    Bad("nothing-to-undo", [["new", A, B]], ["undo"], 1, ["no hand to undo"]),
    Bad("no-current-match-knock", [], ["knock", "bob", "5", "15"], 1, ["no current match"]),
    Bad("no-current-match-show", [], ["show"], 1, ["no current match"]),
    Bad("no-current-match-undo", [], ["undo"], 1, ["no current match"]),
    Bad("no-current-match-record", [], ["record"], 1, ["no current match"], input="wall\ny\n"),
    Bad("no-current-match-export", [], ["export"], 1, ["no current match"]),
    Bad("unknown-match-show", STANDARD, ["show", "7"], 1, ["no match 7"]),
    Bad("unknown-match-use", STANDARD, ["use", "7"], 1, ["no match 7"]),
    Bad("unknown-match-knock", STANDARD, ["knock", "-m", "7", "bob", "5", "15"], 1, ["no match 7"]),
    Bad("unknown-match-log", STANDARD, ["log", "7"], 1, ["no match 7"]),
    Bad("unknown-match-empty-store", [], ["use", "1"], 1, ["no match 1"]),
    Bad("match-id-not-a-number", STANDARD, ["show", "one"], 2, ["'one'"]),
    # import and export
    Bad(
        "import-missing-file",
        STANDARD,
        ["import", "/nonexistent/match.json"],
        2,
        ["cannot read", "/nonexistent/match.json"],
    ),
    Bad(
        "import-invalid-json",
        STANDARD,
        _write("bad.json", "{not json"),
        2,
        ["bad.json", "not valid JSON"],
    ),
    Bad("import-not-utf8", STANDARD, _write("bytes.json", b"\xff\xfe\x00\x01"), 2, ["bytes.json"]),
    Bad(
        "import-json-list",
        STANDARD,
        _write("list.json", "[1, 2, 3]"),
        2,
        ["not a scorekeeper match export"],
    ),
    Bad(
        "import-wrong-version",
        STANDARD,
        _write("v9.json", _sample_export(version=9)),
        2,
        ["version 9"],
    ),
    Bad(
        "import-players-wrong-shape",
        STANDARD,
        _write("players.json", _sample_export(players="Alexandra and Bob")),
        2,
        ["'players'"],
    ),
    Bad(
        "import-hands-wrong-shape",
        STANDARD,
        _write("hands.json", _sample_export(hands={"1": "knock"})),
        2,
        ["'hands'"],
    ),
    Bad(
        "import-unknown-rule",
        STANDARD,
        _write("rule.json", _sample_export(rules={"target": 100, "jokers": 2})),
        2,
        ["jokers"],
    ),
    Bad(
        "import-hand-over-knock-limit",
        STANDARD,
        _write(
            "limit.json",
            _sample_export(
                hands=[
                    {
                        "entry": "knock",
                        "knocker": B,
                        "knocker_deadwood": 11,
                        "opponent_deadwood": 30,
                    }
                ]
            ),
        ),
        2,
        ["knock limit"],
    ),
    Bad(
        "import-unknown-knocker",
        STANDARD,
        _write(
            "zed.json",
            _sample_export(
                hands=[
                    {
                        "entry": "gin",
                        "knocker": "Zed",
                        "knocker_deadwood": 0,
                        "opponent_deadwood": 3,
                    }
                ]
            ),
        ),
        2,
        ["'Zed' is not a player"],
    ),
    Bad(
        "import-deadwood-99",
        STANDARD,
        _write(
            "99.json",
            _sample_export(
                hands=[
                    {"entry": "gin", "knocker": B, "knocker_deadwood": 0, "opponent_deadwood": 99}
                ]
            ),
        ),
        2,
        ["99"],
    ),
    Bad(
        "import-hand-after-the-end",
        STANDARD,
        _write(
            "after.json",
            _sample_export(
                rules={**DEFAULT_RULES, "games": None, "target": 10, "end_after_first_game": True},
                hands=[
                    {"entry": "gin", "knocker": B, "knocker_deadwood": 0, "opponent_deadwood": 3},
                    {"entry": "wall"},
                ],
            ),
        ),
        2,
        ["ended with hand 1"],
    ),
    Bad(
        "import-over-1MB",
        STANDARD,
        _write("big.json", _sample_export(description="x" * 1_000_001)),
        2,
        ["larger than 1000000 bytes"],
    ),
    Bad(
        "import-over-1MB-non-ascii",
        STANDARD,
        _write("big-utf8.json", _over_1mb_utf8()),
        2,
        ["larger than 1000000 bytes"],
    ),
    Bad(
        "import-a-directory",
        STANDARD,
        lambda directory: ["import", str(directory)],
        2,
        ["directory"],
    ),
    Bad("export-over-existing-file", STANDARD, _existing_output, 2, ["already exists", "--force"]),
    Bad("export-unknown-format", STANDARD, ["export", "--format", "xlsx"], 2, ["'xlsx'"]),
]


@pytest.mark.parametrize("case", [pytest.param(case, id=case.id, marks=case.marks) for case in BAD])
def test_bad_input_is_refused_and_changes_nothing(case: Bad, run: Run, store_dir: Path) -> None:
    for args in case.setup:
        ok(run(*args))
    args = case.args(store_dir.parent) if callable(case.args) else case.args
    extra_files = {p: p.read_bytes() for p in store_dir.parent.iterdir() if p.is_file()}
    before = snapshot(store_dir)
    result = run(*args, input=case.input)
    refused(result, case.code, *case.fragments)
    assert snapshot(store_dir) == before
    # Files outside the store (import sources, an existing export target) are untouched too.
    assert {p: p.read_bytes() for p in extra_files} == extra_files


def test_refused_import_keeps_the_case_of_the_path(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.json").write_text("{not json", encoding="utf-8")
    error = refused(run("import", "notes.json"), 2, "not valid JSON")
    assert "notes.json" in error


@pytest.mark.parametrize(
    "language, said",
    [
        ("en", "Error: notes.json cannot be imported: it is not valid JSON (line 3, column 3).\n"),
        (
            "de",
            "Fehler: notes.json kann nicht importiert werden: es ist kein gültiges JSON "
            "(Zeile 3, Spalte 3).\n",
        ),
        (
            "nl",
            "Fout: notes.json kan niet worden geïmporteerd: het is geen geldige JSON "
            "(regel 3, kolom 3).\n",
        ),
    ],
)
def test_a_file_that_is_not_json_is_refused_with_its_line_and_column_in_the_language(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, said: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.json").write_text('{\n  "format": "scorekeeper-match",\n  players: []\n}')
    result = run("--lang", language, "import", "notes.json")
    assert (result.exit_code, result.stderr) == (2, said)


@pytest.mark.parametrize(
    "language, said",
    [
        (
            "de",
            "Fehler: Ein Gin nimmt nur das Totholz des Gegners (das eigene ist bei Gin 0): "
            "'scorekeeper gin bob 20'.\n",
        ),
        (
            "nl",
            "Fout: Een gin neemt alleen het overschot van de tegenstander (dat van de gin zelf "
            "is 0): 'scorekeeper gin bob 20'.\n",
        ),
    ],
)
def test_a_gin_given_its_own_count_too_says_so_in_the_language(
    run: Run, language: str, said: str
) -> None:
    new_match(run)
    result = run("--lang", language, "gin", "bob", "0", "20")
    assert (result.exit_code, result.stderr) == (2, said)


@pytest.mark.parametrize(
    "content, said",
    [
        (b"\xef\xbb\xbf{}", "it is not valid JSON (line 1, column 1)"),  # a byte-order mark
        (b'{"format": "caf\xe9"}', "it is not UTF-8 text (byte 16)"),
        (b"", "it is not valid JSON (line 1, column 1)"),
    ],
)
def test_a_file_that_is_not_utf8_json_is_refused_saying_where(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes, said: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.json").write_bytes(content)
    result = run("import", "notes.json")
    assert (result.exit_code, result.stderr) == (
        2,
        f"Error: notes.json cannot be imported: {said}.\n",
    )


def test_store_error_keeps_a_relative_path_as_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    env = {"SCOREKEEPER_DB": None}
    ok(runner.invoke(cli, ["--db", "store", "new", A, B], env=env))
    _truncate(tmp_path / "store" / "matches" / "1.json")
    error = refused(runner.invoke(cli, ["--db", "store", "show"], env=env), 1, "damaged")
    assert "store/matches/1.json" in error.replace(os.sep, "/")


def test_refused_command_does_not_create_a_store(run: Run, store_dir: Path) -> None:
    refused(run("knock", "bob", "5", "15"), 1, "no current match")
    assert not store_dir.exists()


# Corrupt or odd stores


def _truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _random_bytes(path: Path) -> None:
    path.write_bytes(b"\xff\xfe\x00" + random.Random(7).randbytes(300))


def _json_list(path: Path) -> None:
    path.write_text("[1, 2, 3]", encoding="utf-8")


def _tinydb_without_players(path: Path) -> None:
    path.write_text(
        json.dumps({"meta": {"1": {"schema": 1}}, "match": {"1": {"id": 1, "first_dealer": "A"}}}),
        encoding="utf-8",
    )


def _tinydb_hand_not_object(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["hands"]["1"] = 5
    path.write_text(json.dumps(data), encoding="utf-8")


def _impossible_hand(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["hands"]["1"]["opponent_deadwood"] = 120
    path.write_text(json.dumps(data), encoding="utf-8")


def _newer_schema(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["meta"]["1"]["schema"] = 99
    path.write_text(json.dumps(data), encoding="utf-8")


def _no_schema(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["meta"]
    path.write_text(json.dumps(data), encoding="utf-8")


CORRUPTIONS = {
    "truncated": _truncate,
    "random-bytes": _random_bytes,
    "json-list": _json_list,
    "no-players": _tinydb_without_players,
    "hand-not-an-object": _tinydb_hand_not_object,
    "impossible-hand": _impossible_hand,
    "newer-schema": _newer_schema,
    "no-schema": _no_schema,
}
MATCH_COMMANDS = {
    "show": ["show"],
    "show-json": ["show", "--json"],
    "log": ["log", "--all"],
    "knock": ["knock", "bob", "3", "20"],
    "undo": ["undo"],
    "amend": ["amend", "1", "wall"],
    "export": ["export", "--format", "json"],
    "matches": ["matches"],
    "use": ["use", "1"],
    "rules": ["rules"],
    "record": ["record"],
}


@pytest.mark.parametrize("command", list(MATCH_COMMANDS))
@pytest.mark.parametrize("corruption", list(CORRUPTIONS))
def test_corrupt_match_file(run: Run, store_dir: Path, corruption: str, command: str) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))  # an open match: not in the index
    path = store_dir / "matches" / "1.json"
    CORRUPTIONS[corruption](path)
    before = snapshot(store_dir)
    refused(run(*MATCH_COMMANDS[command], input="wall\ny\n"), 1, str(path))
    assert snapshot(store_dir) == before


STATE_COMMANDS = {
    "show": ["show"],
    "knock": ["knock", "bob", "3", "20"],
    "matches": ["matches"],
    "use": ["use", "1"],
    "new": ["new", "Ann", "Ben"],
    "import": ["import", "__export__"],
}


@pytest.mark.parametrize("command", list(STATE_COMMANDS))
@pytest.mark.parametrize(
    "corruption", ["truncated", "random-bytes", "json-list", "newer-schema", "no-schema"]
)
def test_corrupt_store_file(
    run: Run, store_dir: Path, tmp_path: Path, corruption: str, command: str
) -> None:
    new_match(run)
    ok(run("export", "--format", "json", "-o", tmp_path / "export.json"))
    path = store_dir / "store.json"
    CORRUPTIONS[corruption](path)
    before = snapshot(store_dir)
    args = [
        str(tmp_path / "export.json") if a == "__export__" else a for a in STATE_COMMANDS[command]
    ]
    refused(run(*args), 1, str(path))
    assert snapshot(store_dir) == before


@pytest.mark.parametrize("command", ["show", "matches"])
def test_store_file_row_not_an_object(run: Run, store_dir: Path, command: str) -> None:
    new_match(run)
    path = store_dir / "store.json"
    path.write_text(json.dumps({"meta": {"1": {"schema": 1}}, "store": {"1": 5}}), encoding="utf-8")
    before = snapshot(store_dir)
    refused(run(command), 1, str(path))
    assert snapshot(store_dir) == before


def test_store_file_current_of_the_wrong_type(run: Run, store_dir: Path) -> None:
    new_match(run)
    path = store_dir / "store.json"
    path.write_text(
        json.dumps({"meta": {"1": {"schema": 1}}, "store": {"1": {"current": "x"}}}),
        encoding="utf-8",
    )
    refused(run("show"), 1, str(path))


@pytest.mark.parametrize(
    "command",
    [
        ["show"],
        ["new", A, B],
        ["matches"],
        ["knock", "bob", "3", "20"],
        ["use", "1"],
        ["log"],
        ["import", "__export__"],
    ],
)
def test_db_pointing_at_a_regular_file(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(b"my shopping list\n")
    export = tmp_path / "export.json"
    export.write_text(json.dumps(_sample_export()), encoding="utf-8")
    args = [str(export) if a == "__export__" else a for a in command]
    result = CliRunner().invoke(cli, ["--db", str(path), *args], env={"SCOREKEEPER_DB": None})
    refused(result, 1, str(path))
    assert path.read_bytes() == b"my shopping list\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["export.json", "notes.txt"]
