"""Cards, melds and exact deadwood: what a hand of gin is worth, worked out from its cards.

The scoresheet itself never sees cards (the players enter the deadwood: docs/rules.md).
This module is the helper for checking a count at the table: give it the cards, and it finds
the melds that leave the least deadwood, exactly, and the opponent's deadwood after laying off
onto the knocker's melds.

Cards are written the way people write them, in any case, separated by spaces or commas: a rank
``A 2 3 4 5 6 7 8 9 10 T J Q K`` then a suit ``S H D C`` or ``♠ ♥ ♦ ♣``.

Melds (standard gin): a *set* is 3 or 4 cards of one rank; a *run* is 3 or more consecutive
cards of one suit, ace low only (``A 2 3`` is a run, ``Q K A`` is not). A card belongs to at
most one meld. Deadwood values: ace 1, 2-10 face value, J/Q/K 10.

The search is exact: every meld the cards allow is a bitmask over the hand, and the least
deadwood of every subset of the hand is found once (memoised), so any hand is answered in well
under a millisecond.

Pure: standard library only (and :mod:`scorekeeper.i18n` for the messages).

The 7♠ below fits the set of sevens or the run 5♠ 6♠ 7♠; the set is better, since it leaves
5♠ 6♠ (11) rather than 7♥ 7♦ (14):

>>> hand = best_arrangement("7S 7H 7D 5S 6S KC QD 2H 3C AH")
>>> [str(meld) for meld in hand.melds]
['7♠ 7♥ 7♦']
>>> hand.deadwood, [str(card) for card in hand.deadwood_cards]
(37, ['A♥', '2♥', '3♣', '5♠', '6♠', 'Q♦', 'K♣'])
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from itertools import combinations, pairwise, product
from typing import NamedTuple

from scorekeeper.i18n import Quoted, _, ngettext


class Suit(str, Enum):
    """The four suits, in the order hands are shown: spades, hearts, diamonds, clubs."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """``♠ ♥ ♦ ♣``.

        >>> Suit.HEARTS.symbol
        '♥'
        """
        return _SYMBOLS[self]


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_ORDER = {suit: number for number, suit in enumerate(Suit)}
_RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

#: How a rank may be written (upper case), and the rank it means.
RANK_FORMS: dict[str, int] = {
    **{name: rank for rank, name in enumerate(_RANK_NAMES) if name},
    "T": 10,
}
#: How a suit may be written (upper case), and the suit it means. The hollow symbols are
#: accepted too, and an emoji variation selector after a symbol (``♥️``) is ignored.
SUIT_FORMS: dict[str, Suit] = {
    **{suit.value: suit for suit in Suit},
    **{_SYMBOLS[suit]: suit for suit in Suit},
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}


class CardError(ValueError):
    """Raised when cards cannot be read or do not fit: an unknown card, a card given twice, the
    wrong number of cards, or cards given as a meld that are not a meld. The message says what
    is wrong and what would be right."""


class Card(NamedTuple):
    """One playing card. ``str()`` gives the way it is shown: ``10♥``, ``Q♦``, ``A♠``.

    >>> card = Card(12, Suit.DIAMONDS)
    >>> str(card), card.value
    ('Q♦', 10)
    """

    rank: int
    """1 (ace) to 13 (king)."""
    suit: Suit

    @property
    def value(self) -> int:
        """The card's deadwood: ace 1, 2-10 face value, J/Q/K 10.

        >>> [card.value for card in parse_cards("A♣ 7♣ 10♣ J♣ K♣")]
        [1, 7, 10, 10, 10]
        """
        return min(self.rank, 10)

    def __str__(self) -> str:
        return _RANK_NAMES[self.rank] + _SYMBOLS[self.suit]

    def __repr__(self) -> str:
        """How the card is typed: ``parse_card('Q♦')`` (what is no card, field by field).

        >>> parse_card("qd")
        parse_card('Q♦')
        """
        if type(self.rank) is int and 1 <= self.rank <= 13 and self.suit in _SYMBOLS:
            return f"parse_card({str(self)!r})"
        return f"Card(rank={self.rank!r}, suit={self.suit!r})"


#: What the functions below accept as cards: one string to parse (``"AS 2s, 10♥"``), or an
#: iterable of cards and card strings.
CardsLike = str | Iterable[str | Card]


class MeldKind(str, Enum):
    """The two kinds of meld."""

    SET = "set"
    """3 or 4 cards of one rank."""
    RUN = "run"
    """3 or more consecutive cards of one suit, ace low."""


class Meld(NamedTuple):
    """A set or a run; runs are listed from the lowest rank, sets in suit order.

    >>> str(meld("7h 5h 6h"))
    '5♥ 6♥ 7♥'
    """

    kind: MeldKind
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join(map(str, self.cards))


class LayOff(NamedTuple):
    """A card the opponent laid off onto one of the knocker's melds."""

    card: Card
    meld: Meld
    """The knocker's meld as it was laid down (without the cards laid off onto it)."""


