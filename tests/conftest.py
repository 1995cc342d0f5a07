"""Fixtures for the tests: a fresh store per test and a runner on it, a cache directory of each
test's own, English unless a test says otherwise, and the Hypothesis profiles of the quick loop
and of the whole suite. The assertions and helpers are plain functions, imported from
:mod:`harness`."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from harness import Run, invoke
from hypothesis import settings

#: A property that sets no number of examples of its own tries 50 in the whole suite and 10 in
#: the quick loop (``pytest -m "not slow"``).
settings.register_profile("whole", max_examples=50)
settings.register_profile("quick", max_examples=10)


#: The user's own cache directory for scorekeeper, and whether it was there before the run.
USERS_CACHE: tuple[str, bool] | None = None


def pytest_configure(config: pytest.Config) -> None:
    settings.load_profile("quick" if config.getoption("markexpr") == "not slow" else "whole")
    # What runs outside a test's own fixtures (doctests, fixtures of a module or the session)
    # keeps its summaries in a directory of the run's own, never in the user's.
    global USERS_CACHE
    import tempfile

    from scorekeeper.paths import cache_home

    if USERS_CACHE is None:
        USERS_CACHE = (cache_home(), os.path.exists(cache_home()))
        os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="scorekeeper-test-cache-")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A test run never writes outside its temporary directories: the user's cache included."""
    if USERS_CACHE is not None and not USERS_CACHE[1] and os.path.exists(USERS_CACHE[0]):
        print(f"\nThe test run wrote to the user's cache directory {USERS_CACHE[0]}.")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


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
