"""Derived summaries of the finished matches: what ``matches`` lists and ``stats`` adds up.

They spare reading years of matches, and are never trusted beyond what can be shown: a file is
stamped with the version of the code that derived it, and each row with the inode of the match
file it was derived from. Every change of a match is a new file renamed into place, so a row
whose match file has another inode now is stale and ignored. A cache file that is missing,
damaged, of the wrong shape or from another version holds no rows. Whoever finds a row missing
works it out from the match and writes the cache again under the lock (if the lock is free at
once); a cache that cannot be written is left as it is, never a reason for a command to fail.

The writer of a change also keeps them: before it changes a match that may have rows, it takes
those rows out (so that a kill or an error between the two files never leaves a row that an
inode used again could make look fresh), and after the change it adds the rows of the matches
that are finished now.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from itertools import chain
from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper import __version__
from scorekeeper.engine import Scoresheet
from scorekeeper.store.files import FileStorage, StoreError
from scorekeeper.store.records import Match, are_names

if TYPE_CHECKING:
    pass

#: The code that derives the rows: a cache from any other version is derived again.
VERSION = f"{__version__}/cache-3"

Row = tuple[Any, ...]
Columns = dict[str, list[Any]]


def _figures(match: Match, sheet: Scoresheet) -> Row:
    """A finished match's figures for ``stats``, and whom each played against (imported only
    when a match ends)."""
    from scorekeeper.stats import played

    return tuple(played(sheet))


def _summary_columns_hold(columns: Columns) -> bool:
    players, started, hands, winners, uuids = (columns[f] for f in INDEX.fields)
    # Each column's types gathered in one pass (in C): a store of years holds thousands.
    return (
        set(map(type, players)) <= {list}
        and set(map(len, players)) <= {2, 3}
        and set(map(type, started)) <= {str}
        and set(map(type, hands)) <= {int}
        and set(map(type, chain.from_iterable(players))) <= {str}
        and set(map(type, winners)) <= {str, type(None)}
        and set(map(type, uuids)) <= {str}
        # A household has a few names: each checked once.
        and are_names(list(set(chain.from_iterable(players)) | set(winners) - {None}))
    )


def _figures_columns_hold(columns: Columns) -> bool:
    from scorekeeper.stats import FIELDS

    return all(
        isinstance(kept, dict)
        and len(kept) >= 2
        and are_names(list(kept))
        and all(
            isinstance(f, dict) and all(type(f.get(k)) is int for k in FIELDS)
            for f in kept.values()
        )
        and isinstance(against, dict)
        and against.keys() == kept.keys()
        and all(isinstance(names, list) and set(names) <= kept.keys() for names in against.values())
        for kept, against in zip(columns["figures"], columns["opponents"])
    )


class Derived(NamedTuple):
    """A cache file: its name, what it keeps of each finished match, how that is worked out
    from the match, and whether columns read from the file are of that shape."""

    name: str
    fields: tuple[str, ...]
    row: Callable[[Match, Scoresheet], Row]
    holds: Callable[[Columns], bool]


#: The summary ``matches`` lists for each finished match.
INDEX = Derived(
    "index.json",
    ("players", "started", "hands", "winner", "uuid"),
    lambda match, sheet: (
        list(match.players),
        match.created,
        sheet.hands_played(),
        sheet.winner,
        match.uuid,
    ),
    _summary_columns_hold,
)
#: The figures ``stats`` adds up for each finished match, and each player's opponents.
FIGURES = Derived("figures.json", ("figures", "opponents"), _figures, _figures_columns_hold)
CACHES = (INDEX, FIGURES)

#: The table of a cache file holding its one document of columns.
COLUMNS = "columns"


class Cache:
    """One cache file of a store: rows keyed by match id, each with its match file's inode."""

    def __init__(self, root: str, temp_dir: str, derived: Derived) -> None:
        self.derived = derived
        self.storage = FileStorage(os.path.join(root, derived.name), temp_dir)

    def columns(self) -> Columns:
        """The file's columns: ``ids``, ``inodes`` and a list per field, in step; all empty if
        the file is missing, damaged, of the wrong shape or from another version."""
        fields = ("ids", "inodes", *self.derived.fields)
        try:
            data = self.storage.read() or {}
        except StoreError:
            data = {}
        columns = data.get(COLUMNS, {}).get("1", {})
        ids = columns.get("ids")
        if (
            columns.get("version") != VERSION
            or type(ids) is not list
            or not all(type(columns.get(f)) is list and len(columns[f]) == len(ids) for f in fields)
            or set(map(type, chain(ids, columns["inodes"]))) - {int}
            or len(set(ids)) != len(ids)
            or not self.derived.holds(columns)
        ):
            return {field: [] for field in fields}
        return {field: columns[field] for field in fields}

    def read(self) -> dict[int, tuple[int, Row]]:
        """Every row the file holds, by match id: ``(inode, row)``."""
        columns = self.columns()
        return dict(
            zip(
                columns["ids"],
                zip(columns["inodes"], zip(*(columns[f] for f in self.derived.fields))),
            )
        )

    def fresh(self, files: Mapping[int, int]) -> dict[int, Row]:
        """The rows that still hold: those of the match files as they are now (``files``: each
        match file's inode by match id)."""
        columns = self.columns()
        ids, inodes = columns["ids"], columns["inodes"]
        rows = zip(*(columns[f] for f in self.derived.fields))
        if list(map(files.get, ids)) == inodes:  # every row holds (the usual case, in C)
            return dict(zip(ids, rows))
        return {
            match_id: row
            for match_id, inode, row in zip(ids, inodes, rows)
            if files.get(match_id) == inode
        }

    def write(self, rows: Mapping[int, tuple[int, Row]]) -> None:
        """Write these rows as the whole file (raises StoreError if it cannot be written)."""
        ids = sorted(rows)
        columns: dict[str, Any] = {
            "version": VERSION,
            "ids": ids,
            "inodes": [rows[i][0] for i in ids],
        }
        for position, field in enumerate(self.derived.fields):
            columns[field] = [rows[i][1][position] for i in ids]
        self.storage.write({COLUMNS: {"1": columns}})

    def without(self, match_ids: set[int]) -> None:
        """Take out the rows of these matches (or, if the file cannot be written, the whole
        file), so that no row of theirs can outlive a change; never fails."""
        rows = self.read()
        if match_ids.isdisjoint(rows):
            return
        try:
            self.write({i: row for i, row in rows.items() if i not in match_ids})
        except StoreError:
            try:
                os.unlink(self.storage.path)
            except OSError:
                pass

    def add(
        self, found: Mapping[int, tuple[int, Row]], files: Mapping[int, int] | None = None
    ) -> None:
        """Add rows worked out from match files (``found``: inode and row by match id); with
        ``files``, also drop the rows no longer fresh. Never fails: a row not written is worked
        out again by the next reader."""
        rows = self.read()
        if files is not None:
            rows = {i: kept for i, kept in rows.items() if files.get(i) == kept[0]}
        rows.update(found)
        try:
            self.write(rows)
        except StoreError:
            pass
