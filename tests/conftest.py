"""Fixtures for the command-line tests: a fresh store per test, a runner, a store snapshot."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from scorekeeper.cli import cli

Run = Callable[..., Result]

#: The environment of every run: no colour, no store from the caller's environment, and a
#: terminal wide enough that rich never wraps a table cell (so tests can look for phrases).
ENV: dict[str, str | None] = {
    "NO_COLOR": "1",
    "SCOREKEEPER_DB": None,
    "COLUMNS": "200",
    "SCOREKEEPER_LANG": "en",
}


def snapshot(store_dir: Path) -> dict[str, bytes]:
    """Every file under the store as {relative path: bytes}.

    Two equal snapshots prove that a command left the store byte-for-byte as it was. A store
    directory that does not exist (yet) has the empty snapshot.
    """
    store_dir = Path(store_dir)
    if not store_dir.is_dir():
        return {}
    return {
        path.relative_to(store_dir).as_posix(): path.read_bytes()
        for path in sorted(store_dir.rglob("*"))
        if path.is_file()
    }


@pytest.fixture(autouse=True)
def english_by_default(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English, whatever the machine's locale, and no language chosen by
    one test (``--lang``, a cached catalogue) leaks into the next."""
    from scorekeeper import i18n

    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    i18n.set_language(None)
    yield
    i18n.set_language(None)


@pytest.fixture
def store_dir(tmp_path: Path) -> Path:
    """The store of this test (not created: the first writing command creates it)."""
    return tmp_path / "store"


@pytest.fixture
def run(store_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Run:
    """``run("knock", "bob", "5", "15")`` invokes ``scorekeeper --db STORE knock bob 5 15``.

    Keyword arguments: ``input`` (text fed to stdin) and ``env`` (extra environment); returns
    click's Result (``exit_code``, ``stdout``, ``stderr``, ``output``, ``exception``).
    """
    from scorekeeper import i18n

    # The messages are checked in English: forget a catalogue chosen by an earlier test.
    monkeypatch.setattr(i18n, "_catalogue", None, raising=False)
    runner = CliRunner()

    def invoke(
        *args: Any, input: str | None = None, env: dict[str, str | None] | None = None
    ) -> Result:
        return runner.invoke(
            cli, ["--db", str(store_dir), *map(str, args)], input=input, env={**ENV, **(env or {})}
        )

    return invoke


@pytest.fixture(name="snapshot")
def snapshot_fixture() -> Callable[[Path], dict[str, bytes]]:
    """The :func:`snapshot` helper, for test modules (which cannot import a conftest)."""
    return snapshot


def no_traceback(result: Result) -> None:
    """The command ended by itself (exit code), not by an exception escaping click."""
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"crashed: {result.exception!r}\n{result.output}"
    )
    assert "Traceback" not in result.output


def ok(result: Result) -> str:
    """Assert success and return stdout."""
    no_traceback(result)
    assert result.exit_code == 0, result.output
    return result.stdout


def refused(result: Result, code: int, *fragments: str) -> str:
    """Assert exit ``code`` with an ``Error: `` line on stderr holding every fragment."""
    no_traceback(result)
    assert result.exit_code == code, result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert errors, f"no 'Error: ' line on stderr:\n{result.stderr}"
    text = "\n".join(errors).casefold()
    for fragment in fragments:
        assert fragment.casefold() in text, f"{fragment!r} not in {errors}"
    return "\n".join(errors)


@pytest.fixture(name="ok")
def ok_fixture() -> Callable[[Result], str]:
    """:func:`ok`: assert success, return stdout."""
    return ok


@pytest.fixture(name="refused")
def refused_fixture() -> Callable[..., str]:
    """:func:`refused`: assert an exit code and an ``Error:`` line holding each fragment."""
    return refused
