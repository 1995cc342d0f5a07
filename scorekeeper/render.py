"""The scoresheet, the log and the rules as rich renderables (only the CLI prints them).

Player names always enter as :class:`rich.text.Text`, never as markup, so a name like
``[bold]x[/]`` is shown as typed.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any, NamedTuple

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from scorekeeper.engine import Game, Round, Score, Scoresheet, TableHand, deal_of, table_of
from scorekeeper.i18n import N_, _
from scorekeeper.messages import (
    deal_points,
    game_state,
    match_net,
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


#: A picture's SVG: the sheet in dark ink on white paper, without a terminal window around it.
#: rich fills in the names in single braces (with ``str.format``, so the style's own braces are
#: doubled); ``picture`` fills in ``{title}``, ``{paper}`` and ``{fonts}`` before it.
SVG_PAGE = """\
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {terminal_width} {terminal_height}"
     preserveAspectRatio="xMidYMin meet">
<title>{title}</title>
<style>
.{unique_id}-matrix {{
    font-family: {fonts};
    font-size: {char_height}px;
    line-height: {line_height}px;
    font-variant-east-asian: full-width;
}}
{styles}
</style>
<defs>
{lines}
</defs>
<rect width="100%" height="100%" fill="{paper}"/>
{backgrounds}
<g class="{unique_id}-matrix">
{matrix}
</g>
</svg>
"""

#: A picture's HTML page, filled in the same way: the sheet in dark ink on white with a margin
#: around it, small enough when printed for a sheet of 100 columns to fit on A4 or Letter.
HTML_PAGE = """\
<!DOCTYPE html>
<html>
<head>
<meta charset="UTF-8">
<meta name="color-scheme" content="light">
<title>{title}</title>
<style>
html, body {{
    margin: 0;
    color: {foreground};
    background: {background};
}}
pre, code {{
    font-family: {fonts};
    font-size: 16px;
    line-height: 1.25;
}}
pre {{
    margin: 2em;
}}
@page {{
    margin: 12mm;
}}
@media print {{
    pre {{
        margin: 0;
    }}
    pre, code {{
        font-size: 8.5pt;
    }}
}}
</style>
</head>
<body>
<pre><code>{code}</code></pre>
</body>
</html>
"""

#: The fonts of a picture: monospace fonts that systems ship, so nothing is fetched to show it.
FONTS = '"DejaVu Sans Mono", Menlo, Consolas, "Liberation Mono", "Courier New", monospace'


def picture(renderable: RenderableType, fmt: str, title: str) -> str:
    """A renderable as an SVG picture or an HTML page that prints like a paper sheet: dark ink
    on white, the match title as its title, drawn at 100 columns as ``show`` draws it there,
    in the system's own fonts (nothing is fetched from the network)."""
    import html

    from rich.padding import Padding
    from rich.terminal_theme import TerminalTheme

    ink = (26, 26, 26)  # any colour of the terminal prints in it
    paper = TerminalTheme((255, 255, 255), ink, [ink] * 8)
    page = (SVG_PAGE if fmt == "svg" else HTML_PAGE).replace("{fonts}", FONTS)
    page = page.replace("{title}", html.escape(title).replace("{", "{{").replace("}", "}}"))
    page = page.replace("{paper}", paper.background_color.hex)
    recorder = Console(
        record=True,
        width=100,
        markup=False,
        highlight=False,
        emoji=False,
        file=io.StringIO(),
        color_system="truecolor",
    )
    if fmt == "html":
        recorder.print(renderable)
        return recorder.export_html(theme=paper, code_format=page, inline_styles=True)
    recorder.width += 4
    recorder.print(Padding(renderable, (1, 2)))  # a margin of a line and two columns
    # The picture is as wide as what is drawn in it, and its margin.
    drawn = recorder.export_text(clear=False).splitlines()
    recorder.width = max(cell_len(line.rstrip()) for line in drawn) + 2
    return recorder.export_svg(theme=paper, code_format=page, font_aspect_ratio=0.6)


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
        if not g.settlement:
            return None
        return f"{g.settlement.nets[p]:+d}" if g.winner == p or sheet.seating else ""

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
        elif game.settlement is not None and not sheet.seating:
            state += ", " + _("net {net:+d}").format(net=game.settlement.net)
        lines.append(_("Game {n}: {state}").format(n=game.number, state=state))
        if game.settlement is not None and sheet.seating:
            lines += settling_up(game)
    if any(game.settlement for game in sheet.games):
        lines.append(match_net(sheet))
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


