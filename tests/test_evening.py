"""At the table for a whole evening (CLI.md "At the table"): ``record`` asks for one hand after
another, and ``show --watch`` keeps the sheet on a second screen.

Figures are worked out by hand in the comments (standard rules unless a test says otherwise):
a knock scores the opponent's deadwood minus the knocker's, gin the deadwood plus 25, and the
loser of a hand deals the next.
"""

from __future__ import annotations

import io
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import pytest
from harness import A, B, Run, invoke, new_match, ok, process, refused, snapshot
from rich.console import Console

from scorekeeper import i18n
from scorekeeper.commands.reading import watch_view
from scorekeeper.engine import Hand
from scorekeeper.store import Store

KNOCKER = "5s 6s 7s 2c 2d 2h 4d 5d 6d ac"
"""Runs 5-6-7♠ and 4-5-6♦, three twos; the A♣ is the deadwood: 1."""
OPPONENT = "8s 9s kh kc qh jc 3h 4h 9d 10c"
"""No meld; 8♠ then 9♠ are laid off onto 5-6-7♠, leaving 3+4+9+10+10+10+10+10 = 66."""


def rounds(run: Run) -> list[tuple[Any, ...]]:
    """Each hand in force: (number, kind, winner, points, games)."""
    shown = json.loads(ok(run("show", "--json")))
    return [(r["number"], r["kind"], r["winner"], r["points"], r["games"]) for r in shown["rounds"]]


def at_question(monkeypatch: pytest.MonkeyPatch, start: str, action: Callable[[], object]) -> None:
    """Run ``action`` (another terminal, say) the first time a question starting with
    ``start`` is asked, just before it is."""
    asked = click.prompt
    done: list[bool] = []

    def prompt(text: str, *args: Any, **kwargs: Any) -> Any:
        if text.startswith(start) and not done:
            done.append(True)
            action()
        return asked(text, *args, **kwargs)

    monkeypatch.setattr(click, "prompt", prompt)


def elsewhere(store_dir: Path, hand: Hand) -> Callable[[], None]:
    """Another terminal recording ``hand`` into match 1."""

    def record() -> None:
        store = Store(store_dir)
        with store.writing() as writer:
            writer.load(1).add(hand)

    return record


# record: hand after hand


def test_record_asks_for_one_hand_after_another_until_q(run: Run, tmp_path: Path) -> None:
    new_match(run)
    hands = "knock\nbob\n5\n15\ny\n" + "gin\nal\n20\n\n" + "q\n"
    out = ok(run("record", input=hands))
    # 1: Bob 15 - 5 = 10 in Game 1; Alexandra lost, deals again.
    # 2: Alexandra gin 20 + 25 = 45, her first win: Game 1 only; Bob deals next.
    assert "Hand 1 of match 1: Alexandra v Bob, Alexandra dealt." in out
    assert "Hand 2 of match 1: Alexandra v Bob, Alexandra dealt." in out
    assert "Hand 3 of match 1: Alexandra v Bob, Bob dealt." in out
    assert out.endswith(
        "Hand 3 of match 1: Alexandra v Bob, Bob dealt.\n"
        "How did the hand end? [knock/gin/wall/big gin] (u: undo, q: quit): q\n"
        "Recorded 2 hands in match 1.\n"
    )
    assert rounds(run) == [(1, "knock", B, 10, [1]), (2, "gin", A, 45, [1])]
    # After each hand, exactly what 'knock' and 'gin' print for it.
    other = tmp_path / "other"
    ok(invoke(other, "new", A, B, "--dealer", "al"))
    assert ok(invoke(other, "knock", "bob", "5", "15")) in out
    assert ok(invoke(other, "gin", "al", "20")) in out


def test_a_bad_answer_is_asked_again_and_only_that_question(run: Run) -> None:
    new_match(run)
    out = ok(run("record", input="knock\nbob\n5\nlots\n15\ny\nq\n"))
    assert out.count("Who knocked?") == 1
    assert out.count("Bob's deadwood (1-10; 0 if it was gin)") == 1
    assert "'lots' is not a whole number: Alexandra's deadwood is from 0 to 98." in out
    assert out.count("Alexandra's deadwood after lay-offs (0-98)") == 2
    assert rounds(run) == [(1, "knock", B, 10, [1])]  # 15 - 5


