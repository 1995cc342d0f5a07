"""Cards, melds and exact deadwood (scorekeeper.cards).

The tables were worked out by hand: every expected meld, lay-off and deadwood is written
literally (the sums are spelled out in the comments). The Hypothesis properties at the end
check the module against an independent brute force written here, which shares no code with it:
it tries every subset of the cards as a meld, every family of disjoint melds and every way of
laying off, and keeps the least deadwood.
"""

from __future__ import annotations

import doctest
import re
from collections.abc import Iterator, Sequence
from itertools import combinations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper import cards as cards_module
from scorekeeper import i18n
from scorekeeper.cards import (
    Arrangement,
    Card,
    CardError,
    Meld,
    MeldKind,
    Suit,
    best_arrangement,
    deadwood,
    deadwood_after_layoffs,
    meld,
    parse_card,
    parse_cards,
    possible_melds,
    showdown,
)


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    """The messages are checked in English, whatever the environment's language."""
    monkeypatch.setattr(i18n, "_catalogue", i18n.English())


def names(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def meld_names(arrangement: Arrangement) -> list[str]:
    return [str(found) for found in arrangement.melds]


def layoff_names(arrangement: Arrangement) -> list[tuple[str, str]]:
    return [(str(layoff.card), str(layoff.meld)) for layoff in arrangement.layoffs]


FORMS = (
    "Write a card as its rank then its suit, in any case: rank A 2 3 4 5 6 7 8 9 10 (or T) "
    "J Q K, suit S H D C (or ♠ ♥ ♦ ♣); for example AS, 10h, Td, q♣."
)


# --- reading cards ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "form, rank",
    [
        ("A", 1),
        ("2", 2),
        ("3", 3),
        ("4", 4),
        ("5", 5),
        ("6", 6),
        ("7", 7),
        ("8", 8),
        ("9", 9),
        ("10", 10),
        ("T", 10),
        ("J", 11),
        ("Q", 12),
        ("K", 13),
        ("a", 1),
        ("t", 10),
        ("j", 11),
        ("q", 12),
        ("k", 13),
    ],
    ids=lambda value: str(value),
)
def test_every_rank_form(form: str, rank: int) -> None:
    assert parse_card(form + "S") == Card(rank, Suit.SPADES)


@pytest.mark.parametrize(
    "form, suit",
    [
        ("S", Suit.SPADES),
        ("H", Suit.HEARTS),
        ("D", Suit.DIAMONDS),
        ("C", Suit.CLUBS),
        ("s", Suit.SPADES),
        ("h", Suit.HEARTS),
        ("d", Suit.DIAMONDS),
        ("c", Suit.CLUBS),
        ("♠", Suit.SPADES),
        ("♥", Suit.HEARTS),
        ("♦", Suit.DIAMONDS),
        ("♣", Suit.CLUBS),
        ("♤", Suit.SPADES),
        ("♡", Suit.HEARTS),
        ("♢", Suit.DIAMONDS),
        ("♧", Suit.CLUBS),
        ("♥\ufe0f", Suit.HEARTS),
        ("♠\ufe0e", Suit.SPADES),
    ],
    ids=[
        "S",
        "H",
        "D",
        "C",
        "s",
        "h",
        "d",
        "c",
        "spade",
        "heart",
        "diamond",
        "club",
        "hollow-spade",
        "hollow-heart",
        "hollow-diamond",
        "hollow-club",
        "emoji-heart",
        "text-spade",
    ],
)
def test_every_suit_form(form: str, suit: Suit) -> None:
    assert parse_card("Q" + form) == Card(12, suit)


