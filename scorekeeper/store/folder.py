"""What a store's ``matches`` folder holds, and the stamp that spares listing it.

Besides the match files (``3.json``), the folder may hold files another program left there:
the copies a sync tool makes when two machines changed one match (``3.sync-conflict-....json``,
``3 (conflicted copy).json``), or a match file copied in by hand under another name. A
:class:`Listing` names both, from one listing of the folder.

Listing a folder of 100,000 matches takes tens of milliseconds, too long for ``show`` and
``matches``, which want to know only whether anything but scorekeeper has touched the folder
since it was last listed. The :class:`Stamp` says that: the folder's identity (any file added,
removed or renamed in it gives the folder another one) when a full reading of it found every
match's summary row (:mod:`scorekeeper.store.summaries`) and these other files. A writer that
replaces a match file in place carries the stamp over to the folder as its change leaves it,
when the stamp held before the change. The stamp lives in the machine's cache directory,
where a sync tool does not copy it; it is derived, and a stamp that cannot be read or written
only means the folder is listed.
"""

# No ``from __future__ import annotations`` here: typing.NamedTuple compiles every annotation
# given as a string, which every command would pay for.

import json
import os
import re
from bisect import bisect_left
from collections.abc import Iterable
from operator import attrgetter, itemgetter
from typing import Any, NamedTuple

from scorekeeper.store.files import Identity, cannot_read_folder, identity

#: A match file's name: the match id in the digits 0-9 with no leading zero, then ``.json``. An
#: id has at most 18 digits (SQLite's whole numbers end at 2**63); a longer one is another file.
MATCH_NAME = r"(?:0|[1-9][0-9]{0,17})\.json"
MATCH_FILE = re.compile(MATCH_NAME)

#: A line that is not a match file's name.
NOT_A_MATCH_FILE = re.compile(rf"^(?!{MATCH_NAME}$)", re.MULTILINE)

#: A match file's id in digits, from its name: ``3`` of ``3.json``.
DIGITS = itemgetter(slice(0, -5))


class Listing(NamedTuple):
    """One listing of a store's folder of matches."""

    ids: list[int]
    """The ids of the match files, in order."""
    others: list[str]
    """The names of the other files, in order (the candidates for copies)."""


def listing(folder: str) -> Listing:
    """List a folder of matches (none if it is missing); raises OSError if it cannot be read."""
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return Listing([], [])
    ids, _files, others = parted(names)
    return Listing(ids, others)


def parted(names: list[str]) -> tuple[list[int], list[str], list[str]]:
    """The names of a folder of matches parted: the ids of the match files, their names in the
    same order (that of the ids), and the other names in order. In C where it can be: a folder
    may hold 100,000 matches."""
    names = sorted(names)
    names.sort(key=len)  # a match file's name has no leading zero: in the order of its id
    lines = "\n".join(names)
    files: list[str] = []
    others: list[str] = []
    if lines.count("\n") < len(names) and not NOT_A_MATCH_FILE.search(lines):
        files = names  # the usual folder: match files only, told in C
    else:  # another file too, or a name with a line break in it: each name on its own
        for name in names:
            (files if MATCH_FILE.fullmatch(name) else others).append(name)
        others.sort()
    return list(map(int, map(DIGITS, files))), files, others


#: How many match ids share a bucket: the summaries keep a digest of each bucket's file
#: identities, so that a change is found by comparing a bucket's rows, not every row.
BUCKET = 1024


#: The parts of a stat of a match file that any write changes (its identity but the device):
#: a bucket's digest hashes each part of its files in a row.
IDENTITY = [attrgetter(part) for part in ("st_ino", "st_size", "st_mtime_ns", "st_ctime_ns")]


class Survey(NamedTuple):
    """One pass over a folder of matches: its listing, and a digest of each bucket of its
    match files' identities."""

    ids: list[int]
    """The ids of the match files, in order."""
    others: list[str]
    """The names of the other files, in order."""
    buckets: dict[int, int]
    """Each bucket's digest (:data:`BUCKET` ids a bucket): a hash of its ids and its files'
    identities."""


