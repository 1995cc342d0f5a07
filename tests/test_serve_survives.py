"""``scorekeeper serve`` survives the table: its join code kept on this machine across restarts
(``--new-code`` shutting the old one out), a restarted server taking its phones back, the page
saying when the connection drops and coming back by itself, the web app manifest and the
icons a phone keeps on its home screen, and a redraw that sends only what changed.

Nothing here sends a byte to any address but this machine's loopback.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import struct
import threading
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from harness import invoke, ok
from starlette.testclient import TestClient
from test_serve import (
    CHROMIUM,
    HOST,
    ORIGIN,
    PHONE,
    WRITE,
    Server,
    browser,
    enter_knock,
    hands,
    hollywood,
    knock,
    phone,
    wait_until,
)

from scorekeeper.store import Store
from scorekeeper.web.app import Table, create_app
from scorekeeper.web.home import png
from scorekeeper.web.keys import FILE, READ_ONLY_FILE, Keys, kept
from scorekeeper.web.redraw import applied, patch

pytestmark = pytest.mark.disk

__all__ = ["browser", "hollywood"]  # the fixtures, shared with test_serve


def started(
    store: Path, new: bool = False, stopping: Callable[[], bool] = lambda: False
) -> TestClient:
    """A server of ``store`` started as ``serve`` starts it (with ``--new-code`` if ``new``),
    as a phone sees it before joining; its streams end once ``stopping`` says so."""
    keys = kept(Store(store).cache(), new=new)
    table = Table(
        root=str(store),
        given=None,
        hosts=frozenset({HOST}),
        code=keys.code,
        token=keys.token,
        stopping=stopping,
    )
    return TestClient(create_app(table), base_url=ORIGIN)


def joined(store: Path, stopping: Callable[[], bool] = lambda: False) -> tuple[TestClient, str]:
    """A phone that joined a server of ``store`` with its code, and the cookie it was left."""
    phone = started(store, stopping=stopping)
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


def test_a_keys_file_others_can_read_is_made_the_users_alone_again(hollywood: Path) -> None:
    cache = Store(hollywood).cache()
    keys = kept(cache)
    assert cache is not None
    (Path(cache) / FILE).chmod(0o644)
    assert kept(cache) == keys  # the phones that joined stay in
    assert (Path(cache) / FILE).stat().st_mode & 0o777 == 0o600


def test_a_read_only_server_has_a_code_and_a_token_of_its_own(hollywood: Path) -> None:
    cache = Store(hollywood).cache()
    writing, onlooking = kept(cache), kept(cache, read_only=True)
    assert onlooking.code != writing.code and onlooking.token != writing.token
    assert kept(cache, read_only=True) == onlooking and kept(cache) == writing  # each kept
    assert (Path(cache or "") / READ_ONLY_FILE).stat().st_mode & 0o777 == 0o600
    # What an onlooker's page holds lets nobody in at a writing server, nor write through it.
    assert started(hollywood).get(f"/?code={onlooking.code}").status_code == 403
    stranger = started(hollywood)
    stranger.cookies.set("scorekeeper", Keys(onlooking.code, onlooking.token).cookie)
    assert stranger.get("/live").status_code == 403
    phone, _cookie = joined(hollywood)
    before = hands(hollywood)
    taken = {**WRITE, "x-scorekeeper-token": onlooking.token}
    assert phone.post("/hand", json=knock(3), headers=taken).status_code == 403
    assert hands(hollywood) == before
    # A new code for the onlookers leaves the table's as it was, and the other way round.
    assert kept(cache, new=True, read_only=True) != onlooking and kept(cache) == writing


@pytest.mark.slow  # real servers started one after the other
def test_serve_prints_the_same_address_when_started_again(hollywood: Path) -> None:
    addresses = []
    for args in ((), (), ("--new-code",), (), ("--read-only",), ("--read-only",)):
        server = Server(hollywood, *args)
        addresses.append(server.address.partition("?")[2])
        ready(server)
        assert server.stop() == 0
    first, again, renewed, after, onlooking, onlooking_again = addresses
    assert first.startswith("code=") and again == first
    assert renewed != first and after == renewed
    # The onlookers' server has a code of its own, kept as the table's is.
    assert onlooking not in (first, renewed) and onlooking_again == onlooking


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


# The page when the server goes away, and when it comes back


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


OFFLINE = "() => !document.querySelector('#offline').hidden"
ONLINE = "() => document.querySelector('#offline').hidden"
ENTRY_CLOSED = (
    "() => document.querySelector('#entry').inert && [...document.querySelectorAll("
    "'#entry button, #entry input')].every(control => control.disabled)"
)
ENTRY_OPEN = (
    "() => !document.querySelector('#entry').inert && [...document.querySelectorAll("
    "'#entry input, #entry button.undo-ask')].every(control => !control.disabled)"
)


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium is not installed")
def test_a_page_says_it_is_offline_and_comes_back_by_itself(
    hollywood: Path, browser: Any, tmp_path: Path
) -> None:
    port = str(free_port())
    server = Server(hollywood, "--port", port)
    page = phone(browser, server.address, "de-DE")
    page.evaluate("() => { document.body.dataset.stayed = 'yes'; }")  # gone with a reload
    assert page.evaluate(ONLINE) and page.evaluate(ENTRY_OPEN)

    page.evaluate("() => window.scrollTo(0, 12)")  # as the page is left after a hand
    row = page.locator("#sheet table.standing tbody tr").first
    was = row.bounding_box()
    ready(server)
    assert server.stop() == 0
    assert wait_until(page, OFFLINE, seconds=5) < 5
    wait_until(page, ENTRY_CLOSED, seconds=1)
    banner = page.locator("#offline").inner_text()
    assert banner.startswith("Offline: ") and "Runde" in banner  # in the page's language
    top = page.locator("#offline").bounding_box()
    assert top is not None and top["y"] <= 0 and top["height"] < PHONE["height"] / 4
    # The banner pushed the sheet down, over nothing that was in view.
    now = row.bounding_box()
    assert was is not None and now is not None and now["y"] >= top["y"] + top["height"]
    page.screenshot(path=str(tmp_path / "offline.png"))

    ok(invoke(hollywood, "knock", "ann", "2", "30"))  # hand 3, while the page is offline
    again = Server(hollywood, "--port", port)
    try:
        assert again.address == server.address  # the same join code
        assert wait_until(page, ONLINE, seconds=15) < 15
        wait_until(page, ENTRY_OPEN, seconds=1)
        assert "Runde 4 der Partie 1" in page.locator("#entry").inner_text()
        assert page.evaluate("() => document.body.dataset.stayed") == "yes"  # no reload
        page.locator("label.choice", has_text="Klopfen").click()
        page.locator("label.choice", has_text="Ben").click()
        page.fill("input[name=kd]", "5")
        page.fill("input[name=od]", "30")
        page.wait_for_selector("button.record:not([disabled])", timeout=10_000)
        page.click("button.record")
        wait_until(page, "() => document.querySelector('#said').innerText.startsWith('Runde 4')")
        ok(invoke(hollywood, "knock", "ann", "3", "20"))  # a redraw of only what changed
        wait_until(page, "() => document.querySelector('#sheet').innerText.includes('+17')")
    finally:
        ready(again)
        assert again.stop() == 0

    # Started again with a new join code: the page is shut out, and says so in its words.
    renewed = Server(hollywood, "--port", port, "--new-code")
    try:
        assert renewed.address != server.address
        wait_until(page, "() => document.querySelector('#offline').innerText.includes('code')")
        assert page.locator("#offline").inner_text().startswith("Diese Seite braucht")
        assert page.evaluate(ENTRY_CLOSED)
    finally:
        ready(renewed)
        assert renewed.stop() == 0


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium is not installed")
def test_a_hand_half_entered_when_the_server_went_away_is_previewed_again(
    hollywood: Path, browser: Any
) -> None:
    """The preview of hand 3 was up (its last count still being typed) when the laptop's
    server stopped: back online, the preview is asked for again and the tap records it."""
    port = str(free_port())
    server = Server(hollywood, "--port", port)
    page = phone(browser, server.address)
    enter_knock(page, "Ann", 3, 20)
    ready(server)
    assert server.stop() == 0
    wait_until(page, OFFLINE, seconds=5)
    again = Server(hollywood, "--port", port)
    try:
        wait_until(page, ONLINE, seconds=15)
        wait_until(
            page,
            "() => !document.querySelector('button.record').disabled && "
            "document.querySelector('.preview').innerText.startsWith('Hand 3: Ann knocks 3 v 20')",
        )
        page.click("button.record")
        wait_until(page, "() => document.querySelector('#said').innerText.startsWith('Hand 3:')")
    finally:
        ready(again)
        assert again.stop() == 0
    assert len(hands(hollywood)) == 3


# The web app manifest and the icon


def test_the_manifest_keeps_the_page_on_a_phones_home_screen(hollywood: Path) -> None:
    phone, _cookie = joined(hollywood)
    page = phone.get("/").text
    # The browser sends the join code's cookie with the manifest only when the link asks it to.
    assert (
        '<link rel="manifest" href="/manifest.webmanifest" crossorigin="use-credentials">' in page
    )
    answer = phone.get("/manifest.webmanifest", headers={"accept-language": "nl"})
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/manifest+json"
    made = answer.json()
    assert made["start_url"] == "/" and made["display"] == "standalone"
    assert made["name"] == "scorekeeper" and made["lang"] == "nl"
    sizes = {}
    for icon in made["icons"]:
        shown = phone.get(icon["src"])
        assert shown.status_code == 200 and shown.headers["content-type"] == icon["type"]
        if icon["type"] == "image/png":
            sizes[icon["sizes"]] = png_size(shown.content)
    assert sizes == {"192x192": (192, 192), "512x512": (512, 512)}


def png_size(content: bytes) -> tuple[int, int]:
    """The width and height a PNG file says it has (and that it is one, and whole)."""
    assert content[:8] == b"\x89PNG\r\n\x1a\n" and content.endswith(b"IEND\xaeB`\x82")
    width, height = struct.unpack(">II", content[16:24])
    return width, height


def test_the_icon_is_the_card_on_blue_edge_to_edge() -> None:
    """Its corners blue (a phone may cut any shape out of it), its middle the card's paper."""
    raw = zlib.decompress(png(192)[41:-16])  # the one IDAT chunk's data
    row = 192 * 3 + 1  # each row: a filter byte and 192 RGB pixels

    def pixel(x: int, y: int) -> bytes:
        return raw[y * row + 1 + x * 3 : y * row + 4 + x * 3]

    assert pixel(0, 0) == pixel(191, 191) == bytes((0x1F, 0x5F, 0x9E))
    assert pixel(96, 45) == bytes((0xFD, 0xFC, 0xF8))  # above the first line, on the card
    assert pixel(96, 66) == bytes((0x1A, 0x1A, 0x1A))  # on the first line


