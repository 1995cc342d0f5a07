"""``scorekeeper serve`` under slow or greedy clients: a device on the network that opens more
connections than the server may hold files and sends their requests a byte a second never
locks the table out, and the server says each fault once.

A real server, its open-file limit lowered to :data:`LIMIT`; nothing here sends a byte to any
address but this machine's loopback.
"""

from __future__ import annotations

import http.client
import io
import logging
import re
import resource
import select
import socket
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from test_serve import Server, hollywood

from scorekeeper.web.connections import WITHIN, Door, Once, room, said_once

pytestmark = pytest.mark.disk

__all__ = ["hollywood"]  # the fixture, shared with test_serve

#: The server's open-file limit in these tests (the usual one is 1,024).
LIMIT = 64

#: The slow device's connections: far more than the server may hold files.
SLOW = 150


def lowered() -> None:
    """In the server's process, before it starts: its open-file limit lowered (hard and soft:
    it cannot raise it again)."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, LIMIT))


def slow_device(host: str, port: int, until: float, stop: threading.Event) -> None:
    """Keep :data:`SLOW` connections open to the server, each sending its request a byte a
    second and never finishing it, each closed one opened again, until ``until`` (or
    ``stop``); at most a few thousand connections in all."""
    request = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 64
    open_: dict[socket.socket, int] = {}  # each connection, and how much of the request it sent
    opened = 0
    try:
        while time.monotonic() < until and not stop.is_set() and opened < SLOW * 30:
            while len(open_) < SLOW and opened < SLOW * 30:
                connection = socket.socket()
                connection.settimeout(0.5)
                try:
                    connection.connect((host, port))
                except OSError:  # the server's queue is full: the next round
                    connection.close()
                    break
                open_[connection] = 0
                opened += 1
            answered, _w, _x = select.select(list(open_), [], [], 0)
            for connection in list(open_):
                try:
                    if connection in answered:  # closed, or answered 503: that one is done
                        raise ConnectionError
                    connection.send(request[open_[connection] : open_[connection] + 1])
                    open_[connection] = (open_[connection] + 1) % len(request)
                except OSError:
                    connection.close()
                    del open_[connection]
            stop.wait(1.0)
    finally:
        for connection in open_:
            connection.close()


def page(address: str, cookie: str) -> int:
    """The status of a phone's GET of the page (0: no answer within 3 seconds)."""
    asked = urllib.request.Request(address, headers={"cookie": cookie})
    try:
        with urllib.request.urlopen(asked, timeout=3) as answer:
            answer.read()
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return refused.code
    except (urllib.error.URLError, OSError):
        return 0


@pytest.mark.slow  # a real server, and the seconds a slow connection is given
def test_slow_connections_never_lock_the_phones_out(hollywood: Path) -> None:
    server = Server(hollywood, preexec_fn=lowered)
    stop = threading.Event()
    device = None
    try:
        found = re.fullmatch(r"(http://([\d.]+):(\d+))/\?code=\S+", server.address)
        assert found is not None
        origin, host, port = found.group(1), found.group(2), int(found.group(3))
        with urllib.request.urlopen(server.address, timeout=10) as joined:
            cookie = joined.headers["set-cookie"].split(";")[0]
        # The page's stream, and a connection that sends half a request and no more.
        stream = http.client.HTTPConnection(host, port, timeout=10)
        stream.request("GET", "/events", headers={"cookie": cookie})
        events = stream.getresponse()
        assert events.status == 200
        streaming = time.monotonic()
        with socket.create_connection((host, port), timeout=WITHIN + 5) as half:
            half.sendall(b"GET / HTTP/1.1\r\nHost: ")
            assert half.recv(100) == b""  # closed by the server, unanswered
            closed = time.monotonic() - streaming
        assert WITHIN - 0.5 < closed < WITHIN + 3

        # The stream is no slow request: it still brings the beats after a request's time.
        heard = []
        while time.monotonic() - streaming < WITHIN + 3:
            line = events.fp.readline()
            assert line, "the stream was closed"
            heard.append((time.monotonic() - streaming, line))
        assert any(when > WITHIN and line.startswith(b"event: ") for when, line in heard)

        started = time.monotonic()
        device = threading.Thread(
            target=slow_device, args=(host, port, started + WITHIN + 6, stop), daemon=True
        )
        device.start()
        time.sleep(1.5)  # the device's connections all open, the first ones for a while
        tries = []
        while time.monotonic() - started < WITHIN + 5 and 200 not in tries:
            tries.append(page(f"{origin}/", cookie))
            stop.wait(0.1)
        # A phone gets its page at once, long before a slow connection's time is up: the
        # slowest one makes room for it.
        took = time.monotonic() - started
        assert tries[-1] == 200 and took < WITHIN, tries
        print(f"\nserve at {LIMIT} open files: the page after {took:.1f} s, tries {tries}")
        assert events.fp.readline()  # the stream open all through it
        stream.close()
    finally:
        stop.set()
        if device is not None:
            device.join(timeout=10)
        assert server.stop() == 0
    assert server.process.stderr is not None
    said = server.process.stderr.read()
    # Each fault once: the connections closed for their slowness, the ones beyond the most
    # (and, at a limit as low as this, a moment of too many open files).
    assert said.count("did not send its request within 5 seconds") == 1, said
    assert said.count(f"more than {room(LIMIT)[0]} connections at once") == 1, said
    assert len(said) < 4000, said


