"""History statistics across the matches of a store, worked out by hand from RULES.md."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from harness import invoke, ok, refused


@pytest.fixture
def store(tmp_path: Path) -> Path:
    """Two matches between Ann and Ben.

    Match 1 (2 columns to 20): 1 Ann knocks 1 v 30: +29 [1], Game 1 to Ann, Ben has 0 there
    (shutout). 2 Ben knocks 2 v 10: +8, his first win opens Game 2. 3 Ben knocks 1 v 20: +19
    [2] -> 27, Game 2 to Ben, Ann has 0 there (shutout). Drawn, one game each.
      Game 1: Ann 29 + 1 box 25 + game bonus 100 doubled 200 = 254; Ben 0: net +254 for Ann.
      Game 2: Ben 27 + 2 boxes 50 + 200 = 277; Ann 0: net +277 for Ben.
      Net over the match: Ann 254 - 277 = -23, Ben +23.
    Match 2 (standard, open): 1 Ann knocks 5 v 3: undercut, Ben +2+25 = 27. 2 a wall.
    3 Ann gin v 10: +35. 4 Ben big gin v 20: 20+31 = +51.
    """
    root = tmp_path / "store"
    for args in (
        ["new", "Ann", "Ben", "--dealer", "ann", "--target", "20", "--columns", "2"],
        ["knock", "ann", "1", "30"],
        ["knock", "ben", "2", "10"],
        ["knock", "ben", "1", "20"],
        ["new", "Ann", "Ben", "--dealer", "ann"],
        ["knock", "ann", "5", "3"],
        ["wall"],
        ["gin", "ann", "10"],
        ["gin", "ben", "20", "--big"],
    ):
        ok(invoke(root, *args))
    return root


def stats(store: Path, *args: str) -> Any:
    return json.loads(ok(invoke(store, "stats", *args, "--json")))


ANN = {
    "matches": 2,
    "won": 0,
    "drawn": 1,
    "lost": 0,
    "games_won": 1,
    "hands_won": 2,
    "gins": 1,
    "big_gins": 0,
    "undercuts_scored": 0,
    "undercuts_suffered": 1,
    "walls": 1,
    "shutouts": 1,
    "points": 29 + 35,
    "largest_hand": 35,
    "longest_run": 1,
    "net": -23,
    "average_hand": 32.0,
}
BEN = {
    "matches": 2,
    "won": 0,
    "drawn": 1,
    "lost": 0,
    "games_won": 1,
    "hands_won": 4,
    "gins": 0,
    "big_gins": 1,
    "undercuts_scored": 1,
    "undercuts_suffered": 0,
    "walls": 1,
    "shutouts": 1,
    "points": 8 + 19 + 27 + 51,
    "largest_hand": 51,
    "longest_run": 2,
    "net": 23,
    "average_hand": 26.2,
}  # 105 / 4 = 26.25, shown to one place


def test_every_player(store: Path) -> None:
    assert stats(store) == {"players": {"Ann": ANN, "Ben": BEN}}


def test_one_player_with_head_to_head(store: Path) -> None:
    assert stats(store, "an") == {"player": "Ann", "stats": ANN, "opponents": {"Ben": ANN}}


def test_two_players_head_to_head(store: Path) -> None:
    assert stats(store, "ben", "--against", "ann") == {
        "player": "Ben",
        "against": "Ann",
        "stats": {"Ben": BEN, "Ann": ANN},
    }


def test_figures_of_a_finished_match_come_from_the_index(store: Path) -> None:
    """figures.json keeps a finished match's figures: stats need not replay it."""
    columns = json.loads((store / "figures.json").read_text(encoding="utf-8"))["columns"]["1"]
    assert columns["ids"] == [1]
    assert columns["figures"][0]["Ann"]["net"] == -23
    (store / "matches" / "1.json").write_text("damaged", encoding="utf-8")
    assert stats(store)["players"]["Ben"]["net"] == 23


def test_stats_in_a_table(store: Path) -> None:
    result = invoke(store, "stats", "ann", env={"COLUMNS": "120"})
    lines = [line.split() for line in ok(result).splitlines()]
    assert ["Average", "hand", "32.0"] in lines
    assert ["Ben", "2", "0", "1", "0", "1", "2", "-23"] in lines


@pytest.mark.parametrize(
    "args, message",
    [
        (["zed"], "'zed' has played no match in this store"),
        (["--against", "ann"], "--against compares two players"),
        (["ann", "--against", "an"], "Name two different players"),
    ],
)
def test_stats_refuses_what_it_cannot_answer(store: Path, args: list[str], message: str) -> None:
    refused(invoke(store, "stats", *args), 2, message)


def test_the_three_answers_are_typed(store: Path) -> None:
    """``summarise`` answers with a value of its own kind for each question, not a dict whose
    shape a reader must guess; ``stats --json`` is that value's fields."""
    from scorekeeper.stats import Everyone, HeadToHead, OnePlayer, summarise
    from scorekeeper.store import Store

    history = Store(store).history()
    everyone, one, both = (
        summarise(history),
        summarise(history, "Ann"),
        summarise(history, "Ann", "Ben"),
    )
    assert isinstance(everyone, Everyone) and sorted(everyone.players) == ["Ann", "Ben"]
    assert isinstance(one, OnePlayer) and list(one.opponents) == ["Ben"]
    assert isinstance(both, HeadToHead) and (both.player, both.against) == ("Ann", "Ben")
    assert stats(store, "ann") == json.loads(json.dumps(one._asdict()))
