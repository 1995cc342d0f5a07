"""The scoring engine: the rules of record (RULES.md) and nothing else.

Pure: the players, the :class:`~scorekeeper.rules.Rules`, the first dealer and the hands as they
were entered go in; a :class:`Scoresheet` comes out. Every total is a fold over the hands, so a
corrected or voided hand simply means replaying a different list.

>>> sheet = replay(("Alexandra", "Bob"), Rules(), "Alexandra", [
...     Hand.knock("Bob", 5, 15), Hand.knock("Alexandra", 2, 20),
...     Hand.knock("Bob", 3, 33), Hand.knock("Bob", 6, 10)])
>>> [game.points["Bob"] for game in sheet.games]
[44, 34, 4]
>>> [game.points["Alexandra"] for game in sheet.games]
[18, 0, 0]
"""

from __future__ import annotations

from enum import Enum
from typing import Iterable, Mapping, NamedTuple

from scorekeeper.i18n import _
from scorekeeper.rules import DealerRule, Rules, Shutout

#: The largest deadwood a 10-card hand can hold: two each of K, Q, J, 10 and 9, no meld.
MAX_DEADWOOD = 98


class Entry(str, Enum):
    """What the players enter after a hand."""

    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big_gin"
    WALL = "wall"


class Kind(str, Enum):
    """What a hand came to once scored: an entered knock is a knock, an undercut or a gin."""

    KNOCK = "knock"
    UNDERCUT = "undercut"
    GIN = "gin"
    BIG_GIN = "big_gin"
    WALL = "wall"


class InvalidHand(ValueError):
    """Raised when an entered hand is impossible under the match's rules (e.g. deadwood 99)."""


class MatchFinished(ValueError):
    """Raised when a hand follows the hand that ended the match."""

    def __init__(self, number: int) -> None:
        super().__init__(
            _("The match ended with hand {number}; no hand can follow it. "
              "Start a new match with 'scorekeeper new'.").format(number=number)
        )
        self.number = number
        """The hand that ended the match."""


class Hand(NamedTuple):
    """The outcome of one hand exactly as the players entered it (a stored fact)."""

    entry: Entry
    knocker: str | None = None
    """Who knocked or went gin; None for a wall."""
    knocker_deadwood: int | None = None
    """0 for gin and big gin."""
    opponent_deadwood: int | None = None
    """After lay-offs (none are allowed against gin)."""

    @classmethod
    def knock(cls, knocker: str, knocker_deadwood: int, opponent_deadwood: int) -> Hand:
        return cls(Entry.KNOCK, knocker, knocker_deadwood, opponent_deadwood)

    @classmethod
    def gin(cls, player: str, opponent_deadwood: int, big: bool = False) -> Hand:
        return cls(Entry.BIG_GIN if big else Entry.GIN, player, 0, opponent_deadwood)

    @classmethod
    def wall(cls) -> Hand:
        return cls(Entry.WALL)


class Score(NamedTuple):
    """What one hand is worth, before it is routed into the columns."""

    kind: Kind
    winner: str | None
    points: int


class Round(NamedTuple):
    """One hand in force, scored and routed."""

    number: int
    """Counted from 1 over the hands in force."""
    hand: Hand
    kind: Kind
    dealer: str
    winner: str | None
    points: int
    games: tuple[int, ...]
    """The games (numbered from 1) the points and a box were entered in."""
    ended: tuple[int, ...]
    """The games this hand ended."""
    totals: Mapping[str, tuple[int, ...]]
    """Each player's running column totals after this hand, game by game."""


class Line(NamedTuple):
    """One player's line in a settled game."""

    points: int
    """The column's hand points (doubled by a ``points`` shutout)."""
    box_bonus: int
    game_bonus: int
    shutout: bool
    """True on the winner's line when a shutout reward was applied."""
    total: int


