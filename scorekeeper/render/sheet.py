"""The scoresheet: the paper Hollywood sheet in a table, and the lines under it; and what the
page's first screen says of it (:func:`board`, the sheet's figures taken once)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from functools import partial
from typing import NamedTuple

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from scorekeeper.engine import Decision, Game, Scoresheet
from scorekeeper.i18n import _, day
from scorekeeper.match import Match
from scorekeeper.messages import (
    game_headings,
    game_state,
    last_line,
    match_result,
    match_title,
    needs,
    net_lines,
    next_deal,
    out_of_place,
    short,
    signed,
    stakes,
    table_line,
)
from scorekeeper.render.layout import (
    GRID_COLOUR,
    NAME_ROOM,
    TIGHT_ROOM,
    Fitted,
    Fitting,
    Layout,
    Phrase,
    Said,
    ruled_table,
    short_names,
)

Figure = Callable[[Game, str], object]
"""A figure of one player's column in one game, or None for an empty cell."""


def scoresheet(match: Match, sheet: Scoresheet, paper: bool = False) -> RenderableType:
    """The paper Hollywood sheet: each player's name over a column per game, running totals
    entered where a hand scored, then boxes and each ended game's settlement; under it, where
    things stand. On ``paper`` (a picture to print), the title says the day the match was
    started, the description goes under it, and the table has a light grid.

    Where the width is short, the hand cells wrap; where it is shorter still, names longer
    than :data:`NAME_ROOM` are shortened, then the games are stacked, one under another (with
    whole names, then shortened ones, then names cut to :data:`TIGHT_ROOM`)."""
    whole = {player: player for player in sheet.players}
    brief, tight = (short_names(sheet.players, room) for room in (NAME_ROOM, TIGHT_ROOM))
    current, ended = sheet.in_columns(), ended_before(sheet)

    def together(names: dict[str, str]) -> Layout:
        return Together(
            Sheet(sheet, current, names, paper, numbered=bool(ended)),
            *(
                Sheet(sheet, part, names, paper, False, True)
                for part in by_columns(ended, len(current))
            ),
            title=_("Games ended"),
        )

    layouts: list[Callable[[], Layout]] = [
        partial(together, names) for names in _different(whole, brief)
    ]
    if len(sheet.games) > 1:
        layouts += [
            partial(Stacked, sheet, names, paper) for names in _different(whole, brief, tight)
        ]
    elif tight != brief:
        layouts.append(partial(Sheet, sheet, sheet.games, tight, paper))
    under = abandoned(match) if match.abandoned else summary_lines(sheet)
    return Group(_heading(match, sheet, paper), Text(""), Fitting(layouts), Text(""), Said(under))


def _heading(match: Match, sheet: Scoresheet, paper: bool) -> RenderableType:
    """The sheet's title in bold, the match's description after it in italics; on paper, the
    title says the day the match was started, and the description is under it."""
    started = match.started_on() if paper else None
    if started:
        described = [Text(match.description, style="italic")] if match.description else []
        return Group(Dated(match.id, sheet, started), *described)
    title = Text(match_title(match.id, sheet), style="bold")
    if match.description:
        title.append(" - " + match.description, style="italic")
    return title


class Dated:
    """A sheet's title with the day the match was started (:func:`match_title`), in bold; the
    day is never split between two lines: where it would be, it has a line of its own."""

    def __init__(self, match_id: int, sheet: Scoresheet, started: date) -> None:
        self.title, self.day = match_title(match_id, sheet), day(started)
        self.dated = match_title(match_id, sheet, started)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = Text(self.dated, style="bold").wrap(console, options.max_width)
        if not lines[-1].plain.endswith(self.dated[len(self.title) :]):  # the day was split
            lines = Text(self.title, style="bold").wrap(console, options.max_width)
            lines.append(Text(self.day, style="bold"))
        yield from lines


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


def ended_before(sheet: Scoresheet) -> list[Game]:
    """The games that ended and made way for another in their column (none unless the match
    has more games than columns)."""
    shown = {game.number for game in sheet.in_columns()}
    return [game for game in sheet.games if game.number not in shown]


def by_columns(games: Sequence[Game], columns: int) -> list[list[Game]]:
    """Games ended before the games in the columns now, as many to a table as there are
    ``columns`` (so that each table is as wide as the sheet's)."""
    return [list(games[start : start + columns]) for start in range(0, len(games), columns)]


