"""How the renderables fit the width: the console everything is printed on, tables as wide as
their cells or narrowed without cutting a word, lines wrapped between words, short names.

Player names always enter as :class:`rich.text.Text`, never as markup, so a name like
``[bold]x[/]`` is shown as typed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from scorekeeper.engine import fold, team_members
from scorekeeper.wrapping import output_width, units, wrap

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


def print_out(*renderables: RenderableType) -> None:
    """Print to standard output; to a file or a pipe without the spaces rich pads lines with."""
    out = console()
    if out.is_terminal:
        out.print(*renderables)
        return
    with out.capture() as captured:
        out.print(*renderables)
    out.file.write("".join(line.rstrip() + "\n" for line in captured.get().splitlines()))


#: The colour of a printed sheet's grid: light grey, under the dark ink of the figures.
GRID_COLOUR = "#b8b8b8"


def ruled_table(grid: bool = False) -> Table:
    """The sheet's and the log's table: a rule under the headings, two columns of a terminal
    between columns (a space and a divider), no edges; with ``grid``, as on a paper sheet,
    the dividers are thin light grey lines, and a rule ends each section."""
    return Table(
        box=box.SQUARE if grid else box.SIMPLE_HEAD,
        border_style=GRID_COLOUR if grid else None,
        show_edge=False,
        pad_edge=False,
        padding=(0, 1, 0, 0),
    )


class Phrase:
    """A table cell's text that wraps only between its units (:func:`messages.units`): never
    within a name, a number and its word, or ``3 v 20``."""

    def __init__(self, text: str, style: str = "") -> None:
        self.text, self.style = text, style

    def __str__(self) -> str:
        return self.text

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(_width(self, words=True), cell_len(self.text))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.text.split("\n"):
            for part in wrap(line, options.max_width, hang=0):
                yield Text(part, style=self.style, no_wrap=True, overflow="ignore")


class Said:
    """Lines of text, each wrapped between words to the width (``wrapping.wrap``)."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines:
            for part in wrap(line, options.max_width):
                yield Text(part)


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
    """How wide a cell's text is drawn, or (``words``) its widest unit, if it may wrap."""
    text = str(cell)
    if words and not (isinstance(cell, Text) and cell.no_wrap):
        return max((cell_len(unit) for line in text.split("\n") for unit in units(line)), default=0)
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


class Layout(Protocol):
    """A way to draw something that knows the narrowest width it can be drawn at."""

    def least_width(self) -> int: ...

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult: ...


class Fitting:
    """The first of some layouts that fits the width without cutting a word, else the last.
    Each is built only when the ones before it did not fit (most sheets fit the first)."""

    def __init__(self, layouts: Sequence[Callable[[], Layout]]) -> None:
        self.layouts = layouts

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for build in self.layouts:
            layout = build()
            if layout.least_width() <= options.max_width:
                break
        yield layout
