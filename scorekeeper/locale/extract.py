"""The Babel extractor of scorekeeper's messages (a development tool: the package itself reads
its catalogues with the standard ``gettext`` and never imports this).

It finds what ``_()``, ``N_()`` and ``ngettext()`` mark, with Babel's own Python extractor,
and in a module that imports click also the help click shows, which is kept in English in the
source and translated when shown (:func:`scorekeeper.commands._common.help_in_language`): the
docstring of every function decorated as a command or group, and every ``help="..."`` literal,
both as ``inspect.cleandoc`` makes them. A help text given as a name is marked with ``N_()``
where it is written. ``babel.cfg`` beside this file maps the package's files to it.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from babel.messages.extract import extract_python

#: The decorators that make a click command or group of a function (``@cli.command("x")``,
#: ``@click.group``, ``@amend.command``): click shows the function's docstring as its help.
COMMAND_DECORATORS = ("command", "group")


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
        for line, text in help_texts(tree):
            yield line, None, text, []


def imports_click(tree: ast.Module) -> bool:
    return any(
        (isinstance(node, ast.Import) and any(a.name == "click" for a in node.names))
        or (isinstance(node, ast.ImportFrom) and node.module == "click")
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
