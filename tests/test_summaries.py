"""The summaries ``matches`` and ``stats`` read: derived from the match files, kept in the
machine's cache directory (never in the store), worked out again for the files that changed
only, and never a reason for a command to fail.

Match 1 throughout: Ann v Ben to 10, the first game ends it; Ann knocks 2 v 30: +28, Ann wins.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from harness import Run, new_match, ok, summaries_file

from scorekeeper.store import Store
from scorekeeper.store import summaries as summaries_module

pytestmark = pytest.mark.disk

SHORT = ["--dealer", "ann", "--target", "10", "--end-after-first-game"]


def finished(run: Run, store_dir: Path, count: int = 1) -> None:
    """``count`` finished matches: the first through the command line, the rest written by
    the store directly (as quick as a test wants)."""
    ok(run("new", "Ann", "Ben", *SHORT))
    ok(run("knock", "ann", "2", "30"))
    with Store(store_dir).writing() as writer:
        first = writer.load(1)
        for _number in range(count - 1):
            writer.create(first.players, first.rules, first.first_dealer, history=first.history)


def listed(run: Run) -> list[tuple[int, str, str | None]]:
    return [(m["id"], m["status"], m["winner"]) for m in json.loads(ok(run("matches", "--json")))]


def ann_net(run: Run) -> int:
    return int(json.loads(ok(run("stats", "--json")))["players"]["Ann"]["net"])


def test_the_summaries_live_in_the_cache_directory_not_in_the_store(
    run: Run, store_dir: Path, cache_of_this_test: Path
) -> None:
    finished(run, store_dir)
    ok(run("stats"))
    assert sorted(p.name for p in store_dir.iterdir()) == ["matches", "store.json", "tmp"]
    assert summaries_file(cache_of_this_test).parent.parent == (
        cache_of_this_test / "scorekeeper" / "stores"
    )
    other = store_dir.parent / "other"
    ok(run("--db", str(other), "new", "Cid", "Dee"))
    ok(run("--db", str(other), "matches"))
    assert len(list((cache_of_this_test / "scorekeeper" / "stores").iterdir())) == 2


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda path: path.write_bytes(b""), id="empty"),
        pytest.param(lambda path: path.write_bytes(os.urandom(4096)), id="random-bytes"),
        pytest.param(lambda path: path.write_bytes(path.read_bytes()[:2000]), id="truncated"),
        pytest.param(lambda path: path.write_text("{}", encoding="utf-8"), id="not-sqlite"),
    ],
)
def test_damaged_summaries_are_worked_out_again(
    run: Run, store_dir: Path, cache_of_this_test: Path, damage: Any
) -> None:
    finished(run, store_dir, 2)
    assert ann_net(run) > 0
    path = summaries_file(cache_of_this_test)
    for extra in ("-wal", "-shm"):
        Path(str(path) + extra).unlink(missing_ok=True)
    damage(path)
    assert listed(run) == [(1, "finished", "Ann"), (2, "finished", "Ann")]
    net = ann_net(run)
    assert net == 2 * json.loads(ok(run("show", "1", "--json")))["net"]["Ann"]


@pytest.mark.parametrize(
    "damage",
    [
        "UPDATE matches SET hands = 'x'",
        "UPDATE matches SET status = 'bogus'",
        "UPDATE matches SET players = 'not json'",
    ],
)
def test_rows_that_cannot_be_rows_are_worked_out_again(
    run: Run,
    store_dir: Path,
    cache_of_this_test: Path,
    damage: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    finished(run, store_dir)
    monkeypatch.setattr(summaries_module, "RACY", 0)  # rows trusted as soon as worked out
    assert listed(run) == [(1, "finished", "Ann")]
    with sqlite3.connect(summaries_file(cache_of_this_test)) as db:
        db.execute(damage)
    assert listed(run) == [(1, "finished", "Ann")]
    assert "1  Ann v Ben" in ok(run("matches"))


def test_a_stamp_that_cannot_be_read_is_never_a_reason_to_fail(
    run: Run, store_dir: Path, cache_of_this_test: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    finished(run, store_dir)
    monkeypatch.setattr(summaries_module, "RACY", 0)
    ok(run("stats"))  # keeps the folder's stamp
    (stamp,) = (cache_of_this_test / "scorekeeper" / "stores").glob("*/stamp.json")
    data = json.loads(stamp.read_text(encoding="utf-8"))
    stamp.write_text(json.dumps({**data, "check": [float("inf")]}), encoding="utf-8")
    assert "1  Ann v Ben" in ok(run("matches"))


def test_summaries_of_another_format_are_worked_out_anew(
    run: Run, store_dir: Path, cache_of_this_test: Path
) -> None:
    finished(run, store_dir)
    ok(run("stats"))
    with sqlite3.connect(summaries_file(cache_of_this_test)) as db:
        db.execute("UPDATE figures SET net = 9999")
        db.execute("UPDATE totals SET net = 9999")
        db.execute("DELETE FROM buckets")
        db.execute("PRAGMA user_version = 0")
    assert ann_net(run) != 9999
    with sqlite3.connect(summaries_file(cache_of_this_test)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == summaries_module.FORMAT


@pytest.mark.parametrize("how", ["a file in the way", "a folder in the place of the database"])
def test_a_cache_that_cannot_be_used_is_never_a_reason_to_fail(
    run: Run, store_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    finished(run, store_dir)
    cache = tmp_path / "unusable"
    if how == "a file in the way":
        cache.write_text("not a folder", encoding="utf-8")
    else:
        ok(run("matches", env={"XDG_CACHE_HOME": str(cache)}))
        (path,) = cache.glob("scorekeeper/stores/*/summaries.sqlite3")
        for found in path.parent.iterdir():
            found.unlink()
        path.mkdir()
    for command in ("matches", "stats"):
        result = run(command, env={"XDG_CACHE_HOME": str(cache)})
        assert result.exit_code == 0 and result.stderr == "", result.output
    assert listed(run) == [(1, "finished", "Ann")]


def test_a_cache_that_fails_to_answer_is_worked_out_in_memory(
    run: Run, store_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An I/O error while the summaries are read: the figures are worked out from the matches
    instead, and the command answers as ever."""
    finished(run, store_dir, 2)
    expected = (listed(run), ann_net(run))
    real = summaries_module.Summaries._fetch
    failed: list[bool] = []

    def failing(self: Any, query: str, *args: Any, **kwargs: Any) -> Any:
        if not failed and self.path != ":memory:":
            failed.append(True)
            self.db.close()  # every later query of the cache fails
        return real(self, query, *args, **kwargs)

    monkeypatch.setattr(summaries_module.Summaries, "_fetch", failing)
    assert (listed(run), ann_net(run)) == expected
    assert failed


