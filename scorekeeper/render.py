"""The scoresheet, the log and the rules as rich renderables (only the CLI prints them).

Player names always enter as :class:`rich.text.Text`, never as markup, so a name like
``[bold]x[/]`` is shown as typed.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from scorekeeper.engine import Game, Round, Score, Scoresheet, TableHand, deal_of, table_of
from scorekeeper.i18n import _
from scorekeeper.messages import (
    deal_points,
    game_state,
    match_result,
    match_title,
    needs,
    next_deal,
    outcome,
    plain,
    scored,
    short,
    short_names,
    stakes,
    table_line,
)
from scorekeeper.rules import PRESETS, Rules, option_name
from scorekeeper.store import IN_FORCE, Match, StoredHand

if TYPE_CHECKING:
    from scorekeeper.stats import Summary

Figure = Callable[[Game, str], object]
"""A figure of one player's column in one game, or None for an empty cell."""


def picture(renderable: RenderableType, fmt: str, title: str) -> str:
    """A renderable as an SVG or HTML page that looks the way it does in a terminal."""
    recorder = Console(
        record=True,
        width=100,
        markup=False,
        highlight=False,
        emoji=False,
        file=io.StringIO(),
        color_system="truecolor",
    )
    recorder.print(renderable)
    if fmt == "svg":
        return recorder.export_svg(title=title)
    import html

    return recorder.export_html(inline_styles=True).replace(
        "<head>", f"<head>\n<title>{html.escape(title)}</title>", 1
    )


def console() -> Console:
    """A console that never reads markup or highlights numbers in what it prints."""
    return Console(markup=False, highlight=False, emoji=False)


def show(*renderables: RenderableType) -> None:
    """Print to standard output; to a file or a pipe without the spaces rich pads lines with."""
    out = console()
    if out.is_terminal:
        out.print(*renderables)
        return
    with out.capture() as captured:
        out.print(*renderables)
    out.file.write("".join(line.rstrip() + "\n" for line in captured.get().splitlines()))


def _table(*headers: str, title: str | Text | None = None, wrap: Sequence[str] = ()) -> Table:
    """A plain table; only the columns named in ``wrap`` may wrap their text."""
    table = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", pad_edge=False)
    for header in headers:
        table.add_column(Text(header), no_wrap=header not in wrap)
    return table


def scoresheet(match: Match, sheet: Scoresheet) -> RenderableType:
    """The paper Hollywood sheet: a column per game and player, running totals entered where a
    hand scored, then boxes and each ended game's settlement; under it, where things stand.

    Where the terminal is too narrow, the names are shortened, then the games stacked."""
    title = Text(match_title(match.id, sheet), style="bold")
    if match.description:
        title.append(" - " + match.description, style="italic")
    full, brief = {player: player for player in sheet.players}, short_names(sheet.players, 7)
    stacked = Group(*(_sheet_table(sheet, [game], brief) for game in sheet.games))
    return Group(
        title,
        Fitting(
            _sheet_table(sheet, sheet.games, full),
            Fitting(_sheet_table(sheet, sheet.games, brief, kinds=False), stacked),
        ),
        *(Text(line) for line in (abandoned(match) if match.abandoned else summary_lines(sheet))),
    )


def abandoned(match: Match) -> list[str]:
    """Under the sheet of an abandoned match."""
    return [
        _(
            "Match {id} was abandoned: no winner, and no hand can follow ('scorekeeper undo' "
            "takes the abandoning back)."
        ).format(id=match.id)
    ]


class Fitting:
    """The table if it fits at its natural width, else the narrower renderable."""

    def __init__(self, wide: Table, narrow: RenderableType) -> None:
        self.wide, self.narrow = wide, narrow

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.wide if natural_width(self.wide) <= options.max_width else self.narrow


