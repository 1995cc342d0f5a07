"""The shell's Tab (CLI.md "At the table"): ``scorekeeper completion bash|zsh|fish`` prints
click's completion script, and the program answers click's ``_SCOREKEEPER_COMPLETE`` protocol
with commands, options, presets, match ids and the players of the match meant.

The protocol is driven as the scripts drive it: the words typed so far in ``COMP_WORDS``, the
index of the word being completed in ``COMP_CWORD``, and one ``type,value`` line back per
offer (bash's format; zsh and fish where their format matters).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.shell_completion import split_arg_string
from click.testing import Result
from harness import (
    SCRIPT,
    A,
    B,
    Run,
    invoke,
    no_traceback,
    ok,
    process,
    refused,
    snapshot,
)

from scorekeeper import i18n


def protocol(line: str, shell: str = "bash") -> dict[str, str]:
    """The environment a shell's script sets to ask for completions of ``line`` (the word
    being completed is the last one; a line ending in a space completes a new word)."""
    words = split_arg_string(line)
    current = len(words) if line.endswith(" ") else len(words) - 1
    if shell == "fish":  # fish gives the word being completed itself
        partial = "" if line.endswith(" ") else words[-1]
        return {"_SCOREKEEPER_COMPLETE": "fish_complete", "COMP_WORDS": line, "COMP_CWORD": partial}
    return {
        "_SCOREKEEPER_COMPLETE": f"{shell}_complete",
        "COMP_WORDS": line,
        "COMP_CWORD": str(current),
    }


def completing(store: Path, line: str, shell: str = "bash", **env: str) -> Result:
    """Completing ``line`` (which starts with ``scorekeeper``) against ``store``, named by
    ``SCOREKEEPER_DB`` as a shell's environment would."""
    return invoke(None, env={"SCOREKEEPER_DB": str(store), **protocol(line, shell), **env})


def offered(store: Path, line: str) -> list[str]:
    """What bash is offered for the last word of ``line``, in order (never with a word on
    stderr)."""
    result = completing(store, line)
    no_traceback(result)
    assert result.stderr == "", result.stderr
    return [entry.split(",", 1)[1] for entry in result.stdout.splitlines() if entry]


@pytest.fixture
def two_matches(run: Run, store_dir: Path) -> Path:
    """Match 1 Ann v Cid, match 2 Alexandra v Bob (current)."""
    ok(run("new", "Ann", "Cid", "--dealer", "ann"))
    ok(run("new", A, B, "--dealer", "bob"))
    return store_dir


# The scripts


@pytest.mark.parametrize(
    "shell, fragments",
    [
        (
            "bash",
            [
                "_scorekeeper_completion() {",
                "_SCOREKEEPER_COMPLETE=bash_complete $1",
                "complete -o nosort -F _scorekeeper_completion scorekeeper",
            ],
        ),
        (
            "zsh",
            [
                "#compdef scorekeeper",
                "_SCOREKEEPER_COMPLETE=zsh_complete scorekeeper",
                "compdef _scorekeeper_completion scorekeeper",
            ],
        ),
        (
            "fish",
            [
                "function _scorekeeper_completion;",
                "_SCOREKEEPER_COMPLETE=fish_complete",
                "complete --no-files --command scorekeeper",
            ],
        ),
    ],
)
def test_completion_prints_the_script_click_sources(
    run: Run, store_dir: Path, shell: str, fragments: list[str]
) -> None:
    script = ok(run("completion", shell))
    for fragment in fragments:
        assert fragment in script
    sourced = invoke(None, env={"_SCOREKEEPER_COMPLETE": f"{shell}_source"})
    assert script == sourced.stdout
    assert not store_dir.exists()  # printing a script needs no store


