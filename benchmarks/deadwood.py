"""How fast the exact deadwood solver (scorekeeper.cards) answers, worst cases and random hands.

Run by hand (not part of the test suite), from the project's virtual environment:

    python benchmarks/deadwood.py            # 3,000 random deals per kind
    python benchmarks/deadwood.py --quick    # 300

Each case is one whole call from parsed cards (the solver is rebuilt every call: nothing is
cached between hands). Worst cases are the hands built to have the most overlapping melds, the
most tied knocker arrangements and the longest lay-off chains; each is timed many times and its
median and max are shown. Random hands are drawn from a shuffled deck (seeded), each timed once.
Figures are microseconds per hand; on a shared machine the medians are the figures that count.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from scorekeeper.cards import (
    Card,
    Suit,
    best_arrangement,
    deadwood_after_layoffs,
    parse_cards,
    showdown,
)

DECK = [Card(rank, suit) for suit in Suit for rank in range(1, 14)]

#: Hands with many overlapping melds (every card in a set and in one or more runs).
WORST_HANDS = {
    "grid 3 ranks x 4 suits, 10 cards": "5S 6S 7S 5H 6H 7H 5D 6D 7D 5C",
    "grid 3 ranks x 4 suits, 11 cards": "5S 6S 7S 5H 6H 7H 5D 6D 7D 5C 6C",
    "grid 4 ranks x 3 suits, 11 cards": "4S 5S 6S 7S 4H 5H 6H 7H 4D 5D 6D",
    "two 5-runs + pair, 11 cards": "3S 4S 5S 6S 7S 3H 4H 5H 6H 7H 5D",
    "one suit A-J, 11 cards (big gin)": "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH",
    "four 7s + 5-6 in 3 suits, 10": "7S 7H 7D 7C 5S 6S 5H 6H 5D 6D",
    "four 7s + 5-6 & 8-9 stubs, 11": "7S 7H 7D 7C 5S 6S 8H 9H 5D 6D 8C",
    "98 points, no meld": "KS KH QD QC JS JH 10D 10C 9S 9H",
}

#: (opponent, knocker's melds): lay-offs with long chains and runs competing for cards.
WORST_LAYOFFS = {
    "A-3 takes 4..K (10-card chain)": ("4S 5S 6S 7S 8S 9S 10S JS QS KS", ["AS 2S 3S"]),
    "two runs share a 4-card gap + sets": (
        "6S 7S 8S 9S 5H 5D 5C KH KD KC",
        ["3S 4S 5S", "10S JS QS"],
    ),
    "3 runs, chains both ends": (
        "AS 2S 6S 7S AH 2H 6H 7H 9D 10D",
        ["3S 4S 5S", "3H 4H 5H", "6D 7D 8D"],
    ),
    "run + 2 sets, chain vs own melds": (
        "8S 9S 10S 10H 10D 8H 8D 7C 7H 7D",
        ["5S 6S 7S", "JS JH JD", "9H 9D 9C"],
    ),
}

#: (knocker, opponent): showdowns with many tied knocker arrangements.
WORST_SHOWDOWNS = {
    "knocker ties x3 suits, opponent chains": (
        "7S 7H 7D 7C 5S 6S 5H 6H 5D 6D",
        "8S 9S 8H 9H 8D 9D 4S 4H 4D 3C",
    ),
    "11-card knocker, ties + discards": (
        "2S 3S 2H 3H 4S 4H 4D 4C AD AC KD",
        "5H 6H 5S 6S 5D 6D 7H 7S 7D AH",
    ),
    "knocker grid, opponent everything adjacent": (
        "5S 6S 7S 5H 6H 7H 5D 6D 7D KC",
        "4S 8S 4H 8H 4D 8D 3S 9S 3H 9H",
    ),
}


def timed(call: Callable[[], object]) -> float:
    """One call's wall time, in microseconds."""
    start = time.perf_counter_ns()
    call()
    return (time.perf_counter_ns() - start) / 1000


def report(label: str, samples: list[float]) -> None:
    print(
        f"  {label:46} median {statistics.median(samples):8.0f} us   "
        f"max {max(samples):8.0f} us   ({len(samples)} runs)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer random deals and repeats")
    options = parser.parse_args()
    deals, repeats = (300, 20) if options.quick else (3000, 200)

    worst: list[float] = []
    print("Worst cases: best_arrangement")
    for label, text in WORST_HANDS.items():
        hand = parse_cards(text)
        samples = [timed(lambda hand=hand: best_arrangement(hand)) for _run in range(repeats)]
        report(label, samples)
        worst += samples
    print("Worst cases: deadwood_after_layoffs")
    for label, (opponent_text, melds) in WORST_LAYOFFS.items():
        opponent = parse_cards(opponent_text)
        samples = [
            timed(lambda opponent=opponent, melds=melds: deadwood_after_layoffs(opponent, melds))
            for _run in range(repeats)
        ]
        report(label, samples)
        worst += samples
    print("Worst cases: showdown")
    for label, (knocker_text, opponent_text) in WORST_SHOWDOWNS.items():
        knocker, opponent = parse_cards(knocker_text), parse_cards(opponent_text)
        samples = [
            timed(lambda knocker=knocker, opponent=opponent: showdown(knocker, opponent))
            for _run in range(repeats)
        ]
        report(label, samples)
        worst += samples
    report("all worst cases", worst)

    print(f"Random deals (seeded), {deals} each")
    rng = random.Random(2024)
    kinds: dict[str, list[float]] = {
        "best_arrangement, 10 cards": [],
        "best_arrangement, 11 cards": [],
        "showdown, 10 v 10": [],
        "showdown, 11 v 10": [],
    }
    for _deal in range(deals):
        deck = DECK[:]
        rng.shuffle(deck)
        ten, eleven, other = tuple(deck[:10]), tuple(deck[:11]), tuple(deck[11:21])
        kinds["best_arrangement, 10 cards"].append(timed(lambda ten=ten: best_arrangement(ten)))
        kinds["best_arrangement, 11 cards"].append(
            timed(lambda eleven=eleven: best_arrangement(eleven))
        )
        kinds["showdown, 10 v 10"].append(timed(lambda ten=ten, other=other: showdown(ten, other)))
        kinds["showdown, 11 v 10"].append(
            timed(lambda eleven=eleven, other=other: showdown(eleven, other))
        )
    for label, samples in kinds.items():
        report(label, samples)

    print("Parsing a written 10-card hand")
    text = "AS 2s, 3S 10h JD qd kc 7♠ 7♥ 9♦"
    report("parse_cards", [timed(lambda: parse_cards(text)) for _run in range(repeats)])


if __name__ == "__main__":
    main()
