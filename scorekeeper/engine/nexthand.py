"""What the next hand asks, and what it may be: every question a screen asks before a hand
is entered, and the hand built from the answers or refused (docs/rules.md: One hand, and the
variants).

>>> from scorekeeper.engine.sheet import replay
>>> from scorekeeper.rules import Rules
>>> coming = replay(("Ann", "Ben", "Cid"), Rules(three_handed=True, columns=1), "Ann",
...                 []).next_hand()
>>> coming.playing, coming.sits_out, coming.endings
(('Ann', 'Ben'), 'Cid', (<Entry.KNOCK: 'knock'>, <Entry.GIN: 'gin'>, <Entry.WALL: 'wall'>, ...))
>>> coming.build(Answers("knock", "Ben", kd=3, od=20))
Hand.knock('Ben', 3, 20)
>>> coming.build(Answers("gin", "Cid", od=20))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
scorekeeper.engine.hands.InvalidHand: Cid sits out this hand: Ann and Ben are playing.
"""

# No ``from __future__ import annotations`` here: typing.NamedTuple compiles every annotation
# given as a string, which would double what importing this module costs each command.
from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.engine.hands import (
    ENDINGS,
    MAX_DEADWOOD,
    Entry,
    Hand,
    InvalidHand,
    Kind,
    Why,
    check_entry,
    classify,
    hand_rules,
    meant,
    score,
)
from scorekeeper.i18n import N_, _, either
from scorekeeper.rules import Rules

if TYPE_CHECKING:
    from scorekeeper.cards import Card

#: What each count is called in a refusal (to translate with ``_``).
KNOCKER_COUNT = N_("the knocker's deadwood")
OPPONENT_COUNT = N_("the opponent's deadwood")

#: The words of the questions (to translate with ``_``; :meth:`Question.said` fills them in).
UPCARD = N_("Up-card that started the discard pile (e.g. 7h, KS)")
HOW_IT_ENDED = N_("How did the hand end?")
WHICH_TABLE = N_("At which table? Name a player there")
WHO = {
    Entry.KNOCK: N_("Who knocked?"),
    Entry.GIN: N_("Who went gin?"),
    Entry.BIG_GIN: N_("Who went big gin?"),
}
KNOCKER = N_("{who}'s deadwood (1-{limit}; 0 if it was gin)")
OPPONENT_AFTER_LAY_OFFS = N_("{other}'s deadwood after lay-offs (0-{most})")
OPPONENT = N_("{other}'s deadwood (0-{most})")


class Question(NamedTuple):
    """One question a hand asks before it is entered: the answer it gives, what it takes, and
    the words that ask it.

    >>> from scorekeeper.i18n import set_language
    >>> set_language("en")
    >>> Question("kd", KNOCKER, most=10, about=True).said("Ann", "Ben")
    "Ann's deadwood (1-10; 0 if it was gin)"
    """

    field: str
    """The answer it gives: a field of :class:`Answers` (``ending``, ``upcard``, ``table``,
    ``who``, ``kd``, ``od``)."""
    asks: str
    """The words that ask it (to translate with ``_``)."""
    choices: tuple[str, ...] = ()
    """The answers it takes, where they are a few: the players, or the ways a hand may end;
    none for a count or an up-card."""
    most: int | None = None
    """A count: the most it takes (from 0); None for any other answer."""
    about: bool = False
    """Its words name the winner and the opponent: it is asked once the winner is known."""
    what: str = ""
    """A count: what it is called in a refusal (to translate with ``_``)."""
    whose: str = ""
    """A count: what it is called in a refusal once the winner is known (``{who}``,
    ``{other}``; to translate with ``_``)."""

    def said(self, who: str = "", other: str = "") -> str:
        """The question in the language chosen, about the winner ``who`` and the opponent
        ``other``."""
        return _(self.asks).format(who=who, other=other, limit=self.most, most=self.most)

    def shown(self, choice: str) -> str:
        """One of its choices as a person reads it: a way a hand ends in the language chosen,
        a name as it is."""
        return _(ENDINGS[Entry(choice)]) if self.field == "ending" else choice

    def named(self, who: str = "", other: str = "") -> str:
        """What a refusal calls the answer, once the winner ``who`` is known."""
        return _(self.whose).format(who=who, other=other)


