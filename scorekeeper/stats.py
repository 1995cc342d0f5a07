"""History statistics: what a finished match's scoresheet says about each player, whole and
head to head, and the answers ``stats`` gives.

Pure: a :class:`~scorekeeper.engine.Scoresheet` in, :class:`Figures` out. The store keeps each
finished match's figures among its summaries (derived data, worked out again whenever the
match's file changes) and adds them up over the years (:mod:`scorekeeper.store.summaries`).
Only finished matches count: one being played, abandoned or deleted does not.

Head to head counts what passed between two players only (:func:`head_to_head`): in a
two-player match everything; in Three-handed Gin the hands the two played against each other
(walls included) and what one collected from or paid to the other; in Partnership Gin the
hands two opponents played at their tables, with their teams' result.

In Partnership Gin each team has the figures of its sheet (a deal won is a hand won, its points
the deal's), its gins, big gins, undercuts and walls being those of its partners' tables; and
each partner has figures of their own: the hands they played at their tables (hands won, gins,
big gins, undercuts scored and suffered, walls, points, largest hand, longest run), with the
team's result, games, shutouts and net.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple, TypeVar

from scorekeeper.engine import Form, Kind, Round, Scoresheet, TableHand, fold, team_name
from scorekeeper.i18n import _


class Figures(NamedTuple):
    """A player's figures, in one match or summed over many."""

    matches: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    games_won: int = 0
    hands_won: int = 0
    gins: int = 0
    big_gins: int = 0
    undercuts_scored: int = 0
    undercuts_suffered: int = 0
    walls: int = 0
    shutouts: int = 0
    points: int = 0
    """The points of the hands won."""
    largest_hand: int = 0
    """A best over the matches, not a sum."""
    longest_run: int = 0
    """The most hands won one after another (a best over the matches)."""
    net: int = 0
    """The match net (docs/rules.md, Settling a game)."""

    @property
    def average_hand(self) -> float:
        """The average points of a won hand (0 before any), to one place."""
        return round(self.points / self.hands_won, 1) if self.hands_won else 0.0

    def to_json(self) -> dict[str, Any]:
        return {**self._asdict(), "average_hand": self.average_hand}


#: Every figure kept per player and match, in the order they are shown.
FIELDS = Figures._fields
#: Figures that are a best over matches, not a sum.
BEST = ("largest_hand", "longest_run")
#: A partner's figures that are the team's.
SHARED = ("matches", "won", "drawn", "lost", "games_won", "shutouts", "net")

K = TypeVar("K", str, tuple[str, str])
"""Whom figures are of: a player, or a player against an opponent."""

Tally = dict[str, dict[str, int]]
"""Figures being counted, by player."""


def _tally(players: Iterable[str]) -> Tally:
    return {player: dict.fromkeys(FIELDS, 0) for player in players}


def _figures(tally: Tally) -> dict[str, Figures]:
    return {player: Figures(**counted) for player, counted in tally.items()}


def match_figures(sheet: Scoresheet) -> dict[str, Figures]:
    """Each player's figures in one finished match (a partnership match: each team's, and each
    partner's).

    >>> from scorekeeper.engine import Hand, replay
    >>> from scorekeeper.rules import Rules
    >>> sheet = replay(("Ann", "Ben"), Rules(), "Ann", [
    ...     Hand.knock("Ann", 3, 20), Hand.wall(), Hand.knock("Ben", 6, 4),
    ...     Hand.gin("Ann", 10)])
    >>> ann = match_figures(sheet)["Ann"]
    >>> ann.hands_won, ann.undercuts_scored, ann.gins, ann.points, ann.longest_run
    (3, 1, 1, 79, 3)
    """
    tally = _tally(sheet.players)
    _count_hands(tally, sheet.rounds)
    _count_result(tally, sheet)
    if sheet.variant.form is Form.PARTNERSHIP:
        _partners(sheet, tally)
    return _figures(tally)


