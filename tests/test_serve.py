"""``scorekeeper serve``: the page's rules through Starlette's test client (who gets in, what a
write needs, that a write is the command line's own change with its own refusals, the
language), and then the real thing: a real server process, phones as headless chromium pages
at 360 pixels, a terminal recording beside them.

Nothing here sends a byte to any address but this machine's loopback.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import LANGUAGES, Run, fits, invoke, ok, read_only, snapshot
from starlette.testclient import TestClient

from scorekeeper.store import Store
from scorekeeper.web.app import Table, create_app
from scorekeeper.web.keys import Keys
from scorekeeper.web.redraw import applied

pytestmark = pytest.mark.disk

CODE, TOKEN, HOST = "join-code", "page-token", "testserver"
ORIGIN = f"http://{HOST}"
WRITE = {"origin": ORIGIN, "x-scorekeeper-token": TOKEN, "sec-fetch-site": "same-origin"}


def client(store: Path, **options: Any) -> TestClient:
    """A phone that has joined (its cookie set by the join code) the table served from
    ``store``."""
    table = Table(
        root=str(store), given=None, hosts=frozenset({HOST}), code=CODE, token=TOKEN, **options
    )
    phone = TestClient(create_app(table), base_url=ORIGIN)
    assert phone.get(f"/?code={CODE}").status_code == 200
    return phone


def stranger(store: Path) -> TestClient:
    """Someone on the network who has not got the join code."""
    table = Table(root=str(store), given=None, hosts=frozenset({HOST}), code=CODE, token=TOKEN)
    return TestClient(create_app(table), base_url=ORIGIN)


@pytest.fixture
def hollywood(store_dir: Path, run: Run) -> Path:
    """A Hollywood match two hands in: Ann 23 in Game 1, Ben 43 in Game 1."""
    ok(run("new", "Ann", "Ben", "--dealer", "ben"))
    ok(run("knock", "ann", "4", "27"))
    ok(run("gin", "ben", "18"))
    return store_dir


def knock(hand: int, who: str = "Ann", kd: str = "3", od: str = "20", **more: Any) -> Any:
    return {"match": 1, "hand": hand, "kind": "knock", "who": who, "kd": kd, "od": od, **more}


def hands(store: Path) -> list[dict[str, Any]]:
    return list(json.loads(ok(invoke(store, "show", "--json")))["rounds"])


# Who gets in


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/live",
        "/next.json",
        "/events",
        "/static/questions.js",
        "/static/page.js",
        "/manifest.webmanifest",
        "/static/icon-192.png",
        "/nothing",
    ],
)
def test_without_the_join_code_or_its_cookie_nothing_is_shown(hollywood: Path, path: str) -> None:
    found = stranger(hollywood).get(path)
    assert found.status_code == 403
    assert "Ann" not in found.text and "join code" in found.text


def test_a_wrong_code_is_refused(hollywood: Path) -> None:
    assert stranger(hollywood).get("/?code=join-cod").status_code == 403


def test_the_join_code_leaves_a_cookie_that_lets_the_phone_in(hollywood: Path) -> None:
    phone = stranger(hollywood)
    joined = phone.get(f"/?code={CODE}")
    assert joined.status_code == 200 and "Ann" in joined.text
    cookie = joined.headers["set-cookie"]
    assert cookie.startswith(f"scorekeeper={Keys(CODE, TOKEN).cookie};")
    assert "HttpOnly" in cookie and "samesite=strict" in cookie.lower()
    assert phone.get("/live").status_code == 200  # the cookie, no code
    assert phone.get("/").status_code == 200


def test_a_host_the_server_does_not_listen_on_is_refused(hollywood: Path) -> None:
    """A site's own name pointed at this machine (DNS rebinding) gets nothing."""
    phone = client(hollywood)
    assert phone.get("/live", headers={"host": "evil.example"}).status_code == 403


def test_every_answer_forbids_loading_anything_from_elsewhere(hollywood: Path) -> None:
    phone = client(hollywood)
    for path in ("/", "/live", "/static/sheet.css"):
        headers = phone.get(path).headers
        assert "default-src 'self'" in headers["content-security-policy"]
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
    assert stranger(hollywood).get("/").headers["x-frame-options"] == "DENY"


def test_the_page_loads_only_its_own_stylesheet_and_script(hollywood: Path) -> None:
    phone = client(hollywood)
    page = phone.get("/").text
    assert re.findall(r'(?:src|href)="([^"?]+)', page) == [
        "/static/icon.svg",
        "/static/icon-192.png",
        "/manifest.webmanifest",
        "/static/sheet.css",
        "/static/questions.js",
        "/static/page.js",
        *["/" for _language in LANGUAGES],  # the language links (/?lang=de)
    ]
    assert "http://" not in page and "https://" not in page
    assert phone.get("/static/page.js").headers["content-type"].startswith("text/javascript")
    assert phone.get("/static/sheet.css").headers["content-type"].startswith("text/css")
    for elsewhere in ("/static/../app.py", "/static/app.py", "/matches/1", "/static/"):
        assert phone.get(elsewhere).status_code == 404


# What a write needs


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"origin": ORIGIN, "sec-fetch-site": "same-origin"},
        {**WRITE, "x-scorekeeper-token": "guessed"},
        {**WRITE, "origin": "http://evil.example"},
        {**WRITE, "origin": ""},
        {**WRITE, "sec-fetch-site": "cross-site"},
    ],
    ids=["nothing", "no token", "wrong token", "another origin", "no origin", "cross-site"],
)
def test_a_write_without_the_token_or_from_another_origin_stores_nothing(
    hollywood: Path, headers: dict[str, str]
) -> None:
    phone = client(hollywood)
    before = snapshot(hollywood)
    for path, asked in (("/hand", knock(3)), ("/undo", {"match": 1, "hand": 2})):
        found = phone.post(path, json=asked, headers=headers)
        assert found.status_code == 403
    assert snapshot(hollywood) == before


