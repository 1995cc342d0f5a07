"""The scoresheet: the hands in force scored in order, routed into the Hollywood columns,
each ended game settled, the match decided (docs/rules.md: Hollywood columns, Settling a game,
Dealing and the variants); and what the sheet says of the next hand.

>>> sheet = replay(("Alexandra", "Bob"), Rules(), "Alexandra", [
...     Hand.knock("Bob", 5, 15), Hand.knock("Alexandra", 2, 20),
...     Hand.knock("Bob", 3, 33), Hand.knock("Bob", 6, 10)])
>>> [game.points["Bob"] for game in sheet.games]
[44, 34, 4]
>>> [game.points["Alexandra"] for game in sheet.games]
[18, 0, 0]
"""

# No ``from __future__ import annotations`` here: typing.NamedTuple compiles every annotation
# given as a string, which would double what importing this module costs each command.
from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from typing import NamedTuple

from scorekeeper.engine.hands import Hand, InvalidHand, Kind, MatchFinished, Why, score
from scorekeeper.engine.tables import (
    Scored,
    Seating,
    TableHand,
    Teams,
    _table,
    deals,
    first_seating,
    pairings,
    table_of,
)
from scorekeeper.i18n import N_
from scorekeeper.rules import DealerRule, DecideBy, Rules, Shutout, ShutoutWhen


class Round(NamedTuple):
    """One hand in force (in Partnership Gin, one deal), scored and routed."""

    number: int
    """Counted from 1 over the hands in force."""
    hand: Hand | None
    """None for a partnership deal: its hands are in ``tables``."""
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
    between: tuple[str, str]
    """The two who played it (in Partnership Gin the teams, in Three-handed Gin the two of
    the three)."""
    tables: tuple[TableHand, ...] = ()
    """Partnership Gin: the deal's two tables."""
    seating: Seating | None = None
    """Three-handed Gin: who played this hand, who dealt it and who sat it out."""
    doubled: bool = False
    """Oklahoma Gin: a spade up-card doubled the points."""


class Line(NamedTuple):
    """One player's line in a settled game."""

    points: int
    """The column's hand points (doubled by a ``points`` shutout)."""
    box_bonus: int
    game_bonus: int
    shutout: bool
    """True on the winner's line when a shutout reward changed what the winner gets."""
    total: int
    """In Three-handed Gin without the shutout payments (see :attr:`Settlement.shut_out`)."""


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

    def net_of(self, player: str) -> int:
        """A player's own net."""
        return self.nets[player]


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


class Form(str, Enum):
    """Who plays a match, and how."""

    TWO = "two"
    """Two players, each for themselves."""
    THREE_HANDED = "three-handed"
    """Three players, two at a time, the loser sitting out."""
    PARTNERSHIP = "partnership"
    """Two teams of two, at two tables at once."""


def form_of(rules: Rules, teams: bool) -> Form | None:
    """Who plays a match of these rules, with teams or without; None for teams under
    Three-handed Gin's rules, which do not go together."""
    if teams:
        return None if rules.three_handed else Form.PARTNERSHIP
    return Form.THREE_HANDED if rules.three_handed else Form.TWO


def sides(rules: Rules, teams: bool) -> int:
    """How many sides a match of these rules has (three players in Three-handed Gin, two
    players or two teams in any other); 0 where they do not go together."""
    form = form_of(rules, teams)
    return 0 if form is None else 3 if form is Form.THREE_HANDED else 2


class Variant(NamedTuple):
    """The game a match is: who plays it (:class:`Form`) and how a hand is played."""

    form: Form
    oklahoma: bool
    """Oklahoma Gin: each hand's up-card sets its knock limit."""
    straight: bool
    """Straight Gin: no knocking."""

    def names(self) -> list[str]:
        """What the game is called besides Gin Rummy (to translate with ``_``): ``Oklahoma
        Gin``; none for a plain (or Hollywood) match."""
        return [
            name
            for name, played in (
                (N_("Three-handed Gin"), self.form is Form.THREE_HANDED),
                (N_("Partnership Gin"), self.form is Form.PARTNERSHIP),
                (N_("Oklahoma Gin"), self.oklahoma),
                (N_("Straight Gin"), self.straight),
            )
            if played
        ]


