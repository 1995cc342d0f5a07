"""The one door every message to a person goes through.

Messages are written in English and passed through :func:`_` (gettext style), so that
another language is a catalogue in ``scorekeeper/locale``, not a rewrite. Machine-readable
output (JSON, CSV) never goes through here.
"""

from __future__ import annotations

import gettext
from pathlib import Path

_catalogue = gettext.translation(
    "scorekeeper", localedir=Path(__file__).parent / "locale", fallback=True
)


def _(message: str) -> str:
    """Translate one message."""
    return _catalogue.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate one message whose form depends on the count ``n``."""
    return _catalogue.ngettext(singular, plural, n)
