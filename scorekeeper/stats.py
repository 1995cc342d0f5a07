"""History statistics: what a match's scoresheet says about each player, and sums over matches.

Pure: a :class:`~scorekeeper.engine.Scoresheet` in, plain numbers out. The store keeps each
finished match's figures in its index (derived data, rebuilt from the facts whenever the match
changes), so ``stats`` over years of matches need not replay them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from scorekeeper.engine import Kind, Scoresheet, fold

#: Every figure kept per player and match, in the order they are shown.
FIELDS = (
    "matches",
    "won",
    "drawn",
    "lost",
    "games_won",
    "hands_won",
    "gins",
    "big_gins",
    "undercuts_scored",
    "undercuts_suffered",
    "walls",
    "shutouts",
    "points",
    "largest_hand",
    "longest_run",
    "net",
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
        loser = next(p for p in (r.seating or sheet).players if p != r.winner)
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
        for player in sheet.players:
            figures[player]["net"] += game.settlement.net_of(player)
    for player, mine in figures.items():
        mine["matches"] = 1
        mine["walls"] = walls
        if sheet.finished:
            mine["won"] = int(sheet.winner == player)
            mine["drawn"] = int(sheet.winner is None)
            mine["lost"] = int(sheet.winner not in (None, player))
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


History = list[tuple[tuple[str, ...], dict[str, Stats]]]
"""Each match's two players and their figures."""


def _same(a: str, b: str) -> bool:
    """Whether two spellings name one player (case and accents aside)."""
    return fold(a) == fold(b)


def players_of(history: History) -> list[str]:
    """Everyone who played, once each, in the spelling last used, in alphabetical order."""
    names = {fold(name): name for players, _figures in history for name in players}
    return sorted(names.values(), key=fold)


def figures_of(history: History, name: str, versus: str | None = None) -> dict[str, Any]:
    """A player's figures over every match (or only those against ``versus``)."""
    summed = total(
        figures[p]
        for players, figures in history
        for p in players
        if _same(p, name)
        and (versus is None or any(_same(other, versus) for other in players if other != p))
    )
    return {**summed, "average_hand": average_hand(summed)}


Figures = dict[str, Any]
"""A player's figures summed over matches (:data:`FIELDS`), with their average hand."""


class Everyone(NamedTuple):
    """``stats``: every player's figures."""

    players: dict[str, Figures]


class OnePlayer(NamedTuple):
    """``stats PLAYER``: one player's figures, and a line per opponent met."""

    player: str
    stats: Figures
    opponents: dict[str, Figures]


class HeadToHead(NamedTuple):
    """``stats PLAYER --against OTHER``: both players' figures in the matches between them."""

    player: str
    against: str
    stats: dict[str, Figures]


Summary = Everyone | OnePlayer | HeadToHead


def summarise(history: History, player: str | None = None, against: str | None = None) -> Summary:
    """What ``stats`` shows: every player; one player with a line per opponent; or two
    players head to head (each as JSON is its ``_asdict()``)."""
    if player is None:
        return Everyone({name: figures_of(history, name) for name in players_of(history)})
    if against is None:
        opponents = {
            name: figures_of(history, player, name)
            for name in players_of(history)
            if not _same(name, player)
        }
        return OnePlayer(
            player,
            figures_of(history, player),
            {name: figures for name, figures in opponents.items() if figures["matches"]},
        )
    return HeadToHead(
        player,
        against,
        {
            player: figures_of(history, player, against),
            against: figures_of(history, against, player),
        },
    )
