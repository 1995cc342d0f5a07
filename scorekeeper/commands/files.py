"""Matches in and out of the store, and its check: ``export``, ``import``, ``check``.

A match travels between stores with its uuid: importing a copy of a match the store holds
never doubles it (see :func:`scorekeeper.match.relation`)."""

from __future__ import annotations

import os
from typing import NamedTuple

import click

from scorekeeper.commands._common import (
    echo_lines,
    header_differences,
    load_sheet,
    say,
    warn_of_copies,
)
from scorekeeper.commands._errors import BadInput, Partly, StateProblem, tell
from scorekeeper.commands._params import command, match_argument, option, pass_store
from scorekeeper.engine import InvalidHand, MatchFinished
from scorekeeper.i18n import Quoted, _, escape, ngettext, system_error, together
from scorekeeper.match import Match, Relation, relation
from scorekeeper.messages import match_title
from scorekeeper.rules import RuleError
from scorekeeper.store import Store, StoreError, Writer
from scorekeeper.store.files import write_atomically
from scorekeeper.table import imported_said


@command()
@match_argument
@option(
    "--format",
    "fmt",
    type=click.Choice(["csv", "json", "svg", "html"]),
    default="csv",
    show_default=True,
    help="csv: the sheet for a spreadsheet; json: lossless, for import; svg or html: "
    "the sheet as it looks in the terminal, to print or send.",
)
@option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    help="Write to this file instead of printing.",
)
@option("--force", is_flag=True, help="Overwrite the output file if it exists.")
@pass_store
def export(store: Store, match: int | None, fmt: str, output: str | None, force: bool) -> None:
    """Export MATCH (default: the current match) as CSV, JSON, or a picture of the sheet.

    \b
    Example:
      scorekeeper export -o evening.csv
      scorekeeper export --format json -o evening.json
      scorekeeper export --format svg -o evening.svg
    """
    import csv
    import io

    from scorekeeper.exchange import csv_rows, export_json

    current, sheet = load_sheet(store, match)
    warn_of_copies(store)
    if fmt == "json":
        text = export_json(current)
    elif fmt in ("svg", "html"):
        from scorekeeper.render.picture import picture
        from scorekeeper.render.sheet import scoresheet

        title = match_title(current.id, sheet, current.started_on())
        text = picture(scoresheet(current, sheet, paper=True), fmt, title)
    else:
        buffer = io.StringIO()
        csv.writer(buffer).writerows(csv_rows(sheet))
        text = buffer.getvalue()
    if output is None:
        click.echo(text, nl=False)
        return
    folder = os.path.dirname(output)
    if folder and not os.path.isdir(folder):
        raise BadInput(no_folder(folder))
    if os.path.islink(output) and not os.path.exists(output):
        raise BadInput(
            _(
                "{path} is a link to a file that does not exist; export to the file "
                "itself, or to another name."
            ).format(path=Quoted(output, path=True))
        )
    if os.path.exists(output) and not force:
        raise BadInput(
            _("{path} already exists; choose another file, or add --force to overwrite it.").format(
                path=Quoted(output, path=True)
            )
        )
    target = os.path.realpath(output)  # a link to a file: that file is replaced
    try:
        write_atomically(target, text.encode("utf-8"), os.path.dirname(target))
    except StoreError as error:
        raise StateProblem(str(error)) from None
    click.echo(
        _("Wrote match {id} to {path}.").format(id=current.id, path=escape(output)),
        err=True,
    )


def no_folder(folder: str) -> str:
    """Why a file cannot be written into ``folder``, which is not a folder, and what to do."""
    import shlex

    if os.path.lexists(folder):
        return _("{folder} is not a folder; name a file in a folder.").format(
            folder=Quoted(folder, path=True)
        )
    return _(
        "The folder {folder} does not exist; make it first (mkdir -p {typed}), or name a "
        "file in a folder that exists."
    ).format(folder=Quoted(folder, path=True), typed=Quoted(shlex.quote(folder), path=True))


def read_export(path: str) -> Match:
    """The match in a file written by ``export --format json``; bad input names the file. A
    path that is not a regular file (a folder, a pipe, a device) is refused at once, never
    waited on."""
    import stat

    from scorekeeper.exchange import MAX_IMPORT_BYTES, parse_export

    shown = Quoted(path, path=True)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | os.O_CLOEXEC)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise BadInput(
                    _(
                        "{path} is not a file (a folder, a pipe or a device); give files "
                        "written by 'scorekeeper export --format json'."
                    ).format(path=shown)
                )
            with os.fdopen(os.dup(fd), "rb") as file:
                data = file.read(MAX_IMPORT_BYTES + 1)
        finally:
            os.close(fd)
        return parse_export(data)
    except OSError as error:
        raise BadInput(
            _("Cannot read {path}: {reason}.").format(path=shown, reason=system_error(error))
        ) from None
    except (ValueError, TypeError, InvalidHand, MatchFinished, RuleError) as error:
        raise BadInput(
            _("{path} cannot be imported: {reason}.").format(
                path=shown, reason=str(error).rstrip(".")
            )
        ) from None


class Step(NamedTuple):
    """What importing one file does: make a new match (``how`` None), or, for a match the
    store holds already (by its uuid), nothing or bring it up to date."""

    path: str
    match: Match
    how: Relation | None


