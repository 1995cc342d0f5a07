"""Every changing command, killed or failed at each system call that touches the store, leaves
the store exactly as it was before or exactly as it is after, and its exit code says which.

Each command runs once under strace to list the system calls that touch the store (its files,
its folders, and the output the command reports on). Then, for each of them in turn, it runs
again from the same store with strace's fault injection at exactly that call: SIGKILL on
entering it (the call never happens), and an error returned instead of the call: ENOSPC for
what writes or creates, EIO for what flushes, renames, closes or removes. After each run the
store is read back through the command line (``matches``, ``show --json``, ``stats``, every
match exported as JSON) and must read as the state before or the state after, the one the exit
code claims: 0 the after state, non-zero the before state (with an ``Error:`` line), killed
either. Summaries kept beside the matches are read as a user reads them, so a stale one would
show.

To keep the whole suite within its few minutes, a test run kills at every call that changes
something (those an error is injected at too) and at every eighth call that only reads;
``SCOREKEEPER_CRASH_POINTS=all`` kills at every call (the figures in docs/reliability.md are of
that).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from harness import invoke

from scorekeeper.store import Store

pytestmark = [
    pytest.mark.slow,
    pytest.mark.disk,
    pytest.mark.skipif(sys.platform != "linux", reason="strace is Linux's"),
]

#: The match states every scenario starts from: a finished match 1 (with its summaries kept)
#: and an open match 2, current.
BASE = [
    ["new", "Ann", "Bob", "--dealer", "ann", "--target", "10", "--end-after-first-game"],
    ["knock", "ann", "2", "30"],
    ["new", "Cid", "Dee", "--dealer", "cid"],
    ["knock", "cid", "3", "20"],
    ["knock", "dee", "4", "30"],
    ["matches"],
    ["stats"],
]

#: Each changing command, with what it needs beyond BASE.
SCENARIOS: dict[str, tuple[list[list[str]], list[str]]] = {
    "new": ([], ["new", "Eve", "Fay", "--dealer", "eve"]),
    "import": ([], ["import", "--as-new", "{export}"]),
    "import-updating-in-place": ([], ["import", "{later}"]),
    "knock": ([], ["knock", "cid", "5", "15"]),
    "knock-ending-the-match": (
        [["new", "Gus", "Hal", "--dealer", "gus", "--target", "10", "--end-after-first-game"]],
        ["knock", "gus", "2", "30"],
    ),
    "undo": ([], ["undo"]),
    "undo-of-a-finished-match": ([], ["undo", "--match", "1"]),
    "amend": ([], ["amend", "1", "knock", "dee", "2", "20"]),
    "amend-rules": ([], ["amend", "rules", "--gin-bonus", "20", "--target", "150"]),
    "use": ([], ["use", "1"]),
    "abandon": ([], ["abandon"]),
    "undo-of-an-abandoning": ([["abandon"]], ["undo"]),
    "delete": ([], ["delete", "1", "--yes"]),
    "delete-of-the-current-match": ([], ["delete", "2", "--yes"]),
    "delete-of-the-current-match-another-being-played": (
        [["new", "Eve", "Fay", "--dealer", "eve"]],
        ["delete", "3", "--yes"],
    ),
    "restore": ([["delete", "1", "--yes"]], ["restore", "1"]),
    "restore-of-the-match-current-before-another": (
        [["new", "Eve", "Fay", "--dealer", "eve"], ["delete", "3", "--yes"]],
        ["restore", "3"],
    ),
    "rename": ([], ["rename", "cid", "Cyd"]),
    "rename-in-a-finished-match": ([], ["rename", "bob", "Robert", "--match", "1"]),
}

#: What the other machine did to match 2 before exporting it as ``{later}``: the store's copy
#: is an earlier state of it, brought up to date in place by the import.
LATER = [["knock", "cid", "5", "15"], ["undo"], ["amend", "1", "knock", "cid", "2", "20"], ["wall"]]

#: What each kind of call is failed with (calls not named here are only killed at): a call
#: that writes or creates runs out of space, one that flushes, renames, closes or removes fails.
ERRORS = {
    "write": "ENOSPC",
    "mkdir": "ENOSPC",
    "fsync": "EIO",
    "rename": "EIO",
    "close": "EIO",
    "unlink": "EIO",
}


#: Kill at every call, not only at every call that changes something and every eighth read.
EVERY_CALL = os.environ.get("SCOREKEEPER_CRASH_POINTS") == "all"


def error(name: str, line: str) -> str | None:
    """The error injected instead of this call, if any."""
    if name == "openat" and "O_CREAT" in line:
        return "ENOSPC"
    return ERRORS.get(name)


TIME = re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d)?([+-]\d\d:\d\d)?")


@pytest.fixture(scope="module")
def strace() -> str:
    """strace, installed with apt-get where it is missing and this is root."""
    if shutil.which("strace") is None and os.geteuid() == 0 and shutil.which("apt-get"):
        subprocess.run(["apt-get", "install", "-y", "-q", "strace"], capture_output=True)
    found = shutil.which("strace")
    if found is None:
        pytest.skip("strace is not installed (apt-get install strace)")
    probe = subprocess.run([found, "-qq", "-o", "/dev/null", "true"], capture_output=True)
    if probe.returncode:
        pytest.skip(f"strace cannot trace here: {probe.stderr.decode().strip()}")
    return found


def observe(store: Path) -> dict[str, Any]:
    """The store as a user reads it through the command line (times left out: a command run
    again records its own), and the copies beside its match files that hold what the store
    lacks (one left beside the match it was taken into holds nothing more)."""
    from scorekeeper.store.conflicts import Case

    seen: dict[str, Any] = {}
    for name, args in (
        ("matches", ["matches"]),
        ("deleted", ["matches", "--deleted"]),
        ("stats", ["stats"]),
        ("current", ["show", "--json"]),
    ):
        result = invoke(store, *args)
        seen[name] = (result.exit_code, TIME.sub("<time>", result.stdout))
    ids = sorted(
        int(path.stem) for path in (store / "matches").glob("*.json") if path.stem.isdigit()
    )
    for match_id in ids:
        result = invoke(store, "export", str(match_id), "--format", "json")
        exported = json.loads(result.stdout) if result.exit_code == 0 else result.output
        if isinstance(exported, dict):
            exported.pop("created")
            exported.pop("uuid")  # a new match's is drawn at random on every run
            for record in exported["hands"] + exported["changes"]:
                record.pop("recorded")
        seen[f"match {match_id}"] = exported
    seen["copies"] = sorted(
        (copy.name, copy.case.value)
        for copy in Store(store).conflicts()
        if copy.case not in (Case.SAME, Case.EARLIER)
    )
    return seen


def contents(store: Path) -> bytes:
    """A digest of every folder and file under the store, by name, and of each file's bytes:
    two stores alike in it read alike."""
    digest = hashlib.sha256()
    for path in sorted(store.rglob("*")):
        held = path.read_bytes() if path.is_file() else b"(a folder)"
        digest.update(f"{path.relative_to(store)}\0{len(held)}\0".encode() + held)
    return digest.digest()


class Run(NamedTuple):
    """One run of the command: where it was injected, how it ended, what it left."""

    point: str
    returncode: int
    stderr: str
    store: Path
    injected: bool
    """Whether strace says it injected the fault."""


def command_line(strace: str, store: Path, args: list[str], *options: str) -> list[str]:
    return [
        strace,
        "-f",
        "-qq",
        *options,
        "--",
        sys.executable,
        "-m",
        "scorekeeper",
        "--db",
        str(store),
        *args,
    ]


def environment() -> dict[str, str]:
    """The same system calls on every run: no hash randomisation, no bytecode written."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("SCOREKEEPER")}
    return {
        **env,
        "PYTHONHASHSEED": "0",
        "PYTHONDONTWRITEBYTECODE": "1",
        "NO_COLOR": "1",
        "COLUMNS": "200",
        "SCOREKEEPER_LANG": "en",
    }


