"""The German and Dutch catalogues: complete, with the same placeholders as the English, shipped
compiled in step with their .po files; the language chosen by --lang, then the environment; and
machine-readable output the same in every language. A catalogue still being translated is a
draft: checked as every catalogue is, but not offered, and not yet held to be complete.

The catalogues and the extractor are read from the source tree beside this file (the package
under test may be an installed copy, which ships only the .mo files).
"""

from __future__ import annotations

import ast
import errno
import functools
import gettext
import io
import os
import re
import shutil
import string
import subprocess
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

import click
import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir, extract_python
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from scorekeeper import __version__, i18n

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
SAMPLES = ROOT / "sample_sessions"
#: Every language with a catalogue: a new one is checked as soon as it is started.
LANGUAGES = sorted(found.parent.name for found in (PACKAGE / "locale").glob("*/LC_MESSAGES"))
#: The languages offered: every catalogue that translates every message (the others are drafts).
OFFERED = [language for language in LANGUAGES if language in i18n.available()]
#: The languages scorekeeper has always spoken: never a draft (a message left untranslated in
#: them fails the tests rather than taking the language away).
KEPT = ("de", "nl")
LOCALE_VARIABLES = ("SCOREKEEPER_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


BABEL_CONFIG = PACKAGE / "locale" / "babel.cfg"


def po_file(language: str) -> Path:
    return PACKAGE / "locale" / language / "LC_MESSAGES" / "scorekeeper.po"


def catalogue(language: str) -> Catalog:
    """A language's .po as Babel reads it."""
    with po_file(language).open("rb") as file:
        return read_po(file, locale=language)


def key(context: str | None, msgid: str) -> str:
    """How a catalogue finds a message: its English, after its context and gettext's separator
    (``"next dealer\x04winner"``) where it has one, as in a .mo file."""
    return f"{context}\x04{msgid}" if context else msgid


class Entry(NamedTuple):
    """A message of a .po: its context, its English (and plural), its translation (each plural
    form)."""

    context: str | None
    msgid: str
    plural: str | None
    msgstr: list[str]
    fuzzy: bool

    @property
    def translated(self) -> bool:
        return not self.fuzzy and all(self.msgstr)

    @property
    def key(self) -> str:
        return key(self.context, self.msgid)


def entry(message: Message) -> Entry:
    context, fuzzy = message.context, message.fuzzy
    if isinstance(message.id, (tuple, list)):
        forms = message.string if isinstance(message.string, (tuple, list)) else [message.string]
        return Entry(context, message.id[0], message.id[1], [f or "" for f in forms], fuzzy)
    return Entry(context, str(message.id), None, [str(message.string or "")], fuzzy)


def live(language: str) -> list[Entry]:
    """The messages of a .po, its header and obsolete ones left out."""
    return [entry(message) for message in catalogue(language) if message.id]


@functools.cache
def extracted(root: Path = ROOT) -> Mapping[str, Any]:
    """What ``pybabel extract -F scorekeeper/locale/babel.cfg`` finds under ``root``: msgid (a
    tuple with its plural) by :func:`key` of its context and singular. Read once per process:
    the source does not change while the tests run."""
    with BABEL_CONFIG.open(encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)  # type: ignore[no-untyped-call]
    found: dict[str, Any] = {}
    for _filename, _line, message, _comments, context in extract_from_dir(
        root, method_map, options_map
    ):
        found.setdefault(key(context, message if isinstance(message, str) else message[0]), message)
    return MappingProxyType(found)


def fields(text: str) -> set[tuple[str, str, str]]:
    """The ``{name!conversion:spec}`` fields of a message, each once."""
    return {
        (name, conversion or "", spec or "")
        for _literal, name, spec, conversion in string.Formatter().parse(text)
        if name is not None
    }


# The catalogues


def test_the_extractor_finds_every_kind_of_message(tmp_path: Path) -> None:
    package = tmp_path / "scorekeeper"
    package.mkdir()
    (package / "a.py").write_text(
        'X = N_("marked")\n'
        "def f(n, name):\n"
        '    print(_("Hello, " "{name}!").format(name=name))\n'
        '    print(ngettext("{n} hand", "{n} hands", n).format(n=n))\n'
        '    print(_(X), _(f"{name}"))\n'
        '    print(_("marked"))\n'
        'WON = NP_("next dealer", "winner")\n'
        'print(_("winner"), pgettext(*WON), pgettext("match", "winner"))\n'
        'print(npgettext("sheet", "{n} box", "{n} boxes", 2))\n',
        encoding="utf-8",
    )
    assert extracted(tmp_path) == {
        "marked": "marked",
        "Hello, {name}!": "Hello, {name}!",
        "{n} hand": ("{n} hand", "{n} hands"),
        "next dealer\x04winner": "winner",
        "winner": "winner",
        "match\x04winner": "winner",
        "sheet\x04{n} box": ("{n} box", "{n} boxes"),
    }


def test_the_extractor_finds_the_command_help_of_a_click_module(tmp_path: Path) -> None:
    """Docstrings of commands and groups and ``help=`` literals, cleaned as click shows them
    and each paragraph's lines joined, but a ``\\b`` paragraph's (an example) kept; only in
    modules that import click."""
    package = tmp_path / "scorekeeper"
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
        '@click.option("--slow", help="""Go\n'
        '              slowly.""")\n'
        '@click.option("--far", help=TEXT)\n'
        '@click.option("--to", help="Somewhere: " + ", ".join("ab"))\n'
        "def go(fast, slow, far, to):\n"
        '    """Go\n'
        "    somewhere,\n"
        "      and back.\n"
        "\n"
        "    \\b\n"
        "    Example:\n"
        "      go --fast\n"
        '    """\n'
        "def helper():\n"
        '    """Not a command."""\n',
        encoding="utf-8",
    )
    (package / "other.py").write_text(
        'def f(help=""):\n    return dict(help="not click")\n', encoding="utf-8"
    )
    assert sorted(extracted(tmp_path)) == sorted(
        [
            "Marked where written.",
            "The tool.\n\n\b\nExample:\n  tool go",
            "Go fast.",
            "Go slowly.",
            "Go somewhere, and back.\n\n\b\nExample:\n  go --fast",
        ]
    )


