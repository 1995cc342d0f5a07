"""``scorekeeper app``: the site it writes (what it holds, its cache list, its addresses), its
refusal without Pyodide, the Python the browser runs (this package's own, with no click, tinydb
or store), and that Python's answers to the app's script, checked against the rules worked out
by hand and against the command line (``export`` and ``import`` both ways).
"""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import invoke, ok, refused

from scorekeeper.app import main
from scorekeeper.app.site import CORE, PYODIDE
from scorekeeper.i18n import set_language


@pytest.fixture
def fake_pyodide(tmp_path: Path) -> Path:
    """A folder laid out as the npm package of the pinned Pyodide (its files' contents made
    up: the site only copies them)."""
    folder = tmp_path / "pyodide-package"
    folder.mkdir()
    for name in CORE:
        (folder / name).write_text(f"the {name} of Pyodide")
    (folder / "package.json").write_text(json.dumps({"name": "pyodide", "version": PYODIDE}))
    return folder


@pytest.fixture
def phone() -> Iterator[None]:
    """The app's Python with no match, speaking English again after the test."""
    asked({"do": "open", "matches": []})
    yield
    set_language("en")


def asked(request: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(main.answer(json.dumps({"lang": "en", **request})))
    return found


def site_files(site: Path) -> set[str]:
    return {path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file()}


# The command


def test_without_pyodide_the_app_is_refused_naming_the_command_that_gets_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # no .ci/node_modules, no node_modules here
    monkeypatch.delenv("SCOREKEEPER_PYODIDE", raising=False)
    text = refused(invoke(None, "app", "site"), 2, f"npm install pyodide@{PYODIDE}")
    assert ".ci/node_modules/pyodide, node_modules/pyodide" in text
    assert not (tmp_path / "site").exists()


def test_a_pyodide_of_another_release_is_refused(
    tmp_path: Path, fake_pyodide: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (fake_pyodide / "package.json").write_text('{"version": "0.27.0"}')
    result = invoke(None, "app", tmp_path / "site", "--pyodide", fake_pyodide)
    refused(result, 2, "holds Pyodide 0.27.0", f"'npm install pyodide@{PYODIDE}'")
    assert not (tmp_path / "site").exists()


def test_the_site_holds_the_shell_pyodide_and_the_python_and_caches_every_file(
    tmp_path: Path, fake_pyodide: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCOREKEEPER_PYODIDE", str(fake_pyodide))
    site = tmp_path / "site"
    said = ok(invoke(None, "app", site))
    assert said.startswith(f"The app is in {site}: 16 files, ")
    files = site_files(site)
    assert files == {
        "index.html",
        "app.js",
        "app.css",
        "sheet.css",
        "questions.js",
        "icon.svg",
        "icon-192.png",
        "icon-512.png",
        "manifest.webmanifest",
        "sw.js",
        "scorekeeper.zip",
        *(f"pyodide/{name}" for name in CORE),
    }
    assert (site / "pyodide/pyodide.asm.wasm").read_text() == "the pyodide.asm.wasm of Pyodide"
    # The page names its build: Python's memory, kept by a phone to start faster, is of one.
    page = (site / "index.html").read_text()
    assert re.search(r'<html lang="en" data-build="[0-9a-f]{16}">', page)
    # The service worker keeps every file the app fetches (itself aside), and the folder.
    worker = (site / "sw.js").read_text()
    cached = json.loads(re.search(r"const FILES = (\[.*?\]);", worker, re.DOTALL)[1])  # type: ignore[index]
    assert set(cached) == (files - {"sw.js"}) | {"./"}


def test_every_address_of_the_site_is_relative_and_it_contacts_no_other_origin(
    tmp_path: Path, fake_pyodide: Path
) -> None:
    site = tmp_path / "site"
    ok(invoke(None, "app", site, "--pyodide", fake_pyodide))
    page = (site / "index.html").read_text()
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)[1]  # type: ignore[index]
    assert "default-src 'self'" in csp
    assert "script-src 'self' 'wasm-unsafe-eval';" in csp
    addresses = re.findall(r'(?:href|src)="([^"]+)"', page)
    assert addresses and all(not re.match(r"/|\w+:", a) for a in addresses), addresses
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert all(not icon["src"].startswith("/") for icon in manifest["icons"])
    script = (site / "app.js").read_text()
    assert "http" not in re.sub(r"//.*", "", script)  # no address of another origin


def test_a_new_build_is_a_new_cache_and_the_same_build_the_same(
    tmp_path: Path, fake_pyodide: Path
) -> None:
    def cache(site: Path) -> str:
        return re.search(r'const CACHE = "([^"]+)"', (site / "sw.js").read_text())[1]  # type: ignore[index]

    ok(invoke(None, "app", tmp_path / "a", "--pyodide", fake_pyodide))
    ok(invoke(None, "app", tmp_path / "b", "--pyodide", fake_pyodide))
    assert cache(tmp_path / "a") == cache(tmp_path / "b")
    (fake_pyodide / "python_stdlib.zip").write_text("another standard library")
    ok(invoke(None, "app", tmp_path / "c", "--pyodide", fake_pyodide))
    assert cache(tmp_path / "c") != cache(tmp_path / "a")


def test_the_python_it_packs_runs_on_its_own_without_click_tinydb_or_the_store(
    tmp_path: Path, fake_pyodide: Path
) -> None:
    site = tmp_path / "site"
    ok(invoke(None, "app", site, "--pyodide", fake_pyodide))
    with zipfile.ZipFile(site / "scorekeeper.zip") as packed:
        names = packed.namelist()
        packed.extractall(tmp_path / "unpacked")
    assert "scorekeeper/locale/de/LC_MESSAGES/scorekeeper.mo" in names
    assert not [n for n in names if re.match(r"scorekeeper/(store|commands|cli)", n)]
    # Only the unpacked zip and the standard library: no site-packages (-S), as in the browser.
    program = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(tmp_path / 'unpacked')!r})\n"
        "from scorekeeper.app.main import answer\n"
        "ask = lambda **r: json.loads(answer(json.dumps(r)))\n"
        "ask(do='new', players=['Ann', 'Ben'], dealer='Ann', lang='de')\n"
        "print(ask(do='hand', match=1, hand=1, kind='knock', who='Ann', kd=4, od=27,"
        " lang='de')['lines'][0])\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'click', 'tinydb', 'starlette'}),"
        " 'scorekeeper.store' in sys.modules)\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER")}
    ran = subprocess.run(
        [sys.executable, "-S", "-c", program],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=True,
    )
    assert ran.stdout.splitlines() == [
        "Runde 1: Ann klopft mit 4 gegen 27 -> Ann +23 in Spiel 1",
        "[] False",
    ]


