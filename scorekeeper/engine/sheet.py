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
from collections.abc import Collection, Iterable, Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.engine.hands import Hand, InvalidHand, Kind, MatchFinished, Score, Why, score
from scorekeeper.engine.nexthand import NextHand
from scorekeeper.engine.settling import Column, Settlement, settle
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
from scorekeeper.rules import BoxesWhen, DealerRule, DecideBy, Form, GinBonusWhen, Rules, Shutout

if TYPE_CHECKING:
    from scorekeeper.cards import Card


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
    """The games (numbered from 1) the points and the boxes were entered in."""
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
    boxes: int = 0
    """The boxes the winner earned in each game the hand was entered in."""
    box_points: int = 0
    """``boxes_when`` each_hand: what the boxes added to each of those columns at once."""

    @property
    def sat_out(self) -> tuple[str, ...]:
        """Who sat the hand out (Three-handed Gin), as the log names them: none otherwise."""
        return (self.seating.sits_out,) if self.seating else ()

    aside: int = 0
    """``gin_bonus_when`` settlement: the gin bonus kept aside in each of those games."""


class Game(NamedTuple):
    """One game, played between the players' columns ``column``: Game *n* in column *n*,
    unless the match has more games than columns (then a game opens in the column of one
    that ended)."""

    number: int
    open: bool
    """True while the game is still being played."""
    points: Mapping[str, int]
    """Each player's column: the hand points entered in it (and under ``boxes_when``
    each_hand what the boxes added)."""
    boxes: Mapping[str, int]
    """The boxes each player earned in this game (a gin may earn more than one)."""
    winner: str | None
    settlement: Settlement | None
    column: int = 1
    """The column it is played in (from 1)."""


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
    def several_games(self) -> bool:
        """The match has more than one game, so a hand says which games it entered."""
        return self.rules.game_count > 1

    @property
    def half_reported(self) -> "tuple[TableHand, TableHand] | None":
        """Partnership Gin, a deal half reported: the table whose hand is in, and the table
        still to report; None otherwise."""
        if not self.pending:
            return None
        reported = next(t for t in self.pending if t.hand is not None)
        return reported, next(t for t in self.pending if t.hand is None)

    @property
    def gin_bonus_aside(self) -> bool:
        """``gin_bonus_when`` settlement: gin bonuses are kept aside, each settlement's lines
        having a gin bonus of their own."""
        return self.rules.gin_bonus_when is GinBonusWhen.SETTLEMENT

    @property
    def shutout_bonus(self) -> int | None:
        """``shutout`` bonus: what the shutout's reward is (with three players, what each player
        shut out pays); None where the shutout is rewarded otherwise."""
        return self.rules.shutout_bonus if self.rules.shutout is Shutout.BONUS else None

    @property
    def decided_by(self) -> Decision:
        """What decides the match."""
        if self.rules.three_handed:
            return Decision.FIRST_TO_TARGET
        if self.rules.end_after_first_game:
            return Decision.COLUMN_POINTS
        if self.rules.decide_by is DecideBy.NET:
            return Decision.NET
        return Decision.GAMES if self.rules.game_count > 1 else Decision.ONE_GAME

    def next_hand(self, upcard: "Card | None" = None) -> NextHand:
        """Who plays and deals the next hand (after the match: the first of a new series), and
        what it may be (in Oklahoma Gin, under this up-card)."""
        number, rules = self.hands_played() + 1, self.rules
        if self.teams:
            tables = (
                tuple(t.players for t in self.pending if t.hand is None)
                if self.pending
                else pairings(self.teams, len(self.rounds))
            )
            everyone = self.teams[0] + self.teams[1]
            reported = next((t.players for t in self.pending if t.hand is not None), None)
            return NextHand(
                number,
                self.next_dealer,
                tables,
                None,
                True,
                rules,
                everyone,
                upcard,
                reported,
                len(self.rounds) + 1,
            )
        if self.seating:
            seating = self.seating
            return NextHand(
                number,
                seating.dealer,
                (seating.players,),
                seating.sits_out,
                False,
                rules,
                self.players,
                upcard,
            )
        a, b = self.players
        return NextHand(
            number, self.next_dealer, ((a, b),), None, False, rules, self.players, upcard
        )

    def in_columns(self, ended: Collection[int] = ()) -> list[Game]:
        """The games in the columns now, in game order, the one order every screen shows
        them in: in each column the game in progress there, or once the match's games have
        all opened, the last played there. With ``games`` above the columns, Game 4 is in
        column 1 once Game 1 has ended, and comes after Games 2 and 3. A game in ``ended``
        (those a change just ended) is shown in its column in place of the game that opened
        there after it.

        >>> sheet = replay(("Ann", "Ben"), Rules(games=4), "Ann", [Hand.gin("Ann", 80)])
        >>> [(game.number, game.column) for game in sheet.in_columns()]
        [(2, 2), (3, 3), (4, 1)]
        >>> [game.number for game in sheet.in_columns(ended=[1])]
        [1, 2, 3]
        """
        shown = {game.column: game for game in self.games}
        shown.update({game.column: game for game in self.games if game.number in ended})
        return sorted(shown.values(), key=lambda game: game.number)

    def games_won(self) -> dict[str, int]:
        """How many games each player has won so far."""
        winners = [game.winner for game in self.games]
        return {player: winners.count(player) for player in self.players}

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
    seating = first_seating(rules, players, first_dealer) if len(players) == 3 else None
    state = _Columns(rules, players)
    dealer, finished, rounds, entered = first_dealer, False, [], 0
    for number, entry in enumerate(entries, start=1):
        if finished:
            raise MatchFinished(number - 1, entered)
        if isinstance(entry, Scored):
            _entered, hand, result, tables = entry
            entered = _entered
        else:
            hand, tables, entered = entry, (), number
            result = score(rules, _table(players, seating, hand), hand)
        games, ended = state.enter(result)
        finished = state.finished
        rounds.append(
            Round(
                number=number,
                hand=hand,
                kind=result.kind,
                dealer=seating.dealer if seating else dealer,
                winner=result.winner,
                points=result.points,
                games=games,
                ended=ended,
                totals=state.totals(),
                between=seating.players if seating else (players[0], players[1]),
                tables=tables,
                seating=seating,
                doubled=result.doubled,
                boxes=result.boxes if result.winner else 0,
                box_points=state.box_points(result),
                aside=result.aside,
            )
        )
        if seating is not None:
            seating = seating.after(result.winner, players, rules.dealer_sits_out)
        else:
            dealer = _next_dealer(rules, players, dealer, result.winner)
    if finished and pending:
        raise MatchFinished(len(rounds), entered)
    games_ = state.games()
    net = {
        player: sum(g.settlement.nets[player] for g in games_ if g.settlement) for player in players
    }
    counts = tally(rules, players, state.hand_points, state.winners, net)
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
            player: () if finished else tuple(game + 1 for game in state.entered_in(player))
            for player in players
        },
        teams=teams,
        pending=pending,
        seating=seating,
    )