class Arrangement(NamedTuple):
    """One hand's cards arranged into melds and deadwood, with the least deadwood possible.

    For 11 cards (a hand before its discard), ``discard`` is the card thrown to reach the least
    deadwood of the ten kept, and ``melds``/``deadwood_cards`` are those of the ten; for a big
    gin nothing is discarded. For an opponent after a knock, ``layoffs`` lists the cards laid
    off onto the knocker's melds (they are neither in ``melds`` nor in ``deadwood_cards``).
    """

    melds: tuple[Meld, ...]
    """The hand's own melds."""
    deadwood_cards: tuple[Card, ...]
    """The cards left over, ordered by rank."""
    deadwood: int
    """The sum of the deadwood cards' values."""
    gin: bool
    """Ten kept cards, all in the hand's own melds (also true for a big gin)."""
    big_gin: bool
    """Eleven cards, all in the hand's own melds."""
    discard: Card | None = None
    """For 11 cards short of big gin: the card discarded (else None)."""
    layoffs: tuple[LayOff, ...] = ()
    """For an opponent after a knock: the cards laid off, meld by meld."""


class Showdown(NamedTuple):
    """Both hands after a knock: the knocker's arrangement and the opponent's, after lay-offs."""

    knocker: Arrangement
    opponent: Arrangement


# --- reading cards ---------------------------------------------------------------------------


def _forms_help() -> str:
    return _(
        "Write a card as its rank then its suit, in any case: rank A 2 3 4 5 6 7 8 9 10 "
        "(or T) J Q K, suit S H D C (or ♠ ♥ ♦ ♣); for example AS, 10h, Td, q♣."
    )


def parse_card(text: str) -> Card:
    """Read one card, e.g. ``10h``, ``TH``, ``q♦``, ``7♠``.

    >>> str(parse_card("td")), str(parse_card(" 10♥️ "))
    ('10♦', '10♥')
    >>> parse_card("1S")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.cards.CardError: '1S' is not a card: '1' is not a rank. Write a card as its ...
    """
    token = text.strip().replace("\ufe0f", "").replace("\ufe0e", "")
    rank_part, suit_part = token[:-1].upper(), token[-1:].upper()
    rank, suit = RANK_FORMS.get(rank_part), SUIT_FORMS.get(suit_part)
    if rank is not None and suit is not None:
        return Card(rank, suit)
    if len(token) < 2:
        problem = _("{text!r} is not a card.").format(text=Quoted(text))
    elif suit is None:
        problem = _("{text!r} is not a card: {suit!r} is not a suit.").format(
            text=Quoted(text), suit=token[-1]
        )
    else:
        problem = _("{text!r} is not a card: {rank!r} is not a rank.").format(
            text=Quoted(text), rank=token[:-1]
        )
    raise CardError(problem + " " + _forms_help())


