"""``app``: the whole scorekeeper on the phone, written as a static site
(:mod:`scorekeeper.app.site`), and served on this machine to try it."""

from __future__ import annotations

from pathlib import Path

import click

from scorekeeper.commands._common import echo_lines
from scorekeeper.commands._errors import BadInput, StateProblem
from scorekeeper.commands._params import NUMBER, command, option
from scorekeeper.i18n import _, system_error


@command()
@click.argument("directory", metavar="DIR", type=click.Path(file_okay=False))
@option(
    "--pyodide",
    metavar="PATH",
    help="An unpacked Pyodide (the pyodide package of npm) to copy into the site.",
)
@option("--serve", is_flag=True, help="Serve the site on 127.0.0.1 to try it, until Ctrl-C.")
@option("--port", type=NUMBER, default=8000, show_default=True, help="The port --serve uses.")
def app(directory: str, pyodide: str | None, serve: bool, port: int) -> None:
    """Write the phone app into DIR: a static site to put on any HTTPS host.

    The app is this scorekeeper's own Python running in the phone's browser on Pyodide; opened
    once, it works with no network and keeps its matches on the phone. Pyodide is copied from
    PATH, else from the folder SCOREKEEPER_PYODIDE names, else from .ci/node_modules/pyodide
    or node_modules/pyodide here, where 'npm install pyodide@314.0.8' puts it.

    \b
    Example:
      scorekeeper app site
      scorekeeper app site --serve
      scorekeeper app /var/www/scorekeeper --pyodide ~/pyodide
    """
    from scorekeeper.app.site import NoPyodide, build, pyodide_folder

    if not 0 <= port <= 65535:
        raise BadInput(
            _("--port takes a port from 0 to 65535 (0: any free port), not {port}.").format(
                port=port
            )
        )
    try:
        found = pyodide_folder(pyodide)
    except NoPyodide as error:
        raise BadInput(str(error)) from None
    target = Path(directory)
    try:
        written = build(target, found)
    except OSError as error:
        raise StateProblem(
            _("Cannot write the app into {path}: {reason}.").format(
                path=directory, reason=system_error(error)
            )
        ) from None
    size = sum((target / name).stat().st_size for name in written)
    echo_lines(
        [
            _("The app is in {path}: {count} files, {size} MB; put them on any HTTPS host.").format(
                path=directory, count=len(written), size=f"{size / 1e6:.1f}"
            )
        ]
    )
    if serve:
        serve_folder(target, port)


def serve_folder(target: Path, port: int) -> None:
    """Serve the site on 127.0.0.1 (a secure origin to a browser) until Ctrl-C."""
    from scorekeeper.app.site import server

    with server(target, port) as serving:
        echo_lines(
            [
                _("Serving the app at http://127.0.0.1:{port}/ (Ctrl-C stops).").format(
                    port=serving.server_address[1]
                )
            ]
        )
        try:
            serving.serve_forever()
        except KeyboardInterrupt:
            pass
