"""The use cases both faces share (scorekeeper.table): each refusal a domain error, no click
exception, and the store unchanged by it."""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import Run, ok, snapshot

from scorekeeper.engine import Answers, Hand, InvalidHand, Why
from scorekeeper.store import Store
from scorekeeper.table import (
    CorrectionEndsMatch,
    MatchAbandoned,
    MatchOver,
    NoCurrentMatch,
    NoSuchHand,
    NothingToUndo,
    NotTheNextHand,
    Refused,
    RulesFixed,
    RulesInTheWay,
    add_hand,
    change_rules,
    correct,
    taken_back,
    watched,
)


def test_a_hand_is_recorded_for_the_hand_number_it_was_entered_as(
    store_dir: Path, run: Run
) -> None:
    ok(run("new", "Ann", "Ben", "--dealer", "ann"))
    store = Store(store_dir)
    added = add_hand(store, None, Answers("knock", "Ann", kd=3, od=20), expected=1)
    assert added.stored is not None and added.stored.hand == Hand.knock("Ann", 3, 20)
    assert added.after.rounds[-1].points == 17  # 20 - 3
    before = snapshot(store_dir)
    with pytest.raises(NotTheNextHand):  # hand 1 was just recorded
        add_hand(store, None, Answers("gin", "Ben", od=5), expected=1)
    with pytest.raises(InvalidHand) as refused:  # the engine's refusal, as it is
        add_hand(store, None, Answers("knock", "Ann", kd=11, od=20), expected=2)
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
        taken_back(store, 1, expected=1)[0][0]
        == "Voided Hand 1: Ann knocks 3 v 20 -> Ann +17 in Game 1"
    )


def test_no_hand_follows_the_end_or_the_abandoning_of_a_match(store_dir: Path, run: Run) -> None:
    ok(run("new", "Ann", "Ben", "--dealer", "ann", "--target", "10", "--end-after-first-game"))
    ok(run("knock", "ann", "2", "30"))
    with pytest.raises(MatchOver):
        add_hand(Store(store_dir), None, Answers("wall"))
    ok(run("new", "Ann", "Ben", "--dealer", "ann"))
    ok(run("abandon"))
    with pytest.raises(MatchAbandoned):
        add_hand(Store(store_dir), None, Answers("wall"))


def test_without_a_current_match_the_refusal_is_the_domains(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    with pytest.raises(NoCurrentMatch) as refused:
        add_hand(store, None, Answers("wall"))
    assert isinstance(refused.value, Refused) and "no current match" in str(refused.value)
    assert watched(store, None) == str(refused.value)


def knocked(who: str, kd: int, od: int) -> Answers:
    return Answers("knock", who, kd=kd, od=od)


def test_a_correction_is_built_by_the_hand_as_it_was_played(store_dir: Path, run: Run) -> None:
    # Three-handed: hand 1 was Ann v Ben (Cid sat out), so hand 1 cannot become Cid's.
    ok(run("new", "Ann", "Ben", "Cid", "--dealer", "ann"))
    ok(run("knock", "ann", "3", "20"))  # Ann +17; Ann v Cid next
    store = Store(store_dir)
    before = snapshot(store_dir)
    with pytest.raises(InvalidHand) as refused:
        correct(store, None, 1, knocked("Cid", 3, 20))
    assert str(refused.value) == "Cid sits out this hand: Ann and Ben are playing."
    with pytest.raises(NoSuchHand) as missing:
        correct(store, None, 2, knocked("Ann", 3, 20))
    assert str(missing.value) == "There is no hand 2: match 1 has 1 hand."
    same = correct(store, None, 1, knocked("Ann", 3, 20))
    assert same.new == same.old and same.after == same.before  # nothing to change
    assert snapshot(store_dir) == before
    done = correct(store, None, 1, knocked("Ben", 5, 30))
    assert done.after.rounds[0].winner == "Ben" and done.after.rounds[0].points == 25  # 30 - 5
    assert Store(store_dir).load(1).in_force()[0].hand == Hand.knock("Ben", 5, 30)


def test_names_typed_are_made_exact_by_the_hand_under_the_lock(store_dir: Path, run: Run) -> None:
    """A command line's answers are data: the names typed are read by the next hand as the
    match has it under the lock, and a name that could be two players is the domain's
    refusal (no click exception), the store unchanged."""
    ok(run("new", "Ann", "Anna", "--dealer", "ann"))
    store = Store(store_dir)
    before = snapshot(store_dir)
    with pytest.raises(InvalidHand) as refused:
        add_hand(store, None, Answers("knock", "an", 3, 20, typed=True))
    assert str(refused.value) == "'an' could be Ann or Anna; type more of it."
    assert snapshot(store_dir) == before
    added = add_hand(store, None, Answers("knock", "ANNA", 3, 20, typed=True))
    assert added.stored is not None and added.stored.hand == Hand.knock("Anna", 3, 20)


def test_a_correction_to_a_wall_in_partnership_stays_at_the_hands_table(
    store_dir: Path, run: Run
) -> None:
    ok(run("new", "--teams", "Ann & Bob", "Cid & Dee", "--preset", "partnership"))
    ok(run("knock", "ann", "4", "27"))  # deal 1 at Ann v Cid; Bob v Dee still to report
    store = Store(store_dir)
    done = correct(store, None, 1, Answers("wall", typed=True), dry_run=True)
    assert done.new == Hand.wall(table="Ann")  # the knocker's table
    done = correct(store, None, 1, Answers("wall", table="ci", typed=True), dry_run=True)
    assert done.new == Hand.wall(table="Cid")


def test_a_correction_that_would_end_the_match_early_is_refused(store_dir: Path, run: Run) -> None:
    ok(run("new", "Ann", "Ben", "--dealer", "ann", "--target", "50", "--end-after-first-game"))
    ok(run("knock", "ann", "2", "20"))  # Ann 18
    ok(run("knock", "ann", "2", "20"))  # Ann 36
    before = snapshot(store_dir)
    with pytest.raises(CorrectionEndsMatch) as refused:  # 52 would end it at hand 1
        correct(Store(store_dir), None, 1, knocked("Ann", 2, 54))
    assert str(refused.value) == (
        "That correction would end the match with hand 1, but 1 more hand was recorded after it."
    )
    assert snapshot(store_dir) == before


def test_rules_are_changed_unless_a_hand_or_the_settlement_is_in_the_way(
    store_dir: Path, run: Run
) -> None:
    ok(run("new", "Ann", "Ben", "--dealer", "ann", "--target", "50", "--end-after-first-game"))
    ok(run("knock", "ann", "9", "20"))  # Ann 11
    store = Store(store_dir)
    before = snapshot(store_dir)
    with pytest.raises(RulesInTheWay) as refused:  # a knock of 9 under a limit of 8
        change_rules(store, None, lambda match: match.rules.replace(knock_limit=8))
    assert refused.value.fields == {"number": 1, "hand": True}
    assert "hand 1 could not have been played as it was recorded" in str(refused.value)
    same = change_rules(store, None, lambda match: match.rules)
    assert same.after == same.before
    dry = change_rules(store, None, lambda match: match.rules.replace(gin_bonus=20), True)
    assert dry.old.gin_bonus == 25 and dry.after.rules.gin_bonus == 20
    assert snapshot(store_dir) == before
    changed = change_rules(store, None, lambda match: match.rules.replace(target=10))
    assert changed.after.finished  # Ann's 11 reaches 10: the match is over
    with pytest.raises(RulesFixed):
        change_rules(store, None, lambda match: match.rules.replace(target=100))
