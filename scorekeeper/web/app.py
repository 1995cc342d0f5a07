"""The web app of ``scorekeeper serve``: one match's sheet for the phones at the table, and its
next hand entered from them.

What a phone may do, and nothing else:

- ``GET /`` the page, ``GET /live`` the sheet and the next hand's questions (JSON), ``GET
  /events`` the same pushed whenever the match changes (server-sent events: the whole at
  first, then only what changed, :mod:`~scorekeeper.web.redraw`), the page's stylesheet and
  script, its web app manifest and icons (:mod:`~scorekeeper.web.home`), ``GET /next.json``
  the next hand's questions as data (:func:`~scorekeeper.web.views.next_hand_json`, for the
  phone app). No address names a file, a match or a command: the match served is the one
  ``serve`` was given (or the current one).
- ``POST /hand`` a hand (``preview``: only what it would do), ``POST /undo`` the last hand
  taken back: each the same change as ``knock`` or ``undo`` makes on the command line
  (:func:`~scorekeeper.table.add_hand`, :func:`~scorekeeper.table.taken_back`), with the
  number of the hand it was made for, checked under the store's lock. The questions are the
  next hand's (:class:`~scorekeeper.engine.NextHand`), whose fields the write reads, and which
  builds the hand from the answers.

Every request needs the join code (``/?code=...``) or the cookie it leaves; a write also
needs to come from the page itself (its ``Origin``) and to carry the page's token. The
``Host`` a request names must be an address the server listens on (so that no other site's
name can be pointed at it). :mod:`~scorekeeper.web.guard` checks all that; the join code and
the token are kept across restarts by :mod:`~scorekeeper.web.keys`.

The catalogue of messages is the process's (:func:`scorekeeper.i18n.set_language`), so each
answer is made in its page's language without an ``await`` between choosing the language and
making it; a write too is made on the server's thread, between two redraws (it takes
milliseconds; another writer holding the lock makes the pages wait at most the lock's
timeout).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from scorekeeper.engine import (
    InvalidHand,
    Scoresheet,
)
from scorekeeper.i18n import _, available, ngettext, set_language, system_error
from scorekeeper.match import Match
from scorekeeper.messages import report, said_of_new_hand
from scorekeeper.render.sheet import board
from scorekeeper.store import Store, StoreError, Unwritable
from scorekeeper.table import (
    NotTheNextHand,
    add_hand,
    load_sheet,
    match_id,
    taken_back,
    watched,
)
from scorekeeper.web import home, redraw, views
from scorekeeper.web.board import board_html, news_html
from scorekeeper.web.guard import Guard
from scorekeeper.web.keys import Keys
from scorekeeper.web.sent import (
    BadRequest,
    answers,
    from_accept_language,
    hand_number,
    read_body,
    refusal,
)

Drawn = tuple[object, str]
"""What a live part is made from: the match's state (as ``show --watch`` sees it) and the
language."""

#: How often an open page's stream looks whether the match has changed, in seconds (as
#: ``show --watch`` does: a look at the file's identity, never the lock).
POLL = 0.2

#: Seconds between two beats on a quiet stream: by them a page knows the server is still there
#: (it says it is offline after a few seconds without one), and the server notices a page gone
#: away.
HEARTBEAT = 2.0

#: How long a phone that joined stays in without the code, in seconds (until ``serve
#: --new-code`` shuts it out).
JOINED_FOR = 400 * 24 * 3600

#: The files the page loads, by the only addresses that serve them.
STATIC = {
    "/static/sheet.css": ("sheet.css", "text/css; charset=utf-8"),
    "/static/questions.js": ("questions.js", "text/javascript; charset=utf-8"),
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
    """The join code the page's address carries (the same each time ``serve`` starts:
    :mod:`~scorekeeper.web.keys`)."""
    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    """What every write must carry: only the page knows it."""
    cookie: str = "scorekeeper"
    """The name of the cookie the join code leaves (one per port: cookies ignore ports)."""
    language: str = "en"
    """The language of the lines the server writes to its terminal."""
    stopping: Callable[[], bool] = lambda: False
    """Whether the server is stopping (the event streams then end)."""
    say: Callable[[str], None] = lambda line: print(line, flush=True)
    """Where the server's own lines go (``serve`` fits them to the terminal's width)."""

    @property
    def joined(self) -> str:
        """What the cookie of a phone that joined holds."""
        return Keys(self.code, self.token).cookie


class Served:
    """The app's state: the table, the pages watching, the sheets already made."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.watching = 0
        self.made: dict[Drawn, dict[str, Any]] = {}
        """The live part of the page by the match's state and the language (the latest few)."""
        self.patches: dict[tuple[Drawn, Drawn], str] = {}
        """The events that redraw a page from one live part to another (the latest few)."""
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
        return self.made[self.drawn(language)]

    def next_hand(self, language: str) -> dict[str, Any]:
        """The next hand's questions as JSON (:func:`~scorekeeper.web.views.next_hand_json`),
        in ``language``, as the match is now."""
        self.speak(language)
        found = self.loaded(self.store())
        return {"error": found} if isinstance(found, str) else views.next_hand_json(*found)

    def loaded(self, store: Store) -> tuple[Match, Scoresheet] | str:
        """The match served and its sheet, or the refusal a page shows instead of them."""
        try:
            return load_sheet(store, self.table.given)
        except Exception as error:
            said = said_wrong(error)
            if said is None:
                raise
            return said

    def drawn(self, language: str) -> Drawn:
        """The live part as the match is now, made (once) and kept: what it is kept by."""
        store = self.store()
        state = watched(store, self.table.given)
        key = (state, language)
        if key in self.made:
            return key
        self.speak(language)
        found = self.loaded(store)
        if isinstance(found, str):
            made: dict[str, Any] = {
                "title": "scorekeeper",
                "sheet": f'<p class="error">{views.text(found)}</p>',
                "news": "",
                "hands": "",
                "entry": "",
                "key": "",
                "hand": None,
            }
        else:
            match, sheet = found
            standing = board(match, sheet)
            made = {
                "title": standing.title,
                "sheet": board_html(standing),
                "news": news_html(standing),
                "hands": views.sheet_html(match, sheet),
                "entry": views.entry_html(match, sheet, self.table.read_only),
                "key": views.entry_key(match, sheet, self.table.read_only),
                "hand": sheet.next_hand().number,
            }
        if len(self.made) > 16:
            self.made.clear()
        self.made[key] = made
        return key

    def redraw(self, before: Drawn | None, now: Drawn) -> str:
        """The event that takes a page from the live part ``before`` (None: nothing yet) to
        ``now``: the whole of it (``live``), or only what changed (``change``)."""
        made = self.made[now]
        if before is None or before not in self.made:
            return f"event: live\ndata: {json.dumps(made, ensure_ascii=False)}\n\n"
        if (before, now) not in self.patches:
            if len(self.patches) > 16:
                self.patches.clear()
            changed = redraw.changes(self.made[before], made)
            self.patches[before, now] = (
                f"event: change\ndata: {json.dumps(changed, ensure_ascii=False)}\n\n"
            )
        return self.patches[before, now]

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
            sent: Drawn | None = None
            quiet = time.monotonic()
            while not self.table.stopping():
                if sent is None or watched(self.store(), self.table.given) != sent[0]:
                    now = self.drawn(language)
                    yield self.redraw(sent, now)
                    sent = now
                    quiet = time.monotonic()
                elif time.monotonic() - quiet > HEARTBEAT:
                    yield "event: beat\ndata: 1\n\n"
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
            coming = load_sheet(store, chosen)[1].next_hand()
            entered = answers(coming, asked)
            added = add_hand(store, chosen, entered, dry_run=preview, expected=expected)
            said = said_of_new_hand(added.before, added.after)
            lines, html = reported(added.before, added.after, said)
        except Exception as error:
            return self.refused(store, language, error)
        if preview:  # the page shows the report beside the sheet it has: the same sheet
            return 200, {"ok": True, "recorded": False, "lines": lines, "html": html}
        return self.done(language, lines, html)

    def undo(self, language: str, asked: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """Take back the last hand, the one the page named."""
        self.speak(language)
        store = self.store()
        try:
            chosen = self.meant(store, asked)
            expected = hand_number(asked.get("hand"))
            said, sheets = taken_back(store, chosen, expected)
        except Exception as error:
            return self.refused(store, language, error)
        if sheets is None:
            return self.done(language, said)
        return self.done(language, *reported(*sheets, said))

    def done(
        self, language: str, lines: list[str], html: str | None = None
    ) -> tuple[int, dict[str, Any]]:
        """What a page is told of a change it made: the report as the command line says it
        (and in the page's layout, where there is one), and which questions the change leaves
        (the page keeps the report up until the stream brings other news). The stream redraws
        every page, this one too, with what changed."""
        self.poke()
        try:
            key = self.live(language)["key"]
        except Exception:  # the change is made: a sheet that cannot be drawn is the stream's news
            key = None
        laid_out = {} if html is None else {"html": html}
        return 200, {"ok": True, "recorded": True, "lines": lines, **laid_out, "key": key}

    def meant(self, store: Store, asked: dict[str, Any]) -> int:
        """The match a page's entry was made for, which must be the one served now (the
        current match may have changed since the page showed it: then nothing is written)."""
        served = match_id(store, self.table.given)
        meant = asked.get("match")
        if type(meant) is not int:
            raise BadRequest(_("The page sent something unreadable; reload it."))
        if meant != served:
            raise NotTheNextHand(
                _(
                    "This page was showing match {meant}, but match {served} is served now, "
                    "so this entry was not stored; the page shows match {served}."
                ).format(meant=meant, served=served)
            )
        return served

    def refused(self, store: Store, language: str, error: Exception) -> tuple[int, dict[str, Any]]:
        """What a page is told of a write that failed: its ``Error:`` line (or, should the
        change have been made all the same, that it was)."""
        if store.committed:
            saved = _(
                "The change was saved, but its report could not be shown ({reason}); the "
                "sheet shows where the match stands."
            ).format(reason=str(error) or type(error).__name__)
            return self.done(language, [saved])
        if isinstance(error, Unwritable):  # the server's fault, not the table's: said once there
            logging.getLogger(__name__).warning(_("Error: {message}").format(message=error))
            return 503, {"ok": False, "error": disk_refused(error)}
        said = said_wrong(error)
        if said is None:
            raise error
        status = 400 if isinstance(error, (BadRequest, InvalidHand)) else 409
        # The page that was refused may be stale (another phone recorded the hand): it is
        # shown the live part at once, with the refusal over it.
        return status, {"ok": False, "error": said, "live": self.live(language)}


def reported(before: Scoresheet, after: Scoresheet, said: list[str]) -> tuple[list[str], str]:
    """A change's report as the command line says it, and laid out for the page."""
    return report(before, after, *said), views.report_html(before, after, said)


def disk_refused(error: Unwritable) -> str:
    """A change the server's disk refused, as the table is told it: what went wrong, in its
    words, without the store's path (the server's own output names it)."""
    return _(
        "Error: the change could not be saved: the disk of the computer serving this page "
        "refused it ({reason}). Nothing was changed; tell whoever runs 'scorekeeper serve'."
    ).format(reason=error.reason)


def said_wrong(error: Exception) -> str | None:
    """A refusal as the page shows it (:func:`~scorekeeper.web.sent.refusal`), the store's
    errors and what the system said of its folder among them; None for an error that is no
    refusal (a bug)."""
    if not isinstance(error, OSError):
        return refusal(error, (StoreError,))
    if error.filename is not None:  # the store's folder
        message = _(
            "Cannot use {path}: {reason}. Check that the store's folder exists and may be read."
        ).format(path=error.filename, reason=system_error(error))
    else:
        message = system_error(error)
    return _("Error: {message}").format(message=message)


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
            "offline": _(
                "Offline: the sheet is not kept up to date and no hand can be entered here. "
                "Trying to reconnect…"
            ),
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
                table.cookie,
                table.joined,
                max_age=JOINED_FOR,
                httponly=True,
                samesite="strict",
                path="/",
            )
        if request.query_params.get("lang") in available():
            response.set_cookie(
                "lang", language, max_age=400 * 24 * 3600, samesite="strict", path="/"
            )
        return response

    async def live(request: Request) -> Response:
        return JSONResponse(served.live(served.language(request)))

    async def next_json(request: Request) -> Response:
        return JSONResponse(served.next_hand(served.language(request)))

    async def events(request: Request) -> Response:
        client = request.client.host if request.client else "?"
        return StreamingResponse(
            served.stream(served.language(request), client),
            media_type="text/event-stream",
            headers={"x-accel-buffering": "no"},
        )

    async def manifest(request: Request) -> Response:
        made = home.manifest(served.language(request))
        return Response(made, media_type="application/manifest+json")

    async def icon(request: Request) -> Response:
        return Response(home.png(home.ICONS[request.url.path]), media_type="image/png")

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
            except BadRequest as problem:
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
            Route("/next.json", next_json),
            Route("/events", events),
            *(Route(path, static) for path in STATIC),
            Route("/manifest.webmanifest", manifest),
            *(Route(path, icon) for path in home.ICONS),
            Route("/hand", writing(served.record), methods=["POST"]),
            Route("/undo", writing(served.undo), methods=["POST"]),
        ]
    )
    guarded = Guard(app, table.hosts, Keys(table.code, table.token), table.cookie, served.language)
    return guarded  # type: ignore[return-value]


def read_only_said() -> str:
    return _(
        "Error: this page only shows the sheet ('scorekeeper serve' was started with "
        "--read-only); enter the hand from a terminal."
    )
