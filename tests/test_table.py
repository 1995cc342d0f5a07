"""What players at the table notice: corrections that change a result are announced, names are
found without case or accents, numbers are checked with a useful message, the sheet fits the
terminal, and the next match's dealer follows the last one."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from harness import Run, ok
from hypothesis import assume, given, settings
from hypothesis import strategies as st


def test_a_correction_that_gives_a_game_to_the_other_player_says_so(run) -> None:  # type: ignore[no-untyped-def]
    ok(run("new", "Ann", "Ben", "--dealer", "ann", "--target", "20", "--columns", "2"))
    ok(run("knock", "ann", "1", "30"))  # 1 Ann +29 [1]: Game 1 to Ann
    # Hand 1 becomes Ben's: 29 in his Game 1, which he now wins.
    out = run("amend", "1", "knock", "ben", "1", "30").output
    # Ben 29 + box 25 + game bonus 100 doubled (Ann has 0: shutout) 200 = 254; net 254.
    assert "*** GAME 1 NOW WON BY Ben (was Ann), 29 to 0, net +254 after bonuses ***" in out


def test_undoing_the_hand_that_ended_the_match_reopens_it_loudly(run) -> None:  # type: ignore[no-untyped-def]
    ok(run("new", "Ann", "Ben", "--dealer", "ann", "--target", "20", "--columns", "2"))
    ok(run("knock", "ann", "1", "30"))  # Game 1 to Ann
    ok(run("knock", "ann", "1", "30"))  # Ann's second win opens Game 2: 29, match over 2-0
    out = run("undo").output
    assert "*** GAME 2 IS OPEN AGAIN (it was won by Ann) ***" in out
    assert "*** THE MATCH IS OPEN AGAIN (it was: MATCH OVER: Ann wins 2 games to 0) ***" in out
    assert run("matches").output.splitlines()[1].split()[-1] == "open"


@pytest.mark.parametrize("typed", ["zoe", "ZOË", "Zo", "j", "jorg"])
def test_players_are_found_without_case_or_accents(run, typed: str) -> None:  # type: ignore[no-untyped-def]
    ok(run("new", "Jörg", "Zoë", "--dealer", "jorg"))
    result = run("knock", typed, "3", "20")
    assert result.exit_code == 0, result.output
    winner = "Zoë" if typed.lower().startswith("z") else "Jörg"
    assert result.output.startswith(f"Hand 1: {winner} knocks 3 v 20 -> {winner} +17 in Game 1")


def test_names_equal_but_for_accents_are_refused(run) -> None:  # type: ignore[no-untyped-def]
    result = run("new", "Zoe", "Zoë")
    assert result.exit_code == 2
    assert "Both players are called 'Zoe'" in result.output


@pytest.mark.parametrize(
    "args, message",
    [
        (["knock", "ann", "3", "-20"], "the opponent's deadwood must be from 0 to 98, not -20."),
        # A count below 0 is out of the counts' range (as on the page); over the knock limit
        # but within it, the knock limit refuses it.
        (["knock", "ann", "-3", "20"], "the knocker's deadwood must be from 0 to 98, not -3."),
        (["knock", "ann", "30", "20"], "Nobody can knock with 30 deadwood: the knock limit is 10."),
        (["knock", "ann", "3.5", "20"], "'3.5' is not a whole number: the knocker's deadwood is "),
        (
            ["knock", "3", "ann", "20"],
            "'ann' is not a whole number: the knocker's deadwood is from 0 to 98.",
        ),
        (["gin", "ann", "200"], "the opponent's deadwood must be from 0 to 98, not 200."),
    ],
)
def test_numbers_are_checked_with_a_message_saying_what_they_count(
    run: Run, args: list[str], message: str
) -> None:
    ok(run("new", "Ann", "Ben", "--dealer", "ann"))
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output
    assert "No such option" not in result.output


def test_the_next_match_between_the_same_players_takes_the_dealer_the_last_one_named(run) -> None:  # type: ignore[no-untyped-def]
    ok(run("new", "Ann", "Ben", "--dealer", "ann", "--target", "10", "--columns", "2"))
    ok(run("knock", "ann", "1", "30"))
    out = run("knock", "ann", "1", "30").output  # Ann wins 2-0; the loser, Ben, deals next
    assert "Ben deals the first hand of the next match." in out
    assert (
        "ben deals first, as the last match between them said." in run("new", "ann", "ben").output
    )


def test_amend_takes_the_match_after_the_hand_too(run) -> None:  # type: ignore[no-untyped-def]
    ok(run("new", "Ann", "Ben", "--dealer", "ann"))
    ok(run("knock", "ann", "3", "20"))
    ok(run("new", "Cid", "Dee", "--dealer", "cid"))
    result = run("amend", "1", "knock", "ben", "3", "20", "-m", "1")
    assert result.exit_code == 0, result.output
    assert "by Hand 1: Ben knocks 3 v 20 -> Ben +17 in Game 1" in result.output


def sheet_lines(run, width: int) -> list[str]:  # type: ignore[no-untyped-def]
    ok(run("new", "Maximilian von Habsburg", "Bartholomew Fitzgerald", "--dealer", "max"))
    for _ in range(3):
        ok(run("knock", "max", "3", "30"))
        ok(run("knock", "bart", "2", "9"))
    return [line.rstrip() for line in run("show", env={"COLUMNS": str(width)}).output.splitlines()]


def test_a_sheet_too_wide_for_the_terminal_stacks_its_games(run) -> None:  # type: ignore[no-untyped-def]
    lines = sheet_lines(run, 50)
    assert all(len(line) <= 50 for line in lines)
    assert [line for line in lines if re.fullmatch(r"Game \d", line)] == [
        "Game 1",
        "Game 2",
        "Game 3",
    ]
    # Each game's table under the players' first names, shortened the same way in each.
    headers = [line.split() for line in lines if line.split()[:2] == ["#", "Hand"]]
    assert headers == [["#", "Hand", "Maximilian", "Bartholomew"]] * 3
    assert any(line.split()[:3] == ["1", "+27", "27"] for line in lines)


def test_a_sheet_that_fits_keeps_its_games_side_by_side(run) -> None:  # type: ignore[no-untyped-def]
    lines = sheet_lines(run, 80)
    assert all(len(line) <= 80 for line in lines)
    header = next(i for i, line in enumerate(lines) if line.split()[:2] == ["#", "Hand"])
    # Each player's name whole over that player's three games.
    names = lines[header - 1].replace("─", " ").split("  ")
    assert [name.strip() for name in names if name.strip()] == [
        "Maximilian von Habsburg",
        "Bartholomew Fitzgerald",
    ]
    assert lines[header].split()[2:] == ["Game", "1", "Game", "2", "Game", "3"] * 2
    assert not any(re.fullmatch(r"Game \d", line) for line in lines)


@pytest.mark.parametrize(
    "answers, stopped",
    [
        ("knock\n", True),  # the input ends in the middle of a hand: like Ctrl-D / Ctrl-C
        ("knock\nann\n", True),
        ("", False),  # at the first question
        ("q\n", False),
        ("\n", False),
    ],
)
def test_stopping_record_anywhere_is_no_error_and_ends_with_the_tally(  # type: ignore[no-untyped-def]
    run, answers: str, stopped: bool
) -> None:
    """One rule for every way to stop: exit 0, the evening's tally last."""
    ok(run("new", "Ann", "Ben", "--dealer", "ann"))
    result = run("record", input=answers)
    assert result.exit_code == 0
    assert ("Stopped: this hand was not recorded." in result.output) is stopped
    assert result.output.splitlines()[-1] == "No hand was recorded."
    assert "Hand 1" not in run("log").output


