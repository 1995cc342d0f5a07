"""The command line as a whole: every command found under its own name, a mistyped command
answered with the one meant, a mistyped command line with one ``Error:`` line and its usage,
help with an example for every command, the version, the README naming every command, a hand
recorded without loading what it does not need, and names that look like rich markup or
spreadsheet formulas shown and exported as plain text.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click
import pytest
from harness import Run, invoke, new_match, ok, parse_csv, refused, sheet

from scorekeeper import __version__
from scorekeeper.cli import cli

README = Path(__file__).resolve().parent.parent / "README.md"

# Hostile names


HOSTILE = "[bold red]x[/]"


def test_markup_in_a_name_is_shown_literally(run: Run) -> None:
    ok(run("new", HOSTILE, "[link=http://e.vil]Bob[/link]", "--dealer", "[b", "--target", "20"))
    report = ok(run("knock", "[bold", "3", "20"))
    assert f"Hand 1: {HOSTILE} knocks 3 v 20 -> {HOSTILE} +17 in Game 1" in report
    assert f"  {HOSTILE}" in report
    # 2 x gin v 0: 25 [1, 2] -> G1 42 ends.
    report = ok(run("gin", "[bold", "0"))
    assert f"*** GAME 1 WON BY {HOSTILE}, 42 to 0" in report
    shown = ok(run("show"))
    assert f"Match 1: {HOSTILE} v [link=http://e.vil]Bob[/link]" in shown
    assert f"Game 1: won by {HOSTILE}" in shown
    log = ok(run("log"))
    assert f"{HOSTILE} knocks 3 v 20" in log
    assert HOSTILE in ok(run("log", "--all"))
    assert f"{HOSTILE} v [link=http://e.vil]Bob[/link]" in ok(run("matches"))
    assert sheet(run)["players"] == [HOSTILE, "[link=http://e.vil]Bob[/link]"]
    assert ok(run("undo")).startswith(f"Voided Hand 2: {HOSTILE} goes gin v 0")


def _cells(rows: list[list[str]]) -> list[str]:
    return [cell for row in rows for cell in row]


def test_csv_neutralises_formula_names(run: Run) -> None:
    p1, p2 = '=HYPERLINK("x")', "+1"
    ok(run("new", p1, p2, "--dealer", "+", "--columns", "2", "--target", "10"))
    ok(run("knock", "+", "2", "30"))  # 1 +1 deals; +1 28 [1] -> G1 ends (28 v 0)
    ok(run("knock", "=", "5", "3"))  # 2 =H deals (loser); undercut: +1 5-3+25=27 -> G2 [2]
    rows = parse_csv(ok(run("export")))
    q1, q2 = "'" + p1, "'" + p2
    assert rows[0][9:] == [f"{q1} game 1", f"{q1} game 2", f"{q2} game 1", f"{q2} game 2"]
    assert rows[1] == ["1", q2, "knock", q2, "2", "30", q2, "28", "1", "0", "0", "28", "0"]
    assert rows[2] == ["2", q1, "undercut", q1, "5", "3", q2, "27", "2", "0", "0", "28", "27"]
    # Settlement: +1 G1 28 + 25 + 2x100 (shutout) = 253; G2 27 + 25 + 200 = 252. =H 0 and 0.
    blank = [""] * 8
    assert rows[3:] == [
        ["boxes", *blank, "0", "0", "1", "1"],
        ["box bonus", *blank, "0", "0", "25", "25"],
        ["game bonus", *blank, "0", "0", "200", "200"],
        ["shutout", *blank, "0", "0", "1", "1"],  # =H scored nothing in either game
        ["total", *blank, "0", "0", "253", "252"],
        ["net", *blank, "-253", "-252", "253", "252"],  # numbers stay plain numbers
        ["match net", *blank, "-505", "", "505", ""],  # 253 + 252
        ["winner", "", "", "", "", "", q2, "", "", "", "", "", ""],
    ]


def test_csv_neutralises_at_and_minus_names(run: Run) -> None:
    p1, p2 = "@x", "-2"
    ok(run("new", "--dealer", "@", "--columns", "2", "--target", "10", "--", p1, p2))
    ok(run("gin", "@", "10"))  # 1 @x deals; @x 35 [1] -> G1 ends
    ok(run("knock", "--", "-", "3", "10"))  # 2 -2 deals; -2 7 -> opens G2 [2]
    ok(run("knock", "--", "-2", "1", "20"))  # 3 @x deals; -2 19 [2] -> G2 26 ends: drawn
    rows = parse_csv(ok(run("export")))
    q1, q2 = "'" + p1, "'" + p2
    assert rows[0][9:] == [f"{q1} game 1", f"{q1} game 2", f"{q2} game 1", f"{q2} game 2"]
    assert [row[1] for row in rows[1:4]] == [q1, q2, q1]  # dealers
    assert [row[3] for row in rows[1:4]] == [q1, q2, q2]  # knockers
    assert [row[6] for row in rows[1:4]] == [q1, q2, q2]  # winners
    # G1: @x 35 + 25 + 200 = 260; G2: -2 26 + 2x25 + 200 = 276.
    assert rows[-3] == ["net", *[""] * 8, "260", "-276", "-260", "276"]
    assert rows[-2] == ["match net", *[""] * 8, "-16", "", "16", ""]  # 260 - 276
    assert rows[-1][6] == ""  # a drawn match
    for cell in _cells(rows):
        if cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
            int(cell)  # only a number may start with - (or +)


# Help, documentation, version


def _commands() -> dict[str, click.Command]:
    """Every command of the group, each found the way a command line finds it."""
    ctx = click.Context(cli)
    found = {name: cli.get_command(ctx, name) for name in cli.list_commands(ctx)}
    return {name: command for name, command in found.items() if command is not None}


def test_every_listed_command_is_found_under_its_own_name() -> None:
    commands = _commands()
    assert len(commands) == len(cli.list_commands(click.Context(cli))) == 25
    assert all(command.name == name for name, command in commands.items())
    assert cli.get_command(click.Context(cli), "nonsense") is None


def test_an_unknown_command_is_refused_with_the_one_meant(run: Run) -> None:
    assert refused(run("knok", "bob", "5", "20"), 2) == (
        "Error: There is no command 'knok'; did you mean 'knock'? 'scorekeeper --help' lists "
        "the commands."
    )
    assert refused(run("zed", "5"), 2) == (
        "Error: There is no command 'zed'. To record a hand zed won, say first how it ended: "
        "'scorekeeper knock zed 5 OPPONENT_DEADWOOD' or 'scorekeeper gin zed 5'."
    )
    assert refused(run("xyz"), 2) == (
        "Error: There is no command 'xyz'; 'scorekeeper --help' lists the commands."
    )


@pytest.mark.parametrize(
    "args, problem, usage",
    [
        (
            ["knock", "al", "3", "-5"],
            "Invalid value for 'OPPONENT_DEADWOOD': the opponent's "
            "deadwood must be from 0 to 98, not -5.",
            "scorekeeper knock [OPTIONS] PLAYER",
        ),
        (
            ["amend", "x", "wall"],
            "Invalid value for 'NUMBER': 'x' is not a whole number; type it "
            "with the digits 0 to 9, e.g. 12.",
            "scorekeeper amend [OPTIONS] NUMBER COMMAND [ARGS]...",
        ),
        (
            ["export", "--format", "xml"],
            "Invalid value for '--format'",
            "scorekeeper export [OPTIONS] [MATCH]",
        ),
        (["--bogus", "show"], "No such option", "scorekeeper [OPTIONS] COMMAND [ARGS]..."),
    ],
)
def test_a_mistyped_command_line_is_one_error_line_with_the_usage(
    run: Run, args: list[str], problem: str, usage: str
) -> None:
    """Whatever click refuses is one ``Error:`` line too: what is wrong, then how to write it."""
    new_match(run)
    result = run(*args)
    error = refused(result, 2, problem, f"Usage: {usage}", "--help' says more")
    assert result.stderr == error + "\n"


def test_a_group_without_its_command_shows_its_help(run: Run) -> None:
    result = run("amend")
    assert result.exit_code == 2
    assert "Replace hand NUMBER with a corrected outcome" in result.output
    assert "Error" not in result.output


def test_recording_a_hand_loads_only_the_commands_it_needs(tmp_path: Path) -> None:
    """A hand is recorded dozens of times an evening: neither the table-drawing library nor the
    other commands' modules are loaded for it."""
    import subprocess

    store = str(tmp_path / "store")
    program = (
        "import sys\n"
        "from scorekeeper.cli import cli\n"
        f"for args in (['new', 'Ann', 'Bob'], ['knock', 'ann', '3', '20']):\n"
        f"    cli.main(['--db', {store!r}, *args], standalone_mode=False)\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(('scorekeeper', 'rich')))))"
    )
    loaded = (
        subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
        .stdout.split("\n")[-2]
        .split()
    )
    assert "scorekeeper.commands.recording" in loaded
    assert "scorekeeper.commands.starting" in loaded  # for 'new'
    for never in (
        "rich",
        "scorekeeper.render",
        "scorekeeper.stats",
        "scorekeeper.cards",
        "scorekeeper.commands.reading",
        "scorekeeper.commands.correcting",
        "scorekeeper.commands.files",
        "scorekeeper.commands.matches",
    ):
        assert never not in loaded


