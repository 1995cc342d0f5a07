"""The race to the target, drawn: each player's column in each game over the hands, as a small
SVG picture the page shows where players would rather look than read.

A pure function of the sheet that returns text (every name escaped); no chart library, nothing
loaded in the browser. One panel per game in the columns now (``Scoresheet.in_columns``), side
by side: across, the hands of the match; up, the points of the column, to the target (a dashed
line). Each player has a line of their own, told apart by its dash as well as its shade, so
the picture reads in black and white too; a game that ended is marked with its winner.
"""

from __future__ import annotations

from html import escape

from scorekeeper.engine import Game, Scoresheet
from scorekeeper.i18n import _

#: The size of one game's panel, in the picture's own units (it scales to the page's width).
PANEL_WIDTH, PANEL_HEIGHT, GAP = 120, 90, 14

#: The room one player's name takes in the legend, and the legend's line height.
LEGEND_WIDTH, LEGEND_LINE = 110, 14

#: The picture's natural size on the page, in CSS pixels to a unit: a page narrower than that
#: shrinks it to its width, so that three panels fit a phone and a single one is not drawn a
#: screen high.
SCALE = 1.6

#: The most hands a line is drawn through.
POINTS = 40

#: How each player's line is drawn: its shade and its dash, in the order the match names them.
STROKES = (("#1f5fa8", ""), ("#b3261e", "5 3"), ("#2e7d32", "1 3"))


def race_svg(sheet: Scoresheet) -> str:
    """The race of the games in the columns now, as an SVG element with a title and a text
    description for a screen reader; empty before the first hand."""
    if not sheet.rounds:
        return ""
    games = sheet.in_columns()
    width = len(games) * PANEL_WIDTH + (len(games) - 1) * GAP
    across = max(1, (width + GAP) // LEGEND_WIDTH)  # the names on a legend's line
    height = PANEL_HEIGHT + 18 + LEGEND_LINE * -(-len(sheet.players) // across)
    title = _("The race to {target}").format(target=sheet.target)
    # One scale for every panel, so that the games' lines are compared at a glance.
    top = max(sheet.target, *(p for game in games for p in game.points.values())) * 1.1
    panels = "".join(
        _panel(sheet, game, index * (PANEL_WIDTH + GAP), top) for index, game in enumerate(games)
    )
    legend = "".join(
        f'<g transform="translate({index % across * LEGEND_WIDTH},'
        f'{PANEL_HEIGHT + 28 + index // across * LEGEND_LINE})">'
        f'<line x1="0" y1="-4" x2="18" y2="-4" {_stroke(index)}/>'
        f'<text x="22" y="0" class="legend">{escape(player)}</text></g>'
        for index, player in enumerate(sheet.players)
    )
    return (
        f'<svg class="race" viewBox="-2 -2 {width + 4} {height + 4}" '
        f'width="{(width + 4) * SCALE:.0f}" height="{(height + 4) * SCALE:.0f}" role="img" '
        f'aria-labelledby="race-title race-desc" xmlns="http://www.w3.org/2000/svg">'
        f'<title id="race-title">{escape(title)}</title>'
        f'<desc id="race-desc">{escape(_describe(sheet, games))}</desc>'
        f"{panels}{legend}</svg>"
    )


def _panel(sheet: Scoresheet, game: Game, left: int, top: float) -> str:
    """One game's panel: its frame, the target, each player's line and the game's name, drawn
    to ``top`` points (room above the target's line and the highest column)."""
    hands = len(sheet.rounds)

    def point(hand: int, points: int) -> str:
        x = left + PANEL_WIDTH * hand / max(hands, 1)
        y = PANEL_HEIGHT - PANEL_HEIGHT * points / top
        return f"{x:.1f},{y:.1f}"

    # A long match is drawn through at most POINTS of its hands (the last one always): a line
    # that fine is what a phone shows, and the page's redraw stays small.
    shown = sorted({round(i * hands / POINTS) for i in range(POINTS + 1)} | {hands})

    target_y = PANEL_HEIGHT - PANEL_HEIGHT * sheet.target / top
    lines = []
    for index, player in enumerate(sheet.players):
        points = [0] + [
            r.totals[player][game.number - 1] if game.number <= len(r.totals[player]) else 0
            for r in sheet.rounds
        ]
        path = " ".join(point(hand, points[hand]) for hand in shown if hand <= hands)
        lines.append(f'<polyline points="{path}" fill="none" {_stroke(index)}/>')
    name = _("Game {n}").format(n=game.number)
    if game.winner is not None:
        name = _("Game {n}: {winner}").format(n=game.number, winner=game.winner)
    return (
        f'<rect x="{left}" y="0" width="{PANEL_WIDTH}" height="{PANEL_HEIGHT}" class="frame"/>'
        f'<line x1="{left}" y1="{target_y:.1f}" x2="{left + PANEL_WIDTH}" y2="{target_y:.1f}" '
        'class="target"/>'
        + "".join(lines)
        + f'<text x="{left}" y="{PANEL_HEIGHT + 12}" class="game">{escape(name)}</text>'
    )


def _stroke(index: int) -> str:
    colour, dash = STROKES[index % len(STROKES)]
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    return f'stroke="{colour}" stroke-width="2"{dashed}'


def _describe(sheet: Scoresheet, games: list[Game]) -> str:
    """The picture in words: each game's columns now."""
    return " ".join(
        _("Game {n}: {columns}.").format(
            n=game.number,
            columns=", ".join(f"{player} {game.points[player]}" for player in sheet.players),
        )
        for game in games
    )
