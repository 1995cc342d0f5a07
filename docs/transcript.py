"""Transcripts for the docs, made by running scorekeeper: what the cog blocks of README.md and
docs/*.md write between their markers.

A :class:`Session` runs command lines in this process (click's ``CliRunner`` on
``scorekeeper.cli.cli``) against a store of its own in a temporary folder, in a terminal 80
columns wide, without colour, in one language, and writes each as a player's terminal shows it::

    $ scorekeeper knock ann 4 27
    Hand 1: Ann knocks 4 v 27 -> Ann +23 in Game 1
    ...

A named session keeps its store from one cog block to the next of the same document, so an
evening can be told in several blocks. What would differ from one run to the next is made the
same every time: the time a match was started or a hand entered is written as one fixed
evening, and a uuid as one fixed uuid. A command line whose output names the temporary store is
refused, and so is one that ends with an exit status other than the one the block expects.

Regenerate every page, from the project's top folder::

    cog -r -I docs README.md docs/*.md

and check that none has fallen behind the program (CI does)::

    cog --check -I docs README.md docs/*.md
"""

from __future__ import annotations

import atexit
import os
import re
import shlex
import shutil
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import click
from click.testing import CliRunner, Result

from scorekeeper.cli import cli

#: The terminal every transcript is shown in.
COLUMNS = 80

#: Output that would differ between two runs, and what is written instead (a time as a table
#: shows it is replaced by one of the same width, so that the table's columns stay aligned).
STABLE = [
    (
        re.compile(r"\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)?"),
        "2026-03-13T20:00:00+01:00",
    ),
    (re.compile(r"\b\d{4}-\d\d-\d\d \d\d:\d\d\b"), "2026-03-13 20:00"),
    (re.compile(r"\b\d\d-\d\d \d\d:\d\d\b"), "03-13 20:00"),
    (
        re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b"),
        "6f1c2e4a-3b5d-4e8f-9a7b-1c2d3e4f5a6b",
    ),
]


class Terminal(CliRunner):
    """click's test runner, with help pages as wide as a terminal of ``COLUMNS`` makes them
    (the runner itself makes them 80 characters wide, whatever the terminal)."""

    @contextmanager
    def isolation(self, *args: Any, **kwargs: Any) -> Iterator[Any]:
        with super().isolation(*args, **kwargs) as streams:
            forced, click.formatting.FORCED_WIDTH = click.formatting.FORCED_WIDTH, None
            try:
                yield streams
            finally:
                click.formatting.FORCED_WIDTH = forced


_sessions: dict[tuple[str, str, str], Session] = {}


def environment(lang: str, columns: int) -> Mapping[str, str | None]:
    """The environment of every command: a terminal of ``columns``, no colour, ``lang``."""
    return {
        "COLUMNS": str(columns),
        "LINES": "40",
        "NO_COLOR": "1",
        "FORCE_COLOR": None,
        "SCOREKEEPER_LANG": lang,
        "SCOREKEEPER_DB": None,
        "SCOREKEEPER_LOCK_TIMEOUT": None,
    }


def stable(text: str) -> str:
    """``text`` with times and uuids written as in every run, and no trailing spaces."""
    for pattern, fixed in STABLE:
        text = pattern.sub(fixed, text)
    return "\n".join(line.rstrip() for line in text.split("\n"))


class Session:
    """A player at a terminal: a store of their own, a language, a current folder."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.home = tempfile.mkdtemp(prefix="scorekeeper-docs-")
        self.store = os.path.join(self.home, "store")
        atexit.register(shutil.rmtree, self.home, ignore_errors=True)

    def invoke(
        self, line: str, input: str | None = None, exit_code: int = 0, columns: int = COLUMNS
    ) -> str:
        """Run ``scorekeeper LINE`` and return its output, made stable."""
        args = shlex.split(line)
        hidden = ["--db", self.store]
        if "--lang" not in args:
            hidden += ["--lang", self.lang]
        with working_directory(self.home):
            result = Terminal().invoke(
                cli, [*hidden, *args], input=input, env=environment(self.lang, columns)
            )
        check(line, result, exit_code)
        if self.home in result.output:
            raise RuntimeError(f"'scorekeeper {line}' names the docs' temporary store")
        return stable(result.output)

    def transcript(
        self,
        *lines: str,
        answers: Mapping[str, str] | None = None,
        refused: Mapping[str, int] | None = None,
    ) -> str:
        """Each command line after a ``$``, then what it printed. ``answers`` are what is
        typed into a line's questions (shown after each question, as a terminal shows them);
        ``refused``, the exit status a line is expected to end with instead of 0."""
        answers, refused = answers or {}, refused or {}
        return "".join(
            f"$ scorekeeper {line}\n" + self.invoke(line, answers.get(line), refused.get(line, 0))
            for line in lines
        )

    def show(
        self,
        *lines: str,
        answers: Mapping[str, str] | None = None,
        refused: Mapping[str, int] | None = None,
    ) -> None:
        """Write the transcript of ``lines`` into the page, in one fenced block."""
        fenced(self.transcript(*lines, answers=answers, refused=refused))

    def play(self, *lines: str) -> None:
        """Run ``lines`` without showing them (what happened before a block begins)."""
        for line in lines:
            self.invoke(line)

    def table(self, line: str, title: str) -> list[list[str]]:
        """The rows of the table under ``title`` that ``scorekeeper LINE`` draws, each a list
        of its cells (drawn wide enough that no cell wraps)."""
        lines = self.invoke(line, columns=1000).split("\n")
        start = lines.index(title) + 4  # the title, a blank line, the header, the rule
        rows = []
        for row in lines[start:]:
            if not row.strip():
                break
            rows.append(re.split(r"\s{2,}", row.strip()))
        return rows


def check(line: str, result: Result, exit_code: int) -> None:
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise RuntimeError(f"'scorekeeper {line}' failed:\n{result.output}") from result.exception
    if result.exit_code != exit_code:
        raise RuntimeError(
            f"'scorekeeper {line}' ended with {result.exit_code}, not {exit_code}:\n{result.output}"
        )


@contextmanager
def working_directory(folder: str) -> Iterator[None]:
    """Files a command writes (``export -o evening.csv``) go to the session's folder."""
    before = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


