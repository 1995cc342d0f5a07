"""The one test harness: how a test runs the command line, what it asserts of the result, and
the match and sheet most command-line tests start from (``show --json``).

Plain functions, imported by the test modules; ``conftest.py`` keeps only the fixtures that
set something up (the store of a test, the runner on it).
"""

from __future__ import annotations

import contextlib
import csv
import gettext
import io
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from scorekeeper.cli import cli
from scorekeeper.i18n import DOMAIN, LOCALE_DIR, available
from scorekeeper.rules import DEFAULTS, VARIANT_OPTIONS
from scorekeeper.wrapping import cells

Run = Callable[..., Result]

#: The environment of every run: no colour, no store from the caller's environment, English,
#: and a terminal wide enough that rich never wraps a table cell (so tests can look for phrases).
ENV: dict[str, str | None] = {
    "NO_COLOR": "1",
    "SCOREKEEPER_DB": None,
    "COLUMNS": "200",
    "SCOREKEEPER_LANG": "en",
}


def invoke(
    store: Path | None,
    *args: Any,
    input: str | None = None,
    env: dict[str, str | None] | None = None,
) -> Result:
    """``scorekeeper --db STORE ARGS...`` in this process (no ``--db`` for None)."""
    db = ["--db", str(store)] if store is not None else []
    return CliRunner().invoke(cli, [*db, *map(str, args)], input=input, env={**ENV, **(env or {})})


#: The installed console script (the durability tests start it as a player's shell would).
SCRIPT = shutil.which("scorekeeper", path=os.path.dirname(sys.executable))


def process(
    store: Path, *args: str, env: dict[str, str] | None = None, script: bool = False, **options: Any
) -> subprocess.CompletedProcess[str]:
    """``scorekeeper --db STORE ARGS...`` as a real process, ``python -m scorekeeper`` (or, with
    ``script``, the installed console script), in English; its output captured unless
    ``options`` say where it goes."""
    if script:
        assert SCRIPT is not None, "the console script is not installed"
    command = [SCRIPT] if script and SCRIPT else [sys.executable, "-m", "scorekeeper"]
    if not {"stdout", "stderr", "capture_output"} & options.keys():
        options["capture_output"] = True
    options.setdefault("timeout", 60)
    return subprocess.run(
        [*command, "--db", str(store), *args],
        text=True,
        encoding="utf-8",
        errors="replace",
        env={**os.environ, "SCOREKEEPER_LANG": "en", "NO_COLOR": "1", **(env or {})},
        **options,
    )


def waiting_for_the_lock(pid: int, store: Path, timeout: float = 30) -> None:
    """Return once process ``pid`` has opened the store directory, which a writer does to take
    its lock (and then tries again until the lock is free): a test need not sleep and hope the
    writer has got that far."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(FileNotFoundError):
            if any(fd.resolve() == store.resolve() for fd in Path(f"/proc/{pid}/fd").iterdir()):
                return
        time.sleep(0.01)
    raise AssertionError(f"process {pid} never opened {store} to lock it")


def read_terminal(master: int) -> str:
    """Everything a program wrote to a terminal (``pty.openpty``) whose other end is closed, and
    the terminal closed: one read may return only the first part of it."""
    chunks = []
    try:
        while chunk := os.read(master, 65536):
            chunks.append(chunk)
    except OSError:  # EIO: all of it was read
        pass
    finally:
        os.close(master)
    return b"".join(chunks).decode()


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


def lines(result: Result) -> list[str]:
    """Assert success and return the lines of stdout."""
    return ok(result).splitlines()


def errors(result: Result, code: int) -> str:
    """Assert exit ``code`` and return the ``Error:`` lines on stderr (there must be one)."""
    no_traceback(result)
    assert result.exit_code == code, result.output
    found = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert found, f"no 'Error: ' line on stderr:\n{result.stderr}"
    return "\n".join(found)


def refused(result: Result, code: int, *fragments: str) -> str:
    """Assert exit ``code`` with an ``Error:`` line holding every fragment (case aside)."""
    text = errors(result, code)
    for fragment in fragments:
        assert fragment.casefold() in text.casefold(), f"{fragment!r} not in {text!r}"
    return text


def refused_together(
    run: Run, store_dir: Path, names: list[str], args: list[str], said: list[str]
) -> None:
    """``new NAMES ARGS``, whose options do not go together, beside a match already stored:
    refused as bad input (exit 2) saying each of ``said``, and the store left as it was."""
    new_match(run)
    before = snapshot(store_dir)
    refused(run("new", *names, *args), 2, *said)
    assert snapshot(store_dir) == before


def refused_matching(result: Result, code: int, *patterns: str) -> str:
    """Assert exit ``code`` with an ``Error:`` line matching every regular expression."""
    text = errors(result, code)
    for pattern in patterns:
        assert re.search(pattern, text, re.IGNORECASE), f"{pattern!r} not in {text!r}"
    return text


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


def summaries_file(cache: Path) -> Path:
    """The one file of summaries kept in a test's cache directory (``cache_of_this_test``)."""
    (found,) = cache.glob("scorekeeper/stores/*/summaries.sqlite3")
    return found


