"""Every screen of an evening at 80 columns, in English, German and Dutch, with three players
of twelve-character names: what the players read is whole (no name, heading or number cut,
no word split) and stays as it is (``tests/golden/screens-80-<lang>.txt``)::

    UPDATE_GOLDEN=1 pytest tests/test_screens.py && git diff tests/golden
"""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import Result
from harness import (
    LANGUAGES,
    SAMPLES,
    at,
    fits,
    golden,
    in_language,
    invoke,
    ok,
    read_terminal,
    sample,
)

from scorekeeper.rules import DECLARED, Rules, option_name
from scorekeeper.wrapping import cells

#: The three-handed sample's players, renamed to the longest names a sheet at 80 columns shows
#: whole.
NAMES = (("Ann", "Alexandrinaa"), ("Ben", "Bartholomeus"), ("Cid", "Christophera"))


def evening(store: Path, folder: Path) -> None:
    """Match 1 finished (the three-handed sample), match 2 the same three after three hands
    (a copy of the sample, cut short; current), both started on the sample's day."""
    folder.mkdir()
    sample(lambda *args: invoke(store, *args), folder, "12-three-handed.json", *NAMES)
    text = json.loads((folder / "12-three-handed.json").read_text(encoding="utf-8"))
    text["uuid"], text["hands"] = "00000000-0000-4000-8000-000000000012", text["hands"][:3]
    (folder / "cut.json").write_text(json.dumps(text), encoding="utf-8")
    ok(invoke(store, "import", folder / "cut.json"))


def on_a_terminal(store: Path, lang: str, *args: str) -> str:
    """What a command writes to standard error when that is a terminal 80 columns wide."""
    master, terminal = pty.openpty()
    command = [sys.executable, "-m", "scorekeeper", "--db", str(store), "--lang", lang, *args]
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1"}
    subprocess.run(command, stderr=terminal, stdout=subprocess.DEVNULL, env=env, check=False)
    os.close(terminal)
    said = read_terminal(master)
    return said.replace("\r\n", "\n")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_evening_at_80_columns(tmp_path: Path, lang: str) -> None:
    store = tmp_path / "store"
    evening(store, tmp_path / "files")
    screens = []
    for line in (
        "matches",
        "show 1",
        "log 1 --all",
        "stats",
        "stats alexandrinaa",
        "stats alexandrinaa --against bartholomeus",
    ):
        said = ok(invoke(store, "--lang", lang, *line.split(), env=at(80)))
        screens.append(f"$ scorekeeper {line}\n{said}")
    # Hand 4 of match 2: Bartholomeus v Christophera. Answered, then not recorded.
    answers = f"{in_language(lang, 'knock').lower()}\nbart\n1\n51\nn\nq\n"  # typed as offered
    asked = invoke(store, "--lang", lang, "record", input=answers, env=at(80))
    screens.append(f"$ scorekeeper record\n{asked.output}")
    refused = on_a_terminal(store, lang, "knock", "--match", "1", "bart", "3", "20")
    screens.append(f"$ scorekeeper knock --match 1 bart 3 20\n{refused}")
    text = "\n".join(screens)
    fits(text, 80)
    for whole in ("Alexandrinaa", "Bartholomeus", "Christophera"):
        assert whole[:11] + "…" not in text
    golden(f"screens-80-{lang}", text)
    rules_fit(store, lang, "1")


def rules_fit(store: Path, lang: str, *match: str) -> None:
    """The rules table at 80 columns: whole, every rule in play named by its options. It
    gains a row with each option declared, so it is read against the declarations rather
    than kept in a golden file."""
    said = ok(invoke(store, "--lang", lang, "rules", *match, env=at(80)))
    fits(said, 80)
    exported = json.loads(ok(invoke(store, "export", *match, "--format", "json")))
    for name in Rules.from_dict(exported["rules"]).in_play():
        if DECLARED[name].flag is not None:  # an option, not three players named
            named = re.findall(rf"{re.escape(option_name(name))}(?![\w-])", said)
            assert len(named) == 1, name


def test_the_evening_is_what_the_sample_says(tmp_path: Path) -> None:
    evening(tmp_path / "store", tmp_path / "files")
    listed = json.loads(ok(invoke(tmp_path / "store", "matches", "--json")))
    assert [(m["id"], m["status"], m["hands"]) for m in listed] == [
        (1, "finished", 6),
        (2, "open", 3),
    ]
    assert (SAMPLES / "12-three-handed.json").exists()


@pytest.mark.parametrize("term, bold", [("xterm", True), ("dumb", False)])
def test_no_color_keeps_bold_and_a_dumb_terminal_has_none(
    tmp_path: Path, term: str, bold: bool
) -> None:
    """NO_COLOR asks for no colour (scorekeeper has none): the sheet's headings and a hand's
    loud line are bold alike on a terminal; a dumb terminal gets neither."""
    store = tmp_path / "store"
    ok(invoke(store, "new", "Ann", "Ben", "--preset", "gin", "--dealer", "ann"))
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1", "TERM": term}
    for args in (["gin", "ann", "98"], ["show"]):  # 98 + 25 ends the game and the match
        master, terminal = pty.openpty()
        command = [sys.executable, "-m", "scorekeeper", "--db", str(store), *args]
        subprocess.run(command, stdout=terminal, stderr=terminal, env=env, check=False)
        os.close(terminal)
        said = read_terminal(master)
        assert ("\x1b[1m" in said) is bold, (args, said)


