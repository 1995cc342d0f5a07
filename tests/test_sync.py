"""A store that a sync tool shares between machines (CLI.md "A store shared with other
machines"): another program replaces, copies and leaves copies of match files under the store,
and every figure shown is that of the files as they are now; copies are never passed over, and
``resolve`` deals with each the way it asks for, destroying nothing.

Figures worked out by hand (standard rules): match 1 is Ann v Ben to 10, ended by the first
game. Version "Ann": Ann knocks 2 v 30, +28. Version "Ben": Ben knocks 2 v 30, +28.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import pytest
from harness import Run, closing_fails, invoke, ok, refused, summaries_file

from scorekeeper.store import Store, folder

pytestmark = pytest.mark.disk

SHORT = ["--dealer", "ann", "--target", "10", "--end-after-first-game"]


def made(root: Path, *hands: list[str]) -> Path:
    """A store with match 1 (Ann v Ben, to 10, the first game ends it) and these hands."""
    ok(invoke(root, "new", "Ann", "Ben", *SHORT))
    for hand in hands:
        ok(invoke(root, *hand))
    return root / "matches" / "1.json"


def evening_match(store_dir: Path) -> Path:
    """Match 1, Ann v Ben under the standard rules, no hand yet; returns its file."""
    ok(invoke(store_dir, "new", "Ann", "Ben", "--dealer", "ann"))
    return store_dir / "matches" / "1.json"


def winner(run: Run) -> tuple[str, str, str]:
    """Who won match 1 as ``matches``, ``stats`` and ``show`` tell it."""
    listed = json.loads(ok(run("matches", "--json")))[0]["winner"]
    players = json.loads(ok(run("stats", "--json")))["players"]
    won = next(name for name, figures in players.items() if figures["won"])
    shown = json.loads(ok(run("show", "1", "--json")))["winner"]
    return listed, won, shown


def trusted(cache: Path) -> None:
    """Make every summary row look derived long after its file changed, so that only the
    file's identity can tell that it is stale (a racy row would be read again anyway)."""
    with sqlite3.connect(summaries_file(cache)) as db:
        db.execute("UPDATE matches SET ctime = ctime - 10000000000")


@pytest.fixture
def ann_won(run: Run, store_dir: Path, cache_of_this_test: Path) -> Path:
    """Match 1 won by Ann, its summaries worked out and trusted; returns its file."""
    path = made(store_dir, ["knock", "ann", "2", "30"])
    assert winner(run) == ("Ann", "Ann", "Ann")
    trusted(cache_of_this_test)
    return path


@pytest.fixture
def ben_won(tmp_path: Path) -> Path:
    """Match 1 as another machine played it: won by Ben."""
    return made(tmp_path / "elsewhere", ["knock", "ben", "2", "30"])


def test_a_file_renamed_over_a_match_shows_its_own_figures(
    run: Run, ann_won: Path, ben_won: Path
) -> None:
    staged = ann_won.parent / ".incoming.tmp"
    shutil.copy2(ben_won, staged)
    os.replace(staged, ann_won)  # as a sync tool writes: a new file renamed over the old
    assert winner(run) == ("Ben", "Ben", "Ben")


def test_a_copy_over_a_match_in_place_with_the_same_size_and_time_shows_its_figures(
    run: Run, ann_won: Path, ben_won: Path
) -> None:
    before = ann_won.stat()
    content = ben_won.read_bytes()
    assert len(content) == before.st_size  # "Ann" and "Ben": the same length
    with open(ann_won, "r+b") as file:  # cp over it: the same inode
        file.write(content)
        file.truncate()
    os.utime(ann_won, ns=(before.st_atime_ns, before.st_mtime_ns))  # cp -p: the same time
    after = ann_won.stat()
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (
        before.st_ino,
        before.st_size,
        before.st_mtime_ns,
    )
    assert winner(run) == ("Ben", "Ben", "Ben")