def test_only_the_rows_of_changed_files_are_worked_out_again(
    run: Run, store_dir: Path, cache_of_this_test: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    finished(run, store_dir, 5)
    ok(run("stats"))
    with sqlite3.connect(summaries_file(cache_of_this_test)) as db:  # none racy any more
        db.execute("UPDATE matches SET ctime = ctime - 10000000000")
    read: list[int] = []
    real = Store._read_for_summary

    def counted(self: Store, match_id: int) -> Any:
        read.append(match_id)
        return real(self, match_id)

    monkeypatch.setattr(Store, "_read_for_summary", counted)
    ok(run("stats"))
    assert read == []
    ok(run("undo", "--match", "3"))  # match 3 is open again
    assert listed(run) == [
        (1, "finished", "Ann"),
        (2, "finished", "Ann"),
        (3, "open", None),
        (4, "finished", "Ann"),
        (5, "finished", "Ann"),
    ]
    assert read == [3]
    with Store(store_dir).summaries() as summaries:
        assert summaries.path != ":memory:"  # the cache answered, not a stand-in in memory


def test_a_rebuild_works_the_matches_out_a_batch_at_a_time_and_says_how_far(
    run: Run, store_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    finished(run, store_dir, 5)
    monkeypatch.setattr(summaries_module, "BATCH", 2)
    told: list[tuple[int, int]] = []
    summaries = Store(store_dir).summaries(lambda done, total: told.append((done, total)))
    assert told == [(2, 5), (4, 5), (5, 5)]
    assert [row.winner for row in summaries.rows()] == ["Ann"] * 5


def test_matches_lists_the_open_and_the_latest_others(run: Run, store_dir: Path) -> None:
    finished(run, store_dir, 22)
    ok(run("new", "Cid", "Dee", "--dealer", "cid"))
    ok(run("use", "1"))
    ok(run("undo"))  # match 1 is open again, an old one
    lines = ok(run("matches")).splitlines()
    ids = [line.split()[0].lstrip("*") for line in lines[1:-1]]
    # Open: 1 and 23; the 20 latest of the others: 3-22; match 2 before them.
    assert ids == ["1", *map(str, range(3, 24))]
    assert lines[-1] == "1 earlier match is not listed; 'scorekeeper matches --all' lists it."
    assert len(ok(run("matches", "--all")).splitlines()) == 24


@pytest.mark.parametrize("how", ["deleted", "moved away by another program"])
def test_the_last_match_of_its_bucket_listed_just_after_it_changed_is_gone_once_gone(
    run: Run, store_dir: Path, how: str
) -> None:
    """Listed within a tick of its change, a match's row is racy and its bucket's digest is
    not kept; once its file is gone (and no other file is in its bucket), the row goes too."""
    ok(run("new", "Ann", "Ben"))
    assert listed(run) == [(1, "open", None)]
    if how == "deleted":
        ok(run("delete", "1", "--yes"))
    else:
        (store_dir / "matches" / "1.json").rename(store_dir / "1.json")
    assert listed(run) == []
    assert (
        ok(run("matches")) == "No matches yet. Start one with 'scorekeeper new PLAYER1 PLAYER2'.\n"
    )


def test_the_folder_of_matches_is_parted_into_match_files_and_the_others(
    tmp_path: Path,
) -> None:
    from scorekeeper.store.folder import parted, stats, survey

    names = ["10.json", "2.json", "03.json", "2.json.tmp", "x\n4.json", "5 (copy).json", "0.json"]
    # A name with a line break is not taken for the lines it holds.
    others = ["03.json", "2.json.tmp", "5 (copy).json", "x\n4.json"]
    assert parted(names) == ([0, 2, 10], ["0.json", "2.json", "10.json"], others)
    # An id has at most 18 digits: SQLite's whole numbers end at 2**63.
    most = "9" * 18 + ".json"
    assert parted([most, "1" + most]) == ([10**18 - 1], [most], ["1" + most])
    assert parted(names[:2] + ["4.json\n5.json"]) == (
        [2, 10],
        ["2.json", "10.json"],
        ["4.json\n5.json"],
    )
    assert parted(["9.json", "10.json", "1.json"]) == (
        [1, 9, 10],
        ["1.json", "9.json", "10.json"],
        [],
    )
    assert parted([]) == ([], [], [])
    for name in ["1.json", "1025.json", "1030.json", "notes.txt"]:
        (tmp_path / name).write_text("{}", encoding="utf-8")
    found = survey(str(tmp_path))
    assert (found.ids, found.others, sorted(found.buckets)) == (
        [1, 1025, 1030],
        ["notes.txt"],
        [0, 1],
    )
    # A file gone between the listing and its stat is left out, the others kept.
    fd = os.open(tmp_path, os.O_RDONLY)
    try:
        there, looked = stats(fd, [1, 2, 1025], ["1.json", "2.json", "1025.json"])
    finally:
        os.close(fd)
    assert there == [1, 1025]
    assert [s.st_ino for s in looked] == [
        os.stat(tmp_path / n).st_ino for n in ("1.json", "1025.json")
    ]
    # Any write to a file changes its bucket's digest, and no other.
    (tmp_path / "1030.json").write_text("{} ", encoding="utf-8")
    again = survey(str(tmp_path))
    assert again.buckets[0] == found.buckets[0] and again.buckets[1] != found.buckets[1]


def test_a_match_file_named_by_an_id_too_long_for_the_summaries_is_a_stray_copy(
    run: Run, store_dir: Path
) -> None:
    new_match(run)
    shutil.copy(store_dir / "matches" / "1.json", store_dir / "matches" / f"{2**64}.json")
    for command in ("matches", "stats"):
        result = run(command)
        assert result.exit_code == 0, result.output
        assert "1 copy of a match file lies in the store (of match 1)" in result.stderr