class Decision(str, Enum):
    """What decides the match (docs/rules.md: Hollywood columns, Options, the variants)."""

    GAMES = "games"
    """The majority of the games won (a match of several columns)."""
    ONE_GAME = "one game"
    """The one game's winner (one column)."""
    NET = "net"
    """The larger match net (``decide_by net``)."""
    COLUMN_POINTS = "column points"
    """The higher sum of raw column points (``end_after_first_game``)."""
    FIRST_TO_TARGET = "first to the target"
    """Three-handed Gin: the first to reach the target."""


class NextHand(NamedTuple):
    """Who plays and deals the next hand."""

    number: int
    """Its number (in Partnership Gin, the deal's)."""
    dealer: str
    """Who deals it (in Partnership Gin a team, at both tables)."""
    tables: tuple[tuple[str, str], ...]
    """Who plays it: the two players, or in Partnership Gin each table still to report."""
    sits_out: str | None = None
    """Three-handed Gin: who sits it out."""
    deal: bool = False
    """Partnership Gin: it is a deal of two tables."""


class Scoresheet(NamedTuple):
    """Where a match stands after the hands in force."""

    players: tuple[str, ...]
    """Two players (or teams' names); three in Three-handed Gin."""
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
    tally: Mapping[str, int]
    """What decides the match: games won, or the match net (``decide_by net``), or in a short
    match the sum of raw column points."""
    net: Mapping[str, int]
    """The match net (docs/rules.md, Settling a game): each player's sum of the settled
    games' nets."""
    teams: Teams | None = None
    """Partnership Gin: the two teams; ``players`` are then the teams' names."""
    pending: tuple[TableHand, ...] = ()
    """Partnership Gin: the next deal's tables, while one has reported and the other not."""
    seating: Seating | None = None
    """Three-handed Gin: who plays, deals and sits out the next hand."""

    def opponent(self, player: str) -> str:
        """The other player of a two-player match."""
        return self.players[1] if player == self.players[0] else self.players[0]

    def others(self, player: str) -> tuple[str, ...]:
        """Every player but ``player``."""
        return tuple(p for p in self.players if p != player)

    @property
    def target(self) -> int:
        """The points that end a game."""
        return self.rules.target

    def to_go(self, game: Game, player: str) -> int:
        """The points a player still needs to win an open game."""
        return self.target - game.points[player]

    @property
    def variant(self) -> Variant:
        """The game the match is."""
        form = form_of(self.rules, bool(self.teams))
        assert form is not None, "a match file with teams and three-handed rules is refused"
        return Variant(form, self.rules.oklahoma, self.rules.straight)

    @property
    def decided_by(self) -> Decision:
        """What decides the match."""
        if self.rules.three_handed:
            return Decision.FIRST_TO_TARGET
        if self.rules.end_after_first_game:
            return Decision.COLUMN_POINTS
        if self.rules.decide_by is DecideBy.NET:
            return Decision.NET
        return Decision.GAMES if len(self.games) > 1 else Decision.ONE_GAME

    def next_hand(self) -> NextHand:
        """Who plays and deals the next hand (after the match: the first of a new series)."""
        if self.teams:
            tables = (
                tuple(t.players for t in self.pending if t.hand is None)
                if self.pending
                else pairings(self.teams, len(self.rounds))
            )
            return NextHand(len(self.rounds) + 1, self.next_dealer, tables, deal=True)
        if self.seating:
            seating = self.seating
            return NextHand(
                len(self.rounds) + 1, seating.dealer, (seating.players,), seating.sits_out
            )
        a, b = self.players
        return NextHand(len(self.rounds) + 1, self.next_dealer, ((a, b),))

    def hands_played(self) -> int:
        """The hands played (walls too): a round each, or in Partnership Gin each table's hand
        of every deal, the half-reported one included."""
        if self.teams is None:
            return len(self.rounds)
        return sum(len(r.tables) for r in self.rounds) + sum(
            table.hand is not None for table in self.pending
        )


