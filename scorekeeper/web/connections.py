"""The connections of ``scorekeeper serve``: slow or greedy clients on the network never lock
the table out, and the server's output says each fault once.

- A connection has :data:`WITHIN` seconds to send its whole request, from when it opens (or
  from the end of its last answer, when it is kept open for another): one that has not is
  closed. A request sent whole is never hurried after: the page's stream of redraws stays
  open all evening.
- At most :attr:`Door.most` connections at once (fewer where the open-file limit allows fewer,
  :func:`room`). One more closes the oldest connection still sending its request, once that
  has had :data:`GRACE` seconds to send it; where there is none, it is answered 503.
- The open-file limit is raised to the most the system allows (:func:`raised_open_file_limit`).
- :class:`Once` lets each fault through once: a device that keeps trying gets one line.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from scorekeeper.i18n import _
from scorekeeper.web.guard import SECURITY_HEADERS
from scorekeeper.wrapping import error_width, wrap

#: Seconds a connection has to send its whole request.
WITHIN = 5.0

#: Seconds a connection still sending its request is left alone when another needs its room.
GRACE = 1.0

#: The most connections at once: far more than the phones at a table make.
MOST = 500

#: Open files kept for the store, its cache and the server itself.
SPARE = 24

#: The most connections taken from the network's queue at once (each holds a file until it
#: is answered or closed).
BATCH = 64


def raised_open_file_limit() -> int:
    """Raise this process's limit of open files to the most the system allows it; the limit
    now (1024 where it cannot be known)."""
    try:
        import resource
    except ImportError:  # not a Unix
        return 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return wanted
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ValueError, OSError):  # more than the system allows after all (macOS)
        return soft
    return wanted


def room(open_files: int) -> tuple[int, int]:
    """The most connections at once, and the most taken from the queue at once, for a limit
    of ``open_files``: both together leave :data:`SPARE` files free.

    >>> room(1024), room(64), room(20)
    ((500, 64), (20, 20), (1, 1))
    """
    most = max(1, min(MOST, (open_files - SPARE) // 2))
    return most, min(BATCH, most)


@dataclass
class Door:
    """What every connection of one server shares: how many may be open, the connections
    still sending their request (the oldest first), and what is said of the faults."""

    most: int
    """The most connections at once (:func:`room`)."""
    waiting: dict[Connection, float] = field(default_factory=dict)
    """The connections still sending their request, by when they began (the oldest first)."""
    busy: bytes = field(init=False)
    """The answer to a connection beyond the most."""
    slow: str = field(init=False)
    """What is said (once) of a connection closed for not sending its request in time."""
    full: str = field(init=False)
    """What is said (once) when there are more connections than the most."""

    def __post_init__(self) -> None:
        # Made once, in the language the server speaks.
        body = _(
            "Error: the server has too many connections at once; try again in a moment."
        ).encode()
        headers = b"".join(name + b": " + value + b"\r\n" for name, value in SECURITY_HEADERS)
        self.busy = (
            b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
            + f"content-length: {len(body)}\r\n".encode()
            + b"connection: close\r\nretry-after: 1\r\n"
            + headers
            + b"\r\n"
            + body
        )
        self.slow = _(
            "Warning: a device on the network opened a connection and did not send its "
            "request within {seconds:g} seconds; such connections are closed (this is said "
            "once)."
        ).format(seconds=WITHIN)
        self.full = _(
            "Warning: more than {most} connections at once; the slowest are closed and the "
            "others answered 503 (this is said once)."
        ).format(most=self.most)


class Connection(H11Protocol):
    """uvicorn's HTTP/1.1 connection, kept to the :class:`Door`'s limits."""

    door: Door
    """The door of the server (set by :func:`protocol`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.door.most and not self.made_room():
            logging.getLogger(__name__).warning(self.door.full)
            transport.write(self.door.busy)
            transport.close()
            return
        self.watch()

    def connection_lost(self, exc: Exception | None) -> None:
        self.disarm()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        super().handle_events()
        self.watch()

    def watch(self) -> None:
        """Start the clock when the connection waits for a request; stop it once it has one."""
        waiting = self.conn.their_state in (h11.IDLE, h11.SEND_BODY)
        if waiting and not self.transport.is_closing():
            if self.deadline is None:
                self.door.waiting[self] = time.monotonic()
                self.deadline = self.loop.call_later(WITHIN, self.too_slow)
        else:
            self.disarm()

    def disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None
        self.door.waiting.pop(self, None)

    def too_slow(self) -> None:
        """The request did not come whole in time: the connection is closed, and said to be
        slow (once) only if a request had begun to come: a browser keeps a connection open
        after a request, or opens one ahead of a request it may not make, sending nothing."""
        self.deadline = None
        begun = self.conn.their_state is h11.SEND_BODY or bool(self.conn.trailing_data[0])
        if begun:
            logging.getLogger(__name__).warning(self.door.slow)
        self.shut()

    def shut(self) -> None:
        self.disarm()
        self.transport.close()

    def made_room(self) -> bool:
        """Whether the oldest connection still sending its request, if it has had its chance,
        was closed to make room for this one."""
        if not self.door.waiting:
            return False
        oldest, since = next(iter(self.door.waiting.items()))
        if time.monotonic() - since < GRACE:
            return False
        logging.getLogger(__name__).warning(self.door.full)
        oldest.shut()
        return True


def protocol(door: Door) -> type[Connection]:
    """uvicorn's HTTP protocol for a server with this door."""
    return type("Connection", (Connection,), {"door": door})


class Once(logging.Filter):
    """Lets each fault through once: a record of the same logger, the same message (its first
    line, before the values put in it) and the same kind of exception is said only the first
    time."""

    def __init__(self) -> None:
        super().__init__()
        self.said: set[tuple[str, str, str]] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        kind = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else ""
        key = (record.name, str(record.msg).partition("\n")[0], kind)
        if key in self.said:
            return False
        self.said.add(key)
        return True


class Wrapped(logging.Formatter):
    """A fault's words wrapped between words to the width of a terminal, as every
    ``Warning:`` line is (one line in a file or a pipe); a traceback after them as it is."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        return "\n".join(wrap(super().formatMessage(record), error_width()))


def said_once() -> None:
    """The server's faults (its own, uvicorn's, asyncio's) on its standard error, each once."""
    handler = logging.StreamHandler()
    handler.addFilter(Once())
    handler.setFormatter(Wrapped("%(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
