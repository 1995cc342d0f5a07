"""The phone app as a static site (``scorekeeper app DIR``): Pyodide's core copied from an
unpacked ``pyodide`` npm package, this package's own Python and the pure-Python packages it
draws with packed into one zip the browser unpacks, the shell (page, script, style, icons), the
web app manifest and a service worker whose cache list is every file the app fetches.

Every address in the site is relative, so it works from any folder of any host
(``https://someone.example/scorekeeper/``). Nothing is fetched while building: Pyodide comes
from the disk, the Python from this installation.
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import io
import json
import os
import shutil
import zipfile
from collections.abc import Iterable
from importlib import metadata, resources
from pathlib import Path
from string import Template

from scorekeeper.i18n import _
from scorekeeper.web.home import SIZES, manifest, png

#: The Pyodide release the app is built with and tested on (the npm package's version).
PYODIDE = "314.0.8"

#: What the app loads of Pyodide: the interpreter, its standard library and its lock file.
CORE = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

#: Where ``app`` looks for Pyodide when no ``--pyodide`` is given, after ``SCOREKEEPER_PYODIDE``.
LOOKED_IN = (".ci/node_modules/pyodide", "node_modules/pyodide")

#: The modules of this package the browser runs (the engine, the match, its files, the
#: messages and the page's views): nothing that imports click, tinydb or the store.
MODULES = (
    "__init__.py",
    "cards.py",
    "exchange.py",
    "facts.py",
    "i18n.py",
    "match.py",
    "messages.py",
    "stats.py",
    "table.py",
    "wrapping.py",
    "engine/*.py",
    "rules/*.py",
    "render/__init__.py",
    "render/chart.py",
    "render/layout.py",
    "render/sheet.py",
    "web/__init__.py",
    "web/views.py",
    "web/board.py",
    "web/sent.py",
    "app/__init__.py",
    "app/main.py",
    "app/screens.py",
    "locale/*/LC_MESSAGES/*.mo",
)

#: The pure-Python packages the views draw with, taken from this installation.
LIBRARIES = ("rich",)

#: The shell, as it is in this folder, and what the page takes from the serve page's folder.
SHELL = ("index.html", "app.js", "app.css")
FROM_WEB = ("sheet.css", "questions.js", "icon.svg")
ICONS = {f"icon-{size}.png": size for size in SIZES}

#: The zip's files all carry this date, so that the same sources make the same zip.
STAMP = (2020, 1, 1, 0, 0, 0)


class NoPyodide(ValueError):
    """Raised when there is no Pyodide of the pinned release where the app looks for it."""


def pyodide_folder(given: str | None) -> Path:
    """The unpacked Pyodide to copy: ``given``, else ``SCOREKEEPER_PYODIDE``, else the first
    of :data:`LOOKED_IN` that holds one. Raises :class:`NoPyodide` naming what to run."""
    env = os.environ.get("SCOREKEEPER_PYODIDE")
    candidates = [given] if given else [env] if env else list(LOOKED_IN)
    for candidate in candidates:
        folder = Path(candidate)
        if all((folder / name).is_file() for name in CORE):
            found = release(folder)
            if found == PYODIDE:
                return folder
            raise NoPyodide(
                _(
                    "{path} holds Pyodide {found}, but the app is built with Pyodide "
                    "{version}: get it with 'npm install pyodide@{version}'."
                ).format(path=folder, found=found or "?", version=PYODIDE)
            )
    raise NoPyodide(
        _(
            "There is no Pyodide in {places}: get it with 'npm install pyodide@{version}' "
            "(or name an unpacked one with --pyodide)."
        ).format(places=", ".join(str(c) for c in candidates), version=PYODIDE)
    )


def release(folder: Path) -> str | None:
    """The version of the Pyodide npm package in ``folder`` (None if it does not say)."""
    try:
        found = json.loads((folder / "package.json").read_text("utf-8")).get("version")
    except (OSError, ValueError, AttributeError):
        return None
    return found if isinstance(found, str) else None


def python_files() -> Iterable[tuple[str, bytes]]:
    """Each file the browser's Python needs, by its path in the zip: this package's modules
    and catalogues, then each library's modules."""
    root = Path(str(resources.files("scorekeeper")))
    for pattern in MODULES:
        for path in sorted(root.glob(pattern)):
            yield f"scorekeeper/{path.relative_to(root).as_posix()}", path.read_bytes()
    for library in LIBRARIES:
        dist = metadata.distribution(library)
        for file in sorted(dist.files or (), key=str):
            if file.suffix == ".py" and file.parts[0] == library:
                yield file.as_posix(), Path(str(dist.locate_file(file))).read_bytes()


def python_zip() -> bytes:
    """:func:`python_files` as one zip, the same bytes for the same sources."""
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zipped:
        for name, content in python_files():
            zipped.writestr(zipfile.ZipInfo(name, STAMP), content, zipfile.ZIP_DEFLATED)
    return packed.getvalue()


def contents(pyodide: Path) -> dict[str, bytes]:
    """Every file of the site but the service worker, by its path in the site."""
    here, web = resources.files(__package__), resources.files("scorekeeper.web")
    made = {name: here.joinpath(name).read_bytes() for name in SHELL}
    made.update({name: web.joinpath(name).read_bytes() for name in FROM_WEB})
    made.update({name: png(size) for name, size in ICONS.items()})
    made["manifest.webmanifest"] = manifest(None, "./", "")  # relative: the site moves
    made["scorekeeper.zip"] = python_zip()
    made.update({f"pyodide/{name}": (pyodide / name).read_bytes() for name in CORE})
    return made


def digest(made: dict[str, bytes]) -> str:
    """What names a build: a digest of its files, names and contents."""
    found = hashlib.sha256()
    for name in sorted(made):
        found.update(name.encode() + b"\0" + made[name])
    return found.hexdigest()[:16]


def stamped(made: dict[str, bytes]) -> None:
    """The page told which build it is (its Python's memory, kept by the phone after the first
    start to start faster, is of one build only)."""
    build = digest({name: content for name, content in made.items() if name != "index.html"})
    page = made["index.html"].decode("utf-8")
    made["index.html"] = page.replace('data-build=""', f'data-build="{build}"', 1).encode()


def service_worker(made: dict[str, bytes]) -> bytes:
    """The service worker: the cache named after what the site holds (a new build, a new
    cache), and the list of every file it keeps for the app to start with no network."""
    files = ["./", *sorted(made)]
    template = Template(resources.files(__package__).joinpath("sw.js").read_text("utf-8"))
    return template.substitute(version=digest(made), files=json.dumps(files, indent=1)).encode()


def build(target: Path, pyodide: Path) -> list[str]:
    """Write the site into ``target`` (made if need be; the files it holds of an earlier build
    replaced); the names of the files written."""
    made = contents(pyodide)
    stamped(made)
    made["sw.js"] = service_worker(made)
    target.mkdir(parents=True, exist_ok=True)
    if (target / "pyodide").is_dir():
        shutil.rmtree(target / "pyodide")
    for name, content in made.items():
        path = target / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    return sorted(made)


class Files(http.server.SimpleHTTPRequestHandler):
    """The site's files as a static host serves them (each with its type; nothing logged)."""

    extensions_map = {  # noqa: RUF012 (the class's own table, as http.server has it)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".json": "application/json",
        ".zip": "application/zip",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


def server(target: Path, port: int) -> http.server.ThreadingHTTPServer:
    """A server of the site in ``target`` on 127.0.0.1 (which browsers take for a secure
    origin, as they do https), at ``port`` (0: any free one)."""
    handler = functools.partial(Files, directory=str(target))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