class Together:
    """A sheet's tables one under another: the games in the columns now, then under a title
    the games that ended before them (only where the match has more games than columns)."""

    def __init__(self, first: Sheet, *ended: Sheet, title: str) -> None:
        self.first, self.ended, self.title = first, ended, title

    def least_width(self) -> int:
        return max(part.least_width() for part in (self.first, *self.ended))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.first
        if self.ended:
            yield from (Text(""), Text(self.title, style="bold"))
        for part in self.ended:
            yield from (Text(""), part)


class Sheet:
    """The sheet's table for some of its games: for each player a column per game (the name
    over them, when there are several, else as the column's heading), the hands that scored in
    them (not with ``hands`` False), with the running totals in the winner's columns, then the
    columns' totals, boxes and each ended game's settlement (with ``grid``, in a light
    grid). A table of one game is headed by the names, unless ``numbered`` (a game of a match
    with more games than columns)."""

    #: The sheet's table: no edges, one space and a divider between columns.
    GAP = 2

    def __init__(
        self,
        sheet: Scoresheet,
        games: Sequence[Game],
        names: dict[str, str],
        grid: bool = False,
        hands: bool = True,
        numbered: bool = False,
    ) -> None:
        numbered = numbered or len(games) > 1
        self.fitted = Fitted(_sheet_table(sheet, games, names, grid, hands, numbered))
        self.names = [names[player] for player in sheet.players] if numbered else []
        self.span = len(games)
        self.ruled = GRID_COLOUR if grid else ""
        """The style of the rules around the names."""
        natural = self.fitted.natural
        natural[2:] = [max(natural[2:])] * len(
            natural[2:]
        )  # game columns alike where there is room
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
            line.append(rule * (rules // 2), style=self.ruled)
            line.append(f" {name} ", style="bold")
            line.append(rule * (rules - rules // 2), style=self.ruled)
        return line


class Stacked:
    """The sheet's games one under another, each its own table under its number: the games in
    the columns now, then those that ended before them (without their hands)."""

    def __init__(self, sheet: Scoresheet, names: dict[str, str], grid: bool = False) -> None:
        current, ended = sheet.in_columns(), ended_before(sheet)
        self.parts = [
            (
                Text(_("Game {n}").format(n=game.number), style="bold"),
                Sheet(sheet, [game], names, grid, hands=game in current),
            )
            for game in current + ended
        ]
        self.current = len(current)

    def least_width(self) -> int:
        return max(part.least_width() for _title, part in self.parts)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for index, (title, part) in enumerate(self.parts):
            yield from [Text("")] if index else []
            if index == self.current:  # the first game that ended before those in the columns
                yield from (Text(_("Games ended"), style="bold"), Text(""))
            yield title
            yield part


def _sheet_table(
    sheet: Scoresheet,
    games: Sequence[Game],
    names: dict[str, str],
    grid: bool,
    hands: bool,
    numbered: bool,
) -> Table:
    """The sheet's table for some of its games, players named by ``names``: the hands that
    scored in them (every hand, walls and those of games that ended before, where it shows
    every game in the columns; none without ``hands``), then
    the columns' totals, boxes and settlements; a column per player and game, a player's
    columns side by side (with ``grid``, in a light grid)."""
    numbers = {game.number for game in games}
    every = numbers == {game.number for game in sheet.in_columns()}
    rounds = [r for r in sheet.rounds if hands and (every or numbers & set(r.games))]
    table = ruled_table(grid)
    table.add_column("#" if hands else "", justify="right", no_wrap=True)
    table.add_column(Text(_("Hand") if hands else ""))  # a hand's cell may wrap between words
    cells = [(game, player) for player in sheet.players for game in games]
    for game, player in cells:
        header = _("Game {n}").format(n=game.number) if numbered else names[player]
        table.add_column(Text(header), justify="right", no_wrap=True)
    for r in rounds:
        elsewhere = r.winner is not None and not numbers & set(r.games)  # in games ended before
        table.add_row(
            str(r.number),
            Phrase(
                _("{player}: {hand}").format(player=names[r.winner], hand=short(r))
                if elsewhere and r.winner is not None
                else short(r)
            ),
            *(
                str(r.totals[p][g.number - 1]) if g.number in r.games and r.winner == p else ""
                for g, p in cells
            ),
            end_section=r is rounds[-1],
        )

    for label, figure, kind in footer_rows(sheet, games):
        style = "bold" if kind in ("total", "strong") else ""
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


def footer_rows(sheet: Scoresheet, games: Sequence[Game]) -> list[tuple[str, Figure, str]]:
    """The rows under the hands, each with its label, its figure and its kind (``total``, a
    column's sum; ``strong``, said loud; ``settlement``, the first row of a settlement): each
    column's total, the boxes and whether the game is won; once a game has ended, its
    settlement. The terminal's sheet and the web page's draw the same rows."""

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
        return signed(g.settlement.nets[p]) if g.winner == p or g.settlement.settled_up else ""

    rows: list[tuple[str, Figure, str]] = [
        (_("Column"), lambda g, p: g.points[p], "total"),
        (_("Boxes"), lambda g, p: g.boxes[p], ""),
        (_("Game"), state, "strong"),
    ]

    def doubled(g: Game, p: str) -> object:
        return g.settlement and ("x2" if g.settlement.lines[p].doubled else "")

    lines = [line for g in games if g.settlement for line in g.settlement.lines.values()]
    if lines:
        aside = sheet.gin_bonus_aside
        rows += [
            (_("Points"), settled("points"), "settlement"),
            (_("Box bonus"), settled("box_bonus"), ""),
            *([(_("Gin bonus"), settled("gin_bonus"), "")] if aside else []),
            (_("Game bonus"), settled("game_bonus"), ""),
            (_("Shutout"), shutout, ""),
            *([(_("Doubled"), doubled, "")] if any(line.doubled for line in lines) else []),
            (_("Total"), settled("total"), "strong"),
            (_("Net"), net, "strong"),
        ]
    return rows


def summary_lines(sheet: Scoresheet) -> list[str]:
    """Under the sheet: each game's state (a game in progress out of its column's order, with
    its column), the match result or what the next win is worth, who deals next."""
    lines, moved = [], out_of_place(sheet.in_columns())
    for game in sheet.games:
        state = game_state(sheet, game.number)
        if game.open:
            state += "; " + needs(sheet, game.number)
        elif game.settlement is not None and not game.settlement.settled_up:
            state += ", " + _("net {net:+d}").format(net=game.settlement.net)
        said = (
            _("Game {n} (column {column}): {state}")
            if moved and game.open
            else _("Game {n}: {state}")
        )
        lines.append(said.format(n=game.number, column=game.column, state=state))
        lines += settling_up(sheet, game)
    lines += net_lines(sheet)
    if sheet.finished:
        lines.append(match_result(sheet))
    return [*lines, *waiting(sheet), *stakes(sheet)[:1], next_deal(sheet)]


def waiting(sheet: Scoresheet) -> list[str]:
    """Partnership Gin, a deal half reported: the table's hand that is in, and the table still
    to report (nothing otherwise)."""
    halves = sheet.half_reported
    if halves is None:
        return []
    reported, other = halves
    return [
        _("Deal {number}, {line}; waiting for {a} v {b}.").format(
            number=len(sheet.rounds) + 1,
            line=table_line(reported),
            a=other.players[0],
            b=other.players[1],
        )
    ]


def settling_up(sheet: Scoresheet, game: Game) -> list[str]:
    """Where each settles with each (Three-handed Gin): what each player collects from and
    pays to each other player, and who is shut out and pays the winner the game bonus once
    more (or the shutout bonus); nothing for a game not settled so."""
    if game.settlement is None:
        return []
    settlement, lines = game.settlement, []
    settling = {who for who, _other in settlement.settled_up}
    for player in (p for p in game.points if p in settling):
        dealings = [
            (
                _("collects {n} from {other}")
                if amount > 0
                else _("pays {n} to {other}")
                if amount < 0
                else _("is even with {other}")
            ).format(n=abs(amount), other=other)
            for (who, other), amount in settlement.settled_up.items()
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
    bonus = sheet.shutout_bonus
    for player in settlement.shut_out:
        lines.append(
            "  "
            + (
                _("{player} is shut out and pays {winner} the shutout bonus of {n}.")
                if bonus is not None
                else _("{player} is shut out and pays {winner} the game bonus once more.")
            ).format(player=player, winner=game.winner, n=bonus)
        )
    return lines


class Cell(NamedTuple):
    """One player's column in one game, on the page's first screen."""

    points: int
    note: str
    """What the player still needs, or that the player won the game (empty for a game that
    ended otherwise)."""
    kind: str
    """``won``; ``next``, a game the player's next win counts in (marked where that is not
    every game in progress); ``over``, a game that ended otherwise; or empty."""


class Board(NamedTuple):
    """What the page's first screen says of a match, from the sheet's figures taken once
    (``web/board.py`` lays it out): each line with its kind (``net``, ``won``, ``stakes``,
    ``deals``, ``last``, or empty)."""

    title: str
    description: str
    result: str
    """Over the games: the result once the match is over, or that it was abandoned."""
    above: list[tuple[str, str]]
    """Over the games, under the result: the match net once the match is over."""
    headings: list[list[str]]
    """The games in the columns, in game order (:func:`messages.game_headings`)."""
    rows: list[tuple[str, bool, list[Cell]]]
    """A row per player: the name, whether the player sits out the next hand, a cell per
    game."""
    under: list[tuple[str, str]]
    """Under the games: the games won so far, the match net, the table still to report,
    whose next win counts where, who deals, the last hand."""
    news: list[str]
    """What the last hand won, to be said loud on every phone: each game it ended and the
    match, if it ended it; nothing when it ended none."""


def board(match: Match, sheet: Scoresheet) -> Board:
    """What the page's first screen says: the title, then the result and the match net once
    the match is over, the games in the columns with each player's column and what each
    needs, and the lines that say what comes next."""
    net = [("net", line) for line in net_lines(sheet)]
    result, above, under = "", [], [("won", line) for line in won_so_far(sheet)]
    if match.abandoned:
        result = " ".join(abandoned(match))
    elif sheet.finished:
        result, above = match_result(sheet), net
    else:
        under += net + [("", line) for line in waiting(sheet)]
        if sum(game.open for game in sheet.games) > 1:  # whose next win counts where
            under += [("stakes", line) for line in stakes(sheet)[:1]]
    if not match.abandoned:
        under.append(("deals", next_deal(sheet)))
    if sheet.rounds:
        under.append(("last", last_line(sheet)))
    games = sheet.in_columns() if sheet.games else []
    out = None if sheet.finished else sheet.next_hand().sits_out
    return Board(
        title=match_title(match.id, sheet),
        description=match.description,
        result=result,
        above=above,
        headings=game_headings(games),
        rows=[(player, player == out, cells(sheet, games, player)) for player in sheet.players],
        under=under,
        news=won_by_the_last(sheet),
    )


def cells(sheet: Scoresheet, games: Sequence[Game], player: str) -> list[Cell]:
    """A player's column in each of ``games``, with what the player still needs (or that the
    player won it); where a player's next win would not count in every open game, the games
    it counts in are marked."""
    playing = {game.number for game in games if game.open}
    counting = {p: playing & set(sheet.next_games.get(p, ())) for p in sheet.players}
    marked = any(counted != playing for counted in counting.values())  # else marks say nothing
    made = []
    for game in games:
        if game.winner == player:
            note, kind = _("won"), "won"  # under the column of the game's winner
        elif game.open:
            counts = marked and game.number in counting[player]
            note = _("needs {n}").format(n=sheet.to_go(game, player))
            kind = "next" if counts else ""
        else:
            note, kind = "", "over"
        made.append(Cell(game.points[player], note, kind))
    return made


def won_so_far(sheet: Scoresheet) -> list[str]:
    """The games each player has won so far, in a match of several games decided by them or
    by the match net (none once the result says it)."""
    decided = sheet.decided_by
    several = sheet.rules.game_count > 1 and decided in (Decision.GAMES, Decision.NET)
    if not several or (sheet.finished and decided is Decision.GAMES):
        return []
    won = sheet.games_won()
    return [
        _("Games won: {tally}.").format(tally=", ".join(f"{p} {won[p]}" for p in sheet.players))
    ]


def game_said(sheet: Scoresheet, game: Game) -> str:
    """How a game stands, in a line: ``Game 1: won by Ann, net +348``, ``Game 2: open``."""
    state = game_state(sheet, game.number)
    if game.settlement is not None and not game.settlement.settled_up:
        state += ", " + _("net {net:+d}").format(net=game.settlement.net)
    return _("Game {n}: {state}").format(n=game.number, state=state)


def won_by_the_last(sheet: Scoresheet) -> list[str]:
    """What the last hand won: each game it ended (``Game 1: won by Ann, net +348``) and the
    match, if it ended it; nothing when it ended no game."""
    if not sheet.rounds or not sheet.rounds[-1].ended:
        return []
    won = [game_said(sheet, sheet.games[number - 1]) for number in sheet.rounds[-1].ended]
    return won + ([match_result(sheet)] if sheet.finished else [])