def points(strace: str, template: Path, work: Path, args: list[str]) -> list[tuple[str, int, str]]:
    """The calls of the command that touch the store or its output: (call, its invocation
    number among the calls of that name, the line strace wrote)."""
    store = work / "s0000" / "store"
    shutil.copytree(template, store)
    trace = work / "trace.txt"
    subprocess.run(
        command_line(strace, store, args, "-y", "-o", str(trace)),
        env=environment(),
        capture_output=True,
        check=True,
    )
    counts: Counter[str] = Counter()
    found = []
    for line in trace.read_text(encoding="utf-8", errors="replace").splitlines():
        line = re.sub(r"^\d+\s+", "", line)
        name = line.split("(", 1)[0]
        if not name.isidentifier():
            continue
        counts[name] += 1
        if str(store) in line or line.startswith(("write(1<", "write(2<")):
            found.append((name, counts[name], line))
    shutil.rmtree(store.parent)
    return found


def inject(
    strace: str, template: Path, store: Path, args: list[str], name: str, number: int, fault: str
) -> Run:
    """Run the command with ``fault`` injected at the ``number``-th call of ``name``; strace
    writes that call's lines, so the run says whether the fault was injected at all."""
    shutil.copytree(template, store)
    trace = store.parent / "trace.txt"
    # An error needs strace to stop at the traced call only (--seccomp-bpf: the command runs
    # at full speed); strace delivers no injected SIGKILL that way, so a kill is traced fully.
    only = [] if fault == "signal=KILL" else ["--seccomp-bpf"]
    result = subprocess.run(
        command_line(
            strace,
            store,
            args,
            "-o",
            str(trace),
            *only,
            "-e",
            f"trace={name}",
            "-e",
            f"inject={name}:{fault}:when={number}",
        ),
        env=environment(),
        capture_output=True,
        text=True,
        errors="replace",
    )
    traced = trace.read_text(encoding="utf-8", errors="replace")
    injected = "(INJECTED)" in traced or "+++ killed by SIGKILL +++" in traced
    return Run(f"{fault} at {name} #{number}", result.returncode, result.stderr, store, injected)


