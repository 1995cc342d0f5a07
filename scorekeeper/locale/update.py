"""Bring the message catalogues in step with the source (run by hand, from anywhere):

    python scorekeeper/locale/update.py          # every language that has a .po
    python scorekeeper/locale/update.py fr       # ... and start a French one

1. Extracts every ``_("...")``, ``N_("...")`` and ``ngettext("...", "...", n)`` literal from the
   package's source with :mod:`ast` into ``scorekeeper.pot`` (beside this file); and, in a module
   that imports click, the command help click shows: the docstring of every function decorated
   as a command or group (``@cli.command()``, ``@click.group(...)``) and every ``help="..."``
   literal, both as ``inspect.cleandoc`` makes them (``\\b`` markers and all).
2. Merges it into each ``<lang>/LC_MESSAGES/scorekeeper.po``: a translation already there is
   kept, a new message comes in untranslated, a message gone from the source is kept at the end
   as obsolete (``#~``) so its translation is not lost.
3. Compiles each .po to the .mo beside it (the file the package loads), leaving out untranslated
   and fuzzy messages, as msgfmt does; where GNU msgfmt is installed it also checks the .po.

It then lists what still needs a translator. Standard library only, so it runs anywhere; the
tests use the same extractor, reader and compiler (``tests/test_i18n.py``).
"""

from __future__ import annotations

import argparse
import ast
import inspect
import re
import shutil
import struct
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent
DOMAIN = "scorekeeper"
POT = HERE / f"{DOMAIN}.pot"
WIDTH = 79

#: Header values of a new catalogue; a language with other plural rules edits Plural-Forms.
NEW_HEADER = (
    "Project-Id-Version: scorekeeper\n"
    "Report-Msgid-Bugs-To: \n"
    "PO-Revision-Date: \n"
    "Last-Translator: \n"
    "Language-Team: \n"
    "Language: {language}\n"
    "MIME-Version: 1.0\n"
    "Content-Type: text/plain; charset=UTF-8\n"
    "Content-Transfer-Encoding: 8bit\n"
    "Plural-Forms: nplurals=2; plural=(n != 1);\n"
)


# Extracting


@dataclass
class Message:
    """A message of the source: its English text (and plural), and where it is used."""

    msgid: str
    plural: str | None = None
    references: list[str] = field(default_factory=list)


@dataclass
class Extracted:
    """Everything found in the source."""

    messages: dict[str, Message]
    """By msgid, in the order first met (files sorted by path)."""
    dynamic: list[str]
    """``file:line`` of calls whose message is not a literal (a variable, an f-string): these
    cannot be extracted; the literal must be marked with ``N_()`` where it is written. A
    ``help=`` given a plain name is not listed: its text is marked where it is written."""


def source_files(package: Path = PACKAGE) -> list[Path]:
    """The package's Python files, this tool's folder left out."""
    return sorted(
        path
        for path in package.rglob("*.py")
        if HERE not in path.resolve().parents and "__pycache__" not in path.parts
    )


def _called(node: ast.Call) -> str | None:
    """The name of a plain call (``_(...)``), not of a method (``catalogue().gettext(...)``)."""
    return node.func.id if isinstance(node.func, ast.Name) else None


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


#: The decorators that make a click command or group of a function (``@cli.command("x")``,
#: ``@click.group``, ``@amend.command``): click shows the function's docstring as its help.
COMMAND_DECORATORS = ("command", "group")


def _imports_click(tree: ast.Module) -> bool:
    return any(
        (isinstance(node, ast.Import) and any(a.name == "click" for a in node.names))
        or (isinstance(node, ast.ImportFrom) and node.module == "click")
        for node in ast.walk(tree)
    )