@command("import")
@click.argument(
    "paths", nargs=-1, required=True, metavar="PATH...", type=click.Path(dir_okay=False)
)
@option(
    "--as-new",
    is_flag=True,
    help="Make each file a new match with a uuid of its own, even one the store holds.",
)
@pass_store
def import_(store: Store, paths: tuple[str, ...], as_new: bool) -> None:
    """Import matches written by 'export --format json'; the last new one is made current.

    A match the store holds already (the same uuid) is not doubled: with the same hands
    nothing changes; an earlier state of it is brought up to date in place; a copy that
    disagrees is refused. Every file is checked before anything is imported; then each is
    stored in turn.

    \b
    Example:
      scorekeeper import sample_sessions/01-worked-example.json
      scorekeeper import tuesday.json wednesday.json
      scorekeeper import --as-new evening.json
    """
    found = [(path, read_export(path)) for path in paths]
    with store.writing() as writer:
        held = {} if as_new else store.uuids()
        steps = plan(writer, found, held, as_new)
        done: list[str] = []
        said: list[str] = []
        ids = {uuid: match_id for uuid, (match_id, _deleted) in held.items()}
        for step in steps:
            try:
                if step.how is None:
                    match = writer.adopt(step.match, as_new)
                    ids[match.uuid] = match.id
                    writer.commit()
                elif step.how is Relation.BEHIND:
                    match = writer.bring_up_to_date(ids[step.match.uuid], step.match)
                    writer.commit()
                else:
                    match = writer.load(ids[step.match.uuid])
            except StoreError as error:
                if not store.committed:
                    raise
                echo_lines(said)
                raise Partly(
                    ngettext(
                        "{path} could not be imported ({reason}); the file before it was "
                        "({done}). Import {path} and the files after it again.",
                        "{path} could not be imported ({reason}); the {n} files before it "
                        "were ({done}). Import {path} and the files after it again.",
                        len(done),
                    ).format(
                        path=Quoted(step.path, path=True),
                        reason=str(error).rstrip("."),
                        n=len(done),
                        done=together(done[:2] + (["…"] if len(done) > 2 else [])),
                    )
                ) from None
            said.append(imported(step, match))
            done.append(repr(Quoted(step.path, path=True)))
            match.forget_sheet()
    echo_lines(said)  # once every file is in: what it says can no longer fall short of it
    current = store.current_id()
    last = steps[-1]
    if last.how is not None and ids[last.match.uuid] != current:
        say(
            _(
                "Match {id} is not the current match; 'scorekeeper use {id}' makes it current."
            ).format(id=ids[last.match.uuid])
        )


def plan(
    writer: Writer,
    found: list[tuple[str, Match]],
    held: dict[str, tuple[int, bool]],
    as_new: bool,
) -> list[Step]:
    """What importing each file will do, every file checked before anything is changed (the
    store's matches by uuid: ``held``): a copy of a match that disagrees with the store's, or
    with a file before it, or whose match was deleted, is refused (exit 1)."""
    steps = []
    known: dict[str, tuple[str | None, Match]] = {}
    """Each match met so far, by uuid: the file it was last brought up to date from (None:
    the store's copy), and that state."""
    for path, match in found:
        if as_new or not match.uuid or (match.uuid not in known and match.uuid not in held):
            steps.append(Step(path, match, None))
            if match.uuid and not as_new:
                known[match.uuid] = (path, match)
            continue
        if match.uuid not in known:
            match_id, deleted = held[match.uuid]
            if deleted:
                raise StateProblem(
                    _(
                        "{path} is match {id}, which was deleted. Nothing was imported; "
                        "'scorekeeper restore {id}' brings the match back, and the file can "
                        "then be imported."
                    ).format(path=Quoted(path, path=True), id=match_id)
                )
            known[match.uuid] = (None, writer.load(match_id))
        source, copy = known[match.uuid]
        how = relation(copy, match)
        if how is Relation.APART and source is None:
            differ = header_differences(copy, match, _("in the file"))
            raise StateProblem(
                _(
                    "{path} and match {id} ({players}) are copies of one match that disagree: "
                    "{what}. Nothing was imported; 'scorekeeper import --as-new {path}' imports "
                    "the file as another match."
                ).format(
                    path=Quoted(path, path=True),
                    id=copy.id,
                    players=_(" v ").join(copy.players),
                    what="; ".join(differ) or _("each holds hands or changes the other lacks"),
                )
            )
        if how is Relation.APART:
            raise StateProblem(
                _(
                    "{path} and {other} are copies of one match that disagree: each holds "
                    "hands or changes the other lacks. Nothing was imported; import them one "
                    "at a time, the second with --as-new."
                ).format(path=Quoted(path, path=True), other=Quoted(source, path=True))
            )
        steps.append(Step(path, match, how))
        if how is Relation.BEHIND:
            known[match.uuid] = (path, match)
    return steps


def imported(step: Step, match: Match) -> str:
    """What importing one file did."""
    return imported_said(step.how, escape(step.path), match)


@command()
@pass_store
def check(store: Store) -> None:
    """Verify every file of the store without changing anything.

    \b
    Example:
      scorekeeper check
    """
    count, problems = store.verify()
    warn_of_copies(store)
    for problem in problems:
        tell(_("Problem: {problem}").format(problem=problem))
    if problems:
        raise StateProblem(
            ngettext(
                "{n} problem found in {path}; nothing was changed.",
                "{n} problems found in {path}; nothing was changed.",
                len(problems),
            ).format(n=len(problems), path=Quoted(store.root, path=True))
        )
    say(
        ngettext(
            "{path}: {n} match, readable and consistent with the rules.",
            "{path}: {n} matches, all readable and consistent with the rules.",
            count,
        ).format(path=Quoted(store.root, path=True), n=count)
    )