def test_a_write_without_the_cookie_stores_nothing(hollywood: Path) -> None:
    before = snapshot(hollywood)
    assert stranger(hollywood).post("/hand", json=knock(3), headers=WRITE).status_code == 403
    assert snapshot(hollywood) == before


def test_only_a_post_writes(hollywood: Path) -> None:
    phone = client(hollywood)
    before = snapshot(hollywood)
    assert phone.get("/hand", params=knock(3)).status_code == 405
    assert phone.put("/hand", json=knock(3), headers=WRITE).status_code == 403
    assert snapshot(hollywood) == before


@pytest.mark.parametrize(
    "body",
    [
        b"[" * 1000 + b"]" * 1000,  # 2 KB, nested deeper than Python reads
        b'{"a":' * 1000 + b"1" + b"}" * 1000,
        b"\xff\xfe not text",
        b"[1, 2, 3]",
        b'"a string"',
        b"{",
        b"",
    ],
)
def test_a_bad_body_of_any_kind_gets_a_4xx_with_a_message(hollywood: Path, body: bytes) -> None:
    before = snapshot(hollywood)
    phone = client(hollywood)
    for path in ("/hand", "/undo"):
        found = phone.post(
            path, content=body, headers={**WRITE, "content-type": "application/json"}
        )
        assert 400 <= found.status_code < 500, (path, found.status_code)
        assert found.text.strip()
    assert snapshot(hollywood) == before


def test_a_read_only_page_enters_nothing(hollywood: Path) -> None:
    phone = client(hollywood, read_only=True)
    assert "<form" not in phone.get("/").text.split("<main>")[1]
    before = snapshot(hollywood)
    for path, asked in (("/hand", knock(3)), ("/undo", {"match": 1, "hand": 2})):
        found = phone.post(path, json=asked, headers=WRITE)
        assert found.status_code == 403 and "--read-only" in found.json()["error"]
    assert snapshot(hollywood) == before


# A write is the command line's own change


