"""Whether a store of a club's history (10,000 and 100,000 finished matches) costs a player
anything at the table, and what the first reading of it costs.

Run by hand (not part of the test suite), from the project's virtual environment:

    python benchmarks/scale.py                  # 10,000 and 100,000 matches
    python benchmarks/scale.py --sizes 10000    # one size
    python benchmarks/scale.py --runs 9         # more runs per command (default 7)

A store of N finished matches is written quickly: one match is played through the store's
own API, and its file is copied N times with its id and uuid changed (the rules and hands
are the same; what is measured is how the store's size weighs, not the matches). Beside them
lie tonight's open match (current) and a match one hand from its end. Then, one process at a
time, alternating the commands so that noise on a shared machine hits them all alike:

- the floors: Python starting and importing click and TinyDB (and rich, for what draws);
- ``knock`` in tonight's match (followed, untimed, by ``undo``);
- the knock that ends a match, and ``undo`` in that finished match (each the other's untimed
  way back, in turn);
- ``show``, ``matches`` (the open matches and the 20 latest) and ``stats`` (every match);
- the first ``stats`` on the new store, which works every summary out (timed once, with its
  peak memory);
- ``import`` of 1,000 exports in one command.

It prints each figure with its ratio to its floor, and the targets met or missed. Peak memory
is the process's maximum resident size (``ru_maxrss``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from latency import timed

NAMESPACE = uuid.UUID("5d6b3e9c-1f2a-4b7c-8d9e-0a1b2c3d4e5f")


def build(root: Path, matches: int) -> None:
    """A store of ``matches`` finished matches (copies of one), tonight's open match (current)
    and a match one knock from its end. Run in a child process (``--build``)."""
    from scorekeeper.engine import Hand
    from scorekeeper.rules import Rules
    from scorekeeper.store import Store

    store = Store(root)
    evening = [Hand.knock("Bob", 5, 18), Hand.knock("Alexandra", 4, 16), Hand.wall()]
    evening += [Hand.knock("Alexandra", 7, 6), Hand.gin("Bob", 14), Hand.knock("Bob", 3, 20)]
    with store.writing() as writer:
        match = writer.create(
            ("Alexandra", "Bob"), Rules(), "Alexandra", created="2025-01-01T20:00:00+01:00"
        )
        while not match.sheet().finished:
            match.add(evening[len(match.history) % len(evening)], "2025-01-01T20:00:00+01:00")
    template = json.loads((root / "matches" / "1.json").read_text(encoding="utf-8"))
    header = template["match"]["1"]
    folder = root / "matches"
    for number in range(2, matches + 1):
        header["id"] = number
        header["uuid"] = str(uuid.uuid5(NAMESPACE, str(number)))
        fd = os.open(folder / f"{number}.json", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        os.write(fd, json.dumps(template, ensure_ascii=False).encode("utf-8"))
        os.close(fd)
    with store.writing() as writer:
        ending = writer.create(("Cid", "Dee"), Rules(target=10, end_after_first_game=True), "Cid")
        tonight = writer.create(("Alexandra", "Bob"), Rules(), "Alexandra")
        for hand in evening[:4]:
            tonight.add(hand)
    print(f"ending={ending.id}")


def exports(folder: Path, count: int) -> list[Path]:
    """``count`` export files of distinct matches: one match exported, and copies of it each
    with a uuid of its own."""
    source = folder / "source"
    subprocess.run(
        [sys.executable, __file__, "--build", str(source), "1"], check=True, capture_output=True
    )
    exported = subprocess.run(
        [
            sys.executable,
            "-m",
            "scorekeeper",
            "--db",
            str(source),
            "export",
            "1",
            "--format",
            "json",
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    data = json.loads(exported)
    paths = []
    for number in range(1, count + 1):
        data["uuid"] = str(uuid.uuid5(NAMESPACE, f"export {number}"))
        path = folder / f"export-{number}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        paths.append(path)
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--build", nargs=2, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.build:
        build(Path(options.build[0]), int(options.build[1]))
        return
    script = shutil.which("scorekeeper", path=str(Path(sys.executable).parent))
    if script is None:
        raise SystemExit("run this from the virtual environment scorekeeper is installed in")
    python = sys.executable
    floors = {
        "click+tinydb": [python, "-c", "import click, tinydb"],
        "click+tinydb+rich": [python, "-c", "import click, tinydb, rich.console, rich.table"],
    }
    report: list[str] = []
    targets: list[tuple[str, bool]] = []
    with tempfile.TemporaryDirectory(dir=os.environ.get("SCALE_DIR")) as scratch:
        for size in options.sizes:
            root = Path(scratch) / f"store-{size}"
            cache = Path(scratch) / f"cache-{size}"
            started = time.perf_counter()
            built = subprocess.run(
                [python, __file__, "--build", str(root), str(size)],
                check=True,
                capture_output=True,
                text=True,
            )
            ending = built.stdout.split("ending=")[1].split()[0]
            took = time.perf_counter() - started
            print(f"built a store of {size:,} finished matches in {took:.1f} s")
            env = {**os.environ, "SCOREKEEPER_DB": str(root), "NO_COLOR": "1"}
            env["XDG_CACHE_HOME"] = str(cache)
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            first, first_memory = timed([script, "stats"], env)
            print(
                f"  the first stats, working out every summary: {first:.1f} s, "
                f"peak memory {first_memory / 1024:.1f} MiB"
            )
            commands = {
                "knock": [script, "knock", "bob", "10", "11"],
                "knock ending a match": [script, "knock", "cid", "2", "30", "--match", ending],
                "undo in a finished match": [script, "undo", "--match", ending],
                "show": [script, "show"],
                "matches": [script, "matches"],
                "stats": [script, "stats"],
            }
            back = {"knock": [script, "undo"]}
            every = {**floors, **commands}
            for command in every.values():  # warm the caches of the system
                timed(command, env)
                if command is commands["knock"]:
                    timed(back["knock"], env)
            samples: dict[str, list[tuple[float, int]]] = {name: [] for name in every}
            for _run in range(options.runs):
                for name, command in every.items():
                    samples[name].append(timed(command, env))
                    if name == "knock":
                        timed(back["knock"], env)
            median = {
                name: statistics.median(t for t, _m in found) for name, found in samples.items()
            }
            memory = {name: max(m for _t, m in found) / 1024 for name, found in samples.items()}
            floor = {
                "knock": "click+tinydb",
                "knock ending a match": "click+tinydb",
                "undo in a finished match": "click+tinydb",
                "show": "click+tinydb+rich",
                "matches": "click+tinydb",
                "stats": "click+tinydb+rich",
            }
            report.append(
                f"\n{size:,} matches: median of {options.runs} runs (ms), x its floor, peak MiB"
            )
            for name in every:
                ratio = median[name] / median[floor[name]] if name in floor else 1.0
                report.append(
                    f"  {name:26}{median[name] * 1000:9.1f}{ratio:8.2f}{memory[name]:9.1f}"
                )
            plain = median["knock"]
            matches_most, stats_most = (1.3, 1.5) if size <= 10_000 else (2.0, 5.0)
            targets += [
                (
                    f"{size:,}: the hand that ends a match <= 1.2x a plain knock",
                    median["knock ending a match"] <= 1.2 * plain,
                ),
                (
                    f"{size:,}: undo in a finished match <= 1.2x a plain knock",
                    median["undo in a finished match"] <= 1.2 * plain,
                ),
                (
                    f"{size:,}: matches <= {matches_most}x its floor",
                    median["matches"] <= matches_most * median["click+tinydb"],
                ),
                (
                    f"{size:,}: stats <= {stats_most}x its floor",
                    median["stats"] <= stats_most * median["click+tinydb+rich"],
                ),
                (f"{size:,}: knock <= 1.1x its floor", plain <= 1.1 * median["click+tinydb"]),
                (
                    f"{size:,}: show <= 1.1x its floor",
                    median["show"] <= 1.1 * median["click+tinydb+rich"],
                ),
                (
                    f"{size:,}: every command's peak memory <= 64 MiB, the first stats too",
                    max([*memory.values(), first_memory / 1024]) <= 64,
                ),
            ]
            shutil.rmtree(root)
            shutil.rmtree(cache, ignore_errors=True)
        folder = Path(scratch) / "imports"
        folder.mkdir()
        paths = exports(folder, 1000)
        store = Path(scratch) / "importing"
        env = {**os.environ, "SCOREKEEPER_DB": str(store), "XDG_CACHE_HOME": str(folder / "c")}
        seconds, peak = timed([script, "import", *map(str, paths)], env)
        report.append(
            f"\nimport of 1,000 exports in one command: {seconds:.2f} s, "
            f"{seconds / len(paths) * 1000:.2f} ms a match, peak {peak / 1024:.1f} MiB"
        )
        targets.append(("import: <= 5 ms a match", seconds / len(paths) <= 0.005))
    print("\n".join(report))
    print("\ntargets")
    for target, met in targets:
        print(f"  {'met    ' if met else 'MISSED '} {target}")


if __name__ == "__main__":
    main()
