"""A store that is not what it seems, and input that is not what it seems: each refused with an
``Error:`` line naming what is wrong, the store left as it was, never a traceback; and the store
touching only what it owns."""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from harness import Run, ok, process, refused, snapshot, summaries_file

from scorekeeper.store import files

pytestmark = pytest.mark.disk


@pytest.fixture
def match_file(run: Run, store_dir: Path) -> Path:
    """A store with match 1 (Ann v Ben, Ann deals) and two hands; returns its file."""
    ok(run("new", "Ann", "Ben", "--dealer", "ann"))
    ok(run("knock", "ann", "3", "20"))
    ok(run("knock", "ben", "4", "30"))
    return store_dir / "matches" / "1.json"


def edit(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


# The store touches only what it owns


def test_a_leftover_temporary_file_is_removed_by_the_next_writer(
    run: Run, match_file: Path, store_dir: Path
) -> None:
    leftover = store_dir / "tmp" / ".scorekeeper-0123456789ab.tmp"
    leftover.write_text("half a match", encoding="utf-8")
    ok(run("show"))
    assert leftover.exists(), "readers remove nothing"
    ok(run("wall"))
    assert not leftover.exists()


def test_files_the_store_did_not_make_are_left_alone(
    run: Run, match_file: Path, store_dir: Path, tmp_path: Path
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    mine = [
        store_dir / ".notes.tmp",
        store_dir / "matches" / ".1.json.tmp",
        store_dir / "tmp" / ".scorekeeper-notes.tmp",
        store_dir / "tmp" / "draft.txt",
    ]
    for path in mine:
        path.write_text("a user's file", encoding="utf-8")
    link = store_dir / "tmp" / ".scorekeeper-abcdefabcdef.tmp"  # our name, but a link
    link.symlink_to(victim)
    for _ in range(3):
        ok(run("wall"))
    assert victim.read_text(encoding="utf-8") == "keep me"
    assert link.is_symlink()
    assert all(path.read_text(encoding="utf-8") == "a user's file" for path in mine)


def test_temporary_files_are_created_exclusively_and_never_through_a_link(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    folder = tmp_path / "tmp"
    folder.mkdir()
    flags = []
    real_open = os.open

    def watching(path: str, flag: int, *args: Any) -> int:
        flags.append((path, flag))
        return real_open(path, flag, *args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "open", watching)
        files.write_atomically(str(tmp_path / "out.json"), b"{}", str(folder))
    created = [flag for path, flag in flags if path.startswith(str(folder))]
    assert created and all(
        flag & os.O_EXCL and flag & os.O_NOFOLLOW and flag & os.O_CREAT for flag in created
    )
    assert (tmp_path / "out.json").read_bytes() == b"{}"
    assert list(folder.iterdir()) == [] and victim.read_text(encoding="utf-8") == "keep me"


def test_a_removed_lock_file_lets_no_second_writer_in(
    run: Run, match_file: Path, store_dir: Path
) -> None:
    """The lock is the store directory itself: there is no file to remove or replace."""
    import fcntl

    lock = os.open(store_dir, os.O_RDONLY)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for name in ("store.lock", ".lock"):
            (store_dir / name).unlink(missing_ok=True)
        before = snapshot(store_dir)
        refused(run("wall", env={"SCOREKEEPER_LOCK_TIMEOUT": "0.2"}), 1, "the lock on the store")
        assert snapshot(store_dir) == before
    finally:
        os.close(lock)


@pytest.mark.parametrize(
    "kind", ["fifo", "directory", "link-to-a-device", "link-to-a-file", "huge"]
)
def test_a_store_file_that_is_not_a_regular_file_is_refused_by_name(
    run: Run,
    match_file: Path,
    store_dir: Path,
    kind: str,
) -> None:
    moved = match_file.with_name("saved")
    match_file.rename(moved)
    if kind == "fifo":
        os.mkfifo(match_file)
    elif kind == "directory":
        match_file.mkdir()
    elif kind == "link-to-a-device":
        match_file.symlink_to("/dev/zero")
    elif kind == "link-to-a-file":
        match_file.symlink_to(moved)
    else:  # sparse: larger than any store file, without using the disk
        with open(match_file, "wb") as file:
            file.truncate(files.MAX_BYTES + 1)
    before = snapshot(store_dir) if kind != "huge" else None
    for command in (["show"], ["wall"], ["matches"]):
        refused(run(*command), 1, str(match_file))
    result = run("check")
    assert result.exit_code == 1 and str(match_file) in result.stderr
    if before is not None:
        assert snapshot(store_dir) == before


def test_a_store_folder_that_is_a_file_is_refused_by_name(
    run: Run, match_file: Path, store_dir: Path
) -> None:
    (store_dir / "tmp").rmdir()
    (store_dir / "tmp").write_text("not a folder", encoding="utf-8")
    refused(run("wall"), 1, str(store_dir / "tmp"))
    assert (store_dir / "tmp").read_text(encoding="utf-8") == "not a folder"


def test_unexpected_files_among_the_matches_are_passed_over(
    run: Run, match_file: Path, store_dir: Path
) -> None:
    for name in ("notes.txt", "old.json", "١.json", "2.json.bak"):
        (store_dir / "matches" / name).write_text("not a match", encoding="utf-8")
    assert len(ok(run("matches")).splitlines()) == 2
    ok(run("check"))


# Every fact read is validated as strictly as an import


def _hand(number: int) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda data: data["hands"][str(number)]


DAMAGE: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "an-unknown-key": (lambda d: _hand(1)(d).update(knocker_dedwood=3), "unknown key"),
    "a-missing-key": (lambda d: _hand(2)(d).pop("status"), "the key 'status' is missing"),
    "a-rule-missing": (
        lambda d: d["match"]["1"]["rules"].pop("target"),
        "the key 'target' is missing",
    ),
    "an-unknown-rule": (
        lambda d: d["match"]["1"]["rules"].update(targte=100),
        "unknown key 'targte'",
    ),
    "an-unknown-header-key": (lambda d: d["match"]["1"].update(note="x"), "unknown key 'note'"),
    "order-numbers-repeat": (lambda d: _hand(2)(d).update(slot=1), "order number 1"),
    "order-numbers-jump": (lambda d: _hand(2)(d).update(slot=3), "jump from 1 to 3"),
    "a-replacement-pointing-nowhere": (
        lambda d: _hand(2)(d).update(status="replaced"),
        "no hand replaces it",
    ),
    "a-version-not-a-number": (
        lambda d: d["meta"]["1"].update(schema="3"),
        "no scorekeeper schema version",
    ),
    "an-unknown-table": (lambda d: d.update(extra={}), "unknown table 'extra'"),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_match_file_is_refused_and_reported_by_check(
    run: Run,
    match_file: Path,
    store_dir: Path,
    damage: str,
) -> None:
    change, said = DAMAGE[damage]
    edit(match_file, change)
    before = snapshot(store_dir)
    for command in (["show"], ["wall"], ["matches"]):
        refused(run(*command), 1, str(match_file), said)
    result = run("check")
    assert result.exit_code == 1 and said.casefold() in result.stderr.casefold()
    assert snapshot(store_dir) == before


@pytest.mark.parametrize(
    "hands, said",
    [
        pytest.param(
            [
                {
                    "entry": "knock",
                    "knocker": "Ann",
                    "knocker_deadwood": 3,
                    "opponent_deadwood": 20,
                    "slot": 1,
                },
                {
                    "entry": "knock",
                    "knocker": "Ben",
                    "knocker_deadwood": 4,
                    "opponent_deadwood": 30,
                    "slot": 1,
                },
            ],
            "order number 1",
            id="shared-slot",
        ),
        pytest.param([{"entry": "wall", "slot": 2}], "jump from 0 to 2", id="slot-jumps"),
        pytest.param(
            [{"entry": "wall", "status": "replaced"}],
            "no hand replaces it",
            id="replaced-by-nothing",
        ),
        pytest.param(
            [{"entry": "wall", "colour": "red"}], "unknown key 'colour'", id="unknown-key"
        ),
    ],
)
def test_an_import_whose_hands_do_not_tell_one_story_is_refused(
    run: Run,
    tmp_path: Path,
    store_dir: Path,
    hands: list[dict[str, Any]],
    said: str,
) -> None:
    path = tmp_path / "match.json"
    path.write_text(
        json.dumps(
            {
                "format": "scorekeeper-match",
                "version": 1,
                "players": ["Ann", "Ben"],
                "rules": {},
                "first_dealer": "Ann",
                "hands": hands,
            }
        ),
        encoding="utf-8",
    )
    refused(run("import", path), 2, said)
    assert not (store_dir / "matches").exists() or not any((store_dir / "matches").iterdir())


def test_an_import_with_an_unknown_key_is_refused(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    path.write_text(
        json.dumps(
            {
                "format": "scorekeeper-match",
                "version": 1,
                "players": ["Ann", "Ben"],
                "first_dealer": "Ann",
                "hands": [],
                "plaeyrs": [],
            }
        ),
        encoding="utf-8",
    )
    refused(run("import", path), 2, "unknown key 'plaeyrs'")


def test_a_name_in_the_pointer_or_summaries_never_reaches_the_terminal_unchecked(
    run: Run, cache_of_this_test: Path
) -> None:
    ok(run("new", "Ann", "Ben", "--dealer", "ann", "--target", "10", "--end-after-first-game"))
    ok(run("knock", "ann", "2", "30"))
    ok(run("stats"))
    with sqlite3.connect(summaries_file(cache_of_this_test)) as db:
        db.execute("""UPDATE matches SET players = '["\\u001b[2JAnn", "Ben"]'""")
        for table in ("figures", "totals"):
            db.execute(f"UPDATE {table} SET player = char(27) || '[2JAnn' WHERE player = 'Ann'")
        db.execute("UPDATE pairs SET opponent = char(27) || '[2JAnn' WHERE opponent = 'Ann'")
    for command in ("matches", "stats", "stats ben"):
        output = ok(run(*command.split()))
        assert "\x1b" not in output and "Ann" in output


# Input that is not what it seems


@pytest.mark.parametrize("typed", ["٣", "３", "1_0", "+3", "3.0", "³"])
def test_a_number_in_other_digits_is_refused_with_what_to_type(
    run: Run,
    match_file: Path,
    store_dir: Path,
    typed: str,
) -> None:
    before = snapshot(store_dir)
    refused(run("knock", "ann", typed, "20"), 2, f"{typed!r} is not a whole number", "0 to 98.")
    refused(run("use", typed), 2, f"{typed!r} is not a whole number", "digits 0 to 9")
    refused(run("amend", typed, "wall"), 2, f"{typed!r} is not a whole number")
    refused(run("new", "Cid", "Dee", "--target", typed), 2, f"{typed!r} is not a whole number")
    assert snapshot(store_dir) == before


def test_export_to_a_dangling_link_is_refused(run: Run, match_file: Path, tmp_path: Path) -> None:
    link = tmp_path / "out.csv"
    link.symlink_to(tmp_path / "nowhere" / "out.csv")
    refused(run("export", "-o", link), 2, "a link to a file that does not exist")
    refused(run("export", "-o", link, "--force"), 2, "a link to a file that does not exist")
    assert link.is_symlink() and not (tmp_path / "nowhere").exists()


def test_export_through_a_link_to_a_file_replaces_that_file(
    run: Run, match_file: Path, tmp_path: Path
) -> None:
    target = tmp_path / "evening.csv"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "latest.csv"
    link.symlink_to(target)
    ok(run("export", "-o", link, "--force"))
    assert link.is_symlink() and target.read_text(encoding="utf-8").startswith("hand,dealer")


def test_export_on_a_full_disk_leaves_nothing_partial(
    run: Run,
    match_file: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    target = tmp_path / "evening.csv"
    target.write_text("the earlier export", encoding="utf-8")
    real_write = os.write

    def full(fd: int, data: Any) -> int:
        if os.readlink(f"/proc/self/fd/{fd}").startswith(str(tmp_path / ".scorekeeper-")):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    with monkeypatch.context() as disk:  # undone after, the fixtures' patches kept
        disk.setattr(os, "write", full)
        refused(run("export", "-o", target, "--force"), 1, "No space left on device")
    assert target.read_text(encoding="utf-8") == "the earlier export"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_a_hand_whose_report_meets_a_full_disk_is_kept_and_says_so(
    match_file: Path, store_dir: Path
) -> None:
    with open("/dev/full", "w") as full:
        result = process(store_dir, "knock", "ann", "5", "15", stdout=full, stderr=subprocess.PIPE)
    assert result.returncode == 0, "the hand was recorded: the exit status says so"
    assert result.stderr.startswith(
        "Error: The change was saved, but its report could not be shown (No space left on device)"
    )
    shown = process(store_dir, "show", "--json", capture_output=True)
    assert len(json.loads(shown.stdout)["rounds"]) == 3
    with open("/dev/full", "w") as full:
        result = process(store_dir, "show", stdout=full, stderr=subprocess.PIPE)
    assert result.returncode == 1
    assert result.stderr == ("Error: The output could not be written: No space left on device.\n")


def test_a_hand_whose_reader_went_away_is_kept_without_a_word(
    match_file: Path, store_dir: Path
) -> None:
    """``scorekeeper wall | head -c 1``: a closed pipe after a durable change is no error."""
    for command in (["wall"], ["knock", "ann", "5", "15"]):
        reader, writer = os.pipe()
        os.close(reader)  # the reader is gone before the report is written
        with open(writer, "w") as gone:
            result = process(store_dir, *command, stdout=gone, stderr=subprocess.PIPE)
        assert (result.returncode, result.stderr) == (0, "")
    shown = process(store_dir, "show", "--json", capture_output=True)
    assert len(json.loads(shown.stdout)["rounds"]) == 4  # the two of the match file, and both


def test_an_output_encoding_that_cannot_show_a_name_is_an_error_line(
    run: Run, store_dir: Path
) -> None:
    ok(run("new", "Zoë", "Ben", "--dealer", "ben"))
    result = process(store_dir, "show", capture_output=True, env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(
        "Error: the output's encoding (ascii) cannot show 'ë'; "
        "use a UTF-8 terminal, or set PYTHONIOENCODING=utf-8."
    )


def test_record_with_stdin_closed_says_what_to_do(match_file: Path, store_dir: Path) -> None:
    result = process(store_dir, "record", capture_output=True, preexec_fn=lambda: os.close(0))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(
        "Error: 'scorekeeper record' asks its questions on standard input, which is closed"
    )


def test_a_closed_stdout_is_an_error_line_and_the_exit_code_says_whether_it_changed(
    match_file: Path, store_dir: Path
) -> None:
    closed: dict[str, Any] = {"preexec_fn": lambda: os.close(1), "stderr": subprocess.PIPE}
    shown = process(store_dir, "show", **closed)
    assert shown.returncode == 1
    assert shown.stderr == "Error: The output could not be written: Bad file descriptor.\n"
    recorded = process(store_dir, "knock", "ann", "5", "15", **closed)
    assert recorded.returncode == 0
    assert recorded.stderr.startswith("Error: The change was saved, but its report could not")
    shown = process(store_dir, "show", "--json", capture_output=True)
    assert len(json.loads(shown.stdout)["rounds"]) == 3


def test_bad_input_keeps_exit_2_when_its_error_cannot_be_written(
    match_file: Path, store_dir: Path
) -> None:
    with open("/dev/full", "w") as full:
        result = process(store_dir, "knock", "zed", "2", "10", stderr=full)
    assert result.returncode == 2


# Messages that stay one short line (CLI.md "At the table")


def test_a_very_long_name_is_cut_in_its_refusal(run: Run, store_dir: Path) -> None:
    before = snapshot(store_dir)
    line = refused(run("new", "A" * 10_000, "Ben"), 2, "is longer than 40 characters")
    assert "'" + "A" * 39 + "…' (10,000 characters)" in line
    assert len(line) < 200
    assert snapshot(store_dir) == before


def test_a_path_with_a_newline_or_an_escape_stays_one_escaped_line(
    run: Run, match_file: Path, tmp_path: Path
) -> None:
    result = run("import", str(tmp_path / "a\nb.json"))
    line = refused(result, 2, "Cannot read", "a\\nb.json")
    assert result.stderr.count("\n") == 1 and "\n" not in line
    hostile = tmp_path / "x\x1b[2Jy.json"
    said = run("export", "--format", "json", "-o", str(hostile))
    assert said.exit_code == 0 and "\x1b" not in said.output and "x\\x1b[2Jy.json" in said.output
    again = run("import", str(hostile))
    assert "\x1b" not in again.output and "x\\x1b[2Jy.json" in again.output


def test_import_refuses_a_pipe_at_once(run: Run, store_dir: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "evening.json"
    os.mkfifo(fifo)
    started = time.monotonic()
    refused(run("import", str(fifo)), 2, "is not a file (a folder, a pipe or a device)")
    assert time.monotonic() - started < 5
    refused(run("import", str(tmp_path)), 2, "is a directory")


def test_a_tilde_at_the_start_of_the_store_is_the_home_folder(tmp_path: Path) -> None:
    from harness import invoke

    home = tmp_path / "home"
    home.mkdir()
    env: dict[str, str | None] = {"HOME": str(home), "SCOREKEEPER_DB": "~/gin"}
    ok(invoke(None, "new", "Ann", "Ben", env=env))
    assert (home / "gin" / "matches" / "1.json").is_file()
    assert not (Path.cwd() / "~").exists()
    ok(invoke(None, "--db", "~/other", "new", "Cid", "Dee", env={"HOME": str(home)}))
    assert (home / "other" / "matches" / "1.json").is_file()


def test_a_deleted_folder_that_cannot_be_read_is_named(
    run: Run, match_file: Path, store_dir: Path
) -> None:
    (store_dir / "deleted").write_text("not a folder", encoding="utf-8")
    refused(run("matches", "--deleted"), 1, str(store_dir / "deleted"))
