"""One hand: what the players enter, what it may be under the rules, and what it is worth
(docs/rules.md: One hand, and the variants)."""

# No ``from __future__ import annotations`` here: typing.NamedTuple compiles every annotation
# given as a string, which would double what importing this module costs each command.
from collections.abc import Iterable
from enum import Enum
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper.i18n import N_, Quoted, _, together
from scorekeeper.rules import GinBonusWhen, OklahomaLimit, Rules, Tie

if TYPE_CHECKING:
    from scorekeeper.cards import Card

#: The largest deadwood a 10-card hand can hold: two each of K, Q, J, 10 and 9, no meld.
MAX_DEADWOOD = 98


@cache  # the same few names are compared again and again (over years of matches, in stats)
def fold(text: str) -> str:
    """A name as it is compared: ignoring case and accents (``zoe`` finds ``Zoë``)."""
    import unicodedata

    return "".join(
        char
        for char in unicodedata.normalize("NFKD", text.casefold())
        if not unicodedata.combining(char)
    )


def meant(words: Iterable[str], typed: str) -> list[str]:
    """The words ``typed`` may mean: the one it is, case and accents aside, else those it is a
    beginning of (none for nothing typed).

    >>> meant(["Ann", "Anna", "Ben"], "ann"), meant(["Ann", "Anna", "Ben"], "an")
    (['Ann'], ['Ann', 'Anna'])
    """
    folded = fold(typed.strip())
    exact = [word for word in words if fold(word) == folded]
    return exact or ([w for w in words if fold(w).startswith(folded)] if folded else [])


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


class Why(str, Enum):
    """What makes an entered hand impossible (:class:`InvalidHand` carries it)."""

    NOT_A_PLAYER = "not a player"
    """``name`` plays no part in the match (``players``)."""
    DEADWOOD = "deadwood"
    """A deadwood count (``what``: the knocker's or the opponent's) is not 0 to 98."""
    NO_BIG_GIN = "no big gin"
    """Big gin is not played: its bonus is 0."""
    STRAIGHT = "straight"
    """Straight Gin: nobody may knock."""
    OVER_LIMIT = "over the limit"
    """The knocker's ``kd`` is over the hand's knock ``limit`` (set by ``card`` in Oklahoma)."""
    NOT_OKLAHOMA = "not oklahoma"
    """A hand with an up-card outside Oklahoma Gin."""
    UPCARD = "up-card"
    """Oklahoma Gin: the hand names no up-card."""
    NOT_A_CARD = "not a card"
    """The up-card is not a card (``problem`` says why)."""
    SITS_OUT = "sits out"
    """Three-handed Gin: ``name`` sits out this hand, ``players`` play it."""
    REPORTED = "reported"
    """Partnership Gin: ``table`` reported deal ``deal`` already, ``other`` has not."""
    WALL_TABLE = "wall table"
    """Partnership Gin: a wall names no player at its table (``name`` is one who could be)."""
    OTHER_TABLE = "other table"
    """Partnership Gin: a correction of hand ``number`` names no player of its ``table``."""
    RESEATED = "reseated"
    """Three-handed Gin: a correction of hand ``number`` would change who played hand
    ``later``: ``played`` played it, ``would`` would have."""
    NOT_AN_ENDING = "not an ending"
    """``typed`` is not how this hand can end; it can end as ``options`` say."""
    UNKNOWN = "unknown"
    """``typed`` names nobody of the match; ``options`` play the hand."""
    AMBIGUOUS = "ambiguous"
    """``typed`` begins the names of two players of the match, ``a`` and ``b``."""
    GIN_NO_UNDERCUT = "gin no undercut"
    """An undercut asserted of a knock with no deadwood (gin, ``od`` the opponent's)."""
    TIE_NO_UNDERCUT = "tie no undercut"
    """An undercut asserted of a tie (``kd`` v ``od``) this match gives to the knocker."""
    NO_UNDERCUT = "no undercut"
    """An undercut asserted of a knock (``kd`` v ``od``) the knocker wins."""
    WALL_NAMES = "wall names"
    """A wall names a player (``typed``) outside Partnership Gin."""
    COUNT = "count"
    """A deadwood count (``what``) is not from 0 to ``most`` (``value``; None: not given)."""


