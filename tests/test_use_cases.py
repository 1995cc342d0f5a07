"""The use cases both faces share (scorekeeper.table): each refusal a domain error, no click
exception, and the store unchanged by it."""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import Run, ok, snapshot

from scorekeeper.engine import Answers, Hand, InvalidHand, Why
from scorekeeper.store import Store
from scorekeeper.table import (
    HandBuilder,
    MatchAbandoned,
    MatchOver,
    NoCurrentMatch,
    NothingToUndo,
    NotTheNextHand,
    Refused,
    add_hand,
    taken_back,
    watched,
)


def answered(answers: Answers) -> HandBuilder:
    return lambda match, _replacing: match.sheet().next_hand().build(answers)


def test_a_hand_is_recorded_for_the_hand_number_it_was_entered_as(
    store_dir: Path, run: Run
) -> None:
    ok(run("new", "Ann", "Ben", "--dealer", "ann"))
    store = Store(store_dir)
    added = add_hand(store, None, answered(Answers("knock", "Ann", kd=3, od=20)), expected=1)
    assert added.stored is not None and added.stored.hand == Hand.knock("Ann", 3, 20)
    assert added.after.rounds[-1].points == 17  # 20 - 3
    before = snapshot(store_dir)
    with pytest.raises(NotTheNextHand):  # hand 1 was just recorded
        add_hand(store, None, answered(Answers("gin", "Ben", od=5)), expected=1)
    with pytest.raises(InvalidHand) as refused:  # the engine's refusal, as it is
        add_hand(store, None, answered(Answers("knock", "Ann", kd=11, od=20)), expected=2)
    assert refused.value.why is Why.OVER_LIMIT
    assert snapshot(store_dir) == before


def test_taking_back_is_for_the_last_hand_only(store_dir: Path, run: Run) -> None:
    ok(run("new", "Ann", "Ben", "--dealer", "ann"))
    store = Store(store_dir)
    with pytest.raises(NothingToUndo):
        taken_back(store, 1)
    ok(run("knock", "ann", "3", "20"))
    with pytest.raises(NotTheNextHand):
        taken_back(store, 1, expected=2)
    assert (
        taken_back(store, 1, expected=1)[0]
        == "Voided Hand 1: Ann knocks 3 v 20 -> Ann +17 in Game 1"
    )


def test_no_hand_follows_the_end_or_the_abandoning_of_a_match(store_dir: Path, run: Run) -> None:
    ok(run("new", "Ann", "Ben", "--dealer", "ann", "--target", "10", "--end-after-first-game"))
    ok(run("knock", "ann", "2", "30"))
    with pytest.raises(MatchOver):
        add_hand(Store(store_dir), None, answered(Answers("wall")))
    ok(run("new", "Ann", "Ben", "--dealer", "ann"))
    ok(run("abandon"))
    with pytest.raises(MatchAbandoned):
        add_hand(Store(store_dir), None, answered(Answers("wall")))


def test_without_a_current_match_the_refusal_is_the_domains(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    with pytest.raises(NoCurrentMatch) as refused:
        add_hand(store, None, answered(Answers("wall")))
    assert isinstance(refused.value, Refused) and "no current match" in str(refused.value)
    assert watched(store, None) == str(refused.value)
