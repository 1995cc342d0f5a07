"""The phone app in a real browser: the site ``scorekeeper app`` writes, built from the Pyodide
``.ci/run`` installs with npm, served on 127.0.0.1 (a secure origin to a browser, as https is)
and opened in chromium at 360 by 740 pixels. A whole match by taps, its figures the command
line's; the network cut, the page reloaded and the app started again from its cache; files
both ways with the command line, a diverged copy too; a hand left half entered; German and
Dutch; an accessibility audit.

Each start loads Python in the browser (seconds on a busy machine): these tests are slow.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import invoke, ok
from test_page import AXE
from test_serve import CHROMIUM, PHONE, browser, wait_until

from scorekeeper.app.site import build, server

__all__ = ["browser"]

#: The Pyodide ``.ci/run`` installs (or where SCOREKEEPER_PYODIDE says).
PYODIDE = Path(
    os.environ.get("SCOREKEEPER_PYODIDE", Path(__file__).parent.parent / ".ci/node_modules/pyodide")
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium is not installed"),
    pytest.mark.skipif(
        not (PYODIDE / "pyodide.asm.wasm").exists(),
        reason=f"Pyodide is not installed at {PYODIDE} (.ci/run installs it from npm)",
    ),
]

#: Three hands of plain Gin Rummy (--preset gin: one game to 100), worked out from the rules:
#: Ann knocks 4 v 27: +23; Ben gin v 18: 18 + 25 = +43; Ann gin v 60: 60 + 25 = +85, Ann 108
#: ends the game. Ann 108 + 2 boxes (50) + game bonus 100 = 258; Ben 43 + 1 box (25) = 68.
Hand = tuple[str, "str | None", "int | None", "int | None"]
#: How high an element is drawn, in CSS pixels.
TALL = "e => e.getBoundingClientRect().height"
GIN_RUMMY: list[Hand] = [
    ("knock", "Ann", 4, 27),
    ("gin", "Ben", None, 18),
    ("gin", "Ann", None, 60),
]


@pytest.fixture(scope="module")
def address(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site, built and served on 127.0.0.1 (from a folder, as a host would)."""
    site = tmp_path_factory.mktemp("site") / "scorekeeper"
    build(site, PYODIDE)
    serving = server(site.parent, 0)
    thread = threading.Thread(target=serving.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{serving.server_address[1]}/scorekeeper/"
    finally:
        serving.shutdown()
        serving.server_close()


def ready(page: Any, seconds: float = 60) -> None:
    """Wait until Python is ready (or the app said it failed)."""
    wait_until(
        page,
        "() => window.scorekeeperReady !== undefined || window.scorekeeperFailed !== undefined",
        seconds=seconds,
    )
    assert page.evaluate("window.scorekeeperFailed") is None, page.evaluate("scorekeeperFailed")


def opened(browser: Any, address: str, locale: str = "en-GB") -> Any:
    """A phone that opened the app for the first time, once its service worker keeps every
    file (it then starts with no network)."""
    context = browser.new_context(viewport=PHONE, locale=locale)
    page = context.new_page()
    refused: list[str] = []  # what the page's Content-Security-Policy stopped
    context.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.goto(address)
    ready(page)
    wait_until(page, "() => !!navigator.serviceWorker.controller", seconds=60)
    page.refused = refused
    return page


def start(page: Any, players: list[str], preset: str = "standard", dealer: str = "") -> None:
    page.locator("nav button[data-screen=new]").click()
    page.wait_for_selector("form#new")
    for at, name in enumerate(players):
        page.locator("input[name=player]").nth(at).fill(name)
    page.select_option("select[name=preset]", preset)
    page.fill("input[name=dealer]", dealer)
    page.locator("form#new button[type=submit]").click()
    page.wait_for_selector("form.hand")


def tap_hand(page: Any, kind: str, who: str | None, kd: int | None, od: int | None) -> None:
    """Answer the next hand's questions by taps, wait for the preview, tap Record."""
    number = page.locator("form.hand").get_attribute("data-hand")
    page.locator(f"form.hand label.choice:has(input[name=kind][value={kind}])").click()
    if who is not None:
        page.locator("form.hand fieldset[data-field=who] label.choice", has_text=who).click()
    if kd is not None:
        page.fill("form.hand input[name=kd]", str(kd))
    if od is not None:
        page.fill("form.hand input[name=od]", str(od))
    page.wait_for_selector("form.hand button.record:not([disabled])", timeout=10_000)
    page.locator("form.hand button.record").click()
    wait_until(
        page,
        "n => !document.querySelector('form.hand')"
        " || document.querySelector('form.hand').dataset.hand !== n",
        number,
    )


def cli_played(store: Path, hands: list[Hand]) -> None:
    for kind, who, kd, od in hands:
        if kind == "knock":
            ok(invoke(store, "knock", who, kd, od))
        elif kind == "wall":
            ok(invoke(store, "wall"))
        else:
            ok(invoke(store, "gin", who, od))


def exported(page: Any, path: Path) -> Path:
    with page.expect_download() as download:
        page.locator("button.export[data-format=json]").click()
    download.value.save_as(path)
    return path


def test_a_whole_match_by_taps_is_the_command_lines_and_goes_on_offline(
    browser: Any, address: str, tmp_path: Path
) -> None:
    page = opened(browser, address)
    page.screenshot(path=tmp_path / "new.png")
    # One name is refused, in words shown on the screen (they come below the button).
    page.locator("nav button[data-screen=new]").click()
    page.locator("input[name=player]").nth(0).fill("Ann")
    page.locator("form#new button[type=submit]").click()
    refused = page.locator("form#new .said")
    refused.wait_for()
    assert refused.inner_text().startswith("Error: Name the players: two,")
    box, bottom = refused.bounding_box(), page.viewport_size["height"]
    assert box is not None and box["y"] + box["height"] <= bottom + 1  # a pixel's rounding
    start(page, ["Ann", "Ben"], preset="gin", dealer="Ann")
    for hand in GIN_RUMMY[:2]:
        tap_hand(page, *hand)
    assert "Ann" in page.locator("#sheet").inner_text()

    # The network cut: the standing as last drawn at once, then the entry, Python restored
    # from the memory the first start kept.
    wait_until(page, "() => window.scorekeeperRemembered === true", seconds=60)
    page.context.set_offline(True)
    page.reload()
    wait_until(page, "() => window.scorekeeperShown !== undefined")
    assert "43" in page.locator("#sheet").inner_text()  # Ben's 43, before Python is ready
    ready(page)
    assert page.evaluate("window.scorekeeperRestored") is True
    page.screenshot(path=tmp_path / "offline.png")
    tap_hand(page, *GIN_RUMMY[2])
    assert "Ann" in page.locator("#sheet p.result").inner_text()
    page.screenshot(path=tmp_path / "winner.png", full_page=True)

    # The phone's match is the command line's, figure for figure.
    phone_file = exported(page, tmp_path / "phone.json")
    ok(invoke(tmp_path / "phone", "import", phone_file))
    ok(invoke(tmp_path / "cli", "new", "Ann", "Ben", "--preset", "gin", "--dealer", "Ann"))
    cli_played(tmp_path / "cli", GIN_RUMMY)
    on_phone = json.loads(ok(invoke(tmp_path / "phone", "show", "--json")))
    on_cli = json.loads(ok(invoke(tmp_path / "cli", "show", "--json")))
    assert on_phone == on_cli
    assert on_phone["net"] == {"Ann": 190, "Ben": -190}
    assert on_phone["games"][0]["settlement"]["Ann"]["total"] == 258
    assert page.refused == []  # Python ran under a policy of the site's own files and WebAssembly

    # Hand 1 corrected to 2 v 27: 25 points, Ann 110 + 50 + 100 = 260 against 68, net 192.
    page.locator("#tools details summary", has_text="Correct a hand").click()
    # Its choice of hand is as easy to tap as its buttons (2.75rem: 44 pixels).
    assert page.locator("#tools select[name=number]").evaluate(TALL) >= 44
    page.select_option("#tools select[name=number]", "1")
    wait_until(page, "() => document.querySelector('#amend').dataset.hand === '1'")
    page.locator("#amend label.choice:has(input[name=kind][value=knock])").click()
    page.locator("#amend fieldset[data-field=who] label.choice", has_text="Ann").click()
    page.fill("#amend input[name=kd]", "2")
    page.fill("#amend input[name=od]", "27")
    # As the next hand's, the correction's preview says what it would do before it is done.
    page.wait_for_selector("#amend button.record:not([disabled])", timeout=10_000)
    assert "by Hand 1: Ann knocks 2 v 27" in page.locator("#amend .preview").inner_text()
    page.locator("#amend button[type=submit]").click()
    wait_until(page, "() => document.querySelector('#said').innerText.includes('by Hand 1')")
    assert "Ann knocks 2 v 27 -> Ann +25" in page.locator("#said").inner_text()
    assert "Ann +192" in page.locator("#sheet").inner_text()
    page.locator("#tools details summary", has_text="Correct a hand").click()  # drawn anew
    page.locator("#amend label.choice:has(input[name=kind][value=wall])").click()
    assert page.locator("#amend fieldset[data-field=who]").is_hidden()  # a wall asks no one
    assert page.locator("#amend input[name=od]").is_hidden()

    # Started again with no network, from the home screen: a new page of the same phone.
    again = page.context.new_page()
    page.close()
    again.goto(address)
    ready(again)
    assert "Ann" in again.locator("#sheet p.result").inner_text()
    again.context.close()


def test_files_go_both_ways_and_a_diverged_copy_is_never_merged(
    browser: Any, address: str, tmp_path: Path
) -> None:
    store = tmp_path / "store"
    ok(invoke(store, "new", "Ann", "Ben", "--dealer", "Ann"))
    cli_played(store, [("knock", "Ann", 4, 27), ("gin", "Ben", None, 18)])
    ok(invoke(store, "export", "--format", "json", "-o", tmp_path / "cli.json"))

    page = opened(browser, address)
    page.locator("nav button[data-screen=matches]").click()
    page.set_input_files("#import-file", tmp_path / "cli.json")
    page.wait_for_selector("form.hand[data-hand='3']")
    assert "Imported cli.json as match 1: Ann v Ben, 2 hands." in page.locator("#said").inner_text()
    tap_hand(page, "wall", None, None, None)
    assert page.locator("#rules select[name=tie]").evaluate(TALL) >= 44  # as the rules' are
    phone_file = exported(page, tmp_path / "phone.json")
    # The command line goes on from the phone's hand 3 with its hand 4.
    said = ok(invoke(store, "import", phone_file))
    assert "up to date" in said
    ok(invoke(store, "knock", "Ben", 2, 30))
    log = ok(invoke(store, "log"))
    assert "wall" in log and "Ben knocks 2 v 30" in log

    # Meanwhile the phone recorded another hand 4: the copies went their own ways.
    tap_hand(page, "knock", "Ann", 3, 13)
    ok(invoke(store, "export", "--format", "json", "-o", tmp_path / "cli2.json"))
    page.locator("nav button[data-screen=matches]").click()
    page.set_input_files("#import-file", tmp_path / "cli2.json")
    page.wait_for_selector(".copies")
    copies = page.locator(".copies section")
    assert "Ann +10" in copies.nth(0).inner_text()  # the phone's: 13 - 3
    assert "Ben +28" in copies.nth(1).inner_text()  # the file's: 30 - 2
    assert copies.nth(0).locator("h3").inner_text() == "This phone's copy"
    assert copies.nth(1).locator("h3").inner_text() == "The file's copy"
    page.screenshot(path=tmp_path / "apart.png", full_page=True)
    page.locator("#import-said button", has_text="Keep both").click()
    page.wait_for_selector("form.hand[data-hand='5']")
    page.locator("nav button[data-screen=matches]").click()
    listed = page.locator("ul.matches").inner_text()
    assert "Match 1: Ann v Ben" in listed and "Match 2: Ann v Ben" in listed
    # Each match's state beside its button, never wrapped under it (a long title wraps inside).
    start(page, ["Alexandra", "Bartholomew", "Cid"], preset="three-handed")
    page.locator("nav button[data-screen=matches]").click()
    page.wait_for_selector("button.open-match[data-id='3']")
    for row in page.locator("ul.matches li").all():
        button = row.locator("button").bounding_box()
        status = row.locator(".status").bounding_box()
        assert button is not None and status is not None
        assert status["x"] >= button["x"] + button["width"]
    page.context.close()


def test_a_hand_half_entered_when_the_page_is_closed_is_not_stored(
    browser: Any, address: str
) -> None:
    page = opened(browser, address)
    start(page, ["Ann", "Ben"], dealer="Ann")
    tap_hand(page, "knock", "Ann", 4, 27)
    page.locator("form.hand fieldset.question label.choice", has_text="gin").first.click()
    page.locator("form.hand fieldset[data-field=who] label.choice", has_text="Ben").click()
    page.fill("form.hand input[name=od]", "18")
    context = page.context
    page.close()
    again = context.new_page()
    again.goto(address)
    ready(again)
    assert again.locator("form.hand").get_attribute("data-hand") == "2"
    assert "Ben" not in again.locator("#hands table.hands").inner_text()
    context.close()


def test_the_last_hand_is_taken_back_once_the_phone_is_sure(browser: Any, address: str) -> None:
    page = opened(browser, address)
    start(page, ["Ann", "Ben"], dealer="Ann")
    tap_hand(page, "knock", "Ann", 4, 27)
    page.click("#entry button.undo-ask")
    assert "Hand 1: Ann knocks 4 v 27" in page.locator("#entry .undo-confirm").inner_text()
    page.click("#entry button.undo-no")  # not sure: asked no more, nothing taken back
    assert page.locator("#entry .undo-confirm").is_hidden()
    assert page.locator("form.hand").get_attribute("data-hand") == "2"
    page.click("#entry button.undo-ask")
    page.click("#entry button.undo-yes")
    wait_until(page, "() => document.querySelector('#said').innerText.startsWith('Voided')")
    assert page.locator("form.hand").get_attribute("data-hand") == "1"
    assert "knocks" not in page.locator("#hands").inner_text()
    page.context.close()


@pytest.mark.skipif(
    not AXE.exists(), reason=f"axe-core is not installed at {AXE} (.ci/run installs it from npm)"
)
def test_german_and_dutch_and_no_serious_accessibility_fault(
    browser: Any, address: str, tmp_path: Path
) -> None:
    page = opened(browser, address, locale="de-DE")
    assert page.locator("nav button[data-screen=new]").inner_text() == "Neue Partie"
    start(page, ["Ann", "Ben"], dealer="Ann")
    tap_hand(page, "knock", "Ann", 4, 27)
    assert "Runde 1: Ann klopft mit 4 gegen 27" in page.locator("#said").inner_text()
    assert "Ann +23" in page.locator("#said").inner_text()
    page.screenshot(path=tmp_path / "de.png", full_page=True)
    page.select_option("#lang", "nl")
    wait_until(page, "() => document.querySelector('form.hand').innerText.includes('Hand 2')")
    assert page.locator("nav button[data-screen=new]").inner_text() == "Nieuwe partij"
    assert page.evaluate("document.documentElement.lang") == "nl"
    # Started again from the kept memory, in the language chosen (its catalogue read anew).
    wait_until(page, "() => window.scorekeeperRemembered === true", seconds=60)
    page.reload()
    ready(page)
    assert page.evaluate("window.scorekeeperRestored") is True
    assert "Hand 2 van partij 1" in page.locator("form.hand").inner_text()
    page.context.close()
    # axe is injected as a script of the page's own, which its policy would refuse; one phone
    # audits each language in turn (switched on the page, as a player would).
    context = browser.new_context(viewport=PHONE, locale="en-GB", bypass_csp=True)
    audited = context.new_page()
    audited.goto(address)
    ready(audited)
    for language in ("en", "de", "nl"):
        if audited.evaluate("document.documentElement.lang") != language:
            audited.select_option("#lang", language)
            wait_until(audited, f"() => document.documentElement.lang === '{language}'")
        audited.locator("nav button[data-screen=new]").click()
        audited.wait_for_selector("form#new")
        audited.locator("form#new details summary").first.click()  # every option of new
        audit(audited, language)
        start(audited, ["Ann", "Ben"], preset="gin", dealer="Ann")
        audited.locator("#entry label.choice").first.click()
        audit(audited, language)
        for hand in GIN_RUMMY:
            tap_hand(audited, *hand)
        audited.locator("nav button[data-screen=matches]").click()
        audited.wait_for_selector("table.stats")  # the stats of the matches won
        audit(audited, language)
    context.close()


def audit(page: Any, locale: str) -> None:
    """No serious or critical fault axe-core finds on the page as it is."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "async () => (await axe.run()).violations"
        ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
        ".map(v => [v.id, v.nodes.map(n => n.target.join(' '))])"
    )
    assert found == [], (locale, found)