def test_a_new_file_that_got_the_old_ones_inode_shows_its_figures(
    run: Run, ann_won: Path, ben_won: Path
) -> None:
    before = ann_won.stat()
    content = ben_won.read_bytes()
    ann_won.unlink()
    ann_won.write_bytes(content)  # ext4 gives the freed inode out again at once
    os.utime(ann_won, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert winner(run) == ("Ben", "Ben", "Ben")


def test_importing_the_match_now_in_a_copied_file_does_not_double_it(
    run: Run, ann_won: Path, ben_won: Path, tmp_path: Path
) -> None:
    """The store's match 1 is now the other machine's (copied over): its export is the same
    match, known by the uuid the file holds now."""
    shutil.copyfile(ben_won, ann_won)
    export = tmp_path / "ben.json"
    ok(invoke(tmp_path / "elsewhere", "export", "1", "--format", "json", "-o", export))
    said = ok(run("import", export))
    assert "as the store holds it already; nothing was changed" in said
    assert len(json.loads(ok(run("matches", "--json")))) == 1


# Copies beside the match files

COPIES = [
    "1.sync-conflict-20261201-203000-ABC1234.json",  # Syncthing
    "1 (conflicted copy).json",  # Dropbox
    "1 (Ann's conflicted copy 2026-12-01).json",  # Dropbox, naming the machine's user
    "1 (conflicted copy 2026-12-01 203000).json",  # Nextcloud
    "1-LAPTOP.json",  # OneDrive
    "from the laptop.json",  # copied in by hand
]


@pytest.mark.parametrize("name", COPIES)
def test_a_copy_is_named_by_every_reading_command(
    run: Run, ann_won: Path, ben_won: Path, name: str
) -> None:
    shutil.copy2(ben_won, ann_won.parent / name)
    readers = (["matches"], ["show"], ["stats"], ["check"], ["matches", "--all"], ["log"])
    for command in (*readers, ["export", "1", "--format", "csv"], ["export", "--format", "json"]):
        result = run(*command)
        assert result.exit_code == 0, result.output
        warnings = [line for line in result.stderr.splitlines() if line.startswith("Warning:")]
        assert warnings == [
            "Warning: 1 copy of a match file lies in the store (of match 1), left by a sync "
            "tool or by hand; 'scorekeeper resolve' deals with it."
        ], command


def test_a_copy_put_beside_a_match_file_while_it_is_written_is_named(
    run: Run, store_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder's stamp spares show and matches a listing; a sync tool that puts a copy in
    the folder while a hand is flushed to disk must not hide behind the writer's rename."""
    import scorekeeper.store.summaries as summaries_module

    path = made(store_dir, ["knock", "ann", "2", "30"])
    ok(run("new", "Cid", "Dee", "--dealer", "cid"))
    monkeypatch.setattr(summaries_module, "RACY", 0)  # the folder listed now is trusted now
    ok(run("stats"))  # lists the folder and keeps its stamp
    ok(run("knock", "cid", "4", "25"))  # no other program: the stamp is carried over
    store = Store(store_dir)
    assert folder.valid(folder.read_stamp(store.cache()), store.path("matches")) is not None
    copy = path.parent / "1.sync-conflict-20261202-213000-PHONE01.json"
    flushed = os.fsync

    def copy_arrives(fd: int) -> None:  # the first flush: the new file, before its rename
        if not copy.exists():
            shutil.copy2(path, copy)
        flushed(fd)

    monkeypatch.setattr(os, "fsync", copy_arrives)
    ok(run("knock", "cid", "3", "20"))
    for command in ("show", "matches"):
        warnings = [line for line in run(command).stderr.splitlines() if "Warning" in line]
        assert warnings == [
            "Warning: 1 copy of a match file lies in the store (of match 1), left by a sync "
            "tool or by hand; 'scorekeeper resolve' deals with it."
        ], command


def test_files_that_are_no_match_files_are_not_copies(run: Run, ann_won: Path) -> None:
    for name in (".syncthing.1.json.tmp", "desktop.ini", ".DS_Store", "1.json.part"):
        (ann_won.parent / name).write_bytes(b"\x00 not a match")
    (ann_won.parent / "2 (conflicted copy).json").write_text("{", encoding="utf-8")
    for command in ("matches", "show", "stats", "check"):
        result = run(command)
        assert result.exit_code == 0 and "Warning" not in result.stderr, result.output


def test_copies_of_several_matches_are_counted_in_one_line(
    run: Run, ann_won: Path, ben_won: Path, store_dir: Path
) -> None:
    ok(run("new", "Cid", "Dee", "--dealer", "cid"))
    shutil.copy2(ben_won, ann_won.parent / "1 (conflicted copy).json")
    shutil.copy2(ann_won.parent / "2.json", ann_won.parent / "2-LAPTOP.json")
    shutil.copy2(ann_won.parent / "2.json", ann_won.parent / "2-DESKTOP.json")
    assert run("matches").stderr == (
        "Warning: 3 copies of match files lie in the store (of matches 1 and 2), left by a "
        "sync tool or by hand; 'scorekeeper resolve' deals with them.\n"
    )


# resolve: the four cases


def hands_of(run: Run, match: int) -> list[tuple[str, str | None, int]]:
    shown = json.loads(ok(run("show", str(match), "--json")))
    return [(r["kind"], r["winner"], r["points"]) for r in shown["rounds"]]


@pytest.fixture
def open_match(run: Run, store_dir: Path, tmp_path: Path) -> tuple[Path, Path]:
    """Match 1 (Ann v Ben, standard rules) with hand 1, Ann knocks 3 v 20 (+17); and a copy
    of the store made then, on another machine. Returns both match files."""
    path = evening_match(store_dir)
    ok(invoke(store_dir, "knock", "ann", "3", "20"))
    other = tmp_path / "laptop"
    shutil.copytree(store_dir, other)
    return path, other / "matches" / "1.json"


def test_resolve_sets_aside_a_copy_with_the_same_hands_or_fewer(
    run: Run, open_match: tuple[Path, Path], store_dir: Path
) -> None:
    path, _laptop = open_match
    earlier = path.with_name("1 (conflicted copy).json")
    shutil.copy2(path, earlier)  # hand 1 only: an earlier state once hand 2 is recorded
    ok(run("wall"))
    same = path.with_name("1.sync-conflict-20261201-203000-ABC1234.json")
    shutil.copy2(path, same)
    said = ok(run("resolve", "--yes"))
    assert "'1 (conflicted copy).json' holds an earlier state of match 1; it is set aside." in said
    assert "holds match 1 as it is; it is set aside." in said
    assert sorted(p.name for p in (store_dir / "resolved").iterdir()) == sorted(
        [earlier.name, same.name]
    )
    assert (store_dir / "resolved" / earlier.name).read_bytes() != path.read_bytes()
    assert hands_of(run, 1) == [("knock", "Ann", 17), ("wall", None, 0)]
    assert "Warning" not in run("matches").stderr


def test_resolve_brings_a_match_up_to_date_from_a_later_copy(
    run: Run, open_match: tuple[Path, Path], store_dir: Path, tmp_path: Path
) -> None:
    path, laptop = open_match
    ok(invoke(tmp_path / "laptop", "gin", "ben", "12"))  # Ben +37 on the laptop
    copy = path.with_name("1-LAPTOP.json")
    shutil.copy2(laptop, copy)
    said = ok(run("resolve", "--yes"))
    assert "Brought match 1 up to date from '1-LAPTOP.json' (2 hands now)" in said
    assert hands_of(run, 1) == [("knock", "Ann", 17), ("gin", "Ben", 37)]
    assert not copy.exists() and (store_dir / "resolved" / copy.name).is_file()


def test_resolve_makes_a_new_match_of_a_copy_of_a_match_the_store_does_not_hold(
    run: Run, open_match: tuple[Path, Path], store_dir: Path, tmp_path: Path
) -> None:
    """Two machines each made a match 1: the laptop's is another match."""
    path, _laptop = open_match
    laptop = made(tmp_path / "other", ["knock", "ben", "2", "30"])  # its own match 1
    copy = path.with_name("1 (Ann's conflicted copy 2026-12-01).json")
    shutil.copy2(laptop, copy)
    said = ok(run("resolve", "--yes"))
    assert "holds a match this store does not hold (Ann v Ben); it becomes a new match." in said
    assert "as match 2 (Ann v Ben), now the current match" in said
    assert hands_of(run, 2) == [("knock", "Ben", 28)]
    listed = json.loads(ok(run("matches", "--json")))
    uuid = json.loads(ok(invoke(tmp_path / "other", "export", "--format", "json")))["uuid"]
    assert [m["uuid"] == uuid for m in listed] == [False, True]  # it keeps its uuid


@pytest.fixture
def diverged(run: Run, open_match: tuple[Path, Path], tmp_path: Path) -> Path:
    """After hand 1, this store recorded Ben's knock 2 v 30 (+28), the laptop Ann's gin v 12
    (+37); the laptop's file lies beside match 1. Returns the copy."""
    path, laptop = open_match
    ok(run("knock", "ben", "2", "30"))
    ok(invoke(tmp_path / "laptop", "gin", "ann", "12"))
    copy = path.with_name("1 (conflicted copy).json")
    shutil.copy2(laptop, copy)
    return copy


def test_resolve_shows_a_copy_that_went_its_own_way_beside_the_match(
    run: Run, diverged: Path
) -> None:
    result = run("resolve", input="\n")
    said = result.stdout
    assert (
        "'1 (conflicted copy).json' and match 1 (Ann v Ben) went their own ways after hand 1"
        in said
    )
    store_part, copy_part = said.split("In this store:")[1].split("In the copy:")
    assert "Hand 2: Ben knocks 2 v 30 -> Ben +28 in Game 1" in store_part
    assert "Totals: Game 1 Ann 17, Ben 28; Game 2 Ann 0, Ben 0; Game 3 Ann 0, Ben 0" in store_part
    assert "Hand 2: Ann goes gin v 12 -> Ann +37 in Games 1, 2" in copy_part
    assert "Totals: Game 1 Ann 54, Ben 0; Game 2 Ann 37, Ben 0" in copy_part
    assert "Keep which? [store/copy/both]" in said
    # No answer (the end of the input): nothing changed, exit 1, said once.
    line = refused(result, 1, "was not resolved", "nothing was changed")
    assert line.count("was not resolved") == 1 and line.count("nothing was changed") == 1
    assert diverged.exists()


def test_two_copies_of_one_later_state_bring_the_match_up_to_date_once(
    run: Run, store_dir: Path
) -> None:
    path = evening_match(store_dir)
    ok(run("knock", "ann", "2", "30"))
    earlier = path.read_bytes()
    ok(run("knock", "ben", "3", "20"))
    later = path.read_bytes()
    path.write_bytes(earlier)  # the store as it was before the other machine's hand
    first, second = (path.with_name(f"1 ({n}).json") for n in (1, 2))
    for copy in (first, second):
        copy.write_bytes(later)
    result = run("resolve", "--yes")
    assert result.exit_code == 0, result.output
    assert "holds a later state of match 1" in result.stdout
    assert "'1 (2).json' holds match 1 as it is; it is set aside." in result.stdout
    assert not first.exists() and not second.exists()
    assert hands_of(run, 1) == [("knock", "Ann", 28), ("knock", "Ben", 17)]


def test_no_to_one_copy_leaves_it_and_goes_on_to_the_next(run: Run, store_dir: Path) -> None:
    path = evening_match(store_dir)
    ok(run("knock", "ann", "2", "30"))
    earlier = path.read_bytes()
    ok(run("knock", "ben", "3", "20"))
    first, second = (path.with_name(f"1 ({n}).json") for n in (1, 2))
    for copy in (first, second):
        copy.write_bytes(earlier)
    result = run("resolve", input="n\ny\n")
    assert result.exit_code == 0, result.output
    assert "'1 (1).json' is left as it is." in result.stdout
    assert first.exists() and not second.exists()
    assert (store_dir / "resolved" / second.name).exists()


@pytest.mark.parametrize("keep", ["store", "copy", "both"])
def test_resolve_keeps_what_was_chosen_and_destroys_nothing(
    run: Run, diverged: Path, store_dir: Path, keep: str
) -> None:
    ours, theirs = ("knock", "Ben", 28), ("gin", "Ann", 37)
    first = ("knock", "Ann", 17)
    result = run("resolve", input=f"{keep}\n")
    assert result.exit_code == 0, result.output
    assert not diverged.exists()
    resolved = sorted(p.name for p in (store_dir / "resolved").iterdir())
    matches = json.loads(ok(run("matches", "--json")))
    if keep == "store":
        assert hands_of(run, 1) == [first, ours] and len(matches) == 1
        assert resolved == [diverged.name]
    elif keep == "copy":
        assert hands_of(run, 1) == [first, theirs] and len(matches) == 1
        assert resolved[0] == diverged.name and resolved[1].startswith("1 (replaced ")
        kept = Store(store_dir).read_file(str(store_dir / "resolved" / resolved[1])).match
        assert [r.winner for r in kept.sheet().rounds] == ["Ann", "Ben"]  # the store's, kept
    else:
        assert hands_of(run, 1) == [first, ours] and hands_of(run, 2) == [first, theirs]
        assert matches[0]["uuid"] != matches[1]["uuid"]
        assert resolved == [diverged.name]
    assert "Warning" not in run("matches").stderr


def test_resolve_answers_for_scripts_with_keep(run: Run, diverged: Path) -> None:
    said = ok(run("resolve", "1", "--keep", "both", "--yes"))
    assert "Stored '1 (conflicted copy).json' as match 2" in said


def test_resolve_of_another_match_leaves_these_copies(
    run: Run, diverged: Path, store_dir: Path
) -> None:
    ok(run("new", "Cid", "Dee", "--dealer", "cid"))
    assert ok(run("resolve", "2", "--yes")) == "There is no copy of match 2 to resolve.\n"
    assert diverged.exists()


def test_resolve_with_no_copies_says_so(run: Run, store_dir: Path) -> None:
    made(store_dir)
    assert ok(run("resolve")) == "There is no copy of a match file to resolve.\n"


def test_a_copy_of_a_deleted_match_is_left_until_the_match_is_restored(
    run: Run, open_match: tuple[Path, Path], store_dir: Path
) -> None:
    path, _laptop = open_match
    ok(run("wall"))
    shutil.copy2(path, path.with_name("1-LAPTOP.json"))
    ok(run("delete", "1", "--yes"))
    refused(run("resolve", "--yes"), 1, "match 1 was deleted", "'scorekeeper restore 1'")
    assert path.with_name("1-LAPTOP.json").exists()
    ok(run("restore", "1"))
    assert "holds match 1 as it is; it is set aside" in ok(run("resolve", "--yes"))


def test_a_copy_of_a_deleted_match_does_not_stand_in_the_others_way(
    run: Run, open_match: tuple[Path, Path], store_dir: Path
) -> None:
    path, _laptop = open_match
    shutil.copy2(path, path.with_name("1-LAPTOP.json"))
    ok(run("delete", "1", "--yes"))
    ok(run("new", "Cid", "Dee", "--dealer", "cid"))
    second = path.with_name("2 (1).json")
    shutil.copy2(path.with_name("2.json"), second)
    result = run("resolve", "--yes")
    refused(result, 1, "'1-LAPTOP.json' was not resolved", "The copy before it was")
    assert "'2 (1).json' holds match 2 as it is; it is set aside." in result.stdout
    assert not second.exists() and path.with_name("1-LAPTOP.json").exists()


# Two machines copying the whole folder


def test_a_copy_of_the_whole_folder_taken_while_a_writer_runs_is_a_whole_store(
    tmp_path: Path, store_dir: Path
) -> None:
    """A sync tool copies the folder file by file while hands are recorded: every copy holds
    whole match files, each an earlier or later state of the match."""
    match = made(store_dir)
    before = match.read_bytes()
    writer = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys\n"
            "from scorekeeper.cli import cli\n"
            "for n in range(40):\n"
            "    for args in (['knock', 'ann', '3', '5'], ['undo']):\n"
            "        try:\n"
            "            cli(['--db', sys.argv[1], *args], standalone_mode=False)\n"
            "        except SystemExit:\n"
            "            pass\n",
            str(store_dir),
        ],
        stdout=subprocess.DEVNULL,
    )
    copies = 0
    deadline = time.monotonic() + 30
    try:  # from the writer's first hand on, up to 30 copies, each checked below
        while match.read_bytes() == before and writer.poll() is None:
            time.sleep(0.005)
        while writer.poll() is None and time.monotonic() < deadline and copies < 30:
            copy = tmp_path / f"copy-{copies}"
            shutil.copytree(store_dir, copy, ignore=shutil.ignore_patterns("tmp"))
            copies += 1
    finally:
        writer.wait(timeout=60)
    assert copies >= 3
    for number in range(copies):
        result = invoke(tmp_path / f"copy-{number}", "check")
        assert result.exit_code == 0, result.output
        hands = json.loads(ok(invoke(tmp_path / f"copy-{number}", "show", "--json")))["rounds"]
        assert len(hands) <= 1


