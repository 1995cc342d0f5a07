"""How fast ``amend rules`` answers beside ``knock``, on a match of 40 hands.

Run by hand (not part of the test suite), from the project's virtual environment:

    python benchmarks/amend_rules.py            # 15 runs of each
    python benchmarks/amend_rules.py --runs 5

It builds a store holding one open match of 40 hands through the project's own store API,
then times whole processes, alternating the commands so that noise on a shared machine hits
them alike: ``scorekeeper knock`` (each followed by an untimed ``undo``) and ``scorekeeper
amend rules`` (the gin bonus changed to 20 and back to 25 in turns, every total worked out
again from the first hand each time). It prints each one's median wall time and their ratio;
the target is an ``amend rules`` within 1.2 times a knock.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: How many hands the match holds.
HANDS = 40
#: The target: ``amend rules`` at most this many times a knock.
TARGET = 1.2


def build(root: Path) -> None:
    """A store with one open match of ``HANDS`` hands, current (run in a child process, so
    that this one never imports scorekeeper)."""
    from scorekeeper.engine import Hand, replay
    from scorekeeper.match import Status, StoredHand
    from scorekeeper.rules import Rules
    from scorekeeper.store import Store

    evening = [
        Hand.knock("Bob", 5, 9),
        Hand.knock("Alexandra", 4, 8),
        Hand.wall(),
        Hand.gin("Bob", 3),
        Hand.knock("Alexandra", 7, 6),
        Hand.gin("Alexandra", 2),
    ]
    players, rules = ("Alexandra", "Bob"), Rules(target=1000)
    hands = [evening[number % len(evening)] for number in range(HANDS)]
    assert not replay(players, rules, "Alexandra", hands).finished
    history = [
        StoredHand(hand, slot, Status.IN_FORCE, "2026-12-04T20:00:00+01:00")
        for slot, hand in enumerate(hands, start=1)
    ]
    with Store(root).writing() as writer:
        writer.create(players, rules, "Alexandra", history=history)


def timed(command: list[str], env: dict[str, str]) -> float:
    """Wall seconds of one whole process (its output thrown away)."""
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each command")
    parser.add_argument("--build", metavar="DIR", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.build:
        build(Path(options.build))
        return
    script = shutil.which("scorekeeper", path=str(Path(sys.executable).parent))
    if script is None:
        raise SystemExit("run this from the virtual environment scorekeeper is installed in")
    knock = [script, "knock", "bob", "10", "11"]
    amends = [
        [script, "amend", "rules", "--gin-bonus", "20"],
        [script, "amend", "rules", "--gin-bonus", "25"],
    ]
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch) / "store"
        subprocess.run([sys.executable, __file__, "--build", str(root)], check=True)
        env = {**os.environ, "SCOREKEEPER_DB": str(root), "NO_COLOR": "1"}
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # time it as installed: compiled once
        timed(knock, env)  # once each untimed: the bytecode compiled, the disk warm
        timed([script, "undo"], env)
        timed(amends[0], env)
        timed(amends[1], env)
        knocks, changes = [], []
        for run in range(options.runs):
            knocks.append(timed(knock, env))
            timed([script, "undo"], env)
            changes.append(timed(amends[run % 2], env))
    knocked, changed = statistics.median(knocks), statistics.median(changes)
    ratio = changed / knocked
    print(f"median wall time of {options.runs} runs each, a match of {HANDS} hands")
    print(f"{'knock':20}{knocked * 1000:10.1f} ms")
    print(f"{'amend rules':20}{changed * 1000:10.1f} ms")
    print(f"{'ratio':20}{ratio:10.2f}   (target: at most {TARGET})")
    print("target met" if ratio <= TARGET else "target MISSED")


if __name__ == "__main__":
    main()
