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

from scorekeeper.engine import (
    Game,
    Round,
    Score,
    Scoresheet,
    TableHand,
    deal_of,
    fold,
    table_of,
    team_members,
)
from scorekeeper.i18n import N_, _
from scorekeeper.match import Match, Status, StoredHand
from scorekeeper.messages import (
    deal_points,
    game_state,
    match_result,
    match_title,
    needs,
    net_lines,
    next_deal,
    outcome,
    output_width,
    plain,
    scored,
    short,
    signed,
    stakes,
    table_line,
    wrap,
)
from scorekeeper.rules import DECLARED, PRESETS, VALUE_NAMES, Rules, option_name, spelled

if TYPE_CHECKING:
    from scorekeeper.stats import Figures, StatsAnswer

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


#: The width given to output written to a file or a pipe without ``COLUMNS``: so wide that
#: nothing is wrapped and every table is drawn at its widest.
UNLIMITED = 10_000

#: How many columns a name may take on the sheet before it is shortened where the sheet has no
#: room for it whole; at 80 columns a name as long as this is always whole.
NAME_ROOM = 12

#: How short the names are made where the width is too narrow even for that.
TIGHT_ROOM = 7


def console() -> Console:
    """A console that never reads markup or highlights numbers in what it prints, as wide as
    ``COLUMNS`` or the terminal; for a file or a pipe without ``COLUMNS`` nothing is wrapped."""
    width = None if output_width() else UNLIMITED  # rich follows a terminal being resized
    return Console(markup=False, highlight=False, emoji=False, width=width)


def show(*renderables: RenderableType) -> None:
    """Print to standard output; to a file or a pipe without the spaces rich pads lines with."""
    out = console()
    if out.is_terminal:
        out.print(*renderables)
        return
    with out.capture() as captured:
        out.print(*renderables)
    out.file.write("".join(line.rstrip() + "\n" for line in captured.get().splitlines()))


def _ruled_table() -> Table:
    """The sheet's and the log's table: a rule under the headings, two columns of a terminal
    between columns (a space and a divider), no edges."""
    return Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1, 0, 0))


def _table(*headers: str, title: str | Text | None = None, wrap: Sequence[str] = ()) -> Table:
    """A plain table; only the columns named in ``wrap`` may wrap their text."""
    table = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", pad_edge=False)
    for header in headers:
        table.add_column(Text(header), no_wrap=header not in wrap)
    return table


