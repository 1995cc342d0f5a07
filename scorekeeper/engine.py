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

# No ``from __future__ import annotations`` here: typing.NamedTuple compiles every annotation
# given as a string, which would double what importing this module costs each command.
from collections.abc import Iterable, Mapping
from enum import Enum
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.i18n import _
from scorekeeper.rules import DealerRule, DecideBy, Rules, Shutout, ShutoutWhen, Tie

if TYPE_CHECKING:
    from scorekeeper.cards import Card

#: The largest deadwood a 10-card hand can hold: two each of K, Q, J, 10 and 9, no meld.
MAX_DEADWOOD = 98


Teams = tuple[tuple[str, str], tuple[str, str]]
"""Partnership Gin: two teams of two players."""


@cache  # the same few names are compared again and again (over years of matches, in stats)
def fold(text: str) -> str:
    """A name as it is compared: ignoring case and accents (``zoe`` finds ``Zoë``)."""
    import unicodedata

    return "".join(
        char
        for char in unicodedata.normalize("NFKD", text.casefold())
        if not unicodedata.combining(char)
    )


#: What joins the partners' names into a team's name.
TEAM_JOIN = " & "


def team_name(team: tuple[str, str] | list[str]) -> str:
    """A team as it stands on the sheet: ``Ann & Bob``."""
    return f"{team[0]}{TEAM_JOIN}{team[1]}"


def team_members(name: str) -> tuple[str, ...]:
    """The partners a team's name is made of, or the one player a name names.

    >>> team_members("Ann & Bob"), team_members("Ann")
    (('Ann', 'Bob'), ('Ann',))
    """
    return tuple(name.split(TEAM_JOIN))


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
    DEAL = "deal"
    """Partnership Gin: the two tables' hands of one deal, combined for the teams."""


class InvalidHand(ValueError):
    """Raised when an entered hand is impossible under the match's rules (e.g. deadwood 99).

    ``needs`` names what the hand lacks, where that is what is wrong (``"upcard"``);
    ``swapped`` holds the two counts the other way round where they would fit that way (a
    knocker's count over the limit, the opponent's within it)."""

    def __init__(
        self, message: str, needs: str | None = None, swapped: tuple[int, int] | None = None
    ) -> None:
        super().__init__(message)
        self.needs, self.swapped = needs, swapped


class MatchFinished(ValueError):
    """Raised when a hand follows the hand that ended the match."""

    def __init__(self, number: int, entered: int | None = None) -> None:
        super().__init__(
            _("The match ended with hand {number}; no hand can follow it.").format(number=number)
        )
        self.number = number
        """The hand (in Partnership Gin, the deal) that ended the match."""
        self.entered = number if entered is None else entered
        """How many entered hands it took to end the match."""


class Hand(NamedTuple):
    """The outcome of one hand exactly as the players entered it (a stored fact)."""

    entry: Entry
    knocker: str | None = None
    """Who knocked or went gin; None for a wall."""
    knocker_deadwood: int | None = None
    """0 for gin and big gin."""
    opponent_deadwood: int | None = None
    """After lay-offs (none are allowed against gin)."""
    upcard: str | None = None
    """Oklahoma Gin: the card that started the discard pile (``7♥``, ``K♠``)."""
    table: str | None = None
    """Partnership Gin: for a wall, a player at the table where it happened."""

    @classmethod
    def knock(
        cls, knocker: str, knocker_deadwood: int, opponent_deadwood: int, upcard: str | None = None
    ) -> "Hand":
        return cls(Entry.KNOCK, knocker, knocker_deadwood, opponent_deadwood, upcard)

    @classmethod
    def gin(
        cls, player: str, opponent_deadwood: int, big: bool = False, upcard: str | None = None
    ) -> "Hand":
        return cls(Entry.BIG_GIN if big else Entry.GIN, player, 0, opponent_deadwood, upcard)

    @classmethod
    def wall(cls, upcard: str | None = None, table: str | None = None) -> "Hand":
        return cls(Entry.WALL, upcard=upcard, table=table)

    def __repr__(self) -> str:
        """How the hand is made, the way it was entered: ``Hand.knock('Ann', 3, 20)``.

        >>> Hand.gin("Ben", 12, big=True), Hand.wall(table="Cid")
        (Hand.gin('Ben', 12, big=True), Hand.wall(table='Cid'))
        """
        upcard = [f"upcard={self.upcard!r}"] if self.upcard is not None else []
        if self.entry is Entry.WALL and self.knocker is None:
            table = [f"table={self.table!r}"] if self.table is not None else []
            return f"Hand.wall({', '.join(upcard + table)})"
        if self.table is None and self.entry is Entry.KNOCK:
            counts = [repr(self.knocker_deadwood), repr(self.opponent_deadwood)]
            return f"Hand.knock({', '.join([repr(self.knocker), *counts, *upcard])})"
        if self.table is None and self.knocker_deadwood == 0:  # gin or big gin
            big = ["big=True"] if self.entry is Entry.BIG_GIN else []
            counts = [repr(self.opponent_deadwood), *big]
            return f"Hand.gin({', '.join([repr(self.knocker), *counts, *upcard])})"
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"Hand({fields})"  # not a hand one of the constructors makes


