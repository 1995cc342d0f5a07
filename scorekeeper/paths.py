"""Where things live on this machine: the default store and the cache of derived figures.

Both follow platformdirs (the conventions of each operating system). Importing platformdirs
costs a command more than all of scorekeeper's own modules, so on Linux, with a plain absolute
``HOME`` and ``XDG_*`` variables, its rule is spelled out here (a test holds the two to the same
answer); anything else is left to platformdirs.
"""

from __future__ import annotations

import os
import sys


def _xdg(variable: str, fallback: str) -> str | None:
    """``$variable/scorekeeper``, else ``~/fallback/scorekeeper``, as platformdirs has it on
    Linux; None where that rule is not the one to follow."""
    home, given = os.environ.get("HOME", ""), os.environ.get(variable, "")
    if sys.platform != "linux" or not os.path.isabs(home) or (given and not os.path.isabs(given)):
        return None
    return os.path.join(given or os.path.join(home, fallback), "scorekeeper")


def default_store() -> str:
    """The store in the user's data directory (on Linux ``$XDG_DATA_HOME/scorekeeper``, else
    ``~/.local/share/scorekeeper``)."""
    found = _xdg("XDG_DATA_HOME", os.path.join(".local", "share"))
    if found is not None:
        return found
    import platformdirs

    return platformdirs.user_data_dir("scorekeeper", appauthor=False)


def cache_home() -> str:
    """The user's cache directory for scorekeeper (on Linux ``$XDG_CACHE_HOME/scorekeeper``,
    else ``~/.cache/scorekeeper``): derived data that a sync tool does not copy between
    machines, and that can be thrown away at any time."""
    found = _xdg("XDG_CACHE_HOME", ".cache")
    if found is not None:
        return found
    import platformdirs

    return platformdirs.user_cache_dir("scorekeeper", appauthor=False)


def expand(path: str) -> str:
    """A store's path as given (``--db``, ``SCOREKEEPER_DB``), with a ``~`` at its start
    expanded as a shell would: ``~/gin`` and ``~ann/gin``.

    >>> import os; expand("~/gin") == os.path.join(os.path.expanduser("~"), "gin")
    True
    """
    return os.path.expanduser(path) if path.startswith("~") else path