def _is_command(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for decorator in function.decorator_list:
        called = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = (
            called.attr
            if isinstance(called, ast.Attribute)
            else called.id
            if isinstance(called, ast.Name)
            else None
        )
        if name in COMMAND_DECORATORS:
            return True
    return False


def _help_texts(tree: ast.Module) -> list[tuple[int, str | None]]:
    """(line, text) of the command help in a click module: each command's docstring and each
    ``help=`` literal, cleaned as click shows them (None: a ``help=`` that is not a literal)."""
    found: list[tuple[int, str | None]] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _is_command(node):
            docstring = ast.get_docstring(node, clean=True)  # inspect.cleandoc, as click shows it
            if docstring:
                found.append((node.body[0].lineno, docstring))
        elif isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg != "help" or isinstance(keyword.value, ast.Name):
                    continue  # a name: the text is marked with N_() where it is written
                text = _literal(keyword.value)
                if text is not None and not text.strip():
                    continue  # no help: nothing to translate
                found.append(
                    (keyword.value.lineno, inspect.cleandoc(text) if text is not None else None)
                )
    return found


def extract(package: Path = PACKAGE) -> Extracted:
    """Every message literal in the package's source, and the command help of click modules."""
    messages: dict[str, Message] = {}
    dynamic: list[str] = []
    for path in source_files(package):
        relative = path.relative_to(package.parent).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        literals: list[tuple[int, list[str | None]]] = []  # (line, [msgid, plural])
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _called(node)
            if name in ("_", "N_"):
                literals.append(
                    (node.lineno, [_literal(node.args[0])] if len(node.args) == 1 else [None])
                )
            elif name == "ngettext":
                literals.append(
                    (
                        node.lineno,
                        [_literal(a) for a in node.args[:2]] if len(node.args) == 3 else [None],
                    )
                )
        if _imports_click(tree):
            literals += [(line, [text]) for line, text in _help_texts(tree)]
        for line, texts in literals:
            where = f"{relative}:{line}"
            if None in texts:
                dynamic.append(where)
                continue
            msgid, plural = texts[0], texts[1] if len(texts) == 2 else None
            assert msgid is not None
            found = messages.setdefault(msgid, Message(msgid, plural))
            if found.plural != plural:
                raise SystemExit(
                    f"{where}: {msgid!r} is used both with and without the plural "
                    f"{plural or found.plural!r}; gettext keeps one of them"
                )
            found.references.append(where)
    for message in messages.values():
        message.references.sort(key=_reference_order)
    in_order = sorted(messages.values(), key=lambda m: _reference_order(m.references[0]))
    return Extracted({m.msgid: m for m in in_order}, sorted(dynamic, key=_reference_order))


def _reference_order(reference: str) -> tuple[str, int]:
    path, line = reference.rsplit(":", 1)
    return path, int(line)


def fields(text: str) -> set[tuple[str, str, str]]:
    """The ``{...}`` fields of a message as (name, conversion, format spec):
    ``{net:+d}`` -> ``("net", "", "+d")``, ``{value!r}`` -> ``("value", "r", "")``."""
    import string

    return {
        (name, conversion or "", spec or "")
        for _text, name, spec, conversion in string.Formatter().parse(text)
        if name is not None
    }


# Reading and writing .po files


@dataclass
class Entry:
    """One entry of a .po file."""

    msgid: str
    msgstr: list[str]
    """One string, or one per plural form."""
    plural: str | None = None
    flags: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    """Translator comments (``# ...``), kept as they are."""
    obsolete: bool = False

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        return all(self.msgstr) and bool(self.msgstr) and not self.fuzzy


ESCAPES = {
    "\\": "\\\\",
    '"': '\\"',
    "\n": "\\n",
    "\t": "\\t",
    "\r": "\\r",
    "\a": "\\a",
    "\b": "\\b",
    "\f": "\\f",
    "\v": "\\v",
}
"""Written as escapes, as msgmerge does; ``\\b`` is click's mark of a paragraph not to rewrap."""
UNESCAPES = {
    "\\": "\\",
    '"': '"',
    "n": "\n",
    "t": "\t",
    "r": "\r",
    "a": "\a",
    "b": "\b",
    "f": "\f",
    "v": "\v",
}


def _unquote(line: str, where: str) -> str:
    line = line.strip()
    if len(line) < 2 or line[0] != '"' or line[-1] != '"':
        raise ValueError(f"{where}: expected a quoted string, found {line!r}")
    return re.sub(r"\\(.)", lambda m: UNESCAPES.get(m.group(1), m.group(1)), line[1:-1])


def parse_po(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a .po file, the header (msgid "") first if there is one."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int] | None = None  # which string continuation lines extend
    pending: dict[str, list[str]] = {"flags": [], "references": [], "comments": []}

    def finish() -> None:
        nonlocal current
        if current is not None:
            entries.append(current)
        current = None

    for number, raw in enumerate(text.splitlines(), 1):
        where = f"{name}:{number}"
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            continue
        if line.startswith("#"):
            if current is not None and current.msgstr:
                finish()
            if line.startswith("#,"):
                pending["flags"] += [f.strip() for f in line[2:].split(",") if f.strip()]
            elif line.startswith("#:"):
                pending["references"] += line[2:].split()
            elif line.startswith(("#.", "#|")):
                pass
            else:
                pending["comments"].append(raw)
            continue
        keyword, _space, rest = line.partition(" ")
        if keyword == "msgid":
            finish()
            current = Entry(
                _unquote(rest, where),
                [],
                flags=pending["flags"],
                references=pending["references"],
                comments=pending["comments"],
                obsolete=obsolete,
            )
            pending = {"flags": [], "references": [], "comments": []}
            target = ("msgid", 0)
        elif current is None:
            raise ValueError(f"{where}: {keyword} before any msgid")
        elif keyword == "msgid_plural":
            current.plural = _unquote(rest, where)
            target = ("plural", 0)
        elif keyword == "msgstr" or re.fullmatch(r"msgstr\[\d+\]", keyword):
            index = int(keyword[7:-1]) if "[" in keyword else 0
            if index != len(current.msgstr):
                raise ValueError(f"{where}: {keyword} out of order")
            current.msgstr.append(_unquote(rest, where))
            target = ("msgstr", index)
        elif line.startswith('"'):
            if target is None:
                raise ValueError(f"{where}: a string continues nothing")
            more = _unquote(line, where)
            if target[0] == "msgid":
                current.msgid += more
            elif target[0] == "plural":
                current.plural = (current.plural or "") + more
            else:
                current.msgstr[target[1]] += more
        else:
            raise ValueError(f"{where}: cannot read {raw!r}")
    finish()
    return entries


def _quoted_lines(keyword: str, text: str) -> list[str]:
    """``keyword "text"``, split like msgmerge does where it is long or has line breaks."""
    escaped = "".join(ESCAPES.get(char, char) for char in text)
    single = f'{keyword} "{escaped}"'
    if len(single) <= WIDTH and "\\n" not in escaped[:-2]:
        return [single]
    chunks = re.findall(r".*?(?:\\n| |$)", escaped)
    lines, line = [f'{keyword} ""'], ""
    for chunk in filter(None, chunks):
        if line and len(line) + len(chunk) > WIDTH - 2:
            lines.append(f'"{line}"')
            line = ""
        line += chunk
        if line.endswith("\\n"):
            lines.append(f'"{line}"')
            line = ""
    if line:
        lines.append(f'"{line}"')
    return lines


def format_entry(entry: Entry) -> str:
    lines = list(entry.comments)
    if entry.references and not entry.obsolete:
        line = "#:"
        for reference in entry.references:
            if len(line) + 1 + len(reference) > WIDTH:
                lines.append(line)
                line = "#:"
            line += " " + reference
        lines.append(line)
    if entry.flags:
        lines.append("#, " + ", ".join(entry.flags))
    body = _quoted_lines("msgid", entry.msgid)
    if entry.plural is None:
        body += _quoted_lines("msgstr", entry.msgstr[0] if entry.msgstr else "")
    else:
        body += _quoted_lines("msgid_plural", entry.plural)
        for index, text in enumerate(entry.msgstr or ["", ""]):
            body += _quoted_lines(f"msgstr[{index}]", text)
    if entry.obsolete:
        body = ["#~ " + line for line in body]
    return "\n".join(lines + body) + "\n"


def format_po(entries: list[Entry]) -> str:
    return "\n".join(format_entry(entry) for entry in entries)


def header_value(entries: list[Entry], key: str) -> str | None:
    """A value of the header, e.g. ``Plural-Forms``."""
    for entry in entries:
        if entry.msgid == "" and not entry.obsolete:
            for line in entry.msgstr[0].splitlines():
                name, _colon, value = line.partition(":")
                if name.strip().lower() == key.lower():
                    return value.strip()
    return None


# Merging and compiling


def template(extracted: Extracted) -> list[Entry]:
    """The .pot: every message, untranslated."""
    header = Entry(
        "",
        [NEW_HEADER.format(language="")],
        flags=["fuzzy"],
        comments=[
            "# The messages of scorekeeper, for translators.",
            "# Made by scorekeeper/locale/update.py from the source: do not edit by hand.",
        ],
    )
    return [header] + [
        Entry(
            m.msgid,
            ["", ""] if m.plural is not None else [""],
            m.plural,
            flags=["python-brace-format"] if fields(m.msgid) | fields(m.plural or "") else [],
            references=m.references,
        )
        for m in extracted.messages.values()
    ]


def merge(pot: list[Entry], old: list[Entry], language: str) -> list[Entry]:
    """The .po for ``language``: the template's messages with the translations ``old`` has."""
    known = {entry.msgid: entry for entry in old if entry.msgid}
    header = next((entry for entry in old if entry.msgid == "" and not entry.obsolete), None)
    if header is None:
        header = Entry("", [NEW_HEADER.format(language=language)])
    merged = [header]
    for new in pot[1:]:
        before = known.pop(new.msgid, None)
        entry = Entry(
            new.msgid, list(new.msgstr), new.plural, list(new.flags), list(new.references)
        )
        if before is not None:
            entry.comments = before.comments
            if "fuzzy" in before.flags:
                entry.flags.insert(0, "fuzzy")
            if (before.plural is None) == (new.plural is None):
                entry.msgstr = before.msgstr or entry.msgstr
                if new.plural is not None:
                    plurals = header_value([header], "Plural-Forms") or "nplurals=2"
                    found = re.search(r"nplurals\s*=\s*(\d+)", plurals)
                    forms = int(found.group(1)) if found else 2
                    entry.msgstr = (entry.msgstr + [""] * forms)[:forms]
            elif any(before.msgstr):
                entry.flags.insert(0, "fuzzy")  # the plural came or went: a translator looks
        merged.append(entry)
    for gone in known.values():
        if any(gone.msgstr):
            gone.obsolete, gone.references = True, []
            merged.append(gone)
    return merged


def compile_mo(entries: list[Entry]) -> bytes:
    """The .mo of a catalogue (the logic of CPython's Tools/i18n/msgfmt.py): the header and
    every translated message that is not fuzzy."""
    messages: dict[bytes, bytes] = {}
    for entry in entries:
        if entry.obsolete or (entry.msgid and not entry.translated):
            continue
        msgid = entry.msgid if entry.plural is None else entry.msgid + "\0" + entry.plural
        messages[msgid.encode()] = "\0".join(entry.msgstr).encode()
    keys = sorted(messages)
    ids = strs = b""
    offsets = []
    for key in keys:
        offsets.append((len(ids), len(key), len(strs), len(messages[key])))
        ids += key + b"\0"
        strs += messages[key] + b"\0"
    start_keys = 7 * 4
    start_values = start_keys + len(keys) * 8
    start_ids = start_values + len(keys) * 8
    start_strs = start_ids + len(ids)
    table_keys: list[int] = []
    table_values: list[int] = []
    for id_offset, id_length, str_offset, str_length in offsets:
        table_keys += [id_length, start_ids + id_offset]
        table_values += [str_length, start_strs + str_offset]
    return (
        struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), start_keys, start_values, 0, 0)
        + struct.pack(f"{len(table_keys)}i", *table_keys)
        + struct.pack(f"{len(table_values)}i", *table_values)
        + ids
        + strs
    )


