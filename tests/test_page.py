"""The page of ``scorekeeper serve`` as the table sees it: the first screen says where the table
stands (every game in the columns, each player's column and what each needs, who deals, the
result first once the match is over) with the next hand's questions on it; under it every hand
(walls too) and the race chart. Then the real thing: chromium at 360 by 740 pixels, every box of
the first screen measured, and an accessibility audit (axe-core) in each language.
"""

from __future__ import annotations

import json
import os
import re
import time
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from harness import invoke, ok
from test_serve import CHROMIUM, PHONE, Server, browser, client, enter_knock, phone, wait_until

from scorekeeper.engine import ENDINGS, Entry
from scorekeeper.web import views
from scorekeeper.web.views import unbroken_text

__all__ = ["browser"]  # the fixture, shared with test_serve

#: axe-core, as .ci/run installs it from npm (or where AXE_CORE says).
AXE = Path(
    os.environ.get(
        "AXE_CORE", Path(__file__).parent.parent / ".ci/node_modules/axe-core/axe.min.js"
    )
)

#: Five hands of Hollywood Gin, worked out from the rules (a win enters the winner's next game
#: too, the first win Game 1 only, the second Games 1 and 2):
#: 1 Ann knocks 4 v 27: +23 in Game 1; 2 Ben gin v 18: 18 + 25 = +43 in Game 1; 3 a wall;
#: 4 Ann knocks 2 v 30: +28 in Games 1, 2; 5 Ben knocks 3 v 13: +10 in Games 1, 2.
#: Game 1: Ann 23 + 28 = 51 (needs 49), Ben 43 + 10 = 53 (needs 47);
#: Game 2: Ann 28 (needs 72), Ben 10 (needs 90); Game 3: nothing yet (each needs 100).
FIVE_HANDS = [
    ("knock", "ann", "4", "27"),
    ("gin", "ben", "18"),
    ("wall",),
    ("knock", "ann", "2", "30"),
    ("knock", "ben", "3", "13"),
]


def play(store: Path, players: list[str], hands: list[tuple[str, ...]]) -> None:
    ok(invoke(store, "new", *players))
    for hand in hands:
        ok(invoke(store, *hand))