def replay(
    players: tuple[str, ...],
    rules: Rules,
    first_dealer: str,
    hands: Iterable[Hand],
    teams: Teams | None = None,
) -> Scoresheet:
    """Score the hands in force in order and build the scoresheet (docs/rules.md).

    In Partnership Gin (``teams`` given) ``players`` are the teams' names, and the hands come
    two to a deal, one from each table (see :func:`deals`). Three players are Three-handed Gin:
    each hand is scored between the two the rotation seats (:class:`Seating`).

    Raises :class:`InvalidHand` for an impossible hand and :class:`MatchFinished` for a hand
    after the one that ended the match.
    """
    pending: tuple[TableHand, ...] = ()
    if teams is not None:
        scored, pending = deals(rules, teams, players, hands)
        entries: Iterable[Hand | Scored] = scored
    else:
        entries = hands
    seating = first_seating(players, first_dealer) if len(players) == 3 else None
    count = rules.columns
    points = [{player: 0 for player in players} for _game in range(count)]
    boxes = [{player: 0 for player in players} for _game in range(count)]
    winners: list[str | None] = [None] * count
    opened: dict[str, set[int]] = {player: set() for player in players}
    dealer, finished, rounds, entered = first_dealer, False, [], 0

    def entered_in(player: str) -> list[int]:
        """The games a win by ``player`` goes into, opening the next one if there is one."""
        playing = [game for game in range(count) if winners[game] is None]
        fresh = [game for game in playing if game not in opened[player]]
        return sorted(opened[player] & set(playing) | set(fresh[:1]))

    for number, entry in enumerate(entries, start=1):
        if finished:
            raise MatchFinished(number - 1, entered)
        if isinstance(entry, Scored):
            _entered, hand, result, tables = entry
            entered = _entered
        else:
            hand, tables, entered = entry, (), number
            result = score(rules, _table(players, seating, hand), hand)
        games: list[int] = []
        ended: list[int] = []
        if result.winner is not None:
            games = entered_in(result.winner)
            opened[result.winner].update(games)
            for game in games:
                points[game][result.winner] += result.points
                boxes[game][result.winner] += result.boxes
                if points[game][result.winner] >= rules.target:
                    winners[game] = result.winner
                    ended.append(game)
            finished = (bool(ended) and rules.end_after_first_game) or None not in winners
        rounds.append(
            Round(
                number=number,
                hand=hand,
                kind=result.kind,
                dealer=seating.dealer if seating else dealer,
                winner=result.winner,
                points=result.points,
                games=tuple(game + 1 for game in games),
                ended=tuple(game + 1 for game in ended),
                totals={player: tuple(column[player] for column in points) for player in players},
                between=seating.players if seating else (players[0], players[1]),
                tables=tables,
                seating=seating,
                doubled=result.doubled,
            )
        )
        if seating is not None:
            seating = seating.after(result.winner, players)
        else:
            dealer = _next_dealer(rules, players, dealer, result.winner)
    if finished and pending:
        raise MatchFinished(len(rounds), entered)
    games_ = tuple(
        Game(
            number=game + 1,
            open=winners[game] is None and not finished,
            points=points[game],
            boxes=boxes[game],
            winner=winners[game],
            settlement=_settle(rules, players, points[game], boxes[game], winners[game]),
        )
        for game in range(count)
    )
    net = {
        player: sum(g.settlement.nets[player] for g in games_ if g.settlement) for player in players
    }
    counts = tally(rules, players, points, winners, net)
    return Scoresheet(
        players=players,
        rules=rules,
        first_dealer=first_dealer,
        rounds=tuple(rounds),
        games=games_,
        finished=finished,
        winner=_match_winner(counts) if finished else None,
        tally=counts,
        net=net,
        next_dealer=seating.dealer if seating else dealer,
        next_games={
            player: () if finished else tuple(game + 1 for game in entered_in(player))
            for player in players
        },
        teams=teams,
        pending=pending,
        seating=seating,
    )


def _next_dealer(rules: Rules, players: tuple[str, ...], dealer: str, winner: str | None) -> str:
    if winner is None:
        return dealer
    loser = players[1] if winner == players[0] else players[0]
    other = players[1] if dealer == players[0] else players[0]
    return {DealerRule.LOSER: loser, DealerRule.WINNER: winner, DealerRule.ALTERNATE: other}[
        rules.next_dealer
    ]