@pytest.mark.parametrize(
    "given, expected",
    [
        (
            "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
            ["A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "9♠", "10♠"],
        ),
        ("TH JH QH KH", ["10♥", "J♥", "Q♥", "K♥"]),
        ("as 10d tc jc qs kh", ["A♠", "10♦", "10♣", "J♣", "Q♠", "K♥"]),
        ("AS 2s 3S 10h JD qd kc 7♠ 7♥", ["A♠", "2♠", "3♠", "10♥", "J♦", "Q♦", "K♣", "7♠", "7♥"]),
        ("7♠ 7♥ 7♦ 7♣", ["7♠", "7♥", "7♦", "7♣"]),
        ("2♤ 2♡ 2♢ 2♧", ["2♠", "2♥", "2♦", "2♣"]),
        ("K♥️ q♦️", ["K♥", "Q♦"]),
        ("AS,2s, 3S ,4s", ["A♠", "2♠", "3♠", "4♠"]),
        ("AS,,2S,", ["A♠", "2♠"]),
        (" AS\t2S\n3S ", ["A♠", "2♠", "3♠"]),
        ("qD Kd", ["Q♦", "K♦"]),
        (["AS", "10h", Card(12, Suit.DIAMONDS)], ["A♠", "10♥", "Q♦"]),
        ((" 9c ", "T♣"), ["9♣", "10♣"]),
        ("", []),
    ],
    ids=[
        "ascii-upper",
        "T-and-faces",
        "lower-case",
        "mixed-brief-example",
        "symbols",
        "hollow-symbols",
        "emoji-variation",
        "commas",
        "empty-fields",
        "tabs-newlines",
        "mixed-case",
        "list-with-card",
        "tuple-of-strings",
        "empty",
    ],
)
def test_parse_cards(given: str | list[str | Card], expected: list[str]) -> None:
    assert names(parse_cards(given)) == expected


@pytest.mark.parametrize(
    "rank, suit, shown, value",
    [
        (1, Suit.SPADES, "A♠", 1),
        (2, Suit.HEARTS, "2♥", 2),
        (5, Suit.DIAMONDS, "5♦", 5),
        (9, Suit.CLUBS, "9♣", 9),
        (10, Suit.HEARTS, "10♥", 10),
        (11, Suit.DIAMONDS, "J♦", 10),
        (12, Suit.CLUBS, "Q♣", 10),
        (13, Suit.SPADES, "K♠", 10),
    ],
    ids=["ace", "two", "five", "nine", "ten", "jack", "queen", "king"],
)
def test_card_shown_and_value(rank: int, suit: Suit, shown: str, value: int) -> None:
    card = Card(rank, suit)
    assert (str(card), card.value) == (shown, value)
    assert parse_card(shown) == card


@pytest.mark.parametrize(
    "given, message",
    [
        ("1S", "'1S' is not a card: '1' is not a rank. " + FORMS),
        ("11H", "'11H' is not a card: '11' is not a rank. " + FORMS),
        ("0H", "'0H' is not a card: '0' is not a rank. " + FORMS),
        ("7X", "'7X' is not a card: 'X' is not a suit. " + FORMS),
        ("S7", "'S7' is not a card: '7' is not a suit. " + FORMS),
        ("seven", "'seven' is not a card: 'n' is not a suit. " + FORMS),
        ("7", "'7' is not a card. " + FORMS),
        ("AS 2S 3S 7Q", "'7Q' is not a card: 'Q' is not a suit. " + FORMS),
        ("AS as", "A♠ is given twice; a deck has only one A♠."),
        ("10h TH", "10♥ is given twice; a deck has only one 10♥."),
        ("7♠ 8♠ 7s", "7♠ is given twice; a deck has only one 7♠."),
        (
            [Card(14, Suit.SPADES)],
            "Card(rank=14, suit=<Suit.SPADES: 'S'>) is not a card: the rank must be 1 (ace) to 13 "
            "(king) and the suit a Suit.",
        ),
    ],
    ids=[
        "one-for-ace",
        "eleven",
        "zero",
        "unknown-suit",
        "suit-first",
        "word",
        "rank-only",
        "bad-card-among-good",
        "duplicate-ace",
        "duplicate-10-and-T",
        "duplicate-symbol-letter",
        "card-out-of-range",
    ],
)
def test_parse_errors(given: str | list[Card], message: str) -> None:
    with pytest.raises(CardError) as raised:
        parse_cards(given)
    assert str(raised.value) == message


@pytest.mark.parametrize(
    "call, message",
    [
        (
            lambda: parse_cards("AS 2S 3S", count=10),
            "The hand must have exactly 10 cards, not 3 (A♠ 2♠ 3♠).",
        ),
        (lambda: parse_cards("", count=1), "The hand must have exactly 1 card, not 0 (-)."),
        (lambda: best_arrangement(""), "A hand must have from 1 to 11 cards, not 0 (-)."),
        (
            lambda: best_arrangement("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS"),
            "A hand must have from 1 to 11 cards, not 12 (A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠).",
        ),
        (
            lambda: deadwood_after_layoffs("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH", ["5S 6S 7S"]),
            "The opponent's hand must have from 1 to 10 cards, not 11 "
            "(A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥).",
        ),
        (
            lambda: showdown("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS", "KH"),
            "The knocker's hand must have from 1 to 11 cards, not 12 "
            "(A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠).",
        ),
        (
            lambda: deadwood_after_layoffs("KS", ["5S 6S 8S"]),
            "5♠ 6♠ 8♠ is not a meld: a meld is 3 or 4 cards of one rank, or 3 or more consecutive "
            "cards of one suit with the ace low (A 2 3, never Q K A).",
        ),
        (
            lambda: deadwood_after_layoffs("5S KD", ["5S 6S 7S"]),
            "5♠ is given in both the knocker's and the opponent's cards; a deck has only one 5♠.",
        ),
        (
            lambda: deadwood_after_layoffs("KD", ["5S 6S 7S", "7S 7H 7D"]),
            "7♠ is given twice among the knocker's cards; a deck has only one 7♠.",
        ),
        (
            lambda: showdown("5S 6S 7S KD", "QD KD"),
            "K♦ is given in both the knocker's and the opponent's cards; a deck has only one K♦.",
        ),
        (
            lambda: deadwood_after_layoffs("KD", ["5S 6S 7X"]),
            "'7X' is not a card: 'X' is not a suit. " + FORMS,
        ),
    ],
    ids=[
        "parse-count",
        "parse-count-singular",
        "no-cards",
        "twelve-cards",
        "opponent-eleven",
        "knocker-twelve",
        "knocker-meld-not-a-meld",
        "card-in-both-hands",
        "card-in-two-knocker-melds",
        "showdown-card-in-both",
        "unknown-card-in-meld",
    ],
)
def test_count_and_hand_errors(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises(CardError) as raised:
        call()
    assert str(raised.value) == message
    assert isinstance(raised.value, ValueError)


# --- melds -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "given, kind, shown",
    [
        ("AS 2S 3S", MeldKind.RUN, "A♠ 2♠ 3♠"),
        ("5s 3s as 4s 2s", MeldKind.RUN, "A♠ 2♠ 3♠ 4♠ 5♠"),
        ("JD KD QD", MeldKind.RUN, "J♦ Q♦ K♦"),
        ("9C 9H 9D", MeldKind.SET, "9♥ 9♦ 9♣"),
        ("9C 9H 9D 9S", MeldKind.SET, "9♠ 9♥ 9♦ 9♣"),
    ],
    ids=["ace-low-run", "unordered-run", "face-run", "set-of-three", "set-of-four"],
)
def test_melds(given: str, kind: MeldKind, shown: str) -> None:
    found = meld(given)
    assert (found.kind, str(found)) == (kind, shown)
    assert meld(found) == found


@pytest.mark.parametrize(
    "given",
    [
        "QS KS AS",
        "KD AD 2D",
        "5S 6S 8S",
        "5S 6H 7S",
        "7S 7H",
        "7S 7H 8S",
        "7S",
        "",
    ],
    ids=["no-ace-high", "no-wrap-around", "gap", "two-suits", "pair", "mixed", "single", "nothing"],
)
def test_not_melds(given: str) -> None:
    with pytest.raises(CardError, match=re.escape("is not a meld: a meld is 3 or 4 cards")):
        meld(given)


def test_possible_melds_overlap() -> None:
    assert [str(found) for found in possible_melds("7S 7H 7D 7C 5S 6S")] == [
        "5♠ 6♠ 7♠",
        "7♠ 7♥ 7♦",
        "7♠ 7♥ 7♣",
        "7♠ 7♦ 7♣",
        "7♠ 7♥ 7♦ 7♣",
        "7♥ 7♦ 7♣",
    ]


# --- one hand --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, melds, dead, total, gin, big_gin, discard",
    [
        # 7♠ fits the sevens or 5♠ 6♠ 7♠: the set leaves 5♠ 6♠ (11), the run 7♥ 7♦ (14).
        # Deadwood 1 + 2 + 3 + 5 + 6 + 10 + 10 = 37.
        (
            "7S 7H 7D 5S 6S KC QD 2H 3C AH",
            ["7♠ 7♥ 7♦"],
            ["A♥", "2♥", "3♣", "5♠", "6♠", "Q♦", "K♣"],
            37,
            False,
            False,
            None,
        ),
        # 4♠ fits the fours or 4♠ 5♠ 6♠: the run leaves 4♥ 4♦ (8), the set 5♠ 6♠ (11).
        # Deadwood 4 + 4 + 8 + 9 + 10 + 10 + 10 = 55.
        (
            "4S 4H 4D 5S 6S KC QD 9H 8C JD",
            ["4♠ 5♠ 6♠"],
            ["4♥", "4♦", "8♣", "9♥", "J♦", "Q♦", "K♣"],
            55,
            False,
            False,
            None,
        ),
        # Four sevens: 7♠ goes to the run, the other three stay a set. 2 + 3 + 10 + 10 = 25.
        (
            "7S 7H 7D 7C 5S 6S KC QD 2H 3C",
            ["5♠ 6♠ 7♠", "7♥ 7♦ 7♣"],
            ["2♥", "3♣", "Q♦", "K♣"],
            25,
            False,
            False,
            None,
        ),
        # The largest deadwood: two each of K Q J 10 9, no three of a rank, no three in a suit in a
        # row (♠ K J 9, ♥ K J 9, ♦ Q 10, ♣ Q 10). 18 + 20 + 20 + 20 + 20 = 98.
        (
            "KS KH QD QC JS JH 10D 10C 9S 9H",
            [],
            ["9♠", "9♥", "10♦", "10♣", "J♠", "J♥", "Q♦", "Q♣", "K♠", "K♥"],
            98,
            False,
            False,
            None,
        ),
        (
            "AS 2S 3S 4H 4D 4C 9C 10C JC QC",
            ["A♠ 2♠ 3♠", "4♥ 4♦ 4♣", "9♣ 10♣ J♣ Q♣"],
            [],
            0,
            True,
            False,
            None,
        ),
        # Ace low only: Q♥ K♥ A♥ is no run. 1 + 5 + 7 + 9 + 10 + 10 + 10 = 52.
        (
            "QH KH AH AS 2S 3S 5D 7C 9D JC",
            ["A♠ 2♠ 3♠"],
            ["A♥", "5♦", "7♣", "9♦", "J♣", "Q♥", "K♥"],
            52,
            False,
            False,
            None,
        ),
        # No wrap-around either: K♦ A♦ 2♦. 10 + 1 + 2 + 3 + 5 = 21.
        ("KD AD 2D 3H 5C", [], ["A♦", "2♦", "3♥", "5♣", "K♦"], 21, False, False, None),
        # Eleven cards all melded, 3 + 4 + 4: big gin, nothing discarded.
        (
            "2C 3C 4C KS KH KD KC 9D 9H 9S 9C",
            ["2♣ 3♣ 4♣", "9♠ 9♥ 9♦ 9♣", "K♠ K♥ K♦ K♣"],
            [],
            0,
            True,
            True,
            None,
        ),
        # Eleven cards, gin after discarding K♦.
        (
            "AS 2S 3S 4H 4D 4C 9C 10C JC QC KD",
            ["A♠ 2♠ 3♠", "4♥ 4♦ 4♣", "9♣ 10♣ J♣ Q♣"],
            [],
            0,
            True,
            False,
            "K♦",
        ),
        # Eleven cards, K♣ and Q♣ left over: the king is discarded (equal values: the higher rank).
        (
            "5S 6S 7S 7H 7D 7C 2D 3D 4D KC QC",
            ["2♦ 3♦ 4♦", "5♠ 6♠ 7♠", "7♥ 7♦ 7♣"],
            ["Q♣"],
            10,
            False,
            False,
            "K♣",
        ),
        # Eleven cards, the discard chosen with the melds: the least deadwood of all eleven is 2
        # (A♠ 2♠ 3♠, 2♥ 2♦ 2♣, the fives; A♥ A♣ left), which leaves 1 after a discard. Melding
        # the aces and all four twos instead leaves only 3♠ (3 of eleven), and discarding it is gin.
        (
            "5C 2H 2C AS 5S AC 3S 2S AH 5H 2D",
            ["A♠ A♥ A♣", "2♠ 2♥ 2♦ 2♣", "5♠ 5♥ 5♣"],
            [],
            0,
            True,
            False,
            "3♠",
        ),
        # Fewer cards (a helper's use): a lone meld is no gin, and a lone card is its value.
        ("7S 7H 7D", ["7♠ 7♥ 7♦"], [], 0, False, False, None),
        ("KS", [], ["K♠"], 10, False, False, None),
        ("AS 2S", [], ["A♠", "2♠"], 3, False, False, None),
    ],
    ids=[
        "set-beats-run",
        "run-beats-set",
        "four-sevens-split",
        "98-points",
        "gin",
        "ace-low-only",
        "no-wrap-around",
        "big-gin-11",
        "gin-after-discard-11",
        "discard-highest-11",
        "discard-decides-gin-11",
        "three-cards",
        "one-card",
        "two-cards",
    ],
)
def test_best_arrangement(
    hand: str,
    melds: list[str],
    dead: list[str],
    total: int,
    gin: bool,
    big_gin: bool,
    discard: str | None,
) -> None:
    found = best_arrangement(hand)
    assert meld_names(found) == melds
    assert names(found.deadwood_cards) == dead
    assert (found.deadwood, found.gin, found.big_gin) == (total, gin, big_gin)
    assert (None if found.discard is None else str(found.discard)) == discard
    assert found.layoffs == ()
    assert deadwood(hand) == total