def test_an_unknown_shell_is_refused_with_the_ones_there_are(run: Run, store_dir: Path) -> None:
    assert refused(run("completion", "tcsh"), 2) == (
        "Error: Invalid value for 'SHELL': 'tcsh' is not a shell scorekeeper completes in; "
        "name bash, zsh or fish. Usage: scorekeeper completion [OPTIONS] SHELL "
        "('scorekeeper completion --help' says more)"
    )
    german = run("--lang", "de", "completion", "tcsh")
    assert german.exit_code == 2
    assert german.stderr == (
        "Fehler: Ungültiger Wert für 'SHELL': 'tcsh' ist keine Shell, in der scorekeeper "
        "vervollständigt; nennen Sie bash, zsh oder fish. Aufruf: scorekeeper completion "
        "[OPTIONEN] SHELL (mehr unter 'scorekeeper completion --help')\n"
    )
    dutch = run("--lang", "nl", "completion", "csh")
    assert dutch.exit_code == 2
    assert dutch.stderr.startswith(
        "Fout: Ongeldige waarde voor 'SHELL': 'csh' is geen shell waarin scorekeeper aanvult; "
        "noem bash, zsh of fish."
    )
    i18n.set_language(None)  # the next run speaks English again
    refused(run("completion"), 2, "Missing argument 'SHELL'")
    assert not store_dir.exists()


# What completes


def test_players_of_the_current_match_by_any_beginning_in_any_case(two_matches: Path) -> None:
    assert offered(two_matches, "scorekeeper knock a") == [A]
    assert offered(two_matches, "scorekeeper knock AL") == [A]
    assert offered(two_matches, "scorekeeper knock ") == [A, B]
    assert offered(two_matches, "scorekeeper gin b") == [B]
    assert offered(two_matches, "scorekeeper wall ") == [A, B]
    assert offered(two_matches, "scorekeeper stats ") == [A, B]
    assert offered(two_matches, "scorekeeper stats alexandra --against ") == [A, B]
    assert offered(two_matches, "scorekeeper knock x") == []


def test_players_of_the_match_given(two_matches: Path) -> None:
    assert offered(two_matches, "scorekeeper knock --match 1 ") == ["Ann", "Cid"]
    assert offered(two_matches, "scorekeeper gin -m 1 c") == ["Cid"]
    assert offered(two_matches, "scorekeeper amend 1 knock ") == [A, B]
    assert offered(two_matches, "scorekeeper amend 1 --match 1 knock ") == ["Ann", "Cid"]
    assert offered(two_matches, "scorekeeper amend 1 gin --match 1 ") == ["Ann", "Cid"]
    assert offered(two_matches, "scorekeeper knock --match 7 ") == []  # no match 7


