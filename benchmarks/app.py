"""What the phone app (``scorekeeper app``) costs a phone: the bytes of the first visit, the
start with no network, and a hand recorded late in a long match.

Run by hand (not part of the test suite), from the project's virtual environment, with the
Pyodide ``.ci/run`` installs (or SCOREKEEPER_PYODIDE) and chromium at /usr/bin/chromium:

    python benchmarks/app.py               # a match of 99 hands, then hand 100 tapped
    python benchmarks/app.py --hands 40    # a shorter match

It builds the site into a temporary folder, serves it on 127.0.0.1 (any free port) and opens
it in chromium at 360 by 740 pixels, as a phone. It prints:

- the first visit's bytes, each file compressed with gzip as a static host serves it (the
  service worker fetches every file the app uses on the first visit);
- from the home screen with no network (the page opened again, offline, its files from the
  service worker's cache): the time until the current match's standing is on the screen (as
  last drawn, before Python has loaded), and until the next hand's questions are ready;
- the time from tapping Record for hand N+1 of a match of N hands until the sheet shows it.

The match is a Hollywood match to 1000 (all three games stay open, every hand on the sheet),
imported as a file, as a player would bring one from the command line.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from scorekeeper.app.site import build, server

HERE = Path(__file__).resolve().parent
PYODIDE = Path(os.environ.get("SCOREKEEPER_PYODIDE", HERE.parent / ".ci/node_modules/pyodide"))
CHROMIUM = "/usr/bin/chromium"


def first_visit(site: Path) -> tuple[int, int]:
    """The bytes of every file of the site, as they are and gzipped (level 6, as hosts do)."""
    files = [path for path in site.rglob("*") if path.is_file()]
    raw = sum(path.stat().st_size for path in files)
    packed = sum(len(gzip.compress(path.read_bytes(), 6)) for path in files)
    return raw, packed


def long_match(hands: int, folder: Path) -> Path:
    """The export of a match of ``hands`` hands (knocks of one point, each player in turn), to
    1000 so that it stays open, written by the app's own Python."""
    from scorekeeper.app import main

    def ask(**request: Any) -> dict[str, Any]:
        found: dict[str, Any] = json.loads(main.answer(json.dumps({"lang": "en", **request})))
        assert found["ok"], found
        return found

    ask(do="open", matches=[])
    ask(do="new", players=["Ann", "Ben"], dealer="Ann", options={"target": 1000})
    for number in range(1, hands + 1):
        who = "Ann" if number % 2 else "Ben"
        ask(do="hand", match=1, hand=number, kind="knock", who=who, kd="10", od="11")
    path = folder / "long.json"
    path.write_text(ask(do="export", match=1)["text"])
    return path


def waited(page: Any, check: str, seconds: float = 120) -> Any:
    """The value of ``check`` in the page once it is not null (asked every 10 ms)."""
    deadline = time.monotonic() + seconds
    while (found := page.evaluate(check)) is None:
        if time.monotonic() > deadline:
            sys.exit(f"not within {seconds} s: {check}")
        time.sleep(0.01)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=99, help="hands before the one timed")
    args = parser.parse_args()
    if not (PYODIDE / "pyodide.asm.wasm").exists():
        sys.exit(f"No Pyodide at {PYODIDE}: run .ci/run, or npm install pyodide (see docs/app.md).")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        site = folder / "site"
        build(site, PYODIDE)
        raw, packed = first_visit(site)
        print(f"first visit: {packed / 1e6:.2f} MB compressed ({raw / 1e6:.2f} MB as stored)")
        serving = server(site, 0)
        threading.Thread(target=serving.serve_forever, daemon=True).start()
        address = f"http://127.0.0.1:{serving.server_address[1]}/"
        match = long_match(args.hands, folder)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
            )
            context = browser.new_context(viewport={"width": 360, "height": 740})
            page = context.new_page()
            page.goto(address)
            online = waited(page, "window.scorekeeperReady ?? window.scorekeeperFailed ?? null")
            waited(page, "navigator.serviceWorker.controller ? true : null")
            print(f"first start, online: entry ready at {online:.0f} ms")
            page.locator("nav button[data-screen=matches]").click()
            page.set_input_files("#import-file", match)
            page.wait_for_selector(f"form.hand[data-hand='{args.hands + 1}']", timeout=60_000)

            context.set_offline(True)
            page.close()
            page = context.new_page()  # from the home screen: a page opened anew
            page.goto(address)
            shown = waited(page, "window.scorekeeperShown ?? null")
            ready = waited(page, "window.scorekeeperReady ?? window.scorekeeperFailed ?? null")
            print(f"offline start: standing on screen at {shown:.0f} ms (at most 500)")
            print(f"offline start: entry ready at {ready:.0f} ms (at most 3000)")
            marks = page.evaluate(
                "Object.fromEntries(performance.getEntriesByType('mark')"
                ".map(m => [m.name, Math.round(m.startTime)]))"
            )
            print(
                "  of which: Pyodide loaded at {pyodide} ms, the app's modules imported at "
                "{imported} ms, the matches read at {opened} ms".format(**marks)
            )

            page.locator("form.hand fieldset.question label.choice", has_text="knock").first.click()
            page.locator("form.hand fieldset[data-field=who] label.choice", has_text="Ann").click()
            page.fill("form.hand input[name=kd]", "10")
            page.fill("form.hand input[name=od]", "11")
            page.wait_for_selector("form.hand button.record:not([disabled])")
            page.locator("form.hand button.record").click()
            recorded = waited(page, "window.scorekeeperRecorded ?? null")
            hand = args.hands + 1
            print(f"hand {hand} recorded until on the sheet: {recorded:.0f} ms (at most 150)")
            browser.close()
        serving.shutdown()
        serving.server_close()


if __name__ == "__main__":
    main()
