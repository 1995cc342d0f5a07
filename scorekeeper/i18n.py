"""The one door every message to a person goes through.

Messages are written in English and passed through :func:`_` (gettext style), so that
another language is a catalogue in ``scorekeeper/locale/<lang>/LC_MESSAGES/scorekeeper.mo``,
not a rewrite. Where one English word means two things (``winner``: the heading of the match
list, and the rule that the winner of a hand deals next) each meaning has its context
(:func:`pgettext`), and so its own translation. Machine-readable output (JSON, CSV) never goes
through here.

The language comes from ``SCOREKEEPER_LANG``, then the usual locale variables (LANGUAGE,
LC_ALL, LC_MESSAGES, LANG). English needs no catalogue, and gettext is only loaded when a
catalogue for the chosen language exists: recording a hand must start fast. A catalogue that
does not yet translate every message of the template (``scorekeeper.pot``) is a draft: it is
listed (:func:`drafts`) but not offered, so that no one is asked to read half a language.

click's own messages (``Usage:``, ``Options``, its usage errors, ``[default: ...]``, a prompt's
``Error: ...``, ``Aborted!``) come through here too (:func:`speak_for_click`), from the same
catalogue.
"""

from __future__ import annotations

import errno
import functools
import os
import sys
from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING, NamedTuple

LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")
DOMAIN = "scorekeeper"


if TYPE_CHECKING:  # what a catalogue does; a class built only for the type checker
    from typing import Protocol

    class Catalogue(Protocol):
        def gettext(self, message: str) -> str: ...

        def ngettext(self, singular: str, plural: str, n: int) -> str: ...

        def pgettext(self, context: str, message: str) -> str: ...

        def npgettext(self, context: str, singular: str, plural: str, n: int) -> str: ...


class English:
    """The messages as written."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.ngettext(singular, plural, n)


_catalogue: Catalogue | None = None


def languages() -> list[str]:
    """The languages asked for, most wanted first, as two-letter codes (``de_DE.UTF-8`` ->
    ``de``)."""
    for variable in ("SCOREKEEPER_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            return [
                part.split(".")[0].split("_")[0].split("@")[0].lower()
                for part in value.split(":")
                if part
            ]
    return []


def available() -> list[str]:
    """The languages offered: English and each shipped catalogue that translates every message,
    sorted."""
    return sorted({language for language in os.listdir(LOCALE_DIR) if _complete(language)} | {"en"})


def drafts() -> list[str]:
    """The catalogues still being translated: shipped, not offered, sorted."""
    return sorted(
        language
        for language in os.listdir(LOCALE_DIR)
        if _shipped(language) and not _complete(language)
    )


def _mo_file(language: str) -> str:
    return os.path.join(LOCALE_DIR, language, "LC_MESSAGES", f"{DOMAIN}.mo")


def _shipped(language: str) -> bool:
    return os.path.exists(_mo_file(language))


@functools.cache
def _complete(language: str) -> bool:
    """Whether a language's catalogue is shipped and holds as many messages as the template
    (where the template is not shipped, every catalogue is taken as complete)."""
    import struct

    try:
        with open(_mo_file(language), "rb") as file:
            head = file.read(12)
    except OSError:
        return False
    order = "<" if head[:4] == b"\xde\x12\x04\x95" else ">"  # the magic number, little-endian
    return len(head) == 12 and struct.unpack(order + "I", head[8:12])[0] >= _messages()


@functools.cache
def _messages() -> int:
    """How many messages a complete catalogue holds, its header among them: as many as the
    template (``scorekeeper.pot``) has entries; 0 where it is not shipped."""
    try:
        with open(os.path.join(LOCALE_DIR, f"{DOMAIN}.pot"), "rb") as template:
            return template.read().count(b'\nmsgid "')  # a line's start: after a comment
    except OSError:
        return 0


def set_language(code: str | None) -> None:
    """Speak ``code`` (``de``, ``nl``, ``en``) from the next message on, in this process and the
    ones it starts (through ``SCOREKEEPER_LANG``); None goes back to the environment's choice.
    Either way the cached catalogue is forgotten."""
    global _catalogue
    if code is not None:
        os.environ["SCOREKEEPER_LANG"] = code
    _catalogue = None
    speak_for_click()


def language() -> str:
    """The language the messages are in: the first wanted language that has a catalogue, else
    English (``en``)."""
    for wanted in languages():
        if wanted in ("en", "c", "posix"):
            break
        if _complete(wanted):
            return wanted
    return "en"


def catalogue() -> Catalogue:
    """The catalogue of :func:`language` (none for English)."""
    global _catalogue
    if _catalogue is None:
        code = language()
        if code == "en":
            _catalogue = English()
        else:
            import gettext

            _catalogue = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    return _catalogue


def _(message: str) -> str:
    """Translate one message."""
    return catalogue().gettext(message)


def N_(message: str) -> str:
    """Mark a message for translation where it is defined; :func:`_` translates it when used."""
    return message


def unwrapped(help: str) -> str:
    r"""A command's or an option's help (cleaned, as ``inspect.cleandoc`` makes it) as the
    catalogue holds it: each paragraph's lines joined by single spaces, and a paragraph that
    starts with click's no-rewrap marker (a line ``\b``: an example's command lines) kept line
    for line. So re-wrapping a docstring keeps its translation; click wraps the help to the
    terminal anyway.

    >>> unwrapped("Record a knock:\nPLAYER knocked.\n\n\b\nExample:\n  scorekeeper knock")
    'Record a knock: PLAYER knocked.\n\n\x08\nExample:\n  scorekeeper knock'
    """
    paragraphs: list[list[str]] = [[]]
    for line in help.splitlines():
        if line.strip():
            paragraphs[-1].append(line)
        elif paragraphs[-1]:
            paragraphs.append([])
    return "\n\n".join(_joined(lines) for lines in paragraphs if lines)


def _joined(lines: list[str]) -> str:
    """A paragraph of help as one line (indented as its first line is), or, after click's
    no-rewrap marker, as it is."""
    if lines[0].strip() == "\b":
        return "\n".join(lines)
    indent = lines[0][: len(lines[0]) - len(lines[0].lstrip())]
    return indent + " ".join(line.strip() for line in lines)


class Marked(NamedTuple):
    """A message and its context, as :func:`NP_` marks them where they are defined."""

    context: str
    message: str


def NP_(context: str, message: str) -> Marked:
    """Mark a message and its context where they are defined (:func:`N_` for :func:`pgettext`);
    ``pgettext(*marked)`` translates it when used."""
    return Marked(context, message)


def pgettext(context: str, message: str) -> str:
    """Translate one message meant in ``context`` (``pgettext("next dealer", "winner")``): an
    English word with two meanings is two messages, each translated for its meaning."""
    return catalogue().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` for a message meant in ``context``."""
    return catalogue().npgettext(context, singular, plural, n)


