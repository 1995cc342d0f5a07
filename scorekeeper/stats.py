"""History statistics: what a match's scoresheet says about each player, and sums over matches.

Pure: a :class:`~scorekeeper.engine.Scoresheet` in, plain numbers out. The store keeps each
finished match's figures in its index (derived data, rebuilt from the facts whenever the match
changes), so ``stats`` over years of matches need not replay them. Only finished matches count:
one being played, abandoned or deleted does not.

In Partnership Gin each team has the figures of its Hollywood sheet (a deal won is a hand won,
its points the deal's), its gins, big gins, undercuts and walls being those of its partners'
tables; and each partner has figures of their own: the hands they played at their tables (hands
won, gins, big gins, undercuts scored and suffered, walls, points, largest hand, longest run),
with the team's result, games, shutouts and net.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from scorekeeper.engine import Kind, Scoresheet, fold, team_name

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
    walls = dict.fromkeys(sheet.players, 0)
    for r in sheet.rounds:
        for player in (r.seating or sheet).players:  # in Three-handed Gin the two who played
            walls[player] += sum(t.kind is Kind.WALL for t in r.tables) + (r.kind is Kind.WALL)
        if r.winner is not None:
            loser = next(p for p in (r.seating or sheet).players if p != r.winner)
            _won(figures, run, r.winner, loser, r.kind, r.points)
    for game in sheet.games:
        if game.winner is None or game.settlement is None:
            continue
        figures[game.winner]["games_won"] += 1
        figures[game.winner]["shutouts"] += int(game.settlement.lines[game.winner].shutout)
        for player in sheet.players:
            figures[player]["net"] += game.settlement.net_of(player)
    for player, mine in figures.items():
        mine["matches"] = 1
        mine["walls"] = walls[player]
        if sheet.finished:
            mine["won"] = int(sheet.winner == player)
            mine["drawn"] = int(sheet.winner is None)
            mine["lost"] = int(sheet.winner not in (None, player))
    if sheet.teams:
        _partners(sheet, figures)
    return figures


#: A partner's figures that are the team's.
SHARED = ("matches", "won", "drawn", "lost", "games_won", "shutouts", "net")


def _partners(sheet: Scoresheet, figures: dict[str, Stats]) -> None:
    """Partnership Gin: each partner's figures from the hands at their tables, with the team's
    result; and the team's gins, big gins and undercuts, which its partners made."""
    assert sheet.teams is not None
    team_of = {p: team_name(team) for team in sheet.teams for p in team}
    for partner, team in team_of.items():
        figures[partner] = {
            field: figures[team][field] if field in SHARED else 0 for field in FIELDS
        }
    run = dict.fromkeys(team_of, 0)
    for r in sheet.rounds:
        for table in r.tables:
            if table.winner is None:
                for player in table.players:
                    figures[player]["walls"] += 1
                continue
            loser = next(p for p in table.players if p != table.winner)
            assert table.kind is not None
            _won(figures, run, table.winner, loser, table.kind, table.points)
            _kind(figures, team_of[table.winner], team_of[loser], table.kind)


def _won(
    figures: dict[str, Stats], run: dict[str, int], winner: str, loser: str, kind: Kind, points: int
) -> None:
    """Count a hand won by ``winner`` from ``loser``."""
    mine = figures[winner]
    mine["hands_won"] += 1
    mine["points"] += points
    mine["largest_hand"] = max(mine["largest_hand"], points)
    _kind(figures, winner, loser, kind)
    run[winner], run[loser] = run[winner] + 1, 0
    mine["longest_run"] = max(mine["longest_run"], run[winner])


def _kind(figures: dict[str, Stats], winner: str, loser: str, kind: Kind) -> None:
    """Count what kind of hand ``winner`` won from ``loser``: a gin, a big gin, an undercut."""
    figures[winner]["gins"] += int(kind is Kind.GIN)
    figures[winner]["big_gins"] += int(kind is Kind.BIG_GIN)
    figures[winner]["undercuts_scored"] += int(kind is Kind.UNDERCUT)
    figures[loser]["undercuts_suffered"] += int(kind is Kind.UNDERCUT)


def opponents(sheet: Scoresheet) -> dict[str, list[str]]:
    """Whom each player of :func:`match_stats` played against: the other players; in
    Partnership Gin the other team, and each partner the other team's partners."""
    against = {player: [p for p in sheet.players if p != player] for player in sheet.players}
    if sheet.teams:
        first, second = sheet.teams
        against.update({p: list(second) for p in first})
        against.update({p: list(first) for p in second})
    return against


class Played(NamedTuple):
    """One finished match as ``stats`` adds it up."""

    figures: dict[str, Stats]
    """Each player's figures (:func:`match_stats`)."""
    opponents: dict[str, list[str]]
    """Whom each played against (:func:`opponents`)."""


def played(sheet: Scoresheet) -> Played:
    return Played(match_stats(sheet), opponents(sheet))


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


History = list[Played]
"""Every finished match's figures."""


def _same(a: str, b: str) -> bool:
    """Whether two spellings name one player (case and accents aside)."""
    return fold(a) == fold(b)


def players_of(history: History) -> list[str]:
    """Everyone who played, once each, in the spelling last used, in alphabetical order."""
    names = {fold(name): name for match in history for name in match.figures}
    return sorted(names.values(), key=fold)


def figures_of(history: History, name: str, versus: str | None = None) -> dict[str, Any]:
    """A player's figures over every match (or only those against ``versus``)."""
    summed = total(
        match.figures[p]
        for match in history
        for p in match.figures
        if _same(p, name)
        and (versus is None or any(_same(other, versus) for other in match.opponents[p]))
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
