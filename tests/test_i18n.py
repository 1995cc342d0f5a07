"""The German and Dutch catalogues: complete, with the same placeholders as the English, shipped
compiled in step with their .po files; the language chosen by --lang, then the environment; and
machine-readable output the same in every language.

The catalogues and the extractor are read from the source tree beside this file (the package
under test may be an installed copy, which ships only the .mo files).
"""

from __future__ import annotations

import ast
import gettext
import importlib.util
import io
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import click
import pytest

from scorekeeper import i18n

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
SAMPLES = ROOT / "sample_sessions"
LANGUAGES = ["de", "nl"]
LOCALE_VARIABLES = ("SCOREKEEPER_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def load_update() -> ModuleType:
    """``scorekeeper/locale/update.py``, the tool that keeps the catalogues (not shipped)."""
    spec = importlib.util.spec_from_file_location(
        "scorekeeper_locale_update", PACKAGE / "locale" / "update.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


update = load_update()


def po_file(language: str) -> Path:
    return PACKAGE / "locale" / language / "LC_MESSAGES" / "scorekeeper.po"


def entries(language: str) -> list[Any]:
    return update.parse_po(  # type: ignore[no-any-return]
        po_file(language).read_text(encoding="utf-8"), str(po_file(language))
    )


def live(language: str) -> list[Any]:
    """The entries of a .po but its header and obsolete ones."""
    return [entry for entry in entries(language) if entry.msgid and not entry.obsolete]


# The catalogues


def test_the_extractor_finds_every_kind_of_message(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text(
        'X = N_("marked")\n'
        "def f(n, name):\n"
        '    print(_("Hello, " "{name}!").format(name=name))\n'
        '    print(ngettext("{n} hand", "{n} hands", n).format(n=n))\n'
        '    print(_(X), _(f"{name}"))\n'
        '    print(_("marked"))\n',
        encoding="utf-8",
    )
    found = update.extract(package)
    assert [(m.msgid, m.plural) for m in found.messages.values()] == [
        ("marked", None),
        ("Hello, {name}!", None),
        ("{n} hand", "{n} hands"),
    ]
    assert found.messages["marked"].references == ["pkg/a.py:1", "pkg/a.py:6"]
    assert found.dynamic == ["pkg/a.py:5", "pkg/a.py:5"]


def test_merging_keeps_translations_and_sets_aside_the_gone() -> None:
    old = update.parse_po(
        'msgid ""\nmsgstr "Language: de\\nPlural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "Column"\nmsgstr "Spalte"\n\n'
        'msgid "Gone"\nmsgstr "Weg"\n'
    )
    pot = update.template(
        update.Extracted(
            {
                "Column": update.Message("Column", None, ["a.py:1"]),
                "{n} game": update.Message("{n} game", "{n} games", ["a.py:2"]),
            },
            [],
        )
    )
    merged = update.merge(pot, old, "de")
    assert [(e.msgid, e.msgstr, e.obsolete) for e in merged[1:]] == [
        ("Column", ["Spalte"], False),
        ("{n} game", ["", ""], False),
        ("Gone", ["Weg"], True),
    ]
    assert update.parse_po(update.format_po(merged))[1:] == merged[1:]


def test_the_po_reader_and_writer_agree_on_long_and_odd_strings() -> None:
    text = 'Say "hi"\\ then a long line ' + "word " * 30 + "\nand a tab\tend"
    entry = update.Entry(text, [text.upper()], flags=["python-brace-format"], references=["x:1"])
    assert update.parse_po(update.format_entry(entry)) == [entry]
    assert all(len(line) <= update.WIDTH for line in update.format_entry(entry).splitlines())


def test_the_extractor_finds_the_command_help_of_a_click_module(tmp_path: Path) -> None:
    """Docstrings of commands and groups and ``help=`` literals, cleaned as click shows them;
    only in modules that import click."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "cli.py").write_text(
        "import click\n"
        'TEXT = N_("Marked where written.")\n'
        "@click.group()\n"
        "def cli():\n"
        '    """The tool.\n'
        "\n"
        "    \\b\n"
        "    Example:\n"
        "      tool go\n"
        '    """\n'
        '@cli.command("go")\n'
        '@click.option("--fast", help="Go "\n'
        '              "fast.")\n'
        '@click.option("--far", help=TEXT)\n'
        '@click.option("--to", help="Somewhere: " + ", ".join("ab"))\n'
        "def go(fast, far, to):\n"
        '    """Go somewhere."""\n'
        "def helper():\n"
        '    """Not a command."""\n',
        encoding="utf-8",
    )
    (package / "other.py").write_text(
        'def f(help=""):\n    return dict(help="not click")\n', encoding="utf-8"
    )
    found = update.extract(package)
    assert list(found.messages) == [
        "Marked where written.",
        "The tool.\n\n\b\nExample:\n  tool go",
        "Go fast.",
        "Go somewhere.",
    ]
    assert found.messages["Go fast."].references == ["pkg/cli.py:12"]
    assert found.dynamic == ["pkg/cli.py:15"]


def command_help() -> dict[str, str]:
    """What click shows as help (cleaned as it cleans it), by where: every command's and group's
    text, and every option's but click's own (--help, --version)."""
    import inspect

    import click

    from scorekeeper.cli import cli

    found: dict[str, str] = {}
    commands: list[tuple[str, click.Command]] = [("scorekeeper", cli)]
    while commands:
        name, command = commands.pop()
        found[name] = inspect.cleandoc(command.help or "")
        found.update(
            {
                f"{name} {param.opts[-1]}": inspect.cleandoc(param.help)
                for param in command.params
                if isinstance(param, click.Option)
                and param.help
                and param.name not in ("help", "version")
            }
        )
        if isinstance(command, click.Group):
            context = click.Context(command)
            commands += [
                (f"{name} {sub}", c)
                for sub in command.list_commands(context)
                if (c := command.get_command(context, sub)) is not None
            ]
    return found


def test_the_extractor_finds_all_the_help_click_shows() -> None:
    """The catalogue's msgids are what the commands and options hold (cleaned): so every help
    text is translated, which test_every_message_of_the_source_is_translated checks."""
    extracted = update.extract().messages
    shown = command_help()
    assert len(shown) > 40
    assert [
        where
        for where, text in shown.items()
        if text not in extracted and where != "scorekeeper new --preset"
    ] == []
    assert "Named rule set: {presets}." in extracted  # its fields are filled when shown


def test_the_po_writer_keeps_clicks_no_rewrap_marker() -> None:
    text = "Do it.\n\n\b\nExample:\n  tool go"
    written = update.format_entry(update.Entry(text, [text]))
    assert "\\b" in written and "\b" not in written
    assert update.parse_po(written)[0].msgid == text


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_of_the_source_is_translated(language: str) -> None:
    """Run ``python scorekeeper/locale/update.py`` and translate what it lists."""
    translated = {entry.msgid: entry for entry in live(language)}
    missing = [
        f"{m.references[0]}: {m.msgid!r}"
        for m in update.extract().messages.values()
        if m.msgid not in translated
        or not translated[m.msgid].translated
        or (translated[m.msgid].plural or None) != m.plural
    ]
    assert missing == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_nothing_is_fuzzy_or_empty(language: str) -> None:
    assert [entry.msgid for entry in live(language) if not entry.translated] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_header_names_the_language_and_its_plural_forms(language: str) -> None:
    found = entries(language)
    assert update.header_value(found, "Language") == language
    assert update.header_value(found, "Plural-Forms") == "nplurals=2; plural=(n != 1);"
    assert "charset=UTF-8" in (update.header_value(found, "Content-Type") or "")


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders(language: str) -> None:
    """Same ``{name!conversion:spec}`` fields as the English, in every plural form: a missing or
    misspelt one would fail at ``.format()`` or lose a number."""
    wrong = []
    for entry in live(language):
        if not entry.translated:
            continue  # test_every_message_of_the_source_is_translated says so
        english = (
            [entry.msgid]
            if entry.plural is None
            else [entry.msgid] + [entry.plural] * (len(entry.msgstr) - 1)
        )
        for source, translation in zip(english, entry.msgstr):
            if update.fields(source) != update.fields(translation):
                wrong.append((source, translation))
    assert wrong == []


def test_no_message_is_translated_when_its_module_is_imported() -> None:
    """``--lang`` is read after the package is imported: a ``_()`` run at import (a module
    constant, a decorator's argument, a default value) would stay in the import's language.
    Mark such a message with ``N_()`` and translate it with ``_()`` where it is used."""
    early = []
    for path in update.source_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        at_import: list[ast.AST] = [tree]  # what runs when the module is imported
        while at_import:
            node = at_import.pop()
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("_", "ngettext")
            ):
                early.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                    arguments = child.args  # the body runs later; these run now
                    at_import += [
                        *getattr(child, "decorator_list", []),
                        *arguments.defaults,
                        *(d for d in arguments.kw_defaults if d is not None),
                    ]
                else:
                    at_import.append(child)
    assert early == []


def test_the_fields_of_a_message() -> None:
    assert update.fields("{a} v {b}: net {net:+d} {{literal}} {value!r}") == {
        ("a", "", ""),
        ("b", "", ""),
        ("net", "", "+d"),
        ("value", "r", ""),
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_shipped_mo_is_compiled_from_the_po(language: str) -> None:
    """The .mo the package loads holds exactly what the .po says (compiled here in memory)."""
    found = entries(language)
    compiled = gettext.GNUTranslations(io.BytesIO(update.compile_mo(found)))
    with po_file(language).with_suffix(".mo").open("rb") as file:
        shipped = gettext.GNUTranslations(file)
    assert shipped._catalog == compiled._catalog  # type: ignore[attr-defined]
    for entry in found:
        if not entry.msgid or entry.obsolete or not entry.translated:
            continue
        if entry.plural is None:
            assert shipped.gettext(entry.msgid) == entry.msgstr[0]
        else:
            assert shipped.ngettext(entry.msgid, entry.plural, 1) == entry.msgstr[0]
            assert shipped.ngettext(entry.msgid, entry.plural, 2) == entry.msgstr[1]


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext is not installed")
@pytest.mark.parametrize("language", LANGUAGES)
def test_gnu_msgfmt_accepts_the_po_and_compiles_the_same(language: str, tmp_path: Path) -> None:
    mo = tmp_path / "gnu.mo"
    subprocess.run(["msgfmt", "--check", "-o", str(mo), str(po_file(language))], check=True)
    with mo.open("rb") as gnu, po_file(language).with_suffix(".mo").open("rb") as shipped:
        catalogues = [gettext.GNUTranslations(file) for file in (gnu, shipped)]
        assert catalogues[0]._catalog == catalogues[1]._catalog  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_answers_of_record_stay_distinct(language: str) -> None:
    """``record`` takes any unique beginning of the kinds of ending it offers."""
    translated = {entry.msgid: entry.msgstr[0] for entry in live(language)}
    words = [translated[word].casefold() for word in ("knock", "gin", "wall", "big gin")]
    assert len(set(words)) == 4 and all(words)


# Choosing the language


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """No locale variable set; the catalogue forgotten (and again after the test)."""
    for variable in LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    i18n.set_language(None)
    return monkeypatch


def speaking() -> str:
    """The language of the messages now, told by one of them."""
    return {"Column": "en", "Spalte": "de", "Kolom": "nl"}[i18n._("Column")]


@pytest.mark.parametrize(
    "variables, expected",
    [
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "nl_NL.UTF-8"}, "nl"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_MESSAGES": "nl_BE", "LANG": "de_DE.UTF-8"}, "nl"),
        ({"LC_ALL": "de_AT.UTF-8", "LC_MESSAGES": "nl_NL", "LANG": "nl_NL"}, "de"),
        ({"LANGUAGE": "nl", "LC_ALL": "de_DE.UTF-8"}, "nl"),
        ({"LANGUAGE": "fr:de", "LANG": "nl_NL"}, "de"),
        ({"SCOREKEEPER_LANG": "de", "LANGUAGE": "nl", "LANG": "nl_NL.UTF-8"}, "de"),
        ({"SCOREKEEPER_LANG": "en", "LANG": "de_DE.UTF-8"}, "en"),
    ],
    ids=lambda value: (
        (" ".join(f"{k}={v}" for k, v in value.items()) or "nothing")
        if isinstance(value, dict)
        else str(value)
    ),
)
def test_the_language_comes_from_the_environment_in_order(
    environment: pytest.MonkeyPatch, variables: dict[str, str], expected: str
) -> None:
    for variable, value in variables.items():
        environment.setenv(variable, value)
    assert speaking() == expected


def test_set_language_wins_over_the_environment_and_forgets_the_cached_catalogue(
    environment: pytest.MonkeyPatch,
) -> None:
    environment.setenv("LANG", "de_DE.UTF-8")
    assert speaking() == "de"
    i18n.set_language("nl")
    assert speaking() == "nl"
    i18n.set_language("en")
    assert speaking() == "en"


def test_the_available_languages() -> None:
    """English and every shipped catalogue (the installed package's, not just the source's)."""
    assert {"de", "en", "nl"} <= set(i18n.available())
    assert i18n.available() == sorted(i18n.available())


def run_in(
    run: Any, *args: Any, env: dict[str, str | None] | None = None, input: str | None = None
) -> Any:
    """One command in a fresh process, as far as the language goes: nothing cached before it."""
    i18n.set_language(None)
    result = run(*args, env={**{v: None for v in LOCALE_VARIABLES}, **(env or {})}, input=input)
    assert result.exit_code == 0, result.output
    return result


def test_lang_option_wins_over_every_variable(run: Any) -> None:
    run_in(run, "new", "Ann", "Ben", "--dealer", "ben")
    said = run_in(
        run,
        "--lang",
        "de",
        "knock",
        "ann",
        "4",
        "27",
        env={"SCOREKEEPER_LANG": "nl", "LANGUAGE": "nl", "LANG": "nl_NL.UTF-8"},
    )
    assert "Runde 1: Ann klopft mit 4 gegen 27 -> Ann +23 in Spiel 1" in said.stdout
    assert "Ben gibt als Nächstes." in said.stdout


def test_locale_variables_choose_the_language_without_the_option(run: Any) -> None:
    run_in(run, "new", "Ann", "Ben", "--dealer", "ben")
    said = run_in(run, "knock", "ann", "4", "27", env={"LANG": "nl_NL.UTF-8"})
    assert "Hand 1: Ann klopt met 4 tegen 27 -> Ann +23 in Spel 1" in said.stdout
    said = run_in(run, "knock", "ben", "3", "19", env={"LANG": "fr_FR.UTF-8"})
    assert "Hand 2: Ben knocks 3 v 19 -> Ben +16 in Game 1" in said.stdout


@pytest.mark.parametrize("code", ["fr", "xx", "de_DE"])
def test_an_unknown_language_is_refused_with_the_ones_there_are(run: Any, code: str) -> None:
    result = run("--lang", code, "matches")
    assert result.exit_code == 2
    assert result.stderr == (
        f"Error: There are no messages in {code!r}; the languages are "
        f"{', '.join(i18n.available())}.\n"
    )
    assert "de, en, nl" in result.stderr


def test_errors_are_translated_with_their_prefix(run: Any) -> None:
    run_in(run, "new", "Ann", "Ben", "--dealer", "ben")
    i18n.set_language(None)
    result = run("--lang", "de", "knock", "zed", "4", "27")
    assert result.exit_code == 2
    assert result.stderr.startswith("Fehler: 'zed' spielt nicht in dieser Partie")
    i18n.set_language(None)
    result = run("--lang", "nl", "gin", "ann", "200")
    assert result.exit_code == 2
    assert "'200'" not in result.stderr and "niet 200" in result.stderr


def test_record_confirms_in_the_language_or_in_english(run: Any) -> None:
    run_in(run, "new", "Ann", "Ben", "--dealer", "ben")
    i18n.set_language(None)
    result = run("--lang", "de", "record", input="Mauer\nj\n")
    assert result.exit_code == 0, result.output
    assert "Diese Runde eintragen? [J/n]: j" in result.output
    i18n.set_language(None)
    result = run("--lang", "de", "record", input="wall\nvielleicht\nyes\n")
    assert result.exit_code == 0, result.output
    assert "'vielleicht' ist weder ja noch nein; antworten Sie ja oder nein." in result.output


def test_record_asks_in_the_language(run: Any) -> None:
    run_in(run, "new", "Ann", "Ben", "--dealer", "ben")
    result = run_in(run, "--lang", "nl", "record", input="kl\nann\n4\n27\ny\n")
    assert "Hoe eindigde de hand? [kloppen/gin/muur/big gin]" in result.stdout
    assert "Wie heeft geklopt? [Ann/Ben]" in result.stdout
    assert "Hand 1: Ann klopt met 4 tegen 27 -> Ann +23 in Spel 1" in result.stdout


# Command help


def words(text: str) -> str:
    """Text as one line: click wraps help to the terminal's width."""
    return " ".join(text.split())


def test_command_help_is_in_the_language_chosen_by_lang(run: Any) -> None:
    german = words(run_in(run, "--lang", "de", "knock", "--help").stdout)
    assert (
        "Ein Klopfen eintragen: PLAYER hat mit KNOCKER_DEADWOOD gegen OPPONENT_DEADWOOD geklopft."
    ) in german
    assert "Beispiel: scorekeeper knock bob 6 10 scorekeeper knock bob --cards" in german
    assert (
        "--undercut Festhalten, dass das Klopfen unterboten wurde (abgelehnt, wenn die "
        "Zahlen dagegen sprechen)."
    ) in german
    assert "-m, --match MATCH Die Partie, in die eingetragen wird" in german
    assert "Record a knock" not in german and "Assert that" not in german

    dutch = words(run_in(run, "--lang", "nl", "new", "--help").stdout)
    assert "Begin een partij tussen PLAYER1 en PLAYER2 en maak haar de huidige." in dutch
    assert (
        "--teams Partnerschaps-Gin: PLAYER1 en PLAYER2 zijn teams, geschreven als 'Ann & Bob'."
    ) in dutch
    assert "--preset TEXT Voorinstelling van de regels: standard, pagat," in dutch
    assert "--target INTEGER Punten die een spel beëindigen (standaard 100)." in dutch
    assert "Voorbeeld: scorekeeper new Alexandra Bob --dealer bob" in dutch


def test_the_list_of_commands_shows_translated_short_help(run: Any) -> None:
    german = words(run_in(run, "--lang", "de", "--help").stdout)
    assert "Das Punkteblatt für Hollywood Gin, mit echten Karten gespielt." in german
    assert "check Jede Datei des Speichers prüfen, ohne etwas zu ändern." in german
    assert "knock Ein Klopfen eintragen:" in german
    dutch = words(run_in(run, "--lang", "nl", "amend", "1", "--help").stdout)
    assert "gin Verbeter hand NUMBER tot Gin (of Big Gin met --big)." in dutch
    assert "wall Verbeter hand NUMBER tot een muur (dode hand)." in dutch


def test_command_help_stays_english_in_english(run: Any) -> None:
    before = command_help()
    run_in(run, "--lang", "de", "knock", "--help")
    run_in(run, "--lang", "nl", "--help")
    assert command_help() == before  # the English is only swapped out while shown
    english = words(run_in(run, "knock", "--help").stdout)
    assert (
        "Record a knock: PLAYER knocked with KNOCKER_DEADWOOD against OPPONENT_DEADWOOD." in english
    )
    assert "Example: scorekeeper knock bob 6 10" in english
    assert "--undercut Assert that the knock was undercut" in english
    assert "--preset TEXT Named rule set: standard, pagat," in words(
        run_in(run, "new", "--help").stdout
    )
    listing = words(run_in(run, "--lang", "en", "--help").stdout)
    assert "check Verify every file of the store without changing anything." in listing
    assert "Das Punkteblatt" not in listing


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_commands_help_is_translated_and_keeps_its_examples(run: Any, language: str) -> None:
    from scorekeeper.cli import cli

    paths: list[list[str]] = (
        [[]]
        + [[name] for name in cli.list_commands(click.Context(cli))]
        + [["amend", "1", name] for name in ("knock", "gin", "wall")]
    )
    for path in paths:
        english = run_in(run, *path, "--help").stdout
        translated = run_in(run, "--lang", language, *path, "--help").stdout
        assert translated != english
        examples = [line for line in english.splitlines() if line.startswith("    scorekeeper")]
        assert examples and all(line in translated.splitlines() for line in examples)
        assert "Example:" not in translated


# A whole match in each language

SHEET_LABELS = {
    "en": ["Column", "Boxes", "Box bonus", "Game bonus", "Net", "MATCH OVER"],
    "de": [
        "Spalte",
        "Boxen",
        "Box-Bonus",
        "Spielbonus",
        "Netto",
        "PARTIE VORBEI",
        "Partie 1: Alexandra gegen Bob",
    ],
    "nl": [
        "Kolom",
        "Boxen",
        "Box-bonus",
        "Spelbonus",
        "Netto",
        "PARTIJ VOORBIJ",
        "Partij 1: Alexandra tegen Bob",
    ],
}


def numbers(text: str) -> list[str]:
    return re.findall(r"[+-]?\d+", text)


def test_a_whole_match_sheet_in_each_language_has_the_same_numbers(run: Any) -> None:
    run_in(run, "import", SAMPLES / "01-seed-example.json")
    english = run_in(run, "show").stdout
    german = run_in(run, "--lang", "de", "show").stdout
    dutch = run_in(run, "show", env={"SCOREKEEPER_LANG": "nl"}).stdout
    for language, sheet in (("en", english), ("de", german), ("nl", dutch)):
        assert all(label in sheet for label in SHEET_LABELS[language]), sheet
    assert "Column" not in german and "Column" not in dutch
    assert numbers(german) == numbers(english)
    assert numbers(dutch) == numbers(english)


def partnership(run: Any) -> None:
    """A Partnership Gin match with a complete deal and a table waiting in the next."""
    run_in(run, "new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "ann")
    run_in(run, "knock", "ann", "5", "20")
    run_in(run, "gin", "dee", "12")
    run_in(run, "wall", "cid")


def oklahoma(run: Any) -> None:
    run_in(run, "new", "Ann", "Ben", "--oklahoma", "--dealer", "ben")
    run_in(run, "knock", "ann", "4", "27", "--upcard", "7s")
    run_in(run, "gin", "ben", "12", "--upcard", "kh")
    run_in(run, "knock", "ann", "6", "5", "--upcard", "10d")


MATCHES = {
    "seed example": lambda run: run_in(run, "import", SAMPLES / "01-seed-example.json"),
    "walls and undercut": lambda run: run_in(
        run, "import", SAMPLES / "04-walls-and-tied-undercut.json"
    ),
    "two columns": lambda run: run_in(run, "import", SAMPLES / "05-house-rules-two-columns.json"),
    "oklahoma": oklahoma,
    "partnership": partnership,
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("match", MATCHES)
def test_every_reading_command_speaks_the_language(run: Any, language: str, match: str) -> None:
    """Each command runs in each language (a bad placeholder would fail at ``.format()``), and
    the log keeps the English log's numbers."""
    MATCHES[match](run)
    for command in (
        ["show"],
        ["log"],
        ["log", "--all"],
        ["rules"],
        ["rules", "--presets"],
        ["matches"],
        ["check"],
    ):
        run_in(run, "--lang", language, *command)
    english = run_in(run, "log").stdout
    translated = run_in(run, "--lang", language, "log").stdout
    assert numbers(translated) == numbers(english)
    assert translated != english


@pytest.mark.parametrize("match", ["seed example", "partnership", "oklahoma"])
@pytest.mark.parametrize(
    "command", [["show", "--json"], ["export"], ["export", "--format", "json"]]
)
def test_machine_readable_output_is_the_same_in_every_language(
    run: Any, command: list[str], match: str
) -> None:
    MATCHES[match](run)
    english = run_in(run, *command).stdout
    assert run_in(run, "--lang", "de", *command).stdout == english
    assert run_in(run, "--lang", "nl", *command).stdout == english
    assert run_in(run, *command, env={"LANG": "de_DE.UTF-8"}).stdout == english
    assert run_in(run, *command, env={"SCOREKEEPER_LANG": "nl"}).stdout == english


def test_number_errors_name_the_deadwood_in_the_language(run: Any) -> None:
    run_in(run, "new", "Ann", "Ben", "--dealer", "ben")
    i18n.set_language(None)
    result = run("--lang", "nl", "gin", "ann", "200")
    assert "het overschot van de tegenstander moet van 0 tot" in result.stderr