def prepared(tmp_path: Path, setup: list[list[str]]) -> tuple[Path, dict[str, Path]]:
    """The template store (BASE, then ``setup``) and the files the scenarios name: an export
    of match 1, an export of a later state of match 2 (played on in a copy of the store), an
    export of a match another store made, and the match files of those two other stores."""
    template = tmp_path / "template"
    named = {
        "export": tmp_path / "match-1.json",
        "later": tmp_path / "match-2-later.json",
        "other": tmp_path / "other-match.json",
    }
    elsewhere, other = tmp_path / "elsewhere", tmp_path / "other"
    for store, steps in (
        (template, [*BASE, ["export", "1", "--format", "json", "-o", str(named["export"])]]),
        (elsewhere, [*LATER, ["export", "2", "--format", "json", "-o", str(named["later"])]]),
        (other, [["new", "Ivy", "Jo", "--dealer", "ivy"], ["knock", "ivy", "2", "9"]]),
        (other, [["export", "--format", "json", "-o", str(named["other"])]]),
        (template, setup),
    ):
        if store == elsewhere and not elsewhere.exists():
            shutil.copytree(template, elsewhere)
        for step in steps:
            result = invoke(store, *step)
            assert result.exit_code == 0, (step, result.output)
    named["later file"] = elsewhere / "matches" / "2.json"
    named["other file"] = other / "matches" / "1.json"
    return template, named


def state_after(template: Path, work: Path, *commands: list[str]) -> dict[str, Any]:
    """What the store reads as after these commands, run on a copy of it."""
    store = work / "store"
    shutil.copytree(template, store)
    for args in commands:
        done = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "--db", str(store), *args],
            env=environment(),
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
    return observe(store)


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_every_crash_point_leaves_the_before_or_the_after_state(
    strace: str, tmp_path: Path, scenario: str
) -> None:
    setup, args = SCENARIOS[scenario]
    template, named = prepared(tmp_path, setup)
    args = [arg.format(**named) for arg in args]
    before = observe(template)
    after = state_after(template, tmp_path / "after", args)
    assert after != before
    injected(strace, tmp_path, scenario, template, args, [before, after])


#: Commands that make one change after another, each step its own commit: every crash point
#: leaves the state after some of the steps (an error says which were made). Each scenario
#: gives the files to place among the match files first (copies, for resolve), the command,
#: and the commands that make the same changes one step at a time.
STEPWISE: dict[str, tuple[list[list[str]], dict[str, str], list[str], list[list[str]]]] = {
    "import-of-several-files": (
        [],
        {},
        ["import", "{export}", "{later}", "{other}"],
        [["import", "{later}"], ["import", "{other}"]],
    ),
    "resolve": (
        [],
        {
            "1 (conflicted copy).json": "other file",  # a match the store does not hold
            "2.sync-conflict-20261201-203000-ABC1234.json": "later file",  # a later state
        },
        ["resolve", "--yes"],
        [],  # one copy at a time: see below
    ),
    "resolve-keeping-the-copy": (
        [["knock", "dee", "1", "30"]],  # played here after the other machine's copy was made
        {"2-LAPTOP.json": "later file"},  # so the copies went their own ways
        ["resolve", "--keep", "copy", "--yes"],
        [],
    ),
}


