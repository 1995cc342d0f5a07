"""The web app of ``scorekeeper serve``: one match's sheet for the phones at the table, and its
next hand entered from them.

What a phone may do, and nothing else:

- ``GET /`` the page, ``GET /live`` the sheet and the next hand's questions (JSON), ``GET
  /events`` the same pushed whenever the match changes (server-sent events), and the page's
  stylesheet and script. No address names a file, a match or a command: the match served is
  the one ``serve`` was given (or the current one).
- ``POST /hand`` a hand (``preview``: only what it would do), ``POST /undo`` the last hand
  taken back: each the same change as ``knock`` or ``undo`` makes on the command line
  (:func:`~scorekeeper.commands.recording.add_hand`,
  :func:`~scorekeeper.commands.correcting.taken_back`), with the number of the hand it was
  made for, checked under the store's lock.

Every request needs the join code (``/?code=...``) or the cookie it leaves; a write also
needs to come from the page itself (its ``Origin``) and to carry the page's token. The
``Host`` a request names must be an address the server listens on (so that no other site's
name can be pointed at it).

The catalogue of messages is the process's (:func:`scorekeeper.i18n.set_language`), so each
answer is made in its page's language without an ``await`` between choosing the language and
making it; a write too is made on the server's thread, between two redraws (it takes
milliseconds; another writer holding the lock makes the pages wait at most the lock's
timeout).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, MutableMapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import click
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from scorekeeper.commands._common import load_sheet, match_id
from scorekeeper.commands._errors import BadInput, Problem, as_problem
from scorekeeper.commands._params import Count, named, one_of
from scorekeeper.commands.correcting import taken_back
from scorekeeper.commands.reading import watched
from scorekeeper.commands.recording import (
    HandBuilder,
    NotTheNextHand,
    add_hand,
    ginned,
    knocked,
    walled,
)
from scorekeeper.engine import Entry, Hand, hand_rules
from scorekeeper.i18n import N_, _, available, ngettext, set_language
from scorekeeper.match import Match
from scorekeeper.messages import ENDINGS, match_title, report, said_of_new_hand
from scorekeeper.store import Store
from scorekeeper.web import views
from scorekeeper.web.board import board_html

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: How often an open page's stream looks whether the match has changed, in seconds (as
#: ``show --watch`` does: a look at the file's identity, never the lock).
POLL = 0.2

#: Seconds between two comments on a quiet stream, by which a page gone away is noticed.
HEARTBEAT = 10.0

#: The most a write's body may hold, in bytes.
MOST_BODY = 4096

#: What every answer says to the browser: load nothing but from this server, be framed by
#: nobody, send the address (which holds the join code) to nobody, keep nothing.
SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
        b"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"cache-control", b"no-store"),
]

#: The files the page loads, by the only addresses that serve them.
STATIC = {
    "/static/sheet.css": ("sheet.css", "text/css; charset=utf-8"),
    "/static/page.js": ("page.js", "text/javascript; charset=utf-8"),
    "/static/icon.svg": ("icon.svg", "image/svg+xml"),
}


@dataclass
class Table:
    """What one ``serve`` serves, and to whom."""

    root: str
    """The store's folder."""
    given: int | None
    """The match served; None follows the current match."""
    hosts: frozenset[str]
    """The ``Host`` names the server answers to (``127.0.0.1:8000``, ...)."""
    lock_timeout: float = 5.0
    read_only: bool = False
    code: str = field(default_factory=lambda: secrets.token_urlsafe(6))
    """The join code the page's address carries."""
    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    """What every write must carry: only the page knows it."""
    cookie: str = "scorekeeper"
    """The name of the cookie the join code leaves (one per port: cookies ignore ports)."""
    language: str = "en"
    """The language of the lines the server writes to its terminal."""
    stopping: Callable[[], bool] = lambda: False
    """Whether the server is stopping (the event streams then end)."""
    say: Callable[[str], None] = click.echo
    """Where the server's own lines go."""