def survey(folder: str) -> Survey:
    """Look at every file of a folder of matches once (none if it is missing): a stat of each
    match file, relative to the folder, its identity folded into its bucket's digest and not
    kept (a store of 100,000 matches takes about ten megabytes, not a hundred). The folder's
    device is the stamp's to say (:func:`folder_identity`). Raises OSError if it cannot be
    read."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except FileNotFoundError:
        return Survey([], [], {})
    try:
        ids, names, others = parted(os.listdir(fd))
        present: list[int] = []
        buckets = {}
        low = 0
        while low < len(ids):  # a bucket at a time: its files' stats taken and hashed in C
            bucket = ids[low] // BUCKET
            high = bisect_left(ids, (bucket + 1) * BUCKET, low)
            there, found = stats(fd, ids[low:high], names[low:high])
            if there:
                buckets[bucket] = hash((tuple(there), *[tuple(map(p, found)) for p in IDENTITY]))
            present += there
            low = high
    finally:
        os.close(fd)
    return Survey(present, others, buckets)


def stats(fd: int, ids: list[int], names: list[str]) -> tuple[list[int], list[os.stat_result]]:
    """A stat of each of these match files, relative to the folder open as ``fd``, and their
    ids: those still there."""
    stat = os.stat
    try:
        return ids, [stat(name, dir_fd=fd, follow_symlinks=False) for name in names]
    except FileNotFoundError:  # one gone since the folder was listed: each on its own
        there: tuple[list[int], list[os.stat_result]] = ([], [])
        for match_id, name in zip(ids, names):
            try:
                found = stat(name, dir_fd=fd, follow_symlinks=False)
            except FileNotFoundError:
                continue
            there[0].append(match_id)
            there[1].append(found)
        return there


def identities(folder: str, ids: Iterable[int]) -> list[tuple[int, Identity]]:
    """What each of these match files is now (those that are there), in order: a stat of each,
    relative to the folder."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return []
    found = []
    try:
        for match_id in sorted(ids):
            try:
                found.append((match_id, identity(os.stat(f"{match_id}.json", dir_fd=fd))))
            except OSError:
                continue  # gone since the folder was looked at
    finally:
        try:
            os.close(fd)
        except OSError as error:  # the folder's error, named, not the command's output's
            raise cannot_read_folder(folder, error) from None
    return found


def folder_identity(folder: str) -> Identity | None:
    """The folder's identity now (None if it cannot be looked at)."""
    try:
        return identity(os.stat(folder))
    except OSError:
        return None


class Stamp(NamedTuple):
    """What a full reading of the folder found, and the folder's identity then."""

    folder: Identity
    copies: list[tuple[str, int]]
    """The other files that read as match files: each name, and the id of the match it holds
    (the match it is a copy of, or another the store does not hold)."""
    check: list[int]
    """Matches scorekeeper changed or created since that were not open before: their rows
    are to be checked against their files (those of open matches always are)."""


def stamp_path(cache: str) -> str:
    return os.path.join(cache, "stamp.json")


def read_stamp(cache: str | None) -> Stamp | None:
    """The stamp kept for a store, if there is one that reads."""
    if cache is None:
        return None
    try:
        with open(stamp_path(cache), encoding="utf-8") as file:
            data: Any = json.load(file)
        return Stamp(
            str(data["folder"]),
            [(str(name), int(of)) for name, of in data["copies"]],
            [int(number) for number in data["check"]],
        )
    except (OSError, ValueError, TypeError, KeyError, OverflowError):
        return None


def write_stamp(cache: str | None, stamp: Stamp | None) -> None:
    """Keep this stamp for the store (None: forget it). Never fails: a stamp not kept only
    means the folder is listed again."""
    if cache is None:
        return
    path = stamp_path(cache)
    try:
        if stamp is None:
            os.unlink(path)
            return
        os.makedirs(cache, exist_ok=True)
        temporary = f"{path}.{os.getpid()}.tmp"
        with open(temporary, "w", encoding="utf-8") as file:
            json.dump(stamp._asdict(), file)
        os.replace(temporary, path)
    except OSError:
        pass


def valid(stamp: Stamp | None, folder: str) -> Stamp | None:
    """The stamp, if it still describes the folder as it is now."""
    if stamp is not None and stamp.folder == folder_identity(folder):
        return stamp
    return None
