"""``serve``: the sheet on every phone at the table, as a web page (:mod:`scorekeeper.web`).

The only command that imports starlette, uvicorn and segno, and only when it runs.
"""

from __future__ import annotations

import socket
import sys
from typing import TYPE_CHECKING

from scorekeeper.commands._common import load_sheet, say
from scorekeeper.commands._errors import BadInput, StateProblem
from scorekeeper.commands._params import NUMBER, command, match_argument, option, pass_store
from scorekeeper.i18n import _, available, languages
from scorekeeper.messages import match_title
from scorekeeper.store import Store

if TYPE_CHECKING:
    from scorekeeper.engine import Scoresheet
    from scorekeeper.web.app import Table

#: Addresses in the private ranges that ``--lan`` asks the routing table about: connecting a
#: UDP socket to one sends nothing, and names the address this machine would send from.
PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255")


@command()
@match_argument
@option(
    "--lan",
    is_flag=True,
    help="Serve on the local network: phones join by the address or its QR code.",
)
@option(
    "--port",
    type=NUMBER,
    default=8000,
    show_default=True,
    help="The port to listen on (0: any free port).",
)
@option(
    "--read-only",
    is_flag=True,
    help="Only show the sheet: the page enters no hand.",
)
@option(
    "--new-code",
    is_flag=True,
    help="Make a new join code: the phones that joined with the old one are shut out.",
)
@pass_store
def serve(
    store: Store, match: int | None, lan: bool, port: int, read_only: bool, new_code: bool
) -> None:
    """Serve the sheet of MATCH (default: the current match) as a web page, until Ctrl-C.

    The page shows the sheet as 'show' does and is redrawn whenever the match changes; it
    enters the next hand with the questions of 'record' (not with --read-only) and takes the
    last one back. Without MATCH it follows the current match. Without --lan it is on this
    machine only; with --lan, phones on the same network open the address shown or scan its
    QR code. The address carries a join code: nobody without it gets in. The join code stays
    the same each time the store is served from this machine, so after a restart the phones
    come back by themselves; --new-code makes a new one and shuts out every phone that joined
    with the old one. The page is plain HTTP, for a home network.

    A --read-only server has a join code of its own, which lets nobody enter a hand. A slow
    or misbehaving device on the network never locks the phones out: a connection that has
    not sent its request within 5 seconds is closed, and the server says each fault once.

    \b
    Example:
      scorekeeper serve
      scorekeeper serve --lan
      scorekeeper serve 2 --lan --read-only --port 8080
      scorekeeper serve --lan --new-code
    """
    if not 0 <= port <= 65535:
        raise BadInput(
            _("--port takes a port from 0 to 65535 (0: any free port), not {port}.").format(
                port=port
            )
        )
    current, sheet = load_sheet(store, match)  # a match that is not there: an error at once
    host = lan_address() if lan else "127.0.0.1"
    if host is None:
        raise StateProblem(
            _(
                "This machine is on no local network, so the phones could not reach the page; "
                "connect it to the network, or leave out --lan to serve this machine only."
            )
        )
    listening = bound(host, port)
    port = listening.getsockname()[1]

    from scorekeeper.web.app import Table
    from scorekeeper.web.guard import hosts_for
    from scorekeeper.web.keys import kept

    keys = kept(store.cache(), new=new_code, read_only=read_only)
    table = Table(
        root=store.root,
        given=match,
        hosts=hosts_for([host], port),
        lock_timeout=store.lock_timeout,
        read_only=read_only,
        code=keys.code,
        token=keys.token,
        cookie=f"scorekeeper-{port}",
        language=spoken(),
        say=say,
    )
    try:  # Ctrl-C stops the server from its first line on, however far it got
        announce(table, f"http://{host}:{port}/?code={table.code}", lan, current.id, sheet)
        run(table, listening)
    except KeyboardInterrupt:  # uvicorn stops on Ctrl-C, then raises it again: that is the end
        pass
    say(_("Stopped: the page is no longer served."))


def announce(table: Table, address: str, lan: bool, current: int, sheet: Scoresheet) -> None:
    """Say where the sheet is served (with ``lan``, its QR code and its join code too)."""
    served = (
        _("The sheet of match {id} is served at {address}")
        if table.given is not None
        else _("The sheet of the current match (now {title}) is served at {address}")
    )
    say(served.format(id=current, title=match_title(current, sheet), address=address))
    if lan:
        import segno

        segno.make(address, error="m").terminal(out=sys.stdout, compact=True, border=2)
        say(
            _(
                "Join code: {code}. A phone on this network scans the QR code or opens the "
                "address. The page is plain HTTP: serve it on a home network only."
            ).format(code=table.code)
        )
    if table.read_only:
        say(_("Read-only: the page shows the sheet; hands are entered from a terminal."))
    say(_("Ctrl-C stops the server."))


def run(table: Table, listening: socket.socket) -> None:
    """Serve ``table`` on the socket ``listening`` until Ctrl-C: at most as many connections
    as the open files allow (the limit raised first), each given a few seconds to ask, each
    fault said once (:mod:`scorekeeper.web.connections`)."""
    import uvicorn

    from scorekeeper.web.app import create_app
    from scorekeeper.web.connections import (
        Door,
        protocol,
        raised_open_file_limit,
        room,
        said_once,
    )

    most, batch = room(raised_open_file_limit())
    said_once()
    config = uvicorn.Config(
        create_app(table),
        loop="asyncio",
        http=protocol(Door(most)),
        lifespan="off",
        log_config=None,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=2,
        backlog=batch,
    )
    server = uvicorn.Server(config)
    table.stopping = lambda: server.should_exit
    server.run(sockets=[listening])


def lan_address() -> str | None:
    """This machine's address on the local network, from the routing table (no packet is
    sent), or None where it is on none."""
    for probe in PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probing:
            try:
                probing.connect((probe, 9))
            except OSError:
                continue
            found: str = probing.getsockname()[0]
            if not found.startswith("127.") and found != "0.0.0.0":
                return found
    return None


def bound(host: str, port: int) -> socket.socket:
    """A socket listening on ``host`` and ``port`` (0: one the system chooses)."""
    listening = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((host, port))
        listening.listen(128)
    except OSError as error:
        listening.close()
        raise StateProblem(
            _(
                "Cannot listen on {host} port {port}: {reason}. Choose another port with "
                "--port, or --port 0 for any free one."
            ).format(host=host, port=port, reason=error.strerror)
        ) from None
    listening.set_inheritable(False)
    return listening


def spoken() -> str:
    """The language this process speaks (``--lang``, then the environment's), as a code."""
    for language in languages():
        if language in ("en", "c", "posix"):
            break
        if language in available():
            return language
    return "en"