@pytest.mark.parametrize("args", [["knock", "ann", "3", "20"], ["show"]])
def test_a_hand_and_the_sheet_build_no_preset(tmp_path: Path, args: list[str]) -> None:
    """The presets (a dozen rule sets checked) are built only for the commands that name them:
    new, amend rules, the rules table."""
    import subprocess

    store = str(tmp_path / "store")
    invoke(tmp_path / "store", "new", "Ann", "Bob", "--dealer", "ann")
    program = (
        "import sys\n"
        "from scorekeeper.cli import cli\n"
        f"cli.main(['--db', {store!r}, *{args!r}], standalone_mode=False)\n"
        "print('scorekeeper.rules.presets' in sys.modules)"
    )
    said = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert said.stdout.split("\n")[-2] == "False"


def _all_commands() -> list[tuple[list[str], click.Command]]:
    found: list[tuple[list[str], click.Command]] = [([], cli)]
    for name, command in _commands().items():
        found.append(([name], command))
        if isinstance(command, click.Group):
            found += [
                ([name, "1", sub], subcommand) for sub, subcommand in command.commands.items()
            ]
    return found


@pytest.mark.parametrize(
    "path, command", _all_commands(), ids=[" ".join(p[0]) or "scorekeeper" for p in _all_commands()]
)
def test_every_command_has_help_with_an_example(
    run: Run, path: list[str], command: click.Command
) -> None:
    assert "Example" in (command.help or "")
    for flag in ("--help", "-h"):
        out = ok(run(*path, flag))
        assert "Example" in out
        assert out.startswith("Usage: ")


def test_amend_has_knock_gin_wall_and_rules() -> None:
    amend = _commands()["amend"]
    assert isinstance(amend, click.Group)
    assert set(amend.commands) == {"knock", "gin", "wall", "rules"}


@pytest.mark.skipif(not README.exists(), reason="README.md is being written")
def test_readme_names_every_command() -> None:
    text = README.read_text(encoding="utf-8")
    missing = [
        name for name in _commands() if f"scorekeeper {name}" not in text and f"`{name}" not in text
    ]
    assert not missing


def test_version(run: Run) -> None:
    assert ok(run("--version")).strip() == f"scorekeeper, version {__version__}"