def test_the_store_on_the_command_line_wins_over_the_environment(
    two_matches: Path, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    ok(invoke(elsewhere, "new", "Zoë", "Yann"))
    line = f"scorekeeper --db {elsewhere} knock z"
    assert offered(two_matches, line) == ["Zoë"]
    assert offered(two_matches, f"scorekeeper --db {elsewhere} use ") == ["1"]


def test_partners_complete_in_partnership_gin(run: Run, store_dir: Path) -> None:
    ok(run("new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "ann"))
    assert offered(store_dir, "scorekeeper knock ") == ["Ann", "Bob", "Cid", "Dee"]
    assert offered(store_dir, "scorekeeper wall d") == ["Dee"]


def test_match_ids_wherever_a_match_goes(two_matches: Path) -> None:
    for line in (
        "scorekeeper use ",
        "scorekeeper show ",
        "scorekeeper log ",
        "scorekeeper rules ",
        "scorekeeper export ",
        "scorekeeper knock --match ",
        "scorekeeper gin al -m ",
        "scorekeeper wall --match ",
        "scorekeeper undo --match ",
        "scorekeeper record --match ",
        "scorekeeper amend 1 --match ",
        "scorekeeper amend 1 knock --match ",
        "scorekeeper abandon ",
        "scorekeeper delete ",
        "scorekeeper rename ann anne --match ",
    ):
        assert offered(two_matches, line) == ["1", "2"], line
    assert offered(two_matches, "scorekeeper use 2") == ["2"]


def test_restore_offers_the_deleted_matches_and_rename_the_players(
    run: Run, two_matches: Path
) -> None:
    assert offered(two_matches, "scorekeeper restore ") == []
    ok(run("delete", "1", "--yes"))
    assert offered(two_matches, "scorekeeper restore ") == ["1"]
    assert offered(two_matches, "scorekeeper delete ") == ["2"]
    # rename's OLD: the players of the current match (match 2), or of --match.
    assert offered(two_matches, "scorekeeper rename ") == [A, B]
    assert offered(two_matches, "scorekeeper rename --match 2 b") == [B]


def test_presets_choices_and_languages(two_matches: Path) -> None:
    presets = offered(two_matches, "scorekeeper new Ann Ben --preset ")
    assert {"standard", "pagat", "oklahoma", "straight", "partnership"} <= set(presets)
    assert offered(two_matches, "scorekeeper new --preset ST") == ["standard", "straight"]
    assert offered(two_matches, "scorekeeper new --shutout ") == [
        "game_bonus",
        "points",
        "total",
        "bonus",
        "none",
    ]
    assert offered(two_matches, "scorekeeper new --next-dealer w") == ["winner"]
    assert offered(two_matches, "scorekeeper export --format ") == ["csv", "json", "svg", "html"]
    assert offered(two_matches, "scorekeeper completion ") == ["bash", "zsh", "fish"]
    assert offered(two_matches, "scorekeeper --lang ") == i18n.available()  # the catalogues
    assert {"de", "en", "nl"} <= set(i18n.available())


def test_the_dealer_of_a_new_match_is_one_of_the_players_named(two_matches: Path) -> None:
    assert offered(two_matches, "scorekeeper new Ann Ben --dealer ") == ["Ann", "Ben"]
    assert offered(two_matches, "scorekeeper new Ann Ben --dealer b") == ["Ben"]
    line = "scorekeeper new --teams 'Ann & Bo' 'Cy & Di' --dealer "
    assert offered(two_matches, line) == ["Ann", "Bo", "Cy", "Di"]
    # None named yet (a --rematch): the current match's players.
    assert offered(two_matches, "scorekeeper new --rematch --dealer ") == [A, B]


def test_commands_and_options(two_matches: Path) -> None:
    assert offered(two_matches, "scorekeeper kn") == ["knock"]
    assert offered(two_matches, "scorekeeper c") == ["check", "completion"]
    commands = offered(two_matches, "scorekeeper ")
    assert {"knock", "gin", "wall", "amend", "new", "use", "completion"} <= set(commands)
    assert offered(two_matches, "scorekeeper amend 1 ") == ["gin", "knock", "wall"]
    assert offered(two_matches, "scorekeeper knock --dr") == ["--dry-run"]
    assert offered(two_matches, "scorekeeper --d") == ["--db"]
    result = completing(two_matches, "scorekeeper --db ")
    assert result.stdout.splitlines() == ["dir,"]  # the shell offers the directories


def test_zsh_and_fish_get_the_help_of_each_offer_in_the_language(two_matches: Path) -> None:
    i18n.set_language(None)  # the language is read from the environment below
    result = completing(two_matches, "scorekeeper new --pre", "zsh", SCOREKEEPER_LANG="de")
    entries = result.stdout.split("\n")
    assert entries[:2] == ["plain", "--preset"]
    # The help as --help shows it: translated, the presets filled in.
    assert entries[2].startswith("Voreinstellung der Regeln: standard, basic, pagat, ")
    i18n.set_language(None)
    assert completing(two_matches, "scorekeeper kn", "fish").stdout.splitlines() == [
        "plain,knock\tRecord a knock: PLAYER knocked with..."
    ]
    assert completing(two_matches, "scorekeeper knock --match 1 c", "fish").stdout == "plain,Cid\n"


# Completion never fails and never changes anything


def test_no_store_or_no_current_match_offers_nothing(store_dir: Path) -> None:
    assert offered(store_dir, "scorekeeper knock ") == []
    assert offered(store_dir, "scorekeeper use ") == []
    assert offered(store_dir, "scorekeeper kn") == ["knock"]
    assert not store_dir.exists()  # nothing was created
    (store_dir / "matches").mkdir(parents=True)
    assert offered(store_dir, "scorekeeper knock ") == []


def test_a_damaged_store_offers_nothing_and_no_error(two_matches: Path) -> None:
    (two_matches / "matches" / "2.json").write_text('{"match": ', encoding="utf-8")
    (two_matches / "store.json").write_text("[1, 2", encoding="utf-8")
    before = snapshot(two_matches)
    for line in ("scorekeeper knock ", "scorekeeper knock --match 2 ", "scorekeeper new --dealer "):
        assert offered(two_matches, line) == []
    assert offered(two_matches, "scorekeeper knock --match 1 ") == ["Ann", "Cid"]
    assert snapshot(two_matches) == before


def test_a_half_typed_or_mistyped_line_offers_what_it_can(two_matches: Path) -> None:
    for line in (
        "scorekeeper knock --bogus ",
        "scorekeeper knok ",
        "scorekeeper --lang xx knock ",
        "scorekeeper amend x knock ",
        "scorekeeper knock 'al",
        "scorekeeper new --teams Ann Ben --dealer ",
    ):
        offered(two_matches, line)


@pytest.mark.skipif(os.name == "nt", reason="uses fcntl")
def test_completion_reads_without_the_lock_and_writes_nothing(two_matches: Path) -> None:
    import fcntl

    before = snapshot(two_matches)
    fd = os.open(two_matches, os.O_RDONLY)  # another scorekeeper holds the store's lock
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        env = {"SCOREKEEPER_LOCK_TIMEOUT": "0"}
        assert completing(two_matches, "scorekeeper knock a", **env).stdout == "plain,Alexandra\n"
        assert completing(two_matches, "scorekeeper use ", **env).stdout == "plain,1\nplain,2\n"
    finally:
        os.close(fd)
    assert snapshot(two_matches) == before


# As a shell runs it


def test_a_real_process_answers_the_protocol(two_matches: Path) -> None:
    """``python -m scorekeeper`` as the script starts it: Alexandra for 'a', not Bob."""
    env = {"SCOREKEEPER_DB": str(two_matches), **protocol("scorekeeper knock a")}
    done = process(two_matches, env=env)
    assert (done.returncode, done.stdout, done.stderr) == (0, "plain,Alexandra\n", "")


def test_a_tab_loads_only_what_it_completes(two_matches: Path) -> None:
    """A Tab must answer at once: completing a player's name loads the recording commands and
    the store, never the table-drawing library or the other commands."""
    program = (
        "import sys\n"
        "from scorekeeper.cli import cli\n"
        "try:\n"
        "    cli.main(prog_name='scorekeeper')\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(*sorted(m for m in sys.modules if m.startswith(('scorekeeper', 'rich'))))\n"
    )
    env = {**os.environ, "SCOREKEEPER_DB": str(two_matches), **protocol("scorekeeper knock a")}
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, env=env, timeout=60
    )
    offers, loaded = done.stdout.splitlines()
    assert offers == "plain,Alexandra"
    assert "scorekeeper.commands.recording" in loaded.split()
    for never in (
        "rich",
        "scorekeeper.render",
        "scorekeeper.commands.matches",
        "scorekeeper.commands.starting",
    ):
        assert never not in loaded.split()


BASH = shutil.which("bash")


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
@pytest.mark.skipif(SCRIPT is None, reason="the console script is not installed")
def test_bash_sources_the_script_and_completes_with_it(two_matches: Path) -> None:
    """The script in a real bash: its function, called as bash calls it on Tab, fills
    COMPREPLY through the console script."""
    assert BASH is not None
    script = ok(invoke(None, "completion", "bash"))
    syntax = subprocess.run([BASH, "-n"], input=script, capture_output=True, text=True)
    assert (syntax.returncode, syntax.stderr) == (0, "")
    tab = (
        'eval "$(scorekeeper completion bash)"\n'
        "complete -p scorekeeper\n"
        "for line in 'scorekeeper knock a' 'scorekeeper knock ' 'scorekeeper use '; do\n"
        "  read -ra COMP_WORDS <<< \"$line\"; [[ $line == *' ' ]] && COMP_WORDS+=('')\n"
        "  COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()\n"
        "  _scorekeeper_completion scorekeeper\n"
        '  echo "${COMPREPLY[*]}"\n'
        "done\n"
    )
    done = subprocess.run(
        [BASH, "--norc", "--noprofile", "-c", tab],
        capture_output=True,
        text=True,
        timeout=60,
        env={
            **os.environ,
            "PATH": os.path.dirname(str(SCRIPT)) + os.pathsep + os.environ.get("PATH", ""),
            "SCOREKEEPER_DB": str(two_matches),
            "SCOREKEEPER_LANG": "en",
        },
    )
    assert done.stderr == ""
    assert done.stdout.splitlines() == [
        "complete -o nosort -F _scorekeeper_completion scorekeeper",
        A,
        f"{A} {B}",
        "1 2",
    ]
