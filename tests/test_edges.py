"""Edge cases: odd stores, odd files and odd combinations of options, each refused cleanly or
handled the way a player would expect."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from harness import invoke, ok, refused, snapshot


def test_a_new_match_never_takes_the_index_row_of_a_match_moved_out(tmp_path: Path) -> None:
    store = tmp_path / "store"
    ok(invoke(store, "new", "Ann", "Ben", "--dealer", "ann", "--target", "10", "--columns", "2"))
    ok(invoke(store, "knock", "ann", "1", "20"))
    ok(invoke(store, "knock", "ann", "1", "20"))  # Ann wins 2-0: match 1 is indexed as finished
    shutil.move(store / "matches" / "1.json", tmp_path / "1.json")
    ok(invoke(store, "new", "Cy", "Di", "--dealer", "cy"))  # takes id 1 again
    listed = invoke(store, "matches").output.splitlines()[1].split()
    assert listed[:4] == ["*1", "Cy", "v", "Di"] and "open" in listed
    assert invoke(store, "check").exit_code == 0


def test_an_imported_knock_without_the_knockers_deadwood_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    path.write_text(
        json.dumps(
            {
                "format": "scorekeeper-match",
                "version": 1,
                "players": ["Ann", "Ben"],
                "first_dealer": "Ann",
                "hands": [{"entry": "knock", "knocker": "Ann", "opponent_deadwood": 10}],
            }
        )
    )
    result = invoke(tmp_path / "store", "import", str(path))
    assert result.exit_code == 2
    assert "The knocker's deadwood must be a whole number from 0 to 98, not None" in result.output


@pytest.mark.parametrize(
    "content", ["[" * 100_000 + "]" * 100_000, '{"version": ' + "9" * 5_000 + "}"]
)
def test_json_nested_too_deeply_or_with_too_long_a_number_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "deep.json").write_text(content)
    result = invoke(tmp_path / "store", "import", "deep.json")
    assert (result.exit_code, result.stderr) == (
        2,
        "Error: deep.json cannot be imported: it holds JSON nested too deeply or a number too "
        "long to be read.\n",
    )


def test_amending_a_partnership_hand_to_a_wall_keeps_its_table(tmp_path: Path) -> None:
    store = tmp_path / "store"
    ok(invoke(store, "new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "ann"))
    ok(invoke(store, "knock", "ann", "3", "20"))  # Ann v Cid
    ok(invoke(store, "gin", "dee", "12"))  # Bob v Dee: deal 1 complete
    result = invoke(store, "amend", "1", "wall")
    assert result.exit_code == 0, result.output
    # Deal 1 is now a wall at Ann v Cid and Dee's gin 12 + 25 = 37 for Cid & Dee.
    shown = json.loads(invoke(store, "show", "--json").output)
    assert shown["rounds"][0]["winner"] == "Cid & Dee" and shown["rounds"][0]["points"] == 37
    assert [t["kind"] for t in shown["rounds"][0]["tables"]] == ["wall", "gin"]


def test_stats_of_a_player_in_an_empty_store(tmp_path: Path) -> None:
    result = invoke(tmp_path / "store", "stats", "ann")
    assert result.exit_code == 2
    assert "'ann' has finished no match in this store: none is finished yet." in result.output
    assert invoke(tmp_path / "store", "stats").output == "No finished match yet.\n"


@pytest.mark.parametrize("value", ["abc", "nan", "inf", "-1", "1e9", "601", "٣", "1_0"])
def test_a_lock_timeout_that_is_not_a_number_of_seconds_is_refused(
    tmp_path: Path, value: str
) -> None:
    result = invoke(tmp_path / "store", "show", env={"SCOREKEEPER_LOCK_TIMEOUT": value})
    assert result.exit_code == 2
    assert f"{value!r} is not a number of seconds from 0 to 600, e.g. 2.5." in result.output


def test_undercut_cannot_be_claimed_for_cards_that_make_gin(tmp_path: Path) -> None:
    store = tmp_path / "store"
    ok(invoke(store, "new", "Ann", "Ben", "--dealer", "ann"))
    result = invoke(
        store,
        "knock",
        "ann",
        "--undercut",
        "--cards",
        "2s 3s 4s 5h 6h 7h 6c 7c 8c 9c",
        "--opponent-cards",
        "8s 9s kh kc qh jc 3h 4h 9d 10c",
    )
    assert result.exit_code == 2
    assert "gin cannot be undercut" in result.output


def test_play_all_games_is_reported_as_such(tmp_path: Path) -> None:
    store = tmp_path / "store"
    out = invoke(store, "new", "Ann", "Ben", "--preset", "short", "--play-all-games").output
    assert out.startswith("Match 1: Ann v Ben, short rules (changed: --play-all-games).")
    # An option that gives the preset's own value changes nothing, and is not listed.
    out = invoke(store, "new", "Ann", "Ben", "--play-all-games", "--columns", "3").output
    assert out.startswith("Match 2: Ann v Ben, standard rules.")


def test_a_partnership_correction_stays_at_its_table(tmp_path: Path) -> None:
    store = tmp_path / "store"
    ok(invoke(store, "new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "ann"))
    ok(invoke(store, "knock", "ann", "3", "20"))  # hand 1, at Ann v Cid
    result = invoke(store, "amend", "1", "knock", "bob", "3", "20")
    assert result.exit_code == 2
    assert "Hand 1 was played at Ann v Cid. Name one of them." in result.output
    assert invoke(store, "amend", "1", "knock", "cid", "3", "20").exit_code == 0


def test_a_half_reported_deal_shows_under_the_sheet(tmp_path: Path) -> None:
    store = tmp_path / "store"
    ok(invoke(store, "new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "ann"))
    ok(invoke(store, "knock", "bob", "2", "25"))  # Bob v Dee reports deal 1: Bob +23
    assert (
        "Deal 1, Bob v Dee: Bob knocks 2 v 25 -> Bob +23; waiting for Ann v Cid."
        in invoke(store, "show").output
    )


def test_the_command_line_names_the_options_and_gives_the_advice(tmp_path: Path) -> None:
    store = tmp_path / "store"
    refused(
        invoke(store, "new", "Ann", "Ben", "--gin-bonus", "5000"),
        2,
        "--gin-bonus must be a whole number from 0 to 1000, not 5000.",
    )
    refused(
        invoke(store, "new", "Ann", "Ben", "--ace-knocks-one"),
        2,
        "--ace-knocks-one is a rule of Oklahoma Gin; add --oklahoma.",
    )
    ok(invoke(store, "new", "Ann", "Ben", "--oklahoma", "--dealer", "ann"))
    refused(
        invoke(store, "knock", "ann", "3", "20"),
        2,
        "the card that started the discard pile, is part of its record; it sets the hand's "
        "knock limit. "
        "Give it with --upcard, e.g. --upcard 7h.",
    )


def test_counts_given_the_wrong_way_round_are_pointed_out(tmp_path: Path) -> None:
    """22 v 5: the knocker cannot have 22 (limit 10) but could have 5: the counts are swapped."""
    store = tmp_path / "store"
    ok(invoke(store, "new", "Ann", "Ben", "--dealer", "ann"))
    said = refused(invoke(store, "knock", "ann", "22", "5"), 2, "knock limit is 10")
    assert said.endswith("The knocker's count comes first: did you mean 5 22?")
    said = refused(invoke(store, "knock", "ann", "22", "30"), 2, "knock limit is 10")
    assert "did you mean" not in said
    assert json.loads(ok(invoke(store, "show", "--json")))["rounds"] == []


@pytest.mark.parametrize(
    "args",
    [
        ["amend", "1", "--dry-run", "knock", "ann", "2", "30"],
        ["amend", "--dry-run", "1", "knock", "ann", "2", "30"],
        ["amend", "1", "knock", "--dry-run", "ann", "2", "30"],
        ["amend", "1", "knock", "ann", "2", "30", "--dry-run"],
    ],
)
def test_amend_takes_dry_run_anywhere(tmp_path: Path, args: list[str]) -> None:
    store = tmp_path / "store"
    ok(invoke(store, "new", "Ann", "Ben", "--dealer", "ann"))
    ok(invoke(store, "knock", "ann", "3", "20"))  # 17 in Game 1
    before = snapshot(store)
    said = ok(invoke(store, *args)).splitlines()
    assert said[0] == "Dry run: this is what the hand would do; nothing was stored."
    assert said[2] == "     by Hand 1: Ann knocks 2 v 30 -> Ann +28 in Game 1"  # 30 - 2
    assert snapshot(store) == before


def test_an_option_missing_its_value_names_the_command_and_its_usage(tmp_path: Path) -> None:
    result = invoke(tmp_path / "store", "new", "Ann", "Ben", "--dealer")
    assert result.exit_code == 2
    assert result.stderr == (
        "Error: Option '--dealer' requires an argument. Usage: scorekeeper new [OPTIONS] "
        "[PLAYER1] [PLAYER2] [PLAYER3] ('scorekeeper new --help' says more)\n"
    )
    assert not (tmp_path / "store").exists()