# The app's Python

#: Three hands of plain Gin Rummy (--preset gin: one game to 100; gin bonus 25, box bonus 25,
#: game bonus 100), worked out from the rules: 1 Ann knocks 4 v 27: +23; 2 Ben gin v 18:
#: 18 + 25 = +43; 3 Ann gin v 60: 60 + 25 = +85, Ann 108 ends the game. Settlement: Ann 108
#: points, 2 boxes (50), game bonus 100 = 258; Ben 43, 1 box (25) = 68 (not shut out); net 190.
HANDS = [
    {"kind": "knock", "who": "Ann", "kd": "4", "od": "27"},
    {"kind": "gin", "who": "Ben", "od": "18"},
    {"kind": "gin", "who": "Ann", "od": "60"},
]


def play(hands: list[dict[str, str]], first: int = 1, match: int = 1) -> list[dict[str, Any]]:
    return [
        asked({"do": "hand", "match": match, "hand": number, **hand})
        for number, hand in enumerate(hands, first)
    ]


@pytest.mark.usefixtures("phone")
def test_a_match_played_on_the_phone_is_the_rules_and_the_command_lines(tmp_path: Path) -> None:
    started = asked({"do": "new", "players": ["Ann", "Ben"], "preset": "gin", "dealer": "Ann"})
    assert started["kept"]["title"] == "Match 1: Ann v Ben"
    preview = asked({"do": "hand", "match": 1, "hand": 1, "preview": True, **HANDS[0]})
    assert preview["lines"][0] == "Hand 1: Ann knocks 4 v 27 -> Ann +23 in Game 1"
    assert "kept" not in preview  # a preview stores nothing
    answers = play(HANDS)
    assert [a["lines"][0] for a in answers] == [
        "Hand 1: Ann knocks 4 v 27 -> Ann +23 in Game 1",
        "Hand 2: Ben goes gin v 18 -> Ben +43 in Game 1",
        "Hand 3: Ann goes gin v 60 -> Ann +85 in Game 1",
    ]
    assert answers[-1]["live"]["finished"]
    # Over, its rules cannot change (the settlement is what was paid): no form offers it.
    assert "Change the rules" in answers[-2]["live"]["tools"]
    assert "Change the rules" not in answers[-1]["live"]["tools"]
    # The facts the phone keeps are an export the command line imports, and goes on with.
    (tmp_path / "phone.json").write_text(answers[-1]["kept"]["facts"])
    store = tmp_path / "store"
    ok(invoke(store, "import", tmp_path / "phone.json"))
    shown = json.loads(ok(invoke(store, "show", "--json")))
    assert shown["winner"] == "Ann"
    assert shown["net"] == {"Ann": 190, "Ben": -190}
    assert shown["games"][0]["settlement"]["Ann"]["total"] == 258
    assert shown["games"][0]["settlement"]["Ben"]["total"] == 68
    assert [r["points"] for r in shown["rounds"]] == [23, 43, 85]
    # The phone's files are the command line's, byte for byte.
    for form in ("json", "csv"):
        on_phone = asked({"do": "export", "match": 1, "format": form})["text"]
        ok(invoke(store, "export", "--format", form, "-o", tmp_path / f"cli.{form}"))
        assert (tmp_path / f"cli.{form}").read_bytes() == on_phone.encode("utf-8")


