"""How fast ``scorekeeper serve`` redraws every page when a hand is recorded, with many pages
watching and phones entering hands at once; and that the other commands start as before.

Run by hand (not part of the test suite), from the project's virtual environment:

    python benchmarks/serve.py               # 30 pages, 3 phones, a hand a second each, 60 s
    python benchmarks/serve.py --seconds 20  # shorter

It starts ``scorekeeper serve`` on 127.0.0.1 (any free port) over a store of its own with an
open Hollywood match, opens the pages' event streams (raw sockets, as ``EventSource`` reads
them), and lets each phone enter the next hand once a second (the number it last saw, as the
page does: two phones entering the same hand at once record it once, the other is refused).
It prints:

- how many hands were recorded and refused, and that the store holds each recorded hand
  exactly once (read back through ``scorekeeper export``);
- the time from each write's answer reaching its phone to each page receiving the new sheet:
  median, p99 and the worst (the target is a p99 under a second);
- the modules ``scorekeeper knock`` imports (``python -X importtime``): none of starlette,
  uvicorn or segno, and its median wall time.

Every request goes to 127.0.0.1 only; the loops are bounded in count and time, and the server
is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SCOREKEEPER = [sys.executable, "-m", "scorekeeper"]


def command(store: Path, *args: str) -> str:
    done = subprocess.run(
        [*SCOREKEEPER, "--db", str(store), *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "SCOREKEEPER_LANG": "en"},
    )
    if done.returncode:
        raise SystemExit(f"scorekeeper {' '.join(args)} failed: {done.stderr}")
    return done.stdout


async def request(
    port: int, method: str, path: str, headers: dict[str, str], body: bytes = b""
) -> tuple[int, bytes, bytes]:
    """One HTTP/1.1 request to 127.0.0.1, its status, body and head."""
    reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 10)
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    lines += [f"Content-Length: {len(body)}", "", ""]
    writer.write("\r\n".join(lines).encode() + body)
    await writer.drain()
    answer = await asyncio.wait_for(reader.read(), 30)
    writer.close()
    head, _blank, content = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), content, head


class Bench:
    def __init__(self, port: int, cookie: str, token: str, deadline: float) -> None:
        self.port, self.cookie, self.token, self.deadline = port, cookie, token, deadline
        self.seen: list[list[tuple[int, float]]] = []
        """For each page: (the next hand's number, when its sheet arrived)."""
        self.recorded: dict[int, float] = {}
        """Each hand recorded (its number): when the phone had the write's answer."""
        self.refused = 0
        self.latest = 0

    async def page(self, index: int) -> None:
        """A page's event stream, read until the run is over."""
        arrivals: list[tuple[int, float]] = []
        self.seen.append(arrivals)
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port, limit=1 << 24)
        writer.write(
            (
                f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                f"Cookie: {self.cookie}\r\nAccept: text/event-stream\r\n\r\n"
            ).encode()
        )
        await writer.drain()
        try:
            while time.monotonic() < self.deadline + 3:
                line = await asyncio.wait_for(
                    reader.readline(), self.deadline + 3 - time.monotonic()
                )
                if not line:
                    break
                if line.startswith(b"data: "):
                    arrived = time.monotonic()
                    made = json.loads(line[6:])  # the live part, what changed, or a beat
                    if isinstance(made, dict) and made.get("hand"):
                        arrivals.append((made["hand"], arrived))
                        self.latest = max(self.latest, made["hand"])
        except asyncio.TimeoutError:
            pass
        finally:
            writer.close()

    async def phone(self, index: int) -> None:
        """A hand a second, entered as the next one the phone knows of."""
        await asyncio.sleep(index / 3)  # the phones are not in step
        turn = 0
        while time.monotonic() < self.deadline:
            started = time.monotonic()
            number = self.latest
            who = "Ann" if (number + index) % 2 else "Ben"
            asked = {"match": 1, "hand": number, "kind": "knock", "who": who}
            asked.update(kd="9", od="10")
            status, body, _head = await request(
                self.port,
                "POST",
                "/hand",
                {
                    "Cookie": self.cookie,
                    "Origin": f"http://127.0.0.1:{self.port}",
                    "X-Scorekeeper-Token": self.token,
                    "Content-Type": "application/json",
                },
                json.dumps(asked).encode(),
            )
            answered = time.monotonic()
            if status == 200 and json.loads(body).get("recorded"):
                self.recorded[number] = answered
            else:
                self.refused += 1
            turn += 1
            await asyncio.sleep(max(0.0, started + 1.0 - time.monotonic()))

    def latencies(self) -> list[float]:
        """For each hand recorded and each page: from the phone's answer to the page's sheet
        with that hand (a page may have it first: 0)."""
        found = []
        for number, answered in self.recorded.items():
            for arrivals in self.seen:
                when = next((at for hand, at in arrivals if hand > number), None)
                if when is None:
                    found.append(float("inf"))
                else:
                    found.append(max(0.0, when - answered))
        return found