def test_the_extractor_finds_the_words_of_the_metavars_of_a_click_module(tmp_path: Path) -> None:
    """What click shows for a parameter, in capitals, is translated word by word: an argument's
    name, a ``metavar=`` literal, a parameter type's name; a name given as a variable is marked
    with ``N_()``."""
    package = tmp_path / "scorekeeper"
    package.mkdir()
    (package / "cli.py").write_text(
        "import click\n"
        "class Distance(click.ParamType):\n"
        '    name = "distance in miles"\n'
        "class Plain:\n"
        '    name = "not a type"\n'
        "def deadwood(metavar):\n"
        "    return click.argument(metavar.lower(), metavar=metavar)\n"
        '@click.command("go")\n'
        '@click.argument("player_one")\n'
        '@click.argument("count", metavar="[COUNT]...")\n'
        '@deadwood(N_("OTHER_COUNT"))\n'
        '@click.option("--to", metavar="PLACE", type=Distance())\n'
        "def go(player_one, count, other_count, to):\n"
        "    pass\n",
        encoding="utf-8",
    )
    assert sorted(extracted(tmp_path)) == sorted(
        ["DISTANCE", "IN", "MILES", "PLAYER_ONE", "COUNT", "OTHER_COUNT", "PLACE"]
    )


@pytest.mark.slow
def test_the_extractor_takes_clicks_own_messages_from_the_installed_click() -> None:
    """Everything the installed click marks for translation (``_()`` and ``ngettext()`` in any
    of its modules: usage errors, ``Usage:``, the help's headings, a prompt's ``Error:``, the
    messages of commands scorekeeper does not have) and the words of the metavars it writes
    itself is in the catalogue, so that test_every_message_of_the_source_is_translated holds
    the catalogue to the click that is installed, whatever its version."""
    import click

    folder = Path(click.__file__).parent
    marked = set()
    for path in folder.glob("*.py"):
        with path.open("rb") as file:
            for _line, _function, message, _comments in extract_python(
                file, {"_": None, "ngettext": (1, 2)}, (), {}
            ):
                singular = message[0] if isinstance(message, tuple) else message
                if singular is not None:
                    marked.add(singular)
    found = extracted()
    assert len(marked) > 60
    assert marked - found.keys() == set()
    assert {"required", "OPTIONS", "COMMAND", "ARGS", "TEXT", "INTEGER", "FILE"} <= found.keys()
    assert found["Got unexpected extra argument ({args})"] == (
        "Got unexpected extra argument ({args})",
        "Got unexpected extra arguments ({args})",
    )


def metavar_words(text: str) -> set[str]:
    return set(re.findall(r"[A-Z][A-Z0-9_]*", text))


@pytest.mark.slow
def test_every_metavar_the_help_shows_is_extracted(run: Any) -> None:
    """Each word in capitals of every usage line and option of every command's help (shown
    in English) is a msgid: translated, then, by test_every_message_of_the_source_is_translated."""
    from scorekeeper.cli import cli

    paths: list[list[str]] = [[]] + [[name] for name in cli.list_commands(click.Context(cli))]
    shown: set[str] = set()
    for path in [*paths, ["amend", "1", "knock"]]:
        page = run_in(run, *path, "--help").stdout
        usage, options = page.split("\n", 1)[0], page.partition("Options:")[2]
        shown |= metavar_words(usage.removeprefix("Usage: scorekeeper"))
        shown |= {
            word
            for line in options.splitlines()
            for word in metavar_words(line.split("  ")[1] if line.startswith("  -") else "")
        }
    assert {"PLAYER", "KNOCKER_DEADWOOD", "MATCH", "OPTIONS", "COMMAND", "INTEGER"} <= shown
    assert shown - extracted().keys() == set()