@contextmanager
def read_only(*folders: Path) -> Iterator[None]:
    """Make folders unwritable, even for root (which ignores permission bits): chattr +i."""
    if os.geteuid() == 0:
        if shutil.which("chattr") is None:
            pytest.skip("running as root without chattr: cannot make a folder read-only")
        for folder in folders:
            if subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode:
                pytest.skip("this file system cannot make a folder immutable")
    else:
        for folder in folders:
            folder.chmod(0o555)
    try:
        yield
    finally:
        for folder in folders:
            if os.geteuid() == 0:
                subprocess.run(["chattr", "-i", str(folder)], check=True)
            else:
                folder.chmod(0o755)


# Output as a person sees it, and the files that hold it as it should be

SAMPLES = Path(__file__).resolve().parent.parent / "sample_sessions"
GOLDEN = Path(__file__).resolve().parent / "golden"
#: English and every language there is a catalogue of: a language is drawn among the goldens as
#: soon as its catalogue is compiled.
LANGUAGES = ["en", *(code for code in available() if code != "en")]
#: The languages of the catalogues (English needs none).
TRANSLATED = LANGUAGES[1:]


def in_language(language: str, message: str) -> str:
    """A message as the catalogue of ``language`` says it (English as it is written), read from
    the catalogue without changing the language of the process."""
    found = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)
    return found.gettext(message)


def at(width: int) -> dict[str, str | None]:
    """The environment of a terminal ``width`` columns wide."""
    return {"COLUMNS": str(width)}


#: The environment of a file or a pipe, where ``COLUMNS`` is not set.
PIPED: dict[str, str | None] = {"COLUMNS": None}


def golden(name: str, text: str) -> None:
    """``text`` is what ``tests/golden/<name>.txt`` holds (``UPDATE_GOLDEN=1`` writes it)."""
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no {path.name}: run UPDATE_GOLDEN=1 pytest tests"
    assert text == path.read_text(encoding="utf-8"), (
        f"the output differs from {path.name}; if that is meant, run UPDATE_GOLDEN=1 pytest "
        "tests and read git diff tests/golden"
    )


def fits(text: str, width: int) -> list[str]:
    """The lines of ``text``, each asserted at most ``width`` columns wide and without
    trailing spaces."""
    lines = text.splitlines()
    assert [line for line in lines if cells(line) > width] == []
    assert [line for line in lines if line != line.rstrip()] == []
    return lines


def sample(run: Run, folder: Path, name: str, *renames: tuple[str, str]) -> None:
    """Import ``sample_sessions/<name>``, its players renamed (in a copy in ``folder``, its
    description too)."""
    text = (SAMPLES / name).read_text(encoding="utf-8")
    for old, new in renames:
        text = re.sub(rf"\b{old}\b", new, text)
    (folder / name).write_text(text, encoding="utf-8")
    ok(run("import", folder / name))