class Served:
    """The app's state: the table, the pages watching, the sheets already made."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.watching = 0
        self.made: dict[tuple[object, str], dict[str, Any]] = {}
        """The live part of the page by the match's state and the language (the latest few)."""
        self.poked: asyncio.Event | None = None

    def store(self) -> Store:
        """The store, opened anew for each answer (a writer's counts start from nothing)."""
        return Store(self.table.root, lock_timeout=self.table.lock_timeout)

    # The page's language

    def language(self, request: Request) -> str:
        """The language asked for on the address (the page's switch), else the one the page's
        cookie remembers, else the browser's first language there are messages in."""
        for asked in (request.query_params.get("lang"), request.cookies.get("lang")):
            if asked in available():
                return asked
        return from_accept_language(request.headers.get("accept-language", ""))

    def speak(self, language: str) -> None:
        """Make what follows in ``language`` (until the next ``await``, nothing else runs)."""
        set_language(language)

    def tell(self, message: Callable[[], str]) -> None:
        """A line on the server's terminal, made in the server's own language."""
        set_language(self.table.language)
        try:
            self.table.say(message())
        except OSError:  # the terminal is gone: the table goes on
            pass

    # What the page shows

    def live(self, language: str) -> dict[str, Any]:
        """The sheet and the next hand's questions, in ``language``, as the match is now."""
        store = self.store()
        state = watched(store, self.table.given)
        key = (state, language)
        if key in self.made:
            return self.made[key]
        self.speak(language)
        try:
            match, sheet = load_sheet(store, self.table.given)
        except Exception as error:
            problem = as_problem(error)
            if problem is None:
                raise
            made: dict[str, Any] = {
                "title": "scorekeeper",
                "sheet": f'<p class="error">{views.text(said_wrong(problem))}</p>',
                "hands": "",
                "entry": "",
                "key": "",
                "hand": None,
            }
        else:
            made = {
                "title": match_title(match.id, sheet),
                "sheet": board_html(match, sheet),
                "hands": views.sheet_html(match, sheet),
                "entry": views.entry_html(match, sheet, self.table.read_only),
                "key": views.entry_key(match, sheet, self.table.read_only),
                "hand": views.next_hand(match),
            }
        if len(self.made) > 16:
            self.made.clear()
        self.made[key] = made
        return made

    def poke(self) -> None:
        """Wake every stream now: this server just changed the match."""
        if self.poked is not None:
            self.poked.set()
        self.poked = asyncio.Event()

    async def nap(self) -> None:
        """Wait until the next look at the match (or until a write here pokes)."""
        if self.poked is None:
            self.poked = asyncio.Event()
        try:
            await asyncio.wait_for(self.poked.wait(), POLL)
        except asyncio.TimeoutError:
            pass

    def count(self) -> str:
        return ngettext("{n} page watching", "{n} pages watching", self.watching).format(
            n=self.watching
        )

    async def stream(self, language: str, address: str) -> AsyncIterator[str]:
        """The page's events: the live part whenever the match changes, a comment now and
        then, until the page goes away or the server stops."""
        self.watching += 1
        self.tell(
            lambda: _("A page at {address} is watching ({count}).").format(
                address=address, count=self.count()
            )
        )
        try:
            yield "retry: 1000\n\n"
            drawn: object = None
            quiet = time.monotonic()
            while not self.table.stopping():
                state = watched(self.store(), self.table.given)
                if state != drawn:
                    drawn = state
                    made = self.live(language)
                    yield f"event: live\ndata: {json.dumps(made, ensure_ascii=False)}\n\n"
                    quiet = time.monotonic()
                elif time.monotonic() - quiet > HEARTBEAT:
                    yield ": still watching\n\n"
                    quiet = time.monotonic()
                await self.nap()
        finally:
            self.watching -= 1
            self.tell(
                lambda: _("The page at {address} went away ({count}).").format(
                    address=address, count=self.count()
                )
            )

    # Writes

    def record(self, language: str, asked: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """Record the hand a page entered (or with ``preview``, only say what it would do)."""
        self.speak(language)
        store = self.store()
        preview = asked.get("preview") is True
        try:
            chosen = self.meant(store, asked)
            expected = hand_number(asked.get("hand"))
            build = builder(asked)
            added = add_hand(store, chosen, build, dry_run=preview, expected=expected)
            lines = report(added.before, added.after, *said_of_new_hand(added.before, added.after))
        except Exception as error:
            return self.refused(store, language, error)
        if not preview:
            self.poke()
        return 200, {"ok": True, "recorded": not preview, "lines": lines, **self.after(language)}

    def undo(self, language: str, asked: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """Take back the last hand, the one the page named."""
        self.speak(language)
        store = self.store()
        try:
            chosen = self.meant(store, asked)
            expected = hand_number(asked.get("hand"))
            lines = taken_back(store, chosen, expected)
        except Exception as error:
            return self.refused(store, language, error)
        self.poke()
        return 200, {"ok": True, "recorded": True, "lines": lines, **self.after(language)}

    def meant(self, store: Store, asked: dict[str, Any]) -> int:
        """The match a page's entry was made for, which must be the one served now (the
        current match may have changed since the page showed it: then nothing is written)."""
        served = match_id(store, self.table.given)
        meant = asked.get("match")
        if type(meant) is not int:
            raise BadInput(_("The page sent something unreadable; reload it."))
        if meant != served:
            raise NotTheNextHand(
                _(
                    "This page was showing match {meant}, but match {served} is served now, "
                    "so this entry was not stored; the page shows match {served}."
                ).format(meant=meant, served=served)
            )
        return served

    def refused(self, store: Store, language: str, error: Exception) -> tuple[int, dict[str, Any]]:
        """What a page is told of a write that failed: the command line's ``Error:`` line (or,
        should the change have been made all the same, that it was)."""
        if store.committed:
            self.poke()
            said = _(
                "The change was saved, but its report could not be shown ({reason}); the "
                "sheet shows where the match stands."
            ).format(reason=str(error) or type(error).__name__)
            return 200, {"ok": True, "recorded": True, "lines": [said], **self.after(language)}
        problem = error if isinstance(error, Problem) else as_problem(error)
        if problem is None:
            raise error
        status = 400 if isinstance(problem, BadInput) else 409
        return status, {"ok": False, "error": said_wrong(problem), **self.after(language)}

    def after(self, language: str) -> dict[str, Any]:
        """The live part, for the page that wrote to show at once."""
        return {"live": self.live(language)}


def said_wrong(problem: Problem) -> str:
    """A refusal as the command line says it: ``Error: ...``."""
    return _("Error: {message}").format(message=problem.format_message())


def from_accept_language(header: str) -> str:
    """The first language of a browser's ``Accept-Language`` there are messages in (by its
    weights), else English.

    >>> from_accept_language("tlh-Latn, tlh;q=0.9, nl;q=0.8, de;q=0.7, *;q=0.5")
    'nl'
    >>> from_accept_language("de-AT"), from_accept_language("")
    ('de', 'en')
    """
    wanted = []
    for order, part in enumerate(header.split(",")):
        code, _semicolon, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            name, _equals, value = param.strip().partition("=")
            if name == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        wanted.append((-weight, order, code.split("-")[0].strip().lower()))
    for weight, _order, code in sorted(wanted):
        if weight < 0 and code in available():
            return code
    return "en"


def hand_number(value: object) -> int:
    """The number of the hand a page's entry was made for."""
    if type(value) is not int or value < 1:
        raise BadInput(_("The page sent no hand number; reload it and enter the hand again."))
    return value


def builder(asked: dict[str, Any]) -> HandBuilder:
    """The hand a page entered, as ``record`` would build it from the same answers: checked
    against the match as it is under the store's lock."""
    kind = str(asked.get("kind") or "")
    who = str(asked.get("who") or "")
    upcard = str(asked.get("upcard") or "").strip() or None
    table = str(asked.get("table") or "").strip() or None
    counts = {
        name: None if asked.get(name) in (None, "") else str(asked.get(name))
        for name in ("kd", "od")
    }

    def build(match: Match, replacing: Hand | None) -> Hand:
        sheet = match.sheet()
        coming = sheet.next_hand()
        possible = hand_rules(match.rules).endings
        entry = one_of(
            {entry.value: entry for entry in possible},
            kind,
            N_("{typed!r} is not how a hand ends; answer {options}."),
            [_(ENDINGS[entry]) for entry in possible],
        )
        if entry is Entry.WALL:
            return walled(table, upcard)(match, replacing)
        playing = [name for pair in coming.tables for name in pair]
        elsewhere = (
            N_("{typed!r} is not at a table still to report; answer {options}.")
            if coming.deal
            else N_(
                "{typed!r} is not playing this hand (the third player sits out); answer {options}."
            )
            if coming.sits_out
            else N_("{typed!r} is not a player of this match: name {options}.")
        )
        player = named(playing, who, elsewhere)
        od = count(counts["od"], N_("the opponent's deadwood"))
        if entry is Entry.KNOCK:
            kd = count(counts["kd"], N_("the knocker's deadwood"))
            if kd:
                return knocked(player, (Entry.KNOCK, kd, od), False, upcard)(match, replacing)
        return ginned(player, od, entry is Entry.BIG_GIN, upcard)(match, replacing)

    return build


def count(typed: str | None, what: str) -> int:
    """A deadwood count as the command line reads it."""
    try:
        return int(Count(what).convert("" if typed is None else typed, None, None))
    except click.BadParameter as error:
        raise BadInput(error.message) from None


async def read_body(request: Request) -> dict[str, Any]:
    """A write's JSON body (at most :data:`MOST_BODY` bytes)."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MOST_BODY:
            raise BadInput(_("The page sent too much; reload it."))
    try:
        found = json.loads(body or b"{}")
    except (ValueError, RecursionError):  # not JSON, or nested deeper than Python reads
        found = None
    if not isinstance(found, dict):
        raise BadInput(_("The page sent something unreadable; reload it."))
    return found


def create_app(table: Table) -> Starlette:
    """The app serving ``table``, behind its guard."""
    served = Served(table)

    async def page(request: Request) -> Response:
        language = served.language(request)
        made = served.live(language)
        served.speak(language)
        words = {
            "checking": _("Working out what the hand would do…"),
            "lost": _("The connection to the sheet is lost; trying again…"),
            "changed": _(
                "The match changed while you were entering this hand; the questions are now "
                "for the next one."
            ),
        }
        live = views.live_html(made)
        html = views.page_html(made["title"], language, table.token, live, table.read_only, words)
        response = Response(html, media_type="text/html; charset=utf-8")
        if request.query_params.get("code"):
            response.set_cookie(
                table.cookie, table.code, httponly=True, samesite="strict", path="/"
            )
        if request.query_params.get("lang") in available():
            response.set_cookie(
                "lang", language, max_age=400 * 24 * 3600, samesite="strict", path="/"
            )
        return response

    async def live(request: Request) -> Response:
        return JSONResponse(served.live(served.language(request)))

    async def events(request: Request) -> Response:
        client = request.client.host if request.client else "?"
        return StreamingResponse(
            served.stream(served.language(request), client),
            media_type="text/event-stream",
            headers={"x-accel-buffering": "no"},
        )

    async def static(request: Request) -> Response:
        name, media_type = STATIC[request.url.path]
        content = resources.files(__package__).joinpath(name).read_bytes()
        return Response(content, media_type=media_type)

    def writing(
        act: Callable[[str, dict[str, Any]], tuple[int, dict[str, Any]]],
    ) -> Callable[[Request], Awaitable[Response]]:
        async def write(request: Request) -> Response:
            language = served.language(request)
            try:
                asked = await read_body(request)
            except BadInput as problem:
                served.speak(language)
                return JSONResponse({"ok": False, "error": said_wrong(problem)}, 400)
            if table.read_only:
                served.speak(language)
                return JSONResponse({"ok": False, "error": read_only_said()}, 403)
            status, answer = act(language, asked)
            return JSONResponse(answer, status)

        return write

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/live", live),
            Route("/events", events),
            *(Route(path, static) for path in STATIC),
            Route("/hand", writing(served.record), methods=["POST"]),
            Route("/undo", writing(served.undo), methods=["POST"]),
        ]
    )
    guarded = Guard(app, table, served)
    return guarded  # type: ignore[return-value]


def read_only_said() -> str:
    return _(
        "Error: this page only shows the sheet ('scorekeeper serve' was started with "
        "--read-only); enter the hand from a terminal."
    )


class Guard:
    """Lets through only the table's own requests, and adds the security headers to every
    answer: a known ``Host``, the join code or its cookie, and for a write a same-origin
    ``POST`` carrying the page's token. Anything else gets 403 and changes nothing."""

    def __init__(self, app: ASGIApp, table: Table, served: Served) -> None:
        self.app, self.table, self.served = app, table, served

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # lifespan, websockets: nothing of ours
            if scope["type"] == "lifespan":
                await self.app(scope, receive, send)
            return

        async def guarded_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (name, value)
                    for name, value in message.get("headers", [])
                    if name.lower() not in {h for h, _v in SECURITY_HEADERS}
                ]
                message["headers"] = [*headers, *SECURITY_HEADERS]
            await send(message)

        request = Request(scope)
        refusal = self.refusal(request)
        if refusal is not None:
            self.served.speak(self.served.language(request))
            response = PlainTextResponse(refusal(), 403)
            await response(scope, receive, guarded_send)
            return
        await self.app(scope, receive, guarded_send)

    def refusal(self, request: Request) -> Callable[[], str] | None:
        """Why the request is refused (the message, made in the page's language), or None."""
        host = request.headers.get("host", "")
        if host not in self.table.hosts:
            return lambda: _("This server answers only to its own address.")
        code = request.query_params.get("code") or request.cookies.get(self.table.cookie) or ""
        if not secrets.compare_digest(code.encode(), self.table.code.encode()):
            return lambda: _(
                "This page needs its join code: open the address 'scorekeeper serve' showed, "
                "with its code, or scan its QR code."
            )
        if request.method in ("GET", "HEAD"):
            return None
        if request.method != "POST" or request.url.path not in ("/hand", "/undo"):
            return lambda: _("This page changes nothing that way.")
        origin = request.headers.get("origin", "")
        site = request.headers.get("sec-fetch-site", "same-origin")
        token = request.headers.get("x-scorekeeper-token", "")
        if (
            origin != f"http://{host}"
            or site != "same-origin"
            or not secrets.compare_digest(token.encode(), self.table.token.encode())
        ):
            return lambda: _(
                "A hand is entered only from the page itself; reload it and enter the hand again."
            )
        return None


def hosts_for(addresses: Iterable[str], port: int) -> frozenset[str]:
    """The ``Host`` names of a server on these addresses and this port.

    >>> sorted(hosts_for(["127.0.0.1"], 8000))
    ['127.0.0.1:8000', 'localhost:8000']
    """
    found = set()
    for address in addresses:
        shown = f"[{address}]" if ":" in address else address
        found.add(f"{shown}:{port}")
        if address in ("127.0.0.1", "::1"):
            found.add(f"localhost:{port}")
    return frozenset(found)