@pytest.mark.usefixtures("phone")
def test_a_match_from_the_command_line_goes_on_on_the_phone_hand_numbers_and_all(
    tmp_path: Path,
) -> None:
    store = tmp_path / "store"
    ok(invoke(store, "new", "Ann", "Ben", "--preset", "gin", "--dealer", "Ann"))
    ok(invoke(store, "knock", "Ann", "4", "27"))
    ok(invoke(store, "gin", "Ben", "18"))
    ok(invoke(store, "export", "--format", "json", "-o", tmp_path / "cli.json"))
    text = (tmp_path / "cli.json").read_text()
    imported = asked({"do": "import", "text": text, "name": "cli.json"})
    assert imported["lines"] == ["Imported cli.json as match 1: Ann v Ben, 2 hands."]
    assert 'data-hand="3"' in imported["live"]["entry"]
    last = play(HANDS[2:], first=3)[0]
    assert last["lines"][0] == "Hand 3: Ann goes gin v 60 -> Ann +85 in Game 1"
    # ... and back: the command line brings its copy up to date from the phone's.
    (tmp_path / "phone.json").write_text(last["kept"]["facts"])
    said = ok(invoke(store, "import", tmp_path / "phone.json"))
    assert "up to date" in said
    shown = json.loads(ok(invoke(store, "show", "--json")))
    assert shown["net"] == {"Ann": 190, "Ben": -190}