def parse_cards(cards: CardsLike, count: int | None = None) -> tuple[Card, ...]:
    """Read cards written as people write them, in the order given, each card at most once.

    ``cards`` is one string (cards separated by spaces and/or commas) or an iterable of card
    strings and :class:`Card` values. With ``count``, exactly that many cards are required.
    Raises :class:`CardError` for an unknown card, a card given twice or a wrong count.

    >>> [str(card) for card in parse_cards("AS 2s, 3S 10h TC jd qd kc 7♠ 7♥")]
    ['A♠', '2♠', '3♠', '10♥', '10♣', 'J♦', 'Q♦', 'K♣', '7♠', '7♥']
    >>> parse_cards("7s 7S")
    Traceback (most recent call last):
    ...
    scorekeeper.cards.CardError: 7♠ is given twice; a deck has only one 7♠.
    """
    tokens: Iterable[str | Card] = (
        cards.replace(",", " ").split() if isinstance(cards, str) else cards
    )
    result: list[Card] = []
    seen: set[Card] = set()
    for token in tokens:
        if isinstance(token, Card):
            if not (
                isinstance(token.suit, Suit)
                and isinstance(token.rank, int)
                and 1 <= token.rank <= 13
            ):
                raise CardError(
                    _(
                        "{token!r} is not a card: the rank must be 1 (ace) to 13 "
                        "(king) and the suit a Suit."
                    ).format(token=token)
                )
            card = token
        else:
            card = parse_card(str(token))
        if card in seen:
            raise CardError(
                _("{card} is given twice; a deck has only one {card}.").format(card=card)
            )
        seen.add(card)
        result.append(card)
    if count is not None:
        _check_count(result, count, count, _("The hand"))
    return tuple(result)


def _check_count(cards: tuple[Card, ...] | list[Card], low: int, high: int, what: str) -> None:
    """Raise :class:`CardError` unless ``low <= len(cards) <= high``."""
    count = len(cards)
    if low <= count <= high:
        return
    shown = " ".join(map(str, cards)) or "-"
    if low == high:
        message = ngettext(
            "{what} must have exactly {low} card, not {count} ({cards}).",
            "{what} must have exactly {low} cards, not {count} ({cards}).",
            low,
        )
    else:
        message = _("{what} must have from {low} to {high} cards, not {count} ({cards}).")
    raise CardError(message.format(what=what, low=low, high=high, count=count, cards=shown))


def _hand(cards: CardsLike, low: int, high: int, what: str) -> tuple[Card, ...]:
    hand = parse_cards(cards)
    _check_count(hand, low, high, what)
    return hand


# --- melds -----------------------------------------------------------------------------------


def _order(card: Card) -> tuple[int, int]:
    """Cards are shown by rank, then in suit order."""
    return card.rank, _SUIT_ORDER[card.suit]


def _make_meld(cards: Iterable[Card]) -> Meld | None:
    """The meld these cards form, or None."""
    ordered = sorted(cards, key=_order)
    if len(ordered) < 3:
        return None
    if len({card.rank for card in ordered}) == 1:
        return Meld(MeldKind.SET, tuple(ordered)) if len(ordered) <= 4 else None
    if len({card.suit for card in ordered}) == 1 and all(
        later.rank == earlier.rank + 1 for earlier, later in pairwise(ordered)
    ):
        return Meld(MeldKind.RUN, tuple(ordered))
    return None