#: What each problem is, said without advice (the command line adds what to do).
SAID = {
    Why.NOT_A_PLAYER: N_("{name!r} is not a player of this match; the players are {players}."),
    Why.DEADWOOD: N_("{what} must be a whole number from 0 to {most}, not {value!r}."),
    Why.NO_BIG_GIN: N_("Big gin is not played in this match (its big gin bonus is 0)."),
    Why.STRAIGHT: N_(
        "This is Straight Gin: nobody may knock; a hand ends only with gin or a wall."
    ),
    Why.NOT_OKLAHOMA: N_("This match is not Oklahoma Gin, so a hand has no up-card."),
    Why.UPCARD: N_(
        "This is Oklahoma Gin: a hand's up-card, the card that started the discard pile, is "
        "part of its record; it sets the hand's knock limit."
    ),
    Why.SITS_OUT: N_("{name} sits out this hand: {a} and {b} are playing."),
    Why.REPORTED: N_(
        "{a} v {b} has already reported deal {deal}; the other table, {c} v {d}, has not."
    ),
    Why.WALL_TABLE: N_("In Partnership Gin a wall names a player at its table."),
    Why.OTHER_TABLE: N_("Hand {number} was played at {a} v {b}."),
    Why.RESEATED: N_(
        "That correction would change who played hand {later}: {a} v {b} played it, but "
        "after it {c} v {d} would have."
    ),
    Why.NOT_AN_ENDING: N_("{typed!r} is not how a hand ends; answer {options}."),
    Why.UNKNOWN: N_("{typed!r} is not a player of this match: name {options}."),
    Why.AMBIGUOUS: N_("{typed!r} could be {a} or {b}; type more of it."),
    Why.GIN_NO_UNDERCUT: N_(
        "0 v {od} is not an undercut: a knock with 0 deadwood is gin, and gin cannot be undercut."
    ),
    Why.TIE_NO_UNDERCUT: N_(
        "{kd} v {od} is a tie, and this match gives a tie to the knocker: it is no undercut."
    ),
    Why.NO_UNDERCUT: N_(
        "{kd} v {od} is not an undercut: that needs the opponent's deadwood at or below the "
        "knocker's."
    ),
    Why.WALL_NAMES: N_(
        "A wall names no player (that is for Partnership Gin); leave {typed!r} out."
    ),
}

#: How each ending is called (to translate with ``_``), as the questions offer it.
ENDINGS = {
    Entry.KNOCK: N_("knock"),
    Entry.GIN: N_("gin"),
    Entry.WALL: N_("wall"),
    Entry.BIG_GIN: N_("big gin"),
}


class InvalidHand(ValueError):
    """Raised when an entered hand is impossible under the match's rules (e.g. deadwood 99).

    ``why`` says what is wrong and ``fields`` the figures and names it concerns; its text says
    so without advice, which the command line adds. ``swapped`` holds the two counts the other
    way round where they would fit that way (a knocker's count over the limit, the opponent's
    within it)."""

    def __init__(self, why: Why, swapped: tuple[int, int] | None = None, **fields: Any) -> None:
        self.why, self.swapped, self.fields = why, swapped, fields
        super().__init__(self.said())

    def said(self) -> str:
        fields = dict(self.fields)
        if self.why is Why.OVER_LIMIT:
            return over_limit(**fields)
        if self.why is Why.NOT_A_CARD:
            return str(fields["problem"])
        if self.why is Why.COUNT:
            return counted_wrong(**fields)
        for name in ("name", "typed"):
            if name in fields:
                fields[name] = Quoted(fields[name])
        return _(SAID[self.why]).format(**fields)


def counted_wrong(what: str, most: int, value: int | None) -> str:
    """What is wrong with a deadwood count not given, or out of its range."""
    if value is None:
        return _("Give {what}: a whole number from 0 to {most}.").format(what=_(what), most=most)
    return _("{what} must be from 0 to {most}, not {value}.").format(
        what=_(what), most=most, value=value
    )