class Answers(NamedTuple):
    """What a person answered about a hand: data, built into the hand by :meth:`NextHand.build`
    (names exact, as a screen's choices give them, or as typed on a command line)."""

    ending: str
    """How it ended: an :class:`Entry` or its value (``knock``)."""
    who: str | None = None
    """Who knocked or went gin."""
    kd: int | None = None
    """The knocker's deadwood (a knock; 0 makes it gin)."""
    od: int | None = None
    """The opponent's deadwood."""
    upcard: str | None = None
    """Oklahoma Gin: the up-card as typed (``7h``)."""
    table: str | None = None
    """Partnership Gin: for a wall, a player at its table."""
    typed: bool = False
    """``who`` and ``table`` are as typed on a command line: a beginning of a player's name
    that leaves no doubt, case and accents aside."""
    undercut: bool = False
    """The knock is said to be an undercut: refused if the counts make none."""

    @classmethod
    def of(cls, hand: Hand) -> "Answers":
        """The answers that describe a hand already entered (to enter it again).

        >>> Answers.of(Hand.knock("Ann", 3, 20, upcard="7♥"))  # doctest: +NORMALIZE_WHITESPACE
        Answers(ending='knock', who='Ann', kd=3, od=20, upcard='7♥', table=None, typed=False,
                undercut=False)
        """
        return cls(
            hand.entry.value,
            hand.knocker,
            hand.knocker_deadwood,
            hand.opponent_deadwood,
            hand.upcard,
            hand.table,
        )