# --- after a knock ---------------------------------------------------------------------------

#: An opponent with no meld of its own and two spades that chain onto 5♠ 6♠ 7♠:
#: 8♠ 9♠ K♥ Q♦ 4♣ 2♥ 6♦ J♣ 10♥ 3♦ (8 + 9 + 10 + 10 + 4 + 2 + 6 + 10 + 10 + 3 = 72).
CHAIN_UP = "8S 9S KH QD 4C 2H 6D JC 10H 3D"


@pytest.mark.parametrize(
    "opponent, knocker, gin, melds, layoffs, dead, total",
    [
        # 8♠ then 9♠ onto 5♠ 6♠ 7♠. 72 - 17 = 55.
        (
            CHAIN_UP,
            ["5S 6S 7S"],
            False,
            [],
            [("8♠", "5♠ 6♠ 7♠"), ("9♠", "5♠ 6♠ 7♠")],
            ["2♥", "3♦", "4♣", "6♦", "10♥", "J♣", "Q♦", "K♥"],
            55,
        ),
        # 4♠ then 3♠ below. 10 + 10 + 9 + 2 + 6 + 10 + 10 + 8 = 65.
        (
            "4S 3S KH QD 9C 2H 6D JC 10H 8D",
            ["5S 6S 7S"],
            False,
            [],
            [("3♠", "5♠ 6♠ 7♠"), ("4♠", "5♠ 6♠ 7♠")],
            ["2♥", "6♦", "8♦", "9♣", "10♥", "J♣", "Q♦", "K♥"],
            65,
        ),
        # No 8♠: 9♠ 10♠ cannot follow. 9 + 10 + 10 + 10 + 4 + 2 + 6 + 10 + 10 + 3 = 74.
        (
            "9S 10S KH QD 4C 2H 6D JC 10H 3D",
            ["5S 6S 7S"],
            False,
            [],
            [],
            ["2♥", "3♦", "4♣", "6♦", "9♠", "10♠", "10♥", "J♣", "Q♦", "K♥"],
            74,
        ),
        # A set of three takes its fourth card. 10 + 10 + 4 + 2 + 6 + 10 + 10 + 3 + 8 = 63.
        (
            "9S KH QD 4C 2H 6D JC 10H 3D 8S",
            ["9C 9H 9D"],
            False,
            [],
            [("9♠", "9♥ 9♦ 9♣")],
            ["2♥", "3♦", "4♣", "6♦", "8♠", "10♥", "J♣", "Q♦", "K♥"],
            63,
        ),
        # A set takes no other rank (8♣, 10♣ stay), a set of four nothing.
        # 8 + 10 + 10 + 10 + 4 + 2 + 6 + 10 + 3 + 5 = 68.
        (
            "8C 10C KH QD 4C 2H 6D JC 3D 5S",
            ["9C 9H 9D 9S"],
            False,
            [],
            [],
            ["2♥", "3♦", "4♣", "5♠", "6♦", "8♣", "10♣", "J♣", "Q♦", "K♥"],
            68,
        ),
        # 8♠ is worth more in the opponent's own set of eights than laid off (9♠ could then follow
        # it): set 8♠ 8♥ 8♦, deadwood 9 + 10 + 10 + 2 + 3 + 1 + 4 = 39; laying off 8♠ 9♠ would
        # leave 8♥ 8♦ and 46.
        (
            "8S 8H 8D 9S KC QD 2H 3C AH 4D",
            ["5S 6S 7S"],
            False,
            ["8♠ 8♥ 8♦"],
            [],
            ["A♥", "2♥", "3♣", "4♦", "9♠", "Q♦", "K♣"],
            39,
        ),
        # The other way round: 10♠ is worth more in the set of tens, its run-mates 8♠ 9♠ laid off.
        # Own run 8♠ 9♠ 10♠ would leave 10♥ 10♦: 49. Deadwood 10 + 10 + 2 + 3 + 4 = 29.
        (
            "8S 9S 10S 10H 10D KC QD 2H 3C 4D",
            ["5S 6S 7S"],
            False,
            ["10♠ 10♥ 10♦"],
            [("8♠", "5♠ 6♠ 7♠"), ("9♠", "5♠ 6♠ 7♠")],
            ["2♥", "3♣", "4♦", "Q♦", "K♣"],
            29,
        ),
        # 7♠ could complete the sevens or extend the run; on the run 8♠ can follow it.
        # 10 + 10 + 4 + 2 + 6 + 10 + 10 + 3 = 55.
        (
            "7S 8S KH QD 4C 2H 6D JC 10H 3D",
            ["7H 7D 7C", "4S 5S 6S"],
            False,
            [],
            [("7♠", "4♠ 5♠ 6♠"), ("8♠", "4♠ 5♠ 6♠")],
            ["2♥", "3♦", "4♣", "6♦", "10♥", "J♣", "Q♦", "K♥"],
            55,
        ),
        # Ace low: A♠ 2♠ 3♠ takes 4♠ but not K♠; J♦ Q♦ K♦ takes 10♦ but not A♦.
        # 10 + 1 + 5 + 7 + 9 + 2 + 6 + 8 = 48.
        (
            "4S KS AD 10D 5H 7C 9H 2C 6H 8C",
            ["AS 2S 3S", "JD QD KD"],
            False,
            [],
            [("4♠", "A♠ 2♠ 3♠"), ("10♦", "J♦ Q♦ K♦")],
            ["A♦", "2♣", "5♥", "6♥", "7♣", "8♣", "9♥", "K♠"],
            48,
        ),
        # Against gin nothing is laid off: the opponent's whole 72 stands.
        (
            CHAIN_UP,
            ["5S 6S 7S"],
            True,
            [],
            [],
            ["2♥", "3♦", "4♣", "6♦", "8♠", "9♠", "10♥", "J♣", "Q♦", "K♥"],
            72,
        ),
        # No knocker meld at all (a knock with every card deadwood): nothing to lay off onto.
        (
            CHAIN_UP,
            [],
            False,
            [],
            [],
            ["2♥", "3♦", "4♣", "6♦", "8♠", "9♠", "10♥", "J♣", "Q♦", "K♥"],
            72,
        ),
        # Melds given as Meld values work the same.
        (
            CHAIN_UP,
            [meld("5S 6S 7S")],
            False,
            [],
            [("8♠", "5♠ 6♠ 7♠"), ("9♠", "5♠ 6♠ 7♠")],
            ["2♥", "3♦", "4♣", "6♦", "10♥", "J♣", "Q♦", "K♥"],
            55,
        ),
    ],
    ids=[
        "chain-up-8-then-9",
        "chain-down-4-then-3",
        "gap-stops-chain",
        "set-completed-to-four",
        "set-takes-only-its-rank",
        "own-set-beats-lay-off",
        "lay-off-frees-own-set",
        "run-rather-than-set",
        "ace-low-lay-offs",
        "no-lay-offs-against-gin",
        "no-knocker-meld",
        "meld-values",
    ],
)
def test_deadwood_after_layoffs(
    opponent: str,
    knocker: list[str | Meld],
    gin: bool,
    melds: list[str],
    layoffs: list[tuple[str, str]],
    dead: list[str],
    total: int,
) -> None:
    found = deadwood_after_layoffs(opponent, knocker, gin=gin)
    assert meld_names(found) == melds
    assert layoff_names(found) == layoffs
    assert names(found.deadwood_cards) == dead
    assert found.deadwood == total
    assert not found.gin and not found.big_gin and found.discard is None