def meld(cards: CardsLike | Meld) -> Meld:
    """The meld the cards form: a set of 3 or 4 of a rank, or a run of 3+ in a suit, ace low.

    Raises :class:`CardError` if they form none.

    >>> meld("as 2s 3s").kind, meld("9C 9h 9D").kind
    (<MeldKind.RUN: 'run'>, <MeldKind.SET: 'set'>)
    >>> meld("QS KS AS")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.cards.CardError: A♠ Q♠ K♠ is not a meld: a meld is 3 or 4 cards of one rank, ...
    """
    cards = parse_cards(cards.cards if isinstance(cards, Meld) else cards)
    found = _make_meld(cards)
    if found is None:
        raise CardError(
            _(
                "{cards} is not a meld: a meld is 3 or 4 cards of one rank, or 3 or more "
                "consecutive cards of one suit with the ace low (A 2 3, never Q K A)."
            ).format(cards=" ".join(map(str, sorted(cards, key=_order))) or "-")
        )
    return found


def _meld_masks(hand: tuple[Card, ...]) -> list[int]:
    """Every meld within the hand, as a bitmask over the hand's positions."""
    index = {card: position for position, card in enumerate(hand)}
    masks: list[int] = []
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[Suit, set[int]] = {}
    for card, position in index.items():
        by_rank.setdefault(card.rank, []).append(1 << position)
        by_suit.setdefault(card.suit, set()).add(card.rank)
    for bits in by_rank.values():
        for size in range(3, len(bits) + 1):
            masks.extend(sum(chosen) for chosen in combinations(bits, size))
    for suit, ranks in by_suit.items():
        for low in ranks:
            if low - 1 in ranks:
                continue  # runs are built from the bottom of each stretch
            high = low
            while high + 1 in ranks:
                high += 1
            bits = [1 << index[Card(rank, suit)] for rank in range(low, high + 1)]
            for start in range(len(bits)):
                for end in range(start + 3, len(bits) + 1):
                    masks.append(sum(bits[start:end]))
    return masks


class _Solver:
    """The least deadwood of every subset of one hand (a bitmask over its positions), memoised.

    The lowest card of a subset is either deadwood or in one of the melds that start with it
    (lowest position) and lie within the subset: that choice is the whole search.
    """

    def __init__(self, hand: tuple[Card, ...]) -> None:
        self.hand = hand
        self.full = (1 << len(hand)) - 1
        self.values = [card.value for card in hand]
        self.starting: list[list[int]] = [[] for _card in hand]
        for mask in _meld_masks(hand):
            self.starting[(mask & -mask).bit_length() - 1].append(mask)
        self.memo: dict[int, tuple[int, int]] = {0: (0, 0)}
        """subset -> (least deadwood, the meld taken for its lowest card or 0 for deadwood)."""

    def best(self, subset: int) -> int:
        known = self.memo.get(subset)
        if known is not None:
            return known[0]
        low = subset & -subset
        lowest = low.bit_length() - 1
        least, choice = self.values[lowest] + self.best(subset ^ low), 0
        for mask in self.starting[lowest]:
            if mask & subset == mask:
                deadwood = self.best(subset ^ mask)
                if deadwood < least:
                    least, choice = deadwood, mask
        self.memo[subset] = (least, choice)
        return least

    def melds(self, subset: int) -> list[int]:
        """The melds of one least-deadwood arrangement of the subset."""
        self.best(subset)
        chosen = []
        while subset:
            choice = self.memo[subset][1]
            if choice:
                chosen.append(choice)
                subset ^= choice
            else:
                subset ^= subset & -subset
        return chosen

    def all_melds(self, subset: int) -> list[tuple[int, ...]]:
        """The melds of every least-deadwood arrangement of the subset (each listed once)."""
        target = self.best(subset)
        if not subset:
            return [()]
        low = subset & -subset
        lowest = low.bit_length() - 1
        found: list[tuple[int, ...]] = []
        if self.values[lowest] + self.best(subset ^ low) == target:
            found.extend(self.all_melds(subset ^ low))
        for mask in self.starting[lowest]:
            if mask & subset == mask and self.best(subset ^ mask) == target:
                found.extend((mask, *rest) for rest in self.all_melds(subset ^ mask))
        return found

    def cards(self, mask: int) -> list[Card]:
        return [card for position, card in enumerate(self.hand) if mask >> position & 1]

    def arrangement(
        self,
        kept: int,
        melds: Iterable[int],
        discard: int = 0,
        layoffs: tuple[LayOff, ...] = (),
        laid_off: int = 0,
    ) -> Arrangement:
        """The :class:`Arrangement` of the ``kept`` cards with these melds (the rest deadwood,
        except the cards ``laid_off``)."""
        own = sorted(
            (_meld_of(self.cards(mask)) for mask in melds), key=lambda found: _order(found.cards[0])
        )
        melded = sum(len(found.cards) for found in own)
        left = kept & ~laid_off & ~sum(melds)
        deadwood_cards = tuple(sorted(self.cards(left), key=_order))
        size = bin(kept).count("1")
        return Arrangement(
            melds=tuple(own),
            deadwood_cards=deadwood_cards,
            deadwood=sum(card.value for card in deadwood_cards),
            gin=size >= 10 and melded >= 10,
            big_gin=size == 11 and melded == 11,
            discard=self.cards(discard)[0] if discard else None,
            layoffs=layoffs,
        )


