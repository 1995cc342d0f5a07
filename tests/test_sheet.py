"""The sheet, the report after a hand and the log at the width of a real terminal: 80 columns
in English, German and Dutch, names of up to 12 characters whole, text wrapped between words,
and nothing wrapped or padded for a file or a pipe.

The sheets drawn at 80 columns are kept in ``tests/golden/``, to be read as a player would. After
changing the layout on purpose, write them again and read the difference before committing:

    UPDATE_GOLDEN=1 pytest tests/test_sheet.py && git diff tests/golden
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from harness import LANGUAGES, PIPED, SAMPLES, Run, at, fits, golden, in_language, ok, sample
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.wrapping import cells, units, wrap

#: Twelve characters each: the longest names a sheet at 80 columns must show whole.
MAXIMILIANUS, BARTHOLOMEUS = "Maximilianus", "Bartholomeus"


def heading(lines: list[str]) -> int:
    """Where the sheet's table starts: the line of its column headings (``#``, ``Hand``)."""
    return next(i for i, line in enumerate(lines) if line.split()[:1] == ["#"])


#: The rule book's worked example, played on until Bob wins 2-1.
SEED = "01-worked-example.json"

#: Its players renamed to twelve characters.
LONG = (("Alexandra", MAXIMILIANUS), ("Bob", BARTHOLOMEUS))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_seed_example_at_80_columns(run: Run, tmp_path: Path, lang: str) -> None:
    sample(run, tmp_path, SEED)
    shown = ok(run("--lang", lang, "show", env=at(80)))
    fits(shown, 80)
    golden(f"01-worked-example-80-{lang}", shown)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_names_of_12_characters_are_whole_at_80_columns(
    run: Run, tmp_path: Path, lang: str
) -> None:
    sample(run, tmp_path, SEED, *LONG)
    shown = ok(run("--lang", lang, "show", env=at(80)))
    lines = fits(shown, 80)
    golden(f"01-worked-example-12-characters-80-{lang}", shown)
    # The three games side by side under each name, never a name cut short.
    assert "…" not in shown
    header = heading(lines)
    assert lines[header - 1].replace("─", "").split() == [MAXIMILIANUS, BARTHOLOMEUS]
    games = [in_language(lang, "Game {n}").format(n=n) for n in (1, 2, 3)]
    assert lines[header].split()[2:] == " ".join(games * 2).split()
    # Maximilianus's games (2 won) then Bartholomeus's (1 and 3 won): the winner's nets.
    net = next(line for line in lines if line.split()[:1] == [in_language(lang, "Net")])
    assert net.split()[1:] == ["+77", "+218", "+190"]


def test_a_sheet_of_one_column_is_headed_by_the_names_alone(run: Run) -> None:
    ok(run("new", "Anne-Sophie", BARTHOLOMEUS, "--preset", "gin", "--dealer", "anne"))
    ok(run("knock", "anne", "3", "20"))  # Anne-Sophie +17
    ok(run("wall"))
    ok(run("gin", "bart", "30"))  # Bartholomeus 30 + 25 = +55
    shown = ok(run("show", env=at(80)))
    lines = fits(shown, 80)
    golden("one-column-80-en", shown)
    table = lines[2 : lines.index("", 2)]
    assert table[0].split() == ["#", "Hand", "Anne-Sophie", BARTHOLOMEUS]
    assert not any("Game 1" in line for line in table)  # the lines under it name the game
    assert [line.split() for line in lines[4:7]] == [
        ["1", "+17", "17"],
        ["2", "wall"],
        ["3", "+55", "gin", "55"],
    ]