# A match and its sheet, as ``show --json`` writes it

A, B = "Alexandra", "Bob"

#: The standard preset's options as the rule book gives them (docs/rules.md, Options), written
#: out by hand: the options there were when these tests were written.
STANDARD_RULES = {
    "target": 100,
    "columns": 3,
    "gin_bonus": 25,
    "big_gin_bonus": 31,
    "undercut_bonus": 25,
    "tie": "undercut",
    "knock_bonus": 0,
    "box_bonus": 25,
    "boxes_when": "game_end",
    "gin_boxes": 1,
    "undercut_boxes": 1,
    "game_bonus": 100,
    "gin_bonus_when": "hand",
    "shutout": "game_bonus",
    "shutout_bonus": 100,
    "shutout_when": "no_points",
    "games": 3,
    "last_game_double": False,
    "knock_limit": 10,
    "next_dealer": "loser",
    "decide_by": "games",
    "end_after_first_game": False,
}

#: The rules of a match started with no rule option (the standard preset), as ``show --json``
#: writes them: every option a match of two players shows, at its declared default
#: (scorekeeper/rules/options.py), with the rule book's values above over them. An option added
#: later is here by its declaration; its own tests say what it does.
DEFAULT_RULES = {
    **{
        name: getattr(default, "value", default)
        for name, default in DEFAULTS.items()
        if name not in VARIANT_OPTIONS
    },
    **STANDARD_RULES,
}


def new_match(run: Run, *options: str) -> None:
    """``new Alexandra Bob --dealer al OPTIONS...``: Alexandra deals first."""
    ok(run("new", A, B, "--dealer", "al", *options))


def sheet(run: Run, *match: Any) -> dict[str, Any]:
    """``show [MATCH] --json``, parsed."""
    shown: dict[str, Any] = json.loads(ok(run("show", *match, "--json")))
    return shown


def game_of(shown: dict[str, Any], number: int) -> dict[str, Any]:
    """Game ``number`` of a parsed sheet."""
    game: dict[str, Any] = shown["games"][number - 1]
    return game


def line(
    points: int, box_bonus: int, game_bonus: int, total: int, shutout: bool = False
) -> dict[str, Any]:
    """One line (a player's or a team's) of a settled game, as ``show --json`` writes it."""
    return {
        "points": points,
        "box_bonus": box_bonus,
        "game_bonus": game_bonus,
        "shutout": shutout,
        "total": total,
    }


def won_round(
    number: int,
    dealer: str,
    knocker: str,
    kd: int,
    od: int,
    winner: str,
    points: int,
    games: list[int],
    kind: str = "knock",
) -> dict[str, Any]:
    """A hand someone won, as a round of ``show --json``."""
    return {
        "number": number,
        "kind": kind,
        "dealer": dealer,
        "knocker": knocker,
        "knocker_deadwood": kd,
        "opponent_deadwood": od,
        "winner": winner,
        "points": points,
        "games": games,
    }


def wall_round(number: int, dealer: str) -> dict[str, Any]:
    """A wall (a dead hand), as a round of ``show --json``."""
    return {
        "number": number,
        "kind": "wall",
        "dealer": dealer,
        "knocker": None,
        "knocker_deadwood": None,
        "opponent_deadwood": None,
        "winner": None,
        "points": 0,
        "games": [],
    }


def parse_csv(text: str) -> list[list[str]]:
    """The rows of a CSV export."""
    return list(csv.reader(io.StringIO(text)))


def closing_fails(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    """Make closing this file fail with EIO once it was opened (the file is closed all the
    same), as a network file system or a failing disk may."""
    import errno

    opened, closed = os.open, os.close
    fds: set[int] = set()

    def open_(name: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        fd = opened(name, flags, *args, **kwargs)
        if isinstance(name, (str, os.PathLike)) and os.fspath(name) == str(path):
            fds.add(fd)
        return fd

    def close(fd: int) -> None:
        closed(fd)
        if fd in fds:
            fds.discard(fd)
            raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "open", open_)
    monkeypatch.setattr(os, "close", close)