def _meld_of(cards: Iterable[Card]) -> Meld:
    found = _make_meld(cards)
    assert found is not None
    return found


def possible_melds(cards: CardsLike) -> tuple[Meld, ...]:
    """Every meld that can be made from the cards, overlapping ones included.

    >>> [str(found) for found in possible_melds("7S 7H 7D 5S 6S")]
    ['5♠ 6♠ 7♠', '7♠ 7♥ 7♦']
    """
    hand = parse_cards(cards)
    solver = _Solver(hand)
    found = [_meld_of(solver.cards(mask)) for row in solver.starting for mask in row]
    return tuple(sorted(found, key=lambda item: (*_order(item.cards[0]), len(item.cards))))


# --- one hand --------------------------------------------------------------------------------


def best_arrangement(cards: CardsLike) -> Arrangement:
    """The melds and deadwood that leave the least deadwood, for 1 to 11 cards.

    For 11 cards (a hand holding its discard) the convention is: if all 11 cards are melded it
    is a big gin (deadwood 0, ``big_gin`` and ``gin`` true, no discard); otherwise the hand
    discards the card that leaves the ten kept with the least deadwood (the highest remaining
    deadwood card of the best arrangement), and the result describes those ten, with the card
    thrown in ``discard``. Ties are broken by discarding the highest card.

    >>> hand = best_arrangement("5S 6S 7S 7H 7D 7C 2D 3D 4D KC")
    >>> [str(found) for found in hand.melds], hand.deadwood, hand.gin
    (['2♦ 3♦ 4♦', '5♠ 6♠ 7♠', '7♥ 7♦ 7♣'], 10, False)
    >>> hand = best_arrangement("5S 6S 7S 7H 7D 7C 2D 3D 4D KC QC")
    >>> str(hand.discard), hand.deadwood, [str(card) for card in hand.deadwood_cards]
    ('K♣', 10, ['Q♣'])
    >>> best_arrangement("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH").big_gin
    True
    """
    hand = _hand(cards, 1, 11, _("A hand"))
    solver = _Solver(hand)
    full = solver.full
    if len(hand) < 11 or solver.best(full) == 0:
        return solver.arrangement(full, solver.melds(full))
    discard = min(_discards(hand), key=lambda bit: solver.best(full ^ bit))
    return solver.arrangement(full ^ discard, solver.melds(full ^ discard), discard)


def _discards(hand: tuple[Card, ...]) -> list[int]:
    """The hand's positions as bits, highest card first (the order discards are tried in)."""
    order = sorted(
        range(len(hand)),
        key=lambda position: (-hand[position].value, -hand[position].rank, _order(hand[position])),
    )
    return [1 << position for position in order]