class _Columns:
    """The games of a match as the hands are entered (docs/rules.md, Hollywood columns): which
    games are open, what each player's columns hold, who won which game. Games are counted
    from 0 here; ``opened`` games number as many as the columns at first, and each game that
    ends makes way for the next in its column until the match's games are all open."""

    def __init__(self, rules: Rules, players: tuple[str, ...]) -> None:
        self.rules, self.players = rules, players
        count = rules.game_count
        self.points = [{player: 0 for player in players} for _game in range(count)]
        self.hand_points = [{player: 0 for player in players} for _game in range(count)]
        self.boxes = [{player: 0 for player in players} for _game in range(count)]
        self.aside = [{player: 0 for player in players} for _game in range(count)]
        self.winners: list[str | None] = [None] * count
        self.columns = list(range(min(rules.columns, count)))
        """The column of each game opened so far."""
        self.mine: dict[str, set[int]] = {player: set() for player in players}
        """The games each player has opened with a win."""
        self.finished = False

    def entered_in(self, player: str) -> list[int]:
        """The games a win by ``player`` goes into, opening the next one if there is one."""
        playing = [game for game in range(len(self.columns)) if self.winners[game] is None]
        fresh = [game for game in playing if game not in self.mine[player]]
        return sorted(self.mine[player] & set(playing) | set(fresh[:1]))

    def box_points(self, result: Score) -> int:
        """What a won hand's boxes add to each column at once (``boxes_when`` each_hand)."""
        each_hand = self.rules.boxes_when is BoxesWhen.EACH_HAND
        return self.rules.box_bonus * result.boxes if each_hand and result.winner else 0

    def enter(self, result: Score) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Enter a hand's score: the games it went into and those it ended (numbered from
        1)."""
        winner = result.winner
        if winner is None:
            return (), ()
        games = self.entered_in(winner)
        self.mine[winner].update(games)
        ended = []
        for game in games:
            self.hand_points[game][winner] += result.points
            self.points[game][winner] += result.points + self.box_points(result)
            self.boxes[game][winner] += result.boxes
            self.aside[game][winner] += result.aside
            if self.points[game][winner] >= self.rules.target:
                self.winners[game] = winner
                ended.append(game)
        for game in ended:  # each ended game makes way for the next, in its column
            if len(self.columns) < len(self.winners):
                self.columns.append(self.columns[game])
        self.finished = (bool(ended) and self.rules.end_after_first_game) or (
            None not in self.winners
        )
        return tuple(game + 1 for game in games), tuple(game + 1 for game in ended)

    def totals(self) -> dict[str, tuple[int, ...]]:
        """Each player's columns in the games opened so far, game by game."""
        opened = range(len(self.columns))
        return {player: tuple(self.points[g][player] for g in opened) for player in self.players}

    def games(self) -> tuple["Game", ...]:
        """The games opened, each settled once it has a winner."""
        return tuple(
            Game(
                number=game + 1,
                open=self.winners[game] is None and not self.finished,
                points=self.points[game],
                boxes=self.boxes[game],
                winner=self.winners[game],
                settlement=settle(
                    self.rules,
                    self.players,
                    Column(self.hand_points[game], self.boxes[game], self.aside[game]),
                    self.winners[game],
                    last=game + 1 == self.rules.game_count,
                ),
                column=column + 1,
            )
            for game, column in enumerate(self.columns)
        )


def _next_dealer(rules: Rules, players: tuple[str, ...], dealer: str, winner: str | None) -> str:
    if winner is None:
        return dealer
    loser = players[1] if winner == players[0] else players[0]
    other = players[1] if dealer == players[0] else players[0]
    return {DealerRule.LOSER: loser, DealerRule.WINNER: winner, DealerRule.ALTERNATE: other}[
        rules.next_dealer
    ]


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


def reseated(
    before: Scoresheet, after: Scoresheet
) -> tuple[int, tuple[str, str], tuple[str, str]] | None:
    """Three-handed Gin: the first hand that two sheets of the same hands (under other rules,
    say) seat differently, with who played it in each; None where none is (and elsewhere)."""
    for old, new in zip(before.rounds, after.rounds):
        if old.seating and new.seating and old.seating.players != new.seating.players:
            return old.number, old.seating.players, new.seating.players
    return None


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
