"""The store survives what happens at a real table: killed commands and two terminals at once.

These start the installed ``scorekeeper`` console script as real processes.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

import pytest
from harness import SCRIPT, process, read_only, waiting_for_the_lock

from scorekeeper.engine import Hand
from scorekeeper.match import Status
from scorekeeper.store import Store

installed = partial(process, script=True)
"""scorekeeper as a player's shell starts it: the installed console script."""
pytestmark = [
    pytest.mark.disk,
    pytest.mark.skipif(SCRIPT is None, reason="the console script is not installed"),
]

#: How many kills the test makes; benchmarks/kills.py makes more.
KILLS = int(os.environ.get("SCOREKEEPER_KILLS", 200))


def hands_in_force(root: Path, match_id: int = 1) -> list[tuple[object, ...]]:
    return [tuple(stored.hand) for stored in Store(root).load(match_id).in_force()]


@pytest.mark.slow
def test_killed_commands_never_lose_a_reported_hand(tmp_path: Path) -> None:
    """SIGKILL knock, amend and undo at random moments: after each kill the store opens and
    replays, and holds the hands of every command that reported success; a killed command
    happened whole or not at all."""
    root = tmp_path / "store"
    new = installed(root, "new", "Ann", "Ben", "--dealer", "ann", "--target", "1000")
    assert new.returncode == 0
    chance = random.Random(20261130)
    hands: list[tuple[object, ...]] = []
    completed = killed = 0
    assert SCRIPT is not None
    # Bounded by attempts and time too, whatever share of the commands ends before its kill.
    deadline = time.monotonic() + 120
    while killed < KILLS and killed + completed < 4 * KILLS and time.monotonic() < deadline:
        action = chance.choice(["knock"] * 5 + ["amend", "undo"] if hands else ["knock"])
        name, kd = chance.choice(["Ann", "Ben"]), chance.randint(1, 10)
        od = kd + chance.randint(1, 3)
        hand = tuple(Hand.knock(name, kd, od))
        number = chance.randint(1, max(len(hands), 1))
        args, done = {
            "knock": (["knock", name, str(kd), str(od)], hands + [hand]),
            "amend": (
                ["amend", str(number), "knock", name, str(kd), str(od)],
                hands[: number - 1] + [hand] + hands[number:],
            ),
            "undo": (["undo"], hands[:-1]),
        }[action]
        process = subprocess.Popen(
            [SCRIPT, "--db", str(root), *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        time.sleep(chance.uniform(0, 0.12))
        process.send_signal(signal.SIGKILL)
        returncode = process.wait()
        after = hands_in_force(root)  # opens and replays: raises if the store were damaged
        if returncode == 0:
            completed += 1
            assert after == done, f"{args} reported success"
        else:
            assert returncode == -signal.SIGKILL, process.stderr.read() if process.stderr else ""
            killed += 1
            assert after in (hands, done), f"{args} killed: half applied"
        hands = after
    assert killed >= KILLS // 4, f"only {killed} of {killed + completed} commands were killed"
    check = installed(root, "check")
    assert check.returncode == 0, check.stderr
    assert installed(root, "wall").returncode == 0
    assert not list(root.rglob(".*.tmp")), "a writer removes temporary files left by a kill"
    print(f"{killed} kills, {completed} commands completed, {len(hands)} hands in force")


@pytest.mark.slow
def test_four_concurrent_writers_keep_all_hundred_hands(tmp_path: Path) -> None:
    """Four processes record 25 hands each, two into one match and two into another of the
    same store, all at once: every hand is kept exactly once and no command fails."""
    root = tmp_path / "store"
    for players in (("Ann", "Ben"), ("Cid", "Dee")):
        assert (
            installed(root, "new", *players, "--dealer", players[0], "--target", "1000").returncode
            == 0
        )

    def writer(match: int, player: str) -> list[int]:
        codes = []
        for hand in range(25):
            deadwood = hand % 10 + 1  # each writer's hands can be told apart by their counts
            codes.append(
                installed(
                    root,
                    "knock",
                    "-m",
                    str(match),
                    player,
                    str(deadwood),
                    str(deadwood + 1 + (player in ("ben", "dee")) * 20),
                    env={"SCOREKEEPER_LOCK_TIMEOUT": "30"},
                ).returncode
            )
        return codes

    jobs = [(1, "ann"), (1, "ben"), (2, "cid"), (2, "dee")]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda job: writer(*job), jobs))
    assert all(code == 0 for codes in results for code in codes), results
    for match, (first, second) in ((1, ("Ann", "Ben")), (2, ("Cid", "Dee"))):
        hands = Store(root).load(match).history
        assert len(hands) == 50
        assert all(stored.status is Status.IN_FORCE for stored in hands)
        assert sorted(stored.slot for stored in hands) == list(range(1, 51))
        for name in (first, second):
            mine = sorted(h.hand.knocker_deadwood or 0 for h in hands if h.hand.knocker == name)
            assert mine == sorted(hand % 10 + 1 for hand in range(25))