@pytest.mark.usefixtures("phone")
def test_a_file_is_imported_with_the_rules_of_import() -> None:
    first = asked({"do": "new", "players": ["Ann", "Ben"], "dealer": "Ann"})
    earlier = first["kept"]["facts"]
    later = play(HANDS[:1])[0]["kept"]["facts"]
    # The same state, or an earlier one: nothing changes.
    assert asked({"do": "import", "text": later, "name": "x.json"})["relation"] == "same"
    assert asked({"do": "import", "text": earlier, "name": "x.json"})["relation"] == "ahead"
    # A later state brings the phone's copy up to date.
    asked({"do": "open", "matches": [{"id": 1, "facts": earlier}]})
    brought = asked({"do": "import", "text": later, "name": "x.json"})
    assert brought["lines"] == ["Brought match 1 (Ann v Ben) up to date from x.json: 1 hand now."]
    # A copy that went its own way: both sheets shown, nothing changed until one is chosen.
    play([{"kind": "wall"}], first=2)
    mine = asked({"do": "export", "match": 1})["text"]
    asked({"do": "open", "matches": [{"id": 1, "facts": later}]})
    theirs = play([{"kind": "knock", "who": "Ben", "kd": "2", "od": "30"}], first=2)[0]
    theirs_facts = theirs["kept"]["facts"]
    asked({"do": "open", "matches": [{"id": 1, "facts": mine}]})
    apart = asked({"do": "import", "text": theirs_facts, "name": "x.json"})
    assert apart["relation"] == "apart" and not apart["recorded"]
    assert "Ben +28" in apart["found"] and "Ben +28" not in apart["held"]
    # Each copy says whose it is, and shows its standing (Ben's 28 only in the file's).
    assert apart["held"].startswith('<h3 class="copy">This phone&#x27;s copy</h3>')
    assert apart["found"].startswith('<h3 class="copy">The file&#x27;s copy</h3>')
    standing = re.compile(r'<table class="standing".*?</table>', re.S)
    assert '<span class="points">28</span>' in standing.findall(apart["found"])[0]
    assert '<span class="points">28</span>' not in standing.findall(apart["held"])[0]
    assert "Match 1: Ann v Ben" in apart["found"]  # drawn as the phone's match, not match 0
    both = asked({"do": "import", "text": theirs_facts, "name": "x.json", "keep": "both"})
    assert both["kept"]["id"] == 2 and both["kept"]["uuid"] != json.loads(mine)["uuid"]
    assert [m["id"] for m in [both["kept"]]] == [2]
    listed = asked({"do": "matches"})["html"]
    assert "Match 2: Ann v Ben" in listed and "Match 1: Ann v Ben" in listed
    # Or the file's copy kept instead of the phone's: its hand 2 is Ben's knock.
    asked({"do": "open", "matches": [{"id": 1, "facts": mine}]})
    theirs_kept = asked({"do": "import", "text": theirs_facts, "name": "x.json", "keep": "theirs"})
    assert theirs_kept["kept"]["id"] == 1
    assert "Ben +28" in theirs_kept["live"]["hands"]
    assert "Match 2" not in asked({"do": "matches"})["html"]  # the refusals started none


@pytest.mark.usefixtures("phone")
def test_a_refused_hand_leaves_the_match_as_it_was() -> None:
    asked({"do": "new", "players": ["Ann", "Ben"], "dealer": "Ann"})
    before = asked({"do": "export", "match": 1})["text"]
    wrong = asked(
        {"do": "hand", "match": 1, "hand": 1, "kind": "knock", "who": "Ann", "kd": "11", "od": "30"}
    )
    assert wrong == {
        "ok": False,
        "error": "Error: Nobody can knock with 11 deadwood: the knock limit is 10.",
    }
    stale = asked({"do": "hand", "match": 1, "hand": 5, **HANDS[0]})
    assert stale["ok"] is False and "Hand 5 is no longer the next hand" in stale["error"]
    assert asked({"do": "export", "match": 1})["text"] == before


@pytest.mark.usefixtures("phone")
def test_corrections_and_rules_are_those_of_amend() -> None:
    asked({"do": "new", "players": ["Ann", "Ben"], "dealer": "Ann"})
    play(HANDS[:2])
    correction = {"do": "amend", "match": 1, "number": 1, "kind": "knock", "who": "Ann"}
    # The form's preview says what the correction would do, and stores nothing.
    preview = asked({**correction, "kd": "2", "od": "27", "preview": True})
    assert preview["lines"][1] == "     by Hand 1: Ann knocks 2 v 27 -> Ann +25 in Game 1"
    assert '<th>Ann</th><td class="figure">25</td>' in preview["html"] and "kept" not in preview
    assert "Ann +23" in asked({"do": "live", "match": 1})["hands"]
    unchanged = asked({**correction, "kd": "4", "od": "27", "preview": True})
    assert unchanged["error"].startswith("Hand 1 is already as given")
    amended = asked({**correction, "kd": "2", "od": "27"})
    # 27 - 2 = 25 in Game 1 now
    assert amended["lines"] == [
        "Replaced Hand 1: Ann knocks 4 v 27 -> Ann +23 in Game 1",
        "     by Hand 1: Ann knocks 2 v 27 -> Ann +25 in Game 1",
    ]
    changed = asked({"do": "rules", "match": 1, "options": {"gin_bonus": "20"}})
    assert changed["lines"] == ["Rules of match 1 changed: Gin bonus: 20 (was 25)."]
    # The form to change them again shows the rules in force in the fields left empty, at
    # once when it is unfolded (not folded a second time).
    tools = changed["live"]["tools"]
    assert '<summary>Change the rules</summary><form id="rules"><label' in tools
    assert (
        'name="gin_bonus" type="number" inputmode="numeric" min="0" max="1000" placeholder="20"'
        in tools
    )
    assert '<select name="tie"><option value="">undercut</option>' in tools
    assert '<select name="last_game_double"><option value="">no</option>' in tools
    assert 'name="spades_double"' not in tools  # Oklahoma's own: not of this match
    for typed in ("abc", "-5", "5"):  # each said with the target's own range
        wrong = asked({"do": "rules", "match": 1, "options": {"target": typed}})
        assert wrong["error"] == f"Error: --target is from 10 to 1000, not {typed}."
    same = asked({"do": "rules", "match": 1, "options": {"gin_bonus": "20"}})
    assert same["error"] == "Match 1 is played by those rules already; nothing was changed."