def command_help() -> dict[str, str]:
    """What click shows as help (cleaned as it cleans it, each paragraph's lines joined), by
    where: every command's and group's text, and every option's but click's own (--help,
    --version)."""
    import inspect

    import click

    from scorekeeper.cli import cli

    found: dict[str, str] = {}
    commands: list[tuple[str, click.Command]] = [("scorekeeper", cli)]
    while commands:
        name, command = commands.pop()
        found[name] = i18n.unwrapped(inspect.cleandoc(command.help or ""))
        found.update(
            {
                f"{name} {param.opts[-1]}": i18n.unwrapped(inspect.cleandoc(param.help))
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


@pytest.mark.slow
def test_the_extractor_finds_all_the_help_click_shows() -> None:
    """The catalogue's msgids are what the commands and options hold (cleaned): so every help
    text is translated, which test_every_message_of_the_source_is_translated checks."""
    found = extracted()
    shown = command_help()
    assert len(shown) > 40
    assert [
        where
        for where, text in shown.items()
        if text not in found and where != "scorekeeper new --preset"
    ] == []
    assert "Named rule set: {presets}." in found  # its fields are filled when shown


def skip_a_draft(language: str) -> None:
    """A draft is not held to be complete until it is (then it is offered)."""
    if language not in OFFERED and language not in KEPT:
        done = sum(found.translated for found in live(language))
        pytest.skip(f"{language} is a draft: {done} of {len(live(language))} messages translated")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_of_the_source_is_translated(language: str) -> None:
    """Run the pybabel commands of scorekeeper/locale/README and translate what is new; a
    failure names each message still to do, and why."""
    skip_a_draft(language)
    translated = {found.key: found for found in live(language)}
    missing = sorted(
        f"{shown(wanted)}: {why}"
        for wanted, message in extracted().items()
        if (why := untranslated(translated.get(wanted), message))
    )
    if missing:
        pytest.fail(
            f"{len(missing)} of {len(extracted())} messages are not translated in "
            f"{po_file(language).relative_to(ROOT)} (run the pybabel commands of "
            "scorekeeper/locale/README, then translate them):\n" + "\n".join(missing),
            pytrace=False,
        )


def untranslated(found: Entry | None, message: str | tuple[str, str]) -> str:
    """Why a message of the source is not translated in a catalogue (nothing when it is)."""
    plural = message[1] if isinstance(message, tuple) else None
    if found is None:
        return "not in the catalogue"
    if found.plural != plural:
        return f"the catalogue has another plural: {found.plural!r}"
    if found.fuzzy:
        return "fuzzy"
    if not any(found.msgstr):
        return "no translation"
    return "" if all(found.msgstr) else "a plural form has no translation"


def shown(wanted: str) -> str:
    """A message as a failure names it: its context in brackets, then its English in quotes,
    one line (``[next dealer] 'winner'``)."""
    context, _separator, msgid = wanted.rpartition("\x04")
    text = repr(msgid if len(msgid) <= 70 else msgid[:69] + "…")
    return f"[{context}] {text}" if context else text


@pytest.mark.parametrize("language", LANGUAGES)
def test_nothing_is_fuzzy_or_empty(language: str) -> None:
    skip_a_draft(language)
    assert [shown(found.key) for found in live(language) if not found.translated] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_header_names_the_language_and_its_plural_forms(language: str) -> None:
    found = catalogue(language)
    assert str(found.locale) == language
    assert found.plural_forms == get_plural(language).plural_forms  # as pybabel init writes them
    assert found.charset.casefold() == "utf-8"


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders(language: str) -> None:
    """Same ``{name!conversion:spec}`` fields as the English, in every plural form: a missing or
    misspelt one would fail at ``.format()`` or lose a number."""
    wrong = []
    for found in live(language):
        english = [found.msgid] + [found.plural or ""] * (len(found.msgstr) - 1)
        wrong += [
            (source, said)
            for source, said in zip(english, found.msgstr)
            if said and fields(source) != fields(said)
        ]
    assert wrong == []


def test_no_message_is_translated_when_its_module_is_imported() -> None:
    """``--lang`` is read after the package is imported: a ``_()`` run at import (a module
    constant, a decorator's argument, a default value) would stay in the import's language.
    Mark such a message with ``N_()`` and translate it with ``_()`` where it is used."""
    early = []
    for path in sorted(PACKAGE.rglob("*.py")):
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


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_shipped_mo_is_compiled_from_the_po(language: str) -> None:
    """The .mo the package loads holds exactly what the .po says (compiled here in memory)."""
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(language))
    compiled.seek(0)
    with po_file(language).with_suffix(".mo").open("rb") as file:
        shipped = gettext.GNUTranslations(file)
    assert shipped._catalog == gettext.GNUTranslations(compiled)._catalog  # type: ignore[attr-defined]
    for found in live(language):
        context, plural = found.context, found.plural
        if plural is None and context:
            said = [shipped.pgettext(context, found.msgid)]
        elif plural is None:
            said = [shipped.gettext(found.msgid)]
        elif context:
            said = [shipped.npgettext(context, found.msgid, plural, n) for n in (1, 2)]
        else:
            said = [shipped.ngettext(found.msgid, plural, n) for n in (1, 2)]
        # Each count in its plural form; a draft's message not yet translated in English.
        forms = [0] if plural is None else [shipped.plural(n) for n in (1, 2)]  # type: ignore[attr-defined]
        english = [found.msgid, plural]
        assert said == [found.msgstr[form] or english[min(form, 1)] for form in forms]


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext is not installed")
@pytest.mark.parametrize("language", LANGUAGES)
def test_gnu_msgfmt_accepts_the_po_and_compiles_the_same(language: str, tmp_path: Path) -> None:
    mo = tmp_path / "gnu.mo"
    subprocess.run(["msgfmt", "--check", "-o", str(mo), str(po_file(language))], check=True)
    with mo.open("rb") as gnu, po_file(language).with_suffix(".mo").open("rb") as shipped:
        catalogues = [gettext.GNUTranslations(file) for file in (gnu, shipped)]
        gnu_messages, shipped_messages = (c._catalog for c in catalogues)  # type: ignore[attr-defined]
        # A draft's messages still to translate: GNU leaves them out, Babel writes the English.
        untranslated = {found.key for found in live(language) if not found.translated}
        assert {k: v for k, v in gnu_messages.items() if k} == {
            k: v
            for k, v in shipped_messages.items()
            if k and (k[0] if isinstance(k, tuple) else k) not in untranslated
        }


@pytest.mark.parametrize("language", OFFERED)
def test_the_answers_of_record_stay_distinct(language: str) -> None:
    """``record`` takes any unique beginning of the kinds of ending it offers."""
    translated = {found.key: found.msgstr[0] for found in live(language)}
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
        ({"LANG": "tlh_US.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_MESSAGES": "nl_BE", "LANG": "de_DE.UTF-8"}, "nl"),
        ({"LC_ALL": "de_AT.UTF-8", "LC_MESSAGES": "nl_NL", "LANG": "nl_NL"}, "de"),
        ({"LANGUAGE": "nl", "LC_ALL": "de_DE.UTF-8"}, "nl"),
        ({"LANGUAGE": "tlh:de", "LANG": "nl_NL"}, "de"),
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
    """English and every shipped catalogue that translates every message (the installed
    package's, not just the source's); the others are drafts, listed but not offered."""
    assert {"de", "en", "nl"} <= set(i18n.available())
    assert i18n.available() == sorted(i18n.available())
    assert set(i18n.available()) | set(i18n.drafts()) == {"en", *LANGUAGES}
    assert not set(i18n.available()) & set(i18n.drafts())
    for language in LANGUAGES:  # as the .po says: a draft has a message still to translate
        complete = all(found.translated for found in live(language))
        assert (language in i18n.available()) is complete, language


def test_a_catalogue_still_being_translated_is_a_draft_not_offered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A catalogue that translates fewer messages than the template has is listed as a draft,
    and neither --lang, the page nor the environment chooses it."""
    shutil.copy(PACKAGE / "locale" / "scorekeeper.pot", tmp_path)
    shutil.copytree(PACKAGE / "locale" / "de", tmp_path / "de")
    draft = Catalog(locale="fr")
    draft.add("Game target", "Objectif de la partie")
    (tmp_path / "fr" / "LC_MESSAGES").mkdir(parents=True)
    with (tmp_path / "fr" / "LC_MESSAGES" / "scorekeeper.mo").open("wb") as file:
        write_mo(file, draft)
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(tmp_path))
    monkeypatch.setenv("SCOREKEEPER_LANG", "fr")
    for cached in (i18n._complete, i18n._messages):
        cached.cache_clear()
        monkeypatch.setattr(i18n, cached.__name__, cached)  # cleared again at the end
    try:
        assert (i18n.available(), i18n.drafts(), i18n.language()) == (["de", "en"], ["fr"], "en")
        monkeypatch.setenv("SCOREKEEPER_LANG", "de")
        assert i18n.language() == "de"
    finally:
        i18n._complete.cache_clear()
        i18n._messages.cache_clear()


def test_the_help_of_lang_names_every_language_there_is(run: Any) -> None:
    codes = i18n.available()
    english = words(run_in(run, "--help").stdout)
    assert f"Language of the messages: {', '.join(codes[:-1])} or {codes[-1]} (default:" in english
    german = words(run_in(run, "--lang", "de", "--help").stdout)
    assert f"--lang SPRACHE Sprache der Texte: {', '.join(codes[:-1])} oder {codes[-1]}" in german


def test_the_page_offers_each_language_there_is_by_its_own_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """English first, then every catalogue; a language the page has no name for is shown by its
    code, and a name without a catalogue is not offered."""
    from scorekeeper.web import views

    assert list(views.offered()) == ["en", *OFFERED]
    monkeypatch.setattr(views, "available", lambda: ["de", "en", "nl"])
    assert views.offered() == {"en": "English", "de": "Deutsch", "nl": "Nederlands"}
    monkeypatch.setattr(views, "available", lambda: ["de", "en", "xx"])
    assert views.offered() == {"en": "English", "de": "Deutsch", "xx": "xx"}


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
    said = run_in(run, "knock", "ben", "3", "19", env={"LANG": "tlh_US.UTF-8"})
    assert "Hand 2: Ben knocks 3 v 19 -> Ben +16 in Game 1" in said.stdout


@pytest.mark.parametrize("code", ["tlh", "xx", "de_DE"])
def test_an_unknown_language_is_refused_with_the_ones_there_are(run: Any, code: str) -> None:
    result = run("--lang", code, "matches")
    assert result.exit_code == 2
    assert result.stderr == (
        f"Error: There are no messages in {code!r}; the languages are "
        f"{', '.join(i18n.available())}.\n"
    )


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


@pytest.mark.parametrize(
    "language, said",
    [
        ("en", "Error: Cannot read /nowhere/match.json: No such file or directory.\n"),
        (
            "de",
            "Fehler: /nowhere/match.json kann nicht gelesen werden: Datei oder Ordner nicht "
            "gefunden.\n",
        ),
        ("nl", "Fout: Kan /nowhere/match.json niet lezen: Bestand of map bestaat niet.\n"),
    ],
)
def test_what_the_system_says_is_wrong_is_said_in_the_language(
    run: Any, language: str, said: str
) -> None:
    i18n.set_language(None)
    result = run("--lang", language, "import", "/nowhere/match.json")
    assert (result.exit_code, result.stderr) == (2, said)


@pytest.mark.parametrize("code", sorted(i18n.SYSTEM_ERRORS))
def test_the_common_system_errors_keep_the_systems_words_in_english(code: str) -> None:
    number = getattr(errno, code)
    assert i18n.system_error(OSError(number, os.strerror(number))) == os.strerror(number)


def test_the_common_system_errors_have_words_of_their_own_in_each_language() -> None:
    i18n.set_language("de")
    full = OSError(errno.ENOSPC, "No space left on device")
    assert i18n.system_error(full) == "Kein Speicherplatz mehr auf dem Gerät"
    assert i18n.system_error(OSError(errno.EROFS, "Read-only file system")) == (
        "Dateisystem nur lesbar"
    )
    i18n.set_language("nl")
    assert i18n.system_error(full) == "Geen ruimte meer over op het apparaat"
    assert i18n.system_error(OSError(errno.EACCES, "Permission denied")) == "Toegang geweigerd"
    rare = OSError(errno.EXDEV, "Invalid cross-device link")  # the system's words, in English
    assert i18n.system_error(rare) == "Invalid cross-device link"


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
        "Ein Klopfen eintragen: SPIELER hat mit TOTHOLZ_KLOPFENDER gegen TOTHOLZ_GEGNER geklopft."
    ) in german
    assert (
        "Beispiel: scorekeeper knock bob 6 10 scorekeeper knock bob 6 10 --hand 4 "
        "scorekeeper knock bob --cards"
    ) in german
    assert "--hand N Die Runde nur als Runde N der Partie speichern (wie 'log' sie" in german
    assert (
        "--undercut Festhalten, dass das Klopfen unterboten wurde (abgelehnt, wenn die "
        "Zahlen dagegen sprechen)."
    ) in german
    assert "-m, --match PARTIE Die Partie, in die eingetragen wird" in german
    assert "Record a knock" not in german and "Assert that" not in german

    dutch = words(run_in(run, "--lang", "nl", "new", "--help").stdout)
    assert "Begin een partij tussen SPELER1 en SPELER2 en maak haar de huidige." in dutch
    assert (
        "--teams Partnerschaps-Gin: SPELER1 en SPELER2 zijn teams, geschreven als 'Ann & Bob'."
    ) in dutch
    assert "--preset VOORINSTELLING Voorinstelling van de regels: standard, basic, pagat," in dutch
    assert "--target GETAL Punten die een spel beëindigen (standaard 100)." in dutch
    assert "Voorbeeld: scorekeeper new Alexandra Bob --dealer bob" in dutch


def test_the_list_of_commands_shows_translated_short_help(run: Any) -> None:
    german = words(run_in(run, "--lang", "de", "--help").stdout)
    assert "Das Wertungsblatt für Hollywood Gin, mit echten Karten gespielt." in german
    assert "check Jede Datei des Speichers prüfen, ohne etwas zu ändern." in german
    assert "knock Ein Klopfen eintragen:" in german
    dutch = words(run_in(run, "--lang", "nl", "amend", "1", "--help").stdout)
    assert "gin Verbeter hand NUMMER tot Gin (of Big Gin met --big)." in dutch
    assert "wall Verbeter hand NUMMER tot een muur (dode hand)." in dutch


def test_a_docstring_wrapped_anew_keeps_its_translation() -> None:
    """The catalogue holds a help text with each paragraph's lines joined, and the help is
    looked up so: a docstring wrapped at other widths (its example left as it is) is shown in
    the language as it was."""
    import inspect
    import textwrap

    from scorekeeper.cli import cli
    from scorekeeper.commands._params import help_in_language

    resolve = cli.get_command(click.Context(cli), "resolve")
    assert resolve is not None and resolve.help is not None
    paragraphs = inspect.cleandoc(resolve.help).split("\n\n")
    assert any("\n" in paragraph for paragraph in paragraphs[:-1])  # wrapped in the source
    assert paragraphs[-1].startswith("\b\n")  # its example
    rewrapped = "\n\n".join(
        [*("\n".join(textwrap.wrap(text, 31)) for text in paragraphs[:-1]), paragraphs[-1]]
    )
    assert rewrapped != inspect.cleandoc(resolve.help)
    copy = click.Command("copy", help=rewrapped)
    for language in OFFERED:
        i18n.set_language(language)
        with help_in_language(resolve), help_in_language(copy):
            assert copy.help == resolve.help
            assert "Example:" not in copy.help
            assert "scorekeeper resolve 3 --keep both --yes" in copy.help
    i18n.set_language(None)


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
    assert "--preset PRESET Named rule set: standard, basic, pagat," in words(
        run_in(run, "new", "--help").stdout
    )
    for correcting in ("undo", "amend", "rename"):  # they record nothing in the match
        assert "-m, --match MATCH The match to correct (default: the current match)." in words(
            run_in(run, correcting, "--help").stdout
        )
    listing = words(run_in(run, "--lang", "en", "--help").stdout)
    assert "check Verify every file of the store without changing anything." in listing
    assert "Das Wertungsblatt" not in listing


@pytest.mark.parametrize("language", OFFERED)
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


# click's own words


@pytest.mark.parametrize(
    "args, said",
    [
        (
            ["--lang", "de", "new", "Ann", "Ben", "--target", "abc"],
            "Fehler: Ungültiger Wert für '--target': 'abc' ist keine ganze Zahl; schreiben Sie sie "
            "mit den Ziffern 0 bis 9, z. B. 12. Aufruf: scorekeeper new [OPTIONEN] [SPIELER1] "
            "[SPIELER2] [SPIELER3] (mehr unter 'scorekeeper new --help')",
        ),
        (
            ["--lang", "de", "export", "--format", "xls"],
            "Fehler: Ungültiger Wert für '--format': 'xls' ist keiner der Werte 'csv', 'json', "
            "'svg', 'html'. Aufruf: scorekeeper export [OPTIONEN] [PARTIE] (mehr unter "
            "'scorekeeper export --help')",
        ),
        (
            ["--lang", "de", "knock", "ann", "x", "3"],
            "Fehler: Ungültiger Wert für 'TOTHOLZ_KLOPFENDER': 'x' ist keine ganze Zahl: das "
            "Totholz des Klopfenden liegt zwischen 0 und 98. Aufruf: scorekeeper knock [OPTIONEN] "
            "SPIELER TOTHOLZ_KLOPFENDER TOTHOLZ_GEGNER (mehr unter 'scorekeeper knock --help')",
        ),
        (
            ["--lang", "de", "knock", "ann", "1", "2", "3"],
            "Fehler: Unerwartetes zusätzliches Argument (3). Aufruf: scorekeeper knock [OPTIONEN] "
            "SPIELER TOTHOLZ_KLOPFENDER TOTHOLZ_GEGNER (mehr unter 'scorekeeper knock --help')",
        ),
        (
            ["--lang", "nl", "use"],
            "Fout: Ontbrekend argument 'PARTIJ'. Gebruik: scorekeeper use [OPTIES] PARTIJ (meer "
            "via 'scorekeeper use --help')",
        ),
        (
            ["--lang", "nl", "show", "--jsn"],
            "Fout: Er is geen optie '--jsn'. Bedoelde u '--json'? Gebruik: scorekeeper show "
            "[OPTIES] [PARTIJ] (meer via 'scorekeeper show --help')",
        ),
        (  # the group's own option, refused while click reads the line, before --lang's turn
            ["--lang", "de", "--bogus", "matches"],
            "Fehler: Es gibt keine Option '--bogus'. Aufruf: scorekeeper [OPTIONEN] BEFEHL "
            "[ARGUMENTE]... (mehr unter 'scorekeeper --help')",
        ),
        (  # scorekeeper's own rephrasing of click's 'No such command' still wins
            ["--lang", "de", "knok"],
            "Fehler: Es gibt keinen Befehl 'knok'; meinten Sie 'knock'? 'scorekeeper --help' "
            "listet die Befehle auf.",
        ),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else "",
)
def test_click_refuses_a_command_line_in_the_language(run: Any, args: list[str], said: str) -> None:
    i18n.set_language(None)
    result = run(*args, env={v: None for v in LOCALE_VARIABLES})
    assert result.exit_code == 2
    assert result.stderr == said + "\n"


def test_click_speaks_the_language_of_the_environment_too(run: Any) -> None:
    i18n.set_language(None)
    result = run("show", "--jsn", env={"SCOREKEEPER_LANG": None, "LANG": "de_DE.UTF-8"})
    assert result.stderr.startswith("Fehler: Es gibt keine Option '--jsn'. Meinten Sie '--json'?")
    assert "Aufruf: scorekeeper show [OPTIONEN] [PARTIE]" in result.stderr


def test_help_shows_clicks_words_and_the_metavars_in_the_language(run: Any) -> None:
    german = run_in(run, "--lang", "de", "knock", "--help").stdout
    assert german.startswith(
        "Aufruf: scorekeeper knock [OPTIONEN] SPIELER TOTHOLZ_KLOPFENDER TOTHOLZ_GEGNER\n"
    )
    assert "\nOptionen:\n" in german
    assert "--cards KARTEN" in german and "--upcard KARTE" in german
    assert "-m, --match PARTIE" in german
    assert words("-h, --help Diese Hilfe zeigen und beenden.") in words(german)
    group = words(run_in(run, "--lang", "de", "--help").stdout)
    assert group.startswith("Aufruf: scorekeeper [OPTIONEN] BEFEHL [ARGUMENTE]...")
    assert "Befehle: abandon PARTIE (Standard: die aktuelle Partie) ohne Sieger" in group
    assert " amend Runde NUMMER durch" in group
    assert "--lang SPRACHE Sprache der Texte" in group
    assert "--lock-timeout SEKUNDEN" in group and "[Standard: 5.0]" in group
    assert "--version Die Version zeigen und beenden." in group
    dutch = words(run_in(run, "--lang", "nl", "new", "--help").stdout)
    assert dutch.startswith("Gebruik: scorekeeper new [OPTIES] [SPELER1] [SPELER2]")
    assert "Opties: --teams" in dutch and "--dealer SPELER" in dutch
    assert "--description TEKST" in dutch  # click's own word for a text
    assert "--preset VOORINSTELLING Voorinstelling van de regels: standard, basic, pagat," in dutch
    assert "[standaard: standard]" in dutch
    assert (
        "--shutout [game_bonus|points|total|bonus|none]" in dutch
    )  # the choices are typed as they are
    assert (
        run_in(run, "--lang", "de", "--version").stdout == f"scorekeeper, Version {__version__}\n"
    )


def test_clicks_words_stay_english_in_english(run: Any) -> None:
    run_in(run, "--lang", "de", "knock", "--help")
    english = run_in(run, "knock", "--help").stdout
    assert english.startswith(
        "Usage: scorekeeper knock [OPTIONS] PLAYER KNOCKER_DEADWOOD OPPONENT_DEADWOOD\n"
    )
    assert "\nOptions:\n" in english and "-m, --match MATCH" in english
    assert "Show this message and exit." in english
    i18n.set_language(None)
    result = run("use", env={v: None for v in LOCALE_VARIABLES})
    assert result.stderr == (
        "Error: Missing argument 'MATCH'. Usage: scorekeeper use [OPTIONS] MATCH "
        "('scorekeeper use --help' says more)\n"
    )
    assert run_in(run, "--version").stdout == f"scorekeeper, version {__version__}\n"


def test_every_loaded_click_module_speaks_through_the_catalogue() -> None:
    """click's modules call ``_`` and ``ngettext`` of their own; all of them are scorekeeper's
    once the command line is read (a click that named them otherwise would fail here)."""
    import sys

    import click.shell_completion  # loaded only when a shell asks for completions

    from scorekeeper.cli import cli

    i18n.speak_for_click()
    modules = [m for name, m in sys.modules.items() if name.split(".")[0] == "click"]
    assert click.shell_completion in modules
    assert all(getattr(m, "_", i18n._) is i18n._ for m in modules)
    assert all(getattr(m, "ngettext", i18n.ngettext) is i18n.ngettext for m in modules)
    assert getattr(click.core, "_") is i18n._  # noqa: B009
    assert isinstance(cli, click.Group)


def test_clicks_required_and_aborted_are_in_the_language(run: Any) -> None:
    """Two of click's words that scorekeeper's commands do not show today, through the same
    classes: an option's ``[required]`` (which click translates through a name, so the
    extractor adds it by hand) and ``Aborted!``."""
    from click.testing import CliRunner

    from scorekeeper.commands._params import command, option

    @command()
    @option("--when", required=True, help="When.")
    def stop(when: str) -> None:
        raise click.Abort()

    runner = CliRunner()
    i18n.set_language("de")
    assert "--when TEXT  When.  [erforderlich]" in runner.invoke(stop, ["--help"]).output
    result = runner.invoke(stop, ["--when", "now"])
    assert result.exit_code == 1 and result.stderr == "Abgebrochen!\n"
    i18n.set_language("en")
    assert "--when TEXT  When.  [required]" in runner.invoke(stop, ["--help"]).output


def test_a_refused_answer_to_record_is_in_the_language(run: Any) -> None:
    """click.prompt says ``Error: ...`` itself when an answer does not convert; the message
    inside is scorekeeper's, both in the language."""
    run_in(run, "new", "Ann", "Ben", "--dealer", "ben")
    result = run_in(run, "--lang", "de", "record", input="klopfen\nann\nx\n99\n4\n27\nj\n")
    assert (
        "Fehler: 'x' ist keine ganze Zahl: das Totholz von Ann liegt zwischen 0 und 10.\n"
    ) in result.output
    assert "Fehler: Das Totholz von Ann muss zwischen 0 und 10 liegen, nicht 99.\n" in result.output
    assert "Runde 1: Ann klopft mit 4 gegen 27 -> Ann +23 in Spiel 1" in result.output
    assert "Error" not in result.output


