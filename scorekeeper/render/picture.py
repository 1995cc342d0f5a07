"""A sheet as a picture: an SVG image or an HTML page that prints like the paper sheet."""

from __future__ import annotations

import io

from rich.cells import cell_len
from rich.console import Console, RenderableType

#: A picture's SVG: the sheet in dark ink on white paper, without a terminal window around it.
#: rich fills in the names in single braces (with ``str.format``, so the style's own braces are
#: doubled); ``picture`` fills in ``{title}``, ``{lang}``, ``{paper}``, ``{fonts}`` and
#: ``{picture_width}`` before it.
SVG_PAGE = """\
<svg xmlns="http://www.w3.org/2000/svg" lang="{lang}"
     viewBox="0 0 {picture_width} {terminal_height}" preserveAspectRatio="xMidYMin meet">
<title>{title}</title>
<style>
.{unique_id}-matrix {{
    font-family: {fonts};
    font-size: {char_height}px;
    line-height: {line_height}px;
    font-variant-east-asian: full-width;
}}
{styles}
</style>
<defs>
{lines}
</defs>
<rect width="100%" height="100%" fill="{paper}"/>
{backgrounds}
<g class="{unique_id}-matrix">
{matrix}
</g>
</svg>
"""

#: A picture's HTML page, filled in the same way: the sheet in dark ink on white with a margin
#: around it, its 100 columns as wide as the screen at most (as the SVG is: a phone shows the
#: whole sheet, to zoom into), and when printed small enough to fit on A4 or Letter.
HTML_PAGE = """\
<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="UTF-8">
<meta name="color-scheme" content="light">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
html, body {{
    margin: 0;
    color: {foreground};
    background: {background};
}}
pre, code {{
    font-family: {fonts};
    font-size: min(16px, 1.5vw);
    line-height: 1.25;
}}
pre {{
    margin: 2em;
}}
@page {{
    margin: 12mm;
}}
@media print {{
    pre {{
        margin: 0;
    }}
    pre, code {{
        font-size: 8.5pt;
    }}
}}
</style>
</head>
<body>
<pre><code>{code}</code></pre>
</body>
</html>
"""

#: The fonts of a picture: monospace fonts that systems ship, so nothing is fetched to show it.
FONTS = '"DejaVu Sans Mono", Menlo, Consolas, "Liberation Mono", "Courier New", monospace'

#: How wide a monospace character is for its height; rich draws an SVG's characters 20 pixels
#: high, so a column of the picture is this many pixels wide.
ASPECT = 0.6
COLUMN = 20 * ASPECT

#: The SVG's margin: this many columns left and right, a line above and below.
MARGIN = 2


def picture(renderable: RenderableType, fmt: str, title: str) -> str:
    """A renderable as an SVG picture or an HTML page that prints like a paper sheet: dark ink
    on white, the match title as its title, drawn at 100 columns as ``show`` draws it there,
    in the system's own fonts (nothing is fetched from the network), in the language of the
    messages."""
    import html

    from rich.padding import Padding
    from rich.terminal_theme import TerminalTheme

    from scorekeeper.i18n import language

    ink = (26, 26, 26)  # any colour of the terminal prints in it
    paper = TerminalTheme((255, 255, 255), ink, [ink] * 8)
    page = (SVG_PAGE if fmt == "svg" else HTML_PAGE).replace("{fonts}", FONTS)
    page = page.replace("{title}", html.escape(title).replace("{", "{{").replace("}", "}}"))
    page = page.replace("{paper}", paper.background_color.hex).replace("{lang}", language())
    recorder = Console(
        record=True,
        width=100,
        markup=False,
        highlight=False,
        emoji=False,
        file=io.StringIO(),
        color_system="truecolor",
    )
    if fmt == "html":
        recorder.print(renderable)
        return recorder.export_html(theme=paper, code_format=page, inline_styles=True)
    recorder.width += 2 * MARGIN
    recorder.print(Padding(renderable, (1, MARGIN)))
    # The picture is as wide as its widest line (drawn after the left margin) and the margin
    # on the right.
    drawn = recorder.export_text(clear=False).splitlines()
    recorder.width = max(cell_len(line.rstrip()) for line in drawn) + MARGIN
    page = page.replace("{picture_width}", f"{recorder.width * COLUMN:g}")
    return recorder.export_svg(theme=paper, code_format=page, font_aspect_ratio=ASPECT)