def test_a_hand_from_the_page_is_recorded_and_reported_as_knock_does_it(
    hollywood: Path, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    for args in (("new", "Ann", "Ben", "--dealer", "ben"), ("knock", "ann", "4", "27")):
        ok(invoke(elsewhere, *args))
    ok(invoke(elsewhere, "gin", "ben", "18"))
    said = ok(invoke(elsewhere, "knock", "ben", "6", "5", env={"COLUMNS": None}))
    found = client(hollywood).post("/hand", json=knock(3, "Ben", "6", "5"), headers=WRITE)
    assert found.status_code == 200
    assert found.json()["lines"] == said.splitlines()
    assert found.json()["lines"][0] == (
        "Hand 3: Ben knocks 6 v 5, undercut by Ann -> Ann +26 in Games 1, 2"
    )
    assert hands(hollywood) == hands(elsewhere)
    assert "Ann +26" in ok(invoke(hollywood, "log"))


def test_the_preview_is_what_knock_dry_run_says_and_stores_nothing(hollywood: Path) -> None:
    dry = ok(invoke(hollywood, "knock", "ben", "6", "5", "--dry-run", env={"COLUMNS": None}))
    before = snapshot(hollywood)
    found = client(hollywood).post(
        "/hand", json={**knock(3, "Ben", "6", "5"), "preview": True}, headers=WRITE
    )
    assert found.status_code == 200 and found.json()["recorded"] is False
    assert "live" not in found.json()  # a preview redraws nothing: it does not send the sheet
    assert found.json()["lines"] == dry.splitlines()[1:]  # less the line saying it is a dry run
    assert snapshot(hollywood) == before


def test_the_preview_is_laid_out_for_the_page(hollywood: Path) -> None:
    """Paragraphs for what is said, a table for the standing the hand would leave."""
    found = client(hollywood).post(
        "/hand", json={**knock(3, "Ben", "6", "5"), "preview": True}, headers=WRITE
    )
    html = found.json()["html"]
    # Ben knocks 6 against Ann's 5: Ann undercuts, 1 + 25. Her second win counts in Games 1
    # and 2: Game 1 23 + 26 = 49, Game 2 26; Ben keeps his 43 in Game 1.
    said = re.sub(r"<[^>]+>", "", html.split("<table")[0])
    assert said.startswith("Hand 3: Ben knocks 6 v 5, undercut by Ann -&gt; Ann +26")
    heads = re.findall(r"<th>(Game \d)</th>", html)
    rows = re.findall(r"<tr><th>(\w+)</th>((?:<td[^>]*>\d+\*?</td>)+)</tr>", html)
    figures = {name: re.findall(r">(\d+\*?)<", cells) for name, cells in rows}
    assert heads == ["Game 1", "Game 2", "Game 3"]
    assert figures == {"Ann": ["49", "26", "0"], "Ben": ["43", "0", "0"]}
    assert "<pre" not in html and "  " not in html  # no terminal layout


@pytest.mark.parametrize(
    "asked, command",
    [
        (knock(3, "Ann", "12", "30"), ["knock", "ann", "12", "30"]),
        (knock(3, "Ann", "x", "30"), None),
        (knock(3, "Zed"), ["knock", "Zed", "3", "20"]),
        (
            {"match": 1, "hand": 3, "kind": "gin", "who": "Ben", "od": "99"},
            ["gin", "ben", "99"],
        ),
    ],
    ids=["over the knock limit", "not a number", "not a player", "impossible deadwood"],
)
def test_a_refused_hand_says_what_the_command_line_says_and_stores_nothing(
    hollywood: Path, asked: dict[str, Any], command: list[str] | None
) -> None:
    before = snapshot(hollywood)
    found = client(hollywood).post("/hand", json=asked, headers=WRITE)
    assert found.status_code == 400 and found.json()["ok"] is False
    said = found.json()["error"]
    assert said.startswith("Error: ")
    if command is not None:
        refusal = invoke(hollywood, *command, env={"COLUMNS": None})
        assert refusal.exit_code == 2
        assert said.removeprefix("Error: ") in refusal.stderr
    assert snapshot(hollywood) == before
    assert "Hand 3 of match 1" in found.json()["live"]["entry"]  # the questions stay


def test_a_refusal_on_the_page_gives_no_advice_about_what_to_type(hollywood: Path) -> None:
    # The command line adds what to type instead (the counts the other way round); the page
    # has its own fields, so it says only what is wrong.
    found = client(hollywood).post("/hand", json=knock(3, "Ann", "12", "3"), headers=WRITE)
    assert found.status_code == 400
    assert (
        found.json()["error"] == "Error: Nobody can knock with 12 deadwood: the knock limit is 10."
    )
    typed = invoke(hollywood, "knock", "ann", "12", "3", env={"COLUMNS": None})
    assert "did you mean 3 12?" in typed.stderr


def test_a_wall_the_page_sends_without_its_table_is_refused(store_dir: Path, run: Run) -> None:
    ok(run("new", "--teams", "Ann & Bob", "Cid & Dee", "--preset", "partnership"))
    before = snapshot(store_dir)
    found = client(store_dir).post(
        "/hand", json={"match": 1, "hand": 1, "kind": "wall"}, headers=WRITE
    )
    assert found.status_code == 400
    assert found.json()["error"] == "Error: In Partnership Gin a wall names a player at its table."
    assert snapshot(store_dir) == before


def test_a_hand_after_the_end_of_the_match_is_refused(store_dir: Path, run: Run) -> None:
    ok(run("new", "Ann", "Ben", "--dealer", "ann", "--target", "10", "--end-after-first-game"))
    ok(run("knock", "ann", "2", "30"))
    phone = client(store_dir)
    live = phone.get("/live").json()
    assert "form" not in live["entry"] and "Undo the last hand" in live["entry"]
    assert '<p class="result">MATCH OVER: Ann wins on column points, 28 to 0</p>' in live["sheet"]
    before = snapshot(store_dir)
    found = phone.post("/hand", json=knock(2), headers=WRITE)
    assert found.status_code == 409  # the command line's refusal, less what to type
    assert found.json()["error"] == "Error: Match 1 is over, so no hand can be added."
    assert refused_line(store_dir, "knock", "ann", "3", "20") == (
        "Error: Match 1 is over, so no hand can be added. Start the next series with "
        "'scorekeeper new --rematch', or another match with 'scorekeeper new'."
    )
    assert snapshot(store_dir) == before


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_change_the_disk_refuses_is_a_fault_of_the_server_said_without_its_path(
    hollywood: Path, lang: str
) -> None:
    phone = client(hollywood)
    before = hands(hollywood)
    said = {
        "en": "Error: the change could not be saved: the disk of the computer serving this page"
        " refused it (",
        "de": "Fehler: Die Änderung konnte nicht gespeichert werden: Die Festplatte des "
        "Rechners, der diese Seite bereitstellt, hat sie abgelehnt (",
    }
    with read_only(hollywood, hollywood / "matches", hollywood / "tmp"):
        for path, asked in (("/hand", knock(3)), ("/undo", {"match": 1, "hand": 2})):
            answer = phone.post(path, json=asked, headers={**WRITE, "accept-language": lang})
            assert answer.status_code == 503
            assert answer.json()["error"].startswith(said[lang]), answer.json()
            assert str(hollywood) not in answer.text and "matches" not in answer.text
    assert hands(hollywood) == before


def refused_line(store: Path, *args: str) -> str:
    result = invoke(store, *args, env={"COLUMNS": None})
    assert result.exit_code != 0
    return result.stderr.strip()


def test_two_phones_entering_the_same_hand_record_it_once(hollywood: Path) -> None:
    first, second = client(hollywood), client(hollywood)
    assert first.post("/hand", json=knock(3, "Ann", "3", "20"), headers=WRITE).status_code == 200
    late = second.post("/hand", json=knock(3, "Ben", "5", "30"), headers=WRITE)
    assert late.status_code == 409
    assert late.json()["error"] == (
        "Error: Hand 3 was just recorded from elsewhere (Ann knocks 3 v 20), so this entry was "
        "not stored; the sheet shows it as recorded."
    )
    assert "+17" in late.json()["live"]["hands"]  # the sheet shows its row
    assert "Hand 3:" in late.json()["live"]["sheet"]  # and the first screen the last hand
    assert "Hand 4 of match 1" in late.json()["live"]["entry"]
    assert len(hands(hollywood)) == 3


def test_an_entry_for_a_hand_taken_back_meanwhile_is_refused(hollywood: Path) -> None:
    ok(invoke(hollywood, "undo"))
    found = client(hollywood).post("/hand", json=knock(4), headers=WRITE)
    assert found.status_code == 409
    assert "Hand 4 is no longer the next hand: match 1 has 1 hands now" in found.json()["error"]
    assert len(hands(hollywood)) == 1


def test_an_entry_for_a_match_no_longer_served_is_refused(hollywood: Path) -> None:
    """The page follows the current match: an entry made for match 1 after 'new' made match 2
    current is written to neither."""
    phone = client(hollywood)
    ok(invoke(hollywood, "new", "Cid", "Dee", "--dealer", "dee"))
    ok(invoke(hollywood, "knock", "dee", "2", "30"))
    ok(invoke(hollywood, "knock", "cid", "2", "30"))
    before = snapshot(hollywood)
    for path, asked in (("/hand", knock(3)), ("/undo", {"match": 1, "hand": 2})):
        found = phone.post(path, json=asked, headers=WRITE)
        assert found.status_code == 409
        assert found.json()["error"] == (
            "Error: This page was showing match 1, but match 2 is served now, so this entry "
            "was not stored; the page shows match 2."
        )
        assert "Match 2: Cid v Dee" in found.json()["live"]["sheet"]
    assert snapshot(hollywood) == before


def test_many_phones_at_once_record_a_hand_once(hollywood: Path) -> None:
    """Phones sending the same hand at the same moment: the store's lock lets one through."""
    phones = [client(hollywood) for _ in range(4)]
    answers: list[int] = []

    def send(phone: TestClient) -> None:
        answers.append(phone.post("/hand", json=knock(3), headers=WRITE).status_code)

    threads = [threading.Thread(target=send, args=(phone,)) for phone in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(answers) == [200, 409, 409, 409]
    assert len(hands(hollywood)) == 3


def test_undo_takes_back_the_hand_the_page_named_once(hollywood: Path) -> None:
    first, second = client(hollywood), client(hollywood)
    taken = first.post("/undo", json={"match": 1, "hand": 2}, headers=WRITE)
    assert taken.status_code == 200
    assert taken.json()["lines"][0] == "Voided Hand 2: Ben goes gin v 18 -> Ben +43 in Game 1"
    again = second.post("/undo", json={"match": 1, "hand": 2}, headers=WRITE)
    assert again.status_code == 409
    assert again.json()["error"] == (
        "Error: Hand 2 is no longer the last hand (match 1 has 1 hands now), so nothing was "
        "taken back; the sheet shows where it stands."
    )
    assert len(hands(hollywood)) == 1


def test_three_handed_asks_only_the_two_who_play(store_dir: Path, run: Run) -> None:
    ok(run("new", "Ann", "Ben", "Cid", "--dealer", "ann"))
    phone = client(store_dir)
    entry = phone.get("/live").json()["entry"]
    assert 'value="Ann"' in entry and 'value="Ben"' in entry and 'value="Cid"' not in entry
    assert "Cid sits out" in entry
    before = snapshot(store_dir)
    found = phone.post("/hand", json=knock(1, "Cid"), headers=WRITE)
    assert found.json()["error"] == "Error: Cid sits out this hand: Ann and Ben are playing."
    assert snapshot(store_dir) == before


def test_oklahoma_asks_for_the_up_card(store_dir: Path, run: Run) -> None:
    ok(run("new", "Ann", "Ben", "--dealer", "ann", "--preset", "oklahoma"))
    phone = client(store_dir)
    assert 'name="upcard"' in phone.get("/live").json()["entry"]
    found = phone.post("/hand", json=knock(1, upcard="5s"), headers=WRITE)
    assert found.status_code == 200
    assert found.json()["lines"][0] == (
        "Hand 1: Ann knocks 3 v 20 (up-card 5♠: doubled) -> Ann +34 in Game 1"
    )


def test_partnership_asks_about_the_tables_still_to_report(store_dir: Path, run: Run) -> None:
    ok(run("new", "--teams", "Ann & Bob", "Cid & Dee", "--preset", "partnership"))
    phone = client(store_dir)
    entry = phone.get("/live").json()["entry"]
    assert "At which table?" in entry
    assert phone.post("/hand", json=knock(1, "Bob"), headers=WRITE).status_code == 200
    entry = phone.get("/live").json()["entry"]
    assert 'value="Ann"' in entry and 'value="Bob"' not in entry and "At which table?" not in entry
    found = phone.post("/hand", json={"match": 1, "hand": 2, "kind": "wall"}, headers=WRITE)
    assert found.status_code == 200, found.json()
    assert len(json.loads(ok(invoke(store_dir, "export", "--format", "json")))["hands"]) == 2


# The next hand as JSON (for the phone app)


def test_the_next_hand_as_json_says_what_each_ending_asks(hollywood: Path) -> None:
    """Hand 3 of the Hollywood match: Ben won hand 2, so Ann, who lost it, deals; a knock to
    10 (the knock limit), counts to 98; big gin is played."""
    who = [["Ann", "Ann"], ["Ben", "Ben"]]
    counted = {"field": "od", "after": "who", "most": 98}
    assert client(hollywood).get("/next.json").json() == {
        "match": 1,
        "open": True,
        "number": 3,
        "whose": "Hand 3 of match 1: Ann v Ben, Ann dealt.",
        "first": [],
        "ending": {
            "field": "ending",
            "asks": "How did the hand end?",
            "choices": [
                ["knock", "knock"],
                ["gin", "gin"],
                ["wall", "wall"],
                ["big_gin", "big gin"],
            ],
        },
        "endings": {
            "knock": [
                {"field": "who", "asks": "Who knocked?", "choices": who},
                {
                    "field": "kd",
                    "after": "who",
                    "asks": {
                        "Ann": "Ann's deadwood (1-10; 0 if it was gin)",
                        "Ben": "Ben's deadwood (1-10; 0 if it was gin)",
                    },
                    "most": 10,
                },
                {
                    **counted,
                    "asks": {
                        "Ann": "Ben's deadwood after lay-offs (0-98)",
                        "Ben": "Ann's deadwood after lay-offs (0-98)",
                    },
                },
            ],
            "gin": [
                {"field": "who", "asks": "Who went gin?", "choices": who},
                {
                    **counted,
                    "asks": {"Ann": "Ben's deadwood (0-98)", "Ben": "Ann's deadwood (0-98)"},
                },
            ],
            "wall": [],
            "big_gin": [
                {"field": "who", "asks": "Who went big gin?", "choices": who},
                {
                    **counted,
                    "asks": {"Ann": "Ben's deadwood (0-98)", "Ben": "Ann's deadwood (0-98)"},
                },
            ],
        },
    }


def test_the_next_hand_as_json_asks_the_up_card_first_and_a_walls_table(
    store_dir: Path, run: Run
) -> None:
    ok(run("new", "Ann", "Ben", "--dealer", "ann", "--preset", "oklahoma"))
    asked = client(store_dir).get("/next.json").json()
    assert asked["first"] == [
        {"field": "upcard", "asks": "Up-card that started the discard pile (e.g. 7h, KS)"}
    ]
    ok(invoke(store_dir, "new", "--teams", "Ann & Bob", "Cid & Dee", "--preset", "partnership"))
    asked = client(store_dir).get("/next.json").json()
    assert asked["match"] == 2 and asked["first"] == []
    assert asked["endings"]["wall"] == [
        {
            "field": "table",
            "asks": "At which table? Name a player there",
            "choices": [["Ann", "Ann"], ["Cid", "Cid"], ["Bob", "Bob"], ["Dee", "Dee"]],
        }
    ]


def test_the_next_hand_as_json_is_in_the_pages_language_and_closed_with_the_match(
    hollywood: Path,
) -> None:
    phone = client(hollywood)
    german = phone.get("/next.json?lang=de").json()
    assert german["endings"]["knock"][0]["asks"] == "Wer hat geklopft?"
    assert german["ending"]["choices"][3] == ["big_gin", "Big Gin"]
    ok(invoke(hollywood, "abandon"))
    assert phone.get("/next.json").json() == {"match": 1, "open": False}


def test_no_match_has_no_next_hand_and_says_what_show_says(store_dir: Path) -> None:
    found = client(store_dir).get("/next.json").json()
    assert found == {"error": "Error: There is no current match."}


def test_the_number_a_page_enters_a_hand_as_is_the_next_hands(store_dir: Path, run: Run) -> None:
    """Partnership Gin numbers each table's hand: after Bob's knock (deal 1, one table) the
    next hand is hand 2, still of deal 1."""
    ok(run("new", "--teams", "Ann & Bob", "Cid & Dee", "--preset", "partnership"))
    ok(run("knock", "bob", "3", "20"))
    phone = client(store_dir)
    live, asked = phone.get("/live").json(), phone.get("/next.json").json()
    assert live["hand"] == asked["number"] == 2
    assert 'data-hand="2"' in live["entry"] and "Record hand 2" in live["entry"]
    assert asked["whose"].startswith("Deal 1 of match 1:")


def test_an_abandoned_match_is_shown_and_asks_nothing(hollywood: Path) -> None:
    ok(invoke(hollywood, "abandon"))
    live = client(hollywood).get("/live").json()
    assert "was abandoned" in live["sheet"] and live["entry"] == ""


def test_no_match_says_what_show_says(store_dir: Path) -> None:
    live = client(store_dir).get("/live").json()
    assert "There is no current match" in live["sheet"]


def test_a_name_is_shown_as_typed_never_as_markup(store_dir: Path, run: Run) -> None:
    ok(run("new", "<b>Ann</b>", "Ben&Co", "--dealer", "ben"))
    page = client(store_dir).get("/").text
    assert "<b>Ann</b>" not in page and "&lt;b&gt;Ann&lt;/b&gt;" in page


# The language


def test_the_page_speaks_the_browsers_language(hollywood: Path) -> None:
    phone = client(hollywood)
    german = phone.get("/", headers={"accept-language": "tlh-Latn, de;q=0.8, en;q=0.5"}).text
    assert '<html lang="de">' in german and "Spiel 1" in german
    dutch = phone.get("/live", headers={"accept-language": "nl-BE"}).json()
    assert "Spel 1" in dutch["sheet"]
    assert "Game 1" in phone.get("/live", headers={"accept-language": "tlh"}).json()["sheet"]


def test_the_language_switch_is_remembered(hollywood: Path) -> None:
    phone = client(hollywood)
    switched = phone.get("/?lang=nl", headers={"accept-language": "de"})
    assert '<html lang="nl">' in switched.text
    assert "lang=nl" in switched.headers["set-cookie"]
    assert "Spel 1" in phone.get("/live", headers={"accept-language": "de"}).json()["sheet"]


def test_a_refusal_is_in_the_pages_language(hollywood: Path) -> None:
    phone = client(hollywood)
    phone.cookies.set("lang", "de")
    found = phone.post("/hand", json=knock(3, "Zed"), headers=WRITE)
    assert found.json()["error"].startswith("Fehler: ")


# The event stream


def test_the_stream_sends_the_sheet_and_again_whenever_the_match_changes(hollywood: Path) -> None:
    stop = threading.Event()
    said: list[str] = []
    phone = client(hollywood, stopping=stop.is_set, say=said.append)
    events = []
    with phone.stream("GET", "/events", headers={"accept-language": "de"}) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        deadline = time.monotonic() + 20
        kind = ""
        for line in stream.iter_lines():
            kind = line.removeprefix("event: ") if line.startswith("event: ") else kind
            if line.startswith("data: ") and kind in ("live", "change"):
                events.append(json.loads(line.removeprefix("data: ")))
                if len(events) == 1:
                    ok(invoke(hollywood, "knock", "ann", "2", "30"))
                else:
                    stop.set()
            assert time.monotonic() < deadline
    # The first event is the whole sheet, the next only what changed (web/redraw.py).
    sheet = applied(events[1]["sheet"], events[0]["sheet"])
    assert "+28" not in events[0]["sheet"] and "+28" in sheet
    assert events[1]["hand"] == 4 and "Spiel 1" in sheet
    # The server's own lines are in its language, whatever the page's.
    assert said == [
        "A page at testclient is watching (1 page watching).",
        "The page at testclient went away (0 pages watching).",
    ]


# Only serve loads the web's libraries


def test_no_other_command_loads_starlette_uvicorn_or_segno() -> None:
    program = (
        "import importlib, sys\n"
        "from scorekeeper.cli import COMMANDS\n"
        "for name, where in COMMANDS.items():\n"
        "    if name != 'serve':\n"
        "        importlib.import_module('scorekeeper.commands.' + where.split(':')[0])\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('starlette', 'uvicorn', 'segno', 'anyio', 'h11', 'scorekeeper')))\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    ).stdout
    assert "scorekeeper.commands.recording" in loaded
    for never in ("starlette", "uvicorn", "segno", "anyio", "h11", "scorekeeper.web"):
        assert f"'{never}" not in loaded


# The real thing: a server process, phones as headless chromium pages, a terminal beside them

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 360, "height": 740}


class Server:
    """``scorekeeper serve`` as a real process, and what it said so far."""

    def __init__(
        self,
        store: Path,
        *args: str,
        env: dict[str, str] | None = None,
        preexec_fn: Callable[[], object] | None = None,
    ) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "scorekeeper",
                "--db",
                str(store),
                "serve",
                "--port",
                "0",
                *args,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "SCOREKEEPER_LANG": "en", "NO_COLOR": "1", **(env or {})},
            preexec_fn=preexec_fn,
        )
        self.said: list[str] = []
        self.address = ""
        deadline = time.monotonic() + 30
        assert self.process.stdout is not None
        while not self.address and time.monotonic() < deadline:
            line = self.process.stdout.readline()
            assert line, f"serve ended: {self.process.stderr.read() if self.process.stderr else ''}"
            self.said.append(line.rstrip("\n"))
            found = re.search(r"http://\S+", line)
            self.address = found.group() if found else ""
        assert self.address, self.said
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()

    def read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.said.append(line.rstrip("\n"))

    def stop(self) -> int:
        """Ctrl-C, as a person stops it: it ends by itself, exit 0."""
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=15)
        finally:
            if self.process.poll() is None:
                self.process.kill()
            self.reader.join(timeout=5)