@pytest.mark.parametrize("scenario", list(STEPWISE))
def test_every_crash_point_of_a_command_of_several_steps_leaves_the_state_after_some(
    strace: str, tmp_path: Path, scenario: str
) -> None:
    setup, copies, args, steps = STEPWISE[scenario]
    template, named = prepared(tmp_path, setup)
    for name, source in copies.items():
        shutil.copy2(named[source], template / "matches" / name)
    args = [arg.format(**named) for arg in args]
    before = observe(template)
    states = [before]
    if copies:  # resolve deals with the copies in the order of their names, one at a time
        for count in range(1, len(copies) + 1):
            partial = tmp_path / f"partial-{count}"
            shutil.copytree(template, partial)
            later = sorted(copies)[count:]
            for name in later:
                (partial / "matches" / name).rename(tmp_path / name)
            states.append(state_after(partial, tmp_path / f"step-{count}", args))
            for name in later:
                shutil.copy2(tmp_path / name, tmp_path / f"step-{count}" / "store" / "matches")
            states[-1] = observe(tmp_path / f"step-{count}" / "store")
    else:
        done: list[list[str]] = []
        for step in steps:
            done.append([arg.format(**named) for arg in step])
            states.append(state_after(template, tmp_path / f"step-{len(done)}", *done))
    after = state_after(template, tmp_path / "after", args)
    assert after == states[-1] and len({json.dumps(s, sort_keys=True) for s in states}) == len(
        states
    )
    injected(strace, tmp_path, scenario, template, args, states)


def injected(
    strace: str,
    tmp_path: Path,
    scenario: str,
    template: Path,
    args: list[str],
    states: list[dict[str, Any]],
) -> None:
    """Kill the command at each system call that touches the store (and fail the calls that
    change something): every run must leave one of ``states`` (the first the state before,
    the last the state after), and say which by its exit code: 0 the last, an error any but
    the last, with an ``Error:`` line."""
    before, after = states[0], states[-1]
    found = points(strace, template, tmp_path, args)
    assert any(name == "rename" for name, _number, _line in found), "the commit is traced"
    runs = [
        (name, number, "signal=KILL")
        for index, (name, number, line) in enumerate(found)
        if EVERY_CALL or error(name, line) or index % 8 == 0
    ]
    runs += [
        (name, number, f"error={error(name, line)}")
        for name, number, line in found
        if error(name, line)
    ]
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(
            pool.map(
                lambda job: inject(
                    strace, template, tmp_path / f"s{job[0] + 1:04}" / "store", args, *job[1]
                ),
                enumerate(runs),
            )
        )

    violations = []
    outcomes: Counter[str] = Counter()
    read: dict[bytes, dict[str, Any]] = {}  # the state of each store seen, by its contents
    for run in results:
        key = contents(run.store)
        if key not in read:
            read[key] = observe(run.store)
        state = read[key]
        killed = run.returncode in (-9, 137)
        which = (
            "before"
            if state == before
            else "after"
            if state == after
            else f"after step {states.index(state)}"
            if state in states
            else "neither"
        )
        outcomes[("killed" if killed else f"exit {run.returncode}") + ", " + which] += 1
        if "Traceback" in run.stderr:
            violations.append(f"{run.point}: a traceback\n{run.stderr}")
        elif not run.injected or ("KILL" in run.point and not killed):
            violations.append(f"{run.point}: not injected (the call was never made)")
        elif killed and state not in states:
            violations.append(f"{run.point}: killed, neither the before nor the after state")
        elif not killed and run.returncode == 0 and state != after:
            violations.append(f"{run.point}: exit 0, but not the after state\n{run.stderr}")
        elif (
            not killed
            and run.returncode != 0
            and (state not in states[:-1] or not run.stderr.startswith("Error: "))
        ):
            violations.append(
                f"{run.point}: exit {run.returncode}, but not a state before the end "
                f"with an Error: line\n{run.stderr}"
            )
        shutil.rmtree(run.store.parent)
    kinds = Counter(run.point.split(" at ")[0] for run in results)
    print(
        f"\n{scenario}: {len(found)} calls touch the store; runs {dict(kinds)}; "
        f"outcomes {dict(outcomes)}; {len(violations)} violations"
    )
    assert violations == [], "\n".join(violations)
