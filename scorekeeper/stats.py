"""History statistics: what a match's scoresheet says about each player, and sums over matches.

Pure: a :class:`~scorekeeper.engine.Scoresheet` in, plain numbers out. The store keeps each
finished match's figures in its index (derived data, rebuilt from the facts whenever the match
changes), so ``stats`` over years of matches need not replay them.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from scorekeeper.engine import Kind, Scoresheet

#: Every figure kept per player and match, in the order they are shown.
FIELDS = (
    "matches", "won", "drawn", "lost", "games_won", "hands_won", "gins", "big_gins",
    "undercuts_scored", "undercuts_suffered", "walls", "shutouts", "points", "largest_hand",
    "longest_run", "net",
)
#: Figures that are a best over matches, not a sum.
BEST = ("largest_hand", "longest_run")

Stats = dict[str, int]


def match_stats(sheet: Scoresheet) -> dict[str, Stats]:
    """Each player's figures in one match (a partnership match: each team's).

    >>> from scorekeeper.engine import Hand, replay
    >>> from scorekeeper.rules import Rules
    >>> sheet = replay(("Ann", "Ben"), Rules(), "Ann", [
    ...     Hand.knock("Ann", 3, 20), Hand.wall(), Hand.knock("Ben", 6, 4),
    ...     Hand.gin("Ann", 10)])
    >>> ann = match_stats(sheet)["Ann"]
    >>> ann["hands_won"], ann["undercuts_scored"], ann["gins"], ann["points"], ann["longest_run"]
    (3, 1, 1, 79, 3)
    """
    figures = {player: dict.fromkeys(FIELDS, 0) for player in sheet.players}
    run = dict.fromkeys(sheet.players, 0)
    walls = 0
    for r in sheet.rounds:
        if r.winner is None:
            walls += int(r.kind is Kind.WALL)
            continue
        mine = figures[r.winner]
        loser = sheet.opponent(r.winner)
        mine["hands_won"] += 1
        mine["points"] += r.points
        mine["largest_hand"] = max(mine["largest_hand"], r.points)
        mine["gins"] += int(r.kind is Kind.GIN)
        mine["big_gins"] += int(r.kind is Kind.BIG_GIN)
        mine["undercuts_scored"] += int(r.kind is Kind.UNDERCUT)
        figures[loser]["undercuts_suffered"] += int(r.kind is Kind.UNDERCUT)
        run[r.winner], run[loser] = run[r.winner] + 1, 0
        mine["longest_run"] = max(mine["longest_run"], run[r.winner])
    for game in sheet.games:
        if game.winner is None or game.settlement is None:
            continue
        figures[game.winner]["games_won"] += 1
        figures[game.winner]["shutouts"] += int(game.settlement.lines[game.winner].shutout)
        figures[game.winner]["net"] += game.settlement.net
        figures[sheet.opponent(game.winner)]["net"] -= game.settlement.net
    for player, mine in figures.items():
        mine["matches"] = 1
        mine["walls"] = walls
        if sheet.finished:
            mine["won"] = int(sheet.winner == player)
            mine["drawn"] = int(sheet.winner is None)
            mine["lost"] = int(sheet.winner == sheet.opponent(player))
    return figures


def total(many: Iterable[Mapping[str, int]]) -> Stats:
    """Figures summed over matches (the best for the largest hand and the longest run)."""
    summed = dict.fromkeys(FIELDS, 0)
    for figures in many:
        for field in FIELDS:
            value = figures.get(field, 0)
            summed[field] = max(summed[field], value) if field in BEST else summed[field] + value
    return summed


def average_hand(figures: Mapping[str, int]) -> float:
    """The average points of a won hand (0 before any)."""
    return round(figures["points"] / figures["hands_won"], 1) if figures["hands_won"] else 0.0
