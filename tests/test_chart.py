"""The race chart the page shows: each player's column in each game over the hands, drawn on the
server as SVG (figures of the seeds' worked example, docs/rules.md)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from scorekeeper.engine import Hand, replay
from scorekeeper.render.chart import PANEL_HEIGHT, PANEL_WIDTH, race_svg
from scorekeeper.rules import Rules

SVG = "{http://www.w3.org/2000/svg}"
PLAYERS = ("Alexandra", "Bob <b>")


def worked_example() -> str:
    """Bob wins 10, Alexandra 18, Bob 30, Bob 4: Alexandra 18 / 0 / 0, Bob 44 / 34 / 4."""
    hands = [
        Hand.knock("Bob <b>", 5, 15),
        Hand.knock("Alexandra", 2, 20),
        Hand.knock("Bob <b>", 3, 33),
        Hand.knock("Bob <b>", 6, 10),
    ]
    return race_svg(replay(PLAYERS, Rules(), "Alexandra", hands))


def test_nothing_is_drawn_before_the_first_hand() -> None:
    assert race_svg(replay(PLAYERS, Rules(), "Alexandra", [])) == ""


def test_a_line_for_each_player_in_each_game_and_the_names_escaped() -> None:
    drawn = ET.fromstring(worked_example())  # well-formed: a name is text, never markup
    lines = drawn.findall(f"{SVG}polyline")
    assert len(lines) == 2 * 3
    assert [t.text for t in drawn.iter(f"{SVG}text")] == [
        "Game 1",
        "Game 2",
        "Game 3",
        "Alexandra",
        "Bob <b>",
    ]
    assert drawn.find(f"{SVG}title").text == "The race to 100"  # type: ignore[union-attr]
    said = drawn.find(f"{SVG}desc").text  # type: ignore[union-attr]
    assert said == (
        "Game 1: Alexandra 18, Bob <b> 44. Game 2: Alexandra 0, Bob <b> 34. "
        "Game 3: Alexandra 0, Bob <b> 4."
    )


def test_each_line_climbs_by_the_hands_to_its_column() -> None:
    drawn = ET.fromstring(worked_example())
    bob_game_1 = drawn.findall(f"{SVG}polyline")[1].get("points", "")
    points = [tuple(map(float, p.split(","))) for p in bob_game_1.split()]
    # five points: before the first hand, then after each of the four hands, a quarter apart
    assert [x for x, _y in points] == [PANEL_WIDTH * n / 4 for n in range(5)]
    # Bob's Game 1: 10, 10, 40, 44 of the panel's top, 110 (the target 100 and a tenth above)
    heights = [round((PANEL_HEIGHT - y) / PANEL_HEIGHT * 110, 1) for _x, y in points]
    assert heights == [0, 10, 10, 40, 44]


def test_every_game_is_drawn_to_one_scale() -> None:
    """Alexandra's gin v 80 is 105, which wins Game 1; her knock 2 v 20 is then 18 in Game 2.
    Every panel's top is 105 and a tenth: 115.5 points, so the target's line is at the same
    height in each and Game 2's 18 is drawn as 18 of 115.5."""
    hands = [Hand.gin("Alexandra", 80), Hand.knock("Alexandra", 2, 20)]
    drawn = ET.fromstring(race_svg(replay(PLAYERS, Rules(), "Alexandra", hands)))
    targets = {line.get("y1") for line in drawn.iter(f"{SVG}line") if line.get("class") == "target"}
    assert targets == {f"{PANEL_HEIGHT - PANEL_HEIGHT * 100 / 115.5:.1f}"}
    game_2 = drawn.findall(f"{SVG}polyline")[2].get("points", "")  # Alexandra's, Game 2
    last_y = float(game_2.split()[-1].split(",")[1])
    assert round((PANEL_HEIGHT - last_y) / PANEL_HEIGHT * 115.5, 1) == 18


def test_a_game_won_is_named_with_its_winner() -> None:
    hands = [Hand.gin("Alexandra", 80)]  # 80 + 25 = 105: Game 1 won at once
    drawn = race_svg(replay(PLAYERS, Rules(), "Alexandra", hands))
    assert re.search(r">Game 1: Alexandra<", drawn)


def test_a_long_match_is_drawn_through_at_most_forty_one_points_a_line() -> None:
    """180 hands: the line goes through hand 0 and every 4.5th hand, the last included."""
    hands = [Hand.knock("Bob <b>", 9, 10)] * 180  # Bob +1 in all three games, a hand each
    drawn = ET.fromstring(race_svg(replay(PLAYERS, Rules(target=1000), "Alexandra", hands)))
    bob = drawn.findall(f"{SVG}polyline")[1].get("points", "").split()
    assert len(bob) == 41
    x, y = map(float, bob[-1].split(","))
    assert x == PANEL_WIDTH and abs((PANEL_HEIGHT - y) / PANEL_HEIGHT * 1100 - 180) < 0.6