def natural_width(table: Table) -> int:
    """How wide rich draws a table none of whose columns wrap: its widest cells, the padding
    and the borders. Adding them up is a fraction of what measuring the table costs (rich lays
    every column out twice to measure it); tests hold this to rich's own measure."""
    _top, right, _bottom, left = table.padding
    last = len(table.columns) - 1
    width = (2 if table.box and table.show_edge else 0) + (last if table.box else 0)
    for index, column in enumerate(table.columns):
        width += max(
            cell_len(line)
            for cell in (column.header, *column.cells)
            for line in str(cell).split("\n")
        )
        width += (left if index > 0 or table.pad_edge else 0) + (
            right if index < last or table.pad_edge else 0
        )
    return width


def _sheet_table(
    sheet: Scoresheet, games: Sequence[Game], names: dict[str, str], kinds: bool = True
) -> Table:
    """The sheet's table for some of its games, players named by ``names``: the hands that
    scored in them (with their kind, unless ``kinds`` is off), then the columns' totals, boxes
    and settlements."""
    numbers = {game.number for game in games}
    rounds = [r for r in sheet.rounds if len(games) > 1 or numbers & set(r.games)]
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column(Text(_("Hand")), no_wrap=True)
    cells = [(game, player) for game in games for player in sheet.players]
    for game, player in cells:
        table.add_column(
            Text(_("Game {n}").format(n=game.number) + "\n" + names[player]),
            justify="right",
            no_wrap=True,
        )
    for r in rounds:
        table.add_row(
            str(r.number),
            Text(short(r, names, kinds)),
            *(
                str(r.totals[p][g.number - 1]) if g.number in r.games and r.winner == p else ""
                for g, p in cells
            ),
            end_section=r is rounds[-1],
        )

    def settled(attribute: str) -> Figure:
        return lambda g, p: getattr(g.settlement.lines[p], attribute) if g.settlement else None

    def state(g: Game, p: str) -> str:
        if g.winner is not None:
            return _("WON") if g.winner == p else ""
        return (_("open") if g.open else "-") if p == sheet.players[0] else ""

    def shutout(g: Game, p: str) -> object:
        return g.settlement and (_("yes") if g.settlement.lines[p].shutout else "")

    def net(g: Game, p: str) -> object:
        return g.settlement and (f"{g.settlement.net:+d}" if g.winner == p else "")

    rows: list[tuple[str, Figure, str]] = [
        (_("Column"), lambda g, p: g.points[p], "bold"),
        (_("Boxes"), lambda g, p: g.boxes[p], ""),
        (_("Game"), state, "bold"),
    ]
    if any(g.settlement for g in games):
        rows += [
            (_("Points"), settled("points"), ""),
            (_("Box bonus"), settled("box_bonus"), ""),
            (_("Game bonus"), settled("game_bonus"), ""),
            (_("Shutout"), shutout, ""),
            (_("Total"), settled("total"), "bold"),
            (_("Net"), net, "bold"),
        ]
    for label, figure, style in rows:
        table.add_row(
            "",
            Text(label, style=style),
            *(
                "" if value is None else Text(str(value), style=style)
                for g, p in cells
                for value in [figure(g, p)]
            ),
        )
    return table


def summary_lines(sheet: Scoresheet) -> list[str]:
    """Under the sheet: each game's state, the match result or what the next win is worth,
    who deals next."""
    lines = []
    for game in sheet.games:
        state = game_state(sheet, game.number)
        if game.open:
            state += "; " + needs(sheet, game.number)
        elif game.settlement is not None:
            state += ", " + _("net {net:+d}").format(net=game.settlement.net)
        lines.append(_("Game {n}: {state}").format(n=game.number, state=state))
    if sheet.finished:
        lines.append(match_result(sheet))
    if sheet.pending:
        reported = next(t for t in sheet.pending if t.hand is not None)
        waiting = next(t for t in sheet.pending if t.hand is None)
        lines.append(
            _("Deal {number}, {line}; waiting for {a} v {b}.").format(
                number=len(sheet.rounds) + 1,
                line=table_line(reported),
                a=waiting.players[0],
                b=waiting.players[1],
            )
        )
    return [*lines, *stakes(sheet)[:1], next_deal(sheet)]