@pytest.mark.slow  # a real server, and the seconds a connection is given
def test_a_browser_s_idle_connection_is_closed_without_a_word(hollywood: Path) -> None:
    server = Server(hollywood)
    try:
        found = re.fullmatch(r"http://([\d.]+):(\d+)(/\?code=\S+)", server.address)
        assert found is not None
        host, port, joining = found.group(1), int(found.group(2)), found.group(3)
        # A browser's connection kept open after its request, and one it opened ahead of a
        # request it never made: neither has sent a byte of a request for the time one is
        # given, and both are closed, but no device misbehaved.
        kept = http.client.HTTPConnection(host, port, timeout=WITHIN + 5)
        kept.request("GET", joining)
        assert kept.getresponse().read() and kept.sock is not None
        with socket.create_connection((host, port), timeout=WITHIN + 5) as ahead:
            assert ahead.recv(100) == b""  # closed by the server
            assert kept.sock.recv(100) == b""
        kept.close()
    finally:
        assert server.stop() == 0
    assert server.process.stderr is not None
    said = server.process.stderr.read()
    assert "did not send its request" not in said, said


@pytest.mark.slow  # a real server
@pytest.mark.skipif(not Path("/proc/self/limits").exists(), reason="no /proc to read it in")
def test_serve_raises_its_open_file_limit_to_the_most_the_system_allows(hollywood: Path) -> None:
    def low() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, 4 * LIMIT))

    server = Server(hollywood, preexec_fn=low)
    try:
        limits = Path(f"/proc/{server.process.pid}/limits")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            line = next(x for x in limits.read_text().splitlines() if "open files" in x)
            if line.split()[3:5] == [str(4 * LIMIT)] * 2:  # soft, hard
                break
            time.sleep(0.05)
        assert line.split()[3:5] == [str(4 * LIMIT)] * 2, line
    finally:
        assert server.stop() == 0


def test_the_most_connections_leave_files_for_the_store() -> None:
    assert room(1024) == (500, 64)  # far more than a table's phones make
    most, batch = room(LIMIT)
    assert most + batch <= LIMIT - 16  # the server's own files, the store's, its cache's


def test_a_fault_is_said_once_however_often_it_comes() -> None:
    once = Once()

    def record(message: str, name: str = "uvicorn.error", error: type | None = None) -> bool:
        made = logging.LogRecord(name, logging.ERROR, "", 0, message, (), None)
        if error is not None:
            made.exc_info = (error, error(), None)
        return once.filter(made)

    assert record("Exception in ASGI application", error=OSError)
    assert not any(record("Exception in ASGI application", error=OSError) for _ in range(1000))
    assert record("Exception in ASGI application", error=KeyError)  # another fault
    assert record("socket.accept() out of system resource\nsocket: fd=3", "asyncio")
    assert not record("socket.accept() out of system resource\nsocket: fd=4", "asyncio")


class Terminal(io.StringIO):
    """Standard error on a terminal."""

    def isatty(self) -> bool:
        return True


def test_a_fault_is_said_wrapped_between_words_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setenv("COLUMNS", "80")
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        said_once()
        logging.getLogger("scorekeeper.web.connections").warning(Door(500).slow)
    finally:
        root.handlers[:], root.level = handlers, level
    lines = terminal.getvalue().splitlines()
    assert lines == [
        "Warning: a device on the network opened a connection and did not send its",
        "  request within 5 seconds; such connections are closed (this is said once).",
    ]