@pytest.fixture
def serving(hollywood: Path) -> Iterator[Server]:
    server = Server(hollywood)
    try:
        yield server
    finally:
        assert server.stop() == 0
        assert server.said[-1] == "Stopped: the page is no longer served."


@pytest.fixture
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            yield launched
        finally:
            launched.close()


def phone(browser: Any, address: str, locale: str = "en-GB") -> Any:
    """A phone of 360 by 740 pixels that opened the address (with its join code)."""
    context = browser.new_context(viewport=PHONE, locale=locale)
    page = context.new_page()
    page.goto(address)
    page.wait_for_selector("#sheet h2")
    wait_until(page, "() => !document.querySelector('#state').classList.contains('lost')")
    return page


def enter_knock(page: Any, who: str, kd: int, od: int) -> None:
    """Answer the questions of a knock, wait for the preview, tap Record."""
    page.locator("label.choice", has_text="knock").first.click()
    page.locator("label.choice", has_text=who).click()
    page.fill("input[name=kd]", str(kd))
    page.fill("input[name=od]", str(od))
    page.wait_for_selector("button.record:not([disabled])", timeout=10_000)


def wait_until(page: Any, check: str, arg: Any = None, seconds: float = 10.0) -> float:
    """Wait until the function ``check`` is true in the page (asked every 20 ms from here: the
    page's Content-Security-Policy forbids the evaluation Playwright's own waiting uses); how
    long it took."""
    start = time.monotonic()
    while not page.evaluate(check, arg):
        assert time.monotonic() - start < seconds, f"not within {seconds} s: {check}"
        time.sleep(0.02)
    return time.monotonic() - start