def po_path(language: str) -> Path:
    return HERE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalogues() -> list[str]:
    """The languages that have a .po."""
    return sorted(path.parent.parent.name for path in HERE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("languages", nargs="*", help="languages to start a catalogue for")
    parser.add_argument(
        "--check", action="store_true", help="exit 1 when a message is untranslated or fuzzy"
    )
    args = parser.parse_args(argv)
    extracted = extract()
    pot = template(extracted)
    POT.write_text(format_po(pot), encoding="utf-8")
    print(f"{POT.relative_to(PACKAGE.parent)}: {len(pot) - 1} messages")
    for where in extracted.dynamic:
        print(f"  not extracted (not a literal; mark it with N_() where it is written): {where}")
    missing = 0
    for language in sorted(set(catalogues()) | set(args.languages)):
        path = po_path(language)
        old = parse_po(path.read_text(encoding="utf-8"), str(path)) if path.exists() else []
        entries = merge(pot, old, language)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(format_po(entries), encoding="utf-8")
        mo = path.with_suffix(".mo")
        mo.write_bytes(compile_mo(entries))
        msgfmt = shutil.which("msgfmt")
        if msgfmt:
            subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(path)], check=True)
        live = [e for e in entries[1:] if not e.obsolete]
        todo = [e for e in live if not e.translated]
        obsolete = len(entries) - 1 - len(live)
        missing += len(todo)
        print(
            f"{path.relative_to(PACKAGE.parent)}: {len(live) - len(todo)} translated, "
            f"{len(todo)} to do, {obsolete} obsolete; compiled {mo.name}"
        )
        for entry in todo:
            print(
                f"  {'fuzzy' if entry.fuzzy else 'untranslated'}: {entry.msgid!r} "
                f"({entry.references[0] if entry.references else ''})"
            )
    return 1 if args.check and missing else 0


if __name__ == "__main__":
    sys.exit(main())