def head_to_head(sheet: Scoresheet) -> dict[tuple[str, str], Figures]:
    """What passed between each two opponents of one finished match: ``(A, B)`` holds A's
    figures against B (see the module's docstring)."""
    whole = match_figures(sheet)
    form = sheet.variant.form
    if form is Form.TWO:
        a, b = sheet.players
        return {(a, b): whole[a], (b, a): whole[b]}
    pairs: dict[tuple[str, str], Figures] = {}
    if form is Form.PARTNERSHIP:
        assert sheet.teams is not None
        a, b = sheet.players
        pairs = {(a, b): whole[a], (b, a): whole[b]}
        team_of = {p: team_name(team) for team in sheet.teams for p in team}
        for mine in sheet.teams[0]:
            for theirs in sheet.teams[1]:
                tables = [
                    t for r in sheet.rounds for t in r.tables if set(t.players) == {mine, theirs}
                ]
                tally = _tally((mine, theirs))
                _count_tables(tally, tables)
                for player in (mine, theirs):
                    for field in SHARED:
                        tally[player][field] = getattr(whole[team_of[player]], field)
                other = {mine: theirs, theirs: mine}
                pairs.update(((p, other[p]), f) for p, f in _figures(tally).items())
        return pairs
    game = sheet.games[0]
    settlement = game.settlement
    for index, a in enumerate(sheet.players):
        for b in sheet.players[index + 1 :]:
            played = [r for r in sheet.rounds if set(r.between) == {a, b}]
            tally = _tally((a, b))
            _count_hands(tally, played)
            for me, you in ((a, b), (b, a)):
                counted = tally[me]
                counted["matches"] = 1
                counted["won"] = int(sheet.winner == me)
                counted["drawn"] = int(sheet.winner is None)
                counted["lost"] = int(sheet.winner not in (None, me))
                counted["games_won"] = int(game.winner == me)
                if settlement is not None:
                    counted["shutouts"] = int(game.winner == me and you in settlement.shut_out)
                    counted["net"] = settlement.owed[me, you]
            pairs[a, b], pairs[b, a] = Figures(**tally[a]), Figures(**tally[b])
    return pairs


def headings() -> dict[str, str]:
    """The brief headings of the figures ``stats`` shows in a line per player (or opponent)."""
    return {
        "matches": _("Played"),
        "won": _("Won"),
        "drawn": _("Drawn"),
        "lost": _("Lost"),
        "games_won": _("Games"),
        "hands_won": _("Hands"),
        "net": _("Net"),
    }


def summed(found: Iterable[dict[K, Figures]]) -> dict[K, Figures]:
    """Figures of many matches added up by whom they are of (names as last spelt, case and
    accents aside), as the store's summaries add them: a best is the best, the rest summed."""
    totals: dict[object, dict[str, int]] = {}
    names: dict[object, K] = {}
    for figures in found:
        for who, mine in figures.items():
            key = fold(who) if isinstance(who, str) else tuple(map(fold, who))
            names[key] = who
            total = totals.setdefault(key, dict.fromkeys(FIELDS, 0))
            for name in FIELDS:
                figure = getattr(mine, name)
                total[name] = max(total[name], figure) if name in BEST else total[name] + figure
    order = sorted(totals, key=str)
    return {names[key]: Figures(**totals[key]) for key in order}


def _count_hands(tally: Tally, rounds: Iterable[Round]) -> None:
    """Count the hands (or partnership deals) of these rounds for the players who played them:
    hands won, their kinds and points, walls and runs."""
    run = dict.fromkeys(tally, 0)
    for r in rounds:
        at = r.between
        for player in at:
            walls = sum(t.kind is Kind.WALL for t in r.tables) + (r.kind is Kind.WALL)
            tally[player]["walls"] += walls
        if r.winner is not None:
            loser = next(p for p in at if p != r.winner)
            _won(tally, run, r.winner, loser, r.kind, r.points)