def document() -> str:
    """The page cog is writing (sessions of one name in two pages are two players)."""
    try:
        import cog  # type: ignore[import-not-found]  # the module cog gives its blocks
    except ImportError:
        return ""
    return str(cog.inFile)


def session(name: str = "", lang: str = "en") -> Session:
    """The session ``name`` of this page, started at its first use."""
    key = (document(), name, lang)
    if key not in _sessions:
        _sessions[key] = Session(lang)
    return _sessions[key]


def out(text: str) -> None:
    """Write ``text`` into the page cog is writing."""
    import cog

    cog.out(text)


def say(text: str, width: int = 96) -> None:
    """Write a paragraph into the page, wrapped at ``width`` (a line break only between words,
    never inside a `code span`)."""
    words = re.findall(r"`[^`]*`\S*|\S+", text)
    lines = [""]
    for word in words:
        if lines[-1] and len(lines[-1]) + 1 + len(word) > width:
            lines.append("")
        lines[-1] = f"{lines[-1]} {word}" if lines[-1] else word
    out("\n".join(lines) + "\n\n")


def fenced(text: str) -> None:
    out(f"```\n{text.rstrip()}\n```\n")


def show(*lines: str, lang: str = "en") -> None:
    """The transcript of ``lines`` in a new store of their own."""
    Session(lang).show(*lines)


def markdown_table(header: list[str], rows: list[list[str]]) -> None:
    """Write a table into the page."""
    out("| " + " | ".join(header) + " |\n")
    out("|" + "---|" * len(header) + "\n")
    for row in rows:
        out("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |\n")


# The command reference.


def commands() -> list[tuple[list[str], click.Command]]:
    """Every command, as a player names it (``["amend", "knock"]`` for amend's subcommand),
    in the order of ``scorekeeper --help``."""
    found: list[tuple[list[str], click.Command]] = []
    top = click.Context(cli, info_name="scorekeeper")
    for name in cli.list_commands(top):
        command = cli.get_command(top, name)
        assert command is not None
        found.append(([name], command))
        if isinstance(command, click.Group):
            inner = click.Context(command, info_name=name, parent=top)
            for sub in command.list_commands(inner):
                subcommand = command.get_command(inner, sub)
                assert subcommand is not None
                found.append(([name, sub], subcommand))
    return found


@contextmanager
def speaking(lang: str = "en") -> Iterator[None]:
    """Inside: click's help, in ``lang``, as wide as the terminal of every transcript."""
    with Terminal().isolation(env=environment(lang, COLUMNS)):
        cli.make_context("scorekeeper", ["--lang", lang, "--help"], resilient_parsing=True)
        yield


def help_text(path: list[str]) -> str:
    """The help page of the command ``path`` names, as ``--help`` shows it.

    It is asked of click directly (``amend 3 knock --help`` would show amend's page)."""
    with speaking():
        context = cli.make_context("scorekeeper", [], resilient_parsing=True)
        command: click.Command = cli
        for name in path:
            assert isinstance(command, click.Group)
            found = command.get_command(context, name)
            assert found is not None
            command = found
            context = found.make_context(name, [], parent=context, resilient_parsing=True)
        return stable(command.get_help(context))


def anchor(path: list[str]) -> str:
    """The anchor of a command's section in docs/cli.md."""
    return "-".join(path)


def command_reference() -> None:
    """docs/cli.md: the group's help, then every command's, each under its own heading."""
    out("## scorekeeper\n\n")
    fenced(f"$ scorekeeper --help\n{help_text([])}")
    top = click.Context(cli, info_name="scorekeeper")
    for path, _ in commands():
        name = " ".join(path)
        if len(path) == 1:
            out(f"\n## {name}\n\n")
            fenced(f"$ scorekeeper {name} --help\n{help_text(path)}")
        elif path[1] in getattr(cli.get_command(top, path[0]), "numberless", ()):
            out(f"\n### {name}\n\n")
            fenced(f"$ scorekeeper {name} --help\n{help_text(path)}")
        else:
            out(
                f"\n### {name}\n\n`{path[0]}`'s subcommand `{path[1]}`, after the number of "
                f"the hand: `scorekeeper {path[0]} 3 {path[1]} ...`.\n\n"
            )
            fenced(help_text(path))


def command_index(page: str = "docs/cli.md") -> None:
    """One line per command with its short help, each a link to its section of ``page``."""
    with speaking():
        lines = [
            f"- [`{path[0]}`]({page}#{anchor(path)}): {command.get_short_help_str(limit=200)}\n"
            for path, command in commands()
            if len(path) == 1
        ]
    out("".join(lines))


def command_links(page: str = "docs/cli.md", width: int = 96) -> None:
    """Every command's name, each a link to its section of ``page``, in lines of ``width``."""
    links = [f"[`{path[0]}`]({page}#{anchor(path)})" for path, _ in commands() if len(path) == 1]
    line = ""
    for link in links:
        word = link + ("," if link != links[-1] else ".")
        if line and len(line) + 1 + len(word) > width:
            out(line + "\n")
            line = ""
        line = f"{line} {word}" if line else word
    out(line + "\n")
