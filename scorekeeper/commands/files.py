"""Matches in and out of the store, and its check: ``export``, ``import``, ``check``."""

from __future__ import annotations

import os

import click

from scorekeeper.commands._common import (
    BadInput,
    StateProblem,
    command,
    load_sheet,
    match_argument,
    option,
    pass_store,
)
from scorekeeper.engine import InvalidHand, MatchFinished
from scorekeeper.i18n import _, ngettext
from scorekeeper.messages import match_title
from scorekeeper.rules import RuleError
from scorekeeper.store import Store, StoreError
from scorekeeper.store.files import write_atomically


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
    if fmt == "json":
        text = export_json(current)
    elif fmt in ("svg", "html"):
        from scorekeeper import render

        text = render.picture(
            render.scoresheet(current, sheet), fmt, match_title(current.id, sheet)
        )
    else:
        buffer = io.StringIO()
        csv.writer(buffer).writerows(csv_rows(sheet))
        text = buffer.getvalue()
    if output is None:
        click.echo(text, nl=False)
        return
    if os.path.islink(output) and not os.path.exists(output):
        raise BadInput(
            _(
                "{path} is a link to a file that does not exist; export to the file "
                "itself, or to another name."
            ).format(path=output)
        )
    if os.path.exists(output) and not force:
        raise BadInput(
            _("{path} already exists; choose another file, or add --force to overwrite it.").format(
                path=output
            )
        )
    target = os.path.realpath(output)  # a link to a file: that file is replaced
    try:
        write_atomically(target, text.encode("utf-8"), os.path.dirname(target))
    except StoreError as error:
        raise StateProblem(str(error)) from None
    click.echo(_("Wrote match {id} to {path}.").format(id=current.id, path=output), err=True)


@command("import")
@click.argument("path", type=click.Path(dir_okay=False))
@pass_store
def import_(store: Store, path: str) -> None:
    """Import a match written by 'export --format json' as a new match, made current.

    \b
    Example:
      scorekeeper import sample_sessions/01-seed-example.json
    """
    from scorekeeper.exchange import MAX_IMPORT_BYTES, parse_export

    try:
        with open(path, "rb") as file:
            data = file.read(MAX_IMPORT_BYTES + 1)
        parsed = parse_export(data)
    except OSError as error:
        raise BadInput(
            _("Cannot read {path}: {reason}.").format(path=path, reason=error.strerror)
        ) from None
    except (ValueError, TypeError, InvalidHand, MatchFinished, RuleError) as error:
        raise BadInput(
            _("{path} cannot be imported: {reason}.").format(
                path=path, reason=str(error).rstrip(".")
            )
        ) from None
    with store.writing() as writer:
        match = writer.create(
            parsed.players,
            parsed.rules,
            parsed.first_dealer,
            parsed.description,
            parsed.created,
            parsed.history,
            parsed.teams,
        )
    sheet = match.sheet()
    click.echo(
        ngettext(
            "Imported {path} as match {id}: {a} v {b}, {n} hand.",
            "Imported {path} as match {id}: {a} v {b}, {n} hands.",
            sheet.hands_played(),
        ).format(
            path=path, id=match.id, a=match.players[0], b=match.players[1], n=sheet.hands_played()
        )
    )


@command()
@pass_store
def check(store: Store) -> None:
    """Verify every file of the store without changing anything.

    \b
    Example:
      scorekeeper check
    """
    count, problems = store.verify()
    for problem in problems:
        click.echo(_("Problem: {problem}").format(problem=problem), err=True)
    if problems:
        raise StateProblem(
            ngettext(
                "{n} problem found in {path}; nothing was changed.",
                "{n} problems found in {path}; nothing was changed.",
                len(problems),
            ).format(n=len(problems), path=store.root)
        )
    click.echo(
        ngettext(
            "{path}: {n} match, readable and consistent with the rules.",
            "{path}: {n} matches, all readable and consistent with the rules.",
            count,
        ).format(path=store.root, n=count)
    )
