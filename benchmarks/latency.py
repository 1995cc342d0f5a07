"""How fast scorekeeper answers at the table, and whether years of history slow it down.

Run by hand (not part of the test suite), from the project's virtual environment:

    python benchmarks/latency.py            # stores of 0, 100, 1,000 and 10,000 matches
    python benchmarks/latency.py --quick    # 0 and 1,000 matches, fewer runs

It builds stores of finished matches through the project's own store API, then times whole
processes, alternating the commands so that noise on a shared machine hits them all alike:

- the floors: ``python -c "import click, tinydb"`` and the same plus rich's console and table;
- ``scorekeeper knock`` (each followed by an untimed ``undo``, so the match never changes),
  ``show``, ``matches``, ``export --format csv`` on the current, open match, and ``stats``
  over every match.

It prints each command's median wall time, its ratio to its floor, its ratio between the
largest store and the empty one, and its peak memory. Ratios are the figures that count:
absolute times on a shared machine are noisy.

To compare with another install (an earlier commit's, in a virtual environment of its own),
give its python: its ``knock`` and ``show`` are timed in the same runs, on a store of its own,
against the floors of its own Python, side by side with this one's:

    python benchmarks/latency.py --quick --against ../before/.venv/bin/python
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


def build(root: Path, matches: int) -> None:
    """A store with ``matches`` finished matches and tonight's open match, made current.

    Run in a child process (``--build``), so that this process stays small: a spawned
    process's peak memory counts its parent's size at the moment it was spawned.
    """
    from scorekeeper.engine import Hand, replay
    from scorekeeper.match import Status, StoredHand
    from scorekeeper.rules import Rules
    from scorekeeper.store import Store

    # A realistic evening: modest knocks, an undercut, gins and a wall, over and over until
    # the match is decided (about 30 hands).
    evening = [
        Hand.knock("Bob", 5, 18),
        Hand.knock("Alexandra", 4, 16),
        Hand.knock("Bob", 3, 20),
        Hand.wall(),
        Hand.knock("Alexandra", 7, 6),
        Hand.gin("Bob", 14),
        Hand.knock("Alexandra", 2, 19),
        Hand.knock("Bob", 8, 21),
        Hand.knock("Bob", 6, 15),
        Hand.gin("Alexandra", 11),
        Hand.knock("Alexandra", 9, 24),
        Hand.knock("Bob", 1, 12),
    ]
    players = ("Alexandra", "Bob")
    played: list[Hand] = []
    while not replay(players, Rules(), "Alexandra", played).finished:
        played.append(evening[len(played) % len(evening)])
    hands = played
    tonight = played[:6]  # the match being played tonight: open, a few hands in
    with Store(root).writing() as writer:
        for _number in range(matches):
            history = [
                StoredHand(hand, slot, Status.IN_FORCE, "2025-01-01T20:00:00+01:00")
                for slot, hand in enumerate(hands, start=1)
            ]
            writer.create(
                players, Rules(), "Alexandra", created="2025-01-01T20:00:00+01:00", history=history
            )
        writer.create(
            players,
            Rules(),
            "Alexandra",
            history=[
                StoredHand(hand, slot, Status.IN_FORCE, "")
                for slot, hand in enumerate(tonight, start=1)
            ],
        )


def timed(command: list[str], env: dict[str, str]) -> tuple[float, int]:
    """Wall seconds and peak memory (KiB) of one whole process.

    The peak counts this process's size when the child was spawned, so this process keeps
    small: it never imports scorekeeper.
    """
    quiet = [
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
    ]
    start = time.perf_counter()
    pid = os.posix_spawn(command[0], command, env, file_actions=quiet)
    _pid, status, usage = os.wait4(pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{' '.join(command)} failed with status {status}")
    return elapsed, usage.ru_maxrss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two store sizes, fewer runs")
    parser.add_argument("--runs", type=int, default=None, help="runs per command and size")
    parser.add_argument(
        "--against", metavar="PYTHON", help="another install's python, timed side by side"
    )
    parser.add_argument("--build", nargs=2, metavar=("DIR", "MATCHES"), help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.build:
        build(Path(options.build[0]), int(options.build[1]))
        return
    sizes = [0, 1_000] if options.quick else [0, 100, 1_000, 10_000]
    runs = options.runs or (7 if options.quick else 15)

    python = sys.executable
    script = shutil.which("scorekeeper", path=str(Path(python).parent))
    if script is None:
        raise SystemExit("run this from the virtual environment scorekeeper is installed in")
    floors = {
        "click+tinydb": [python, "-c", "import click, tinydb"],
        "click+tinydb+rich": [python, "-c", "import click, tinydb, rich.console, rich.table"],
    }
    commands = {
        "knock": ([script, "knock", "bob", "10", "11"], "click+tinydb"),
        "show": ([script, "show"], "click+tinydb+rich"),
        "matches": ([script, "matches"], "click+tinydb"),
        "export csv": ([script, "export", "--format", "csv"], "click+tinydb"),
        "stats": ([script, "stats"], "click+tinydb+rich"),
    }
    builders = {"": python}  # each install builds its own store
    if options.against:
        other = shutil.which("scorekeeper", path=str(Path(options.against).parent))
        if other is None:
            raise SystemExit(f"no scorekeeper beside {options.against}")
        builders[" (against)"] = options.against
        for floor, command in list(floors.items()):  # its own Python's floors
            floors[floor + " (against)"] = [options.against, *command[1:]]
        for name in ("knock", "show"):
            command, floor = commands[name]
            commands[name + " (against)"] = ([other, *command[1:]], floor + " (against)")
    results: dict[tuple[str, int], tuple[float, int]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for size in sizes:
            envs = {}
            for suffix, builder in builders.items():
                root = Path(scratch) / f"store-{size}{suffix.strip(' ()')}"
                started = time.perf_counter()
                subprocess.run([builder, __file__, "--build", str(root), str(size)], check=True)
                print(
                    f"built a store of {size:,} finished matches{suffix} in "
                    f"{time.perf_counter() - started:.1f} s",
                    flush=True,
                )
                env = {**os.environ, "SCOREKEEPER_DB": str(root), "NO_COLOR": "1"}
                env.pop("PYTHONDONTWRITEBYTECODE", None)  # time it as installed: compiled once
                envs[suffix] = env
            every = [(name, command, envs[""]) for name, command in floors.items()] + [
                (name, command, envs[" (against)" if name.endswith(" (against)") else ""])
                for name, (command, _f) in commands.items()
            ]
            for _name, command, env in every:
                timed(command, env)
            samples: dict[str, list[tuple[float, int]]] = {}
            for _run in range(runs):
                for name, command, env in every:
                    samples.setdefault(name, []).append(timed(command, env))
                    if name.startswith("knock"):
                        timed([command[0], "undo"], env)
            for name, values in samples.items():
                results[name, size] = (
                    statistics.median(t for t, _m in values),
                    max(m for _t, m in values),
                )

    print()
    print(f"median wall time of {runs} runs each (ms); x floor; peak memory (MiB)")
    header = "".join(f"{size:>10,}" for size in sizes)
    print(f"{'':20}{header}")
    for name in list(floors) + list(commands):
        print(f"{name:20}" + "".join(f"{results[name, size][0] * 1000:10.1f}" for size in sizes))
    print()
    print("ratio to floor")
    for name, (_command, floor) in commands.items():
        print(
            f"{name:20}"
            + "".join(f"{results[name, size][0] / results[floor, size][0]:10.2f}" for size in sizes)
            + f"   (floor: {floor})"
        )
    print()
    print(f"ratio of {sizes[-1]:,} stored matches to an empty store")
    for name in commands:
        print(f"{name:20}{results[name, sizes[-1]][0] / results[name, 0][0]:10.2f}")
    print()
    print("peak memory (MiB)")
    for name in list(floors) + list(commands):
        print(f"{name:20}" + "".join(f"{results[name, size][1] / 1024:10.1f}" for size in sizes))

    def floor_ratio(name: str, size: int) -> float:
        return results[name, size][0] / results[commands[name][1], size][0]

    largest = sizes[-1]
    targets = [
        ("knock <= 1.2x its floor", max(floor_ratio("knock", size) for size in sizes) <= 1.2),
        ("show <= 1.1x its floor", max(floor_ratio("show", size) for size in sizes) <= 1.1),
        (
            f"knock and show at {largest:,} <= 1.05x empty",
            all(
                results[name, largest][0] / results[name, 0][0] <= 1.05
                for name in ("knock", "show")
            ),
        ),
        (f"matches at {largest:,} < 2x its floor", floor_ratio("matches", largest) < 2),
        (
            "knock's peak memory flat (within 5%)",
            results["knock", largest][1] <= 1.05 * results["knock", 0][1],
        ),
    ]
    print()
    print("targets")
    for target, met in targets:
        print(f"  {'met    ' if met else 'MISSED '} {target}")


if __name__ == "__main__":
    main()