#: An evening's every command, in the order a table would type them (12-character names).
EVENING = [
    "new Alexandrinaa Bartholomeus --dealer alex --games 4 --boxes-when each_hand",
    "knock alex 3 20",
    "gin bart 30",
    "wall",
    "knock bart 9 5",
    "knock alex 30 20",
    "knock zed 3 20",
    "show",
    "log",
    "log --all",
    "undo",
    "amend 1 knock alex 2 20",
    "rename Bartholomeus Bartholomeuz",
    "rename Bartholomeuz Bartholomeus",
    "matches",
    "rules",
    "rules --presets",
    "abandon",
    "undo",
    "new Alexandrinaa Bartholomeus Christophera --dealer-sits-out",
    "knock alex 3 20",
    "knock bart 3 20",
    "show",
    "delete 1 --yes",
    "restore 1",
    "use 1",
    "check",
    "stats",
    "stats alexandrinaa",
    "stats alexandrinaa --against bartholomeus",
    "deadwood AS 2s 3S 10h JD qd kc 7s 7h 7d",
    "new Alexandrinaa --target 5",
]


def evening_of_every_command(store: Path, lang: str) -> list[tuple[str, Result]]:
    """The evening, each line typed with what it printed (at 80 columns, to a pipe)."""
    return [(line, invoke(store, "--lang", lang, *line.split(), env=at(80))) for line in EVENING]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_of_an_evening_fits_80_columns(tmp_path: Path, lang: str) -> None:
    """What every command of an evening prints (its report, its prompts) fits 80 columns with
    12-character names, in every language: nothing cut, lines wrapped between words."""
    store = tmp_path / "store"
    for _line, result in evening_of_every_command(store, lang):
        fits(result.stdout, 80)
    asked = invoke(
        store,
        "--lang",
        lang,
        "record",
        input=f"{in_language(lang, 'knock').lower()}\nzed\nchris\n11\n5\n20\nn\nq\n",
        env=at(80),
    )
    # a question ends in a space before its answer: only the width counts here
    assert [line for line in asked.stdout.splitlines() if cells(line) > 80] == []


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_of_an_evening_fits_80_columns_on_a_terminal(
    tmp_path: Path, lang: str
) -> None:
    """The evening's refusals, as a terminal 80 columns wide shows them (on standard error)."""
    store, refused = tmp_path / "store", 0
    for line in EVENING:
        if invoke(store, "--lang", lang, *line.split(), env=at(80)).exit_code:
            said = on_a_terminal(store, lang, *line.split())  # refused again: nothing changes
            assert said.split("\r")[-1].startswith(("Error:", "Fehler:", "Fout:")), said
            fits(said, 80)
            refused += 1
    assert refused >= 4


#: An Endless Hollywood evening: twelve games on three columns, boxes worth their bonus as
#: they come, gin bonuses kept for the settlement, the last game counting double. Each gin
#: v 98 is 98 points and a box of 25 in the column (123: it ends every game it is entered in).
ENDLESS = (
    "gin alex 98",  # 1: Game 1 ends; Game 4 opens in column 1
    "knock bart 4 30",  # 2: Bartholomeus opens Game 2
    "wall",  # 3
    "gin bart 90",  # 4: Games 2 and 3 end; Games 5 and 6 open in columns 2 and 3
    "knock alex 1 98",  # 5: Game 4 ends; Game 7 in column 1
    "gin alex 98",  # 6: Game 5
    "gin bart 98",  # 7: Game 6
    "gin bart 98",  # 8: Game 7
    "knock alex 2 98",  # 9: Game 8
    "gin alex 98",  # 10: Game 9
    "gin bart 98",  # 11: Game 10
    "gin alex 98",  # 12: Game 11
    "gin alex 98",  # 13: Game 12, counted double: the match is over
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_endless_hollywood_at_80_columns(tmp_path: Path, lang: str) -> None:
    store = tmp_path / "store"
    ok(
        invoke(
            store,
            *[
                "new",
                "Alexandrinaa",
                "Bartholomeus",
                "--dealer",
                "alex",
                "--games",
                "12",
                "--boxes-when",
                "each_hand",
                "--gin-bonus-when",
                "settlement",
                "--last-game-double",
            ],
        )
    )
    screens = []
    for number, hand in enumerate(ENDLESS, start=1):
        said = ok(invoke(store, "--lang", lang, *hand.split(), env=at(80)))
        if number in (1, 5, 6, 13):
            screens.append(f"$ scorekeeper {hand}\n{said}")
        if number in (6, 13):
            shown = ok(invoke(store, "--lang", lang, "show", env=at(80)))
            screens.append(f"$ scorekeeper show\n{shown}")
    said = ok(invoke(store, "--lang", lang, "log", env=at(80)))
    screens.append(f"$ scorekeeper log\n{said}")
    text = "\n".join(screens)
    fits(text, 80)
    for whole in ("Alexandrinaa", "Bartholomeus"):
        assert whole[:11] + "…" not in text
    golden(f"endless-80-{lang}", text)
    rules_fit(store, lang)