def test_a_three_handed_sheet_at_80_columns(run: Run) -> None:
    players = ["Anne-Sophie", BARTHOLOMEUS, "Maximiliane"]
    ok(run("new", *players, "--dealer", "anne"))
    ok(run("gin", "bart", "70"))  # 1 Bartholomeus 70 + 25 = 95; Anne-Sophie sits out
    ok(run("knock", "max", "2", "12"))  # 2 Maximiliane +10; Bartholomeus sits out
    ok(run("gin", "max", "80"))  # 3 v Anne-Sophie: 80 + 25 = 105 -> 115, Maximiliane wins
    shown = ok(run("show", env=at(80)))
    lines = fits(shown, 80)
    golden("three-handed-80-en", shown)
    assert lines[2].split() == ["#", "Hand", *players]
    # Totals: Anne-Sophie 0; Bartholomeus 95 + 25 = 120; Maximiliane 115 + 2 x 25 + 100 = 265.
    # Nets: Maximiliane (265 - 0) + (265 - 120) + 100 (Anne-Sophie shut out) = +510,
    # Bartholomeus (120 - 265) + (120 - 0) = -25, Anne-Sophie (0 - 265) + (0 - 120) - 100 = -485.
    net = next(line for line in lines if line.split()[:1] == ["Net"])
    assert net.split() == ["Net", "-485", "-25", "+510"]
    assert "Match net: Anne-Sophie -485, Bartholomeus -25, Maximiliane +510." in lines


def test_a_partnership_sheet_shows_the_teams_whole_at_80_columns(run: Run, tmp_path: Path) -> None:
    sample(run, tmp_path, "09-partnership.json", ("Greta", "Alexandra"), ("Hugo", "Bartholomew"))
    shown = ok(run("show", env=at(80)))
    lines = fits(shown, 80)
    golden("partnership-80-en", shown)
    names = lines[heading(lines) - 1].replace("─", "")
    assert re.split(r"\s{2,}", names.strip()) == ["Alexandra & Bartholomew", "Ivo & Jana"]


def test_teams_too_long_for_the_width_are_shortened_partner_by_partner(run: Run) -> None:
    ok(run("new", "--teams", "Alexandra & Bartholomew", "Maximiliane & Anne-Sophie"))
    lines = fits(ok(run("show", env=at(40))), 40)
    assert ["#", "Hand", "Alex…&Bart…", "Maxi…&Anne…"] in [line.split() for line in lines]


def test_an_oklahoma_sheet_shows_each_up_card_and_what_a_spade_doubled(
    run: Run, tmp_path: Path
) -> None:
    sample(run, tmp_path, "07-oklahoma.json")
    shown = ok(run("show", env=at(80)))
    lines = fits(shown, 80)
    golden("oklahoma-80-en", shown)
    rows = {line.split()[0]: " ".join(line.split()[1:]) for line in lines[5:15] if line[:1].strip()}
    assert rows["1"] == "+17 (up-card 3♦) 17"  # Viktor knocks 2 v 19 under a 3
    assert rows["2"] == "+32 (up-card 8♠: doubled) 32"  # Rosa (21 - 5) x 2


