"""What the program says when a person types something it cannot take: it points the right
way, in the language, and never towards a command that would change more than was meant."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from harness import LANGUAGES, TRANSLATED, at, fits, invoke, ok, read_terminal, refused, snapshot

from scorekeeper.wrapping import cells

# The catalogues (.po) are source files: they sit in the checkout, not in an installed package.
PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"


@pytest.fixture
def three(tmp_path: Path) -> Path:
    """A Three-handed match: Ann deals to Ben, Cid sits out the first hand."""
    ok(invoke(tmp_path, "new", "Ann", "Ben", "Cid", "--dealer", "ann"))
    return tmp_path


@pytest.mark.parametrize(
    "typed, meant",
    [
        (["ann", "3", "20"], "'scorekeeper knock ann 3 20'."),
        (
            ["ben", "25"],
            "'scorekeeper knock ben 25 OPPONENT_DEADWOOD' or 'scorekeeper gin ben 25'.",
        ),
        (
            ["cid"],
            "'scorekeeper knock cid KNOCKER_DEADWOOD OPPONENT_DEADWOOD' or "
            "'scorekeeper gin cid OPPONENT_DEADWOOD'.",
        ),
    ],
)
def test_a_hand_typed_without_its_command_is_pointed_to_the_command(
    three: Path, typed: list[str], meant: str
) -> None:
    before = snapshot(three)
    said = refused(invoke(three, *typed), 2)
    assert said == (
        f"Error: There is no command '{typed[0]}'. To record a hand {typed[0]} won, say first "
        f"how it ended: {meant}"
    )
    assert "abandon" not in said
    assert snapshot(three) == before


def test_a_player_named_alone_is_never_pointed_to_a_command_spelled_alike(tmp_path: Path) -> None:
    # 'aban' is close to 'abandon' in spelling; as a player's name it is a hand's winner.
    ok(invoke(tmp_path, "new", "Aban", "Ben"))
    said = refused(invoke(tmp_path, "aban"), 2)
    assert "'scorekeeper knock aban KNOCKER_DEADWOOD OPPONENT_DEADWOOD'" in said
    assert "abandon" not in said
    # Not a name: the command spelled alike is offered (it runs nothing).
    assert "did you mean 'abandon'?" in refused(invoke(tmp_path, "abandn"), 2)


def test_the_hint_speaks_the_language(three: Path) -> None:
    said = invoke(three, "--lang", "de", "cid")
    assert said.exit_code == 2
    assert said.stderr.strip() == (
        "Fehler: Es gibt keinen Befehl 'cid'. Um eine Runde einzutragen, die cid gewonnen hat, "
        "nennen Sie zuerst, wie sie endete: 'scorekeeper knock cid TOTHOLZ_KLOPFENDER "
        "TOTHOLZ_GEGNER' oder 'scorekeeper gin cid TOTHOLZ_GEGNER'."
    )


@pytest.mark.parametrize(
    "lang, word, command",
    [("de", "klopfen", "knock"), ("nl", "kloppen", "knock"), ("de", "mauer", "wall")],
)
def test_amend_with_the_kind_of_hand_in_the_language_names_the_command(
    three: Path, lang: str, word: str, command: str
) -> None:
    ok(invoke(three, "knock", "ann", "3", "20"))
    before = snapshot(three)
    said = invoke(three, "--lang", lang, "amend", "1", word, "ann", "2", "20")
    assert said.exit_code == 2
    assert said.stderr.strip().endswith(f"'scorekeeper amend 1 {command} ann 2 20'?")
    assert snapshot(three) == before


def test_amend_with_a_mistyped_kind_of_hand(three: Path) -> None:
    ok(invoke(three, "knock", "ann", "3", "20"))
    said = refused(invoke(three, "amend", "1", "knok", "ann", "2", "20"), 2)
    assert said == (
        "Error: There is no kind of hand 'knok' to amend; did you mean "
        "'scorekeeper amend 1 knock ann 2 20'?"
    )
    said = refused(invoke(three, "amend", "1", "xx"), 2)
    assert said == "Error: There is no kind of hand 'xx' to amend; name knock, gin or wall."


def test_record_tells_a_stranger_from_the_player_sitting_out(three: Path) -> None:
    # Hand 1: Ann v Ben, Cid sits out.
    answers = "knock\nxyz\ncid\nann\n3\n20\ny\nq\n"
    said = ok(invoke(three, "record", input=answers))
    assert "Error: 'xyz' is not a player of this match: name Ann or Ben." in said
    assert "Error: Cid sits out this hand: Ann and Ben are playing." in said
    assert "Hand 1: Ann knocks 3 v 20 -> Ann +17" in said


@pytest.mark.parametrize("knocker", ["-3", "150"])
def test_a_knockers_count_out_of_every_counts_range_is_refused_as_the_page_does(
    three: Path, knocker: str
) -> None:
    """The page's field takes 0 to 98 for the knocker's count: so does the command line."""
    said = refused(invoke(three, "knock", "ann", knocker, "20"), 2)
    assert f"the knocker's deadwood must be from 0 to 98, not {knocker}." in said


def test_a_knockers_count_over_the_knock_limit_is_refused_by_the_limit(three: Path) -> None:
    said = refused(invoke(three, "knock", "ann", "11", "20"), 2)
    assert said == (
        "Error: Nobody can knock with 11 deadwood: the knock limit is 10. Enter the "
        "knocker's deadwood from 1 to 10, or 0 for gin."
    )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_leaves_a_word_of_a_usage_line_in_english(lang: str) -> None:
    """A usage line's words (MATCH, NUMBER) are translated; a help text that names one names
    it as the usage line does."""
    from babel.messages.pofile import read_po

    catalogue = PACKAGE / "locale" / lang / "LC_MESSAGES" / "scorekeeper.po"
    with catalogue.open("rb") as po:
        messages = [m for m in read_po(po) if m.id]
    words = {
        m.id
        for m in messages
        if isinstance(m.id, str) and re.fullmatch(r"[A-Z][A-Z0-9_]+", m.id) and m.string != m.id
    }
    assert {"MATCH", "NUMBER", "PLAYER"} <= words
    texts = [
        str(text) for m in messages for text in (m.string if m.pluralizable else [m.string]) or []
    ]
    left = [
        (word, text[:60]) for text in texts for word in words if re.search(rf"\b{word}\b", text)
    ]
    assert left == []


def test_a_hint_under_amend_can_be_pasted_and_run(three: Path) -> None:
    ok(invoke(three, "knock", "ann", "3", "20"))
    said = refused(invoke(three, "amend", "1", "knock"), 2)
    assert said.endswith("('scorekeeper amend 1 knock --help' says more)")
    assert "Usage: scorekeeper amend 1 knock [OPTIONS] PLAYER" in said
    # amend's own usage still names what is typed there.
    assert "scorekeeper amend [OPTIONS] NUMBER COMMAND" in ok(invoke(three, "amend", "--help"))


@pytest.mark.parametrize("width", range(12, 60))
def test_a_wrapped_line_never_splits_a_unit(width: int) -> None:
    from scorekeeper.wrapping import wrap

    line = (
        "*** GAME 1 WON BY Bartholomeus, 100 to Alexandrinaa 61, Christophera 58, net +331 "
        "after bonuses; Alexandrinaa klopft mit 2 gegen 30, Big Gin ***"
    )
    parts = [part.strip() for part in wrap(line, width)]
    assert "***" not in parts  # the marks stay with a word
    assert not any(re.match(r"[-+]?\d", part) for part in parts)  # a number with its word
    assert not any(part.startswith(("gegen", "Gin")) for part in parts)  # 2 gegen 30, Big Gin


def test_an_error_on_a_terminal_is_wrapped_to_its_width(tmp_path: Path) -> None:
    import os
    import pty
    import subprocess
    import sys

    ok(invoke(tmp_path, "new", "Ann", "Ben", "--dealer", "ann", "--end-after-first-game"))
    ok(invoke(tmp_path, "gin", "ann", "98"))  # 98 + 25 > 100: the match is over
    command = [sys.executable, "-m", "scorekeeper", "--db", str(tmp_path), "--lang", "de"]
    env = {**os.environ, "COLUMNS": "60", "NO_COLOR": "1"}
    master, terminal = pty.openpty()
    on_terminal = subprocess.run([*command, "knock", "ann", "3", "20"], stderr=terminal, env=env)
    os.close(terminal)
    said = read_terminal(master).replace("\r\n", "\n").splitlines()
    assert on_terminal.returncode == 1
    assert said[0].startswith("Fehler: Partie 1 ist vorbei")
    assert len(said) > 1 and all(len(line) <= 60 for line in said)
    assert all(line.startswith("  ") for line in said[1:])
    piped = subprocess.run([*command, "knock", "ann", "3", "20"], capture_output=True, env=env)
    assert piped.stderr.decode().count("\n") == 1  # in a file or a pipe: one line to find
    assert " ".join(line.strip() for line in said) == piped.stderr.decode().strip()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_records_questions_fit_80_columns_with_room_for_the_answer(three: Path, lang: str) -> None:
    said = invoke(
        three, "--lang", lang, "record", input="q\n", env={"COLUMNS": "80"}
    ).output.splitlines()
    answered = [line for line in said if line.endswith(": q")]  # the answer after the question
    assert len(answered) == 1 and len(answered[0]) <= 80 - 12 + len(" q")
    assert all(len(line) <= 80 for line in said)


def test_a_wrapped_question_is_asked_again_whole_after_an_unusable_answer(three: Path) -> None:
    """At 80 columns the Dutch question how the hand ended takes two lines; after 'clear' (no
    way a hand ends) both lines come again, not only the one the answer is typed on."""
    said = invoke(
        three, "--lang", "nl", "record", input="clear\nq\n", env={"COLUMNS": "80"}
    ).output.splitlines()
    asked = [n for n, line in enumerate(said) if line.startswith("Hoe eindigde de hand?")]
    assert len(asked) == 2
    first, again = asked
    # the line the question wraps onto is indented, as every wrapped line is
    assert said[first + 1] == "  q: stoppen): clear" and said[again + 1] == "  q: stoppen): q"
    assert said[first + 2].startswith("Fout: 'clear' is geen manier")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_abandon_and_delete_say_what_they_did_within_80_columns(tmp_path: Path, lang: str) -> None:
    store = tmp_path / "store"
    ok(invoke(store, "new", "Alexandrinaa", "Bartholomeus", "--dealer", "alex"))
    ok(invoke(store, "new", "Christophera", "Bartholomeus", "--dealer", "chr"))
    for args in (["abandon"], ["undo"], ["delete", "2", "--yes"], ["restore", "2"]):
        fits(ok(invoke(store, "--lang", lang, *args, env=at(80))), 80)


def test_the_short_standing_aligns_wide_names_by_the_columns_they_take(tmp_path: Path) -> None:
    """山田 takes four columns of a terminal, as Anna does: the figures stand one under another."""
    store = tmp_path / "store"
    ok(invoke(store, "new", "山田", "Anna", "--dealer", "anna"))
    said = ok(invoke(store, "knock", "anna", "3", "20")).splitlines()
    rows = [line for line in said if line.startswith(("  山田", "  Anna"))]
    assert len(rows) == 2
    assert len({cells(row) for row in rows}) == 1  # both rows end in the same column


def test_a_tie_the_knocker_wins_is_called_a_tie_and_is_no_undercut(tmp_path: Path) -> None:
    store = tmp_path / "store"
    ok(invoke(store, "new", "Ann", "Ben", "--tie", "knocker", "--dealer", "ann"))
    said = refused(invoke(store, "knock", "ann", "5", "5", "--undercut"), 2)
    assert "5 v 5 is a tie, and this match gives a tie to the knocker: it is no undercut" in said
    reported = ok(invoke(store, "knock", "ann", "5", "5")).splitlines()[0]
    assert reported == "Hand 1: Ann knocks 5 v 5, a tie: the knocker's -> Ann +0 in Game 1"
    sheet = ok(invoke(store, "show", env=at(80))).splitlines()
    assert any(line.split()[:3] == ["1", "+0", "tie"] for line in sheet)  # the hand's cell


def test_the_help_of_an_option_says_what_it_goes_with_as_declared(tmp_path: Path) -> None:
    """The declarations' needs and not_with make the help's last sentence; an option named
    there is never split at its hyphens."""
    said = ok(invoke(tmp_path / "store", "new", "--help", env=at(80)))
    lines = fits(said, 80)
    joined = " ".join(line.strip() for line in lines)
    assert "(default 100). With --shutout bonus." in joined
    assert "Not with three players or --end-after-first-game." in joined
    assert "Not with one game." in joined and "Not with --no-spades-double." in joined
    assert not [line for line in lines if line.rstrip().endswith("-") and "--" in line]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "command, quoted",
    [
        (["new"], "'scorekeeper rules --presets'"),
        (["delete"], "'scorekeeper restore {match}'"),
        (["deadwood"], '"5s 6s 7s / 9h 9d 9c"'),
    ],
)
def test_a_help_page_never_breaks_a_line_within_quotes(
    tmp_path: Path, language: str, command: list[str], quoted: str
) -> None:
    said = ok(
        invoke(tmp_path / "store", *command, "--help", env={**at(80), "SCOREKEEPER_LANG": language})
    )
    match = {"en": "MATCH", "de": "PARTIE", "nl": "PARTIJ"}[language]
    assert quoted.format(match=match) in "\n".join(fits(said, 80))


def test_the_help_of_a_kind_of_hand_to_amend_is_its_own(tmp_path: Path) -> None:
    said = ok(invoke(tmp_path / "store", "amend", "3", "knock", "--help", env=at(80)))
    assert said.startswith("Usage: scorekeeper amend 3 knock [OPTIONS] PLAYER")
    said = ok(invoke(tmp_path / "store", "amend", "3", "--help", env=at(80)))
    assert said.startswith("Usage: scorekeeper amend [OPTIONS] NUMBER COMMAND")
    said = refused(invoke(tmp_path / "store", "amend", "3", "knok", "--help", env=at(80)), 2)
    assert "did you mean 'scorekeeper amend 3 knock --help'?" in said


def test_record_asks_who_went_big_gin_after_big_gin(tmp_path: Path) -> None:
    store = tmp_path / "store"
    ok(invoke(store, "new", "Ann", "Ben", "--dealer", "ann"))
    asked = invoke(store, "record", input="big gin\nann\n10\ny\nq\n").output
    assert "Who went big gin? [Ann/Ben]:" in asked and "Who went gin?" not in asked
