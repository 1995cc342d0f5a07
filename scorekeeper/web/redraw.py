"""A redraw that sends only what changed: the page's live part after a change, as a patch of
the one the stream sent before it.

The sheet of a long match is large (some 110 KB of HTML at 180 hands), and a hand changes
little of it: its rows, the totals under each game, the lines under the sheet, the questions.
A patch cuts the old and the new text into pieces at the start of each row, table, heading,
paragraph or block, and says the new text as the pieces it keeps from the old (by where they
are in it) and the text that is new. It knows nothing of what the HTML says, so it follows
the layout wherever it goes. A page applies it to the text the stream last sent it
(``page.js``); a stream begins with the whole live part, so a page that connects or
reconnects is drawn whole.

Positions are counted in UTF-16 code units, as the page's script counts the characters of a
string (a name may hold characters beyond the Basic Multilingual Plane).
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import Any

#: Where the text is cut: before each element that starts a row or a block of the page, and
#: before the end of a block (so that a row added last is a piece of its own).
CUT = re.compile(
    r"(?=<(?:tr|table|thead|tbody|tfoot|h2|h3|p|div|section|form|fieldset|label)[\s>]"
    r"|</(?:table|thead|tbody|tfoot|div|section|form|fieldset)>)"
)

Patch = list[str | list[int]]
"""The new text as pieces: ``[start, end]`` the old text's code units from ``start`` to
``end``; a string, text that is new."""


def pieces(text: str) -> list[str]:
    """``text`` cut before each row and block.

    >>> pieces("<h2>A</h2><p>b</p><p>c</p>")
    ['<h2>A</h2>', '<p>b</p>', '<p>c</p>']
    """
    return [piece for piece in CUT.split(text) if piece]


def units(text: str) -> int:
    """How long ``text`` is to the page's script: its UTF-16 code units.

    >>> units("Ann"), units("🂡")
    (3, 2)
    """
    return len(text.encode("utf-16-le")) // 2


def patch(old: str, new: str) -> Patch:
    """``new`` as what it keeps of ``old`` and what is new.

    >>> patch("<p>a</p><p>b</p>", "<p>a</p><p>x</p><p>b</p>")
    [[0, 8], '<p>x</p>', [8, 16]]
    >>> applied(_, "<p>a</p><p>b</p>")
    '<p>a</p><p>x</p><p>b</p>'
    """
    before, after = pieces(old), pieces(new)
    starts = [0]
    for piece in before:
        starts.append(starts[-1] + units(piece))
    made: Patch = []
    matcher = SequenceMatcher(None, before, after, autojunk=False)
    for kind, first, last, new_first, new_last in matcher.get_opcodes():
        if kind == "equal":
            made.append([starts[first], starts[last]])
        elif new_first < new_last and made and isinstance(made[-1], str):
            made[-1] += "".join(after[new_first:new_last])
        elif new_first < new_last:
            made.append("".join(after[new_first:new_last]))
    return made


def applied(made: Patch, old: str) -> str:
    """What the page makes of a patch (as ``page.js`` does), for the tests: the new text."""
    encoded = old.encode("utf-16-le")
    return "".join(
        piece
        if isinstance(piece, str)
        else encoded[piece[0] * 2 : piece[1] * 2].decode("utf-16-le")
        for piece in made
    )


def changes(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """What a page that was sent the live part ``old`` needs to draw ``new``: each text as a
    patch of the old one, anything else (the hand's number) as it is."""
    return {
        name: patch(old[name], value)
        if isinstance(value, str) and isinstance(old.get(name), str)
        else value
        for name, value in new.items()
    }