class Said:
    """Lines of text, each wrapped between words to the width (:func:`messages.wrap`)."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines:
            for part in wrap(line, options.max_width):
                yield Text(part)


def scoresheet(match: Match, sheet: Scoresheet) -> RenderableType:
    """The paper Hollywood sheet: each player's name over a column per game, running totals
    entered where a hand scored, then boxes and each ended game's settlement; under it, where
    things stand.

    Where the width is short, the hand cells wrap; where it is shorter still, names longer
    than :data:`NAME_ROOM` are shortened, then the games are stacked, one under another (with
    whole names, then shortened ones, then names cut to :data:`TIGHT_ROOM`)."""
    title = Text(match_title(match.id, sheet), style="bold")
    if match.description:
        title.append(" - " + match.description, style="italic")
    whole = {player: player for player in sheet.players}
    brief, tight = (short_names(sheet.players, room) for room in (NAME_ROOM, TIGHT_ROOM))
    layouts: list[Sheet | Stacked] = [
        Sheet(sheet, sheet.games, names) for names in _different(whole, brief)
    ]
    if len(sheet.games) > 1:
        layouts += [Stacked(sheet, names) for names in _different(whole, brief, tight)]
    elif tight != brief:
        layouts.append(Sheet(sheet, sheet.games, tight))
    under = abandoned(match) if match.abandoned else summary_lines(sheet)
    return Group(title, Text(""), Fitting(layouts), Text(""), Said(under))


def abandoned(match: Match) -> list[str]:
    """Under the sheet of an abandoned match."""
    return [
        _(
            "Match {id} was abandoned: no winner, and no hand can follow ('scorekeeper undo' "
            "takes the abandoning back)."
        ).format(id=match.id)
    ]


def _different(*names: dict[str, str]) -> list[dict[str, str]]:
    """Each way of naming the players once."""
    return [chosen for index, chosen in enumerate(names) if chosen not in names[:index]]


def short_names(players: Sequence[str], most: int) -> dict[str, str]:
    """The names as a sheet shows them where it has no room for long ones: a name of more than
    ``most`` columns becomes its first word, cut to ``most`` with "…"; a team, its partners'
    first words (each cut to half the room): ``Alexa…&Barth…``. Names whose short forms would
    be alike are only cut."""

    def cut(name: str, room: int) -> str:
        if cell_len(name) <= room:
            return name
        while cell_len(name) > room - 1:
            name = name[:-1]
        return name.rstrip() + "…"

    def shortened(name: str, first_words: bool) -> str:
        if cell_len(name) <= most:
            return name
        partners = team_members(name)
        if len(partners) > 1:
            half = (most - 1) // 2
            return "&".join(cut(partner.split()[0], half) for partner in partners)
        return cut(name.split()[0] if first_words else name, most)

    for first_words in (True, False):
        short = {player: shortened(player, first_words) for player in players}
        if len({fold(name) for name in short.values()}) == len(players):
            return short
    return {player: player for player in players}


class Fitted:
    """A table as wide as its widest cells where the width allows; else its columns that may
    wrap are narrowed, the widest first, never below their longest word, so that no word is
    ever cut. Its columns' widths are set for the width it is drawn at."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.natural = [max(_width(cell) for cell in _cells(column)) for column in table.columns]
        self.least = [
            natural if column.no_wrap else max(_width(cell, words=True) for cell in _cells(column))
            for natural, column in zip(self.natural, table.columns)
        ]
        self.frame = _frame(table)

    def least_width(self) -> int:
        """The narrowest width it can be drawn at without cutting a word."""
        return self.frame + sum(self.least)

    def widths(self, room: int) -> list[int]:
        """Its columns' widths in ``room`` columns of a terminal: each column at most ``cap``
        wide (never below its longest word), ``cap`` as large as fits."""
        space = room - self.frame

        def capped(cap: int) -> list[int]:
            return [min(most, max(least, cap)) for most, least in zip(self.natural, self.least)]

        cap = max(self.natural)
        while cap > 0 and sum(capped(cap)) > space:
            cap -= 1
        return capped(cap)

    def drawn(self, widths: Sequence[int]) -> Table:
        """The table with its columns this wide."""
        for column, width in zip(self.table.columns, widths):
            column.width = width
        return self.table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.drawn(self.widths(options.max_width))


def _cells(column: Any) -> list[RenderableType]:
    return [column.header, *column.cells]


def _width(cell: RenderableType, words: bool = False) -> int:
    """How wide a cell's text is drawn, or (``words``) its widest word, if it may wrap."""
    text = str(cell)
    if words and not (isinstance(cell, Text) and cell.no_wrap):
        return max((cell_len(word) for word in text.split()), default=0)
    return max(cell_len(line) for line in text.split("\n"))


def _frame(table: Table) -> int:
    """How much a table draws beside its cells: the padding, the dividers and the edges."""
    _top, right, _bottom, left = table.padding
    last = len(table.columns) - 1
    width = (2 if table.box and table.show_edge else 0) + (last if table.box else 0)
    for index in range(len(table.columns)):
        width += (left if index > 0 or table.pad_edge else 0) + (
            right if index < last or table.pad_edge else 0
        )
    return width


