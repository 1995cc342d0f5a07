"""The matches of a store and the stores themselves: ``matches``, ``use`` and ``rules`` (with
the presets); the current match and the others, named by ``--match``/``-m`` or a MATCH
argument; and the store, named by ``--db`` or ``SCOREKEEPER_DB`` or else in the user's data
folder where platformdirs puts it, sharing nothing with another store and locked while a
command writes.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from harness import A, B, Run, new_match, ok, parse_csv, refused, sheet, snapshot

from scorekeeper.cli import cli
from scorekeeper.rules import DECLARED, Rules, option_names

# Matches


def test_matches_use_and_current_marked(run: Run) -> None:
    assert "No matches yet" in ok(run("matches"))
    new_match(run, "--target", "10", "--end-after-first-game")
    ok(run("knock", "bob", "2", "30"))  # match 1 finished, Bob won
    ok(run("new", "Ann", "Ben"))
    rows = ok(run("matches")).splitlines()
    assert rows[0].split() == ["id", "players", "started", "hands", "status", "winner"]
    assert rows[1].startswith(" 1  Alexandra v Bob")
    assert rows[1].split()[-3:] == ["1", "finished", "Bob"]
    assert rows[2].startswith("*2  Ann v Ben")
    assert rows[2].split()[-2:] == ["0", "open"]
    assert ok(run("use", "1")) == "Match 1 (Alexandra v Bob) is now current.\n"
    rows = ok(run("matches")).splitlines()
    assert rows[1].startswith("*1") and rows[2].startswith(" 2")
    assert sheet(run)["id"] == 1


def test_rules_of_a_match_shows_its_rules_and_not_the_presets(run: Run) -> None:
    new_match(run)
    shown = ok(run("rules")).splitlines()
    assert shown[0] == "Rules of match 1"
    # The title, a blank line, the header and its rule, then a row per rule in play, in the
    # order declared, each with its options.
    in_play = [name for name in DECLARED if name in Rules().in_play()]
    assert len(shown) == 4 + len(in_play)
    rows = dict(zip(in_play, shown[4:]))
    for name, row in rows.items():
        assert row.startswith(DECLARED[name].label) and option_names(name) in row
    only_first = " ".join(rows["end_after_first_game"].split())
    assert only_first == "Only the first game --end-after-first-game / --play-all-games no no"
    assert not any("Presets" in line or "pagat" in line for line in shown)


def test_rules_presets_shows_the_presets_only(run: Run) -> None:
    new_match(run)
    presets = ok(run("rules", "--presets"))
    assert presets.startswith("Presets\n")
    for text in ("standard", "pagat", "--gin-bonus", "20", "winner", "Pagat's Gin Rummy page"):
        assert text in presets
    assert "Rules of match" not in presets and "--end-after-first-game  no" not in presets


def test_rules_without_a_match_shows_the_presets_and_says_why(run: Run) -> None:
    said = (
        "No match is current: these are the presets a match can be started with "
        "('scorekeeper new PLAYER1 PLAYER2 --preset PRESET').\n\n"
    )
    shown = ok(run("rules"))
    assert shown.startswith(said + "Presets\n")
    assert shown[len(said) :] == ok(run("rules", "--presets"))


def test_rules_of_the_current_match_or_the_one_named(run: Run) -> None:
    new_match(run, "--preset", "pagat")
    ok(run("new", "Ann", "Ben", "--knock-limit", "7"))
    current = ok(run("rules"))
    assert "Rules of match 2" in current and "7" in current
    first = ok(run("rules", "1"))
    assert "Rules of match 1" in first and "20" in first


# The current match, --match/-m, the MATCH argument, stores


def test_match_option_and_argument_select_a_non_current_match(run: Run) -> None:
    new_match(run)  # match 1
    ok(run("new", "Ann", "Ben", "--dealer", "ann"))  # match 2, current
    ok(run("knock", "bob", "5", "15", "--match", "1"))
    ok(run("gin", "-m", "1", "al", "20"))
    ok(run("wall", "-m", "1"))
    ok(run("knock", "-m", "1", "bob", "3", "3"))
    ok(run("undo", "-m", "1"))
    ok(run("amend", "-m", "1", "3", "knock", "al", "2", "9"))
    ok(run("record", "-m", "1", input="wall\ny\n"))
    one = sheet(run, "1")
    assert [r["kind"] for r in one["rounds"]] == ["knock", "gin", "knock", "wall"]
    assert sheet(run)["id"] == 2 and sheet(run)["rounds"] == []
    assert "Bob knocks 5 v 15" in ok(run("log", "1"))
    assert "Bob knocks 5 v 15" not in ok(run("log"))
    assert parse_csv(ok(run("export", "1")))[0][9] == "Alexandra game 1"
    assert parse_csv(ok(run("export")))[0][9] == "Ann game 1"
    assert json.loads(ok(run("export", "1", "--format", "json")))["players"] == [A, B]
    assert "Rules of match 1" in ok(run("rules", "1"))
    assert "Match 1: Alexandra v Bob" in ok(run("show", "1"))
    # Still current: match 2.
    assert ok(run("matches")).splitlines()[2].startswith("*2")


def test_env_var_works_like_db(tmp_path: Path) -> None:
    store = tmp_path / "from-env"
    runner = CliRunner()
    result = runner.invoke(
        cli, ["new", A, B, "--dealer", "bob"], env={"SCOREKEEPER_DB": str(store)}
    )
    ok(result)
    assert (store / "matches").is_dir()
    ok(runner.invoke(cli, ["knock", "al", "2", "20"], env={"SCOREKEEPER_DB": str(store)}))
    shown = runner.invoke(cli, ["--db", str(store), "show", "--json"], env={"SCOREKEEPER_DB": None})
    assert json.loads(ok(shown))["rounds"][0]["winner"] == A


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG_DATA_HOME is Linux's")
def test_default_store_is_in_the_user_data_directory(tmp_path: Path) -> None:
    env = {"SCOREKEEPER_DB": None, "XDG_DATA_HOME": str(tmp_path / "xdg")}
    ok(CliRunner().invoke(cli, ["new", A, B], env=env))
    assert (tmp_path / "xdg" / "scorekeeper" / "matches" / "1.json").is_file()


@pytest.mark.parametrize(
    "home, data",
    [
        ("/home/ann", None),
        ("/home/ann/", None),
        ("/home/ann", "/srv/data"),
        ("/home/ann", "/srv/data/"),
        ("/home/ann", ""),
        ("/home/ann", "relative/data"),
        ("relative-home", None),
        ("", "/srv/data"),
        (None, None),
    ],
)
def test_the_default_store_is_where_platformdirs_puts_user_data(
    monkeypatch: pytest.MonkeyPatch, home: str | None, data: str | None
) -> None:
    """Where the store's folder is worked out without platformdirs, it is platformdirs' own."""
    import platformdirs

    from scorekeeper.paths import default_store

    for name, value in (("HOME", home), ("XDG_DATA_HOME", data)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert default_store() == platformdirs.user_data_dir("scorekeeper", appauthor=False)


def test_an_empty_db_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["--db", "", "matches"], env={"SCOREKEEPER_DB": None})
    refused(result, 2, "--db needs a directory")


def test_two_stores_never_share_data(tmp_path: Path) -> None:
    runner = CliRunner()

    def in_store(name: str, *args: str) -> Result:
        return runner.invoke(
            cli, ["--db", str(tmp_path / name), *args], env={"SCOREKEEPER_DB": None}
        )

    ok(in_store("one", "new", A, B, "--dealer", "al"))
    ok(in_store("one", "knock", "bob", "5", "15"))
    assert "No matches yet" in ok(in_store("two", "matches"))
    refused(in_store("two", "show"), 1, "no current match")
    refused(in_store("two", "show", "1"), 1, "no match 1")
    ok(in_store("two", "new", "Ann", "Ben"))
    assert json.loads(ok(in_store("two", "show", "--json")))["players"] == ["Ann", "Ben"]
    assert json.loads(ok(in_store("one", "show", "--json")))["players"] == [A, B]
    assert "Ann" not in ok(in_store("one", "matches"))


@pytest.mark.skipif(os.name == "nt", reason="uses fcntl")
def test_a_writer_waits_for_the_lock(run: Run, store_dir: Path) -> None:
    import fcntl

    new_match(run)
    fd = os.open(store_dir, os.O_RDONLY)  # the lock is the store directory itself
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        before = snapshot(store_dir)
        started = time.monotonic()
        result = run("knock", "bob", "5", "15", env={"SCOREKEEPER_LOCK_TIMEOUT": "0.2"})
        assert time.monotonic() - started >= 0.2
        refused(result, 1, f"the lock on the store {store_dir}")
        assert snapshot(store_dir) == before
        # Released while the writer waits: it proceeds.
        threading.Timer(0.1, fcntl.flock, (fd, fcntl.LOCK_UN)).start()
        ok(run("knock", "bob", "5", "15", env={"SCOREKEEPER_LOCK_TIMEOUT": "5"}))
    finally:
        os.close(fd)
    assert len(sheet(run)["rounds"]) == 1