# The rules table


def test_the_rules_table_names_the_rules_and_their_values_in_the_language(run: Any) -> None:
    run_in(run, "new", "Ann", "Ben", "--shutout", "points", "--next-dealer", "alternate")
    dutch = run_in(run, "--lang", "nl", "rules").stdout
    rows = [" ".join(line.split()) for line in dutch.splitlines()]
    assert "Regel Optie Deze partij Standaard" in rows
    assert "Beloning op nul --shutout 2 x punten 2 x spelbonus" in rows
    assert "Volgende gever --next-dealer om beurten verliezer" in rows
    assert "Alleen eerste spel --end-after-first-game / --play-all-games nee nee" in rows
    assert "Doel per spel --target 100 100" in rows
    assert "loser" not in dutch and "alternate" not in dutch and "game_bonus" not in dutch
    # The presets say which options they set as a command line takes them, in every language.
    presets = " ".join(run_in(run, "--lang", "nl", "rules", "--presets").stdout.split())
    assert "--shutout none," in presets and "--next-dealer winner" in presets  # basic
    german = [
        " ".join(line.split()) for line in run_in(run, "--lang", "de", "rules").stdout.splitlines()
    ]
    assert "Zu-null-Belohnung --shutout 2 x Punkte 2 x Spielbonus" in german
    assert "Nächster Geber --next-dealer abwechselnd Verlierer" in german
    # English says the values in words too, never as the options take them (game_bonus).
    english = run_in(run, "rules").stdout
    rows = [" ".join(line.split()) for line in english.splitlines()]
    assert "Shutout reward --shutout 2 x points 2 x game bonus" in rows
    assert "Next dealer --next-dealer in turn loser" in rows
    assert "Boxes count --boxes-when at game end at game end" in rows
    assert "Shut out when --shutout-when no points no points" in rows
    assert not re.search(r"[a-z]_[a-z]", english)  # no identifier such as game_bonus