def sheet_text(page: Any) -> str:
    return str(page.locator("#sheet").inner_text())


def changes_within(page: Any, seen: str, seconds: float) -> float:
    """How long the page took to show ``seen`` on its sheet (fails after ``seconds``)."""
    return wait_until(
        page, "seen => document.querySelector('#sheet').innerText.includes(seen)", seen, seconds
    )


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium is not installed")
def test_the_page_shows_the_questions_the_ending_chosen_asks(serving: Server, browser: Any) -> None:
    """The script shows what the form's data says each ending asks, in its words: the counts
    once the winner is chosen, their ranges held together."""
    page = phone(browser, serving.address)

    def shown() -> list[str]:
        found: list[str] = page.evaluate(
            "() => [...document.querySelectorAll('#entry [data-field]')].filter(p => !p.hidden)"
            ".map(p => p.dataset.field + ': ' + p.querySelector('.asks').textContent)"
        )
        return found

    assert shown() == []
    page.locator("label.choice", has_text="big gin").click()
    assert shown() == ["who: Who went big gin?"]
    page.locator("label.choice", has_text="Ann").click()
    assert shown() == ["who: Who went big gin?", "od: Ben's deadwood (0\u201198)"]
    page.locator("label.choice", has_text="knock").click()
    assert shown() == [
        "who: Who knocked?",
        "kd: Ann's deadwood (1\u201110;\u00a00\u00a0if it was gin)",
        "od: Ben's deadwood after lay-offs (0\u201198)",
    ]
    page.locator("label.choice", has_text="wall").click()
    assert shown() == []
    page.context.close()


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium is not installed")
def test_two_phones_and_a_terminal_keep_one_sheet(
    serving: Server, browser: Any, hollywood: Path
) -> None:
    first, second = phone(browser, serving.address), phone(browser, serving.address)
    deadline = time.monotonic() + 10
    while "(2 pages watching)" not in "\n".join(serving.said):  # both streams open
        assert time.monotonic() < deadline
        time.sleep(0.02)

    # A hand entered on one phone: previewed as knock --dry-run says it, recorded with a tap.
    enter_knock(first, "Ann", 3, 20)
    assert first.locator(".preview").inner_text().startswith("Hand 3: Ann knocks 3 v 20")
    first.click("button.record")
    wait_until(first, "() => document.querySelector('#said').innerText.startsWith('Hand 3:')")
    assert changes_within(second, "+17", 1.0) < 1.0
    assert "Hand 4 of match 1" in second.locator("#entry").inner_text()

    # A hand typed in a terminal.
    ok(invoke(hollywood, "knock", "ben", "5", "30"))
    assert changes_within(first, "+25", 1.0) < 1.0
    assert changes_within(second, "+25", 1.0) < 1.0

    # A hand the command line refuses: its message, and nothing stored.
    before = snapshot(hollywood)
    enter_knock_refused = first.locator("label.choice", has_text="knock").first
    enter_knock_refused.click()
    first.locator("label.choice", has_text="Ann").click()
    first.fill("input[name=kd]", "12")
    first.fill("input[name=od]", "30")
    wait_until(first, "() => document.querySelector('.preview').innerText.startsWith('Error:')")
    assert "knock limit" in first.locator(".preview").inner_text()
    assert first.locator("button.record").is_disabled()
    assert snapshot(hollywood) == before

    # One phone halfway through a hand when the other records it: told, and asked anew.
    second.locator("label.choice", has_text="gin").first.click()
    enter_knock(first, "Ben", 2, 40)
    first.click("button.record")
    wait_until(second, "() => document.querySelector('#said').innerText.includes('changed')")
    assert "Hand 6 of match 1" in second.locator("#entry").inner_text()

    # The last hand taken back, after a confirmation.
    second.click("button.undo-ask")
    assert "Take this hand back? Hand 5: Ben knocks 2 v 40" in second.locator("#entry").inner_text()
    second.click("button.undo-yes")
    wait_until(second, "() => document.querySelector('#said').innerText.startsWith('Voided')")
    wait_until(
        first, "() => document.querySelector('#entry').innerText.includes('Hand 5 of match')", 1.0
    )
    assert len(hands(hollywood)) == 4


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium is not installed")
def test_the_preview_brings_the_record_button_into_view(serving: Server, browser: Any) -> None:
    page = phone(browser, serving.address)
    enter_knock(page, "Ann", 3, 20)
    wait_until(
        page,
        "() => { const box = document.querySelector('button.record').getBoundingClientRect();"
        " return box.top >= 0 && box.bottom <= window.innerHeight; }",
        seconds=3,
    )


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium is not installed")
def test_a_hand_whose_recording_failed_can_be_recorded_with_another_tap(
    serving: Server, browser: Any, hollywood: Path
) -> None:
    """The connection fails as Record is tapped: the hand is not stored, the page says so, asks
    for the preview again, and the next tap records it."""
    page = phone(browser, serving.address)
    failed: list[str] = []

    def once(route: Any) -> None:
        if '"preview"' not in (route.request.post_data or "") and not failed:
            failed.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.route("**/hand", once)
    enter_knock(page, "Ann", 3, 20)
    page.click("button.record")
    wait_until(page, "() => document.querySelector('#said').classList.contains('wrong')")
    assert failed and len(hands(hollywood)) == 2
    page.wait_for_selector("button.record:not([disabled])", timeout=10_000)
    page.click("button.record")
    wait_until(page, "() => document.querySelector('#said').innerText.startsWith('Hand 3:')")
    assert len(hands(hollywood)) == 3


