"""Text laid out at a terminal's width: how wide the output is (``COLUMNS`` or the terminal), how
many columns a text takes, and lines wrapped between words, a unit never split ("Game 1",
"big gin", "3 v 20")."""

from __future__ import annotations

import os
import re
import sys
import unicodedata


def output_width() -> int | None:
    """How wide standard output is, as rich reads it: ``COLUMNS`` when it is set, else the
    terminal's width; None for a file or a pipe (what is written there is not wrapped)."""
    return _stream_width(sys.stdout, always=True)


def error_width() -> int | None:
    """How wide standard error is where it is a terminal (``COLUMNS`` when it is set, else the
    terminal's width); None elsewhere, so that an error in a log file is one line to find."""
    return _stream_width(sys.stderr, always=False)


def _stream_width(stream: object, always: bool) -> int | None:
    """A stream's width: ``COLUMNS`` (for any stream where ``always``, else for a terminal),
    else the terminal's; None for a file or a pipe."""
    terminal = bool(getattr(stream, "isatty", lambda: False)())
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0 and (always or terminal):
        return int(columns)
    if not terminal:
        return None
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80  # type: ignore[attr-defined]
    except (OSError, ValueError):  # a terminal that does not say how wide it is
        return 80


def cells(text: str) -> int:
    """How many columns of a terminal ``text`` takes: two for a wide character (山, 😀), none
    for a combining accent."""
    if text.isascii():
        return len(text)
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1
        for c in text
    )


#: A word that is a number as the sheet writes it: ``73``, ``+17``, ``-161``, ``2-1``, ``21,4``,
#: with any mark after it (``100.``, ``61,``).
NUMBER = re.compile(r"[-+]?\d[\d.,:/-]*[^\w\s]*")

#: Terms of more than one word that are one thing (the same in every language).
TERMS = ("big gin", "gin bonus")


def units(line: str) -> list[str]:
    """The words of ``line`` with what a line must never be broken within kept together: a
    number with the word before it (``Game 1``, ``needs 73``, ``Ann +17``), two numbers with
    the short word between them (``3 v 20``, ``2 gegen 30``), marks such as ``***`` with the
    word beside them, a key with what it does (``q: quit``), a command line in quotes
    (``'scorekeeper new'``) and terms such as ``big gin``.

    >>> units("*** Ann knocks 3 v 20 -> Ann +17 in Game 1, Big Gin ***")
    ['*** Ann', 'knocks 3 v 20 ->', 'Ann +17', 'in', 'Game 1,', 'Big Gin ***']
    >>> units("(u: undo, q: quit) or 'scorekeeper new --rematch'.")
    ['(u: undo,', 'q: quit)', 'or', "'scorekeeper new --rematch'."]
    """
    found: list[str] = []
    quoted = False  # within a command line in quotes
    for word in line.split():
        before = found[-1] if found else ""
        if found and (
            quoted
            or NUMBER.fullmatch(word)
            or (len(before.strip("(")) == 2 and before.endswith(":"))
            or not any(c.isalnum() for c in word)
            or not any(c.isalnum() for c in before)
            or f"{before} {word}".casefold().endswith(TERMS)
        ):
            found[-1] = f"{before} {word}"
            if (
                NUMBER.fullmatch(word)
                and len(found) > 1
                and before.isalpha()
                and before.islower()
                and len(before) <= 5
                and found[-2][-1:].isdigit()
            ):  # 3 v 20: the two numbers and the word between them
                found[-2:] = [f"{found[-2]} {found[-1]}"]
        else:
            found.append(word)
        if word.startswith("'") and not quoted:
            quoted = word.count("'") == 1
        elif quoted:
            quoted = "'" not in word
    return found


def wrap(line: str, width: int | None, hang: int = 2) -> list[str]:
    """``line`` broken between its :func:`units` into lines at most ``width`` columns wide, the
    lines after the first indented ``hang`` more than it; a unit is never cut (one wider than
    the width has a line to itself). With no width, or room for it, the line as it is.

    >>> wrap("Still to go: Game 1 Ann 73, Ben 100.", 20)
    ['Still to go: Game 1', '  Ann 73, Ben 100.']
    """
    parts = units(line)
    if width is None or cells(line) <= width or not parts:
        return [line]
    indent = line[: len(line) - len(line.lstrip(" "))]
    lines, current = [], indent + parts[0]
    for part in parts[1:]:
        if cells(current) + 1 + cells(part) <= width:
            current += " " + part
        else:
            lines.append(current)
            current = indent + " " * hang + part
    return [*lines, current]