def finished_match(run) -> None:  # type: ignore[no-untyped-def]
    ok(run("new", "Ann", "Ben", "--dealer", "ann", "--target", "20", "--columns", "2"))
    ok(run("knock", "ann", "1", "30"))  # 1 Ann +29 [1]: Game 1 to Ann
    ok(run("knock", "ben", "2", "10"))  # 2 Ben +8  [2] (Game 1 ended: his first win opens Game 2)
    ok(run("knock", "ben", "1", "20"))  # 3 Ben +19 [2] -> 27: Game 2 to Ben; drawn 1-1


@pytest.mark.parametrize("fmt", ["svg", "html"])
def test_the_sheet_as_a_picture_holds_players_totals_and_settlement(
    run: Run, tmp_path: Path, fmt: str
) -> None:
    finished_match(run)
    path = tmp_path / f"sheet.{fmt}"
    assert run("export", "--format", fmt, "-o", str(path)).exit_code == 0
    text = path.read_text(encoding="utf-8")
    assert text.lstrip().startswith("<svg" if fmt == "svg" else "<!DOCTYPE html>")
    if fmt == "svg":  # rich writes each space of the terminal as &#160;
        text = text.replace("&#160;", " ")
    # Game 1: Ann 29 + box 25 + 100 doubled (Ben 0) = 254. Game 2: Ben 27 + 2 boxes 50 + 200
    # (Ann has 0 in Game 2: a shutout) = 277.
    for shown in ("Match 1: Ann v Ben", "Column", "Total", "254", "277", "+254", "+277"):
        assert shown in text, shown


