"""What the commands share besides click: the match a command acts on, printing lines to the
width, the progress bar, the warning of copies beside the match files."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import click

from scorekeeper.commands._errors import tell
from scorekeeper.i18n import _, ngettext, together
from scorekeeper.match import Match
from scorekeeper.rules import DECLARED, said_value
from scorekeeper.store import Store
from scorekeeper.table import load_sheet as load_sheet
from scorekeeper.table import match_id as match_id
from scorekeeper.table import refuse_if_abandoned as refuse_if_abandoned

if TYPE_CHECKING:
    from scorekeeper.store.summaries import Progress


#: Room kept on a question's last line for the answer.
ANSWER_ROOM = 12


def ask(question: str, type: click.ParamType, **settings: Any) -> Any:  # type: ignore[type-arg]
    """``click.prompt``: the question wrapped between units to the terminal's width (the lines
    after the first indented, as every wrapped line is) with room for the answer on its last
    line, and asked again whole after an unusable answer, whose ``Error:`` line is wrapped
    too."""
    from scorekeeper.wrapping import output_width, wrap

    width = output_width()
    lines = wrap(question, width - ANSWER_ROOM) if width else [question]
    while True:
        for line in lines[:-1]:
            click.echo(line)
        typed = click.prompt(lines[-1], **settings)
        try:
            return type.convert(typed, None, None)
        except click.BadParameter as error:  # its own sentence here, not after click's words
            message = error.message[:1].upper() + error.message[1:]
            echo_lines([_("Error: {message}").format(message=message)])


def say(line: str) -> None:
    """Print one line of text wrapped between words to the width (:func:`echo_lines`)."""
    echo_lines([line])


def echo_lines(lines: Sequence[str]) -> None:
    """Print lines wrapped between words to the width (none for a file or a pipe without
    ``COLUMNS``), the loud ``***`` ones in bold on a terminal, as the sheet's headings are:
    ``NO_COLOR`` takes colour away, of which there is none; a dumb terminal gets no bold."""
    from scorekeeper.wrapping import output_width, wrap

    plain = os.environ.get("TERM") in ("dumb", "unknown")  # as rich has it
    width = output_width()
    for line in lines:
        loud = line.startswith("***") and not plain
        for part in wrap(line, width):
            click.echo(click.style(part, bold=True) if loud else part)


@contextmanager
def progress_bar() -> Iterator[Progress | None]:
    """A bar on standard error while the summaries of many matches are worked out (when the
    summaries are new on this machine, or of another format); nothing where standard error is
    not a terminal."""
    import sys

    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress as Bar

    with Bar(console=Console(stderr=True), transient=True) as bar:
        task = None

        def advance(done: int, total: int) -> None:
            nonlocal task
            if total < 200:  # quick enough without a bar
                return
            if task is None:
                task = bar.add_task(_("Summing up the matches"), total=total)
            bar.update(task, completed=done)

        yield advance


def warn_of_copies(store: Store) -> None:
    """One ``Warning:`` line on standard error when files beside the match files read as match
    files (a sync tool's conflicted copies, say): ``scorekeeper resolve`` deals with them."""
    copies = store.copies()
    if not copies:
        return
    held = sorted({of for _name, of in copies})
    matches = ngettext("match {ids}", "matches {ids}", len(held)).format(
        ids=together([str(i) for i in held])
    )
    tell(
        ngettext(
            "Warning: {n} copy of a match file lies in the store (of {matches}), left by a "
            "sync tool or by hand; 'scorekeeper resolve' deals with it.",
            "Warning: {n} copies of match files lie in the store (of {matches}), left by a "
            "sync tool or by hand; 'scorekeeper resolve' deals with them.",
            len(copies),
        ).format(n=len(copies), matches=matches)
    )


def header_differences(here: Match, there: Match, where: str) -> list[str]:
    """What two copies of one match (the same uuid) hold differently of what was set at
    ``new`` (the rules, the players, the description, ...), each in a few words: ``their
    rules differ: Gin bonus 25 here, 20 in the file``; ``where`` says where ``there`` is
    (``in the file``). None: they were set alike."""
    mine, theirs = here.facts()[0], there.facts()[0]
    said = []
    if mine["rules"] != theirs["rules"]:
        rules = [
            _("{what} {here} here, {there} {where}").format(
                what=_(DECLARED[name].label),
                here=said_value(here.rules, name),
                there=said_value(there.rules, name),
                where=where,
            )
            for name in here.rules._fields
            if getattr(here.rules, name) != getattr(there.rules, name)
        ]
        said.append(_("their rules differ: {rules}").format(rules="; ".join(rules)))
    named: list[tuple[str, str, Any]] = [
        ("players", _("their players differ: {here} here, {there} {where}"), _(" v ").join),
        ("teams", _("their teams differ: {here} here, {there} {where}"), teams_said),
        ("first_dealer", _("their first dealers differ: {here} here, {there} {where}"), str),
        ("description", _("their descriptions differ: {here} here, {there} {where}"), described),
        ("created", _("their times of creation differ: {here} here, {there} {where}"), str),
    ]
    for key, sentence, shown in named:
        if mine.get(key) != theirs.get(key):
            said.append(
                sentence.format(
                    here=shown(mine.get(key)), there=shown(theirs.get(key)), where=where
                )
            )
    return said


def teams_said(teams: list[list[str]] | None) -> str:
    """A match's teams, ``Ann & Bob v Cid & Dee`` (none: no teams)."""
    return _(" v ").join(" & ".join(team) for team in teams) if teams else _("none")


def described(description: str) -> str:
    """A match's description, quoted (none: no description)."""
    from scorekeeper.i18n import Quoted

    return repr(Quoted(description)) if description else _("none")
