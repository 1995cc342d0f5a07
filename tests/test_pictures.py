"""``export --format svg|html``: the sheet as a picture to print or send, like a paper sheet.

The match is seed 000's worked example played to the end (``sample_sessions/01-worked-example
.json``). Its settlement, worked out by hand from RULES.md (box bonus 25, game bonus 100):
Game 1 Alexandra 65 + 2 boxes 50 = 115, Bob 108 + 5 boxes 125 + 100 = 333, net +218; Game 2
Alexandra 100 + 3 boxes 75 + 100 = 275, Bob 98 + 4 boxes 100 = 198, net +77; Game 3 Alexandra
62 + 3 boxes 75 = 137, Bob 102 + 5 boxes 125 + 100 = 327, net +190.
"""

from __future__ import annotations

import html
import os
import re
import struct
import subprocess
import tempfile
import textwrap
import zlib
from pathlib import Path
from xml.etree import ElementTree

import pytest
from harness import Run, ok

SEED = Path(__file__).resolve().parent.parent / "sample_sessions" / "01-worked-example.json"
SVG = "{http://www.w3.org/2000/svg}"
CHROMIUM = "/usr/bin/chromium"
FORMATS = ["svg", "html"]


def picture(run: Run, tmp_path: Path, fmt: str) -> str:
    """The seed example's sheet exported in ``fmt`` to a file, as text."""
    ok(run("import", SEED))
    path = tmp_path / f"sheet.{fmt}"
    ok(run("export", "--format", fmt, "-o", path))
    return path.read_text(encoding="utf-8")


def svg_lines(svg: str) -> list[str]:
    """The SVG's text as the lines of a terminal: each ``<text>`` put back at its line (from
    its ``y`` and the style's line height) and column (from its ``x`` and its width per
    character), the margin of blank lines and columns taken off."""
    line_height = float(re.findall(r"line-height: ([\d.]+)px", svg)[0])
    rows: dict[int, str] = {}
    for element in ElementTree.fromstring(svg).iter(f"{SVG}text"):
        text = (element.text or "").replace("\xa0", " ").rstrip("\n")
        if not text:
            continue
        width = float(element.attrib["textLength"]) / len(text)
        row = round(float(element.attrib["y"]) / line_height)
        column = round(float(element.attrib["x"]) / width)
        rows[row] = rows.get(row, "").ljust(column) + text
    drawn = [rows.get(row, "").rstrip() for row in range(max(rows) + 1)]
    return textwrap.dedent("\n".join(drawn)).strip("\n").splitlines()


def html_lines(page: str) -> list[str]:
    """The HTML page's sheet as lines of text: the ``<pre>``'s text without its tags."""
    code = re.findall(r"<pre><code>(.*)</code></pre>", page, re.DOTALL)[0]
    return [line.rstrip() for line in html.unescape(re.sub(r"<[^>]+>", "", code)).splitlines()]


