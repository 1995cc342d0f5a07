"""``export --format svg|html``: the sheet as a picture to print or send, like a paper sheet.

The match is the rule book's worked example played to the end (``sample_sessions/01-worked-example
.json``). Its settlement, worked out by hand from RULES.md (box bonus 25, game bonus 100):
Game 1 Alexandra 65 + 2 boxes 50 = 115, Bob 108 + 5 boxes 125 + 100 = 333, net +218; Game 2
Alexandra 100 + 3 boxes 75 + 100 = 275, Bob 98 + 4 boxes 100 = 198, net +77; Game 3 Alexandra
62 + 3 boxes 75 = 137, Bob 102 + 5 boxes 125 + 100 = 327, net +190.
"""

from __future__ import annotations

import html
import json
import os
import re
import struct
import subprocess
import tempfile
import textwrap
import zlib
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from harness import Run, ok

WORKED_EXAMPLE = (
    Path(__file__).resolve().parent.parent / "sample_sessions" / "01-worked-example.json"
)
SVG = "{http://www.w3.org/2000/svg}"
CHROMIUM = "/usr/bin/chromium"
FORMATS = ["svg", "html"]


def picture(run: Run, tmp_path: Path, fmt: str, *lang: str) -> str:
    """The worked example's sheet exported in ``fmt`` to a file (in a language: ``--lang
    de``), as text."""
    ok(run("import", WORKED_EXAMPLE))
    path = tmp_path / f"sheet.{fmt}"
    ok(run(*lang, "export", "--format", fmt, "-o", path))
    return path.read_text(encoding="utf-8")


def match_file(tmp_path: Path, players: list[str], **more: Any) -> Path:
    """A match file as ``export --format json`` writes it: these players, the first dealing."""
    path = tmp_path / "match.json"
    header = {"format": "scorekeeper-match", "version": 1, "players": players}
    path.write_text(json.dumps({**header, "first_dealer": players[0], **more}), encoding="utf-8")
    return path


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


def drawn_lines(fmt: str, text: str) -> list[str]:
    """The lines of an SVG or HTML picture."""
    return svg_lines(text) if fmt == "svg" else html_lines(text)


#: What a picture draws its grid with (the terminal's sheet has a rule under the headings).
RULES = "─│┼"


def without_rules(lines: list[str]) -> list[str]:
    """The lines with the table's rules taken out: what a picture and ``show`` both write."""
    return [re.sub(f"[{RULES}]", " ", line).rstrip() for line in lines]


