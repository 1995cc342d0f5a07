"""Fixtures for the tests: a folder of each test's own (in memory unless the test is about the
disk), a fresh store per test and a runner on it, a cache directory of each test's own, English
unless a test says otherwise, and the Hypothesis profiles of the quick loop and of the whole
suite. The assertions and helpers are plain functions, imported from :mod:`harness`."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from harness import Run, invoke
from hypothesis import settings
from pluggy import Result as Outcome

#: A property that sets no number of examples of its own tries 50 in the whole suite and 10 in
#: the quick loop (``pytest -m "not slow"``).
settings.register_profile("whole", max_examples=50)
settings.register_profile("quick", max_examples=10)


#: The user's own cache directory for scorekeeper, and whether it was there before the run.
USERS_CACHE: tuple[str, bool] | None = None


#: The memory file system where the tests that are not about the disk keep their folders (None:
#: there is none, or ``--on-disk`` asked for the disk), and the folder of this run in it.
MEMORY = "/dev/shm"
IN_MEMORY: str | None = None

#: Whether a test failed (its folder is then kept, to be looked at).
FAILED = pytest.StashKey[bool]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--on-disk",
        action="store_true",
        help="keep every test's folder (its store) on the disk, not only those of the tests "
        "marked disk",
    )


def pytest_configure(config: pytest.Config) -> None:
    settings.load_profile("quick" if config.getoption("markexpr") == "not slow" else "whole")
    global IN_MEMORY
    if not config.getoption("on_disk") and os.path.isdir(MEMORY) and os.access(MEMORY, os.W_OK):
        IN_MEMORY = tempfile.mkdtemp(prefix="scorekeeper-tests-", dir=MEMORY)
    # What runs outside a test's own fixtures (doctests, fixtures of a module or the session)
    # keeps its summaries in a directory of the run's own, never in the user's.
    global USERS_CACHE
    from scorekeeper.paths import cache_home

    if USERS_CACHE is None:
        USERS_CACHE = (cache_home(), os.path.exists(cache_home()))
        os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="scorekeeper-test-cache-")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A test run never writes outside its temporary directories: the user's cache included.
    Its folder in memory goes, unless a failed test's folder is still in it."""
    if USERS_CACHE is not None and not USERS_CACHE[1] and os.path.exists(USERS_CACHE[0]):
        print(f"\nThe test run wrote to the user's cache directory {USERS_CACHE[0]}.")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    if IN_MEMORY is not None:
        with contextlib.suppress(OSError):
            os.rmdir(IN_MEMORY)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item) -> Generator[None, Outcome[pytest.TestReport]]:
    report = (yield).get_result()
    if report.failed:
        item.stash[FAILED] = True


@pytest.fixture
def tmp_path(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Path]:
    """The folder of this test, removed once it passed (kept if it failed, to be looked at).

    It is on a memory file system: a store there is the same store, every file operation the
    same, only without waiting for the disk (which makes most of a command-line test's time on
    a busy machine). A test about the disk itself (marked ``disk``: crashes, permissions,
    real processes, the summaries kept in the cache) has its folder on the disk, as every test
    does with ``--on-disk`` or where there is no memory file system."""
    name = re.sub(r"\W", "_", request.node.name)[:30]
    if IN_MEMORY is None or request.node.get_closest_marker("disk"):
        path = tmp_path_factory.mktemp(name, numbered=True)
    else:
        path = Path(tempfile.mkdtemp(prefix=f"{name}-", dir=IN_MEMORY))
    yield path
    if not request.node.stash.get(FAILED, False):
        shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(autouse=True, name="cache_of_this_test")
def cache_of_this_test_fixture(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """What the stores of a test derive (their summaries) is kept in a cache directory of the
    test's own, never in the user's."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    return cache


@pytest.fixture(autouse=True)
def english_by_default(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English, whatever the machine's locale, and no language chosen by
    one test (``--lang``, a cached catalogue) leaks into the next."""
    from scorekeeper import i18n

    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    i18n.set_language(None)
    yield
    i18n.set_language(None)


@pytest.fixture(autouse=True)
def no_waiting_for_the_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands run in the test process do not wait for the disk to flush (thousands of
    flushes, seconds of the quick loop). What the flushes promise is proved where it can break,
    by real processes killed or failed at each system call (test_crash_points,
    test_durability), which this does not reach."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


@pytest.fixture
def store_dir(tmp_path: Path) -> Path:
    """The store of this test (not created: the first writing command creates it)."""
    return tmp_path / "store"


@pytest.fixture
def run(store_dir: Path) -> Run:
    """``run("knock", "bob", "5", "15")`` invokes ``scorekeeper --db STORE knock bob 5 15``.

    Keyword arguments: ``input`` (text fed to stdin) and ``env`` (extra environment); returns
    click's Result (``exit_code``, ``stdout``, ``stderr``, ``output``, ``exception``).
    """

    def run_here(*args: Any, **options: Any) -> Result:
        return invoke(store_dir, *args, **options)

    return run_here
