"""Plain-text sentences about a match: what a hand did, where the games stand, who deals.

Shared by the short report after each hand (which must start fast, so nothing here imports
rich) and by the scoresheet and log.
"""

from __future__ import annotations

from scorekeeper.engine import Hand, Kind, Round, Score, Scoresheet
from scorekeeper.i18n import _, ngettext


def games_phrase(games: tuple[int, ...]) -> str:
    """``Game 1`` or ``Games 1, 2, 3``."""
    numbers = ", ".join(map(str, games))
    return ngettext("Game {numbers}", "Games {numbers}", len(games)).format(numbers=numbers)


def outcome(hand: Hand, result: Score) -> str:
    """What happened at the table: ``Bob knocks 6 v 10``, ``Ann goes gin v 12``, ``wall``."""
    values = {"knocker": hand.knocker, "kd": hand.knocker_deadwood,
              "od": hand.opponent_deadwood, "winner": result.winner}
    return {
        Kind.KNOCK: _("{knocker} knocks {kd} v {od}"),
        Kind.UNDERCUT: _("{knocker} knocks {kd} v {od}, undercut by {winner}"),
        Kind.GIN: _("{knocker} goes gin v {od}"),
        Kind.BIG_GIN: _("{knocker} goes big gin v {od}"),
        Kind.WALL: _("wall (dead hand)"),
    }[result.kind].format(**values)


def scored(result: Score, games: tuple[int, ...]) -> str:
    """Where the points went: ``Bob +4 in Games 1, 2, 3`` or ``no score``."""
    if result.winner is None:
        return _("no score")
    return _("{winner} +{points} in {games}").format(
        winner=result.winner, points=result.points, games=games_phrase(games))


def short_names(players: tuple[str, str], most: int) -> dict[str, str]:
    """Names short enough for a narrow sheet: the first word of each (the whole name when the
    first words are alike), cut to ``most`` characters."""
    first = {player: player.split()[0] for player in players}
    if first[players[0]].casefold() == first[players[1]].casefold():
        first = {player: player for player in players}
    return {player: name if len(name) <= most else name[:most - 1] + "…"
            for player, name in first.items()}


def short(r: Round, names: dict[str, str]) -> str:
    """The scoresheet's hand cell: ``Bob +10``, ``Bob +37 gin``, ``wall``."""
    if r.winner is None:
        return _("wall")
    return {
        Kind.KNOCK: _("{winner} +{points}"),
        Kind.UNDERCUT: _("{winner} +{points} undercut"),
        Kind.GIN: _("{winner} +{points} gin"),
        Kind.BIG_GIN: _("{winner} +{points} big gin"),
    }[r.kind].format(winner=names[r.winner], points=r.points)


def round_line(r: Round) -> str:
    """``Hand 4: Bob knocks 6 v 10 -> Bob +4 in Games 1, 2, 3``."""
    result = Score(r.kind, r.winner, r.points)
    return _("Hand {number}: {outcome} -> {scored}").format(
        number=r.number, outcome=outcome(r.hand, result), scored=scored(result, r.games))


def game_state(sheet: Scoresheet, number: int) -> str:
    """``open``, ``won by Bob``, or ``not finished`` for a game a short match cut off."""
    game = sheet.games[number - 1]
    if game.winner is not None:
        return _("won by {winner}").format(winner=game.winner)
    return _("open") if game.open else _("not finished")


def changes(before: Scoresheet, after: Scoresheet) -> list[str]:
    """The loud lines for what a change did to the games and the match: a new hand ending a
    game, or a correction giving a game to the other player, reopening it, or reopening the
    match."""
    lines = []
    for old, new in zip(before.games, after.games):
        if old.winner == new.winner:
            continue
        if new.winner is None or new.settlement is None:
            lines.append(_("*** GAME {number} IS OPEN AGAIN (it was won by {was}) ***")
                         .format(number=new.number, was=old.winner))
            continue
        values = {"number": new.number, "winner": new.winner, "was": old.winner,
                  "points": new.points[new.winner],
                  "other": new.points[after.opponent(new.winner)], "net": new.settlement.net}
        lines.append((_("*** GAME {number} WON BY {winner}, {points} to {other}, net {net:+d} "
                        "after bonuses ***") if old.winner is None else
                      _("*** GAME {number} NOW WON BY {winner} (was {was}), {points} to "
                        "{other}, net {net:+d} after bonuses ***")).format(**values))
    if after.finished and (not before.finished or after.winner != before.winner):
        lines.append(match_result(after).join(["*** ", " ***"]))
    elif before.finished and not after.finished:
        lines.append(_("*** THE MATCH IS OPEN AGAIN (it was: {result}) ***")
                     .format(result=match_result(before)))
    return lines


def match_result(sheet: Scoresheet) -> str:
    """``MATCH OVER: Bob wins 2 games to 1`` (or a draw, or the column sums of a short match)."""
    if sheet.rules.end_after_first_game:
        first, second = (sum(game.points[p] for game in sheet.games) for p in sheet.players)
        if sheet.winner is None:
            return _("MATCH OVER: drawn, {a} to {b} column points").format(a=first, b=second)
        high, low = max(first, second), min(first, second)
        return _("MATCH OVER: {winner} wins on column points, {high} to {low}").format(
            winner=sheet.winner, high=high, low=low)
    won = {p: sum(game.winner == p for game in sheet.games) for p in sheet.players}
    if sheet.winner is None:
        return ngettext("MATCH OVER: drawn, {n} game each", "MATCH OVER: drawn, {n} games each",
                        won[sheet.players[0]]).format(n=won[sheet.players[0]])
    return _("MATCH OVER: {winner} wins {won} games to {lost}").format(
        winner=sheet.winner, won=won[sheet.winner], lost=won[sheet.opponent(sheet.winner)])


def next_deal(sheet: Scoresheet) -> str:
    """``Alexandra deals next.`` (after the match: the first hand of the next series)."""
    if sheet.finished:
        return _("{dealer} deals the first hand of the next match.").format(
            dealer=sheet.next_dealer)
    return _("{dealer} deals next.").format(dealer=sheet.next_dealer)


def standing(sheet: Scoresheet) -> list[str]:
    """The short standing: a line per player with each game's column, ended games marked."""
    width = max(len(p) for p in sheet.players)
    cells = [_("Game {n}").format(n=game.number) for game in sheet.games]
    rows = [[str(game.points[p]) + ("*" if game.winner == p else "") for game in sheet.games]
            for p in sheet.players]
    size = max(len(cell) for cell in cells + [c for row in rows for c in row]) + 2
    lines = [" " * (width + 2) + "".join(cell.rjust(size) for cell in cells)]
    for player, row in zip(sheet.players, rows):
        lines.append("  " + player.ljust(width) + "".join(cell.rjust(size) for cell in row))
    if any(game.winner for game in sheet.games):
        lines.append("  " + _("(* won the game)"))
    return lines


def report(before: Scoresheet, after: Scoresheet, *said: str) -> list[str]:
    """Everything said after a change: what was done, the standing, what it changed in the
    games and the match, and who deals next."""
    return [*said, *standing(after), *changes(before, after), next_deal(after)]