#: The months, to translate with ``_`` where a day is written.
MONTHS = (
    N_("January"),
    N_("February"),
    N_("March"),
    N_("April"),
    N_("May"),
    N_("June"),
    N_("July"),
    N_("August"),
    N_("September"),
    N_("October"),
    N_("November"),
    N_("December"),
)


#: The words of the system's commonest errors, by their errno name, to translate with ``_``
#: (in English the C library's own words).
SYSTEM_ERRORS = {
    "ENOENT": N_("No such file or directory"),
    "EACCES": N_("Permission denied"),
    "EPERM": N_("Operation not permitted"),
    "ENOSPC": N_("No space left on device"),
    "EDQUOT": N_("Disk quota exceeded"),
    "EROFS": N_("Read-only file system"),
    "EISDIR": N_("Is a directory"),
    "ENOTDIR": N_("Not a directory"),
    "EEXIST": N_("File exists"),
    "ENAMETOOLONG": N_("File name too long"),
    "ELOOP": N_("Too many levels of symbolic links"),
    "EBUSY": N_("Device or resource busy"),
    "EIO": N_("Input/output error"),
    "EMFILE": N_("Too many open files"),
    "ENFILE": N_("Too many open files in system"),
}


def system_error(error: OSError) -> str:
    """What the system said went wrong, in the language: the words of :data:`SYSTEM_ERRORS`
    for the common errors, the system's own (in English) for the rest.

    >>> system_error(FileNotFoundError(errno.ENOENT, "No such file or directory"))
    'No such file or directory'
    """
    words = SYSTEM_ERRORS.get(errno.errorcode.get(error.errno or 0, ""))
    return _(words) if words else error.strerror or str(error)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate one message whose form depends on the count ``n``."""
    return catalogue().ngettext(singular, plural, n)


def speak_for_click() -> None:
    """Let click say what it says in the chosen language, from this module's catalogue.

    click marks its messages for gettext: each of its modules calls ``_`` and ``ngettext``
    imported from :mod:`gettext`, which look in the catalogue of the program's default domain.
    Those two names of every click module loaded are pointed at :func:`_` and
    :func:`ngettext` here, so click speaks the language chosen here, from the moment it is
    chosen (``--lang`` is read after click has built its messages' functions, but before it
    says anything), and plain English when English is chosen. Idempotent; a click module
    loaded later (``click.shell_completion`` when a shell asks for completions) is caught by
    the next call (:func:`set_language` calls it). The catalogue holds click's messages:
    ``scorekeeper/locale/extract.py`` takes them from the installed click.
    """
    import gettext

    for name in _click_modules():
        if (module := sys.modules.get(name)) is not None:
            if getattr(module, "_", None) is gettext.gettext:
                module._ = _  # type: ignore[attr-defined]
            if getattr(module, "ngettext", None) is gettext.ngettext:
                module.ngettext = ngettext  # type: ignore[attr-defined]


@functools.cache
def _click_modules() -> tuple[str, ...]:
    """The names of click's modules, loaded or not (its folder is listed once: looking through
    every loaded module on each call costs more); none where there is no click (the phone
    app's Python has none)."""
    try:
        import click
    except ImportError:
        return ()

    folder = os.path.dirname(click.__file__)
    found = (name[:-3] for name in os.listdir(folder) if name.endswith(".py"))
    return ("click", *(f"click.{name}" for name in found if name != "__init__"))


#: How many characters of a name or a path a message quotes.
QUOTED = 40


class Quoted:
    r"""A name or a path that a person typed or a file holds, as a message shows it: each
    character a terminal would take as an instruction (a newline, an escape sequence) written
    as its escape, and a long one cut to :data:`QUOTED` characters with its length said, so
    that the message stays one short line. ``{name!r}`` shows it in quotes, ``{path}``
    without; a path keeps its end (the file's name) and its start.

    >>> print("{0!r} and {1}".format(Quoted("Ann"), Quoted("a\nb.json", path=True)))
    'Ann' and a\nb.json
    >>> print(repr(Quoted("A" * 10_000)))
    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…' (10,000 characters)
    """

    def __init__(self, text: object, path: bool = False) -> None:
        text = str(text)
        escaped = escape(text)
        self.length = ""
        if len(escaped) > QUOTED:
            head = QUOTED // 3 if path else QUOTED - 1
            tail = QUOTED - 1 - head
            escaped = escaped[:head] + "…" + (escaped[-tail:] if tail else "")
            self.length = " " + _("({n} characters)").format(n=number(len(text)))
        self.shown = escaped

    def __repr__(self) -> str:
        return f"'{self.shown}'{self.length}"

    def __str__(self) -> str:
        return self.shown + self.length

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def escape(text: str) -> str:
    r"""Text with each character a terminal would take as an instruction written as its
    escape (``\n``, ``\x1b``): what a message shows of a path, whole.

    >>> print(escape("a\x1b[2Jb\nc"))
    a\x1b[2Jb\nc
    """
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def quoted(text: object) -> str:
    """A name in quotes, as a message shows it (see :class:`Quoted`)."""
    return repr(Quoted(text))


def number(value: int) -> str:
    """A whole number as the language writes it: ``10,000``, ``10.000``."""
    return f"{value:,}".replace(",", _(","))


def decimal(value: float) -> str:
    """A number to one place as the language writes it: ``21.4``, ``21,4``."""
    units, tenths = f"{value:.1f}".split(".")
    return _("{units}.{tenths}").format(units=units, tenths=tenths)


def day(when: date) -> str:
    """A day as the language writes it: ``2 December 2026``, ``2. Dezember 2026``.

    >>> day(date(2026, 12, 2))
    '2 December 2026'
    """
    return _("{day} {month} {year}").format(
        day=when.day, month=_(MONTHS[when.month - 1]), year=when.year
    )


def either(choices: Sequence[str]) -> str:
    """``a, b or c`` (``a`` alone, or ``-`` for none), in the language."""
    if len(choices) < 2:
        return "".join(choices) or "-"
    return _("{some} or {last}").format(some=", ".join(choices[:-1]), last=choices[-1])


def together(items: Sequence[str]) -> str:
    """``a, b and c`` (``a`` alone), in the language."""
    if len(items) < 2:
        return "".join(items)
    return _("{some} and {last}").format(some=", ".join(items[:-1]), last=items[-1])