class Logged(NamedTuple):
    """What the log says of a hand in force."""

    number: int
    where: list[str]
    """The dealer; in Partnership Gin the deal and the table."""
    result: Score
    games: tuple[int, ...] | None
    """The games it entered (None for a partnership table: the deal enters them)."""


def log(match: Match, sheet: Scoresheet, show_all: bool) -> RenderableType:
    """Hand by hand; with ``show_all`` every hand ever entered, voided and replaced ones too,
    each with the number of the hand it was (or replaced) and when it was entered. In
    Partnership Gin each hand shows its deal and table, and each complete deal its result."""
    title = Text(match_title(match.id, sheet), style="bold")
    if not match.history:
        return Group(title, Text(_("No hands recorded yet.")))
    where = [_("Deal"), _("Table")] if match.teams else [_("Dealer")]
    extra = [_("Status"), _("Entered")] if show_all else []
    table = _table(
        _("Hand"),
        *where,
        _("Outcome"),
        _("Score"),
        *extra,
        title=title,
        wrap=[_("Outcome"), _("Score")],
    )
    in_force = match.in_force()
    logged, deals_after = _logged(sheet, in_force)
    for stored in match.history if show_all else in_force:
        live = stored.status == IN_FORCE
        entry = logged.get(stored.slot)
        # A voided hand was the last in force: its number counts the hands in force before it.
        number = entry.number if entry else 1 + sum(s.slot < stored.slot for s in in_force)
        if live and entry:
            said = (
                scored(entry.result, entry.games)
                if entry.games is not None
                else _("{winner} +{points}").format(
                    winner=entry.result.winner, points=entry.result.points
                )
                if entry.result.winner
                else ""
            )
            cells = [*entry.where, outcome(stored.hand, entry.result), said]
        else:
            cells = [""] * len(where) + [plain(stored.hand), ""]
        status = [_(stored.status), stored.recorded[5:16].replace("T", " ")] if show_all else []
        table.add_row(
            str(number), *(Text(cell) for cell in cells + status), style="" if live else "dim"
        )
        if live and stored.slot in deals_after and sheet.teams:
            deal = deals_after[stored.slot]
            table.add_row(
                "",
                *[""] * len(where),
                deal_points(deal, sheet.teams),
                scored(Score(deal.kind, deal.winner, deal.points), deal.games),
                *[""] * len(extra),
                style="bold",
            )
    return table


def _logged(
    sheet: Scoresheet, in_force: Sequence[StoredHand]
) -> tuple[dict[int, Logged], dict[int, Round]]:
    """Each hand in force by slot, and the deals to show after the hand that completed them."""
    if sheet.teams is None:
        return {
            stored.slot: Logged(r.number, [r.dealer], Score(r.kind, r.winner, r.points), r.games)
            for stored, r in zip(in_force, sheet.rounds)
        }, {}
    logged, deals_after = {}, {}
    deals: list[tuple[tuple[TableHand, ...], Round | None]] = [(r.tables, r) for r in sheet.rounds]
    if sheet.pending:
        deals.append((sheet.pending, None))
    for number, stored in enumerate(in_force, start=1):
        tables, deal = deals[deal_of(number)]
        players = table_of(sheet.teams, number, stored.hand.table or stored.hand.knocker or "")
        at = next(t for t in tables if t.players == players)
        assert at.kind is not None
        logged[stored.slot] = Logged(
            number,
            [str(deal_of(number) + 1), _("{a} v {b}").format(a=players[0], b=players[1])],
            Score(at.kind, at.winner, at.points),
            None,
        )
        if deal is not None and deal_of(number + 1) != deal_of(number):  # the deal's last hand
            deals_after[stored.slot] = deal
    return logged, deals_after


