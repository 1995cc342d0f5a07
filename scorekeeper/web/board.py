"""The page's first screen: where the table stands, readable on a phone without scrolling.

Once the match is over, the result and the match net first; then every game in the columns
side by side, each player's column in it and what each still needs (the games the player's
next win counts in marked), the match net once a game is settled, whose next win counts
where, who deals and who sits out, and the last hand in words. The next hand's questions
follow it on the page.

Pure functions of a match and its sheet that return text, every name escaped.
"""

from __future__ import annotations

from scorekeeper.engine import Game, Scoresheet
from scorekeeper.i18n import _
from scorekeeper.match import Match
from scorekeeper.messages import (
    last_line,
    match_result,
    match_title,
    net_lines,
    next_deal,
    stakes,
)
from scorekeeper.render.sheet import abandoned, waiting
from scorekeeper.web.views import text, unbroken_text


def board_html(match: Match, sheet: Scoresheet) -> str:
    """The first screen: the title, then the result and the match net once the match is over,
    the games in the columns, and the lines that say what comes next."""
    title = text(match_title(match.id, sheet))
    if match.description:
        title += f' <span class="description">- {text(match.description)}</span>'
    parts = [f'<h2 class="title">{title}</h2>']
    if match.abandoned:
        parts.append(f'<p class="result">{text(" ".join(abandoned(match)))}</p>')
    elif sheet.finished:
        parts.append(f'<p class="result">{text(match_result(sheet))}</p>')
        parts.append(said(net_lines(sheet), "net"))
    if sheet.games:
        parts.append(games_html(sheet))
    if not sheet.finished and not match.abandoned:
        parts.append(said(net_lines(sheet), "net") + said(waiting(sheet)))
        # whose next win counts where, where there is a choice (the needs are in the table)
        if sum(game.open for game in sheet.games) > 1:
            parts.append(said(stakes(sheet)[:1], "stakes"))
    if not match.abandoned:
        parts.append(said([next_deal(sheet)], "deals"))
    if sheet.rounds:
        parts.append(said([last_line(sheet)], "last"))
    return "".join(parts)


def said(lines: list[str], css: str = "") -> str:
    """Lines of the first screen, a paragraph each."""
    attribute = f' class="{css}"' if css else ""
    return "".join(f"<p{attribute}>{unbroken_text(line)}</p>" for line in lines)


def games_html(sheet: Scoresheet) -> str:
    """The games in the columns side by side, a row for each player: the player's column in
    each, and under it what the player still needs (or that the player won it); where a
    player's next win would not count in every open game, the games it counts in are
    marked."""
    games = sheet.in_columns()
    names = "long" if max(len(player) for player in sheet.players) > 8 else "short"
    playing = {game.number for game in games if game.open}
    counting = {p: playing & set(sheet.next_games.get(p, ())) for p in sheet.players}
    marked = any(counted != playing for counted in counting.values())  # else marks say nothing
    head = "".join(
        f'<th scope="col">{unbroken_text(_("Game {n}").format(n=game.number))}</th>'
        for game in games
    )
    coming = sheet.next_hand()
    out = coming.sits_out if not sheet.finished else None
    rows = "".join(
        ('<tr class="out">' if player == out else "<tr>")
        + f'<th scope="row" class="name">{text(player)}</th>'
        + "".join(
            column_html(sheet, game, player, marked and game.number in counting[player])
            for game in games
        )
        + "</tr>"
        for player in sheet.players
    )
    return (
        f'<table class="standing" data-games="{len(games)}" data-names="{names}">'
        "<thead><tr><td></td>"
        f"{head}</tr></thead><tbody>{rows}</tbody></table>"
    )


def column_html(sheet: Scoresheet, game: Game, player: str, counts: bool) -> str:
    """One player's column in one game: its points, and what the player still needs."""
    if game.winner == player:
        note, css = _("won"), "won"  # under the column of the game's winner
    elif game.open:
        note, css = _("needs {n}").format(n=sheet.to_go(game, player)), "next" if counts else ""
    else:
        note, css = "", "over"
    attribute = f' class="{css}"' if css else ""
    return (
        f'<td{attribute}><span class="points">{game.points[player]}</span>'
        f'<span class="needs">{unbroken_text(note)}</span></td>'
    )