#: Every text the page's report box shows, kept in ``window.saids`` as it changes.
SAID_WATCHED = """() => {
  window.saids = [];
  const said = document.querySelector('#said');
  new MutationObserver(() => window.saids.push(said.innerText)).observe(
    said, {childList: true, characterData: true, subtree: true});
}"""


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium is not installed")
@pytest.mark.parametrize("held", [0.0, 1.5], ids=["answer as it comes", "answer held back"])
def test_the_phone_that_ends_the_match_keeps_its_report_up(
    store_dir: Path, browser: Any, held: float
) -> None:
    """The answer to the write and the stream's redraw come in either order (the answer held
    back past the stream's next look at the match makes it the later): the report of the
    phone's own hand stays up through both."""
    ok(invoke(store_dir, "new", "Ann", "Ben", "--dealer", "ben", "--preset", "gin"))
    ok(invoke(store_dir, "amend", "rules", "--target", "10"))
    server = Server(store_dir)

    def late(route: Any) -> None:
        answer = route.fetch()
        if '"preview"' not in (route.request.post_data or ""):
            time.sleep(held)
        route.fulfill(response=answer)

    try:
        page = phone(browser, server.address)
        page.route("**/hand", late)
        enter_knock(page, "Ann", 3, 20)  # 17 points: game and match over
        page.evaluate(SAID_WATCHED)
        page.click("button.record")
        wait_until(page, "() => document.querySelector('#said').innerText.startsWith('Hand 1:')")
        changes_within(page, "wins", 5.0)  # the stream's redraw came too
        time.sleep(1.0)  # and any later look at the match
        assert page.locator("#said").is_visible()
        assert page.locator("#said").inner_text().startswith("Hand 1: Ann knocks 3 v 20")
        # Never told that the match changed under it: the change was its own.
        assert not [said for said in page.evaluate("() => window.saids") if "changed" in said]
    finally:
        assert server.stop() == 0


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium is not installed")
@pytest.mark.parametrize(
    "players, hands_played",
    [
        (
            ["Alexandrinaa", "Maximiliaan1", "Christophers"],
            [["knock", "alex", "4", "27"], ["gin", "chr", "18"], ["knock", "max", "6", "5"]],
        ),
        (
            ["Alexandrinaa", "Maximiliaan1", "--target", "30"],
            [["knock", "alex", "4", "27"], ["gin", "max", "18"], ["knock", "max", "6", "5"]],
        ),
    ],
    ids=["three-handed", "hollywood with a game settled"],
)
def test_a_phone_never_scrolls_sideways(
    store_dir: Path, browser: Any, players: list[str], hands_played: list[list[str]]
) -> None:
    ok(invoke(store_dir, "new", *players, "--dealer", "alex"))
    for args in hands_played:
        ok(invoke(store_dir, *args))
    server = Server(store_dir)
    try:
        for language in ("en-GB", "de-DE", "nl-NL"):
            page = phone(browser, server.address, language)
            page.locator("label.choice").first.click()  # the questions opened too
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            for name in players[:2]:
                assert name in sheet_text(page)
            page.context.close()
    finally:
        assert server.stop() == 0