def over_limit(kd: int, limit: int, card: object = None, kept: bool = False) -> str:
    """What is wrong with a knock over the hand's knock limit: the match's, the up-card's, or
    the match's ``kept`` where the up-card only lowers it (``oklahoma_limit`` lower)."""
    if card is None:
        return _("Nobody can knock with {kd} deadwood: the knock limit is {limit}.").format(
            kd=kd, limit=limit
        )
    if kept:
        return _(
            "Nobody can knock with {kd} deadwood: the knock limit is {limit}, and the up-card "
            "{card} only lowers it."
        ).format(kd=kd, limit=limit, card=card)
    if limit == 0:
        return _(
            "The up-card {card} is an ace: this hand had to end in gin, nobody can knock."
        ).format(card=card)
    return _(
        "The up-card {card} sets this hand's knock limit to {limit}: nobody can knock with "
        "{kd} deadwood."
    ).format(card=card, limit=limit, kd=kd)


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
    aside: int = 0
    """The gin bonus kept aside until each game the hand is entered in is settled
    (``gin_bonus_when`` settlement); not in ``points``."""


class HandRules(NamedTuple):
    """What the next hand may be: how it may end, and the most deadwood to knock with."""

    endings: tuple[Entry, ...]
    limit: int
    """The knock limit (0: nobody may knock)."""
    upcard: bool
    """Oklahoma Gin: the hand's up-card is part of its record, and sets ``limit``."""


def hand_rules(rules: Rules, upcard: "Card | None" = None) -> HandRules:
    """What a hand may be under these rules (in Oklahoma Gin, with this up-card): no knock in
    Straight Gin or under an ace up-card that allows none; no big gin when its bonus is 0.

    >>> hand_rules(Rules(straight=True)).endings
    (<Entry.GIN: 'gin'>, <Entry.WALL: 'wall'>, <Entry.BIG_GIN: 'big_gin'>)
    """
    limit = 0 if rules.straight else knock_limit(rules, upcard)
    possible = [Entry.KNOCK, Entry.GIN, Entry.WALL, Entry.BIG_GIN]
    if limit == 0:
        possible.remove(Entry.KNOCK)
    if not rules.big_gin_bonus:
        possible.remove(Entry.BIG_GIN)
    return HandRules(tuple(possible), limit, rules.oklahoma)


def knock_limit(rules: Rules, upcard: "Card | None") -> int:
    """The most deadwood a hand may be knocked with: the match's limit, or in Oklahoma Gin the
    up-card's value (an ace: gin only, or 1 where the match allows it)."""
    if upcard is None:
        return rules.knock_limit
    limit = (1 if rules.ace_knocks_one else 0) if upcard.rank == 1 else upcard.value
    return min(limit, rules.knock_limit) if rules.oklahoma_limit is OklahomaLimit.LOWER else limit