def statistics(result: Summary) -> RenderableType:
    """The ``stats`` figures: a line per player, one player's figures with a line per
    opponent, or two players head to head."""
    from scorekeeper.stats import Everyone, HeadToHead  # loaded only when stats are asked for

    labels = {
        "matches": _("Matches"),
        "won": _("Won"),
        "drawn": _("Drawn"),
        "lost": _("Lost"),
        "games_won": _("Games won"),
        "hands_won": _("Hands won"),
        "gins": _("Gins"),
        "big_gins": _("Big gins"),
        "undercuts_scored": _("Undercuts scored"),
        "undercuts_suffered": _("Undercuts suffered"),
        "walls": _("Walls"),
        "shutouts": _("Shutouts"),
        "points": _("Hand points"),
        "average_hand": _("Average hand"),
        "largest_hand": _("Largest hand"),
        "longest_run": _("Longest run of won hands"),
        "net": _("Net points"),
    }
    short = ["matches", "won", "drawn", "lost", "games_won", "hands_won", "net"]
    brief = {
        "matches": _("Played"),
        "won": _("Won"),
        "drawn": _("Drawn"),
        "lost": _("Lost"),
        "games_won": _("Games"),
        "hands_won": _("Hands"),
        "net": _("Net"),
    }
    if isinstance(result, Everyone):
        if not result.players:
            return Text(_("No finished match yet."))
        return _figures_table(_("Player"), _("Every player"), result.players, short, brief)
    if isinstance(result, HeadToHead):
        who, rival = result.player, result.against
        table = _table(
            "", who, rival, title=Text(_("{a} against {b}").format(a=who, b=rival), style="bold")
        )
        for key, label in labels.items():
            table.add_row(label, *(_figure(key, result.stats[name][key]) for name in (who, rival)))
        return table
    mine = _table("", result.player, title=Text(result.player, style="bold"))
    for key, label in labels.items():
        mine.add_row(label, _figure(key, result.stats[key]))
    rivals = _figures_table(_("Against"), _("Head to head"), result.opponents, short, brief)
    return Group(mine, rivals)


def _figure(key: str, value: Any) -> str:
    """A figure as shown: net points always signed."""
    return f"{value:+d}" if key == "net" else str(value)


def _figures_table(
    first: str,
    title: str,
    rows: dict[str, dict[str, Any]],
    keys: Sequence[str],
    labels: dict[str, str],
) -> Table:
    """A line of figures per player; the names wrap before a figure is ever cut."""
    table = _table(
        first, *(labels[key] for key in keys), title=Text(title, style="bold"), wrap=[first]
    )
    cells = {name: [_figure(key, figures[key]) for key in keys] for name, figures in rows.items()}
    for column, width in zip(
        table.columns[1:], (max(map(len, col)) for col in zip(*cells.values()))
    ):
        column.min_width = width
    for name, row in cells.items():
        table.add_row(Text(name), *row)
    return table


def presets() -> RenderableType:
    """Every preset, with what it changes from the standard rules."""
    table = _table(
        _("Preset"),
        _("Differs from standard"),
        title=Text(_("Presets"), style="bold"),
        wrap=[_("Differs from standard")],
    )
    standard = PRESETS["standard"]
    for name, chosen in PRESETS.items():
        changes = [
            f"{option_name(option)} {_value(value)}"
            for option, value, usual in zip(Rules._fields, chosen, standard)
            if value != usual
        ]
        table.add_row(name, ", ".join(changes) or _("(the standard rules)"))
    return table


def rules(match: Match) -> RenderableType:
    """The rules in force for a match beside the standard ones, what differs in bold."""
    standard = PRESETS["standard"]
    table = _table(
        _("Option"),
        _("This match"),
        _("Standard"),
        title=Text(_("Rules of match {id}").format(id=match.id), style="bold"),
    )
    for name, value, usual in zip(Rules._fields, match.rules, standard):
        table.add_row(
            option_name(name), _value(value), _value(usual), style="bold" if value != usual else ""
        )
    return table


def _value(value: object) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(getattr(value, "value", value))