def test_a_stranger_gets_neither_the_manifest_nor_the_icons(hollywood: Path) -> None:
    stranger = started(hollywood)
    for path in ("/manifest.webmanifest", "/static/icon-192.png", "/static/icon-512.png"):
        assert stranger.get(path).status_code == 403


# A redraw sends only what changed


def events(
    phone: TestClient, stop: threading.Event, then: list[tuple[str, ...]], store: Path
) -> list[tuple[str, Any]]:
    """The events of a page's stream (beats left out): after the first, and after each one
    that follows it, the next command of ``then`` is run on ``store``; then ``stop`` (what the
    phone's server asks whether it is stopping) ends the stream."""
    found: list[tuple[str, Any]] = []
    kind = ""
    with phone.stream("GET", "/events") as stream:
        deadline = time.monotonic() + 20
        for line in stream.iter_lines():
            kind = line.removeprefix("event: ") if line.startswith("event: ") else kind
            if line.startswith("data: ") and kind != "beat":
                found.append((kind, json.loads(line.removeprefix("data: "))))
                if len(found) > len(then):
                    stop.set()
                else:
                    ok(invoke(store, *then[len(found) - 1]))
            assert time.monotonic() < deadline
    stop.clear()
    return found


def test_a_redraw_sends_only_what_changed_and_the_page_makes_the_whole_of_it(
    store_dir: Path,
) -> None:
    """The first event is the whole live part; each after it, a patch of the one before that
    makes it whole again (here with names the page's script counts as two characters each)."""
    ok(invoke(store_dir, "new", "🂡Ann", "Ben𝄞", "--dealer", "ben", "--target", "1000"))
    for args in (("knock", "🂡Ann", "4", "27"), ("gin", "Ben𝄞", "18")) * 10:
        ok(invoke(store_dir, *args))
    stop = threading.Event()
    phone, _cookie = joined(store_dir, stopping=stop.is_set)
    then = [("knock", "🂡Ann", "2", "30"), ("undo",)]
    with phone:  # one event loop for the app
        found = events(phone, stop, then, store_dir)
    assert [kind for kind, _made in found] == ["live", "change", "change"]
    shown = found[0][1]
    assert set(shown) == {"title", "news", "sheet", "hands", "entry", "key", "hand"}
    for _kind, changed in found[1:]:
        shown = {
            name: applied(value, shown[name]) if isinstance(value, list) else value
            for name, value in changed.items()
        }
    # After the knock and its undo, the sheet is the one of 20 hands again, whole.
    assert shown == phone.get("/live").json() and shown["hand"] == 21
    whole = len(json.dumps(found[0][1], ensure_ascii=False))
    for _kind, changed in found[1:]:  # the race chart is drawn anew after each hand
        assert len(json.dumps(changed, ensure_ascii=False)) < whole / 2


