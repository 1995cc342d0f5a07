"""How many bytes ``scorekeeper serve`` sends a page for each redraw of a long match.

Run by hand (not part of the test suite), from the project's virtual environment, as a script
(it takes its way of running a command from ``benchmarks/serve.py`` beside it):

    python benchmarks/redraw.py              # a 180-hand Hollywood match, 10 hands more
    python benchmarks/redraw.py --hands 60   # a shorter match

It writes a Hollywood match of 180 hands (target 1000, so that all three games stay open and
every hand is on the sheet) through the store's own API, starts ``scorekeeper serve`` on
127.0.0.1 (any free port), opens the page's event stream on a raw socket as ``EventSource``
reads it, and records hands from the command line, one at a time, each once the page has
the sheet before it. It prints the bytes on the wire (the stream's chunks as they come) of
the first sheet the stream sends (the whole sheet, as a page gets on opening or
reconnecting) and of each redraw after a hand: their median and the largest (the target is
under 10 KB a hand).

Every request goes to 127.0.0.1 only, and the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import socket
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from serve import SCOREKEEPER, command  # the whole command, as serve.py runs it


def build(store: Path, hands: int) -> None:
    """A Hollywood match of ``hands`` hands, all three games still open."""
    from scorekeeper.engine import Hand
    from scorekeeper.rules import Rules
    from scorekeeper.store import Store

    cycle = [
        Hand.knock("Alexandrinaa", 9, 10),
        Hand.knock("Maximiliaan1", 8, 9),
        Hand.wall(),
        Hand.knock("Alexandrinaa", 10, 10),
        Hand.knock("Maximiliaan1", 9, 10),
        Hand.wall(),
    ]
    with Store(store).writing() as writer:
        match = writer.create(("Alexandrinaa", "Maximiliaan1"), Rules(target=1000), "Maximiliaan1")
        for number in range(hands):
            match.add(cycle[number % len(cycle)])


class Stream:
    """A page's event stream on a raw socket: each event with the bytes it took on the wire."""

    def __init__(self, port: int, cookie: str) -> None:
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.socket.sendall(
            (
                f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {cookie}\r\n"
                "Accept: text/event-stream\r\nAccept-Language: en\r\n\r\n"
            ).encode()
        )
        self.buffer = b""
        self.head = self.take(b"\r\n\r\n")

    def take(self, end: bytes) -> bytes:
        while end not in self.buffer:
            received = self.socket.recv(1 << 16)
            if not received:
                raise SystemExit("the stream ended")
            self.buffer += received
        found, _end, self.buffer = self.buffer.partition(end)
        return found + end

    def event(self) -> tuple[str, int]:
        """The next event that is not a beat (its kind) and the bytes its chunks took."""
        wire = 0
        text = b""
        while b"\n\n" not in text:
            size = self.take(b"\r\n")
            length = int(size.strip(), 16)
            while len(self.buffer) < length + 2:
                self.buffer += self.socket.recv(1 << 16)
            text += self.buffer[:length]
            self.buffer = self.buffer[length + 2 :]
            wire += len(size) + length + 2
            if text.endswith(b"\n\n"):
                kind = re.match(rb"event: (\w+)", text)
                if kind is None or kind.group(1) == b"beat":
                    text, wire = b"", 0
        return re.match(rb"event: (\w+)", text).group(1).decode(), wire  # type: ignore[union-attr]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=180)
    parser.add_argument("--redraws", type=int, default=10)
    options = parser.parse_args()
    assert 1 <= options.hands <= 300 and 1 <= options.redraws <= 50

    with tempfile.TemporaryDirectory(prefix="scorekeeper-redraw-") as folder:
        store = Path(folder) / "store"
        build(store, options.hands)
        server = subprocess.Popen(
            [*SCOREKEEPER, "--db", str(store), "serve", "--port=0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env={**os.environ, "SCOREKEEPER_LANG": "en", "XDG_CACHE_HOME": folder},
        )
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            found = re.search(r"http://127\.0\.0\.1:(\d+)/\?code=(\S+)", line)
            assert found, line
            port, code = int(found.group(1)), found.group(2)
            joined = socket.create_connection(("127.0.0.1", port), timeout=30)
            joined.sendall(
                f"GET /?code={code} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                f"Connection: close\r\n\r\n".encode()
            )
            answer = b""
            while chunk := joined.recv(1 << 16):
                answer += chunk
            cookie = re.search(rb"set-cookie: (scorekeeper-\d+=\w+)", answer, re.I)
            assert cookie is not None, answer[:500]
            stream = Stream(port, cookie.group(1).decode())
            first = stream.event()
            redraws = []
            for number in range(options.redraws):
                who = "alex" if number % 2 else "max"
                command(store, "knock", who, "9", "10")
                redraws.append(stream.event())
                time.sleep(0.05)
        finally:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()

    sizes = [wire for _kind, wire in redraws]
    print(
        f"{time.strftime('%Y-%m-%d')}: a Hollywood match of {options.hands} hands, three games "
        f"open, {len(sizes)} hands more"
    )
    print(
        f"the whole sheet (a page opening or reconnecting; before, every redraw): "
        f"{first[1]:,} bytes"
    )
    print(
        f"each redraw after a hand (events {sorted({k for k, _w in redraws})}): median "
        f"{statistics.median(sizes):,.0f} bytes, largest {max(sizes):,} bytes "
        "(target under 10,000)"
    )


if __name__ == "__main__":
    main()