def luma(colour: str) -> float:
    """How light a ``#rrggbb`` colour is, from 0 (black) to 255 (white): paper is above 200,
    ink below 80."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * red + 0.587 * green + 0.114 * blue


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_picture_shows_what_show_prints_at_100_columns(
    run: Run, tmp_path: Path, fmt: str
) -> None:
    drawn = drawn_lines(fmt, picture(run, tmp_path, fmt))
    shown = ok(run("show", env={"COLUMNS": "100"})).splitlines()
    # The title says the day the match was started (the file's "created": 2026-11-20), and the
    # description is under it rather than after it.
    title, shown_title = drawn[: drawn.index("")], shown[: shown.index("")]
    description = (
        "The rule book's worked example (Bob 10, Alexandra 18, Bob 30, Bob 4: sheet 18/0/0 v "
        "44/34/4), played on until Bob wins 2-1."
    )
    assert title[0] == "Match 1: Alexandra v Bob · 20 November 2026"
    assert " ".join(title[1:]) == description
    assert " ".join(shown_title) == f"Match 1: Alexandra v Bob - {description}"
    # The rest as show draws it, but for the picture's grid.
    assert without_rules(drawn[len(title) :]) == without_rules(shown[len(shown_title) :])
    assert any("│" in line for line in drawn) and not any("│" in line for line in shown)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(
    "lang, title",
    [
        ("en", "Match 1: Alexandra v Bob · 20 November 2026"),
        ("de", "Partie 1: Alexandra gegen Bob · 20. November 2026"),
        ("nl", "Partij 1: Alexandra tegen Bob · 20 november 2026"),
    ],
)
def test_a_picture_is_in_the_language_and_dated(
    run: Run, tmp_path: Path, fmt: str, lang: str, title: str
) -> None:
    text = picture(run, tmp_path, fmt, "--lang", lang)
    if fmt == "html":
        assert text.splitlines()[:2] == ["<!DOCTYPE html>", f'<html lang="{lang}">']
        assert f"<title>{title}</title>" in text
    else:
        root = ElementTree.fromstring(text)
        assert root.get("lang") == lang
        assert root.findtext(f"{SVG}title") == title
    drawn = drawn_lines(fmt, text)
    assert drawn[0] == title
    assert drawn[1].startswith("The rule book's worked example")


def test_a_picture_is_dated_the_day_the_match_started(run: Run, tmp_path: Path) -> None:
    # An evening that went on past midnight keeps the day it started, as a paper sheet does.
    hand = {"entry": "knock", "knocker": "Ann", "knocker_deadwood": 2, "opponent_deadwood": 20}
    late = {**hand, "recorded": "2026-12-01T00:20:00+01:00"}
    created = "2026-11-30T20:15:00+01:00"
    ok(run("import", match_file(tmp_path, ["Ann", "Ben"], created=created, hands=[late])))
    ok(run("export", "--format", "svg", "-o", tmp_path / "sheet.svg"))
    lines = svg_lines((tmp_path / "sheet.svg").read_text(encoding="utf-8"))
    assert lines[0] == "Match 1: Ann v Ben · 30 November 2026"


def test_the_day_is_never_split_between_two_lines(run: Run, tmp_path: Path) -> None:
    # "Match 1: " and " v " and two names of 39: 90 columns. With " · 30 November 2026" the
    # line would break after "30"; the day has a line of its own instead.
    ann, ben = "Ann" + "a" * 36, "Ben" + "n" * 36
    ok(run("import", match_file(tmp_path, [ann, ben], created="2026-11-30T20:15:00+01:00")))
    for fmt in FORMATS:
        ok(run("export", "--format", fmt, "-o", tmp_path / f"sheet.{fmt}"))
        text = (tmp_path / f"sheet.{fmt}").read_text(encoding="utf-8")
        assert drawn_lines(fmt, text)[:3] == [f"Match 1: {ann} v {ben}", "30 November 2026", ""]


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_picture_holds_the_players_and_their_totals(run: Run, tmp_path: Path, fmt: str) -> None:
    lines = without_rules(drawn_lines(fmt, picture(run, tmp_path, fmt)))
    header = lines.index(next(line for line in lines if "Hand" in line))
    assert lines[header - 1].split() == ["Alexandra", "Bob"]
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
    assert root.findtext(f"{SVG}title") == "Match 1: Alexandra v Bob · 20 November 2026"
    # Text in dark ink; the grid's rules in light grey.
    style = root.findtext(f"{SVG}style") or ""
    inks = dict(re.findall(r"\.(\S+) \{ fill: (#[0-9a-f]{6})", style))
    texts = [(element.text or "").strip() for element in drawn[1].iter(f"{SVG}text")]
    inked = [luma(inks[element.attrib["class"]]) for element in drawn[1].iter(f"{SVG}text")]
    assert all(ink < 80 for text, ink in zip(texts, inked) if text.strip(RULES))
    rules = [ink for text, ink in zip(texts, inked) if text and not text.strip(RULES)]
    assert rules and all(150 < ink < 230 for ink in rules)


def test_the_html_page_is_dark_ink_on_white(run: Run, tmp_path: Path) -> None:
    page = picture(run, tmp_path, "html")
    body = re.findall(r"html, body \{(.*?)\}", page, re.DOTALL)[0]
    assert luma(re.findall(r"background: (#[0-9a-f]{6})", body)[0]) > 200
    assert luma(re.findall(r"color: (#[0-9a-f]{6})", body)[0]) < 80
    # Text in dark ink; the grid's rules in light grey.
    coloured = re.findall(r'<span style="color: (#[0-9a-f]{6})[^"]*">([^<]*)<', page)
    assert all(luma(ink) < 80 for ink, text in coloured if text.strip(RULES))
    rules = [luma(ink) for ink, text in coloured if not text.strip(RULES)]
    assert rules and all(150 < ink < 230 for ink in rules)
    assert "<title>Match 1: Alexandra v Bob · 20 November 2026</title>" in page
    assert '<meta name="color-scheme" content="light">' in page


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_svg_has_as_much_margin_right_as_left(run: Run, tmp_path: Path, lang: str) -> None:
    # Three players with names of 12 characters: the widest lines are the settling up.
    ok(run("new", "Alexandrinaa", "Bartholomeus", "Christophera", "--dealer", "alex"))
    for hand in (["alex", "2", "63"], ["chr", "2", "60"], ["bar", "1", "51"], ["bar", "1", "51"]):
        ok(run("knock", *hand))
    path = tmp_path / "sheet.svg"
    ok(run("--lang", lang, "export", "--format", "svg", "-o", path))
    root = ElementTree.fromstring(path.read_text(encoding="utf-8"))
    _x, _y, width, _height = map(float, root.attrib["viewBox"].split())
    drawn = []  # where each text starts and ends, its blanks left out
    for element in root.iter(f"{SVG}text"):
        text = (element.text or "").replace("\xa0", " ")
        if text.strip():
            column = float(element.attrib["textLength"]) / len(text)
            x = float(element.attrib["x"])
            start = x + column * (len(text) - len(text.lstrip()))
            drawn.append((x + column * len(text.rstrip()), start, text))
    left = min(start for _end, start, _text in drawn)
    end, _start, widest = max(drawn)
    assert widest.strip().startswith("Bartholomeus: ") and "Christophera" in widest
    assert left >= 12  # a column at least
    assert width >= end + left


@pytest.mark.parametrize("fmt", FORMATS)
def test_names_are_written_as_text_into_a_picture(run: Run, tmp_path: Path, fmt: str) -> None:
    ok(run("new", "{0}<b>", "R&B}", "--dealer", "R&B}"))
    ok(run("knock", "R&B}", "3", "20"))
    path = tmp_path / f"sheet.{fmt}"
    ok(run("export", "--format", fmt, "-o", path))
    text = path.read_text(encoding="utf-8")
    # Dated the day the match was started: today.
    day = r" · \d{1,2} [A-Z][a-z]+ \d{4}"
    title = re.escape("<title>Match 1: {0}&lt;b&gt; v R&amp;B}") + day + "</title>"
    assert re.search(title, text)
    assert re.fullmatch(re.escape("Match 1: {0}<b> v R&B}") + day, drawn_lines(fmt, text)[0])


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