def test_a_page_that_reconnects_is_drawn_whole(hollywood: Path) -> None:
    stop = threading.Event()
    phone, _cookie = joined(hollywood, stopping=stop.is_set)
    with phone:  # one event loop for the app
        for _again in range(2):
            assert [kind for kind, _made in events(phone, stop, [], hollywood)] == ["live"]


def test_a_patch_keeps_what_is_the_same_and_sends_what_is_new() -> None:
    old = "<table><tr><td>1</td></tr><tr><td>Ann</td></tr></table><p>net 30</p>"
    new = "<table><tr><td>1</td></tr><tr><td>Ann</td></tr><tr><td>2</td></tr></table><p>net 5</p>"
    made = patch(old, new)
    # "<table>" 7 + "<tr><td>1</td></tr>" 19 + "<tr><td>Ann</td></tr>" 21 = 47, "</table>" 8
    assert made == [[0, 47], "<tr><td>2</td></tr>", [47, 55], "<p>net 5</p>"]
    assert applied(made, old) == new


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium is not installed")
def test_a_server_fallen_silent_is_noticed_as_offline(hollywood: Path, browser: Any) -> None:
    """The laptop asleep: the connection stays open but nothing comes. The page notices by the
    missing beats, and comes back when the server wakes."""
    server = Server(hollywood)
    try:
        page = phone(browser, server.address)
        ready(server)
        server.process.send_signal(signal.SIGSTOP)
        try:
            assert wait_until(page, OFFLINE, seconds=10) < 10
            assert page.locator("#offline").inner_text().startswith("Offline: the sheet")
            assert page.evaluate(ENTRY_CLOSED)
        finally:
            server.process.send_signal(signal.SIGCONT)
        wait_until(page, ONLINE, seconds=15)
        wait_until(page, ENTRY_OPEN, seconds=1)
    finally:
        assert server.stop() == 0
