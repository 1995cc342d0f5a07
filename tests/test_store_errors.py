"""The store's errors say what is wrong, as data; the command line adds what to run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from harness import closing_fails, invoke, ok, refused, snapshot

from scorekeeper.store import MatchMissing, Missing, NotAFolder, Store

pytestmark = pytest.mark.disk


def test_a_missing_match_is_data_and_names_no_command(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    with pytest.raises(MatchMissing) as empty:
        store.load(4)
    assert (empty.value.match_id, empty.value.missing, empty.value.known) == (
        4,
        Missing.NONE_YET,
        0,
    )
    assert "scorekeeper" not in str(empty.value)
    ok(invoke(tmp_path / "store", "new", "Ann", "Ben"))
    with pytest.raises(MatchMissing) as elsewhere:
        store.load(4)
    assert (elsewhere.value.missing, elsewhere.value.known) == (Missing.ELSEWHERE, 1)
    with pytest.raises(MatchMissing) as not_deleted:
        store.load(1, "deleted")
    assert not_deleted.value.missing is Missing.NOT_DELETED


@pytest.mark.parametrize(
    "matches, said",
    [
        (0, "There is no match 4: this store has no matches yet. Start one with 'scorekeeper new"),
        (1, "There is no match 4 in this store. 'scorekeeper matches' lists the one there is."),
        (2, "There is no match 4 in this store. 'scorekeeper matches' lists the 2 there are."),
    ],
)
def test_the_command_line_says_where_to_look(tmp_path: Path, matches: int, said: str) -> None:
    for _match in range(matches):
        ok(invoke(tmp_path, "new", "Ann", "Ben"))
    refused(invoke(tmp_path, "show", "4"), 1, said)


def test_a_deleted_match_is_brought_back_by_restore(tmp_path: Path) -> None:
    ok(invoke(tmp_path, "new", "Ann", "Ben"))
    ok(invoke(tmp_path, "new", "Cid", "Dee"))
    ok(invoke(tmp_path, "delete", "1", "--yes"))
    refused(
        invoke(tmp_path, "show", "1"),
        1,
        "Match 1 was deleted. 'scorekeeper restore 1' brings it back.",
    )
    refused(
        invoke(tmp_path, "restore", "2"),
        1,
        "Match 2 is in the store, not among the deleted matches",
    )
    refused(
        invoke(tmp_path, "restore", "3"),
        1,
        "Match 3 is not among the deleted matches. 'scorekeeper matches --deleted' lists",
    )


def test_a_file_given_as_the_store(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a store")
    with pytest.raises(NotAFolder):
        Store(path).load(1)
    refused(invoke(path, "show"), 1, "is a file, but a store is a folder. Give --db a folder")
    assert path.read_text() == "not a store"


@pytest.mark.parametrize(
    "language, said",
    [
        (
            "en",
            "Error: {path} is damaged: it is not valid JSON (line 1, column 15). Nothing was "
            "changed; restore the file from a backup or move it out of the store.\n",
        ),
        (
            "de",
            "Fehler: {path} ist beschädigt: es ist kein gültiges JSON (Zeile 1, Spalte 15). Es "
            "wurde nichts geändert; stellen Sie die Datei aus einer Sicherung wieder her oder "
            "verschieben Sie sie aus dem Speicher.\n",
        ),
        (
            "nl",
            "Fout: {path} is beschadigd: het is geen geldige JSON (regel 1, kolom 15). Er is "
            "niets veranderd; zet het bestand terug uit een back-up of haal het uit de opslag.\n",
        ),
    ],
)
def test_a_match_file_that_is_not_json_is_damaged_at_a_line_and_column(
    tmp_path: Path, language: str, said: str
) -> None:
    store = tmp_path / "store"
    ok(invoke(store, "new", "Ann", "Ben"))
    path = store / "matches" / "1.json"
    path.write_text('{"_default": {', encoding="utf-8")  # cut short by a tool
    before = snapshot(store)
    result = invoke(store, "--lang", language, "show")
    assert (result.exit_code, result.stderr) == (1, said.format(path=path))
    assert snapshot(store) == before


def unreadable(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Make a folder of the store unreadable as a folder without permissions is to a user
    (the tests run as root, whom chmod 000 does not stop): listing it, or looking at or
    opening anything in it, fails with EACCES."""
    import errno
    import os

    inside = str(folder)

    def refused(call: Any) -> Any:
        def checked(path: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(path, (str, os.PathLike)) and kwargs.get("dir_fd") is None:
                named = os.fspath(path)
                if named == inside or os.path.dirname(named) == inside:
                    raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), named)
            return call(path, *args, **kwargs)

        return checked

    for name in ("stat", "lstat", "listdir", "scandir", "open"):
        monkeypatch.setattr(os, name, refused(getattr(os, name)))


@pytest.mark.parametrize(
    "command, folder",
    [
        (["restore", "3"], "deleted"),
        (["show", "1"], "deleted"),
        (["restore", "1"], "deleted"),
        (["knock", "ann", "3", "20"], "matches"),
        (["show"], "matches"),
        (["matches"], "matches"),
    ],
)
def test_a_folder_that_cannot_be_read_is_named_with_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str], folder: str
) -> None:
    """Never taken for an empty folder: not "not among the deleted matches", "no matches
    yet" or "no current match", but the folder and the reason."""
    store = tmp_path / "store"
    ok(invoke(store, "new", "Ann", "Ben", "--dealer", "ann"))
    ok(invoke(store, "delete", "1", "--yes"))
    ok(invoke(store, "new", "Cid", "Dee", "--dealer", "cid"))
    ok(invoke(store, "use", "2"))
    before = snapshot(store)
    unreadable(monkeypatch, store / folder)
    result = invoke(store, *command)
    refused(
        result,
        1,
        f"Cannot read the folder {store / folder}: Permission denied. Check its permissions.",
    )
    monkeypatch.undo()
    assert snapshot(store) == before


@pytest.mark.parametrize("name", ["matches/1.json", "store.json"])
@pytest.mark.parametrize("command", [["matches"], ["show"]])
def test_a_store_file_that_fails_as_it_is_closed_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, command: list[str]
) -> None:
    """EIO when a file read is closed is the store file's error, not the output's: the
    message names the file."""
    store = tmp_path / "store"
    ok(invoke(store, "new", "Ann", "Ben", "--dealer", "ann"))
    ok(invoke(store, "use", "1"))  # store.json names the match
    failing = store / name
    closing_fails(monkeypatch, failing)
    result = invoke(store, *command)
    refused(result, 1, f"Cannot read {failing}: Input/output error.")
    assert "output could not be written" not in result.output
