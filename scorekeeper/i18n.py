"""The one door every message to a person goes through.

Messages are written in English and passed through :func:`_` (gettext style), so that
another language is a catalogue in ``scorekeeper/locale/<lang>/LC_MESSAGES/scorekeeper.mo``,
not a rewrite. Machine-readable output (JSON, CSV) never goes through here.

The language comes from ``SCOREKEEPER_LANG``, then the usual locale variables (LANGUAGE,
LC_ALL, LC_MESSAGES, LANG). English needs no catalogue, and gettext is only loaded when a
catalogue for the chosen language exists: recording a hand must start fast.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")
DOMAIN = "scorekeeper"


if TYPE_CHECKING:  # what a catalogue does; a class built only for the type checker
    from typing import Protocol

    class Catalogue(Protocol):
        def gettext(self, message: str) -> str: ...

        def ngettext(self, singular: str, plural: str, n: int) -> str: ...


class English:
    """The messages as written."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


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
    """The languages there are messages in: English and each shipped catalogue, sorted."""
    return sorted({language for language in os.listdir(LOCALE_DIR) if _shipped(language)} | {"en"})


def _shipped(language: str) -> bool:
    return os.path.exists(os.path.join(LOCALE_DIR, language, "LC_MESSAGES", f"{DOMAIN}.mo"))


def set_language(code: str | None) -> None:
    """Speak ``code`` (``de``, ``nl``, ``en``) from the next message on, in this process and the
    ones it starts (through ``SCOREKEEPER_LANG``); None goes back to the environment's choice.
    Either way the cached catalogue is forgotten."""
    global _catalogue
    if code is not None:
        os.environ["SCOREKEEPER_LANG"] = code
    _catalogue = None


def catalogue() -> Catalogue:
    """The catalogue of the first wanted language that has one, else English."""
    global _catalogue
    if _catalogue is None:
        _catalogue = English()
        for language in languages():
            if language in ("en", "c", "posix"):
                break
            if _shipped(language):
                import gettext

                _catalogue = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])
                break
    return _catalogue


def _(message: str) -> str:
    """Translate one message."""
    return catalogue().gettext(message)


def N_(message: str) -> str:
    """Mark a message for translation where it is defined; :func:`_` translates it when used."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate one message whose form depends on the count ``n``."""
    return catalogue().ngettext(singular, plural, n)