def test_a_writer_waiting_too_long_for_the_lock_fails_cleanly(tmp_path: Path) -> None:
    """A lock never released ends in exit 1 and an Error naming the lock; nothing changes."""
    import fcntl

    root = tmp_path / "store"
    assert installed(root, "new", "Ann", "Ben", "--dealer", "ann").returncode == 0
    before = (root / "matches" / "1.json").read_bytes()
    lock = os.open(root, os.O_RDONLY)  # the lock is the store directory itself
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        started = time.monotonic()
        result = installed(root, "knock", "ann", "3", "20", env={"SCOREKEEPER_LOCK_TIMEOUT": "0.2"})
        waited = time.monotonic() - started
    finally:
        os.close(lock)
    assert result.returncode == 1
    assert result.stderr.startswith("Error: Another scorekeeper has held the lock ")
    assert f"the lock on the store {root}" in result.stderr
    assert "Traceback" not in result.stderr
    assert waited >= 0.2
    assert (root / "matches" / "1.json").read_bytes() == before


def test_a_waiting_writer_proceeds_once_the_lock_is_released(tmp_path: Path) -> None:
    import fcntl

    root = tmp_path / "store"
    assert installed(root, "new", "Ann", "Ben", "--dealer", "ann").returncode == 0
    assert SCRIPT is not None
    lock = os.open(root, os.O_RDONLY)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        process = subprocess.Popen(
            [SCRIPT, "--db", str(root), "knock", "ann", "3", "20"],
            stdout=subprocess.PIPE,
            text=True,
        )
        waiting_for_the_lock(process.pid, root)
        assert process.poll() is None, "the writer must wait while the lock is held"
    finally:
        os.close(lock)
    output, _ = process.communicate(timeout=30)
    assert process.returncode == 0
    assert output.startswith("Hand 1: Ann knocks 3 v 20 -> Ann +17 in Game 1")


def files(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def test_a_read_only_store_refuses_to_record_and_changes_nothing(tmp_path: Path) -> None:
    root = tmp_path / "store"
    assert installed(root, "new", "Ann", "Ben", "--dealer", "ann").returncode == 0
    before = files(root)
    with read_only(root, root / "matches"):
        result = installed(root, "knock", "ann", "3", "20")
        shown = installed(root, "show")
    assert result.returncode == 1
    assert result.stderr.startswith("Error: Cannot write ")
    assert "permissions" in result.stderr and "Traceback" not in result.stderr
    assert files(root) == before
    assert shown.returncode == 0, "reading a read-only store still works"


@pytest.mark.parametrize("damage", ["directory", "not-utf-8"])
def test_an_unreadable_match_file_is_named_and_left_alone(tmp_path: Path, damage: str) -> None:
    root = tmp_path / "store"
    assert installed(root, "new", "Ann", "Ben", "--dealer", "ann").returncode == 0
    match = root / "matches" / "1.json"
    match.unlink()
    if damage == "directory":
        match.mkdir()
    else:
        match.write_bytes(b"\xff\xfe{not text")
    before = files(root)
    for command in (["show"], ["knock", "ann", "3", "20"], ["check"]):
        result = installed(root, *command)
        assert result.returncode == 1, command
        assert str(match) in result.stderr and "Traceback" not in result.stderr
    assert files(root) == before
    assert match.is_dir() == (damage == "directory")