def test_the_report_after_a_hand_wraps_between_words(run: Run) -> None:
    ok(run("new", "Alexandra", "Bartholomew", "--dealer", "al"))
    ok(run("knock", "bart", "3", "30"))
    for width in (80, 60, 40):
        for lang in LANGUAGES:
            said = ok(run("--lang", lang, "knock", "al", "2", "30", "--dry-run", env=at(width)))
            whole = ok(run("--lang", lang, "knock", "al", "2", "30", "--dry-run", env=PIPED))
            assert said.split() == whole.split()  # the same words, none cut
            assert max(map(cells, whole.splitlines())) > width  # so some line was wrapped
            fits(said, width)
    # A wrapped line goes on indented under itself.
    report = ok(run("--lang", "en", "knock", "al", "2", "30", env=at(80))).splitlines()
    assert report[-3:] == [
        "Still to go: Game 1 Alexandra 72, Bartholomew 73; Game 2 Alexandra 100,",
        "  Bartholomew 100; Game 3 Alexandra 100, Bartholomew 100.",
        "Bartholomew deals next.",
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("width", [80, 60])
def test_the_log_wraps_between_words(run: Run, tmp_path: Path, lang: str, width: int) -> None:
    sample(run, tmp_path, SEED, *LONG)
    ok(run("amend", "3", "knock", "bart", "3", "34"))
    ok(run("undo"))
    for command in (["log"], ["log", "--all"]) if width == 80 else (["log"],):
        whole = ok(run("--lang", lang, *command, env=PIPED))
        said = ok(run("--lang", lang, *command, env=at(width)))
        fits(said, width)
        words = set(whole.split())
        cut = [word for word in said.split() if word not in words and word.strip("─")]
        assert cut == []


def test_log_all_shows_each_correction_right_after_the_hand_it_replaced(run: Run) -> None:
    ok(run("new", "Alexandra", "Bartholomew", "--dealer", "al"))
    ok(run("knock", "bart", "3", "30"))  # 1
    ok(run("knock", "al", "2", "30"))  # 2, corrected twice
    ok(run("knock", "bart", "4", "9"))  # 3, voided
    ok(run("undo"))
    ok(run("amend", "2", "knock", "al", "2", "31"))
    ok(run("amend", "1", "gin", "bart", "30"))
    ok(run("amend", "2", "knock", "al", "2", "32"))
    ok(run("wall"))  # 3
    lines = ok(run("log", "--all", env=PIPED)).splitlines()
    rows = [re.split(r"\s{2,}", line.strip()) for line in lines if line[:1].isdigit()]
    told = [
        (row[0], next(cell for cell in row if " v " in cell or cell.startswith("wall")), row[-2])
        for row in rows
    ]
    assert told == [
        ("1", "Bartholomew knocks 3 v 30", "replaced"),
        ("1", "Bartholomew goes gin v 30", "in force"),
        ("2", "Alexandra knocks 2 v 30", "replaced"),
        ("2", "Alexandra knocks 2 v 31", "replaced"),
        ("2", "Alexandra knocks 2 v 32", "in force"),
        ("3", "Bartholomew knocks 4 v 9", "voided"),
        ("3", "wall (dead hand)", "in force"),
    ]


def test_output_to_a_pipe_is_neither_wrapped_nor_padded(run: Run, tmp_path: Path) -> None:
    sample(run, tmp_path, SEED, *LONG)
    shown = ok(run("show", env=PIPED)).splitlines()
    assert shown[0].startswith("Match 1: Maximilianus v Bartholomeus - The rule book's worked")
    assert shown[0].endswith("played on until Bartholomeus wins 2-1.")  # one line, however long
    assert [line for line in shown if line != line.rstrip()] == []
    said = ok(run("undo", env=PIPED)).splitlines()  # hand 12 ended Game 3 and the match
    loud = "*** THE MATCH IS OPEN AGAIN (it was: MATCH OVER: Bartholomeus wins 2 games to 1) ***"
    assert cells(loud) > 80 and loud in said


WORDS = st.lists(st.text(st.sampled_from("abcé山😀-,"), min_size=1, max_size=9), max_size=30)


@given(words=WORDS, indent=st.integers(0, 4), width=st.integers(1, 60))
def test_wrapping_keeps_every_unit_whole_and_each_line_in_the_width(
    words: list[str], indent: int, width: int
) -> None:
    line = " " * indent + " ".join(words)
    wrapped = wrap(line, width)
    assert " ".join(wrapped).split() == line.split()
    for part in wrapped:
        assert cells(part) <= width or len(units(part)) <= 1  # a unit wider than the width
    assert all(part.startswith(" " * indent) for part in wrapped)
    assert wrap(line, None) == [line]


def test_the_guide_shows_the_sheet_as_it_is_drawn_at_80_columns(run: Run, tmp_path: Path) -> None:
    """The guide's sheet is written by running the program (cog); drawn here from the sample
    file instead, it is the same sheet."""
    guide = Path(__file__).resolve().parent.parent / "docs" / "guide.md"
    page = guide.read_text(encoding="utf-8")
    section = page[page.index("## The sheet in an 80-column terminal") :]
    picture = section[section.index("```\n$ scorekeeper show\n") :].split("\n", 2)[2]
    picture = picture[: picture.index("```\n")]
    text = json.loads((SAMPLES / SEED).read_text(encoding="utf-8"))
    del text["description"]
    (tmp_path / SEED).write_text(json.dumps(text).replace('"Bob"', '"Bartholomew"'))
    ok(run("import", tmp_path / SEED))
    assert ok(run("show", env=at(80))) == picture