def deadwood(cards: CardsLike) -> int:
    """The least deadwood of 1 to 11 cards (for 11, after the best discard, see
    :func:`best_arrangement`).

    >>> deadwood("KS KH QD QC JS JH 10D 10C 9S 9H")
    98
    """
    return best_arrangement(cards).deadwood


# --- after a knock ---------------------------------------------------------------------------


def deadwood_after_layoffs(
    opponent_cards: CardsLike, knocker_melds: Iterable[CardsLike | Meld], *, gin: bool = False
) -> Arrangement:
    """The opponent's least deadwood after laying off onto the knocker's melds.

    ``opponent_cards``: the opponent's 1 to 10 cards. ``knocker_melds``: the melds the knocker
    laid down, each a :class:`Meld` or its cards. With ``gin`` true (the knocker has no
    deadwood) nothing may be laid off and the result is the opponent's best arrangement.

    A run takes the next cards at either end, one after another (5-6-7 takes 8 then 9, or 4
    then 3); a set of three takes its fourth card. The opponent's own melds are chosen together
    with the lay-offs, so a card goes wherever it saves most: into an own meld, onto a knocker's
    meld, or (when neither helps) into the deadwood. Raises :class:`CardError` for cards that
    cannot be read, a card given twice (within or across the hands), a wrong count, or a
    knocker's "meld" that is not one.

    Here 8♠ is worth more in the opponent's set of eights than laid off (which would let 9♠
    follow it), so only the set is made:

    >>> after = deadwood_after_layoffs("8S 9S 8H 8D KC", ["5S 6S 7S"])
    >>> [str(found) for found in after.melds], after.deadwood, after.layoffs
    (['8♠ 8♥ 8♦'], 19, ())
    >>> after = deadwood_after_layoffs("8S 9S 8H QC", ["5S 6S 7S", "QH QD QS"])
    >>> [(str(layoff.card), str(layoff.meld)) for layoff in after.layoffs], after.deadwood
    ([('8♠', '5♠ 6♠ 7♠'), ('9♠', '5♠ 6♠ 7♠'), ('Q♣', 'Q♠ Q♥ Q♦')], 8)
    """
    opponent = _hand(opponent_cards, 1, 10, _("The opponent's hand"))
    melds = [meld(cards) for cards in knocker_melds]
    _check_apart(opponent, [card for found in melds for card in found.cards])
    return _lay_off(_Solver(opponent), () if gin else tuple(melds))


def _check_apart(opponent: tuple[Card, ...], knocker: list[Card]) -> None:
    """Raise :class:`CardError` if a card is given twice among the knocker's cards or in both
    hands."""
    seen: set[Card] = set()
    for card in knocker:
        if card in seen:
            raise CardError(
                _(
                    "{card} is given twice among the knocker's cards; a deck has only one {card}."
                ).format(card=card)
            )
        seen.add(card)
    for card in opponent:
        if card in seen:
            raise CardError(
                _(
                    "{card} is given in both the knocker's and the opponent's cards; "
                    "a deck has only one {card}."
                ).format(card=card)
            )


def _layoff_options(solver: _Solver, knocker_meld: Meld) -> list[int]:
    """Every group of the opponent's cards that can be laid off onto one meld, as bitmasks;
    the empty group first."""
    index = {card: 1 << position for position, card in enumerate(solver.hand)}
    cards = knocker_meld.cards
    if knocker_meld.kind is MeldKind.SET:
        missing = [
            index[Card(cards[0].rank, suit)]
            for suit in Suit
            if Card(cards[0].rank, suit) not in cards and Card(cards[0].rank, suit) in index
        ]
        return [0, *missing]
    suit = cards[0].suit
    below: list[int] = [0]  # below[k]: the k cards under the run, chained
    rank = cards[0].rank - 1
    while rank >= 1 and Card(rank, suit) in index:
        below.append(below[-1] | index[Card(rank, suit)])
        rank -= 1
    above: list[int] = [0]
    rank = cards[-1].rank + 1
    while rank <= 13 and Card(rank, suit) in index:
        above.append(above[-1] | index[Card(rank, suit)])
        rank += 1
    return [down | up for down in below for up in above]


