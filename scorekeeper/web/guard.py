"""The guard of ``scorekeeper serve``'s app: only the table's own requests get through, and
every answer carries the headers that keep the page to itself.

A request needs a ``Host`` the server listens on (so that no other site's name can be pointed
at it), and the join code (``/?code=...``) or the cookie it leaves; a write also needs to come
from the page itself (its ``Origin``) as a ``POST`` and to carry the page's token.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

from starlette.requests import Request
from starlette.responses import PlainTextResponse

from scorekeeper.i18n import _, set_language
from scorekeeper.web.keys import Keys

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

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


class Guard:
    """Lets through only the table's own requests, and adds the security headers to every
    answer: a known ``Host``, the join code or its cookie, and for a write a same-origin
    ``POST`` carrying the page's token. Anything else gets 403 and changes nothing."""

    def __init__(
        self,
        app: ASGIApp,
        hosts: frozenset[str],
        keys: Keys,
        cookie: str,
        language: Callable[[Request], str],
    ) -> None:
        self.app, self.hosts, self.keys, self.cookie = app, hosts, keys, cookie
        self.language = language
        """The language a refusal is said in, by the request."""

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
            set_language(self.language(request))
            response = PlainTextResponse(refusal(), 403)
            await response(scope, receive, guarded_send)
            return
        await self.app(scope, receive, guarded_send)

    def refusal(self, request: Request) -> Callable[[], str] | None:
        """Why the request is refused (the message, made in the page's language), or None."""
        host = request.headers.get("host", "")
        if host not in self.hosts:
            return lambda: _("This server answers only to its own address.")
        code = request.query_params.get("code")
        if code:
            known = secrets.compare_digest(code.encode(), self.keys.code.encode())
        else:
            cookie = request.cookies.get(self.cookie, "")
            known = secrets.compare_digest(cookie.encode(), self.keys.cookie.encode())
        if not known:
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
            or not secrets.compare_digest(token.encode(), self.keys.token.encode())
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