class Score(NamedTuple):
    """What one hand is worth, before it is routed into the columns."""

    kind: Kind
    winner: str | None
    points: int
    boxes: int = 1
    """The boxes the winner earns in each game the hand is entered in (0 for a wall)."""
    doubled: bool = False
    """Oklahoma Gin: a spade up-card doubled the points."""


class Seating(NamedTuple):
    """Three-handed Gin: who plays a hand (in the order the match names them), who deals it and
    who sits it out."""

    players: tuple[str, str]
    dealer: str
    sits_out: str

    def after(self, winner: str | None, order: tuple[str, ...]) -> "Seating":
        """The next hand's seating (RULES.md section 6): after a won hand the loser sits out
        and the player who sat out deals to the winner; after a wall nothing changes. ``order``
        is the match's order of the players.

        >>> Seating(("Ann", "Ben"), "Ann", "Cid").after("Ben", ("Ann", "Ben", "Cid"))
        Seating(players=('Ben', 'Cid'), dealer='Cid', sits_out='Ann')
        """
        if winner is None:
            return self
        loser = self.players[1] if winner == self.players[0] else self.players[0]
        first, second = (p for p in order if p in (winner, self.sits_out))
        return Seating((first, second), self.sits_out, loser)


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
    """The match net (RULES.md section 3): each player's sum of the settled games' nets."""
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

    def to_go(self, game: Game, player: str) -> int:
        """The points a player still needs to win an open game."""
        return self.rules.target - game.points[player]

    def hands_played(self) -> int:
        """The hands played (walls too): a round each, or in Partnership Gin each table's hand
        of every deal, the half-reported one included."""
        if self.teams is None:
            return len(self.rounds)
        return sum(len(r.tables) for r in self.rounds) + sum(
            table.hand is not None for table in self.pending
        )