def _lay_off(solver: _Solver, melds: tuple[Meld, ...]) -> Arrangement:
    """The opponent's least deadwood with lay-offs onto ``melds`` (none if empty)."""
    full = solver.full
    best: tuple[int, tuple[int, ...]] | None = None
    for groups in product(*(_layoff_options(solver, found) for found in melds)):
        laid = 0
        for group in groups:
            if laid & group:
                break
            laid |= group
        else:
            left = solver.best(full ^ laid)
            if best is None or left < best[0]:
                best = (left, groups)
    assert best is not None
    groups = best[1]
    laid_off = sum(groups)
    layoffs = tuple(
        LayOff(card, found)
        for found, group in zip(melds, groups)
        for card in sorted(solver.cards(group), key=_order)
    )
    return solver.arrangement(
        full, solver.melds(full ^ laid_off), layoffs=layoffs, laid_off=laid_off
    )


def showdown(knocker_cards: CardsLike, opponent_cards: CardsLike) -> Showdown:
    """Both hands after a knock, from all the cards: the knocker's best arrangement and the
    opponent's least deadwood after laying off onto its melds.

    ``knocker_cards``: 10 cards, or 11 with the discard still in hand (then the knocker's hand
    is taken as :func:`best_arrangement` takes it: big gin if all 11 meld, else the best ten).
    ``opponent_cards``: 1 to 10 cards. The knock limit is not checked.

    When several arrangements give the knocker the same least deadwood, the knocker chooses
    (standard rule), so the one leaving the opponent the *most* deadwood after lay-offs is
    taken (ties: the first found). Against gin or big gin nothing is laid off.

    The knocker's 7♠ ends the run 4♠-7♠ or completes the four sevens, for the same deadwood (8);
    as four sevens it keeps the opponent's 8♠ 9♠ from being laid off:

    >>> both = showdown("4S 5S 6S 7S 7H 7D 7C AC 2D 5H", "8S 9S KH KC QH JC 3H 4H 9D 10C")
    >>> [str(found) for found in both.knocker.melds], both.knocker.deadwood
    (['4♠ 5♠ 6♠', '7♠ 7♥ 7♦ 7♣'], 8)
    >>> both.opponent.deadwood, both.opponent.layoffs
    (83, ())
    """
    knocker = _hand(knocker_cards, 1, 11, _("The knocker's hand"))
    opponent = _hand(opponent_cards, 1, 10, _("The opponent's hand"))
    _check_apart(opponent, list(knocker))
    solver, against = _Solver(knocker), _Solver(opponent)
    full = solver.full
    if len(knocker) == 11 and solver.best(full) == 0:
        return Showdown(solver.arrangement(full, solver.melds(full)), _lay_off(against, ()))
    if len(knocker) == 11:
        least = min(solver.best(full ^ bit) for bit in _discards(knocker))
        candidates = [
            (bit, melds)
            for bit in _discards(knocker)
            if solver.best(full ^ bit) == least
            for melds in solver.all_melds(full ^ bit)
        ]
    else:
        least = solver.best(full)
        candidates = [(0, melds) for melds in solver.all_melds(full)]
    chosen, answer = candidates[0], None
    if least > 0:
        tried: set[frozenset[int]] = set()
        for discard, melds in candidates:
            if frozenset(melds) in tried:
                continue
            tried.add(frozenset(melds))
            result = _lay_off(against, tuple(_meld_of(solver.cards(mask)) for mask in melds))
            if answer is None or result.deadwood > answer.deadwood:
                chosen, answer = (discard, melds), result
    discard, melds = chosen
    return Showdown(
        solver.arrangement(full ^ discard, melds, discard),
        answer if answer is not None else _lay_off(against, ()),
    )