def test_dry_run_shows_the_hand_and_stores_nothing(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ok(run("new", "Ann", "Ben", "--dealer", "ann"))
    store = tmp_path / "store"
    before = {p: p.read_bytes() for p in store.rglob("*.json")}
    out = run("knock", "ann", "3", "20", "--dry-run").output
    assert out.startswith(
        "Dry run: this is what the hand would do; nothing was stored.\n"
        "Hand 1: Ann knocks 3 v 20 -> Ann +17 in Game 1\n"
    )
    assert {p: p.read_bytes() for p in store.rglob("*.json")} == before
    ok(run("knock", "ann", "3", "20"))
    out = run("amend", "1", "gin", "ben", "10", "--dry-run").output
    assert "     by Hand 1: Ben goes gin v 10 -> Ben +35 in Game 1" in out
    assert "Ann knocks 3 v 20" in run("log").output


def test_stakes_say_what_the_next_win_is_worth(run) -> None:  # type: ignore[no-untyped-def]
    ok(run("new", "Ann", "Ben", "--dealer", "ann"))
    ok(run("knock", "ann", "3", "20"))  # Ann +17 [1]
    out = run("knock", "ann", "3", "13").output  # Ann +10 [1, 2]: 27 / 10
    # Ann has opened Games 1 and 2: her next win opens Game 3 too. Ben has opened none.
    assert "Ann's next win counts in Games 1, 2, 3; Ben's in Game 1." in out
    assert (
        "Still to go: Game 1 Ann 73, Ben 100; Game 2 Ann 90, Ben 100; Game 3 Ann 100, Ben 100."
    ) in out
    assert "Ann's next win counts in Games 1, 2, 3; Ben's in Game 1." in run("show").output


def test_a_rematch_keeps_players_and_rules_and_takes_the_next_dealer(run) -> None:  # type: ignore[no-untyped-def]
    finished_match(run)  # Ben won the last hand, so Ann (the loser) deals next
    out = run("new", "--rematch").output
    assert out.startswith(
        "Match 2: Ann v Ben, the last match's rules.\nAnn deals first, as the last match said.\n"
    )
    shown = json.loads(run("show", "--json").output)
    assert shown["rules"]["target"] == 20 and shown["rules"]["columns"] == 2
    refused = run("new", "--rematch")
    assert refused.exit_code == 1 and "Match 2 is still being played" in refused.output


def test_a_correction_that_changes_a_settlement_says_so(run) -> None:  # type: ignore[no-untyped-def]
    ok(run("new", "Ann", "Ben", "--dealer", "ann", "--target", "20", "--columns", "2"))
    ok(run("knock", "ann", "1", "30"))  # Game 1 to Ann: 29 + 25 + 200 (shutout) = 254
    out = run("amend", "1", "knock", "ann", "1", "40").output
    # Now 39 + 25 + 200 = 264.
    assert "*** GAME 1 STILL WON BY Ann, now 39 to 0, net +264 (was +254) ***" in out


def test_variants_are_named_in_the_title(run) -> None:  # type: ignore[no-untyped-def]
    ok(run("new", "Ann", "Ben", "--oklahoma", "--dealer", "ann"))
    assert run("show").output.startswith("Match 1: Ann v Ben (Oklahoma Gin)")
    ok(run("new", "--teams", "Ann & Bob", "Cid & Dee", "--straight", "--dealer", "ann"))
    assert run("log").output.startswith(
        "Match 2: Ann & Bob v Cid & Dee (Partnership Gin, Straight Gin)"
    )


NAMES = (
    st.text(st.sampled_from("abcXYZéø山田😀 &-"), min_size=1, max_size=14)
    .map(str.strip)
    .filter(lambda name: name and name[0] != "&")
)


@settings(deadline=None)  # as many examples as the profile says (see conftest.py)
@given(
    first=NAMES,
    second=NAMES,
    hands=st.lists(st.tuples(st.booleans(), st.integers(0, 98)), max_size=12),
)
def test_the_width_a_sheet_is_chosen_by_is_the_width_rich_draws(
    first: str, second: str, hands: list[tuple[bool, int]]
) -> None:
    """The sheet picks full names, short names or stacked games by adding up its widest cells
    and words; those sums must be what rich draws, or a sheet would be cut or shortened
    needlessly."""
    from scorekeeper.engine import Hand, InvalidHand, MatchFinished, fold, replay
    from scorekeeper.render.layout import NAME_ROOM, TIGHT_ROOM, short_names
    from scorekeeper.render.sheet import Sheet, Stacked
    from scorekeeper.rules import Rules

    assume(fold(first) != fold(second))
    played: list[Hand] = []
    for first_wins, deadwood in hands:
        hand = Hand.gin(first if first_wins else second, deadwood)
        try:
            replay((first, second), Rules(), first, [*played, hand])
        except (InvalidHand, MatchFinished):
            break
        played.append(hand)
    sheet = replay((first, second), Rules(), first, played)
    layouts: list[Sheet | Stacked] = []
    for room in (NAME_ROOM, TIGHT_ROOM, 100):
        names = short_names(sheet.players, room)
        layouts += [Sheet(sheet, sheet.games, names), Stacked(sheet, names)]
    for layout in layouts:
        widest = drawn_width(layout, 10_000)
        if isinstance(layout, Sheet):  # as wide as its widest cells, not a column more
            assert widest == layout.fitted.frame + sum(layout.fitted.natural)
        assert drawn_width(layout, layout.least_width()) <= layout.least_width()


def drawn_width(renderable: object, width: int) -> int:
    """How wide rich draws something given ``width`` columns: its widest line."""
    from rich.cells import cell_len
    from rich.console import Console

    console = Console(width=width, markup=False, highlight=False, emoji=False)
    with console.capture() as captured:
        console.print(renderable)
    return max(cell_len(line.rstrip()) for line in captured.get().splitlines())
