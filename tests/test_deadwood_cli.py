"""The deadwood calculator at the command line, and hands entered from cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from harness import invoke, ok, refused

KNOCKER = "5s 6s 7s 2c 2d 2h 4d 5d 6d ac"
"""Runs 5-6-7♠ and 4-5-6♦, three twos; the A♣ is the deadwood: 1."""
OPPONENT = "8s 9s kh kc qh jc 3h 4h 9d 10c"
"""No meld; 8♠ then 9♠ are laid off onto 5-6-7♠, leaving 3+4+9+10+10+10+10+10 = 66."""


def test_deadwood_of_a_hand_where_a_card_fits_a_set_or_a_run(tmp_path: Path) -> None:
    # The spades are A 2 3 and 7; the 7♠ is worth more in the set of sevens. Best:
    # A♠ 2♠ 3♠ and 7♠ 7♥ 7♦, deadwood 10♥ J♦ Q♦ K♣ = 40.
    result = invoke(
        tmp_path / "store", "deadwood", "AS", "2s", "3S", "10h", "JD", "qd", "kc", "7♠", "7♥", "7d"
    )
    assert result.exit_code == 0
    assert result.output == ("Cards: A♠ 2♠ 3♠  |  7♠ 7♥ 7♦\n  deadwood 10♥ J♦ Q♦ K♣ = 40\n")


def test_deadwood_after_laying_off_onto_melds(tmp_path: Path) -> None:
    result = invoke(
        tmp_path / "store", "deadwood", *OPPONENT.split(), "--onto", "5s 6s 7s / 2c 2d 2h"
    )
    assert result.output == (
        "Opponent: no meld\n"
        "  laid off 8♠ 9♠ onto 5♠ 6♠ 7♠\n"
        "  deadwood 3♥ 4♥ 9♦ 10♣ J♣ Q♥ K♥ K♣ = 66\n"
    )


def test_eleven_cards_all_melded_are_big_gin(tmp_path: Path) -> None:
    result = invoke(
        tmp_path / "store",
        "deadwood",
        *["2s", "3s", "4s", "5h", "6h", "7h", "8c", "9c", "10c", "jc", "qc"],
    )
    assert result.output.endswith("  big gin: all 11 cards melded\n")


@pytest.mark.parametrize(
    "args, message",
    [
        (["AS", "AS"], "A♠ is given twice"),
        (["ZZ"], "'ZZ' is not a card"),
        (["2s", "--onto", "3s 4s 5s", "--knocker", "3s"], "not both"),
    ],
)
def test_deadwood_refuses_cards_it_cannot_read(
    tmp_path: Path, args: list[str], message: str
) -> None:
    result = invoke(tmp_path / "store", "deadwood", *args)
    assert result.exit_code == 2
    assert message in result.output


def test_a_knock_entered_as_cards_records_the_counts(tmp_path: Path) -> None:
    ok(invoke(tmp_path / "store", "new", "Ann", "Ben", "--dealer", "ann"))
    result = invoke(
        tmp_path / "store", "knock", "ann", "--cards", KNOCKER, "--opponent-cards", OPPONENT
    )
    assert result.exit_code == 0, result.output
    assert "Knocker: 2♥ 2♦ 2♣  |  4♦ 5♦ 6♦  |  5♠ 6♠ 7♠\n  deadwood A♣ = 1\n" in result.output
    assert "Hand 1: Ann knocks 1 v 66 -> Ann +65 in Game 1" in result.output
    shown = json.loads(invoke(tmp_path / "store", "show", "--json").output)
    assert shown["rounds"][0]["knocker_deadwood"] == 1
    assert shown["rounds"][0]["opponent_deadwood"] == 66


def test_a_gin_hand_entered_as_cards_is_recorded_as_gin(tmp_path: Path) -> None:
    ok(invoke(tmp_path / "store", "new", "Ann", "Ben", "--dealer", "ann"))
    gin = "2s 3s 4s 5h 6h 7h 6c 7c 8c 9c"  # three runs, one of four clubs: no deadwood
    result = invoke(
        tmp_path / "store", "knock", "ben", "--cards", gin, "--opponent-cards", OPPONENT
    )
    # No lay-offs against gin: the opponent keeps all 8+9+10+10+10+10+3+4+9+10 = 83.
    assert "Hand 1: Ben goes gin v 83 -> Ben +108 in Game 1" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["knock", "ann", "1", "20", "--cards", KNOCKER, "--opponent-cards", OPPONENT],
        ["knock", "ann", "--cards", KNOCKER],
        ["knock", "ann", "3"],
    ],
)
def test_counts_and_cards_do_not_mix(tmp_path: Path, args: list[str]) -> None:
    ok(invoke(tmp_path / "store", "new", "Ann", "Ben", "--dealer", "ann"))
    result = invoke(tmp_path / "store", *args)
    assert result.exit_code == 2
    assert "Error: Give both" in result.output


@pytest.mark.parametrize(
    "cards",
    [["2s", "3s", "4s"], ["as", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "js", "qs"]],
)
def test_deadwood_refuses_a_hand_that_is_not_10_or_11_cards(
    tmp_path: Path, cards: list[str]
) -> None:
    refused(
        invoke(tmp_path / "store", "deadwood", *cards),
        2,
        f"{len(cards)} cards are not a hand of gin: give the 10 cards of a hand",
    )