def luma(colour: str) -> float:
    """How light a ``#rrggbb`` colour is, from 0 (black) to 255 (white): paper is above 200,
    ink below 80."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * red + 0.587 * green + 0.114 * blue


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_picture_shows_what_show_prints_at_100_columns(
    run: Run, tmp_path: Path, fmt: str
) -> None:
    text = picture(run, tmp_path, fmt)
    shown = ok(run("show", env={"COLUMNS": "100"})).splitlines()
    assert (svg_lines if fmt == "svg" else html_lines)(text) == shown
    assert "Alexandra v Bob - The rule book's worked example" in shown[0]


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_picture_holds_the_players_and_their_totals(run: Run, tmp_path: Path, fmt: str) -> None:
    lines = (svg_lines if fmt == "svg" else html_lines)(picture(run, tmp_path, fmt))
    header = lines.index(next(line for line in lines if "Hand" in line))
    assert lines[header - 1].replace("─", "").split() == ["Alexandra", "Bob"]
    assert lines[header].split() == ["#", "Hand", *["Game", "1", "Game", "2", "Game", "3"] * 2]
    # Alexandra's Games 1, 2, 3, then Bob's.
    total = next(line for line in lines if line.split()[:1] == ["Total"])
    assert total.split() == ["Total", "115", "275", "137", "333", "198", "327"]
    net = next(line for line in lines if line.split()[:1] == ["Net"])
    assert net.split() == ["Net", "+77", "+218", "+190"]
    assert "MATCH OVER: Bob wins 2 games to 1" in lines


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_picture_loads_nothing_from_the_network(run: Run, tmp_path: Path, fmt: str) -> None:
    text = picture(run, tmp_path, fmt)
    # The SVG namespace is a name, never fetched; no other address may appear.
    without_namespace = text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert not re.search(r"https?:", without_namespace, re.IGNORECASE)
    assert "@import" not in text
    assert "@font-face" not in text
    assert not re.search(r"url\((?!#)", text)  # only references inside the picture
    assert not re.search(r"\b(href|src)\s*=", text)
    assert not re.search(r"<(script|link|img|iframe)\b", text)
    assert "monospace" in text  # the system's own monospace font


def test_the_svg_is_a_sheet_of_paper_not_a_terminal_window(run: Run, tmp_path: Path) -> None:
    root = ElementTree.fromstring(picture(run, tmp_path, "svg"))
    drawn = [
        child for child in root if child.tag not in (f"{SVG}title", f"{SVG}style", f"{SVG}defs")
    ]
    paper = drawn[0]  # drawn first, under everything else
    assert (paper.tag, paper.get("width"), paper.get("height")) == (f"{SVG}rect", "100%", "100%")
    assert luma(paper.attrib["fill"]) > 200
    # No window: nothing drawn but the paper and the text (rich draws a frame and three dots).
    assert [element.tag for element in drawn[1:]] == [f"{SVG}g"]
    assert {element.tag for element in drawn[1].iter()} == {f"{SVG}g", f"{SVG}text"}
    assert root.findtext(f"{SVG}title") == "Match 1: Alexandra v Bob"
    style = root.findtext(f"{SVG}style") or ""
    inks = re.findall(r"fill: (#[0-9a-f]{6})", style)
    assert inks and all(luma(ink) < 80 for ink in inks)


def test_the_html_page_is_dark_ink_on_white(run: Run, tmp_path: Path) -> None:
    page = picture(run, tmp_path, "html")
    body = re.findall(r"html, body \{(.*?)\}", page, re.DOTALL)[0]
    assert luma(re.findall(r"background: (#[0-9a-f]{6})", body)[0]) > 200
    assert luma(re.findall(r"color: (#[0-9a-f]{6})", body)[0]) < 80
    assert all(luma(ink) < 80 for ink in re.findall(r"(?<![-\w])color: (#[0-9a-f]{6})", page))
    assert "<title>Match 1: Alexandra v Bob</title>" in page
    assert '<meta name="color-scheme" content="light">' in page


@pytest.mark.parametrize("fmt", FORMATS)
def test_names_are_written_as_text_into_a_picture(run: Run, tmp_path: Path, fmt: str) -> None:
    ok(run("new", "{0}<b>", "R&B}", "--dealer", "R&B}"))
    ok(run("knock", "R&B}", "3", "20"))
    path = tmp_path / f"sheet.{fmt}"
    ok(run("export", "--format", fmt, "-o", path))
    text = path.read_text(encoding="utf-8")
    assert "<title>Match 1: {0}&lt;b&gt; v R&amp;B}</title>" in text
    lines = svg_lines(text) if fmt == "svg" else html_lines(text)
    assert lines[0] == "Match 1: {0}<b> v R&B}"


def png_luma(path: Path) -> list[int]:
    """The luma (0 black to 255 white) of every pixel of an 8-bit RGB or RGBA PNG that is not
    interlaced, as a browser writes a screenshot; read with the standard library alone."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    chunks: dict[bytes, bytes] = {}
    offset = 8
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        chunks[kind] = chunks.get(kind, b"") + data[offset + 8 : offset + 8 + length]
        offset += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert (depth, colour, interlace) in ((8, 2, 0), (8, 6, 0)), "not an 8-bit RGB(A) PNG"
    size = 3 if colour == 2 else 4
    stride = width * size
    raw = zlib.decompress(chunks[b"IDAT"])
    previous = bytearray(stride)
    luma: list[int] = []
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for x in range(stride):  # undo the row's filter (PNG specification, section 9)
            left = line[x - size] if x >= size else 0
            up, corner = previous[x], previous[x - size] if x >= size else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - corner
                a, b, c = abs(guess - left), abs(guess - up), abs(guess - corner)
                line[x] = (
                    line[x] + (left if a <= b and a <= c else up if b <= c else corner)
                ) & 0xFF
        luma.extend(
            (299 * line[x] + 587 * line[x + 1] + 114 * line[x + 2]) // 1000
            for x in range(0, stride, size)
        )
        previous = line
    return luma


@pytest.mark.slow
@pytest.mark.skipif(
    not os.path.exists(CHROMIUM),
    reason=f"{CHROMIUM} is not installed (apt-get install chromium); it draws the pictures",
)
@pytest.mark.parametrize("fmt", FORMATS)
def test_a_browser_draws_the_picture_as_dark_ink_on_white(
    run: Run, tmp_path: Path, fmt: str
) -> None:
    picture(run, tmp_path, fmt)
    screenshot = tmp_path / f"{fmt}.png"
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--host-resolver-rules=MAP * ~NOTFOUND",  # offline: any address fails
                f"--user-data-dir={profile}",
                f"--screenshot={screenshot}",
                "--window-size=1300,1000",
                (tmp_path / f"sheet.{fmt}").as_uri(),
            ],
            capture_output=True,
            timeout=120,
            check=True,
        )
    luma = png_luma(screenshot)
    assert len(luma) == 1300 * 1000
    # Paper: nearly every pixel is light; ink: the text makes some of them dark.
    assert sum(value > 200 for value in luma) > 0.9 * len(luma)
    assert sum(luma) / len(luma) > 220
    assert sum(value < 80 for value in luma) > 0.005 * len(luma)