def _settle(
    rules: Rules,
    players: tuple[str, ...],
    points: Mapping[str, int],
    boxes: Mapping[str, int],
    winner: str | None,
) -> Settlement | None:
    """Settle an ended game, each column on its own (docs/rules.md, Settling a game).

    >>> _settle(Rules(), ("Ann", "Ben", "Cid"), {"Ann": 61, "Ben": 100, "Cid": 58},
    ...     {"Ann": 1, "Ben": 2, "Cid": 1}, "Ben").nets
    {'Ann': -161, 'Ben': 331, 'Cid': -170}
    """
    if winner is None:
        return None
    losers = [player for player in players if player != winner]
    shut_out = [
        loser
        for loser in losers
        if rules.shutout is not Shutout.NONE
        and (points[loser] if rules.shutout_when is ShutoutWhen.NO_POINTS else boxes[loser]) == 0
    ]
    lines = {
        player: _line(rules, points[player], boxes[player], player == winner, False)
        for player in players
    }
    extra = 0
    if shut_out and len(players) == 2:
        rewarded = _line(rules, points[winner], boxes[winner], True, True)
        if rewarded.total != lines[winner].total:
            lines[winner] = rewarded
        else:
            shut_out = []
    elif shut_out and rules.game_bonus:
        extra = rules.game_bonus  # each player shut out pays it once more (section 6)
        lines[winner] = lines[winner]._replace(shutout=True)
    else:
        shut_out = []
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


def _line(rules: Rules, points: int, boxes: int, won: bool, rewarded: bool) -> Line:
    """One player's line of a settled game, with the two-player shutout reward or without."""
    hand_points = points * (2 if rewarded and rules.shutout is Shutout.POINTS else 1)
    game_bonus = rules.game_bonus if won else 0
    game_bonus *= 2 if rewarded and rules.shutout is Shutout.GAME_BONUS else 1
    total = hand_points + rules.box_bonus * boxes + game_bonus
    total *= 2 if rewarded and rules.shutout is Shutout.TOTAL else 1
    return Line(hand_points, rules.box_bonus * boxes, game_bonus, rewarded, total)


def tally(
    rules: Rules,
    players: tuple[str, ...],
    points: list[dict[str, int]],
    winners: list[str | None],
    net: Mapping[str, int],
) -> dict[str, int]:
    """What decides the match (docs/rules.md, Hollywood columns): games won, or the match net; with
    ``end_after_first_game``, the sum of each player's raw column points."""
    if rules.end_after_first_game:
        return {player: sum(column[player] for column in points) for player in players}
    if rules.decide_by is DecideBy.NET:
        return dict(net)
    return {player: winners.count(player) for player in players}


def _match_winner(counts: Mapping[str, int]) -> str | None:
    """The player alone ahead on the tally; None for a draw."""
    best = max(counts.values())
    ahead = [player for player, count in counts.items() if count == best]
    return ahead[0] if len(ahead) == 1 else None


def check_correction(sheet: Scoresheet, hands: Sequence[Hand], number: int, new: Hand) -> None:
    """Refuse to replace hand ``number`` of these hands in force (``sheet`` being theirs) by
    ``new`` where the rules do not allow it: in Partnership Gin a table's hand is corrected at
    the same table; in Three-handed Gin a correction may not change who played a later hand,
    whose counts were between the two who played it (docs/rules.md, Three-handed Gin)."""
    old = hands[number - 1]
    if sheet.teams:
        a, b = table_of(sheet.teams, number, old.table or old.knocker or "")
        if (new.table or new.knocker) not in (a, b):
            raise InvalidHand(Why.OTHER_TABLE, number=number, a=a, b=b)
    if sheet.seating is not None and number < len(hands):
        corrected = replay(
            sheet.players, sheet.rules, sheet.first_dealer, [*hands[: number - 1], new]
        )
        played, would = sheet.rounds[number].seating, corrected.seating
        assert played is not None and would is not None
        if played.players != would.players:
            (a, b), (c, d) = played.players, would.players
            raise InvalidHand(Why.RESEATED, number=number, later=number + 1, a=a, b=b, c=c, d=d)
