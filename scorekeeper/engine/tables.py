"""Who plays each hand: the rotation of Three-handed Gin, and the two tables of each deal of
Partnership Gin (docs/rules.md)."""

# No ``from __future__ import annotations`` here: typing.NamedTuple compiles every annotation
# given as a string, which would double what importing this module costs each command.
from collections.abc import Iterable
from typing import NamedTuple

from scorekeeper.engine.hands import Entry, Hand, InvalidHand, Kind, Score, Why, score
from scorekeeper.i18n import together
from scorekeeper.rules import Rules

Teams = tuple[tuple[str, str], tuple[str, str]]
"""Partnership Gin: two teams of two players."""


class Seating(NamedTuple):
    """Three-handed Gin: who plays a hand (in the order the match names them), who deals it and
    who sits it out."""

    players: tuple[str, str]
    dealer: str
    sits_out: str

    def after(
        self, winner: str | None, order: tuple[str, ...], dealer_sits_out: bool = False
    ) -> "Seating":
        """The next hand's seating (docs/rules.md, Three-handed Gin): after a won hand the
        loser sits out and the player who sat out deals to the winner (with
        ``dealer_sits_out``, the loser deals it); after a wall nothing changes. ``order`` is
        the match's order of the players.

        >>> Seating(("Ann", "Ben"), "Ann", "Cid").after("Ben", ("Ann", "Ben", "Cid"))
        Seating(players=('Ben', 'Cid'), dealer='Cid', sits_out='Ann')
        >>> Seating(("Ann", "Ben"), "Cid", "Cid").after("Ben", ("Ann", "Ben", "Cid"), True)
        Seating(players=('Ben', 'Cid'), dealer='Ann', sits_out='Ann')
        """
        if winner is None:
            return self
        loser = self.players[1] if winner == self.players[0] else self.players[0]
        first, second = (p for p in order if p in (winner, self.sits_out))
        return Seating((first, second), loser if dealer_sits_out else self.sits_out, loser)


class TableHand(NamedTuple):
    """Partnership Gin: one table's hand within a deal, scored for its two players."""

    players: tuple[str, str]
    hand: Hand | None
    """None while the table has not reported."""
    kind: Kind | None
    winner: str | None
    points: int
    doubled: bool = False
    """Oklahoma Gin: a spade up-card doubled the points."""


def first_seating(rules: Rules, players: tuple[str, ...], dealer: str) -> Seating:
    """Three-handed Gin: the first hand is played by the two players named first; the third
    sits out. The match's first ``dealer`` deals it where the rules let that player deal it
    (:func:`first_dealers`); else, the rules having changed since (docs/rules.md, Changing the
    rules), the third deals it with ``dealer_sits_out`` and the first named without.

    >>> first_seating(Rules(three_handed=True, columns=1), ("A", "B", "C"), "C").dealer
    'A'
    >>> rules = Rules(three_handed=True, columns=1, dealer_sits_out=True)
    >>> first_seating(rules, ("A", "B", "C"), "B").dealer
    'C'
    """
    may_deal = first_dealers(rules, players)
    return Seating(
        (players[0], players[1]), dealer if dealer in may_deal else may_deal[0], players[2]
    )


def first_dealers(rules: Rules, players: tuple[str, ...]) -> tuple[str, ...]:
    """Who may deal the first hand: one of the two who play it, or in Three-handed Gin with
    ``dealer_sits_out`` the third, who sits it out.

    >>> first_dealers(Rules(three_handed=True, columns=1, dealer_sits_out=True), ("A", "B", "C"))
    ('C',)
    """
    return players[2:] if rules.dealer_sits_out else players[:2]


def _table(players: tuple[str, ...], seating: Seating | None, hand: Hand) -> tuple[str, str]:
    """The two players a hand is scored between; a hand by a player sitting out is refused."""
    if seating is None:
        return (players[0], players[1])
    if hand.knocker == seating.sits_out:
        a, b = seating.players
        raise InvalidHand(Why.SITS_OUT, name=hand.knocker, a=a, b=b)
    if hand.entry is not Entry.WALL and hand.knocker not in players:
        raise InvalidHand(Why.NOT_A_PLAYER, name=hand.knocker, players=together(players))
    return seating.players


