"""Listing and choosing matches: ``matches``, ``use`` and ``rules``."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from scorekeeper.commands._common import (
    echo_lines,
    match_id,
    progress_bar,
    say,
    warn_of_copies,
)
from scorekeeper.commands._completion import complete_match
from scorekeeper.commands._params import NUMBER, command, match_argument, option, pass_store
from scorekeeper.i18n import _, ngettext, pgettext
from scorekeeper.match import MatchStatus, status_words
from scorekeeper.store import Store
from scorekeeper.table import NoCurrentMatch
from scorekeeper.wrapping import cells, output_width, units, wrap

if TYPE_CHECKING:
    from scorekeeper.store.summaries import Row


#: How many finished or abandoned matches ``matches`` lists without --all.
LATEST = 20


@command("matches")
@option("--all", "every", is_flag=True, help="List every match, not only the latest.")
@option("--json", "as_json", is_flag=True, help="Print every match as JSON.")
@option("--deleted", is_flag=True, help="List the deleted matches instead.")
@pass_store
def list_matches(store: Store, every: bool, as_json: bool, deleted: bool) -> None:
    """List the matches: id, players, started, hands, status, winner (* marks the current).

    Without --all: every open match and the latest finished or abandoned ones.

    \b
    Example:
      scorekeeper matches
      scorekeeper matches --all
      scorekeeper matches --deleted
    """
    from scorekeeper.store.summaries import row_of

    earlier = 0
    if deleted:
        rows, current = [row_of(match) for match in store.deleted()], None
        if not rows:
            say(_("No match has been deleted."))
            return
    else:
        if every or as_json:
            with progress_bar() as progress, store.summaries(progress) as summaries:
                rows = summaries.rows()
        else:
            open_ids, latest, earlier, summaries = store.to_list(LATEST)
            with summaries:
                rows = summaries.rows([*open_ids, *latest])
        current = store.current_id()
        warn_of_copies(store)
    if as_json:
        click.echo(json.dumps([listed_json(row, row.id == current) for row in rows], indent=2))
        return
    if not rows:
        say(_("No matches yet. Start one with 'scorekeeper new PLAYER1 PLAYER2'."))
        return
    status = status_words()
    drawn, versus = _("drawn"), _(" v ")
    # Column by column, each padded to its widest cell: a store of years lists thousands of
    # matches, between the few pairs of players a household has.
    pairs = {pair: versus.join(pair) for pair in {row.players for row in rows}}
    columns = [
        [_("id"), *[("*" if row.id == current else " ") + str(row.id) for row in rows]],
        [_("players"), *[pairs[row.players] for row in rows]],
        [_("started"), *[row.started[:16].replace("T", " ") for row in rows]],
        [_("hands"), *[str(row.hands) for row in rows]],
        [_("status"), *[status[row.status] for row in rows]],
        [
            pgettext("match list", "winner"),  # of the match (German: Sieger)
            *[row.winner or (drawn if row.status is MatchStatus.FINISHED else "") for row in rows],
        ],
    ]
    click.echo("\n".join(aligned(columns, output_width(), wrapping=1)))
    if earlier:
        say(
            ngettext(
                "{n} earlier match is not listed; 'scorekeeper matches --all' lists it.",
                "{n} earlier matches are not listed; 'scorekeeper matches --all' lists them.",
                earlier,
            ).format(n=earlier)
        )


def aligned(columns: list[list[str]], width: int | None, wrapping: int) -> list[str]:
    """Columns of cells side by side, each as wide as its widest cell, two spaces apart; where
    that is wider than ``width``, the column ``wrapping`` is narrowed (never below its widest
    unit) and its cells wrap onto lines of their own.

    >>> aligned([["id", "1"], ["players", "Ann v Ben"], ["hands", "3"]], 16, wrapping=1)
    ['id  players  hands', '1   Ann v    3', '    Ben']
    """
    widths = [max(map(cells, column)) for column in columns]
    over = sum(widths) + 2 * (len(columns) - 1) - width if width else 0
    if over > 0:
        least = max(cells(unit) for cell in columns[wrapping] for unit in units(cell))
        widths[wrapping] = max(least, widths[wrapping] - over)
    lines = []
    for row in zip(*columns):
        parts = [wrap(cell, widths[k], hang=0) for k, cell in enumerate(row)]
        for depth in range(max(map(len, parts))):
            said = [part[depth] if depth < len(part) else "" for part in parts]
            lines.append("  ".join(a + " " * (w - cells(a)) for a, w in zip(said, widths)).rstrip())
    return lines


def listed_json(row: Row, current: bool) -> dict[str, object]:
    """A match as ``matches --json`` lists it (docs/cli.md)."""
    return {
        "id": row.id,
        "uuid": row.uuid,
        "players": list(row.players),
        "started": row.started,
        "hands": row.hands,
        "status": row.status.value,
        "winner": row.winner,
        "current": current,
    }


@command()
@click.argument("match", type=NUMBER, shell_complete=complete_match)
@pass_store
def use(store: Store, match: int) -> None:
    """Make MATCH the current match.

    \b
    Example:
      scorekeeper use 2
    """
    chosen = store.load(match)
    with store.writing() as writer:
        writer.set_current(match)
    say(
        _("Match {id} ({players}) is now current.").format(
            id=match, players=_(" v ").join(chosen.players)
        )
    )


@command()
@match_argument
@option("--presets", is_flag=True, help="Show only the presets, with their values.")
@pass_store
def rules(store: Store, match: int | None, presets: bool) -> None:
    """Show the rules in force for MATCH (default: the current match); with --presets, the
    presets a match can be started with. With no match at all, the presets.

    \b
    Example:
      scorekeeper rules
      scorekeeper rules --presets
    """
    from scorekeeper.render.layout import print_out
    from scorekeeper.render.tables import presets as presets_table
    from scorekeeper.render.tables import rules as rules_table

    if not presets:
        try:
            chosen = match_id(store, match)
        except NoCurrentMatch:
            said = _(
                "No match is current: these are the presets a match can be started with "
                "('scorekeeper new PLAYER1 PLAYER2 --preset PRESET')."
            )
            echo_lines([said, ""])
        else:
            print_out(rules_table(store.load(chosen)))
            return
    print_out(presets_table())