def score(rules: Rules, players: tuple[str, str], hand: Hand) -> Score:
    """Check one entered hand against the rules and say what it is worth (docs/rules.md, One
    hand, and the variants).

    >>> score(Rules(), ("Ann", "Ben"), Hand.knock("Ann", 7, 7))  # doctest: +ELLIPSIS
    Score(kind=<Kind.UNDERCUT: 'undercut'>, winner='Ben', points=25, boxes=1, doubled=False, ...)
    >>> score(Rules(oklahoma=True), ("Ann", "Ben"), Hand.knock("Ann", 3, 20, upcard="4♠"))[:3]
    (<Kind.KNOCK: 'knock'>, 'Ann', 34)
    """
    upcard = _upcard(rules, hand)
    if hand.entry is Entry.WALL:
        return Score(Kind.WALL, None, 0, 0)
    if hand.knocker not in players:
        raise InvalidHand(Why.NOT_A_PLAYER, name=hand.knocker, players=together(players))
    kd, od = hand.knocker_deadwood, hand.opponent_deadwood
    opponent = players[1] if hand.knocker == players[0] else players[0]
    _check_deadwood(_("The opponent's deadwood"), od)
    if isinstance(kd, bool) or not isinstance(kd, int):  # its range is the knock limit
        _check_deadwood(_("The knocker's deadwood"), kd)
    assert od is not None and kd is not None
    doubled = doubles(rules, hand)
    double = 2 if doubled else 1
    kind = classify(hand, rules)
    if kind in (Kind.GIN, Kind.BIG_GIN):
        if kind is Kind.BIG_GIN and rules.big_gin_bonus == 0:
            raise InvalidHand(Why.NO_BIG_GIN)
        bonus = rules.big_gin_bonus if kind is Kind.BIG_GIN else rules.gin_bonus
        aside = bonus if rules.gin_bonus_when is GinBonusWhen.SETTLEMENT else 0
        boxes = _boxes(rules, rules.gin_boxes, doubled)
        return Score(
            kind, hand.knocker, (od + bonus - aside) * double, boxes, doubled, aside * double
        )
    if rules.straight:
        raise InvalidHand(Why.STRAIGHT)
    limit = knock_limit(rules, upcard)
    if not 0 < kd <= limit:
        swapped = (od, kd) if kd > limit and 0 < od <= limit else None
        kept = rules.oklahoma_limit is OklahomaLimit.LOWER and limit == rules.knock_limit
        raise InvalidHand(Why.OVER_LIMIT, swapped, kd=kd, limit=limit, card=upcard, kept=kept)
    if kind is Kind.UNDERCUT:
        bonus = 0 if od == kd and rules.tie is Tie.NO_BONUS else rules.undercut_bonus
        boxes = _boxes(rules, rules.undercut_boxes, doubled)
        return Score(kind, opponent, (kd - od + bonus) * double, boxes, doubled)
    return Score(kind, hand.knocker, (od - kd + rules.knock_bonus) * double, 1, doubled)


def _boxes(rules: Rules, boxes: int, doubled: bool) -> int:
    """The boxes a gin or an undercut earns: under a spade up-card with
    ``spades_double_boxes``, those above the won hand's one box count twice."""
    return 1 + (boxes - 1) * 2 if doubled and rules.spades_double_boxes else boxes


def check_entry(rules: Rules, hand: Hand) -> None:
    """What a hand entered now must be, beyond what :func:`score` asks of every hand read: in
    Oklahoma Gin a wall's up-card is part of its record too (docs/rules.md, Oklahoma Gin; a wall
    recorded before that was asked still reads)."""
    if rules.oklahoma and hand.entry is Entry.WALL and hand.upcard is None:
        raise InvalidHand(Why.UPCARD)


def classify(hand: Hand, rules: Rules | None = None) -> Kind:
    """What an entered hand comes to by its counts (and the rules' ``tie``): a knock with no
    deadwood is gin, and a knock the opponent beats is an undercut, a tie too unless ties go
    to the knocker.

    >>> classify(Hand.knock("Ann", 4, 4)), classify(Hand.knock("Ann", 0, 4))
    (<Kind.UNDERCUT: 'undercut'>, <Kind.GIN: 'gin'>)
    >>> classify(Hand.knock("Ann", 4, 4), Rules(tie=Tie.KNOCKER))
    <Kind.KNOCK: 'knock'>
    """
    if hand.entry is not Entry.KNOCK:
        return Kind(hand.entry.value)
    kd, od = hand.knocker_deadwood or 0, hand.opponent_deadwood or 0
    if kd == 0:
        return Kind.GIN
    if od == kd and rules is not None and rules.tie is Tie.KNOCKER:
        return Kind.KNOCK
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


def _upcard(rules: Rules, hand: Hand) -> "Card | None":
    """The hand's up-card, required in Oklahoma Gin for a won hand and refused elsewhere."""
    if not rules.oklahoma:
        if hand.upcard is not None:
            raise InvalidHand(Why.NOT_OKLAHOMA)
        return None
    if hand.upcard is None:
        if hand.entry is Entry.WALL:
            return None
        raise InvalidHand(Why.UPCARD)
    from scorekeeper.cards import CardError, parse_card  # only Oklahoma Gin needs cards

    try:
        return parse_card(hand.upcard)
    except CardError as error:
        raise InvalidHand(Why.NOT_A_CARD, problem=str(error)) from None


def _check_deadwood(what: str, value: int | None) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_DEADWOOD:
        raise InvalidHand(Why.DEADWOOD, what=what, most=MAX_DEADWOOD, value=value)