def test_two_runs_share_the_gap_between_them() -> None:
    """6♠ 7♠ fit between 3♠ 4♠ 5♠ and 8♠ 9♠ 10♠: however they are split, both go.
    10 + 10 + 4 + 2 + 6 + 10 + 10 + 3 = 55."""
    found = deadwood_after_layoffs("6S 7S KH QD 4C 2H 6D JC 10H 3D", ["3S 4S 5S", "8S 9S 10S"])
    assert found.deadwood == 55
    assert sorted(names([layoff.card for layoff in found.layoffs])) == ["6♠", "7♠"]
    for layoff in found.layoffs:
        extended = [
            *layoff.meld.cards,
            *(other.card for other in found.layoffs if other.meld == layoff.meld),
        ]
        assert meld(extended).kind is MeldKind.RUN


@pytest.mark.parametrize(
    "knocker, opponent, k_melds, k_total, k_discard, gin, big_gin, layoffs, o_total",
    [
        # 7♠ ends the run 4♠-7♠ or completes four sevens, deadwood A♣ 2♦ 5♥ = 8 either way.
        # As a run it would take the opponent's 8♠ 9♠ (83 - 17 = 66): the knocker chooses the
        # four sevens and the opponent keeps 8 + 9 + 10 + 10 + 10 + 10 + 3 + 4 + 9 + 10 = 83.
        (
            "4S 5S 6S 7S 7H 7D 7C AC 2D 5H",
            "8S 9S KH KC QH JC 3H 4H 9D 10C",
            ["4♠ 5♠ 6♠", "7♠ 7♥ 7♦ 7♣"],
            8,
            None,
            False,
            False,
            [],
            83,
        ),
        # Gin: the opponent's 4♠ 5♠ and 8♣ would fit, but nothing is laid off against gin.
        # 4 + 5 + 10 + 10 + 8 + 2 + 6 + 10 + 10 + 3 = 68.
        (
            "AS 2S 3S 4H 4D 4C 9C 10C JC QC",
            "4S 5S KH QD 8C 2H 6D JD 10H 3D",
            ["A♠ 2♠ 3♠", "4♥ 4♦ 4♣", "9♣ 10♣ J♣ Q♣"],
            0,
            None,
            True,
            False,
            [],
            68,
        ),
        # Big gin with 11 cards; the opponent's 5♣ and A♦... count in full:
        # 5 + 10 + 10 + 8 + 7 + 6 + 2 + 3 + 10 + 1 = 62.
        (
            "2C 3C 4C KS KH KD KC 9D 9H 9S 9C",
            "5C QS 10H 8D 7S 6H 2D 3S JH AD",
            ["2♣ 3♣ 4♣", "9♠ 9♥ 9♦ 9♣", "K♠ K♥ K♦ K♣"],
            0,
            None,
            True,
            True,
            [],
            62,
        ),
        # A knock for 10 (A♦ 2♣ 3♥ 4♣): the opponent lays off 4♠, 8♠, 9♠ on the run and J♣ on
        # the jacks, and keeps 10 + 10 + 6 + 10 + 3 + 2 = 41.
        (
            "5S 6S 7S JD JH JS 2C 3H AD 4C",
            "8S 9S JC 4S KH QD 6D 10H 3D 2H",
            ["5♠ 6♠ 7♠", "J♠ J♥ J♦"],
            10,
            None,
            False,
            False,
            [("4♠", "5♠ 6♠ 7♠"), ("8♠", "5♠ 6♠ 7♠"), ("9♠", "5♠ 6♠ 7♠"), ("J♣", "J♠ J♥ J♦")],
            41,
        ),
        # The same with the knocker's discard K♦ still in hand.
        (
            "5S 6S 7S JD JH JS 2C 3H AD 4C KD",
            "8S 9S JC 4S KH QD 6D 10H 3D 2H",
            ["5♠ 6♠ 7♠", "J♠ J♥ J♦"],
            10,
            "K♦",
            False,
            False,
            [("4♠", "5♠ 6♠ 7♠"), ("8♠", "5♠ 6♠ 7♠"), ("9♠", "5♠ 6♠ 7♠"), ("J♣", "J♠ J♥ J♦")],
            41,
        ),
        # 4♠ or 4♥ joins its run (2-3-4), the other three fours stay a set: A♦ A♣ 2 3 = 7
        # either way. The hearts run would take the opponent's 5♥ 6♥ (80 - 11 = 69), the spades
        # run only 5♠ (80 - 5 = 75): the knocker lays down the spades run.
        # Opponent: 5 + 6 + 5 + 10 + 10 + 10 + 9 + 8 + 10 + 7 = 80.
        (
            "2S 3S 2H 3H 4S 4H 4D 4C AD AC",
            "5H 6H 5S KS QD JC 9D 8C 10S 7D",
            ["2♠ 3♠ 4♠", "4♥ 4♦ 4♣"],
            7,
            None,
            False,
            False,
            [("5♠", "2♠ 3♠ 4♠")],
            75,
        ),
    ],
    ids=[
        "knocker-ties-keep-four-sevens",
        "knocker-ties-keep-spades",
        "gin-no-layoffs",
        "big-gin-11",
        "knock-layoffs",
        "knock-layoffs-11-cards",
    ],
)
def test_showdown(
    knocker: str,
    opponent: str,
    k_melds: list[str],
    k_total: int,
    k_discard: str | None,
    gin: bool,
    big_gin: bool,
    layoffs: list[tuple[str, str]],
    o_total: int,
) -> None:
    both = showdown(knocker, opponent)
    assert meld_names(both.knocker) == k_melds
    assert both.knocker.deadwood == k_total
    assert (None if both.knocker.discard is None else str(both.knocker.discard)) == k_discard
    assert (both.knocker.gin, both.knocker.big_gin) == (gin, big_gin)
    assert layoff_names(both.opponent) == layoffs
    assert both.opponent.deadwood == o_total


