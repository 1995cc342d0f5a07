"""The Babel extractor of scorekeeper's messages (a development tool: the package itself reads
its catalogues with the standard ``gettext`` and never imports this).

It finds what ``_()``, ``N_()`` and ``ngettext()`` mark, with Babel's own Python extractor,
and in a module that imports click also the help click shows, which is kept in English in the
source and translated when shown (:func:`scorekeeper.commands._params.help_in_language`): the
docstring of every function decorated as a command or group, and every ``help="..."`` literal,
both as ``inspect.cleandoc`` makes them; and the words of the metavars click shows, which are
shown in the language too (:func:`scorekeeper.commands._errors.metavar_in_language`): ``PLAYER``
for ``click.argument("player")``, ``CARDS`` for ``metavar="CARDS"``, ``INTEGER`` for a parameter
type named ``integer``. A help text or a metavar given as a name is marked with ``N_()`` where it
is written.

With the module that routes click's own messages through the catalogue
(:func:`scorekeeper.i18n.speak_for_click`) it takes those messages from the installed click too
(:func:`click_messages`), so that the catalogue follows click when click changes. ``babel.cfg``
beside this file maps the package's files to the two.
"""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from babel.messages.extract import DEFAULT_KEYWORDS, extract_python

#: The decorators that make a click command or group of a function (``@cli.command("x")``,
#: ``@click.group``, ``@amend.command``): click shows the function's docstring as its help.
COMMAND_DECORATORS = ("command", "group")

#: A word of a metavar, as :func:`scorekeeper.commands._errors.metavar_in_language` takes it.
METAVAR_WORD = re.compile(r"[A-Z][A-Z0-9_]*")

#: The names click's modules give gettext's functions (``from gettext import gettext as _``).
CLICK_KEYWORDS = {name: DEFAULT_KEYWORDS[name] for name in ("_", "ngettext")}

#: What click translates through a name rather than a literal: the ``required`` of an option's
#: ``[required]`` (``_(extra["required"])`` in click/core.py).
CLICK_INDIRECT = ("required",)


def extract(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Any,
) -> Iterator[tuple[Any, ...]]:
    """Babel's extractor interface: (line, function, message, comments) for each message."""
    source = fileobj.read()
    fileobj.seek(0)
    yield from extract_python(fileobj, keywords, comment_tags, options)
    tree = ast.parse(source.decode("utf-8"))
    if imports_click(tree):
        for line, text in help_texts(tree) + metavar_words(tree):
            yield line, None, text, []


def extract_with_click(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Any,
) -> Iterator[tuple[Any, ...]]:
    """:func:`extract`, and click's own messages (for the module that routes them)."""
    yield from extract(fileobj, keywords, comment_tags, options)
    yield from click_messages()


def click_messages() -> Iterator[tuple[Any, ...]]:
    """Every message the installed click marks for gettext (``_()`` and ``ngettext()`` in each
    of its modules), and the words of the metavars it writes itself (``[OPTIONS]``, ``COMMAND
    [ARGS]...``, its types' names: ``TEXT``, ``INTEGER``, ``FILE``), in the terms of Babel's
    extractors. They have no line in our file: a comment says where in click each is."""
    import click

    for path in sorted(Path(click.__file__).parent.glob("*.py")):
        where = f"click/{path.name}"
        with path.open("rb") as file:
            for _line, function, message, _comments in extract_python(file, CLICK_KEYWORDS, (), {}):
                if (message[0] if isinstance(message, tuple) else message) is not None:
                    yield 0, function, message, [where]
        for _line, word in metavar_words(ast.parse(path.read_bytes())):
            yield 0, None, word, [f"{where} (a metavar's word)"]
    for indirect in CLICK_INDIRECT:
        yield 0, None, indirect, ["click/core.py (translated through a name)"]


#: The modules whose importers make click commands: click itself, and the commands' own
#: decorators (a command module may use those alone).
CLICK_MODULES = ("click", "scorekeeper.commands._params")


def imports_click(tree: ast.Module) -> bool:
    return any(
        (isinstance(node, ast.Import) and any(a.name in CLICK_MODULES for a in node.names))
        or (isinstance(node, ast.ImportFrom) and node.module in CLICK_MODULES)
        for node in ast.walk(tree)
    )


def is_command(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for decorator in function.decorator_list:
        called = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(called, ast.Attribute):
            name = called.attr
        elif isinstance(called, ast.Name):
            name = called.id
        else:
            continue
        if name in COMMAND_DECORATORS:
            return True
    return False


def help_texts(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, text) of the command help in a click module: each command's docstring and each
    ``help=`` literal, cleaned as click shows them."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and is_command(node):
            docstring = ast.get_docstring(node, clean=True)  # inspect.cleandoc, as click shows it
            if docstring:
                found.append((node.body[0].lineno, docstring))
        elif isinstance(node, ast.Call):
            for keyword in node.keywords:
                value = keyword.value
                if (
                    keyword.arg == "help"
                    and isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                    and value.value.strip()
                ):
                    found.append((value.lineno, inspect.cleandoc(value.value)))
    return found


def metavar_words(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, word) of each word of the metavars a click module gives its parameters: the
    ``metavar=`` literals; an argument's name where it has no metavar (``argument("player")``:
    ``PLAYER``); the ``name`` of a parameter type (``name = "integer"`` in a class,
    ``self.name = _("file")``), which click shows in capitals; and a text given to a name
    ending in ``metavar`` (``options_metavar="[OPTIONS]"``)."""
    found: list[tuple[int, str]] = []

    def add(node: ast.AST | None) -> None:
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_" and node.args:
            node = node.args[0]  # self.name = _("file")
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.extend((node.lineno, word) for word in METAVAR_WORD.findall(node.value.upper()))

    def named(target: ast.AST) -> str:
        return target.id if isinstance(target, ast.Name) else getattr(target, "attr", "")

    def unsubscripted(base: ast.expr) -> ast.expr:  # ParamType[str] -> ParamType
        return base.value if isinstance(base, ast.Subscript) else base

    in_types = {  # the statements of the classes of parameter types (ParamType, ParamType[str])
        id(statement)
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        and any("Type" in named(unsubscripted(base)) for base in node.bases)
        for statement in node.body
    }

    def names_a_type(target: ast.AST, statement: ast.AST) -> bool:
        if isinstance(target, ast.Attribute):  # self.name = ...
            return target.attr == "name" and getattr(target.value, "id", None) == "self"
        return named(target) == "name" and id(statement) in in_types

    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            keywords = {keyword.arg: keyword.value for keyword in node.keywords}
            add(keywords.get("metavar"))
            if named(node.func) == "argument" and node.args and "metavar" not in keywords:
                add(node.args[0])
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(names_a_type(t, node) or named(t).endswith("metavar") for t in targets):
                add(node.value)
        elif isinstance(node, ast.arguments):
            given = node.args[len(node.args) - len(node.defaults) :] + node.kwonlyargs
            for argument, default in zip(given, [*node.defaults, *node.kw_defaults]):
                if argument.arg.endswith("metavar"):
                    add(default)
    return found