def test_with_cards_a_hand_of_nine_cards_is_refused_when_it_is_typed(run: Run) -> None:
    new_match(run)
    nine = "5s 6s 7s 2c 2d 2h 4d 5d 6d"
    too_much = "5s 6s 7s 2c 2d 2h 4d 5d kd qc"  # 4 + 5 + 10 + 10 = 29 left over
    twice = OPPONENT.replace("10c", "ac")  # the A♣ is the knocker's
    answers = [
        "knock", "al", nine, too_much, KNOCKER, twice, OPPONENT, "y", "q"
    ]  # fmt: skip
    out = ok(run("record", "--cards", input="\n".join(answers) + "\n"))
    nine_refused = out.index(
        "Error: The knocker's hand has 9 cards: give the 10 kept (or all 11 before the discard)."
    )
    assert nine_refused < out.index("Bob's cards")
    assert (
        "Error: Alexandra's cards leave 29 deadwood, over this hand's knock limit of 10; check "
        "the cards." in out
    )
    assert "Error: A♣ is given in both the knocker's and the opponent's cards" in out
    assert out.count("Alexandra's cards:") == 3
    assert out.count("Bob's cards:") == 2
    # The A♣ left over against 66 after lay-offs: 66 - 1 = 65.
    assert "Hand 1: Alexandra knocks 1 v 66 -> Alexandra +65 in Game 1" in out
    assert rounds(run) == [(1, "knock", A, 65, [1])]


def test_u_takes_the_last_hand_back_as_undo_does(run: Run, tmp_path: Path) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))  # 1: Bob +10
    ok(run("knock", "al", "3", "20"))  # 2: Alexandra +17
    out = ok(run("record", input="u\nq\n"))
    other = tmp_path / "other"
    ok(invoke(other, "new", A, B, "--dealer", "al"))
    ok(invoke(other, "knock", "bob", "5", "15"))
    ok(invoke(other, "knock", "al", "3", "20"))
    assert ok(invoke(other, "undo")) in out
    assert "Voided Hand 2: Alexandra knocks 3 v 20 -> Alexandra +17 in Game 1" in out
    assert "Hand 2 of match 1: Alexandra v Bob, Alexandra dealt." in out  # asked again
    assert out.endswith("No hand was recorded in match 1; 1 was taken back.\n")
    assert rounds(run) == [(1, "knock", B, 10, [1])]


def test_u_takes_back_a_hand_recorded_in_the_same_record(run: Run) -> None:
    new_match(run)
    out = ok(run("record", input="wall\ny\nu\nq\n"))
    assert "Voided Hand 1: wall" in out
    assert "no longer in match" not in out and "Record it again?" not in out
    assert out.endswith("Recorded 1 hand in match 1 and took 1 back.\n")
    assert rounds(run) == []


def test_record_says_how_many_hands_it_recorded_beside_those_it_took_back(run: Run) -> None:
    new_match(run)
    answers = "wall\ny\n" * 4 + "u\n" * 2 + "q\n"
    out = ok(run("record", input=answers))
    assert out.endswith("Recorded 4 hands in match 1 and took 2 back.\n")
    assert [r[1] for r in rounds(run)] == ["wall", "wall"]


def test_u_with_no_hand_to_take_back_says_so_and_asks_again(run: Run) -> None:
    new_match(run)
    result = run("record", input="u\nwall\ny\nq\n")
    assert ok(result).endswith("Recorded 1 hand in match 1.\n")
    assert "Error: Match 1 has no hand to undo." in result.output
    assert rounds(run) == [(1, "wall", None, 0, [])]


@pytest.mark.parametrize(
    "stop",
    [
        pytest.param("", id="the-end-of-the-input"),
        pytest.param("\n", id="an-empty-answer"),
        pytest.param("Q\nknock\nbob\n5\n15\ny\n", id="q-in-any-case"),
    ],
)
def test_the_first_question_of_a_hand_can_end_the_evening(run: Run, stop: str) -> None:
    new_match(run)
    out = ok(run("record", input="wall\ny\n" + stop + "\n" * bool(stop)))
    assert out.endswith("Recorded 1 hand in match 1.\n")
    assert rounds(run) == [(1, "wall", None, 0, [])]  # nothing typed after the stop is read


