"""A hand entered on ``serve``'s page, the server killed or failed at each system call of the
write, leaves the store as a command killed there would: the state before the hand or the
state after it, and the page's answer says which.

As ``test_crash_points.py`` does for the commands, with one difference: a server makes many
system calls before the one request that matters (starting, loading the page). So the server
is started and the page loaded first, and only then is strace attached to it (``-p``, every
thread, the counts starting there), with its fault injection at the Nth call of one name: the
calls counted are those of the write and its answer alone. Each run then sends the one POST
and reads the store back through the command line.
"""

from __future__ import annotations

import json
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from harness import invoke
from test_crash_points import environment, error, observe, state_after
from test_crash_points import strace as strace  # the fixture: strace, or the test is skipped

pytestmark = [
    pytest.mark.slow,
    pytest.mark.disk,
    pytest.mark.skipif(sys.platform != "linux", reason="strace is Linux's"),
]

#: The hand the page enters, and the same hand on the command line.
HAND = {"match": 1, "hand": 3, "kind": "knock", "who": "Ann", "kd": "3", "od": "20"}
SAME_HAND = ["knock", "ann", "3", "20"]

#: Seconds any one step may take before the run is given up as a failure.
STEP = 30


class Page(NamedTuple):
    """A server of a copy of the store, with a page loaded: what a write needs."""

    process: subprocess.Popen[str]
    address: str
    cookie: str
    token: str


def started(store: Path) -> Page:
    """``serve`` on ``store``, its page loaded once (as a phone would before entering a hand)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "--db", str(store), "serve", "--port=0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=environment(),
    )
    assert process.stdout is not None
    found = None
    while found is None:
        line = process.stdout.readline()
        assert line, "serve ended before it said its address"
        found = re.search(r"(http://[^/]+)/\?code=(\S+)", line)
    address, code = found.groups()
    with urllib.request.urlopen(f"{address}/?code={code}", timeout=STEP) as answer:
        page = answer.read().decode()
        cookie = answer.headers["set-cookie"].split(";")[0]
    token = re.search(r'data-token="([^"]+)"', page)
    assert token is not None
    return Page(process, address, cookie, token.group(1))


def post(page: Page) -> tuple[int | None, dict[str, Any]]:
    """The hand sent as the page sends it: the answer's status and body (None: no answer,
    the server died)."""
    request = urllib.request.Request(
        f"{page.address}/hand",
        data=json.dumps(HAND).encode(),
        method="POST",
        headers={
            "content-type": "application/json",
            "origin": page.address,
            "cookie": page.cookie,
            "x-scorekeeper-token": page.token,
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=STEP) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read() or b"{}")
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None, {}


def attached(strace: str, pid: int, *options: str) -> subprocess.Popen[str]:
    """strace attached to every thread of ``pid``, once it says it is."""
    tracer = subprocess.Popen(
        [strace, "-f", *options, "-p", str(pid)],
        stderr=subprocess.PIPE,
        text=True,
    )
    assert tracer.stderr is not None
    deadline = time.monotonic() + STEP
    while "attached" not in tracer.stderr.readline():
        assert time.monotonic() < deadline and tracer.poll() is None, "strace did not attach"
    return tracer


def stopped(page: Page, tracer: subprocess.Popen[str]) -> None:
    """The server stopped (Ctrl-C, else killed) and strace with it."""
    if page.process.poll() is None:
        page.process.send_signal(signal.SIGINT)
    for process in (page.process, tracer):
        try:
            process.wait(timeout=STEP)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=STEP)
    if page.process.stdout is not None:
        page.process.stdout.close()
    if tracer.stderr is not None:
        tracer.stderr.close()


def points(strace: str, template: Path, work: Path) -> list[tuple[str, int, str]]:
    """The calls of the write that touch the store: (call, its number among the calls of that
    name in its thread since strace attached, the line strace wrote)."""
    store = work / "discovery" / "store"
    shutil.copytree(template, store)
    page = started(store)
    trace = work / "trace.txt"
    tracer = attached(strace, page.process.pid, "-y", "-o", str(trace))
    status, _answer = post(page)
    assert status == 200
    tracer.send_signal(signal.SIGINT)  # detach
    stopped(page, tracer)
    counts: Counter[tuple[str, str]] = Counter()
    found = []
    for line in trace.read_text(encoding="utf-8", errors="replace").splitlines():
        thread, _space, call = line.partition(" ")
        call = call.lstrip()
        name = call.split("(", 1)[0]
        if not thread.isdigit() or not name.isidentifier():
            continue
        counts[thread, name] += 1
        if str(store) in call:
            found.append((name, counts[thread, name], call))
    shutil.rmtree(store.parent)
    return found


class Run(NamedTuple):
    point: str
    status: int | None
    answer: dict[str, Any]
    store: Path


def inject(strace: str, template: Path, store: Path, name: str, number: int, fault: str) -> Run:
    shutil.copytree(template, store)
    page = started(store)
    tracer = attached(
        strace,
        page.process.pid,
        "-o",
        "/dev/null",
        "-e",
        f"trace={name}",
        "-e",
        f"inject={name}:{fault}:when={number}",
    )
    try:
        status, answer = post(page)
    finally:
        stopped(page, tracer)
    return Run(f"{fault} at {name} #{number}", status, answer, store)


def test_a_server_killed_or_failed_at_each_call_of_a_write_leaves_before_or_after(
    strace: str, tmp_path: Path
) -> None:
    template = tmp_path / "template"
    for args in (["new", "Ann", "Ben", "--dealer", "ben"], ["knock", "ann", "4", "27"]):
        assert invoke(template, *args).exit_code == 0
    assert invoke(template, "gin", "ben", "18").exit_code == 0
    before = observe(template)
    after = state_after(template, tmp_path / "after", SAME_HAND)
    assert after != before

    found = points(strace, template, tmp_path)
    assert any(name == "rename" for name, _number, _line in found), "the commit is traced"
    # Every call that changes something is killed at and failed; every eighth other call is
    # killed at (those that only read are many and alike: the looks at the files' identity).
    runs = [
        (name, number, "signal=KILL")
        for index, (name, number, line) in enumerate(found)
        if error(name, line) or index % 8 == 0
    ]
    runs += [(name, number, f"error={error(name, line)}") for name, number, line in found]
    runs = [run for run in runs if not run[2].endswith("None")]
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(
            pool.map(
                lambda job: inject(strace, template, tmp_path / f"s{job[0]:04}" / "store", *job[1]),
                enumerate(runs),
            )
        )

    violations = []
    outcomes: Counter[str] = Counter()
    for run in results:
        state = observe(run.store)
        which = "before" if state == before else "after" if state == after else "neither"
        told = (
            "no answer"
            if run.status is None
            else "recorded"
            if run.answer.get("recorded")
            else "refused"
        )
        outcomes[f"{told}, {which}"] += 1
        if which == "neither":
            violations.append(f"{run.point}: neither the state before nor after")
        elif "KILL" in run.point and run.status is not None:
            violations.append(f"{run.point}: not killed (the call was never made)")
        elif told == "recorded" and which != "after":
            violations.append(f"{run.point}: the page was told it was recorded, but it is not")
        elif told == "refused" and (
            which != "before" or not str(run.answer.get("error", "")).startswith("Error: ")
        ):
            violations.append(f"{run.point}: refused ({run.status}) but {which}: {run.answer}")
        shutil.rmtree(run.store.parent)
    print(
        f"\nserve: {len(found)} calls of the write touch the store; {len(runs)} runs; "
        f"outcomes {dict(outcomes)}; {len(violations)} violations"
    )
    assert violations == [], "\n".join(violations)