class Sheet:
    """The sheet's table for some of its games: for each player a column per game (the name
    over them, when there are several, else as the column's heading), the hands that scored in
    them, with the running totals in the winner's columns, then the columns' totals, boxes
    and each ended game's settlement."""

    #: The sheet's table: no edges, one space and a divider between columns.
    GAP = 2

    def __init__(self, sheet: Scoresheet, games: Sequence[Game], names: dict[str, str]) -> None:
        self.fitted = Fitted(_sheet_table(sheet, games, names))
        self.names = [names[player] for player in sheet.players] if len(games) > 1 else []
        self.span = len(games)
        for index, name in enumerate(self.names):  # the columns under a name as wide as it
            group = range(2 + index * self.span, 2 + (index + 1) * self.span)
            lacking = cell_len(f"─ {name} ─") - self.GAP * (self.span - 1)
            lacking = max(lacking - sum(self.fitted.natural[k] for k in group), 0)
            for order, k in enumerate(group):
                extra = lacking // self.span + (order < lacking % self.span)
                self.fitted.natural[k] += extra
                self.fitted.least[k] += extra

    def least_width(self) -> int:
        return self.fitted.least_width()

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        widths = self.fitted.widths(options.max_width)
        if self.names:
            yield self.name_line(widths, "-" if options.ascii_only else "─")
        yield self.fitted.drawn(widths)

    def name_line(self, widths: Sequence[int], rule: str) -> Text:
        """Each player's name centred over that player's columns, in a rule as wide as them
        (the columns are made wide enough for a name and a rule on each side)."""
        line = Text(" " * (sum(widths[:2]) + 2 * self.GAP), no_wrap=True)
        for index, name in enumerate(self.names):
            group = widths[2 + index * self.span : 2 + (index + 1) * self.span]
            rules = sum(group) + self.GAP * (self.span - 1) - cell_len(name) - 2
            line.append(" " * self.GAP if index else "")
            line.append(rule * (rules // 2) + " ")
            line.append(name, style="bold")
            line.append(" " + rule * (rules - rules // 2))
        return line


class Stacked:
    """The sheet's games one under another, each its own table under its number."""

    def __init__(self, sheet: Scoresheet, names: dict[str, str]) -> None:
        self.parts = [
            (Text(_("Game {n}").format(n=game.number), style="bold"), Sheet(sheet, [game], names))
            for game in sheet.games
        ]

    def least_width(self) -> int:
        return max(part.least_width() for _title, part in self.parts)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for index, (title, part) in enumerate(self.parts):
            yield from [Text("")] if index else []
            yield title
            yield part


class Fitting:
    """The first of some layouts that fits the width without cutting a word, else the last."""

    def __init__(self, layouts: Sequence[Sheet | Stacked]) -> None:
        self.layouts = layouts

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        fits = (layout for layout in self.layouts if layout.least_width() <= options.max_width)
        yield next(fits, self.layouts[-1])


def _sheet_table(sheet: Scoresheet, games: Sequence[Game], names: dict[str, str]) -> Table:
    """The sheet's table for some of its games, players named by ``names``: the hands that
    scored in them (with every wall, where it shows every game), then the columns' totals,
    boxes and settlements; a column per player and game, a player's columns side by side."""
    numbers = {game.number for game in games}
    every = len(games) == len(sheet.games)
    rounds = [r for r in sheet.rounds if every or numbers & set(r.games)]
    table = _ruled_table()
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column(Text(_("Hand")))  # a hand's cell may wrap between its words
    cells = [(game, player) for player in sheet.players for game in games]
    for game, player in cells:
        header = _("Game {n}").format(n=game.number) if len(games) > 1 else names[player]
        table.add_column(Text(header), justify="right", no_wrap=True)
    for r in rounds:
        table.add_row(
            str(r.number),
            Text(short(r)),
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
        return _("open") if g.open else "-"

    def shutout(g: Game, p: str) -> object:
        return g.settlement and (_("yes") if g.settlement.lines[p].shutout else "")

    def net(g: Game, p: str) -> object:
        if not g.settlement:
            return None
        return signed(g.settlement.nets[p]) if g.winner == p or sheet.seating else ""

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
            Text(label, style=style, no_wrap=True),
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
    lines += net_lines(sheet)
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
            (
                _("collects {n} from {other}")
                if amount > 0
                else _("pays {n} to {other}")
                if amount < 0
                else _("is even with {other}")
            ).format(n=abs(amount), other=other)
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


#: A hand's status as ``log --all`` shows it, in the language.
STATUS_NAMES = {
    Status.IN_FORCE: N_("in force"),
    Status.VOIDED: N_("voided"),
    Status.REPLACED: N_("replaced"),
}


def log(match: Match, sheet: Scoresheet, show_all: bool) -> RenderableType:
    """Hand by hand; with ``show_all`` every hand ever entered, voided and replaced ones too,
    each with the number of the hand it was (or replaced) and when it was entered, and each
    correction right after the hand it replaced. In Partnership Gin each hand shows its deal
    and table, and each complete deal its result. The names and the outcomes wrap between
    words where the width is short."""
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
    table = _ruled_table()
    for header in [_("Hand"), *where, _("Outcome"), _("Score"), *extra]:
        table.add_column(Text(header), no_wrap=header == _("Hand"))
    in_force = match.in_force()
    logged, deals_after = _logged(sheet, in_force)
    # A correction takes the place (the slot) of the hand it replaced, after it in the history.
    shown = sorted(match.history, key=lambda stored: stored.slot) if show_all else in_force
    for stored in shown:
        live = stored.status is Status.IN_FORCE
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
        status = [_(STATUS_NAMES[stored.status]), stored.recorded[5:16].replace("T", " ")]
        status = status if show_all else []
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
    ending = net_lines(sheet)
    ending += [match_result(sheet)] if sheet.finished else []
    under: list[RenderableType] = [Text(""), Said(ending)] if ending else []
    return Group(title, Text(""), Fitted(table), *under)


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


def statistics(result: StatsAnswer) -> RenderableType:
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
            table.add_row(label, *(_figure(key, result.stats[name]) for name in (who, rival)))
        return table
    mine = _table("", result.player, title=Text(result.player, style="bold"))
    for key, label in labels.items():
        mine.add_row(label, _figure(key, result.stats))
    rivals = _figures_table(_("Against"), _("Head to head"), result.opponents, short, brief)
    return Group(mine, rivals)


def _figure(key: str, figures: Figures) -> str:
    """One of a player's figures as shown: net points always signed."""
    value = getattr(figures, key)
    return signed(value) if key == "net" else str(value)


def _figures_table(
    first: str,
    title: str,
    rows: dict[str, Figures],
    keys: Sequence[str],
    labels: dict[str, str],
) -> Table:
    """A line of figures per player; the names wrap before a figure is ever cut."""
    table = _table(
        first, *(labels[key] for key in keys), title=Text(title, style="bold"), wrap=[first]
    )
    cells = {name: [_figure(key, figures) for key in keys] for name, figures in rows.items()}
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
            _("three players") if DECLARED[option].flag is None else spelled(option, value)
            for option, value, usual in zip(Rules._fields, chosen, standard)
            if value != usual
        ]
        table.add_row(name, ", ".join(changes) or _("(the standard rules)"), _(source))
    return table


def rules(match: Match) -> RenderableType:
    """The rules in force for a match beside the standard ones, what differs in bold."""
    standard = PRESETS["standard"].rules
    table = _table(
        _("Rule"),
        _("Option"),
        _("This match"),
        _("Standard"),
        title=Text(_("Rules of match {id}").format(id=match.id), style="bold"),
        wrap=[_("Rule"), _("This match"), _("Standard")],
    )
    applies = match.rules.to_dict()  # a variant's options only in a match of that variant
    for name, value, usual in zip(Rules._fields, match.rules, standard):
        if name not in applies:
            continue
        label = option_name(name)
        if label.startswith("--no-"):  # shown as the flag says: --no-spades-double no
            value, usual = not value, not usual
        table.add_row(
            _(DECLARED[name].label),
            label,
            _value(value),
            _value(usual),
            style="bold" if value != usual else "",
        )
    return Fitted(table)


def _value(value: object) -> str:
    """A rule's value as the rules table shows it: yes or no, a number, or a named value
    (``loser``) in the language."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, Enum):
        return _(VALUE_NAMES[value])
    return str(value)
