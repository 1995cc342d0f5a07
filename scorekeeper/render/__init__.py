"""The scoresheet, the log, the figures and the rules as rich renderables (only the command
line prints them), and the sheet as a picture.

Player names always enter as :class:`rich.text.Text`, never as markup, so a name like
``[bold]x[/]`` is shown as typed.
"""

# Each caller imports the module it draws with (layout, sheet, log, tables, picture, chart), so
# that drawing a sheet imports no log, no chart and no picture.