class NextHand(NamedTuple):
    """Who plays and deals the next hand, and what it may be."""

    number: int
    """The number it is entered as: one more than the hands played (walls too; in Partnership
    Gin each table's hand), as ``log`` numbers them."""
    dealer: str
    """Who deals it (in Partnership Gin a team, at both tables)."""
    tables: tuple[tuple[str, str], ...]
    """Who plays it: the two players, or in Partnership Gin each table still to report."""
    sits_out: str | None
    """Three-handed Gin: who sits it out."""
    deal: bool
    """Partnership Gin: it is a deal of two tables."""
    rules: Rules
    everyone: tuple[str, ...]
    """Every player of the match (in Partnership Gin, the four)."""
    upcard: "Card | None" = None
    """Oklahoma Gin: the up-card, once given (it sets ``limit`` and ``endings``)."""
    reported: tuple[str, str] | None = None
    """Partnership Gin: the table that has reported this deal already, if one has."""
    deal_number: int | None = None
    """Partnership Gin: the number of the deal it is a hand of."""

    @property
    def endings(self) -> tuple[Entry, ...]:
        """How it may end (no knock in Straight Gin or under an ace; no big gin without its
        bonus)."""
        return hand_rules(self.rules, self.upcard).endings

    @property
    def limit(self) -> int:
        """The most deadwood to knock with (in Oklahoma Gin, set by the up-card once given)."""
        return hand_rules(self.rules, self.upcard).limit

    @property
    def asks_upcard(self) -> bool:
        """Oklahoma Gin: the up-card is asked first, and is part of the hand's record."""
        return self.rules.oklahoma

    @property
    def asks_table(self) -> bool:
        """Partnership Gin: a wall is asked for its table, both tables being still to report."""
        return self.deal and len(self.tables) == 2

    @property
    def most(self) -> int:
        """The largest deadwood count (the counts go from 0)."""
        return MAX_DEADWOOD

    @property
    def playing(self) -> tuple[str, ...]:
        """Who may win it: the players at its tables."""
        return tuple(name for table in self.tables for name in table)

    @property
    def first(self) -> tuple[Question, ...]:
        """What is asked before how the hand ended: in Oklahoma Gin the up-card (which sets the
        knock limit, and under an ace leaves no knock)."""
        return (Question("upcard", UPCARD),) if self.asks_upcard else ()

    @property
    def ended(self) -> Question:
        """How it ended: one of :attr:`endings` (their values)."""
        return Question("ending", HOW_IT_ENDED, tuple(entry.value for entry in self.endings))

    def asks(self, ending: str) -> tuple[Question, ...]:
        """What a hand that ended so asks next, in order (python-chess's ``legal_moves`` for a
        hand's answers): who won it, from the players at its tables, and the deadwood counts
        (the knocker's to the knock limit); a wall nothing, or in Partnership Gin, both tables
        being still to report, its table. A way no hand ends is refused.

        >>> from scorekeeper.engine.sheet import replay
        >>> coming = replay(("Ann", "Ben"), Rules(), "Ann", []).next_hand()
        >>> [(q.field, q.choices or q.most) for q in coming.asks("knock")]
        [('who', ('Ann', 'Ben')), ('kd', 10), ('od', 98)]
        >>> coming.asks("wall")
        ()
        """
        entry = self.ending(ending)
        if entry is Entry.WALL:
            return (Question("table", WHICH_TABLE, self.playing),) if self.asks_table else ()
        who = Question("who", WHO[entry], self.playing)
        knock = entry is Entry.KNOCK
        od = Question(
            "od",
            OPPONENT_AFTER_LAY_OFFS if knock else OPPONENT,
            most=self.most,
            about=True,
            what=OPPONENT_COUNT,
            whose=N_("{other}'s deadwood"),
        )
        if not knock:
            return who, od
        kd = Question(
            "kd",
            KNOCKER,
            most=self.limit,
            about=True,
            what=KNOCKER_COUNT,
            whose=N_("{who}'s deadwood"),
        )
        return who, kd, od

    def still_asks(self, answers: Answers) -> tuple[Question, ...]:
        """What the answers given so far leave to ask, once it is known how the hand ended (a
        knock with no deadwood is gin, and asks the rest as gin does)."""
        gin = answers.ending == Entry.KNOCK and answers.kd == 0
        asked = self.asks(Entry.GIN if gin else answers.ending)
        return tuple(q for q in asked if getattr(answers, q.field) is None)

    def reopened(self) -> "NextHand":
        """The same hand with every table of its deal open: the hand as a correction may make it
        (in Partnership Gin :func:`~scorekeeper.engine.check_correction` holds a correction to
        the table that played the hand)."""
        if self.reported is None:
            return self
        return self._replace(tables=(self.reported, *self.tables), reported=None)

    def opponent(self, who: str) -> str:
        """Whom ``who`` plays this hand."""
        return next(b if who == a else a for a, b in self.tables if who in (a, b))

    def after_upcard(self, typed: str) -> "NextHand":
        """The same hand once its up-card is known (Oklahoma Gin); a card that is none is
        refused."""
        return self._replace(upcard=self.card(typed))

    def card(self, typed: str) -> "Card":
        """An up-card as typed (``7h``), refused outside Oklahoma Gin or if it is no card."""
        if not self.rules.oklahoma:
            raise InvalidHand(Why.NOT_OKLAHOMA)
        from scorekeeper.cards import CardError, parse_card  # only Oklahoma Gin needs cards

        try:
            return parse_card(typed)
        except CardError as error:
            raise InvalidHand(Why.NOT_A_CARD, problem=str(error)) from None

    def ending(self, typed: str) -> Entry:
        """How it ended, refused unless it is a way a hand ends (one this hand cannot have, a
        knock in Straight Gin say, is refused with its reason when the hand is built)."""
        try:
            return Entry(typed)
        except ValueError:
            words = [_(ENDINGS[e]) for e in self.endings]
            raise InvalidHand(Why.NOT_AN_ENDING, typed=str(typed), options=either(words)) from None

    def winner(self, typed: str | None) -> str:
        """Who knocked or went gin: a player at a table of this hand."""
        name = typed or ""
        if name in self.playing:
            return name
        if name == self.sits_out:
            a, b = self.playing
            raise InvalidHand(Why.SITS_OUT, name=name, a=a, b=b)
        if self.reported is not None and name in self.reported:
            (a, b), (c, d) = self.reported, self.tables[0]
            raise InvalidHand(Why.REPORTED, a=a, b=b, deal=self.deal_number, c=c, d=d)
        raise InvalidHand(Why.UNKNOWN, typed=name, options=either(self.playing))

    def count(self, value: int | None, what: str = OPPONENT_COUNT) -> int:
        """A deadwood count, from 0 to :attr:`most`."""
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= self.most:
            raise InvalidHand(Why.COUNT, what=what, most=self.most, value=value)
        return value

    def wall_table(self, typed: str | None) -> str | None:
        """Partnership Gin: a player at the wall's table (the one table still to report, if
        only one is); elsewhere none."""
        if not self.deal:
            if typed is not None:
                raise InvalidHand(Why.WALL_NAMES, typed=typed)
            return None
        if typed is None and self.asks_table:
            raise InvalidHand(Why.WALL_TABLE, name=self.tables[0][0])
        return self.tables[0][0] if typed is None else self.winner(typed)

    def named(self, typed: str) -> str:
        """The player of the match a name typed means: the one it is, or the one it begins
        (case and accents aside)."""
        found = meant(self.everyone, typed)
        if len(found) == 1:
            return found[0]
        if found:
            raise InvalidHand(Why.AMBIGUOUS, typed=typed, a=found[0], b=found[1])
        raise InvalidHand(Why.UNKNOWN, typed=typed, options=either(self.everyone))

    def entered(self, answers: Answers, replacing: Hand | None = None) -> Answers:
        """The answers with the names typed made exact (:attr:`Answers.typed`), and an undercut
        said of them checked; a correction's wall in Partnership Gin, naming no player, is at
        the table of the hand it replaces (``replacing``)."""
        who, table = answers.who, answers.table
        if answers.typed and who is not None:
            who = self.named(who)
        if self.deal and answers.typed and table is not None:
            table = self.named(table)
        elif self.deal and answers.ending == Entry.WALL and replacing is not None:
            table = table or replacing.table or replacing.knocker
        if answers.undercut:
            check_undercut(Hand.knock(who or "", answers.kd or 0, answers.od or 0), self.rules)
        return answers._replace(who=who, table=table, typed=False, undercut=False)

    def build(self, answers: Answers, replacing: Hand | None = None) -> Hand:
        """The hand the answers describe, or :class:`InvalidHand` saying what is wrong.

        >>> from scorekeeper.engine.sheet import replay
        >>> from scorekeeper.rules import Rules
        >>> coming = replay(("Ann", "Ben"), Rules(oklahoma=True), "Ann", []).next_hand()
        >>> coming.build(Answers("knock", "Ann", kd=0, od=20, upcard="7h"))
        Hand.gin('Ann', 20, upcard='7♥')
        >>> coming.build(Answers("knock", "Ann", kd=8, od=20, upcard="7h"))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        scorekeeper.engine.hands.InvalidHand: The up-card 7♥ sets this hand's knock limit to 7: ...
        """
        answers = self.entered(answers, replacing)
        coming = self
        if answers.upcard is not None:
            coming = self.after_upcard(answers.upcard)
        upcard = None if coming.upcard is None else str(coming.upcard)
        entry = coming.ending(answers.ending)
        if entry is Entry.WALL:
            hand = Hand.wall(upcard, coming.wall_table(answers.table))
            check_entry(self.rules, hand)
            return hand
        who = coming.winner(answers.who)
        if entry is Entry.KNOCK:
            kd = coming.count(answers.kd, KNOCKER_COUNT)
            od = coming.count(answers.od)
            hand = Hand.knock(who, kd, od, upcard) if kd else Hand.gin(who, od, upcard=upcard)
        else:
            hand = Hand.gin(who, coming.count(answers.od), entry is Entry.BIG_GIN, upcard)
        table = next(t for t in self.tables if who in t)
        score(self.rules, table, hand)  # the knock limit, the up-card, big gin: as scored
        return hand


def check_undercut(hand: Hand, rules: Rules) -> None:
    """Refuse an undercut said of a knock whose counts make none under these rules."""
    kd, od = hand.knocker_deadwood, hand.opponent_deadwood
    if classify(hand, rules) is Kind.UNDERCUT:
        return
    if classify(hand, rules) is Kind.GIN:
        raise InvalidHand(Why.GIN_NO_UNDERCUT, od=od)
    if classify(hand) is Kind.UNDERCUT:  # an undercut but for this match's ties
        raise InvalidHand(Why.TIE_NO_UNDERCUT, kd=kd, od=od)
    raise InvalidHand(Why.NO_UNDERCUT, kd=kd, od=od)