async def run(port: int, cookie: str, token: str, pages: int, phones: int, seconds: float) -> Bench:
    bench = Bench(port, cookie, token, time.monotonic() + seconds + 2)
    watching = [asyncio.create_task(bench.page(index)) for index in range(pages)]
    while len([s for s in bench.seen if s]) < pages and time.monotonic() < bench.deadline:
        await asyncio.sleep(0.05)  # every page has its first sheet
    bench.deadline = time.monotonic() + seconds
    await asyncio.gather(*(bench.phone(index) for index in range(phones)))
    await asyncio.gather(*watching)
    return bench


def startup(store: Path) -> tuple[list[str], float]:
    """The web modules ``knock`` imports (none, it should be), and its median wall time."""
    found = subprocess.run(
        [
            sys.executable,
            "-X",
            "importtime",
            "-m",
            "scorekeeper",
            "--db",
            str(store),
            "knock",
            "ann",
            "9",
            "10",
            "--dry-run",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    ).stderr
    modules = {line.split("|")[-1].strip() for line in found.splitlines() if "|" in line}
    web = sorted(
        m for m in modules if m.split(".")[0] in ("starlette", "uvicorn", "segno", "anyio")
    )
    times = []
    for _ in range(7):
        start = time.perf_counter()
        command(store, "knock", "ann", "9", "10", "--dry-run")
        times.append(time.perf_counter() - start)
    return web, statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=30)
    parser.add_argument("--phones", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=60)
    options = parser.parse_args()
    assert 1 <= options.pages <= 100 and 1 <= options.phones <= 10 and options.seconds <= 300

    with tempfile.TemporaryDirectory(prefix="scorekeeper-serve-") as folder:
        store = Path(folder) / "store"
        command(store, "new", "Ann", "Ben", "--dealer", "ann", "--target", "1000")
        server = subprocess.Popen(
            [*SCOREKEEPER, "--db", str(store), "serve", "--port=0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env={**os.environ, "SCOREKEEPER_LANG": "en"},
        )
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            found = re.search(r"http://127\.0\.0\.1:(\d+)/\?code=(\S+)", line)
            assert found, line
            port, code = int(found.group(1)), found.group(2)
            status, page, head = asyncio.run(request(port, "GET", f"/?code={code}", {}))
            token = re.search(rb'data-token="([^"]+)"', page)
            joined = re.search(rb"set-cookie: (scorekeeper-\d+=\w+)", head, re.IGNORECASE)
            assert status == 200 and token is not None and joined is not None
            cookie = joined.group(1).decode()
            bench = asyncio.run(
                run(
                    port,
                    cookie,
                    token.group(1).decode(),
                    options.pages,
                    options.phones,
                    options.seconds,
                )
            )
        finally:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
        stored = json.loads(command(store, "show", "--json"))["rounds"]
        latencies = sorted(bench.latencies())
        web, knock_time = startup(store)

    print(f"{time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores (a shared machine: figures vary)")
    print(
        f"{options.pages} pages watching, {options.phones} phones entering a hand a second for "
        f"{options.seconds:g} s"
    )
    print(
        f"hands recorded: {len(bench.recorded)}, entries refused as already recorded: "
        f"{bench.refused}; the store holds {len(stored)} hands "
        + (
            "(each exactly once)"
            if len(stored) == len(bench.recorded)
            and sorted(bench.recorded) == list(range(1, len(stored) + 1))
            else "(MISMATCH)"
        )
    )
    if latencies:
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
        print(
            f"write answered -> every page redrawn, {len(latencies)} redraws: median "
            f"{statistics.median(latencies) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, worst "
            f"{latencies[-1] * 1000:.0f} ms (target p99 < 1000 ms)"
        )
    print(
        f"scorekeeper knock --dry-run: web modules imported: {web or 'none'}; median wall time "
        f"{knock_time * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