# record under another writer


def at_question(monkeypatch: pytest.MonkeyPatch, start: str, times: int, action: Any) -> None:
    """Run ``action`` just before the ``times``-th question that starts with ``start``."""
    asked = click.prompt
    seen: list[str] = []

    def prompt(text: str, *args: Any, **kwargs: Any) -> Any:
        if text.startswith(start):
            seen.append(text)
            if len(seen) == times:
                action()
        return asked(text, *args, **kwargs)

    monkeypatch.setattr(click, "prompt", prompt)


def elsewhere(store_dir: Path, change: Callable[[Any], None]) -> Callable[[], None]:
    """A change another terminal makes to the store (``change`` takes its writer), when called."""

    def made() -> None:
        with Store(store_dir).writing() as writer:
            change(writer)

    return made


def test_record_says_when_a_hand_it_recorded_is_lost_and_records_it_again(
    run: Run, store_dir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = evening_match(store_dir)
    older = tmp_path / "older.json"
    shutil.copy2(path, older)  # the match with no hand, as a slow sync tool brings it back
    at_question(monkeypatch, "How did the hand end?", 2, lambda: shutil.copy2(older, path))
    answers = "knock\nann\n3\n20\ny\n" + "knock\nben\n2\n30\n" + "y\n" + "knock\nben\n2\n30\ny\nq\n"
    result = run("record", input=answers)
    assert result.exit_code == 0, result.output
    said = result.stdout
    # Ben's knock was answered as hand 2 of a match that has no hand by then: it is not
    # stored as hand 1; Ann's hand 1 is offered again, and Ben's asked for as hand 2.
    assert (
        "Hand 2 is no longer the next hand of match 1, which has 0 hands now (it was changed "
        "elsewhere while you answered), so your answer was not stored." in said
    )
    assert (
        "Hand 1, Ann knocks 3 v 20, recorded at" in said
        and "is no longer in match 1: its file was replaced, by a sync tool or a copy." in said
    )
    assert "Record it again? [Y/n]" in said
    assert said.rstrip().endswith("Recorded 2 hands in match 1.")
    assert hands_of(run, 1) == [("knock", "Ann", 17), ("knock", "Ben", 28)]


def test_record_counts_only_the_hands_the_match_holds(
    run: Run, store_dir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = evening_match(store_dir)
    older = tmp_path / "older.json"
    shutil.copy2(path, older)
    at_question(monkeypatch, "How did the hand end?", 2, lambda: shutil.copy2(older, path))
    result = run("record", input="wall\ny\n" + "q\n" + "n\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.rstrip().endswith("No hand was recorded.")


def test_record_says_when_the_match_changed_while_its_hand_was_being_confirmed(
    run: Run, store_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorekeeper.engine import Hand

    evening_match(store_dir)
    # Hand 1, a wall, is corrected elsewhere to Ben's knock 5 v 15 (Ben +10) while Ann's
    # hand 2 is being confirmed: it is still hand 2, recorded against the match as it is.
    amended = elsewhere(
        store_dir, lambda writer: writer.load(1).replace(1, Hand.knock("Ben", 5, 15))
    )
    at_question(monkeypatch, "Record this hand?", 2, amended)
    result = run("record", input="wall\ny\n" + "knock\nann\n3\n20\ny\n" + "q\n")
    assert result.exit_code == 0, result.output
    said = result.stdout.split("Record this hand? [Y/n]: y\n")[2]
    assert said.startswith(
        "Match 1 was changed from another terminal while you answered; the hand is added to "
        "the match as it is now:\nHand 2: Ann knocks 3 v 20 -> Ann +17 in Game 1\n"
    )
    assert hands_of(run, 1) == [("knock", "Ben", 10), ("knock", "Ann", 17)]


def test_record_does_not_store_a_hand_recorded_elsewhere_as_the_next(
    run: Run, store_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorekeeper.engine import Hand

    evening_match(store_dir)
    wall = elsewhere(store_dir, lambda writer: writer.load(1).add(Hand.wall()))
    at_question(monkeypatch, "Record this hand?", 1, wall)
    result = run("record", input="knock\nann\n3\n20\ny\n" + "q\n")
    assert result.exit_code == 0, result.output
    said = result.stdout.split("Record this hand? [Y/n]: y\n")[1]
    assert said.startswith(
        "Hand 1 of match 1 was recorded elsewhere while you answered, so your answer was not "
        "stored. Hand 1 as recorded:\nHand 1: wall (dead hand) -> no score\n"
    )
    assert "Hand 2 of match 1: Ann v Ben, Ann dealt." in said  # a wall: Ann deals again
    assert said.rstrip().endswith("No hand was recorded.")
    assert hands_of(run, 1) == [("wall", None, 0)]


def test_record_does_not_take_a_hand_undone_elsewhere_for_a_lost_one(
    run: Run, store_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    evening_match(store_dir)
    undo = elsewhere(store_dir, lambda writer: writer.load(1).void_last())
    at_question(monkeypatch, "How did the hand end?", 2, undo)
    result = run("record", input="knock\nann\n3\n20\ny\n" + "q\n")
    assert result.exit_code == 0, result.output
    assert "no longer in match" not in result.stdout
    assert "Record it again?" not in result.stdout
    assert result.stdout.rstrip().endswith("No hand was recorded.")
    assert hands_of(run, 1) == []


@pytest.mark.parametrize(
    "change, line",
    [
        (
            lambda store: store.delete(1),
            "Match 1 was deleted elsewhere, so the evening ends; 1 hand had been recorded in it.",
        ),
        (
            lambda store: store.load(1).abandon(),
            "Match 1 was abandoned elsewhere, so the evening ends; 1 hand was recorded in it.",
        ),
    ],
)
def test_a_match_deleted_or_abandoned_elsewhere_ends_record_with_one_line(
    run: Run,
    store_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    change: Callable[[Any], None],
    line: str,
) -> None:
    evening_match(store_dir)
    at_question(monkeypatch, "Record this hand?", 2, elsewhere(store_dir, change))
    result = run("record", input="wall\ny\n" + "wall\ny\ny\ny\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("Record this hand?") == 2
    assert result.stdout.rstrip().splitlines()[-1] == line
    assert "Error" not in result.output


def test_a_copy_set_aside_again_keeps_to_the_longest_file_name(tmp_path: Path) -> None:
    from scorekeeper.store.conflicts import aside_name

    for name in ("1 (" + "x" * 246 + ").json", "1 (" + "ü" * 123 + ").json"):
        assert len(name.encode()) == 255
        taken = [name]
        for _time in range(3):
            for held in taken:
                (tmp_path / held).touch()
            taken.append(aside_name(str(tmp_path), name))
            assert len(taken[-1].encode()) <= 255 and taken[-1].endswith(f" {len(taken)}.json")
        assert len(set(taken)) == 4


def test_two_identical_copies_kept_both_make_one_new_match(
    run: Run, diverged: Path, store_dir: Path
) -> None:
    """Syncthing's copy and Dropbox's of the same laptop file are one copy: kept as a new
    match once, the second set aside as the same as the first (its hands would otherwise
    count twice in stats)."""
    twin = diverged.with_name("1.sync-conflict-20261201-203000-ABC1234.json")
    shutil.copy2(diverged, twin)
    said = ok(run("resolve", "--keep", "both", "--yes"))
    assert "Stored '1 (conflicted copy).json' as match 2" in said
    assert (
        "'1.sync-confli…261201-203000-ABC1234.json' (44 characters) holds the same as "
        "'1 (conflicted copy).json', which became match 2; it is set aside." in said
    )
    assert len(json.loads(ok(run("matches", "--json")))) == 2
    # Ann's hands: 1 and the gin in match 2 (hand 1 is in both matches) -> 3, not 5.
    assert hands_of(run, 2) == [("knock", "Ann", 17), ("gin", "Ann", 37)]
    resolved = sorted(p.name for p in (store_dir / "resolved").iterdir())
    assert resolved == sorted([diverged.name, twin.name])
    assert "Warning" not in run("matches").stderr


@pytest.mark.parametrize(
    "change, line",
    [
        (
            lambda store: store.delete(1),
            "Match 1 was deleted elsewhere, so the evening ends; 0 hands had been recorded in it.",
        ),
        (
            lambda store: store.load(1).abandon(),
            "Match 1 was abandoned elsewhere, so the evening ends; 0 hands were recorded in it.",
        ),
    ],
)
@pytest.mark.parametrize("at", ["Record this hand?", "How did the hand end?"])
def test_a_match_deleted_or_abandoned_elsewhere_before_a_hand_is_stored_ends_with_one_line(
    run: Run,
    store_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    change: Callable[[Any], None],
    line: str,
    at: str,
) -> None:
    """The evening has stored no hand yet: the same one line, asked nothing again."""
    evening_match(store_dir)
    at_question(monkeypatch, at, 1, elsewhere(store_dir, change))
    result = run("record", input="wall\ny\ny\ny\nn\n")
    assert result.exit_code == 0, result.output
    # Asked once where the change came while it was asked; not at all where it came before.
    assert result.stdout.count("Record this hand?") == (at == "Record this hand?")
    assert result.stdout.rstrip().splitlines()[-1] == line
    assert "Error" not in result.output


@pytest.mark.parametrize(
    "answers, hands, tally",
    [
        ("y\n", [("knock", "Ann", 17)], "Recorded 1 hand in match 1."),
        ("n\n", [], "No hand was recorded."),
        ("", [], "No hand was recorded."),  # the end of the input: Ctrl-D
    ],
)
def test_record_stopped_after_a_hand_was_lost_says_so_and_offers_it_again(
    run: Run,
    store_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    answers: str,
    hands: list[tuple[str, str | None, int]],
    tally: str,
) -> None:
    """The older copy comes back while the next hand's first question is asked, and the user
    stops there: the hand gone is still said, and offered again, before the tally."""
    path = evening_match(store_dir)
    older = tmp_path / "older.json"
    shutil.copy2(path, older)
    at_question(monkeypatch, "How did the hand end?", 2, lambda: shutil.copy2(older, path))
    result = run("record", input="knock\nann\n3\n20\ny\n" + "q\n" + answers)
    assert result.exit_code == 0, result.output
    said = result.stdout.split("(u: undo, q: quit): q\n")[1]
    assert "Hand 1, Ann knocks 3 v 20, recorded at" in said
    assert "is no longer in match 1: its file was replaced, by a sync tool or a copy." in said
    assert "Record it again? [Y/n]" in said
    assert said.rstrip().splitlines()[-1] == tally
    assert hands_of(run, 1) == hands


@pytest.mark.parametrize(
    "change, said",
    [
        (
            {"rules": {"gin_bonus": 20}},
            "their rules differ: Gin bonus 25 here, 20 in the file",
        ),
        (
            {"rules": {"gin_bonus": 20, "shutout": "none"}},
            "their rules differ: Gin bonus 25 here, 20 in the file; Shutout reward 2 x game "
            "bonus here, none in the file",
        ),
        (
            {"players": ["Ann", "Bob"]},
            "their players differ: Ann v Ben here, Ann v Bob in the file",
        ),
        (
            {"description": "Tuesday"},
            "their descriptions differ: none here, 'Tuesday' in the file",
        ),
        (
            {"description": "Tuesday", "players": ["Ann", "Bob"]},
            "their players differ: Ann v Ben here, Ann v Bob in the file; their descriptions "
            "differ: none here, 'Tuesday' in the file",
        ),
    ],
)
def test_an_import_of_a_copy_that_differs_in_what_was_set_at_new_says_what_differs(
    run: Run, store_dir: Path, tmp_path: Path, change: dict[str, Any], said: str
) -> None:
    """The same uuid, the same hands, but the rules, the players or the description changed
    by hand in the file: not "each holds hands or changes the other lacks", but what differs."""
    evening_match(store_dir)
    ok(run("knock", "ann", "3", "20"))
    export = json.loads(ok(run("export", "--format", "json")))
    for key, value in change.items():
        export[key] = {**export[key], **value} if isinstance(value, dict) else value
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    line = refused(run("import", str(path)), 1, "are copies of one match that disagree")
    assert f"disagree: {said}. Nothing was imported;" in line
    assert "hands or changes" not in line


def test_resolve_says_what_differs_in_a_copy_whose_rules_were_changed(
    run: Run, open_match: tuple[Path, Path]
) -> None:
    """The same hands, but the gin bonus changed in the copy: what differs is said, not that
    each holds hands or changes the other lacks."""
    path, _laptop = open_match
    data = json.loads(path.read_text(encoding="utf-8"))
    data["match"]["1"]["rules"]["gin_bonus"] = 20
    copy = path.with_name("1 (conflicted copy).json")
    copy.write_text(json.dumps(data), encoding="utf-8")
    said = ok(run("resolve", "--keep", "store", "--yes"))
    assert (
        "'1 (conflicted copy).json' and match 1 (Ann v Ben) went their own ways: their rules "
        "differ: Gin bonus 25 here, 20 in the copy." in said
    )
    assert "hands or changes" not in said
    assert not copy.exists()


def test_a_copy_that_cannot_be_read_is_said_not_passed_over(
    run: Run, open_match: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """EIO reading a copy (here as it is closed) does not make it a file that is no match
    file: resolve says so and leaves it, exit 1."""
    path, _laptop = open_match
    copy = path.with_name("1 (conflicted copy).json")
    shutil.copy2(path, copy)
    closing_fails(monkeypatch, copy)
    refused(run("resolve", "--yes"), 1, f"Cannot read {copy}: Input/output error.")
    assert copy.exists()
