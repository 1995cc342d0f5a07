"""What a phone keeps on its home screen: the page's web app manifest, and its icon as a PNG
of any size, drawn here (nothing is fetched, nothing generated is kept): the card of
``icon.svg`` with its three lines of scores, on a blue square that fills the whole icon, so
that a phone may cut it to any shape (the card lies within the middle circle every shape
keeps).

The drawing is in units of a 32-unit square, as ``icon.svg``'s; each row of pixels is worked
out from the shapes it crosses, the rounded corners' edges blended with the blue.
"""

from __future__ import annotations

import functools
import json
import math
import struct
import zlib

#: The sizes in pixels of the PNG icons the manifest names (those Android asks for), and the
#: icons by their addresses.
SIZES = (192, 512)
ICONS = {f"/static/icon-{size}.png": size for size in SIZES}

BLUE = (0x1F, 0x5F, 0x9E)
PAPER = (0xFD, 0xFC, 0xF8)
INK = (0x1A, 0x1A, 0x1A)

#: The card: left, top, right, bottom and the radius of its corners, in units.
CARD = (9.0, 6.0, 23.0, 26.0, 2.0)

#: The lines of scores on the card: left, top, right, bottom, in units.
LINES = ((12.0, 10.0, 20.0, 12.0), (12.0, 15.0, 20.0, 17.0), (12.0, 20.0, 17.0, 22.0))

Colour = tuple[int, int, int]


def blend(a: Colour, b: Colour, share: float) -> Colour:
    """``b`` over ``a``, covering ``share`` of the pixel."""
    return (
        round(a[0] + (b[0] - a[0]) * share),
        round(a[1] + (b[1] - a[1]) * share),
        round(a[2] + (b[2] - a[2]) * share),
    )


def hex_colour(colour: Colour) -> str:
    """A colour as a stylesheet writes it.

    >>> hex_colour(BLUE)
    '#1f5f9e'
    """
    return "#" + bytes(colour).hex()


def card_span(y: float) -> tuple[float, float] | None:
    """Where the card is across the row at height ``y`` (units), or None: narrower in the rows
    of its rounded corners."""
    left, top, right, bottom, radius = CARD
    if not top <= y < bottom:
        return None
    inset = 0.0
    beyond = max(top + radius - y, y - (bottom - radius), 0.0)
    if beyond:
        inset = radius - math.sqrt(max(radius * radius - beyond * beyond, 0.0))
    return left + inset, right - inset


def row(size: int, y: int) -> bytes:
    """The pixels of row ``y`` of an icon ``size`` pixels wide, as RGB bytes."""
    unit = size / 32
    middle = (y + 0.5) / unit
    pixels = [BLUE] * size
    span = card_span(middle)
    if span is not None:
        start, end = span[0] * unit, span[1] * unit
        for x in range(max(0, math.floor(start)), min(size, math.ceil(end))):
            share = min(x + 1, end) - max(x, start)
            pixels[x] = PAPER if share >= 1 else blend(BLUE, PAPER, share)
    for left, top, right, bottom in LINES:
        if top <= middle < bottom:
            for x in range(round(left * unit), round(right * unit)):
                pixels[x] = INK
    return bytes(value for pixel in pixels for value in pixel)


@functools.cache
def png(size: int) -> bytes:
    """The icon, ``size`` by ``size`` pixels, as a PNG file.

    >>> png(48)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    True
    """
    raw = b"".join(b"\x00" + row(size, y) for y in range(size))  # each row unfiltered

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def manifest(language: str | None, start: str = "/", folder: str = "/static/") -> bytes:
    """The web app manifest: the page opened from the home screen as an app of its own, in
    its own window, with the icon. ``start``: the page's address, its scope too; ``folder``:
    where the icons are (the phone app's site says both relative to the manifest, and no
    language, which its user chooses)."""
    found = {
        "name": "scorekeeper",
        "short_name": "scorekeeper",
        **({} if language is None else {"lang": language}),
        "start_url": start,
        "scope": start,
        "display": "standalone",
        "background_color": hex_colour(PAPER),
        "theme_color": hex_colour(BLUE),
        "icons": [
            {"src": f"{folder}icon.svg", "sizes": "any", "type": "image/svg+xml"},
            *(
                {
                    "src": f"{folder}icon-{size}.png",
                    "sizes": f"{size}x{size}",
                    "type": "image/png",
                    "purpose": "any maskable",
                }
                for size in SIZES
            ),
        ],
    }
    return json.dumps(found, indent=1).encode()