def score(rules: Rules, players: tuple[str, str], hand: Hand) -> Score:
    """Check one entered hand against the rules and say what it is worth (RULES.md sections 1
    and 6).

    >>> score(Rules(), ("Ann", "Ben"), Hand.knock("Ann", 7, 7))
    Score(kind=<Kind.UNDERCUT: 'undercut'>, winner='Ben', points=25, boxes=1, doubled=False)
    >>> score(Rules(oklahoma=True), ("Ann", "Ben"), Hand.knock("Ann", 3, 20, upcard="4♠"))
    Score(kind=<Kind.KNOCK: 'knock'>, winner='Ann', points=34, boxes=1, doubled=True)
    """
    upcard = _upcard(rules, hand)
    if hand.entry is Entry.WALL:
        return Score(Kind.WALL, None, 0, 0)
    if hand.knocker not in players:
        raise InvalidHand(
            _("{name!r} is not a player of this match; the players are {a} and {b}.").format(
                name=hand.knocker, a=players[0], b=players[1]
            )
        )
    kd, od = hand.knocker_deadwood, hand.opponent_deadwood
    opponent = players[1] if hand.knocker == players[0] else players[0]
    _check_deadwood(_("The opponent's deadwood"), od)
    _check_deadwood(_("The knocker's deadwood"), kd)
    assert od is not None and kd is not None
    doubled = doubles(rules, hand)
    double = 2 if doubled else 1
    kind = classify(hand)
    if kind is Kind.BIG_GIN:
        if rules.big_gin_bonus == 0:
            raise InvalidHand(
                _(
                    "Big gin is not played in this match (its big gin bonus is 0); "
                    "record it as a gin."
                )
            )
        return Score(
            kind, hand.knocker, (od + rules.big_gin_bonus) * double, rules.gin_boxes, doubled
        )
    if kind is Kind.GIN:
        return Score(kind, hand.knocker, (od + rules.gin_bonus) * double, rules.gin_boxes, doubled)
    if rules.straight:
        raise InvalidHand(
            _(
                "This is Straight Gin: nobody may knock, a hand ends only with "
                "gin, big gin or a wall. Record it with 'gin' or 'wall'."
            )
        )
    limit = knock_limit(rules, upcard)
    swapped = (od, kd) if kd > limit and 0 < od <= limit else None
    if kd > limit and upcard is not None:
        raise InvalidHand(
            (
                _("The up-card {card} is an ace: this hand had to end in gin, nobody can knock.")
                if limit == 0
                else _(
                    "The up-card {card} is an ace: this hand's knock limit is 1, nobody can knock "
                    "with {kd} deadwood. Enter 1, or 0 for gin."
                )
                if limit == 1
                else _(
                    "The up-card {card} sets this hand's knock limit to {limit}: nobody can knock "
                    "with {kd} deadwood. Enter 1 to {limit}, or 0 for gin."
                )
            ).format(card=upcard, limit=limit, kd=kd),
            swapped=swapped,
        )
    if kd > limit:
        raise InvalidHand(
            _(
                "Nobody can knock with {kd} deadwood: the knock limit is {limit}. "
                "Enter the knocker's deadwood from 1 to {limit}, or 0 for gin."
            ).format(kd=kd, limit=limit),
            swapped=swapped,
        )
    if kind is Kind.UNDERCUT:
        bonus = 0 if od == kd and rules.tie is Tie.NO_BONUS else rules.undercut_bonus
        return Score(kind, opponent, (kd - od + bonus) * double, rules.undercut_boxes, doubled)
    return Score(kind, hand.knocker, (od - kd) * double, 1, doubled)


def classify(hand: Hand) -> Kind:
    """What an entered hand comes to by its counts alone: a knock with no deadwood is gin, and
    a knock the opponent matches or beats (a tie too) is an undercut.

    >>> classify(Hand.knock("Ann", 4, 4)), classify(Hand.knock("Ann", 0, 4))
    (<Kind.UNDERCUT: 'undercut'>, <Kind.GIN: 'gin'>)
    """
    if hand.entry is not Entry.KNOCK:
        return Kind(hand.entry.value)
    kd, od = hand.knocker_deadwood or 0, hand.opponent_deadwood or 0
    if kd == 0:
        return Kind.GIN
    return Kind.UNDERCUT if od <= kd else Kind.KNOCK


def doubles(rules: Rules, hand: Hand) -> bool:
    """Oklahoma Gin: a spade up-card doubles everything the hand scores (``spades_double``)."""
    if hand.upcard is None or not rules.spades_double:
        return False
    from scorekeeper.cards import CardError, parse_card

    try:
        return parse_card(hand.upcard).suit == "S"
    except CardError:
        return False


def endings(rules: Rules, limit: int) -> list[Entry]:
    """How a hand may end under these rules and knock limit: no knock in Straight Gin or
    under an ace up-card that allows none; no big gin when its bonus is 0."""
    possible = [Entry.KNOCK, Entry.GIN, Entry.WALL, Entry.BIG_GIN]
    if rules.straight or limit == 0:
        possible.remove(Entry.KNOCK)
    if not rules.big_gin_bonus:
        possible.remove(Entry.BIG_GIN)
    return possible


