"""The scoresheet, the log, the figures and the rules as rich renderables (only the command
line prints them), and the sheet as a picture.

Player names always enter as :class:`rich.text.Text`, never as markup, so a name like
``[bold]x[/]`` is shown as typed.
"""

from scorekeeper.render.layout import NAME_ROOM, TIGHT_ROOM, console, short_names, show
from scorekeeper.render.log import log
from scorekeeper.render.picture import picture
from scorekeeper.render.sheet import Sheet, Stacked, abandoned, scoresheet, summary_lines
from scorekeeper.render.tables import presets, rules, statistics

__all__ = [
    "NAME_ROOM",
    "TIGHT_ROOM",
    "Sheet",
    "Stacked",
    "abandoned",
    "console",
    "log",
    "picture",
    "presets",
    "rules",
    "scoresheet",
    "short_names",
    "show",
    "statistics",
    "summary_lines",
]