def test_stopping_in_the_middle_of_a_hand_keeps_the_hands_before_it(run: Run) -> None:
    new_match(run)
    result = run("record", input="wall\ny\nknock\nbob\n")  # the input ends: Ctrl-D
    assert ok(result).endswith("Recorded 1 hand in match 1.\n")
    assert "Stopped: this hand was not recorded." in result.stderr
    assert rounds(run) == [(1, "wall", None, 0, [])]


def test_quitting_before_any_hand_records_nothing(run: Run, store_dir: Path) -> None:
    new_match(run)
    before = snapshot(store_dir)
    assert ok(run("record", input="q\n")).endswith("No hand was recorded.\n")
    assert snapshot(store_dir) == before


def test_the_hand_that_ends_the_match_ends_the_evening(run: Run) -> None:
    new_match(run, "--target", "10", "--end-after-first-game")
    out = ok(run("record", input="knock\nbob\n2\n30\ny\nwall\ny\n"))
    # Bob 30 - 2 = 28 reaches 10: Game 1 and, after the first game, the match.
    assert "*** MATCH OVER" in out
    assert "Hand 2 of match" not in out
    assert out.endswith("Recorded 1 hand in match 1.\n")
    assert rounds(run) == [(1, "knock", B, 28, [1])]


def test_a_hand_recorded_elsewhere_during_the_questions_is_shown_and_the_answer_not_stored(
    run: Run, store_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_match(run)
    at_question(monkeypatch, "Who knocked?", elsewhere(store_dir, Hand.knock(B, 5, 15)))
    out = ok(run("record", input="knock\nal\n3\n20\nwall\ny\nq\n"))
    # Bob's hand elsewhere is hand 1 (15 - 5 = Bob +10); Alexandra's answer for hand 1 is
    # not stored as hand 2: the questions go on to hand 2, dealt by Alexandra, who lost hand 1.
    assert (
        "Hand 1 of match 1 was recorded elsewhere while you answered, so your answer was not "
        "stored. Hand 1 as recorded:\n"
        "Hand 1: Bob knocks 5 v 15 -> Bob +10 in Game 1\n" in out
    )
    assert (
        "Record this hand?" in out.split("Hand 2 of match 1: Alexandra v Bob, Alexandra dealt.")[1]
    )
    assert "Alexandra knocks 3 v 20" not in out
    assert out.endswith("Recorded 1 hand in match 1.\n")
    assert rounds(run) == [(1, "knock", B, 10, [1]), (2, "wall", None, 0, [])]


def test_every_hand_recorded_elsewhere_during_the_questions_is_shown_up_to_the_match_now(
    run: Run, store_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_match(run)

    def two_hands() -> None:
        elsewhere(store_dir, Hand.knock(B, 5, 15))()
        elsewhere(store_dir, Hand.gin(A, 20))()

    at_question(monkeypatch, "Who knocked?", two_hands)
    out = ok(run("record", input="knock\nal\n3\n20\nq\n"))
    # Hand 1 elsewhere: Bob 15 - 5 = +10 in Game 1; hand 2 elsewhere: Alexandra's gin, 20 + 25
    # = +45 in Game 1 (her first win), Bob, who lost, dealing next. Both are shown, the
    # standing as the match now has it, before the questions about hand 3.
    said = out.split("Hand 1 as recorded:\n")[1]
    assert said.startswith("Hand 1: Bob knocks 5 v 15 -> Bob +10 in Game 1\n")
    assert (
        "Hand 2 was recorded elsewhere too:\n"
        "Hand 2: Alexandra goes gin v 20 -> Alexandra +45 in Game 1\n"
        "             Game 1  Game 2  Game 3\n"
        "  Alexandra      45       0       0\n"
        "  Bob            10       0       0\n" in said
    )
    assert "Bob deals next.\n\nHand 3 of match 1: Alexandra v Bob, Bob dealt." in said
    assert "Alexandra knocks 3 v 20" not in out
    assert out.endswith("No hand was recorded.\n")
    assert rounds(run) == [(1, "knock", B, 10, [1]), (2, "gin", A, 45, [1])]


def test_a_hand_recorded_elsewhere_while_the_preview_is_confirmed_is_not_stored_twice(
    run: Run, store_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_match(run)
    at_question(monkeypatch, "Record this hand?", elsewhere(store_dir, Hand.knock(B, 5, 15)))
    out = ok(run("record", input="knock\nal\n3\n20\ny\nq\n"))
    assert "Hand 1: Alexandra knocks 3 v 20 -> Alexandra +17 in Game 1" in out  # the preview
    said = out.split("Record this hand? [Y/n]: y\n")[1]
    assert said.startswith(
        "Hand 1 of match 1 was recorded elsewhere while you answered, so your answer was not "
        "stored. Hand 1 as recorded:\nHand 1: Bob knocks 5 v 15 -> Bob +10 in Game 1\n"
    )
    assert "Hand 2: Alexandra" not in out
    assert out.endswith("No hand was recorded.\n")
    assert rounds(run) == [(1, "knock", B, 10, [1])]


class Terminal:
    """A ``record`` loop as a real process, answering through a pipe as a player types."""

    def __init__(self, store_dir: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "--db", str(store_dir), "record"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env={**os.environ, "SCOREKEEPER_LANG": "en", "NO_COLOR": "1", "COLUMNS": "200"},
        )
        self.screen = bytearray()

    def answer(self, typed: str, then: str | None) -> None:
        """Type the lines ``typed``, and wait for ``then`` on the screen (None: the end)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(typed.encode())
        self.process.stdin.flush()
        read_until(
            self.process.stdout.fileno(), self.screen, None if then is None else then.encode()
        )

    def shown(self) -> str:
        return self.screen.decode()

    def end(self) -> int:
        self.process.kill()
        return self.process.wait(timeout=20)


@pytest.mark.slow
@pytest.mark.parametrize("moment", ["before-the-preview", "at-the-confirmation"])
def test_two_record_processes_answering_hand_1_store_it_once(
    run: Run, store_dir: Path, moment: str
) -> None:
    """Two terminals at one table, each with a ``record`` loop at hand 1: the first to confirm
    stores hand 1; the other's answer is not stored as hand 2, it is shown hand 1 as recorded
    and asked about hand 2."""
    new_match(run)
    first, second = Terminal(store_dir), Terminal(store_dir)
    try:
        first.answer("", "How did the hand end?")
        second.answer("", "How did the hand end?")
        if moment == "at-the-confirmation":
            second.answer("knock\nal\n3\n20\n", "Record this hand?")
            # The second's preview: 20 - 3 = 17 for Alexandra, as hand 1.
            assert "Hand 1: Alexandra knocks 3 v 20 -> Alexandra +17 in Game 1" in second.shown()
            first.answer("knock\nbob\n5\n15\ny\n", "Hand 2 of match 1")
            second.answer("y\n", "Hand 2 of match 1")
        else:
            second.answer("knock\nal\n", "deadwood")
            first.answer("knock\nbob\n5\n15\ny\n", "Hand 2 of match 1")
            second.answer("3\n20\n", "Hand 2 of match 1")
        first.answer("q\n", None)
        second.answer("q\n", None)
        assert first.process.wait(timeout=20) == 0 and second.process.wait(timeout=20) == 0
    finally:
        for terminal in (first, second):
            if terminal.process.poll() is None:
                terminal.end()
    said = second.shown().split("Hand 1 of match 1 was recorded elsewhere")
    assert len(said) == 2, second.shown()
    # Bob's knock, 15 - 5 = 10, is hand 1 as the first terminal reported it; Alexandra, who
    # lost it, deals hand 2.
    assert said[1].startswith(
        " while you answered, so your answer was not stored. Hand 1 as recorded:\n"
        "Hand 1: Bob knocks 5 v 15 -> Bob +10 in Game 1\n"
    )
    assert (
        "Alexandra deals next.\n\nHand 2 of match 1: Alexandra v Bob, Alexandra dealt." in said[1]
    )
    assert "Record this hand?" not in said[1] and "Hand 2: Alexandra" not in second.shown()
    assert first.shown().rstrip().endswith("Recorded 1 hand in match 1.")
    assert second.shown().rstrip().endswith("No hand was recorded.")
    assert rounds(run) == [(1, "knock", B, 10, [1])]


def test_a_match_ended_elsewhere_refuses_the_hand(
    run: Run, store_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_match(run, "--target", "10", "--end-after-first-game")
    at_question(monkeypatch, "Record this hand?", elsewhere(store_dir, Hand.knock(B, 2, 30)))
    result = run("record", input="knock\nal\n3\n20\ny\n")
    # Bob's 30 - 2 = 28 reaches 10, recorded elsewhere as hand 1: it is shown as recorded,
    # with the end of the match, and the evening ends with one line, as for a match deleted or
    # abandoned elsewhere.
    assert result.exit_code == 0 and "Error" not in result.output
    said = result.stdout.split("Record this hand? [Y/n]: y\n")[1]
    assert said.startswith(
        "Hand 1 of match 1 was recorded elsewhere while you answered, so your answer was not "
        "stored. Hand 1 as recorded:\nHand 1: Bob knocks 2 v 30 -> Bob +28 in Game 1\n"
    )
    assert "*** MATCH OVER" in said
    assert result.stdout.rstrip().splitlines()[-1] == (
        "Match 1 ended elsewhere, so the evening ends; 0 hands were recorded in it."
    )
    assert rounds(run) == [(1, "knock", B, 28, [1])]


def test_partnership_gin_asks_about_the_table_still_to_report(run: Run) -> None:
    ok(run("new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "cid"))
    out = ok(run("record", input="knock\nann\n5\n20\ny\ngin\ndee\n12\ny\nq\n"))
    # Deal 1: Ann v Cid and Bob v Dee. Ann +15 (20 - 5), Dee +37 (12 + 25): the deal goes to
    # Cid & Dee by the difference, 37 - 15 = 22.
    assert "to report: Ann v Cid and Bob v Dee." in out
    assert "to report: Bob v Dee." in out
    assert "Who went gin? [Bob/Dee]" in out
    assert rounds(run) == [(1, "deal", "Cid & Dee", 22, [1])]


def test_partnership_gin_takes_a_hand_of_each_table_from_two_terminals_at_once(
    run: Run, store_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ok(run("new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "cid"))
    other_table = ("knock", "bob", "5", "20")
    at_question(monkeypatch, "Record this hand?", lambda: ok(invoke(store_dir, *other_table)))
    out = ok(run("record", input="knock\nann\n5\n20\ny\nq\n"))
    # Deal 1: Ann +15 (20 - 5) at her table, Bob +15 at the other, entered meanwhile: both
    # stored, the deal to Ann & Bob by 30 - 0 = 30.
    assert "Deal 1: Ann & Bob 30, Cid & Dee 0 -> Ann & Bob +30 in Game 1" in out
    assert "recorded elsewhere" not in out
    assert out.endswith("Recorded 1 hand in match 1.\n")
    assert rounds(run) == [(1, "deal", "Ann & Bob", 30, [1])]


def test_partnership_gin_does_not_take_a_table_s_hand_twice(
    run: Run, store_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ok(run("new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "cid"))
    same_table = ("knock", "cid", "5", "20")
    at_question(monkeypatch, "Record this hand?", lambda: ok(invoke(store_dir, *same_table)))
    out = ok(run("record", input="knock\nann\n5\n20\ny\nq\n"))
    said = out.split("Record this hand? [Y/n]: y\n")[1]
    assert said.startswith(
        "Hand 1 of match 1 was recorded elsewhere while you answered, so your answer was not "
        "stored. Hand 1 as recorded:\n"
        "Deal 1, Ann v Cid: Cid knocks 5 v 20 -> Cid +15\n"
        "Waiting for the other table, Bob v Dee.\n"
    )
    assert (
        "Deal 1 of match 1: Ann & Bob v Cid & Dee, Cid & Dee dealt; to report: Bob v Dee." in said
    )
    assert out.endswith("No hand was recorded.\n")
    assert rounds(run) == []  # the deal waits for Bob v Dee


def test_partnership_gin_does_not_carry_an_answer_into_the_next_deal(
    run: Run, store_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ok(run("new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "cid"))

    def both_tables() -> None:  # deal 1 reported whole from another terminal
        ok(invoke(store_dir, "knock", "cid", "5", "20"))
        ok(invoke(store_dir, "knock", "bob", "5", "20"))

    at_question(monkeypatch, "Record this hand?", both_tables)
    out = ok(run("record", input="knock\nann\n5\n20\ny\nq\n"))
    # Cid +15 at one table, Bob +15 at the other: deal 1 is a tie of 15 v 15. Ann's answer was
    # for deal 1: it is not stored as a hand of deal 2.
    assert "was recorded elsewhere while you answered, so your answer was not stored" in out
    assert out.endswith("No hand was recorded.\n")
    exported = json.loads(ok(run("export", "--format", "json")))
    assert [hand["knocker"] for hand in exported["hands"]] == ["Cid", "Bob"]


def test_in_oklahoma_gin_the_up_card_is_the_first_question(run: Run) -> None:
    new_match(run, "--oklahoma")
    ok(run("knock", "al", "3", "20", "--upcard", "4h"))
    out = ok(run("record", input="u\n\n"))
    assert "Up-card that started the discard pile (e.g. 7h, KS) (u: undo, q: quit): u" in out
    assert "Voided Hand 1: Alexandra knocks 3 v 20" in out
    assert out.endswith("No hand was recorded in match 1; 1 was taken back.\n")
    assert rounds(run) == []


def test_record_speaks_the_language(run: Run) -> None:
    new_match(run)
    out = ok(run("--lang", "de", "record", input="Mauer\nj\nq\n"))
    assert "(u: zurücknehmen, q: beenden)" in out
    assert out.endswith("1 Runde in Partie 1 eingetragen.\n")


# show --watch


def test_watch_is_refused_with_json(run: Run) -> None:
    new_match(run)
    refused(run("show", "--watch", "--json"), 2, "--watch", "--json")


def test_watch_is_refused_when_the_output_is_no_terminal(run: Run) -> None:
    new_match(run)
    refused(run("show", "--watch"), 2, "terminal", "leave out --watch")


def view(store_dir: Path, match: int | None, height: int = 40, width: int = 100) -> str:
    """What ``show --watch`` puts on a screen of ``width`` x ``height``."""
    screen = Console(file=io.StringIO(), width=width, height=height, color_system=None)
    screen.print(watch_view(Store(store_dir), match, screen))
    return screen.file.getvalue()  # type: ignore[attr-defined, no-any-return]


def test_the_watched_sheet_shows_an_error_while_the_match_cannot_be_read(
    run: Run, store_dir: Path
) -> None:
    new_match(run)
    assert "Match 1: Alexandra v Bob" in view(store_dir, None)
    path = store_dir / "matches" / "1.json"
    content = path.read_bytes()
    path.write_bytes(b"{garbage")
    assert "Error: " in view(store_dir, None) and "damaged" in view(store_dir, None)
    path.unlink()
    assert "Error: There is no match 1" in view(store_dir, 1)
    path.write_bytes(content)
    assert "Match 1: Alexandra v Bob" in view(store_dir, 1)


def test_a_sheet_taller_than_the_screen_leaves_out_its_earliest_hands(
    run: Run, store_dir: Path
) -> None:
    new_match(run)
    for _ in range(12):  # 24 hands: Alexandra +2 and Bob +3 in turn, in every game
        ok(run("knock", "al", "5", "7"))
        ok(run("knock", "bob", "5", "8"))
    shown = view(store_dir, None, height=30).splitlines()
    assert len(shown) <= 30
    numbers = [int(line.split()[0]) for line in shown if line[:3].strip().isdigit()]
    assert numbers == list(range(24 - len(numbers) + 1, 25)) and len(numbers) > 3
    assert f"Hands 1-{24 - len(numbers)} are left out for want of room" in shown[-2] + shown[-1]
    assert "Column" in "\n".join(shown)


def three_handed_to_the_end(run: Run) -> None:
    """Ann v Ben v Cid to 100: Ben plays every hand (Ann and Cid sit out in turn) and knocks 3
    v 10 fifteen times, +7 each: 105, and Ann and Cid are shut out."""
    ok(run("new", "Ann", "Ben", "Cid", "--dealer", "ann", "--target", "100"))
    for _hand in range(15):
        ok(run("knock", "ben", "3", "10"))


def screen_lines(shown: str) -> list[str]:
    """The lines of a screen, without their trailing spaces and with the time drawn as 20:00:00."""
    return [re.sub(r"\d\d:\d\d:\d\d", "20:00:00", line.rstrip()) for line in shown.splitlines()]


def test_a_finished_three_handed_match_watched_on_a_short_screen_keeps_its_footer(
    run: Run, store_dir: Path
) -> None:
    """On 80 x 24 even the sheet without its hands is too tall: it is cut short above its
    last two lines, with a line saying so, and the footer says which hands are left out."""
    three_handed_to_the_end(run)
    assert screen_lines(view(store_dir, None, height=24, width=80)) == [
        "Match 1: Ann v Ben v Cid (Three-handed Gin)",
        "",
        "#  Hand          Ann    Ben    Cid",
        "──────────────────────────────────",
        "   Column          0    105      0",
        "   Boxes           0     15      0",
        "   Game                 WON",
        "   Points          0    105      0",
        "   Box bonus       0    375      0",
        "   Game bonus      0    100      0",
        "   Shutout              yes",
        "   Total           0    580      0",
        "   Net          -680  +1360   -680",
        "",
        "Game 1: won by Ben",
        "  Ann: total 0, pays 680 to Ben and is even with Cid: net -680",
        "  Ben: total 580, collects 680 from Ann and collects 680 from Cid: net +1360",
        "  Cid: total 0, is even with Ann and pays 680 to Ben: net -680",
        "  Ann is shut out and pays Ben the game bonus once more.",
        "… 2 lines left out for want of room",
        "MATCH OVER: Ben wins, the first to 100",
        "Next match: Ann sits out; Cid deals to Ben.",
        "Hands 1-15 are left out for want of room ('scorekeeper show' has them). Drawn at",
        "20:00:00; drawn again when the match changes. Ctrl-C stops.",
    ]


@pytest.mark.parametrize(
    "language, said",
    [
        (
            "de",
            [
                "… 3 Zeilen aus Platzmangel weggelassen",
                "PARTIE VORBEI: Ben gewinnt, als Erster bei 100",
                "Nächste Partie: Ann setzt aus; Cid gibt Ben.",
                "Runden 1-15 sind aus Platzmangel weggelassen ('scorekeeper show' zeigt sie).",
                "Gezeichnet um 20:00:00; neu gezeichnet, sobald sich die Partie ändert. Strg-C",
                "beendet.",
            ],
        ),
        (
            "nl",
            [
                "… 2 regels weggelaten wegens ruimtegebrek",
                "PARTIJ VOORBIJ: Ben wint, als eerste op 100",
                "Volgende partij: Ann past; Cid geeft aan Ben.",
                "Handen 1-15 zijn weggelaten wegens ruimtegebrek ('scorekeeper show' toont ze).",
                "Getekend om 20:00:00; opnieuw getekend zodra de partij verandert. Ctrl-C stopt.",
            ],
        ),
    ],
)
def test_a_sheet_cut_short_says_so_in_the_language(
    run: Run, store_dir: Path, language: str, said: list[str]
) -> None:
    three_handed_to_the_end(run)
    i18n.set_language(language)
    shown = screen_lines(view(store_dir, None, height=24, width=80))
    assert (shown[-len(said) :], len(shown)) == (said, 24)


def test_a_finished_three_handed_match_watched_on_a_taller_screen_shows_its_last_hands(
    run: Run, store_dir: Path
) -> None:
    three_handed_to_the_end(run)
    shown = screen_lines(view(store_dir, None, height=32, width=80))
    assert shown[:11] == [
        "Match 1: Ann v Ben v Cid (Three-handed Gin)",
        "",
        " #  Hand          Ann    Ben    Cid",
        "───────────────────────────────────",
        "10  +7                    70",
        "11  +7                    77",
        "12  +7                    84",
        "13  +7                    91",
        "14  +7                    98",
        "15  +7                   105",
        "",
    ]
    assert shown[-5:] == [
        "Match net: Ann -680, Ben +1360, Cid -680.",
        "MATCH OVER: Ben wins, the first to 100",
        "Next match: Ann sits out; Cid deals to Ben.",
        "Hands 1-9 are left out for want of room ('scorekeeper show' has them). Drawn at",
        "20:00:00; drawn again when the match changes. Ctrl-C stops.",
    ]
    assert len(shown) == 32


def test_a_screen_too_short_for_the_sheet_shows_the_footer_alone(run: Run, store_dir: Path) -> None:
    three_handed_to_the_end(run)
    assert screen_lines(view(store_dir, None, height=3, width=80)) == [
        "Hands 1-15 are left out for want of room ('scorekeeper show' has them). Drawn at",
        "20:00:00; drawn again when the match changes. Ctrl-C stops.",
    ]


def test_show_watch_of_a_finished_three_handed_match_on_an_80_by_24_terminal(
    run: Run, store_dir: Path
) -> None:
    """The footer is on the screen of a real terminal of 80 x 24, below the match's result."""
    three_handed_to_the_end(run)
    pid, terminal = pty.fork()
    if pid == 0:  # the watching terminal
        env = {**os.environ, "SCOREKEEPER_LANG": "en", "NO_COLOR": "1"}
        env.update(COLUMNS="80", LINES="24")
        os.execve(
            sys.executable,
            [sys.executable, "-m", "scorekeeper", "--db", str(store_dir), "show", "--watch"],
            env,
        )
    screen, status = bytearray(), None
    try:
        read_until(terminal, screen, b"Ctrl-C stops.")
        os.write(terminal, b"\x03")
        read_until(terminal, screen, None)
        status = os.waitpid(pid, 0)[1]
    finally:
        if status is None:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(terminal)
    assert os.waitstatus_to_exitcode(status) == 0
    drawn = screen.decode("utf-8", "replace")
    assert drawn.index("MATCH OVER: Ben wins") < drawn.index("Hands 1-15 are left out")


def test_show_watch_on_a_terminal_redraws_when_another_terminal_records(
    run: Run, store_dir: Path
) -> None:
    """``show --watch`` in a pseudo-terminal, a hand recorded by another process, Ctrl-C."""
    new_match(run)
    pid, terminal = pty.fork()
    if pid == 0:  # the watching terminal
        env = {**os.environ, "SCOREKEEPER_LANG": "en", "NO_COLOR": "1", "COLUMNS": "100"}
        env["LINES"] = "40"
        os.execve(
            sys.executable,
            [sys.executable, "-m", "scorekeeper", "--db", str(store_dir), "show", "--watch"],
            env,
        )
    screen, status = bytearray(), None
    try:
        read_until(terminal, screen, b"Ctrl-C stops")
        assert b"Match 1: Alexandra v Bob" in screen
        assert process(store_dir, "knock", "al", "4", "27").returncode == 0  # 27 - 4 = 23
        read_until(terminal, screen, b"Alexandra needs 77")
        os.write(terminal, b"\x03")  # Ctrl-C, through the terminal
        read_until(terminal, screen, None)
        status = os.waitpid(pid, 0)[1]
    finally:
        if status is None:  # a failed assertion: the watching process is ended here
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(terminal)
    assert os.waitstatus_to_exitcode(status) == 0
    assert b"Traceback" not in screen and b"Error" not in screen
    ending = screen[screen.rindex(b"Alexandra needs 77") :]
    assert b"\x1b[?1049l" in ending and b"\x1b[?25h" in ending  # the screen and cursor back


def read_until(terminal: int, screen: bytearray, wanted: bytes | None, wait: float = 20) -> None:
    """Read the terminal into ``screen`` until ``wanted`` is in it (None: until it closes)."""
    deadline = time.monotonic() + wait
    while wanted is None or wanted not in screen:
        left = deadline - time.monotonic()
        assert left > 0, f"{wanted!r} did not appear on the screen: {bytes(screen)!r}"
        if not select.select([terminal], [], [], left)[0]:
            continue
        try:
            chunk = os.read(terminal, 65536)
        except OSError:  # the other side closed: the process ended
            chunk = b""
        if not chunk:
            assert wanted is None, f"{wanted!r} never appeared: {bytes(screen)!r}"
            return
        screen += chunk