def test_lan_says_the_address_with_its_join_code_and_a_qr_code_and_listens_there(
    hollywood: Path,
) -> None:
    """Only what it prints and the address it listens on: nothing is sent to that address."""
    from scorekeeper.commands.serving import lan_address

    found = lan_address()
    if found is None:
        pytest.skip("this machine is on no local network")
    server = Server(hollywood, "--lan")
    try:
        address = re.fullmatch(r"http://([\d.]+):(\d+)/\?code=([\w-]+)", server.address)
        assert address is not None, server.address
        host, port, code = address.groups()
        assert host == found and not host.startswith("127.")
        deadline = time.monotonic() + 10
        while not any(line.startswith("Ctrl-C") for line in server.said):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        said = "\n".join(server.said)
        assert "█" in said  # the QR code
        assert f"Join code: {code}." in said and "plain HTTP" in said
        listening = Path("/proc/net/tcp").read_text().splitlines()[1:]
        wanted = "".join(f"{int(part):02X}" for part in reversed(host.split("."))) + (
            f":{int(port):04X}"
        )
        assert any(line.split()[1] == wanted and line.split()[3] == "0A" for line in listening)
    finally:
        assert server.stop() == 0


@pytest.mark.parametrize("when", ["Config", "Server"])
def test_ctrl_c_while_the_server_starts_stops_it_as_any_ctrl_c_does(
    hollywood: Path, monkeypatch: pytest.MonkeyPatch, when: str
) -> None:
    # Ctrl-C can come as soon as the address is shown, before the server listens for it (a
    # person quick on the keys, a test that stops it at once): it is the end all the same.
    import uvicorn

    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(uvicorn, when, interrupted)
    result = invoke(hollywood, "serve", "--port", "0")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("The sheet of the current match (now Match 1: Ann v Ben)")
    assert lines[-2:] == ["Ctrl-C stops the server.", "Stopped: the page is no longer served."]


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_start_up_lines_fit_80_columns(store_dir: Path, lang: str) -> None:
    ok(invoke(store_dir, "new", "Alexandrinaa", "Bartholomeus", "--dealer", "alex"))
    server = Server(store_dir, env={"COLUMNS": "80", "SCOREKEEPER_LANG": lang})
    try:
        time.sleep(0.2)  # the lines after the address
        fits("\n".join(server.said), 80)
        assert server.address.startswith("http://127.0.0.1:") and "code=" in server.address
    finally:
        assert server.stop() == 0