def settling_up(game: Game) -> list[str]:
    """Three-handed Gin: what each player collects from and pays to each other player."""
    assert game.settlement is not None
    settlement, lines = game.settlement, []
    for player in game.points:
        dealings = [
            (_("collects {n} from {other}") if amount >= 0 else _("pays {n} to {other}")).format(
                n=abs(amount), other=other
            )
            for (who, other), amount in settlement.owed.items()
            if who == player
        ]
        lines.append(
            "  "
            + _("{player}: total {total}, {dealings}: net {net:+d}").format(
                player=player,
                total=settlement.lines[player].total,
                dealings=_(" and ").join(dealings),
                net=settlement.nets[player],
            )
        )
    for player in settlement.shut_out:
        lines.append(
            "  "
            + _("{player} is shut out and pays {winner} the game bonus once more.").format(
                player=player, winner=game.winner
            )
        )
    return lines


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
    where = (
        [_("Deal"), _("Table")]
        if match.teams
        else [_("Dealer"), _("Sits out")]
        if sheet.seating
        else [_("Dealer")]
    )
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
    ending = [match_net(sheet)] if any(game.settlement for game in sheet.games) else []
    ending += [match_result(sheet)] if sheet.finished else []
    return Group(table, *map(Text, ending)) if ending else table


def _logged(
    sheet: Scoresheet, in_force: Sequence[StoredHand]
) -> tuple[dict[int, Logged], dict[int, Round]]:
    """Each hand in force by slot, and the deals to show after the hand that completed them."""
    if sheet.teams is None:
        return {
            stored.slot: Logged(
                r.number,
                [r.dealer, *([r.seating.sits_out] if r.seating else [])],
                Score(r.kind, r.winner, r.points, doubled=r.doubled),
                r.games,
            )
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
            Score(at.kind, at.winner, at.points, doubled=at.doubled),
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
        _("Source"),
        title=Text(_("Presets"), style="bold"),
        wrap=[_("Differs from standard"), _("Source")],
    )
    standard = PRESETS["standard"].rules
    for name, (chosen, source, teams) in PRESETS.items():
        changes = [_("two teams (--teams)")] if teams else []
        changes += [
            _("three players")
            if option == "three_handed"
            else option_name(option)
            if value is True
            else f"{option_name(option)} {_value(value)}"
            for option, value, usual in zip(Rules._fields, chosen, standard)
            if value != usual
        ]
        table.add_row(name, ", ".join(changes) or _("(the standard rules)"), _(source))
    return table


#: What the rules table calls each rule, in the language (beside the option that sets it).
RULE_NAMES = {
    "target": N_("Game target"),
    "columns": N_("Columns"),
    "gin_bonus": N_("Gin bonus"),
    "big_gin_bonus": N_("Big gin bonus"),
    "undercut_bonus": N_("Undercut bonus"),
    "tie": N_("A tied knock"),
    "box_bonus": N_("Box bonus"),
    "gin_boxes": N_("Boxes for a gin"),
    "undercut_boxes": N_("Boxes for an undercut"),
    "game_bonus": N_("Game bonus"),
    "shutout": N_("Shutout reward"),
    "shutout_when": N_("Shut out when"),
    "knock_limit": N_("Knock limit"),
    "next_dealer": N_("Next dealer"),
    "decide_by": N_("The match goes to"),
    "end_after_first_game": N_("Only the first game"),
    "oklahoma": N_("Oklahoma Gin"),
    "ace_knocks_one": N_("Ace: knock with 1"),
    "spades_double": N_("Spades do not double"),
    "straight": N_("Straight Gin"),
    "three_handed": N_("Three-handed Gin"),
}

#: The named values of the rules (rules.Shutout, rules.DealerRule), which the rules tables
#: show in the language; the options take them, and JSON and CSV write them, as they are.
RULE_VALUES = (
    N_("game_bonus"),
    N_("points"),
    N_("total"),
    N_("none"),
    N_("loser"),
    N_("winner"),
    N_("alternate"),
    N_("undercut"),
    N_("no_bonus"),
    N_("no_points"),
    N_("no_hands"),
    N_("games"),
    N_("net"),
)


def rules(match: Match) -> RenderableType:
    """The rules in force for a match beside the standard ones, what differs in bold."""
    standard = PRESETS["standard"].rules
    table = _table(
        _("Rule"),
        _("Option"),
        _("This match"),
        _("Standard"),
        title=Text(_("Rules of match {id}").format(id=match.id), style="bold"),
        wrap=[_("Rule")],
    )
    applies = match.rules.to_dict()  # a variant's options only in a match of that variant
    for name, value, usual in zip(Rules._fields, match.rules, standard):
        if name not in applies:
            continue
        label = option_name(name)
        if label.startswith("--no-"):  # shown as the flag says: --no-spades-double no
            value, usual = not value, not usual
        table.add_row(
            _(RULE_NAMES.get(name, name)),
            label,
            _value(value),
            _value(usual),
            style="bold" if value != usual else "",
        )
    return table


def _value(value: object) -> str:
    """A rule's value as the rules tables show it: yes or no, a number, or a named value
    (``loser``) in the language."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, Enum):
        return _(str(value.value))
    return str(value)