class Settlement(NamedTuple):
    """A game's score once it has ended."""

    lines: Mapping[str, Line]
    net: int
    """The winner's total minus the loser's total."""


class Game(NamedTuple):
    """One Hollywood column pair: Game *number* between the players' column *number*."""

    number: int
    open: bool
    """True while the game is still being played."""
    points: Mapping[str, int]
    boxes: Mapping[str, int]
    """Hands each player won that were entered in this game."""
    winner: str | None
    settlement: Settlement | None


class Scoresheet(NamedTuple):
    """Where a match stands after the hands in force."""

    players: tuple[str, str]
    rules: Rules
    first_dealer: str
    rounds: tuple[Round, ...]
    games: tuple[Game, ...]
    finished: bool
    winner: str | None
    """The match winner once finished; None before, and for a drawn match."""
    next_dealer: str
    next_games: Mapping[str, tuple[int, ...]]
    """The games each player's next win would be entered in (empty once finished)."""

    def opponent(self, player: str) -> str:
        return self.players[1] if player == self.players[0] else self.players[0]


def score(rules: Rules, players: tuple[str, str], hand: Hand) -> Score:
    """Check one entered hand against the rules and say what it is worth (RULES.md section 1).

    >>> score(Rules(), ("Ann", "Ben"), Hand.knock("Ann", 7, 7))
    Score(kind=<Kind.UNDERCUT: 'undercut'>, winner='Ben', points=25)
    """
    if hand.entry is Entry.WALL:
        return Score(Kind.WALL, None, 0)
    if hand.knocker not in players:
        raise InvalidHand(
            _("{name!r} is not a player of this match; the players are {a} and {b}.")
            .format(name=hand.knocker, a=players[0], b=players[1])
        )
    kd, od = hand.knocker_deadwood, hand.opponent_deadwood
    opponent = players[1] if hand.knocker == players[0] else players[0]
    _check_deadwood(_("The opponent's deadwood"), od)
    assert od is not None
    if hand.entry is Entry.BIG_GIN:
        if rules.big_gin_bonus == 0:
            raise InvalidHand(
                _("Big gin is not played in this match (its big gin bonus is 0); "
                  "record it as a gin.")
            )
        return Score(Kind.BIG_GIN, hand.knocker, od + rules.big_gin_bonus)
    if hand.entry is Entry.GIN or kd == 0:
        return Score(Kind.GIN, hand.knocker, od + rules.gin_bonus)
    _check_deadwood(_("The knocker's deadwood"), kd)
    assert kd is not None
    if kd > rules.knock_limit:
        raise InvalidHand(
            _("Nobody can knock with {kd} deadwood: the knock limit is {limit}. "
              "Enter the knocker's deadwood from 1 to {limit}, or 0 for gin.")
            .format(kd=kd, limit=rules.knock_limit)
        )
    if od <= kd:
        return Score(Kind.UNDERCUT, opponent, kd - od + rules.undercut_bonus)
    return Score(Kind.KNOCK, hand.knocker, od - kd)


def _check_deadwood(what: str, value: int | None) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_DEADWOOD:
        raise InvalidHand(
            _("{what} must be a whole number from 0 to {most}, not {value!r}.")
            .format(what=what, most=MAX_DEADWOOD, value=value)
        )