# One next hand for every face


def test_the_command_line_record_and_the_page_store_the_same_hands(tmp_path: Path) -> None:
    # The same evening entered three ways: the hand commands, record's questions, the page.
    # Each face only gathers the answers; the next hand builds the hand, so the facts stored
    # are the same (a knock with 0 deadwood is stored as the gin it is, by every face).
    typed = [["knock", "ann", "0", "20"], ["wall"], ["gin", "cid", "15", "--big"]]
    answered = "knock\nann\n0\n20\ny\nwall\ny\nbig gin\ncid\n15\ny\nq\n"
    sent = [
        knock(1, "Ann", "0", "20"),
        {"match": 1, "hand": 2, "kind": "wall"},
        {"match": 1, "hand": 3, "kind": "big_gin", "who": "Cid", "od": "15"},
    ]
    stores = {face: tmp_path / face for face in ("commands", "record", "page")}
    for store in stores.values():
        ok(invoke(store, "new", "Ann", "Ben", "Cid", "--dealer", "ann"))
    for args in typed:
        ok(invoke(stores["commands"], *args))
    ok(invoke(stores["record"], "record", input=answered))
    phone = client(stores["page"])
    for asked in sent:
        assert phone.post("/hand", json=asked, headers=WRITE).json()["ok"] is True
    stored = {
        face: [tuple(s.hand) for s in Store(store).load(1).in_force()]
        for face, store in stores.items()
    }
    assert stored["commands"] == stored["record"] == stored["page"]
    assert [s.hand.entry.value for s in Store(stores["page"]).load(1).in_force()] == [
        "gin",
        "wall",
        "big_gin",
    ]


def test_a_hand_recorded_from_a_phone_is_answered_with_its_report_only(
    store_dir: Path, run: Run
) -> None:
    # The stream redraws every phone with what changed, the one that wrote too: the answer to
    # the write is the hand's report, not the whole sheet again.
    ok(run("new", "Ann", "Ben", "--dealer", "ben", "--target", "1000"))
    for _hand in range(30):
        ok(run("knock", "ann", "4", "27"))
    phone = client(store_dir)
    whole = len(phone.get("/live").content)
    answer = phone.post("/hand", json=knock(31), headers=WRITE)
    assert set(answer.json()) == {"ok", "recorded", "lines", "html", "key"}
    assert answer.json()["recorded"]
    # The questions the hand leaves, by which the page knows the stream's redraw as its own news.
    assert answer.json()["key"] == phone.get("/live").json()["key"]
    assert json.loads(answer.json()["key"])[:2] == [1, 32]  # match 1, hand 32 next
    # Ann won every hand before it, so her win counts in all three games.
    assert answer.json()["lines"][0] == "Hand 31: Ann knocks 3 v 20 -> Ann +17 in Games 1, 2, 3"
    assert len(answer.content) < 2000 < whole
    taken = phone.post("/undo", json={"match": 1, "hand": 31}, headers=WRITE)
    assert set(taken.json()) == {"ok", "recorded", "lines", "html", "key"}
    assert len(taken.content) < 2000
    assert taken.json()["html"].startswith('<p>Voided <span class="nb">Hand 31:</span> Ann')
    assert '<table class="after">' in taken.json()["html"]
    assert taken.json()["key"] == phone.get("/live").json()["key"] != answer.json()["key"]