@pytest.mark.usefixtures("phone")
def test_the_app_speaks_the_language_asked_for() -> None:
    asked({"do": "new", "players": ["Ann", "Ben"], "dealer": "Ann"})
    german = asked({"do": "words", "lang": "de"})
    assert german["words"]["new"] == "Neue Partie"
    assert german["languages"] == {"en": "English", "de": "Deutsch", "nl": "Nederlands"}
    dutch = asked({"do": "hand", "match": 1, "hand": 1, "lang": "nl", **HANDS[0]})
    assert dutch["lines"][0].startswith("Hand 1: Ann klopt met 4 tegen 27")


@pytest.mark.usefixtures("phone")
def test_stats_and_head_to_head_over_the_finished_matches_held() -> None:
    asked({"do": "new", "players": ["Ann", "Ben"], "preset": "gin", "dealer": "Ann"})
    assert "No finished match yet." in asked({"do": "matches"})["html"]
    play(HANDS)  # Ann wins the one game: 2 hands to 1, net +190 (see HANDS)
    asked({"do": "new", "players": ["ann", "Cid"], "dealer": "ann"})  # not finished: not counted
    shown = asked({"do": "matches"})["html"]
    rows = [
        [re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<t[hd][^>]*>.*?</t[hd]>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", shown)
    ]
    assert rows == [
        ["Player", "Net", "Played", "Won", "Drawn", "Lost", "Games", "Hands"],
        ["Ann", "+190", "1", "1", "0", "0", "1", "2"],
        ["Ben", "-190", "1", "0", "0", "1", "0", "1"],
        ["Against", "Net", "Played", "Won", "Drawn", "Lost", "Games", "Hands"],
        ["Ann against Ben", "+190", "1", "1", "0", "0", "1", "2"],
        ["Ben against Ann", "-190", "1", "0", "0", "1", "0", "1"],
    ]


def test_serve_serves_the_site_on_this_machine_with_each_file_s_type(
    tmp_path: Path, fake_pyodide: Path
) -> None:
    import signal
    import urllib.request

    site = tmp_path / "site"
    command = [sys.executable, "-m", "scorekeeper", "app", str(site), "--serve", "--port", "0"]
    env = {
        **os.environ,
        "SCOREKEEPER_PYODIDE": str(fake_pyodide),
        "SCOREKEEPER_LANG": "en",
        "COLUMNS": "500",  # the folder's long name on one line
    }
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert server.stdout is not None
        assert server.stdout.readline().startswith(f"The app is in {site}: 16 files")
        serving = server.stdout.readline()
        found = re.match(
            r"Serving the app at (http://127\.0\.0\.1:\d+/) \(Ctrl-C stops\)\.", serving
        )
        assert found, serving
        types = {}
        for name in (
            "",
            "app.js",
            "pyodide/pyodide.mjs",
            "pyodide/pyodide.asm.wasm",
            "sw.js",
            "manifest.webmanifest",
            "scorekeeper.zip",
        ):
            with urllib.request.urlopen(found[1] + name) as response:
                types[name] = response.headers["Content-Type"]
        assert types == {
            "": "text/html",
            "app.js": "text/javascript",
            "pyodide/pyodide.mjs": "text/javascript",
            "pyodide/pyodide.asm.wasm": "application/wasm",
            "sw.js": "text/javascript",
            "manifest.webmanifest": "application/manifest+json",
            "scorekeeper.zip": "application/zip",
        }
    finally:
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=15) == 0