def test_docstring_examples() -> None:
    failed, attempted = doctest.testmod(cards_module)
    assert failed == 0 and attempted >= 20


# --- the brute force (independent of the module) ---------------------------------------------


def value(card: Card) -> int:
    return min(card.rank, 10)


def is_meld(group: Sequence[Card]) -> bool:
    """3 or 4 of a rank, or 3+ of a suit with consecutive ranks (ace is 1, nothing wraps)."""
    if len(group) < 3:
        return False
    ranks = sorted(card.rank for card in group)
    if len(set(ranks)) == 1:
        return len(group) <= 4
    return len({card.suit for card in group}) == 1 and ranks == list(
        range(ranks[0], ranks[0] + len(group))
    )


def every_meld(hand: Sequence[Card]) -> list[frozenset[Card]]:
    """Every subset of the hand that is a meld. A meld's cards share a rank or a suit, so the
    subsets tried are those of each rank's cards and of each suit's."""
    return [
        frozenset(group)
        for kin in kinds(hand)
        for size in range(3, len(kin) + 1)
        for group in combinations(kin, size)
        if is_meld(group)
    ]


def kinds(hand: Sequence[Card], like: Card | None = None) -> list[list[Card]]:
    """The hand's cards by rank and by suit (with ``like``, only its rank's and its suit's)."""
    ranks = {card.rank for card in hand} if like is None else {like.rank}
    suits = {card.suit for card in hand} if like is None else {like.suit}
    return [[card for card in hand if card.rank == rank] for rank in sorted(ranks)] + [
        [card for card in hand if card.suit == suit] for suit in sorted(suits)
    ]