def words(html: str) -> str:
    """What a person reads: the tags left out, spaces as one."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def rows(html: str, css: str) -> list[list[str]]:
    """A table's rows, each as the words of its cells."""
    table = re.split(f'<table class="{css}"[^>]*>', html)[1].split("</table>")[0]
    return [
        [words(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table)
    ]


def test_the_first_screen_has_every_game_each_players_column_and_what_each_needs(
    store_dir: Path,
) -> None:
    play(store_dir, ["Ann", "Ben", "--dealer", "ann"], FIVE_HANDS)
    live = client(store_dir).get("/live").json()
    board = live["sheet"]
    assert rows(board, "standing") == [
        ["", "Game 1", "Game 2", "Game 3"],
        ["Ann", "51 needs 49", "28 needs 72", "0 needs 100"],
        ["Ben", "53 needs 47", "10 needs 90", "0 needs 100"],
    ]
    # Each player's third win counts in all three games: no game is marked as counting.
    assert '<td class="next">' not in board
    said = words(board)
    assert "Ann's next win counts in Games 1, 2, 3; Ben's in Games 1, 2, 3." in said
    assert "Ann deals next." in said  # the loser of the last hand deals
    assert "Hand 5: Ben knocks 3 v 13 -> Ben +10 in Games 1, 2" in said
    assert "MATCH OVER" not in said


def test_the_games_a_next_win_counts_in_are_marked_where_it_is_not_every_game(
    store_dir: Path,
) -> None:
    """After Ann's first win (Game 1), her next opens Game 2 and counts in Games 1, 2; Ben's
    first counts in Game 1 only."""
    play(store_dir, ["Ann", "Ben", "--dealer", "ann"], FIVE_HANDS[:1])
    board = client(store_dir).get("/live").json()["sheet"]
    marks = [
        [cell.startswith('<td class="next">') for cell in re.findall(r"<td[^>]*>", row)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", board.split("<tbody>")[1])
    ]
    assert marks == [[True, True, False], [True, False, False]]
    assert "Ann's next win counts in Games 1, 2; Ben's in Game 1." in words(board)


def test_every_hand_is_a_row_of_its_own_walls_too(store_dir: Path) -> None:
    play(store_dir, ["Ann", "Ben", "--dealer", "ann"], FIVE_HANDS)
    hands = client(store_dir).get("/live").json()["hands"]
    assert rows(hands, "hands") == [
        ["Hand", "Games"],
        ["1", "Ann +23", "1"],
        ["2", "Ben +43 gin", "1"],
        ["3", "wall", "-"],
        ["4", "Ann +28", "1, 2"],
        ["5", "Ben +10", "1, 2"],
    ]
    assert '<svg class="race"' in hands and "xmlns" not in hands


def test_a_match_of_one_game_lists_its_hands_without_the_games_they_counted_in(
    store_dir: Path,
) -> None:
    play(store_dir, ["Ann", "Ben", "--dealer", "ann", "--preset", "gin"], FIVE_HANDS)
    hands = client(store_dir).get("/live").json()["hands"]
    assert rows(hands, "hands") == [
        ["Hand"],
        ["1", "Ann +23"],
        ["2", "Ben +43 gin"],
        ["3", "wall"],
        ["4", "Ann +28"],
        ["5", "Ben +10"],
    ]


def test_once_the_match_is_over_the_result_and_the_match_net_come_first(
    store_dir: Path,
) -> None:
    """One game to 30, ended after it: Ann gin v 10 is 10 + 25 = 35, over 30. Settled: Ann
    35 points, box bonus 1 x 25 = 25, game bonus 100 doubled for the shutout (Ben scored
    nothing) = 200: 35 + 25 + 200 = 260, Ben 0."""
    play(
        store_dir,
        ["Ann", "Ben", "--dealer", "ann", "--target", "30", "--end-after-first-game"],
        [("gin", "ann", "10")],
    )
    board = client(store_dir).get("/live").json()["sheet"]
    said = words(board)
    result = said.index("MATCH OVER: Ann wins on column points, 35 to 0")
    net = said.index("Match net: Ann +260, Ben -260.")
    assert result < net < words(board).index("Game 1")
    # Games 2 and 3 ended with the match, unfinished.
    assert rows(board, "standing")[1:] == [["Ann", "35 won", "0", "0"], ["Ben", "0", "0", "0"]]


def test_three_handed_says_who_sits_out_and_marks_the_player(store_dir: Path) -> None:
    """The first dealer and the second player named play the first hand; the third sits
    out."""
    play(store_dir, ["Ann", "Ben", "Cid", "--dealer", "ann"], [])
    board = client(store_dir).get("/live").json()["sheet"]
    assert "Cid sits out; Ann deals to Ben." in words(board)
    assert '<tr class="out"><th scope="row" class="name">Cid</th>' in board


def test_one_game_says_no_more_than_who_needs_what_and_who_deals(store_dir: Path) -> None:
    """Partnership Gin plays one column to 125: every win counts in Game 1, so the first
    screen does not say so; a table's hand waits for the other table's."""
    ok(invoke(store_dir, "new", "--teams", "Ann & Bob", "Cid & Dee", "--preset", "partnership"))
    ok(invoke(store_dir, "knock", "ann", "4", "27"))
    shown = client(store_dir).get("/live").json()["sheet"]
    board = words(shown)
    assert rows(shown, "standing") == [
        ["", "Game 1"],
        ["Ann & Bob", "0 needs 125"],
        ["Cid & Dee", "0 needs 125"],
    ]
    assert "next win" not in board
    assert "Ann +23; waiting for Bob v Dee." in board
    assert "deal next, at both tables." in board  # the first dealers are drawn by lot


@pytest.mark.parametrize(
    "said, shown",
    [
        ("Game 1", '<span class="nb">Game 1</span>'),
        ("knocks 3 v 20 -> Ann", '<span class="nb">knocks 3 v 20 -&gt;</span> Ann'),
        ("deadwood (0-98)", 'deadwood <span class="nb">(0-98)</span>'),
        ("Bob <b> 9", 'Bob <span class="nb">&lt;b&gt; 9</span>'),
        ("no figure here", "no figure here"),
    ],
)
def test_a_figure_is_held_to_its_words(said: str, shown: str) -> None:
    assert unbroken_text(said) == shown


def test_the_labels_the_script_writes_hold_their_ranges_together(store_dir: Path) -> None:
    play(store_dir, ["Ann", "Ben", "--dealer", "ann"], [])
    entry = client(store_dir).get("/live").json()["entry"]
    found = re.search(r"data-asks='([^']*)'", entry)
    assert found is not None
    asked = json.loads(unescape(found.group(1)))["endings"]["knock"]
    labels = {"Ann": {"kd": asked[1]["asks"]["Ann"], "knock": asked[2]["asks"]["Ann"]}}
    # a non-breaking hyphen in the range, a non-breaking space before a figure
    assert labels["Ann"]["knock"] == "Ben's deadwood after lay-offs (0\u201198)"
    assert labels["Ann"]["kd"] == "Ann's deadwood (1\u201110;\u00a00\u00a0if it was gin)"


@pytest.mark.parametrize("script", ["web/page.js", "web/questions.js", "app/app.js"])
def test_the_pages_script_names_no_way_a_hand_ends(script: str) -> None:
    """Which ending asks what is the next hand's to say (the form's data): the scripts of
    serve's page and the phone app show the questions the data names, whatever the endings
    are."""
    text = (Path(views.__file__).parent.parent / script).read_text("utf-8").lower()
    words = set(re.findall(r"[a-z_]+", text))
    endings = {entry.value for entry in Entry} | {
        w for said in ENDINGS.values() for w in said.split()
    }
    assert endings == {"knock", "gin", "wall", "big_gin", "big"}
    assert not endings & words


# The real thing: chromium at 360 by 740 pixels

#: Three games open, names of twelve letters: Alexandrinaa's third win (hand 5) opens Game 3.
THREE_GAMES = (
    ["Alexandrinaa", "Maximiliaan1", "--dealer", "alex"],
    [
        ("knock", "alex", "4", "27"),
        ("gin", "max", "18"),
        ("wall",),
        ("knock", "alex", "2", "30"),
        ("knock", "max", "3", "13"),
        ("knock", "alex", "5", "20"),
    ],
)
THREE_HANDED = (
    ["Alexandrinaa", "Maximiliaan1", "Christophers", "--dealer", "alex"],
    [("knock", "alex", "4", "27"), ("wall",), ("gin", "chr", "18")],
)
LOCALES = {"en": "en-GB", "de": "de-DE", "nl": "nl-NL"}


def served(store: Path, match: tuple[list[str], list[tuple[str, ...]]]) -> Server:
    play(store, *match)
    return Server(store)


def boxes(page: Any, selector: str) -> list[dict[str, float]]:
    """The boxes of what ``selector`` finds, measured at one moment (the page may be redrawn
    at any other); a box of no height is something not shown."""
    found: list[dict[str, float]] = page.evaluate(
        "selector => [...document.querySelectorAll(selector)].map(found => {"
        "  const box = found.getBoundingClientRect();"
        "  return {x: box.x, y: box.y, width: box.width, height: box.height}; })",
        selector,
    )
    return found


def within_the_first_screen(box: dict[str, float]) -> bool:
    return (
        box["x"] >= 0
        and box["x"] + box["width"] <= PHONE["width"]
        and box["y"] >= 0
        and box["y"] + box["height"] <= PHONE["height"]
    )


def on_screen(page: Any, selector: str) -> list[dict[str, float]]:
    """The boxes of what ``selector`` finds, each checked to lie within the first screen."""
    found = boxes(page, selector)
    assert found, selector
    for box in found:
        assert within_the_first_screen(box), (selector, box)
    return found


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium is not installed")
@pytest.mark.parametrize("match", [THREE_GAMES, THREE_HANDED], ids=["hollywood", "three-handed"])
def test_the_first_screen_shows_every_game_and_the_next_hands_questions(
    store_dir: Path, browser: Any, match: tuple[list[str], list[tuple[str, ...]]]
) -> None:
    server = served(store_dir, match)
    try:
        for locale in LOCALES.values():
            page = phone(browser, server.address, locale)
            games = 3 if match is THREE_GAMES else 1
            columns = on_screen(page, "table.standing tbody td")
            assert len(columns) == games * (len(match[0]) - 2)  # a column per player and game
            on_screen(page, "table.standing th.name")
            on_screen(page, "#sheet p.deals")
            # The next hand's first question: what is there to tap first, big enough.
            shown = [
                b
                for b in boxes(page, "#entry :is(label, button, select, input)")
                if b["height"] > 2
            ]
            assert shown and within_the_first_screen(shown[0]), shown[:1]
            assert shown[0]["height"] >= 44 and shown[0]["width"] >= 44
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            page.context.close()
    finally:
        assert server.stop() == 0


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium is not installed")
def test_a_wall_shows_in_the_phone_layout(store_dir: Path, browser: Any) -> None:
    server = served(store_dir, THREE_GAMES)
    try:
        page = phone(browser, server.address)
        wall = page.locator("table.hands tr", has_text="wall")
        assert wall.count() == 1 and wall.is_visible()
        assert wall.inner_text().split() == ["3", "wall", "-"]
        assert page.locator("table.hands tbody tr").count() == 6  # every hand
        assert page.locator("svg.race").is_visible()
        chart = page.locator("svg.race").bounding_box()
        assert chart is not None and chart["x"] + chart["width"] <= PHONE["width"]
    finally:
        assert server.stop() == 0


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium is not installed")
@pytest.mark.skipif(
    not AXE.exists(), reason=f"axe-core is not installed at {AXE} (.ci/run installs it from npm)"
)
@pytest.mark.parametrize("match", [THREE_GAMES, THREE_HANDED], ids=["hollywood", "three-handed"])
def test_no_serious_accessibility_fault_in_any_language(
    store_dir: Path, browser: Any, match: tuple[list[str], list[tuple[str, ...]]]
) -> None:
    server = served(store_dir, match)
    try:
        for language, locale in LOCALES.items():
            # axe is injected as a script of the page's own, which its policy would refuse
            context = browser.new_context(viewport=PHONE, locale=locale, bypass_csp=True)
            page = context.new_page()
            page.goto(server.address)
            page.wait_for_selector("#sheet h2")
            page.locator("#entry label.choice").first.click()  # the questions opened too
            page.add_script_tag(path=str(AXE))
            found = page.evaluate(
                "async () => (await axe.run()).violations"
                ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
                ".map(v => [v.id, v.nodes.map(n => n.target.join(' '))])"
            )
            assert page.evaluate("document.documentElement.lang") == language
            assert found == [], (language, found)
            context.close()
    finally:
        assert server.stop() == 0


#: Endless Hollywood: Ann v Ben, two columns, three games to 50 (docs/rules.md). 1 Ann gin v
#: 30: 30 + the gin bonus 25 = 55 ends Game 1 (column 1), Game 3 opens in column 1; net: Ann
#: 55 + box bonus 25 + game bonus 100, doubled for the shutout = 280. 2 Ben knocks 2 v 12: 10
#: in Game 2 (column 2), his first win.
ENDLESS = (
    ["Ann", "Ben", "--dealer", "ann", "--columns", "2", "--games", "3", "--target", "50"],
    [("gin", "ann", "30"), ("knock", "ben", "2", "12")],
)


def test_endless_hollywood_shows_the_games_in_game_order_each_under_its_column(
    store_dir: Path,
) -> None:
    play(store_dir, *ENDLESS)
    board = client(store_dir).get("/live").json()["sheet"]
    assert rows(board, "standing") == [
        ["", "Game 2 column 2", "Game 3 column 1"],
        ["Ann", "0 needs 50", "0 needs 50"],
        ["Ben", "10 needs 40", "0 needs 50"],
    ]


def test_the_first_screen_says_the_games_won_so_far(store_dir: Path) -> None:
    play(store_dir, *ENDLESS)
    assert "Games won: Ann 1, Ben 0." in words(client(store_dir).get("/live").json()["sheet"])


def test_a_match_of_one_game_says_no_games_won(store_dir: Path) -> None:
    play(store_dir, ["Ann", "Ben", "--preset", "gin"], [("gin", "ann", "30")])
    assert "Games won" not in client(store_dir).get("/live").json()["sheet"]


def test_the_games_won_are_said_in_the_pages_language(store_dir: Path) -> None:
    play(store_dir, *ENDLESS)
    for language, said in (("de", "Spielsiege: Ann 1, Ben 0."), ("nl", "Gewonnen spellen")):
        sheet = client(store_dir).get(f"/live?lang={language}").json()["sheet"]
        assert said in words(sheet)


def test_the_live_part_says_what_the_last_hand_won_and_nothing_after_another_hand(
    store_dir: Path,
) -> None:
    """Hand 1 won Game 1 (net +280, worked out above); hand 2 won none."""
    play(store_dir, ENDLESS[0], ENDLESS[1][:1])
    news = client(store_dir).get("/live").json()["news"]
    assert words(news) == "Game 1: won by Ann, net +280"
    ok(invoke(store_dir, *ENDLESS[1][1]))
    assert client(store_dir).get("/live").json()["news"] == ""


def test_the_hand_that_ends_the_match_says_the_game_and_the_match(store_dir: Path) -> None:
    """One game to 30: Ann gin v 10 is 10 + 25 = 35; settled 35 + box bonus 25 + game bonus
    100 doubled for the shutout = 260."""
    play(store_dir, ["Ann", "Ben", "--preset", "gin", "--target", "30"], [("gin", "ann", "10")])
    news = client(store_dir).get("/live?lang=de").json()["news"]
    assert re.findall("<p>(.*?)</p>", news) == [
        unbroken_text("Spiel 1: gewonnen von Ann, netto +260"),
        unbroken_text("PARTIE VORBEI: Ann gewinnt das Spiel"),
    ]


#: The banner's words, once it is shown.
NEWS = (
    "() => document.querySelector('#news-box.shown') ? "
    "document.querySelector('#news').innerText : ''"
)


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium is not installed")
def test_every_phone_hears_a_game_won_not_only_the_one_that_recorded_it(
    store_dir: Path, browser: Any
) -> None:
    """Endless Hollywood to 50 on two columns: Ann knocks 3 v 60, 57, and wins Game 1 (column
    1), Game 3 opening there. Settled: 57 + box bonus 25 + game bonus 100, doubled for the
    shutout (Ben scored nothing) = 282, Ben 0: net +282."""
    play(store_dir, ENDLESS[0], [])
    server = Server(store_dir)
    try:
        first, second = phone(browser, server.address), phone(browser, server.address)
        assert second.evaluate(NEWS) == ""
        enter_knock(first, "Ann", 3, 60)
        first.click("button.record")
        wait_until(second, f"() => ({NEWS})().includes('Game 1: won by Ann, net +282')")
        news = second.locator("#news")
        assert news.get_attribute("role") == "status"
        assert news.get_attribute("aria-live") == "polite"
        assert within_the_first_screen(boxes(second, "#news-box")[0])
        board = words(second.locator("#sheet").inner_html())
        assert "Games won: Ann 1, Ben 0." in board
        assert "Game 2 column 2 Game 3 column 1" in board  # in game order, each its column
        assert "Game 1: won by Ann, net +282" in first.evaluate(NEWS)
        # The phone that recorded it is shown the standing the hand made, the banner over it.
        wait_until(
            first, "() => document.querySelector('#news-box').getBoundingClientRect().top >= 0"
        )
        assert within_the_first_screen(boxes(first, "#news-box")[0])
        # A phone that joins later is not told of it again; the phone that heard it can put
        # the banner away.
        late = phone(browser, server.address)
        time.sleep(0.5)
        assert late.evaluate(NEWS) == ""
        second.click("button.news-close")
        assert second.evaluate(NEWS) == ""
        # The next hand won no game: the news is gone from every phone.
        ok(invoke(store_dir, "knock", "ben", "2", "12"))
        wait_until(first, f"() => ({NEWS})() === ''")
    finally:
        assert server.stop() == 0


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium is not installed")
def test_a_phone_hears_the_match_won_in_its_language(store_dir: Path, browser: Any) -> None:
    """One game to 10: Ben knocks 2 v 20, 18, wins the game and the match."""
    play(store_dir, ["Ann", "Ben", "--dealer", "ann", "--preset", "gin", "--target", "10"], [])
    server = Server(store_dir)
    try:
        page = phone(browser, server.address, "de-DE")
        ok(invoke(store_dir, "knock", "ben", "2", "20"))
        wait_until(page, f"() => ({NEWS})().includes('PARTIE VORBEI: Ben gewinnt das Spiel')")
        assert "Spiel 1: gewonnen von Ben" in page.evaluate(NEWS)
    finally:
        assert server.stop() == 0


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium is not installed")
@pytest.mark.skipif(
    not AXE.exists(), reason=f"axe-core is not installed at {AXE} (.ci/run installs it from npm)"
)
def test_no_serious_accessibility_fault_with_a_game_won_said(store_dir: Path, browser: Any) -> None:
    """Ann knocks 3 v 60 (57) and wins Game 1, as above: each page says so in its banner."""
    play(store_dir, ENDLESS[0], [])
    server = Server(store_dir)
    try:
        pages = []
        for locale in LOCALES.values():
            context = browser.new_context(viewport=PHONE, locale=locale, bypass_csp=True)
            page = context.new_page()
            page.goto(server.address)
            page.wait_for_selector("#sheet h2")
            pages.append(page)
        ok(invoke(store_dir, "knock", "ann", "3", "60"))
        for page in pages:
            wait_until(page, f"() => ({NEWS})() !== ''")
            page.add_script_tag(path=str(AXE))
            found = page.evaluate(
                "async () => (await axe.run()).violations"
                ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
                ".map(v => [v.id, v.nodes.map(n => n.target.join(' '))])"
            )
            assert found == [], found
            page.context.close()
    finally:
        assert server.stop() == 0