def test_a_site_that_cannot_be_written_is_refused_without_a_traceback(
    tmp_path: Path, fake_pyodide: Path
) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    result = invoke(None, "app", tmp_path / "a-file" / "site", "--pyodide", fake_pyodide)
    refused(
        result, 1, f"Cannot write the app into {tmp_path / 'a-file' / 'site'}: Not a directory."
    )
    refused(invoke(None, "app", tmp_path / "a-file", "--pyodide", fake_pyodide), 2, "a file")


def test_each_start_draws_its_random_choices_afresh() -> None:
    # A start may restore Python's memory as the first start kept it, random state and all:
    # who deals first would then be chosen alike at every start.
    import random

    random.seed(7)
    kept = random.getstate()
    asked({"do": "open", "matches": []})
    assert random.getstate() != kept


@pytest.mark.usefixtures("phone")
def test_a_correction_in_partnership_gin_names_the_partners() -> None:
    asked({"do": "new", "players": ["Ann & Bob", "Cid & Dee"], "teams": True, "dealer": "Ann"})
    first = asked({"do": "hand", "match": 1, "hand": 1, **HANDS[0]})
    assert first["lines"][0] == "Deal 1, Ann v Cid: Ann knocks 4 v 27 -> Ann +23"
    # Hand 1 asked again as it was asked: both tables were still to report, so any of the
    # four may have knocked, and a wall asks its table, no knocker and no counts.
    form = re.search(r"<form id=\"amend\".*?data-asks='([^']*)'", first["live"]["tools"])
    assert form is not None
    asks = json.loads(html.unescape(form[1]))
    who = next(q for q in asks["endings"]["knock"] if q["field"] == "who")
    assert [value for value, _said in who["choices"]] == ["Ann", "Cid", "Bob", "Dee"]  # by table
    assert [q["field"] for q in asks["endings"]["wall"]] == ["table"]
    again = asked({"do": "correction", "match": 1, "number": 1})
    assert f'<div class="correcting">{again["html"]}</div>' in first["live"]["tools"]


@pytest.mark.usefixtures("phone")
def test_a_new_match_takes_every_yes_or_no_option_of_new() -> None:
    form = asked({"do": "new_form"})["html"]
    for name in ("last_game_double", "ace_knocks_one", "spades_double", "dealer_sits_out"):
        assert f'<select name="{name}">' in form
    # Oklahoma and Straight Gin are their presets; no field makes them.
    assert 'name="oklahoma"' not in form and 'name="straight"' not in form
    doubled = asked(
        {"do": "new", "players": ["Ann", "Ben"], "options": {"last_game_double": "true"}}
    )
    assert json.loads(doubled["kept"]["facts"])["rules"]["last_game_double"] is True
    # The dealer sits out: the third named deals the first hand to the first two.
    three = {"players": ["Ann", "Ben", "Cid"], "preset": "three-handed"}
    sitting = asked({"do": "new", **three, "options": {"dealer_sits_out": "true"}})
    assert "Ann v Ben, Cid dealt; Cid sits out." in sitting["live"]["entry"]


@pytest.mark.usefixtures("phone")
def test_who_deals_first_is_named_as_new_takes_it_and_too_few_players_are_refused() -> None:
    def refusal(players: list[str], dealer: str) -> str:
        return str(asked({"do": "new", "players": players, "dealer": dealer})["error"])

    # A beginning that leaves no doubt, case aside, names the dealer (it was chosen at random).
    started = asked({"do": "new", "players": ["Ann", "Bob"], "dealer": "b"})
    assert "Ann v Bob, Bob dealt." in started["live"]["entry"]
    assert refusal(["Ann", "Bob"], "Zed") == (
        "Error: 'Zed' is not one of the players: name Ann or Bob."
    )
    assert refusal(["Ann", "Anna"], "an") == "Error: 'an' could be Ann or Anna; type more of it."
    for players in (["Ann", " "], ["Ann", "Bob", "Cid", "Dee"]):
        assert refusal(players, "") == (
            "Error: Name the players: two, three for Three-handed Gin, or two teams (Ann & Bob)."
        )
    assert started["kept"]["id"] == 1
    assert "Match 2" not in asked({"do": "matches"})["html"]  # the refusals started none
