"""The store: the facts of every match, kept on disk with TinyDB, one commit point per change.

Layout of a store directory (``--db PATH``)::

    PATH/matches/<id>.json  one TinyDB file per match: players, rules, first dealer, every hand,
                            the changes made to the match (abandoned, a player renamed)
    PATH/deleted/<id>.json  the files of the matches deleted, as they were, until restored
    PATH/resolved/          the copies ``resolve`` set aside, as they were
    PATH/store.json         the match chosen with ``use`` (and the newest match then, and the
                            match current should the chosen one be deleted)
    PATH/tmp/               new versions of files, until they are renamed into place

Only facts are stored (hands as entered, voided and replaced ones kept and marked); every total
is derived by the engine. Each command's change becomes true in one step: a match's file (or,
for ``use``, ``store.json``) is replaced whole by a rename, or (``delete``, ``restore``) moved
between ``matches`` and ``deleted`` by a rename, and nothing else is a fact (an import of
several files takes one such step per file). The current match is the one ``use`` chose,
unless a match newer than the newest one then exists: ``new`` and ``import`` create a match
file and nothing more, so they too are one step, and a kill at any moment leaves one answer to
"which match is current". ``delete`` of the current match names in ``store.json`` the match
current once it is gone (the newest still being played), which says nothing new while it is
there: the move alone makes the change. Ids are never given out twice: a new match's id
follows the highest one given out, a deleted match's too.

What is derived from the matches (the summaries ``matches`` and ``stats`` read, and the stamp
that spares listing the folder) is kept in the machine's cache directory, never in the store
(:mod:`~scorekeeper.store.summaries`, :mod:`~scorekeeper.store.folder`): it is checked against
each file as it is now, and never a reason for a command to fail.

Writers take turns under the store's lock; readers take no lock, since a rename never shows
them half a file.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from scorekeeper.facts import check_keys
from scorekeeper.i18n import _, system_error
from scorekeeper.match import Match
from scorekeeper.store import files, folder, records
from scorekeeper.store.files import (
    DELETED,
    MATCHES,
    OLD_SUMMARIES,
    POINTER_SCHEMA,
    SCHEMA,
    Identity,
    MatchMissing,
    Missing,
    NotAFolder,
    Pointer,
    StoreError,
    Unwritable,
    damaged,
)
from scorekeeper.store.records import Opened
from scorekeeper.store.writer import Writer

if TYPE_CHECKING:
    import sqlite3

    from scorekeeper.store.conflicts import Copy
    from scorekeeper.store.summaries import Progress, Read, Summaries

__all__ = [
    "SCHEMA",
    "MatchMissing",
    "Missing",
    "NotAFolder",
    "Pointer",
    "Store",
    "StoreError",
    "Unwritable",
    "Writer",
]


def match_numbers(path: str, doc: dict[str, Any], keys: tuple[str, ...]) -> list[int]:
    """The match numbers a document of ``store.json`` holds under ``keys``, checked."""
    try:
        check_keys(doc, keys, (), _("its current match"), complete=True)
    except ValueError as error:
        raise damaged(path, str(error)) from None
    numbers = [doc[key] for key in keys]
    if any(type(n) is not int or n < 1 for n in numbers):
        raise damaged(
            path,
            _("its current match is {value!r}, not a match number").format(value=doc["current"]),
        )
    return numbers


def unknown(error: StoreError) -> None:
    """A file beside the match files that is no copy because it is not a match file (or one
    this user may not read: a sync tool's own); raises the error if an I/O error kept it from
    being read, for then it may well be a copy."""
    if isinstance(error, files.Unreadable) and not error.denied:
        raise error


class Store:
    """A store directory: read matches without a lock, change them through :meth:`writing`."""

    def __init__(self, root: str | os.PathLike[str], lock_timeout: float = 5.0) -> None:
        self.root = os.fspath(root)
        self.lock_timeout = lock_timeout
        self.temp_dir = self.path("tmp")
        self.commits = 0
        """How many changes have become true through this store in this process (an error
        after one must say so)."""
        self.unconfirmed: list[str] = []
        """Files changed whose folder could not be flushed to disk afterwards."""
        self._cache: str | None = None

    @property
    def committed(self) -> bool:
        """Whether a change has become true through this store in this process."""
        return self.commits > 0

    def path(self, *parts: str) -> str:
        return os.path.join(self.root, *parts)

    def match_file(self, match_id: int, where: str = MATCHES) -> str:
        return self.path(where, f"{match_id}.json")

    def _check_root(self) -> None:
        if os.path.exists(self.root) and not os.path.isdir(self.root):
            raise NotAFolder(self.root)

    def cache(self) -> str | None:
        """The folder of what this machine derives from the store (its summaries and stamp),
        in the user's cache directory; None while the store does not exist.

        It is named by the store's folder (its name, device and inode): two stores never share
        one, and a store renamed or moved keeps its own."""
        if self._cache is None:
            self._cache = self._cache_folder()
        return self._cache

    def _cache_folder(self) -> str | None:
        try:
            found = os.stat(self.root)
        except OSError:
            return None
        from scorekeeper.paths import cache_home

        name = os.path.basename(os.path.realpath(self.root))
        name = "".join(c if c.isascii() and (c.isalnum() or c in "._-") else "_" for c in name)
        return os.path.join(
            cache_home(), "stores", f"{name[:40]}-{found.st_dev:x}-{found.st_ino:x}"
        )

    # Reading

    def pointer(self) -> Pointer | None:
        """What ``store.json`` says (None where there is none)."""
        path = self.path("store.json")
        db, staged = records.open_file(path, self.temp_dir)
        state = db.table("store").get(doc_id=1)
        if state is None:
            return None
        schema = (staged.data or {}).get("meta", {}).get("1", {}).get("schema")
        keys = ("current", "newest") if type(schema) is int and schema >= POINTER_SCHEMA else None
        found = match_numbers(path, dict(state), keys or ("current",))
        fallback = db.table("fallback").get(doc_id=1)
        return Pointer(
            found[0],
            found[1] if keys else None,
            None if fallback is None else match_numbers(path, dict(fallback), ("current",))[0],
        )

    def current_id(self) -> int | None:
        """The current match: the one ``use`` chose, or the newest one if it was made later;
        should the one chosen have been deleted since, the fallback ``delete`` named."""
        self._check_root()
        pointer = self.pointer()
        if pointer is None:
            return max(self.match_ids(), default=None)
        if pointer.newest is not None and self.has(pointer.newest + 1):  # ids are given in order
            return max(self.match_ids())
        if pointer.fallback is not None and not self.has(pointer.chosen):
            return pointer.fallback
        return pointer.chosen

    def latest_open(self, besides: int) -> int | None:
        """The match still being played (neither finished nor abandoned) that was made last,
        ``besides`` left out; None if there is none."""
        with self.summaries() as summaries:
            open_ids = summaries.to_list(0)[0]
        return max((found for found in open_ids if found != besides), default=None)

    def has(self, match_id: int) -> bool:
        """Whether the store holds this match (without listing every match); raises
        StoreError if its folder cannot be read."""
        return files.present(self.match_file(match_id))

    def identity(self, match_id: int) -> Identity | None:
        """What the match's file is now, without reading it (see
        :func:`~scorekeeper.store.files.identity`): any change gives another; None if there is
        no file to look at."""
        try:
            return files.identity(os.stat(self.match_file(match_id)))
        except OSError:
            return None

    def listing(self, where: str = MATCHES) -> folder.Listing:
        """One listing of a folder of the store: its match files and the other files."""
        self._check_root()
        try:
            return folder.listing(self.path(where))
        except OSError as error:
            raise files.cannot_read_folder(self.path(where), error) from None

    def match_ids(self) -> list[int]:
        return self.listing().ids

    def deleted_ids(self) -> list[int]:
        """The matches deleted (kept aside in ``deleted/``)."""
        return self.listing(DELETED).ids

    def last_id(self) -> int | None:
        """The highest id given out so far, a deleted match's too (none is given out twice)."""
        return max([*self.match_ids(), *self.deleted_ids()], default=None)

    def load(self, match_id: int, where: str = MATCHES) -> Match:
        """The match with this id (from ``where``: ``deleted`` for a deleted one); raises
        StoreError if there is none or it is damaged."""
        return self.read_match(match_id, where).match

    def read_match(self, match_id: int, where: str = MATCHES) -> Opened:
        """A match's file, read once and checked as strictly as an import."""
        self._check_root()
        path = self.match_file(match_id, where)
        if not files.present(path):
            if where == DELETED:
                raise MatchMissing(match_id, Missing.NOT_DELETED)
            if files.present(self.match_file(match_id, DELETED)):
                raise MatchMissing(match_id, Missing.DELETED)
            known = len(self.match_ids())
            raise MatchMissing(match_id, Missing.ELSEWHERE if known else Missing.NONE_YET, known)
        return records.read(path, self.temp_dir, match_id)

    def read_file(self, path: str) -> Opened:
        """The match a file of the store holds under another name (a copy), with its own id."""
        return records.read(path, self.temp_dir, None)

    def _read_for_summary(self, match_id: int) -> Read | None:
        """A match file as the summaries read it (None: it is gone)."""
        from scorekeeper.store.summaries import Read

        if not self.has(match_id):
            return None
        opened = self.read_match(match_id)
        return None if opened.identity is None else Read(opened.match, opened.identity)

    # What is derived from the matches

    def summaries(self, progress: Progress | None = None) -> Summaries:
        """The summaries of every match, each row checked against its file as it is now (one
        stat of every file), those of changed files worked out again; the folder's stamp is
        renewed on the way."""
        import sqlite3

        from scorekeeper.store.summaries import RACY, now_ns

        self._check_root()
        cache, matches = self.cache(), self.path(MATCHES)
        before = folder.folder_identity(matches)
        try:
            survey = folder.survey(matches)
        except OSError as error:
            raise files.cannot_read_folder(matches, error) from None
        summaries = self._summaries(cache)
        for _attempt in range(2):
            now = now_ns()
            try:
                stale = summaries.stale(survey, lambda ids: folder.identities(matches, ids), now)
                summaries.work_out(stale, self._read_for_summary, now, progress)
                summaries.settle(survey, now)
                break
            except sqlite3.Error:  # the cache failed: every row is worked out in memory
                summaries = summaries.in_memory()
                summaries.recover = self._worked_out_in_memory
        if before is not None and int(before.rsplit(" ", 1)[1]) < now_ns() - RACY:
            copies = self.copies(survey.others)
            folder.write_stamp(cache, folder.Stamp(before, copies, []))
        return summaries

    def _summaries(self, cache: str | None) -> Summaries:
        """The summaries kept for this store (in memory where they cannot be kept), able to
        work every row out anew in memory should the cache fail to answer."""
        from scorekeeper.store.summaries import Summaries

        summaries = Summaries.open(cache)
        summaries.recover = self._worked_out_in_memory
        return summaries

    def _worked_out_in_memory(self) -> sqlite3.Connection:
        from scorekeeper.store.summaries import Summaries, now_ns

        fresh = Summaries.open(None)
        fresh.work_out(self.match_ids(), self._read_for_summary, now_ns())
        return fresh.db

    def to_list(self, latest: int) -> tuple[list[int], list[int], int, Summaries]:
        """What ``matches`` lists (the open matches, the ``latest`` most recent others, how
        many others come before them) from the summaries, with the rows listed checked against
        their files. The folder is listed and every file looked at only when something other
        than scorekeeper changed the folder since the last time (its stamp no longer holds)."""
        import sqlite3

        from scorekeeper.store.summaries import now_ns

        self._check_root()
        cache = self.cache()
        summaries = self._summaries(cache)  # summaries made anew take the stamp away
        stamp = folder.valid(folder.read_stamp(cache), self.path(MATCHES))
        if stamp is None:
            summaries.close()
            summaries = self.summaries()
            return (*summaries.to_list(latest), summaries)
        checked: set[int] = set()
        while True:  # a row worked out again may move from the open to the others: list again
            listed = summaries.to_list(latest)
            ids = sorted({*listed[0], *listed[1], *stamp.check} - checked)
            if not ids:
                break
            found = folder.identities(self.path(MATCHES), ids)
            if len(found) < len(ids):  # a file gone: the stamp was wrong after all
                summaries.close()
                folder.write_stamp(cache, None)
                return self.to_list(latest)
            checked.update(ids)
            try:
                now = now_ns()
                summaries.work_out(summaries.stale_among(found, now), self._read_for_summary, now)
            except sqlite3.Error:  # the cache failed: the long way, in memory
                summaries.close()
                summaries = self.summaries()
                return (*summaries.to_list(latest), summaries)
        if stamp.check:
            folder.write_stamp(cache, folder.valid(stamp._replace(check=[]), self.path(MATCHES)))
        return (*listed, summaries)

    def copies(self, others: Sequence[str] | None = None) -> list[tuple[str, int]]:
        """The files among the other files of ``matches`` (default: as the stamp or a listing
        says) that read as match files: each name, and the id of the match it holds."""
        if others is None:
            stamp = folder.valid(folder.read_stamp(self.cache()), self.path(MATCHES))
            if stamp is not None:
                return stamp.copies
            others = self.listing().others
        found = []
        for name in others:
            try:
                found.append((name, self.read_file(self.path(MATCHES, name)).match.id))
            except StoreError as error:
                unknown(error)  # not a match file (a sync tool's own file, say): not a copy
        return found

    def conflicts(self, only: int | None = None) -> list[Copy]:
        """The copies beside the match files (of match ``only``, or all), each compared with
        the store's match of the same uuid (see :mod:`~scorekeeper.store.conflicts`)."""
        from scorekeeper.store.conflicts import Copy, case_of

        uuids = self.uuids()
        found = []
        for name in self.listing().others:
            try:
                copy = self.read_file(self.path(MATCHES, name)).match
            except StoreError as error:
                unknown(error)
                continue  # not a match file: a sync tool's own file, say
            held, deleted = uuids.get(copy.uuid, (None, False))
            if only is not None and only not in (copy.id, held):
                continue
            store_match = None if held is None else self.load(held, DELETED if deleted else MATCHES)
            found.append(Copy(name, copy, case_of(copy, store_match, deleted), held))
        return found

    def deleted(self) -> list[Match]:
        """Every deleted match (read from its file: they are few)."""
        return [self.load(match_id, DELETED) for match_id in self.deleted_ids()]

    def uuids(self) -> dict[str, tuple[int, bool]]:
        """Every match by its uuid: its id, and whether it is deleted (the lowest id, should
        two matches have one uuid)."""
        found: dict[str, tuple[int, bool]] = {}
        with self.summaries() as summaries:
            for uuid, match_id in summaries.uuids():
                found.setdefault(uuid, (match_id, False))
        for match in self.deleted():
            found.setdefault(match.uuid, (match.id, True))
        return found

    def verify(self) -> tuple[int, list[str]]:
        """Read every file as the commands would. Returns the number of matches and the
        problems found; changes nothing."""
        problems = []
        try:
            self.current_id()
        except StoreError as error:
            problems.append(str(error))
        match_ids = set(self.match_ids())
        for match_id in self.deleted_ids():
            if match_id in match_ids:
                problems.append(
                    _(
                        "{path}: match {id} is both in the store and among the deleted "
                        "matches; move one of the two files out of the store."
                    ).format(path=self.match_file(match_id, DELETED), id=match_id)
                )
            try:
                self.load(match_id, DELETED)
            except StoreError as error:
                problems.append(str(error))
        for match_id in sorted(match_ids):
            try:
                self.load(match_id)
            except StoreError as error:
                problems.append(str(error))
        return len(match_ids), problems

    # Writing

    @contextmanager
    def writing(self) -> Iterator[Writer]:
        """Hold the store's lock; what the writer staged becomes true when the block succeeds."""
        self._check_root()
        self.make_folders(self.root, link_ok=True)
        with files.locked(self.root, self.lock_timeout):
            self.make_folders(self.path(MATCHES), self.temp_dir)
            files.remove_leftovers(self.temp_dir)
            for name in OLD_SUMMARIES:
                files.remove_derived(self.path(name))
            writer = Writer(self)
            writer.upgrade_pointer()
            yield writer
            writer.commit()
            writer.tidy()

    def make_folders(self, *paths: str, link_ok: bool = False) -> None:
        """Make sure the store's folders exist, as folders of its own."""
        try:
            for path in paths:
                files.own_folder(path, link_ok)
        except OSError as error:
            raise Unwritable(
                _("Cannot write to the store {path}: {reason}. Check its permissions.").format(
                    path=self.root, reason=system_error(error)
                ),
                error,
            ) from None