def families(
    melds: list[frozenset[Card]], start: int = 0, used: frozenset[Card] = frozenset()
) -> Iterator[list[frozenset[Card]]]:
    """Every collection of pairwise disjoint melds (each collection once)."""
    yield []
    for position in range(start, len(melds)):
        if not melds[position] & used:
            for rest in families(melds, position + 1, used | melds[position]):
                yield [melds[position], *rest]


def brute_arrangements(hand: Sequence[Card]) -> list[tuple[int, list[frozenset[Card]]]]:
    """Every arrangement of the hand: (deadwood, melds)."""
    return [
        (sum(value(card) for card in hand if not any(card in m for m in family)), family)
        for family in families(every_meld(hand))
    ]


def brute_deadwood(hand: Sequence[Card]) -> int:
    return min(total for total, _family in brute_arrangements(hand))


def brute_eleven(hand: Sequence[Card]) -> tuple[bool, int]:
    """(big gin, least deadwood of the ten kept after the best discard)."""
    big_gin, best = False, 999
    for family in families(every_meld(hand)):
        melded = set().union(*family)
        big_gin = big_gin or len(melded) == 11
        for thrown in hand:
            if thrown not in melded:
                best = min(
                    best, sum(value(card) for card in hand if card not in melded and card != thrown)
                )
    return big_gin, (0 if big_gin else best)


