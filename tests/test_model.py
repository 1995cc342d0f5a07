"""A model-based test: random sequences of valid and invalid commands against a simple model.

Every accepted command is reflected in the model, every refused one leaves the store's bytes
as they were, and the sheet always equals the engine's replay of the model's hands.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from harness import snapshot
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from scorekeeper.cli import cli
from scorekeeper.engine import Hand, MatchFinished, replay
from scorekeeper.exchange import sheet_json
from scorekeeper.rules import Rules

PAIRS = [("Alexandra", "Bob"), ("Cid", "Dee"), ("Eva", "Emil")]
deadwood = st.integers(min_value=-2, max_value=100)


class Table(RuleBasedStateMachine):
    """The store and command line against a model: per match its players, rules, first
    dealer and hands in force; and which match is current."""

    def __init__(self) -> None:
        super().__init__()
        self.root = Path(tempfile.mkdtemp()) / "store"
        self.runner = CliRunner()
        self.matches: dict[int, tuple[tuple[str, str], Rules, list[Hand]]] = {}
        self.current: int | None = None

    def teardown(self) -> None:
        shutil.rmtree(self.root.parent, ignore_errors=True)

    def run(self, *args: str) -> Result:
        return self.runner.invoke(cli, ["--db", str(self.root), *args])

    def attempt(self, args: list[str], accepted: bool) -> Result:
        """Run a command; if the model says it is refused, it must change nothing."""
        before = snapshot(self.root)
        result = self.run(*args)
        assert "Traceback" not in result.output, result.output
        if accepted:
            assert result.exit_code == 0, (args, result.output)
        else:
            assert result.exit_code in (1, 2), (args, result.output)
            assert result.output.startswith("Error: ") or "\nError: " in result.output
            assert snapshot(self.root) == before
        return result

    def finished(self, match: int, hands: list[Hand]) -> bool | None:
        """Whether these hands finish the match; None if a hand follows the end."""
        players, rules, _hands = self.matches[match]
        try:
            return replay(players, rules, players[0], hands).finished
        except MatchFinished:
            return None

    # Commands

    @rule(
        pair=st.sampled_from(PAIRS),
        columns=st.sampled_from([2, 3]),
        goal=st.sampled_from([10, 50, 100]),
    )
    def new(self, pair: tuple[str, str], columns: int, goal: int) -> None:
        self.attempt(
            ["new", *pair, "--dealer", pair[0], "--columns", str(columns), "--target", str(goal)],
            accepted=True,
        )
        match = max(self.matches, default=0) + 1
        self.matches[match] = (pair, Rules(columns=columns, target=goal), [])
        self.current = match

    def record(self, args: list[str], hand: Hand, valid: bool) -> None:
        if self.current is None:
            self.attempt(args, accepted=False)
            return
        hands = self.matches[self.current][2]
        ok = valid and self.finished(self.current, hands + [hand]) is not None
        self.attempt(args, accepted=ok)
        if ok:
            hands.append(hand)

    @rule(who=st.integers(0, 1), kd=deadwood, od=deadwood, prefix=st.integers(1, 3))
    def knock(self, who: int, kd: int, od: int, prefix: int) -> None:
        pair = self.matches[self.current][0] if self.current else PAIRS[0]
        typed = pair[who][:prefix].lower()
        named = [p for p in pair if p.lower() == typed] or [
            p for p in pair if p.lower().startswith(typed)
        ]
        valid = 0 <= kd <= 10 and 0 <= od <= 98 and len(named) == 1
        self.record(["knock", typed, str(kd), str(od)], Hand.knock(pair[who], kd, od), valid)

    @rule(who=st.integers(0, 1), od=deadwood, big=st.booleans())
    def gin(self, who: int, od: int, big: bool) -> None:
        pair = self.matches[self.current][0] if self.current else PAIRS[0]
        self.record(
            ["gin", pair[who], str(od), *(["--big"] if big else [])],
            Hand.gin(pair[who], od, big),
            0 <= od <= 98,
        )

    @rule()
    def wall(self) -> None:
        self.record(["wall"], Hand.wall(), True)

    @rule()
    def undo(self) -> None:
        hands = self.matches[self.current][2] if self.current else []
        self.attempt(["undo"], accepted=bool(hands))
        if hands:
            hands.pop()

    @rule(
        number=st.integers(0, 12),
        who=st.integers(0, 1),
        kd=st.integers(0, 12),
        od=st.integers(0, 40),
    )
    def amend(self, number: int, who: int, kd: int, od: int) -> None:
        if self.current is None:
            self.attempt(["amend", str(number), "wall"], accepted=False)
            return
        pair, _rules, hands = self.matches[self.current]
        hand = Hand.knock(pair[who], kd, od)
        changed = hands[: number - 1] + [hand] + hands[number:]
        ok = (
            1 <= number <= len(hands)
            and kd <= 10
            and self.finished(self.current, changed) is not None
        )
        self.attempt(["amend", str(number), "knock", pair[who], str(kd), str(od)], accepted=ok)
        if ok:
            hands[number - 1] = hand

    @rule(match=st.integers(0, 5))
    def use(self, match: int) -> None:
        self.attempt(["use", str(match)], accepted=match in self.matches)
        if match in self.matches:
            self.current = match

    @precondition(lambda self: self.current is not None)
    @rule()
    def export_and_import(self) -> None:
        exported = self.attempt(["export", "--format", "json"], accepted=True).output
        path = self.root.parent / "exported.json"
        path.write_text(exported, encoding="utf-8")
        held = snapshot(self.root)
        again = self.attempt(["import", str(path)], accepted=True)  # the store holds it
        assert "nothing was changed" in again.output and snapshot(self.root) == held
        self.attempt(["import", "--as-new", str(path)], accepted=True)
        assert self.current is not None
        players, rules, hands = self.matches[self.current]
        match = max(self.matches) + 1
        self.matches[match] = (players, rules, list(hands))
        self.current = match

    # What must always hold

    @invariant()
    def sheet_is_the_replay_of_the_model(self) -> None:
        if self.current is None:
            return
        players, rules, hands = self.matches[self.current]
        shown = self.run("show", "--json")
        assert shown.exit_code == 0, shown.output
        expected = sheet_json(self.current, replay(players, rules, players[0], hands))
        assert json.loads(shown.output) == expected


Table.TestCase.settings = settings(max_examples=100, stateful_step_count=30, deadline=None)
TestTable = pytest.mark.slow(Table.TestCase)
