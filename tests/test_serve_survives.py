"""``scorekeeper serve`` survives the table: its join code kept on this machine across restarts
(``--new-code`` shutting the old one out), a restarted server taking its phones back, the page
saying when the connection drops and coming back by itself, the web app manifest and the
icons a phone keeps on its home screen, and a redraw that sends only what changed.

Nothing here sends a byte to any address but this machine's loopback.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from harness import invoke, ok
from starlette.testclient import TestClient
from test_serve import HOST, ORIGIN, WRITE, Server, hollywood, knock

from scorekeeper.store import Store
from scorekeeper.web.app import Table, create_app
from scorekeeper.web.keys import FILE, Keys, kept

__all__ = ["hollywood"]  # the fixture, shared with test_serve


def started(store: Path, new: bool = False) -> TestClient:
    """A server of ``store`` started as ``serve`` starts it (with ``--new-code`` if ``new``),
    as a phone sees it before joining."""
    keys = kept(Store(store).cache(), new=new)
    table = Table(
        root=str(store), given=None, hosts=frozenset({HOST}), code=keys.code, token=keys.token
    )
    return TestClient(create_app(table), base_url=ORIGIN)


def joined(store: Path) -> tuple[TestClient, str]:
    """A phone that joined a server of ``store`` with its code, and the cookie it was left."""
    phone = started(store)
    code = kept(Store(store).cache()).code
    answer = phone.get(f"/?code={code}")
    assert answer.status_code == 200
    return phone, phone.cookies["scorekeeper"]


# The join code kept across restarts


def test_a_server_started_again_takes_its_phones_back(hollywood: Path) -> None:
    _first, cookie = joined(hollywood)
    again = started(hollywood)  # the same store served anew: a new process, the same code
    again.cookies.set("scorekeeper", cookie)
    assert again.get("/live").status_code == 200
    page = again.get("/").text
    token = re.search(r'data-token="([^"]+)"', page)
    assert token is not None
    # The page from before the restart still writes: its token is the same.
    written = again.post(
        "/hand", json=knock(3), headers={**WRITE, "x-scorekeeper-token": token.group(1)}
    )
    assert written.status_code == 200, written.json()


def test_new_code_shuts_the_phones_that_joined_before_out(hollywood: Path) -> None:
    _first, cookie = joined(hollywood)
    old = kept(Store(hollywood).cache())
    renewed = started(hollywood, new=True)
    new = kept(Store(hollywood).cache())
    assert new.code != old.code and new.token != old.token
    renewed.cookies.set("scorekeeper", cookie)
    assert renewed.get("/live").status_code == 403
    assert renewed.get(f"/?code={old.code}").status_code == 403
    assert renewed.get(f"/?code={new.code}").status_code == 200
    assert renewed.get("/live").status_code == 200  # the new cookie
    assert started(hollywood).get(f"/?code={new.code}").status_code == 200  # kept as well


def test_the_cookie_is_worked_out_from_the_code_and_is_not_the_code(hollywood: Path) -> None:
    _phone, cookie = joined(hollywood)
    keys = kept(Store(hollywood).cache())
    assert cookie == Keys(keys.code, keys.token).cookie
    assert keys.code not in cookie and keys.token not in cookie


def test_the_code_is_kept_beside_the_summaries_never_in_the_store(
    hollywood: Path, cache_of_this_test: Path
) -> None:
    joined(hollywood)
    cache = Store(hollywood).cache()
    assert cache is not None and Path(cache).is_relative_to(cache_of_this_test)
    kept_file = Path(cache) / FILE
    assert kept_file.stat().st_mode & 0o777 == 0o600
    code = kept(cache).code
    for path in hollywood.rglob("*"):
        assert path.is_dir() or code.encode() not in path.read_bytes()


def test_a_damaged_or_foreign_keys_file_is_drawn_anew(hollywood: Path) -> None:
    cache = Store(hollywood).cache()
    assert cache is not None
    Path(cache).mkdir(parents=True, exist_ok=True)
    for content in ("", "{", "[]", '{"code": "a b", "token": 1}', '{"code": "x"}'):
        (Path(cache) / FILE).write_text(content)
        keys = kept(cache)
        assert len(keys.code) >= 8 and len(keys.token) >= 32
        assert kept(cache) == keys


def test_serve_prints_the_same_address_when_started_again(hollywood: Path) -> None:
    addresses = []
    for args in ((), (), ("--new-code",), ()):
        server = Server(hollywood, *args)
        addresses.append(server.address.partition("?")[2])
        ready(server)
        assert server.stop() == 0
    first, again, renewed, after = addresses
    assert first.startswith("code=") and again == first
    assert renewed != first and after == renewed


def ready(server: Server) -> None:
    """Wait until the server has said all it says at the start (it is then serving)."""
    deadline = time.monotonic() + 10
    while not any(line.startswith("Ctrl-C") for line in server.said):
        assert time.monotonic() < deadline, server.said
        time.sleep(0.02)
    time.sleep(0.2)


def test_new_code_is_in_the_help() -> None:
    said = ok(invoke(Path("."), "serve", "--help"))
    assert "--new-code" in said and "shuts out" in said