def test_every_rule_and_named_value_has_a_name_in_each_language() -> None:
    """The rules table names every rule, and every value of a rule with named values (an
    Enum), in the language: a rule's declaration gives its label (translated as every message
    is), and each named value its N_() in VALUE_NAMES."""
    from enum import Enum

    from scorekeeper.rules import DECLARED, VALUE_NAMES, Rules

    assert set(DECLARED) == set(Rules._fields)
    assert set(VALUE_NAMES) == {m for v in Rules() if isinstance(v, Enum) for m in type(v)}
    # In English too a value is said in words, not as the option takes it (each_hand).
    assert [name.message for name in VALUE_NAMES.values() if "_" in name.message] == []
    for language in OFFERED:
        i18n.set_language(language)
        assert all(i18n.pgettext(*name) != name.message for name in VALUE_NAMES.values()), language


@pytest.mark.parametrize(
    "language, heading, dealer",
    [("en", "winner", "winner"), ("de", "Sieger", "Gewinner"), ("nl", "winnaar", "winnaar")],
)
def test_one_english_word_with_two_meanings_is_translated_for_each(
    environment: pytest.MonkeyPatch, language: str, heading: str, dealer: str
) -> None:
    """``winner`` heads the match list's column of who won the match, and is the value of the
    rule that the winner of a hand deals next: German says Sieger of a match and Gewinner of a
    hand (beside Verlierer), Dutch winnaar of both."""
    from scorekeeper.rules import VALUE_NAMES, DealerRule

    i18n.set_language(language)
    assert i18n.pgettext("match list", "winner") == heading
    assert i18n.pgettext(*VALUE_NAMES[DealerRule.WINNER]) == dealer


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
    run_in(run, "import", SAMPLES / "01-worked-example.json")
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
    "seed example": lambda run: run_in(run, "import", SAMPLES / "01-worked-example.json"),
    "walls and undercut": lambda run: run_in(
        run, "import", SAMPLES / "04-walls-and-tied-undercut.json"
    ),
    "two columns": lambda run: run_in(run, "import", SAMPLES / "05-house-rules-two-columns.json"),
    "oklahoma": oklahoma,
    "partnership": partnership,
}


@pytest.mark.parametrize("language", OFFERED)
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
    "command",
    [["show", "--json"], ["export"], ["export", "--format", "json"], ["stats", "--json"]],
)
def test_machine_readable_output_is_the_same_in_every_language(
    run: Any, command: list[str], match: str
) -> None:
    MATCHES[match](run)
    english = run_in(run, *command).stdout
    for language in OFFERED:
        assert run_in(run, "--lang", language, *command).stdout == english, language
    assert run_in(run, *command, env={"LANG": "de_DE.UTF-8"}).stdout == english
    assert run_in(run, *command, env={"SCOREKEEPER_LANG": "nl"}).stdout == english


def test_number_errors_name_the_deadwood_in_the_language(run: Any) -> None:
    run_in(run, "new", "Ann", "Ben", "--dealer", "ben")
    i18n.set_language(None)
    result = run("--lang", "nl", "gin", "ann", "200")
    assert "het overschot van de tegenstander moet van 0 tot" in result.stderr