def brute_layoffs(opponent: Sequence[Card], knocker_melds: Sequence[Sequence[Card]]) -> int:
    """The opponent's least deadwood over every own arrangement and every way of laying off:
    a group of cards may be laid off onto a knocker's meld when the two together are a meld."""
    # A meld with the target's cards shares their rank or their suit.
    options: list[list[frozenset[Card]]] = [
        [frozenset()]
        + [
            frozenset(group)
            for kin in kinds(opponent, like=target[0])
            for size in range(1, len(kin) + 1)
            for group in combinations(kin, size)
            if is_meld([*target, *group])
        ]
        for target in knocker_melds
    ]
    own = [(set().union(*family), family) for family in families(every_meld(opponent))]
    best = 999

    def choose(index: int, laid: frozenset[Card]) -> None:
        nonlocal best
        if index == len(options):
            for melded, _family in own:
                if not melded & laid:
                    best = min(
                        best,
                        sum(
                            value(card)
                            for card in opponent
                            if card not in melded and card not in laid
                        ),
                    )
            return
        for group in options[index]:
            if not group & laid:
                choose(index + 1, laid | group)

    choose(0, frozenset())
    return best


# --- Hypothesis: random hands with clustered ranks and suits, so that melds actually occur ---

DECK = [Card(rank, suit) for suit in Suit for rank in range(1, 14)]


@st.composite
def hands(
    draw: st.DrawFn, size: int, exclude: frozenset[Card] = frozenset(), near: Sequence[Card] = ()
) -> tuple[Card, ...]:
    """``size`` cards, many of them from one or two small windows of ranks and suits (around
    the cards ``near`` when given), the rest from the whole deck."""
    available = [card for card in DECK if card not in exclude]
    picked: list[Card] = []
    for _window in range(draw(st.integers(1, 2))):
        if near:
            low = draw(st.sampled_from(sorted({card.rank for card in near}))) - draw(
                st.integers(0, 3)
            )
            suits = {draw(st.sampled_from([card.suit for card in near]))}
        else:
            low = draw(st.integers(1, 13))
            suits = set()
        suits |= draw(st.sets(st.sampled_from(list(Suit)), min_size=0 if suits else 1))
        width = draw(st.integers(2, 6))
        window = [
            card
            for card in available
            if low <= card.rank < low + width and card.suit in suits and card not in picked
        ]
        count = draw(st.integers(0, min(size - len(picked), len(window))))
        picked += (
            draw(st.lists(st.sampled_from(window), unique=True, min_size=count, max_size=count))
            if window
            else []
        )
    rest = [card for card in available if card not in picked]
    picked += draw(
        st.lists(
            st.sampled_from(rest),
            unique=True,
            min_size=size - len(picked),
            max_size=size - len(picked),
        )
    )
    return tuple(draw(st.permutations(picked)))


@st.composite
def tied_hands(draw: st.DrawFn, size: int) -> tuple[Card, ...]:
    """Hands where the knocker's arrangements tend to tie: all four of a rank, and next to it
    two cards of a run in two or three suits (any of them can take one of the four)."""
    rank = draw(st.integers(1, 13))
    core = [Card(rank, suit) for suit in Suit]
    for suit in draw(st.lists(st.sampled_from(list(Suit)), min_size=2, max_size=3, unique=True)):
        steps = draw(
            st.sampled_from(
                [
                    pair
                    for pair in ((-2, -1), (-1, 1), (1, 2))
                    if all(1 <= rank + step <= 13 for step in pair)
                ]
            )
        )
        core += [Card(rank + step, suit) for step in steps]
    rest = draw(hands(size - len(core), frozenset(core)))
    return tuple(draw(st.permutations([*core, *rest])))


@st.composite
def knocker_melds(draw: st.DrawFn) -> list[list[Card]]:
    """One to three disjoint melds, as a knocker may lay them down."""
    melds: list[list[Card]] = []
    used: set[Card] = set()
    for _meld in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):
            length = draw(st.integers(3, 5))
            start = draw(st.integers(1, 14 - length))
            suit = draw(st.sampled_from(list(Suit)))
            group = [Card(rank, suit) for rank in range(start, start + length)]
        else:
            rank = draw(st.integers(1, 13))
            group = [
                Card(rank, suit)
                for suit in draw(st.sets(st.sampled_from(list(Suit)), min_size=3, max_size=4))
            ]
        if not used & set(group):
            melds.append(group)
            used |= set(group)
    return melds


def check_arrangement(found: Arrangement, hand: Sequence[Card]) -> None:
    """The arrangement is made of the hand's cards, each used once, its melds are melds and its
    deadwood is its deadwood cards' values."""
    used = [card for found_meld in found.melds for card in found_meld.cards]
    used += [*found.deadwood_cards, *(layoff.card for layoff in found.layoffs)]
    used += [found.discard] if found.discard is not None else []
    assert sorted(used) == sorted(hand)
    assert all(is_meld(found_meld.cards) for found_meld in found.melds)
    assert found.deadwood == sum(value(card) for card in found.deadwood_cards)


SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@settings(SETTINGS, max_examples=1000)
@given(hands(10))
def test_ten_cards_exact(hand: tuple[Card, ...]) -> None:
    found = best_arrangement(hand)
    event(f"melds: {len(found.melds)}")
    check_arrangement(found, hand)
    assert found.deadwood == brute_deadwood(hand)
    assert found.gin == (found.deadwood == 0)
    assert {frozenset(found_meld.cards) for found_meld in possible_melds(hand)} == set(
        every_meld(hand)
    )


@pytest.mark.slow
@settings(SETTINGS, max_examples=700)
@given(st.one_of(hands(11), tied_hands(11)))
def test_eleven_cards_exact(hand: tuple[Card, ...]) -> None:
    found = best_arrangement(hand)
    event(f"melds: {len(found.melds)}")
    check_arrangement(found, hand)
    big_gin, least = brute_eleven(hand)
    assert (found.big_gin, found.deadwood) == (big_gin, least)
    assert found.gin == (least == 0)
    assert (found.discard is None) == big_gin


@pytest.mark.slow
@settings(SETTINGS, max_examples=400)
@given(st.integers(1, 9).flatmap(hands))
def test_smaller_hands_exact(hand: tuple[Card, ...]) -> None:
    found = best_arrangement(hand)
    check_arrangement(found, hand)
    assert found.deadwood == brute_deadwood(hand)
    assert not found.gin and not found.big_gin


@pytest.mark.slow
@settings(SETTINGS, max_examples=700)
@given(
    knocker_melds().flatmap(
        lambda melds: st.tuples(
            st.just(melds),
            hands(
                10,
                frozenset(card for group in melds for card in group),
                [card for group in melds for card in group],
            ),
        )
    )
)
def test_layoffs_exact(knock: tuple[list[list[Card]], tuple[Card, ...]]) -> None:
    melds, opponent = knock
    found = deadwood_after_layoffs(opponent, melds)
    event(f"lay-offs: {len(found.layoffs)}")
    check_arrangement(found, opponent)
    assert found.deadwood == brute_layoffs(opponent, melds)
    for group in melds:
        laid = [layoff.card for layoff in found.layoffs if set(layoff.meld.cards) == set(group)]
        assert is_meld([*group, *laid])
    assert deadwood_after_layoffs(opponent, melds, gin=True).deadwood == brute_deadwood(opponent)


@pytest.mark.slow
@settings(SETTINGS, max_examples=300)
@given(
    st.one_of(hands(10), hands(11), tied_hands(10), tied_hands(11)).flatmap(
        lambda knocker: st.tuples(st.just(knocker), hands(10, frozenset(knocker), knocker))
    )
)
def test_showdown_exact(deal: tuple[tuple[Card, ...], tuple[Card, ...]]) -> None:
    knocker, opponent = deal
    both = showdown(knocker, opponent)
    check_arrangement(both.knocker, knocker)
    check_arrangement(both.opponent, opponent)
    # The knocker's least deadwood, over every arrangement (and, for 11 cards, every discard).
    if len(knocker) == 11:
        big_gin, least = brute_eleven(knocker)
        kept_hands = [tuple(card for card in knocker if card != thrown) for thrown in knocker]
        ties = [
            family
            for kept in kept_hands
            for total, family in brute_arrangements(kept)
            if total == least
        ]
    else:
        big_gin, least = False, brute_deadwood(knocker)
        ties = [family for total, family in brute_arrangements(knocker) if total == least]
    assert both.knocker.deadwood == least
    assert both.knocker.big_gin == big_gin
    if least == 0:
        expected = brute_deadwood(opponent)
        assert both.opponent.layoffs == ()
    else:
        event(f"knocker ties: {min(len(ties), 3)}")
        # The knocker chooses: of the tied arrangements, the one leaving the opponent most.
        expected = max(
            brute_layoffs(opponent, [sorted(group) for group in family]) for family in ties
        )
        chosen = [sorted(found.cards) for found in both.knocker.melds]
        assert brute_layoffs(opponent, chosen) == expected
    assert both.opponent.deadwood == expected


@settings(SETTINGS)  # as many examples as the profile says (see conftest.py)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=11, unique=True), st.data())
def test_written_any_way_reads_back(hand: list[Card], data: st.DataObject) -> None:
    """Every card written in any accepted form and case reads back as itself."""
    ranks = {1: ["A", "a"], 10: ["10", "T", "t"], 11: ["J", "j"], 12: ["Q", "q"], 13: ["K", "k"]}
    suits = {
        Suit.SPADES: ["S", "s", "♠"],
        Suit.HEARTS: ["H", "h", "♥"],
        Suit.DIAMONDS: ["D", "d", "♦"],
        Suit.CLUBS: ["C", "c", "♣"],
    }
    written = [
        data.draw(st.sampled_from(ranks.get(card.rank, [str(card.rank)])))
        + data.draw(st.sampled_from(suits[card.suit]))
        for card in hand
    ]
    separators = [data.draw(st.sampled_from([" ", ",", ", ", " , ", "  "])) for _card in hand]
    text = "".join(word + separator for word, separator in zip(written, separators))
    assert parse_cards(text) == tuple(hand)
    assert parse_cards(" ".join(map(str, hand))) == tuple(hand)


def test_a_card_is_shown_the_way_it_is_typed() -> None:
    card = parse_card("10h")
    assert repr(card) == "parse_card('10♥')"
    assert eval(repr(card), {"parse_card": parse_card}) == card
