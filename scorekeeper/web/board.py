"""The page's first screen: where the table stands, readable on a phone without scrolling.

Once the match is over, the result and the match net first; then every game in the columns
side by side, in game order, each player's column in it and what each still needs (the games
the player's next win counts in marked), the games won so far, the match net once a game is
settled, whose next win counts where, who deals and who sits out, and the last hand in words.
The next hand's questions follow it on the page. Above it all, on every phone, what the last
hand won, said loud.

Pure functions of what the sheet says (:func:`scorekeeper.render.sheet.board`, its figures
taken once) that return text, every name escaped.
"""

from __future__ import annotations

from scorekeeper.render.sheet import Board, Cell
from scorekeeper.web.views import heading_html, text, unbroken_text


def board_html(board: Board) -> str:
    """The first screen: the title, then the result and the match net once the match is over,
    the games in the columns, and the lines that say what comes next."""
    title = text(board.title)
    if board.description:
        title += f' <span class="description">- {text(board.description)}</span>'
    return (
        f'<h2 class="title">{title}</h2>'
        + (f'<p class="result">{text(board.result)}</p>' if board.result else "")
        + said(board.above)
        + (games_html(board) if board.headings else "")
        + said(board.under)
    )


def said(lines: list[tuple[str, str]]) -> str:
    """Lines of the first screen, a paragraph each, of the class their kind names."""
    return "".join(
        f'<p class="{kind}">{unbroken_text(line)}</p>' if kind else f"<p>{unbroken_text(line)}</p>"
        for kind, line in lines
    )


def games_html(board: Board) -> str:
    """The games in the columns side by side, a row for each player: the player's column in
    each, and under it what the player still needs (or that the player won it), the games
    the player's next win counts in marked."""
    names = "long" if max(len(player) for player, _out, _cells in board.rows) > 8 else "short"
    head = "".join(
        f'<th scope="col">{heading_html(heading, unbroken_text)}</th>' for heading in board.headings
    )
    rows = "".join(
        ('<tr class="out">' if out else "<tr>")
        + f'<th scope="row" class="name">{text(player)}</th>'
        + "".join(column_html(cell) for cell in cells)
        + "</tr>"
        for player, out, cells in board.rows
    )
    return (
        f'<table class="standing" data-games="{len(board.headings)}" data-names="{names}">'
        "<thead><tr><td></td>"
        f"{head}</tr></thead><tbody>{rows}</tbody></table>"
    )


def column_html(cell: Cell) -> str:
    """One player's column in one game: its points, and what the player still needs."""
    attribute = f' class="{cell.kind}"' if cell.kind else ""
    return (
        f'<td{attribute}><span class="points">{cell.points}</span>'
        f'<span class="needs">{unbroken_text(cell.note)}</span></td>'
    )


def news_html(board: Board) -> str:
    """What the last hand won, for the page to say loud when a redraw brings it (empty when it
    won no game)."""
    return "".join(f"<p>{unbroken_text(line)}</p>" for line in board.news)