def _count_tables(tally: Tally, tables: Iterable[TableHand]) -> None:
    """Count the hands of these partnership tables for the partners who played them."""
    run = dict.fromkeys(tally, 0)
    for table in tables:
        if table.winner is None:
            for player in table.players:
                tally[player]["walls"] += 1
            continue
        assert table.kind is not None
        loser = next(p for p in table.players if p != table.winner)
        _won(tally, run, table.winner, loser, table.kind, table.points)


def _count_result(tally: Tally, sheet: Scoresheet) -> None:
    """Count what the games and the match came to: games won, shutouts, the net, the result."""
    for game in sheet.games:
        if game.winner is None or game.settlement is None:
            continue
        tally[game.winner]["games_won"] += 1
        tally[game.winner]["shutouts"] += int(game.settlement.lines[game.winner].shutout)
    for player, mine in tally.items():
        mine["matches"] = 1
        mine["net"] = sheet.net[player]
        if sheet.finished:
            mine["won"] = int(sheet.winner == player)
            mine["drawn"] = int(sheet.winner is None)
            mine["lost"] = int(sheet.winner not in (None, player))


def _partners(sheet: Scoresheet, tally: Tally) -> None:
    """Partnership Gin: each partner's figures from the hands at their tables, with the team's
    result; and the team's gins, big gins and undercuts, which its partners made."""
    assert sheet.teams is not None
    team_of = {p: team_name(team) for team in sheet.teams for p in team}
    for partner, team in team_of.items():
        tally[partner] = {field: tally[team][field] if field in SHARED else 0 for field in FIELDS}
    partners = {partner: tally[partner] for partner in team_of}
    _count_tables(partners, (t for r in sheet.rounds for t in r.tables))
    for r in sheet.rounds:
        for table in r.tables:
            if table.winner is not None and table.kind is not None:
                loser = next(p for p in table.players if p != table.winner)
                _kind(tally, team_of[table.winner], team_of[loser], table.kind)


def _won(
    tally: Tally, run: dict[str, int], winner: str, loser: str, kind: Kind, points: int
) -> None:
    """Count a hand won by ``winner`` from ``loser``."""
    mine = tally[winner]
    mine["hands_won"] += 1
    mine["points"] += points
    mine["largest_hand"] = max(mine["largest_hand"], points)
    _kind(tally, winner, loser, kind)
    run[winner], run[loser] = run[winner] + 1, 0
    mine["longest_run"] = max(mine["longest_run"], run[winner])


def _kind(tally: Tally, winner: str, loser: str, kind: Kind) -> None:
    """Count what kind of hand ``winner`` won from ``loser``: a gin, a big gin, an undercut."""
    tally[winner]["gins"] += int(kind is Kind.GIN)
    tally[winner]["big_gins"] += int(kind is Kind.BIG_GIN)
    tally[winner]["undercuts_scored"] += int(kind is Kind.UNDERCUT)
    tally[loser]["undercuts_suffered"] += int(kind is Kind.UNDERCUT)


class Everyone(NamedTuple):
    """``stats``: every player's figures."""

    players: dict[str, Figures]

    def to_json(self) -> dict[str, Any]:
        return {"players": {name: f.to_json() for name, f in self.players.items()}}


class OnePlayer(NamedTuple):
    """``stats PLAYER``: one player's figures, and a line per opponent met (head to head)."""

    player: str
    stats: Figures
    opponents: dict[str, Figures]

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "stats": self.stats.to_json(),
            "opponents": {name: f.to_json() for name, f in self.opponents.items()},
        }


class HeadToHead(NamedTuple):
    """``stats PLAYER --against OTHER``: what passed between the two, each one's figures."""

    player: str
    against: str
    stats: dict[str, Figures]

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "against": self.against,
            "stats": {name: f.to_json() for name, f in self.stats.items()},
        }


StatsAnswer = Everyone | OnePlayer | HeadToHead
"""What ``stats`` answers (each as JSON is its ``to_json()``)."""