def knock_limit(rules: Rules, upcard: "Card | None") -> int:
    """The most deadwood a hand may be knocked with: the match's limit, or in Oklahoma Gin the
    up-card's value (an ace: gin only, or 1 where the match allows it)."""
    if upcard is None:
        return rules.knock_limit
    if upcard.rank == 1:
        return 1 if rules.ace_knocks_one else 0
    return upcard.value


def _upcard(rules: Rules, hand: Hand) -> "Card | None":
    """The hand's up-card, required in Oklahoma Gin for a won hand and refused elsewhere."""
    if not rules.oklahoma:
        if hand.upcard is not None:
            raise InvalidHand(
                _(
                    "This match is not Oklahoma Gin, so a hand has no up-card; "
                    "leave the up-card out."
                )
            )
        return None
    if hand.upcard is None:
        if hand.entry is Entry.WALL:
            return None
        raise InvalidHand(
            _(
                "This is Oklahoma Gin: give the up-card that started the discard pile; it sets "
                "the hand's knock limit."
            ),
            needs="upcard",
        )
    from scorekeeper.cards import CardError, parse_card  # only Oklahoma Gin needs cards

    try:
        return parse_card(hand.upcard)
    except CardError as error:
        raise InvalidHand(str(error)) from None


def _check_deadwood(what: str, value: int | None) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_DEADWOOD:
        raise InvalidHand(
            _("{what} must be a whole number from 0 to {most}, not {value!r}.").format(
                what=what, most=MAX_DEADWOOD, value=value
            )
        )


def replay(
    players: tuple[str, ...],
    rules: Rules,
    first_dealer: str,
    hands: Iterable[Hand],
    teams: Teams | None = None,
) -> Scoresheet:
    """Score the hands in force in order and build the scoresheet (RULES.md sections 2-4 and 6).

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


def first_seating(players: tuple[str, ...], dealer: str) -> Seating:
    """Three-handed Gin: the first hand is played by the two players named first, one of them
    dealing; the third sits out."""
    return Seating((players[0], players[1]), dealer, players[2])


def _table(players: tuple[str, ...], seating: Seating | None, hand: Hand) -> tuple[str, str]:
    """The two players a hand is scored between; a hand by a player sitting out is refused."""
    if seating is None:
        return (players[0], players[1])
    if hand.knocker == seating.sits_out:
        raise InvalidHand(
            _("{name} sits out this hand: {a} and {b} are playing.").format(
                name=hand.knocker, a=seating.players[0], b=seating.players[1]
            )
        )
    if hand.entry is not Entry.WALL and hand.knocker not in players:
        raise InvalidHand(
            _("{name!r} is not a player of this match; the players are {players}.").format(
                name=hand.knocker, players=", ".join(players)
            )
        )
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
        if not at:
            raise InvalidHand(
                _("{name!r} is not a player of this match; the players are {players}.").format(
                    name=who, players=", ".join(teams[0] + teams[1])
                )
                if who
                else _("In Partnership Gin a wall names a player at its table.")
            )
        if at[0] in reported:
            other = tables[1 - at[0]]
            raise InvalidHand(
                _(
                    "{a} v {b} has already reported deal {deal}; the other table, {c} v {d}, "
                    "has not."
                ).format(
                    a=tables[at[0]][0], b=tables[at[0]][1], deal=deal + 1, c=other[0], d=other[1]
                )
            )
        result = score(rules, tables[at[0]], hand)
        reported[at[0]] = TableHand(
            tables[at[0]], hand, result.kind, result.winner, result.points, result.doubled
        )
        if len(reported) == 2:
            both = (reported[0], reported[1])
            won = team_points(both, teams)
            winner = names[0] if won[0] > won[1] else names[1] if won[1] > won[0] else None
            sides = {t.winner in teams[1] for t in both if t.winner is not None}
            if len(sides) == 1 and all(t.winner for t in both):  # one team won both hands
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
    """Settle an ended game, each column on its own (RULES.md sections 3 and 6).

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
    """What decides the match (RULES.md section 2): games won, or the match net; with
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
