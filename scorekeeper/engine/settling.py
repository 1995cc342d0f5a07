"""Settling an ended game (docs/rules.md, Settling a game): each player's line, the shutout, the
last game counting double, and what each player collects from or pays each other."""

# No ``from __future__ import annotations`` here: typing.NamedTuple compiles string annotations.
from collections.abc import Mapping
from typing import NamedTuple

from scorekeeper.rules import Rules, Shutout, ShutoutWhen


class Line(NamedTuple):
    """One player's line in a settled game."""

    points: int
    """The column's hand points (doubled by a ``points`` shutout)."""
    box_bonus: int
    """What the player's boxes are worth (under ``boxes_when`` each_hand, already in the
    column)."""
    game_bonus: int
    """The game bonus, doubled or with the ``shutout_bonus`` where the shutout rewards so."""
    shutout: bool
    """True on the winner's line when a shutout reward changed what the winner gets."""
    total: int
    """In Three-handed Gin without the shutout payments (see :attr:`Settlement.shut_out`);
    doubled in a last game that counts double."""
    gin_bonus: int = 0
    """``gin_bonus_when`` settlement: the gin bonuses kept aside in this game."""
    doubled: bool = False
    """``last_game_double``: this, the match's last game, counts double."""


class Settlement(NamedTuple):
    """A game's score once it has ended."""

    lines: Mapping[str, Line]
    net: int
    """The winner's net: the winner's total minus the loser's (with three players, what the
    winner collects from the other two)."""
    nets: Mapping[str, int]
    """Each player's net: the total minus each other player's total, and in Three-handed Gin
    the shutout payments; the nets add up to 0."""
    shut_out: tuple[str, ...] = ()
    """Three-handed Gin: the players who pay the winner the game bonus once more."""
    owed: Mapping[tuple[str, str], int] = {}
    """What each player collects from each other player (negative: pays); a player's net is
    the sum of them."""

    @property
    def each_with_each(self) -> bool:
        """Three-handed Gin: each player settles with each other player, so no one net is the
        game's."""
        return len(self.lines) > 2

    @property
    def settled_up(self) -> Mapping[tuple[str, str], int]:
        """What the sheet says each player collects from (or pays to) each other: where each
        settles with each (Three-handed Gin); none where the game's one net says it all."""
        return self.owed if self.each_with_each else {}

    def net_of(self, player: str) -> int:
        """A player's own net."""
        return self.nets[player]


class Column(NamedTuple):
    """What the players entered in one game, as its settlement counts it."""

    points: Mapping[str, int]
    """The hand points (without what boxes added at once)."""
    boxes: Mapping[str, int]
    aside: Mapping[str, int]
    """The gin bonuses kept aside until the game is settled."""


def settle(
    rules: Rules,
    players: tuple[str, ...],
    column: Column,
    winner: str | None,
    last: bool = False,
) -> Settlement | None:
    """Settle an ended game, each column on its own (docs/rules.md, Settling a game); the
    ``last`` game of the match counts double under ``last_game_double``.

    >>> settle(Rules(), ("Ann", "Ben", "Cid"), Column({"Ann": 61, "Ben": 100, "Cid": 58},
    ...     {"Ann": 1, "Ben": 2, "Cid": 1}, {"Ann": 0, "Ben": 0, "Cid": 0}), "Ben").nets
    {'Ann': -161, 'Ben': 331, 'Cid': -170}
    """
    if winner is None:
        return None
    losers = [player for player in players if player != winner]
    by_points = rules.shutout_when is ShutoutWhen.NO_POINTS
    shut_out = [
        loser
        for loser in losers
        if rules.shutout is not Shutout.NONE
        and (column.points[loser] if by_points else column.boxes[loser]) == 0
    ]
    lines = {player: _line(rules, column, player, player == winner, False) for player in players}
    extra = 0
    if shut_out and len(players) == 2:
        rewarded = _line(rules, column, winner, True, True)
        if rewarded.total != lines[winner].total:
            lines[winner] = rewarded
        else:
            shut_out = []
    elif shut_out and (extra := _shutout_payment(rules)):
        lines[winner] = lines[winner]._replace(shutout=True)  # each shut out pays it (section 6)
    else:
        shut_out = []
    if last and rules.last_game_double:
        lines = {p: line._replace(total=line.total * 2, doubled=True) for p, line in lines.items()}
    owed = {
        (player, other): lines[player].total
        - lines[other].total
        + (extra if player == winner and other in shut_out else 0)
        - (extra if other == winner and player in shut_out else 0)
        for player in players
        for other in players
        if other != player
    }
    nets = {
        player: sum(owed[player, other] for other in players if other != player)
        for player in players
    }
    return Settlement(lines, nets[winner], nets, tuple(shut_out) if len(players) == 3 else (), owed)


def _shutout_payment(rules: Rules) -> int:
    """Three-handed Gin: what each player shut out pays the winner besides the difference."""
    return rules.shutout_bonus if rules.shutout is Shutout.BONUS else rules.game_bonus


def _line(rules: Rules, column: Column, player: str, won: bool, rewarded: bool) -> Line:
    """One player's line of a settled game, with the two-player shutout reward or without."""
    reward = rules.shutout if rewarded else None
    hand_points = column.points[player] * (2 if reward is Shutout.POINTS else 1)
    game_bonus = rules.game_bonus if won else 0
    game_bonus *= 2 if reward is Shutout.GAME_BONUS else 1
    game_bonus += rules.shutout_bonus if reward is Shutout.BONUS else 0
    box_bonus, gin_bonus = rules.box_bonus * column.boxes[player], column.aside[player]
    total = hand_points + box_bonus + gin_bonus + game_bonus
    total *= 2 if reward is Shutout.TOTAL else 1
    return Line(hand_points, box_bonus, game_bonus, rewarded, total, gin_bonus)