class Scored(NamedTuple):
    """A hand (or a partnership deal) with its score, before it is routed into the columns."""

    entered: int
    """How many of the entered hands it took to get this far."""
    hand: Hand | None
    score: Score
    tables: tuple[TableHand, ...]


def pairings(teams: Teams, deal: int) -> tuple[tuple[str, str], tuple[str, str]]:
    """Who plays whom in deal ``deal`` (from 0): first partner against first partner, then
    partners change opponents every deal.

    >>> pairings((("Ann", "Bob"), ("Cid", "Dee")), 1)
    (('Ann', 'Dee'), ('Bob', 'Cid'))
    """
    (a1, a2), (b1, b2) = teams
    return ((a1, b1), (a2, b2)) if deal % 2 == 0 else ((a1, b2), (a2, b1))


def deal_of(hand: int) -> int:
    """Partnership Gin: the deal (from 0) that table hand number ``hand`` (from 1) belongs to,
    each deal being one hand at each of its two tables.

    >>> deal_of(1), deal_of(2), deal_of(3)
    (0, 0, 1)
    """
    return (hand - 1) // 2


def table_of(teams: Teams, hand: int, player: str) -> tuple[str, str]:
    """Partnership Gin: the table of ``player`` in the deal of table hand number ``hand``."""
    return next(table for table in pairings(teams, deal_of(hand)) if player in table)


def team_points(tables: Iterable[TableHand], teams: Teams) -> tuple[int, int]:
    """Partnership Gin: what each team won at these tables of a deal."""
    tables = tuple(tables)
    return (
        sum(t.points for t in tables if t.winner in teams[0]),
        sum(t.points for t in tables if t.winner in teams[1]),
    )


def deals(
    rules: Rules, teams: Teams, names: tuple[str, ...], hands: Iterable[Hand]
) -> tuple[list[Scored], tuple[TableHand, ...]]:
    """Partnership Gin: pair the hands into deals, one from each table, and combine each
    deal's two hands into one team result: a team that won both hands scores the sum; if each
    team won one, the larger score wins the difference (equal scores: nobody scores).

    Returns the complete deals and, while a deal is half reported, its two tables.
    """
    scored: list[Scored] = []
    reported: dict[int, TableHand] = {}
    for entered, hand in enumerate(hands, start=1):
        deal = len(scored)
        tables = pairings(teams, deal)
        who = hand.table if hand.entry is Entry.WALL else hand.knocker
        at = [index for index, table in enumerate(tables) if who in table]
        if not at and who:
            raise InvalidHand(Why.NOT_A_PLAYER, name=who, players=together(teams[0] + teams[1]))
        if not at:
            raise InvalidHand(Why.WALL_TABLE, name=tables[0][0])
        if at[0] in reported:
            (a, b), (c, d) = tables[at[0]], tables[1 - at[0]]
            raise InvalidHand(Why.REPORTED, a=a, b=b, deal=deal + 1, c=c, d=d)
        result = score(rules, tables[at[0]], hand)
        reported[at[0]] = TableHand(
            tables[at[0]], hand, result.kind, result.winner, result.points, result.doubled
        )
        if len(reported) == 2:
            both = (reported[0], reported[1])
            won = team_points(both, teams)
            winner = names[0] if won[0] > won[1] else names[1] if won[1] > won[0] else None
            sides = {t.winner in teams[1] for t in both if t.winner is not None}
            if len(sides) == 1:  # one team won the hands not walled, even for 0 points
                winner = names[sides.pop()]
            scored.append(
                Scored(entered, None, Score(Kind.DEAL, winner, abs(won[0] - won[1])), both)
            )
            reported = {}
    tables = pairings(teams, len(scored))
    pending = (
        tuple(
            reported.get(index, TableHand(tables[index], None, None, None, 0)) for index in (0, 1)
        )
        if reported
        else ()
    )
    return scored, pending