def replay(
    players: tuple[str, str], rules: Rules, first_dealer: str, hands: Iterable[Hand]
) -> Scoresheet:
    """Score the hands in force in order and build the scoresheet (RULES.md sections 2-4).

    Raises :class:`InvalidHand` for an impossible hand and :class:`MatchFinished` for a hand
    after the one that ended the match.
    """
    count = rules.columns
    points = [{player: 0 for player in players} for _game in range(count)]
    boxes = [{player: 0 for player in players} for _game in range(count)]
    winners: list[str | None] = [None] * count
    opened: dict[str, set[int]] = {player: set() for player in players}
    dealer, finished, rounds = first_dealer, False, []

    def entered_in(player: str) -> list[int]:
        """The games a win by ``player`` goes into, opening the next one if there is one."""
        playing = [game for game in range(count) if winners[game] is None]
        fresh = [game for game in playing if game not in opened[player]]
        return sorted(opened[player] & set(playing) | set(fresh[:1]))

    for number, hand in enumerate(hands, start=1):
        if finished:
            raise MatchFinished(number - 1)
        result = score(rules, players, hand)
        games: list[int] = []
        ended: list[int] = []
        if result.winner is not None:
            games = entered_in(result.winner)
            opened[result.winner].update(games)
            for game in games:
                points[game][result.winner] += result.points
                boxes[game][result.winner] += 1
                if points[game][result.winner] >= rules.target:
                    winners[game] = result.winner
                    ended.append(game)
            finished = (bool(ended) and rules.end_after_first_game) or None not in winners
        rounds.append(Round(
            number=number, hand=hand, kind=result.kind, dealer=dealer,
            winner=result.winner, points=result.points,
            games=tuple(game + 1 for game in games), ended=tuple(game + 1 for game in ended),
            totals={player: tuple(column[player] for column in points) for player in players},
        ))
        dealer = _next_dealer(rules, players, dealer, result.winner)

    return Scoresheet(
        players=players, rules=rules, first_dealer=first_dealer, rounds=tuple(rounds),
        games=tuple(
            Game(
                number=game + 1, open=winners[game] is None and not finished,
                points=points[game], boxes=boxes[game], winner=winners[game],
                settlement=_settle(rules, players, points[game], boxes[game], winners[game]),
            )
            for game in range(count)
        ),
        finished=finished,
        winner=_match_winner(rules, players, points, winners) if finished else None,
        next_dealer=dealer,
        next_games={
            player: () if finished else tuple(game + 1 for game in entered_in(player))
            for player in players
        },
    )


def _next_dealer(rules: Rules, players: tuple[str, str], dealer: str, winner: str | None) -> str:
    if winner is None:
        return dealer
    loser = players[1] if winner == players[0] else players[0]
    other = players[1] if dealer == players[0] else players[0]
    return {DealerRule.LOSER: loser, DealerRule.WINNER: winner, DealerRule.ALTERNATE: other}[
        rules.next_dealer
    ]


def _settle(
    rules: Rules, players: tuple[str, str], points: Mapping[str, int],
    boxes: Mapping[str, int], winner: str | None,
) -> Settlement | None:
    """Settle an ended game, each column on its own (RULES.md section 3)."""
    if winner is None:
        return None
    loser = players[1] if winner == players[0] else players[0]
    shutout = points[loser] == 0 and rules.shutout is not Shutout.NONE
    lines = {}
    for player in players:
        rewarded = shutout and player == winner
        hand_points = points[player] * (2 if rewarded and rules.shutout is Shutout.POINTS else 1)
        game_bonus = rules.game_bonus if player == winner else 0
        game_bonus *= 2 if rewarded and rules.shutout is Shutout.GAME_BONUS else 1
        total = hand_points + rules.box_bonus * boxes[player] + game_bonus
        total *= 2 if rewarded and rules.shutout is Shutout.TOTAL else 1
        lines[player] = Line(hand_points, rules.box_bonus * boxes[player], game_bonus, rewarded,
                             total)
    return Settlement(lines, lines[winner].total - lines[loser].total)


def _match_winner(
    rules: Rules, players: tuple[str, str], points: list[dict[str, int]],
    winners: list[str | None],
) -> str | None:
    """Most games won; with ``end_after_first_game``, the higher sum of raw column points."""
    if rules.end_after_first_game:
        tally = {player: sum(column[player] for column in points) for player in players}
    else:
        tally = {player: winners.count(player) for player in players}
    first, second = players
    if tally[first] == tally[second]:
        return None
    return first if tally[first] > tally[second] else second
