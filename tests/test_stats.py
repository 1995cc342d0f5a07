"""History statistics across the matches of a store, worked out by hand from RULES.md."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from harness import invoke, ok, refused, summaries_file


@pytest.fixture
def store(tmp_path: Path) -> Path:
    """Five matches between Ann and Ben; only the two finished ones count.

    Match 1 (2 columns to 20): 1 Ann knocks 1 v 30: +29 [1], Game 1 to Ann, Ben has 0 there
    (shutout). 2 Ben knocks 2 v 10: +8, his first win opens Game 2. 3 Ben knocks 1 v 20: +19
    [2] -> 27, Game 2 to Ben, Ann has 0 there (shutout). Drawn, one game each.
      Game 1: Ann 29 + 1 box 25 + game bonus 100 doubled 200 = 254; Ben 0: net +254 for Ann.
      Game 2: Ben 27 + 2 boxes 50 + 200 = 277; Ann 0: net +277 for Ben.
      Net over the match: Ann 254 - 277 = -23, Ben +23.
    Match 2 (to 60, the first game ends it): 1 Ann knocks 5 v 3: undercut, Ben +2+25 = 27 [1].
    2 a wall. 3 Ann gin v 10: +35 [1]. 4 Ben big gin v 20: 20+31 = +51 [1, 2] -> Game 1 Ben
    78, Ann 35: Game 1 and the match to Ben (column points 78+51 = 129 v 35).
      Game 1: Ben 78 + 2 boxes 50 + 100 = 228; Ann 35 + 1 box 25 = 60 (no shutout): net +168.
      Game 2 (Ben 51, short of 60) is cut short: no settlement.
    Match 3 is being played (Ann's gin v 30), match 4 abandoned (Ben's knock 2 v 40), match 5
    finished (Ann's knock 1 v 50 to 10) and deleted: none of them counts.
    """
    root = tmp_path / "store"
    for args in (
        ["new", "Ann", "Ben", "--dealer", "ann", "--target", "20", "--columns", "2"],
        ["knock", "ann", "1", "30"],
        ["knock", "ben", "2", "10"],
        ["knock", "ben", "1", "20"],
        ["new", "Ann", "Ben", "--dealer", "ann", "--target", "60", "--end-after-first-game"],
        ["knock", "ann", "5", "3"],
        ["wall"],
        ["gin", "ann", "10"],
        ["gin", "ben", "20", "--big"],
        ["new", "Ann", "Ben", "--dealer", "ann"],
        ["gin", "ann", "30"],
        ["new", "Ann", "Ben", "--dealer", "ann"],
        ["knock", "ben", "2", "40"],
        ["abandon"],
        ["new", "Ann", "Ben", "--dealer", "ann", "--target", "10", "--end-after-first-game"],
        ["knock", "ann", "1", "50"],
        ["delete", "5", "--yes"],
    ):
        ok(invoke(root, *args))
    return root


def stats(store: Path, *args: str) -> Any:
    return json.loads(ok(invoke(store, "stats", *args, "--json")))


ANN = {
    "matches": 2,
    "won": 0,
    "drawn": 1,
    "lost": 1,
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
    "net": -23 - 168,
    "average_hand": 32.0,
}
BEN = {
    "matches": 2,
    "won": 1,
    "drawn": 1,
    "lost": 0,
    "games_won": 2,
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
    "net": 23 + 168,
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


def test_figures_of_a_finished_match_come_from_the_summaries(
    store: Path, cache_of_this_test: Path
) -> None:
    """The summaries keep a finished match's figures: stats need not replay it, as long as its
    file is as it was."""
    stats(store)
    with sqlite3.connect(summaries_file(cache_of_this_test)) as db:
        assert db.execute("SELECT DISTINCT match FROM figures ORDER BY match").fetchall() == [
            (1,),
            (2,),
        ]
        net = "SELECT net FROM figures WHERE match = 1 AND player = 'Ann'"
        assert db.execute(net).fetchone() == (-23,)
        db.execute("UPDATE figures SET net = -1000 WHERE match = 1 AND player = 'Ann'")
        db.execute("UPDATE totals SET net = net - 1000 + 23 WHERE player = 'Ann'")
        # Derived long after the file's last change (not racy: trusted as long as it holds).
        db.execute("UPDATE matches SET ctime = ctime - 10000000000")
    assert stats(store)["players"]["Ann"]["net"] == -1000 - 168
    ok(invoke(store, "use", "1"))  # a change of the store, not of match 1: the row holds
    assert stats(store)["players"]["Ann"]["net"] == -1000 - 168
    shutil.copy2(store / "matches" / "1.json", store / "1.json")  # cp -p over it in place:
    shutil.copyfile(store / "1.json", store / "matches" / "1.json")  # the same bytes, and
    (store / "1.json").unlink()  # its row is worked out again from them
    assert stats(store)["players"]["Ann"]["net"] == -23 - 168


def test_stats_in_a_table(store: Path) -> None:
    result = invoke(store, "stats", "ann", env={"COLUMNS": "120"})
    lines = [line.split() for line in ok(result).splitlines()]
    assert ["Average", "hand", "32.0"] in lines
    assert ["Ben", "2", "0", "1", "1", "1", "2", "-191"] in lines


@pytest.mark.parametrize(
    "args, message",
    [
        (["zed"], "'zed' has finished no match in this store"),
        (["--against", "ann"], "--against compares two players"),
        (["ann", "--against", "an"], "Name two different players"),
    ],
)
def test_stats_refuses_what_it_cannot_answer(store: Path, args: list[str], message: str) -> None:
    refused(invoke(store, "stats", *args), 2, message)


def test_the_three_answers_are_typed(store: Path) -> None:
    """``stats`` answers with a value of its own kind for each question, not a dict whose
    shape a reader must guess; ``stats --json`` is that value as JSON."""
    from scorekeeper.stats import Everyone, Figures, HeadToHead, OnePlayer
    from scorekeeper.store import Store

    summaries = Store(store).summaries()
    everyone = Everyone(summaries.everyone())
    assert sorted(everyone.players) == ["Ann", "Ben"]
    assert isinstance(everyone.players["Ann"], Figures)
    one = OnePlayer("Ann", everyone.players["Ann"], summaries.against("Ann"))
    assert list(one.opponents) == ["Ben"]
    both = HeadToHead(
        "Ann", "Ben", {"Ann": one.opponents["Ben"], "Ben": summaries.against("Ben")["Ann"]}
    )
    assert stats(store, "ann") == one.to_json()
    assert stats(store, "ann", "--against", "ben") == both.to_json()
    assert stats(store) == everyone.to_json()


def figures(**changed: int) -> dict[str, Any]:
    """A player's figures in one match: all 0 but those given (and one match played)."""
    shown: dict[str, Any] = {**dict.fromkeys(ANN, 0), "matches": 1, "average_hand": 0.0}
    return {**shown, **changed}


def test_a_partners_own_hands_count_for_them_and_their_team(tmp_path: Path) -> None:
    """Partnership Gin to 30, the first game ending the match. Deal 1: Ann v Cid, Ann gin v
    12: Ann +37; Bob v Dee, Bob knocks 3 v 2: undercut, Dee +1+25 = 26. Ann & Bob 37 v 26: the
    team +11 [1]. Deal 2 (partners change): Ann v Dee a wall; Bob v Cid, Cid gin v 5: Cid +30.
    Cid & Dee +30 [1]: Game 1 and the match to Cid & Dee, column points 30 v 11.
      Game 1: Cid & Dee 30 + 1 box 25 + 100 = 155; Ann & Bob 11 + 1 box 25 = 36: net +119.
    Each team's gins and undercuts are its partners'; each partner has the hands of their own
    tables, and the team's result, games and net."""
    root = tmp_path / "store"
    for args in (
        ["new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "cid", "--target", "30"]
        + ["--end-after-first-game"],
        ["gin", "ann", "12"],
        ["knock", "bob", "3", "2"],
        ["wall", "ann"],
        ["gin", "cid", "5"],
    ):
        ok(invoke(root, *args))
    lost, won = {"lost": 1, "net": -119}, {"won": 1, "games_won": 1, "net": 119}
    assert stats(root) == {
        "players": {
            "Ann": figures(
                **lost, hands_won=1, gins=1, walls=1, points=37, largest_hand=37, longest_run=1
            )
            | {"average_hand": 37.0},
            "Ann & Bob": figures(
                **lost,
                hands_won=1,
                gins=1,
                undercuts_suffered=1,
                walls=1,
                points=11,
                largest_hand=11,
                longest_run=1,
            )
            | {"average_hand": 11.0},
            "Bob": figures(**lost, undercuts_suffered=1),
            "Cid": figures(**won, hands_won=1, gins=1, points=30, largest_hand=30, longest_run=1)
            | {"average_hand": 30.0},
            "Cid & Dee": figures(
                **won,
                hands_won=1,
                gins=1,
                undercuts_scored=1,
                walls=1,
                points=30,
                largest_hand=30,
                longest_run=1,
            )
            | {"average_hand": 30.0},
            "Dee": figures(
                **won,
                hands_won=1,
                undercuts_scored=1,
                walls=1,
                points=26,
                largest_hand=26,
                longest_run=1,
            )
            | {"average_hand": 26.0},
        }
    }
    # A partner's opponents are the other team's partners, never the partner.
    assert stats(root, "ann", "--against", "dee")["stats"]["Ann"]["matches"] == 1
    assert stats(root, "ann", "--against", "bob")["stats"]["Ann"]["matches"] == 0
    assert list(stats(root, "ann")["opponents"]) == ["Cid", "Dee"]


def test_a_renamed_player_counts_under_the_new_name(store: Path) -> None:
    ok(invoke(store, "rename", "ben", "Benjamin", "--match", "2"))
    assert sorted(stats(store)["players"]) == ["Ann", "Ben", "Benjamin"]
    assert stats(store, "benj")["stats"]["won"] == 1


def test_a_player_of_unfinished_matches_only_has_no_figures(tmp_path: Path) -> None:
    root = tmp_path / "store"
    ok(invoke(root, "new", "Ann", "Ben"))
    ok(invoke(root, "knock", "ann", "3", "20"))
    assert ok(invoke(root, "stats")) == "No finished match yet.\n"
    refused(invoke(root, "stats", "ann"), 2, "'ann' has finished no match in this store: none")


def test_a_three_handed_match_counts_each_players_own_hands(tmp_path: Path) -> None:
    """RULES.md's worked example. 1 Ann knocks 2 v 63 against Ben: Ann +61. 2 Cid knocks 2 v
    60 against Ann: Cid +58. 3 and 4 Ben knocks 1 v 51, against Cid and then Ann: +50 twice,
    Ben 100 wins. Nets: Ben (250 - 86) + (250 - 83) = +331, Ann -161, Cid -170. Each player's
    opponents are the other two."""
    root = tmp_path / "store"
    ok(invoke(root, "new", "Ann", "Ben", "Cid", "--dealer", "ann"))
    for hand in (["ann", "2", "63"], ["cid", "2", "60"], ["ben", "1", "51"], ["ben", "1", "51"]):
        ok(invoke(root, "knock", *hand))
    one = {"hands_won": 1, "longest_run": 1, "lost": 1}
    assert stats(root)["players"] == {
        "Ann": figures(**one, points=61, largest_hand=61, net=-161) | {"average_hand": 61.0},
        "Ben": figures(
            won=1, games_won=1, hands_won=2, points=100, largest_hand=50, longest_run=2, net=331
        )
        | {"average_hand": 50.0},
        "Cid": figures(**one, points=58, largest_hand=58, net=-170) | {"average_hand": 58.0},
    }
    assert list(stats(root, "ann")["opponents"]) == ["Ben", "Cid"]
    assert stats(root, "cid", "--against", "ann")["stats"]["Cid"]["matches"] == 1
