"""Correcting hands: ``undo`` voids the last hand (and reopens a finished match), ``amend``
replaces a hand and scores the later ones again (refusing a correction that would end the match
early), and ``log`` shows the hands in force, ``log --all`` the voided and replaced ones too.
Figures are worked out by hand in the comments; a refused correction leaves the store exactly
as it was, byte for byte (``snapshot``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import (
    A,
    B,
    Run,
    game_of,
    new_match,
    ok,
    refused,
    sheet,
    snapshot,
    wall_round,
    won_round,
)

# Correcting


def test_undo_voids_the_last_hand(run: Run, store_dir: Path) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))  # 1 B 10 [1]
    ok(run("gin", "al", "20"))  # 2 A 45 [1]
    out = ok(run("undo")).splitlines()
    assert out[0] == "Voided Hand 2: Alexandra goes gin v 20 -> Alexandra +45 in Game 1"
    assert out[-1] == "Alexandra deals next."  # B won hand 1: the loser A deals
    data = sheet(run)
    assert data["rounds"] == [won_round(1, A, B, 5, 15, B, 10, [1])]
    assert game_of(data, 1)["points"] == {A: 0, B: 10}
    ok(run("undo"))
    assert sheet(run)["rounds"] == []
    before = snapshot(store_dir)
    refused(run("undo"), 1, "no hand to undo")
    assert snapshot(store_dir) == before
    # The voided hands are still in the store.
    assert ok(run("log", "--all")).count("voided") == 2


def test_undo_reopens_a_finished_match(run: Run) -> None:
    new_match(run, "--target", "10", "--end-after-first-game")
    ok(run("knock", "bob", "2", "30"))
    assert "finished" in ok(run("matches"))
    ok(run("undo"))
    data = sheet(run)
    assert data["finished"] is False and [g["open"] for g in data["games"]] == [True] * 3
    listing = ok(run("matches")).splitlines()[1]
    assert "open" in listing and "finished" not in listing
    ok(run("knock", "al", "2", "30"))  # a hand can be recorded again
    assert sheet(run)["winner"] == A


def test_amend_replaces_and_rescores_later_hands(run: Run) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))  # 1 B 10 [1];        A deals 2
    ok(run("knock", "al", "2", "20"))  # 2 A 18 [1];        B deals 3
    ok(run("knock", "bob", "3", "33"))  # 3 B 30 [1, 2]
    assert [r["games"] for r in sheet(run)["rounds"]] == [[1], [1], [1, 2]]
    out = ok(run("amend", "1", "wall")).splitlines()
    assert out[:2] == [
        "Replaced Hand 1: Bob knocks 5 v 15 -> Bob +10 in Game 1",
        "     by Hand 1: wall (dead hand) -> no score",
    ]
    # Re-scored: 1 wall (A deals, deals again); 2 A 18 [1] (A deals); 3 is now B's FIRST win:
    # 30 [1] only, dealt by B. B 30/0/0, A 18/0/0; A lost hand 3 and deals next.
    data = sheet(run)
    assert data["rounds"] == [
        wall_round(1, A),
        won_round(2, A, A, 2, 20, A, 18, [1]),
        won_round(3, B, B, 3, 33, B, 30, [1]),
    ]
    assert [(g["points"][A], g["points"][B]) for g in data["games"]] == [(18, 30), (0, 0), (0, 0)]
    assert data["next_dealer"] == A
    # amend gin / knock with --undercut / gin --big
    ok(run("amend", "2", "gin", "al", "10"))  # 2 A 10+25 = 35 [1]
    ok(run("amend", "3", "knock", "bob", "4", "4", "--undercut"))  # 3 A 0+25 = 25 [1, 2]
    ok(run("amend", "1", "gin", "bob", "5", "--big"))  # 1 B 5+31 = 36 [1]
    data = sheet(run)
    assert [(r["kind"], r["winner"], r["points"], r["games"]) for r in data["rounds"]] == [
        ("big_gin", B, 36, [1]),
        ("gin", A, 35, [1]),
        ("undercut", A, 25, [1, 2]),
    ]
    assert [(g["points"][A], g["points"][B]) for g in data["games"]] == [(60, 36), (25, 0), (0, 0)]
    log_all = ok(run("log", "--all"))
    assert log_all.count("replaced") == 4


def test_amend_and_undo_on_a_finished_match_update_matches(run: Run) -> None:
    ok(run("new", "Ann", "Ben", "--target", "10", "--columns", "2", "--dealer", "ann"))
    ok(run("knock", "ann", "1", "20"))  # 1 Ann 19 [1]: G1 ends
    ok(run("knock", "ann", "1", "20"))  # 2 Ann 19 [2]: G2 ends, Ann wins 2-0
    assert ok(run("matches")).splitlines()[1].split()[-3:] == ["2", "finished", "Ann"]
    # 2 becomes Ben's: his first win opens G2 (G1 has ended), 19 ends it: one game each.
    out = ok(run("amend", "2", "knock", "ben", "1", "20"))
    assert "*** MATCH OVER: drawn, 1 game each ***" in out
    assert ok(run("matches")).splitlines()[1].split()[-3:] == ["2", "finished", "drawn"]
    # 1 becomes Ben's too: 19 [1] ends G1 at once, so his 2nd win (hand 2) enters only G2,
    # the one game left, and ends it: Ben wins 2 games to 0.
    out = ok(run("amend", "1", "knock", "ben", "1", "20"))
    assert "*** MATCH OVER: Ben wins 2 games to 0 ***" in out
    assert ok(run("matches")).splitlines()[1].split()[-3:] == ["2", "finished", "Ben"]
    ok(run("undo"))
    assert ok(run("matches")).splitlines()[1].split()[-2:] == ["1", "open"]
    assert sheet(run)["winner"] is None


def test_amend_refused_when_it_would_end_the_match_early(run: Run, store_dir: Path) -> None:
    new_match(run, "--target", "50", "--end-after-first-game")
    ok(run("knock", "bob", "2", "20"))  # 1 B 18
    ok(run("knock", "al", "2", "20"))  # 2 A 18
    ok(run("knock", "bob", "2", "20"))  # 3 B 36
    before = snapshot(store_dir)
    # Big gin v 98 = 129 in hand 1 would end G1, and with it this short match, at hand 1.
    refused(
        run("amend", "1", "gin", "bob", "98", "--big"),
        1,
        "end the match with hand 1, but 2 more hands were recorded after it",
    )
    refused(
        run("amend", "2", "gin", "al", "98", "--big"),
        1,
        "end the match with hand 2, but 1 more hand was recorded after it. Undo it first",
    )
    assert snapshot(store_dir) == before
    # The same correction in the last hand is fine: it ends the match there.
    # 3 is B's 2nd win: 98+31 = 129 [1, 2] -> G1 18+129 = 147 and G2 129 both end;
    # column sums B 147+129+0 = 276, A 18 -> Bob.
    out = ok(run("amend", "3", "gin", "bob", "98", "--big"))
    assert "*** MATCH OVER: Bob wins on column points, 276 to 18 ***" in out
    assert sheet(run)["winner"] == B


def test_amend_a_hand_that_does_not_exist(run: Run, store_dir: Path) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))
    before = snapshot(store_dir)
    refused(run("amend", "2", "wall"), 2, "no hand 2")
    refused(run("amend", "0", "knock", "bob", "3", "20"), 2, "no hand 0")
    assert snapshot(store_dir) == before


def test_log_and_log_all(run: Run) -> None:
    new_match(run)
    ok(run("knock", "bob", "5", "15"))  # 1, later replaced
    ok(run("gin", "al", "22"))  # 2
    ok(run("knock", "bob", "3", "9"))  # 3, later voided
    ok(run("undo"))
    ok(run("amend", "1", "knock", "bob", "4", "27"))  # 1 becomes B 23
    log = ok(run("log"))
    assert "Match 1: Alexandra v Bob" in log
    assert "Bob knocks 4 v 27" in log and "Bob +23 in Game 1" in log
    assert "Alexandra goes gin v 22" in log
    assert "Bob knocks 5 v 15" not in log  # replaced
    assert "Bob knocks 3 v 9" not in log  # voided
    assert "replaced" not in log and "voided" not in log
    everything = ok(run("log", "--all"))
    for text in (
        "Bob knocks 5 v 15",
        "Bob knocks 3 v 9",
        "Bob knocks 4 v 27",
        "replaced",
        "voided",
        "in force",
    ):
        assert text in everything
    # Every row, voided and replaced ones too, says which hand it was; a correction comes
    # right after the hand it replaced.
    rows = [line.split() for line in everything.splitlines() if line.strip()[:1].isdigit()]
    assert [(row[0], row[-3]) for row in rows] == [
        ("1", "replaced"),
        ("1", "force"),
        ("2", "force"),
        ("3", "voided"),
    ]
    # log names the dealer of each hand in force
    assert "Alexandra" in log.splitlines()[4]


@pytest.mark.parametrize(
    "entered, again",
    [
        (["wall"], ["wall"]),
        (["knock", "al", "3", "20"], ["knock", "alexandra", "3", "20"]),
        (["gin", "bob", "12"], ["gin", "b", "12"]),
    ],
)
def test_a_correction_that_changes_nothing_stores_nothing_and_says_so(
    run: Run, store_dir: Path, entered: list[str], again: list[str]
) -> None:
    new_match(run)
    ok(run(*entered))
    before = snapshot(store_dir)
    for _time in range(2):
        said = ok(run("amend", "1", *again))
        assert said.startswith("Hand 1 is already as given: ")
        assert said.endswith(". Nothing was changed.\n")
    assert snapshot(store_dir) == before
