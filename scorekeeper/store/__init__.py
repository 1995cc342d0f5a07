"""The store: the facts of every match, kept on disk with TinyDB, one commit point per change.

Layout of a store directory (``--db PATH``)::

    PATH/matches/<id>.json  one TinyDB file per match: players, rules, first dealer, every hand
    PATH/store.json         the match chosen with ``use`` (and the newest match then)
    PATH/index.json         derived: a summary of each finished match, for ``matches``
    PATH/figures.json       derived: each finished match's figures, for ``stats``
    PATH/tmp/               new versions of files, until they are renamed into place

Only facts are stored (hands as entered, voided and replaced ones kept and marked); every total
is derived by the engine. Each command's change becomes true in one step: a match's file (or,
for ``use``, ``store.json``) is replaced whole by a rename, and nothing else is a fact. The
current match is the one ``use`` chose, unless a match newer than the newest one then exists:
``new`` and ``import`` create a match file and nothing more, so they too are one step, and
a kill at any moment leaves one answer to "which match is current". The derived files are
caches (:mod:`scorekeeper.store.caches`): worked out again whenever they are missing, stale or
damaged, and never a reason for a command to fail.

Writers take turns under the store's lock; readers take no lock, since a rename never shows
them half a file.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from itertools import repeat
from typing import TYPE_CHECKING, NamedTuple

from tinydb import TinyDB
from tinydb.table import Document

from scorekeeper.engine import Hand, InvalidHand, MatchFinished, Teams
from scorekeeper.i18n import _
from scorekeeper.rules import RuleError, Rules
from scorekeeper.store import files
from scorekeeper.store.files import SCHEMA, Staged, StoreError, damaged
from scorekeeper.store.records import (
    HEADER_KEYS,
    IN_FORCE,
    REPLACED,
    STATUSES,
    VOIDED,
    Match,
    StoredHand,
    Summary,
    check_description,
    check_keys,
    check_names,
    now,
)

if TYPE_CHECKING:
    from scorekeeper.stats import Stats
    from scorekeeper.store.caches import Cache, Derived, Row

__all__ = [
    "IN_FORCE",
    "REPLACED",
    "SCHEMA",
    "STATUSES",
    "VOIDED",
    "Match",
    "Store",
    "StoreError",
    "StoredHand",
    "Summary",
    "Writer",
    "check_description",
    "check_names",
]


#: A match file's name, on a line of its own: the match id in the digits 0-9, then ``.json``.
MATCH_FILE = re.compile(r"^([0-9]+)\.json$", re.MULTILINE)


class Opened(NamedTuple):
    """A match file read to be changed: its TinyDB, the staged changes, what it holds."""

    db: TinyDB
    staged: Staged
    match: Match


class Store:
    """A store directory: read matches without a lock, change them through :meth:`writing`."""

    def __init__(self, root: str | os.PathLike[str], lock_timeout: float = 5.0) -> None:
        self.root = os.fspath(root)
        self.lock_timeout = lock_timeout
        self.temp_dir = self._path("tmp")
        self.committed = False
        """Whether a change has become true in this process (an error after it must say so)."""
        self.unconfirmed: list[str] = []
        """Files changed whose folder could not be flushed to disk afterwards."""

    def _path(self, *parts: str) -> str:
        return os.path.join(self.root, *parts)

    def _match_path(self, match_id: int) -> str:
        return self._path("matches", f"{match_id}.json")

    def _check_root(self) -> None:
        if os.path.exists(self.root) and not os.path.isdir(self.root):
            raise StoreError(
                _(
                    "{path} is a file, but a store is a directory. Give --db a "
                    "directory (it is created if missing)."
                ).format(path=self.root)
            )

    def _open(self, path: str) -> tuple[TinyDB, Staged]:
        staged = Staged()
        return TinyDB(path, self.temp_dir, storage=staged), staged

    # Reading

    def _pointer(self) -> tuple[int, int | None] | None:
        """What ``store.json`` says: the match ``use`` chose and the newest match then (None
        for a file written before schema 3, which named the current match itself)."""
        path = self._path("store.json")
        db, staged = self._open(path)
        state = db.table("store").get(doc_id=1)
        if state is None:
            return None
        schema = (staged.data or {}).get("meta", {}).get("1", {}).get("schema")
        try:
            check_keys(
                dict(state),
                ("current", "newest") if schema == SCHEMA else ("current",),
                (),
                _("its current match"),
                complete=True,
            )
        except ValueError as error:
            raise damaged(path, str(error)) from None
        numbers = [state["current"], *([state["newest"]] if "newest" in state else [])]
        if any(type(n) is not int or n < 1 for n in numbers):
            raise damaged(
                path,
                _("its current match is {value!r}, not a match number").format(
                    value=state["current"]
                ),
            )
        return numbers[0], numbers[1] if len(numbers) > 1 else None

    def current_id(self) -> int | None:
        """The current match: the one ``use`` chose, or the newest one if it was made later."""
        self._check_root()
        pointer = self._pointer()
        if pointer is None:
            return max(self.match_ids(), default=None)
        chosen, newest = pointer
        if newest is not None and self.has(newest + 1):  # ids are given out in order
            return max(self.match_ids())
        return chosen

    def has(self, match_id: int) -> bool:
        """Whether the store holds this match (without listing every match)."""
        return os.path.lexists(self._match_path(match_id))

    def stamp(self, match_id: int) -> tuple[int, int, int] | None:
        """What the match's file is now, without reading it: inode, size and modification time
        (every change replaces the file, so any change gives another stamp); None if there is
        no file to look at."""
        try:
            found = os.stat(self._match_path(match_id))
        except OSError:
            return None
        return found.st_ino, found.st_size, found.st_mtime_ns

    def match_files(self) -> dict[int, int]:
        """Each match file's inode, by match id (one listing of the folder, no file opened)."""
        self._check_root()
        try:
            entries = os.scandir(self._path("matches"))
        except FileNotFoundError:
            return {}
        with entries:
            inodes = {entry.name: entry.inode() for entry in entries}
        # The names of match files picked out in C: thousands of matches, one listing.
        numbers = MATCH_FILE.findall("\n".join(inodes))
        return {
            int(number): inode
            for number, inode in zip(
                numbers, map(inodes.get, [number + ".json" for number in numbers])
            )
            if inode is not None
        }

    def match_ids(self) -> list[int]:
        return sorted(self.match_files())

    def load(self, match_id: int) -> Match:
        """The match with this id; raises StoreError if there is none or it is damaged."""
        return self._read_match(match_id).match

    def _read_match(self, match_id: int) -> Opened:
        """A match's file, read once and checked as strictly as an import."""
        self._check_root()
        path = self._match_path(match_id)
        if not os.path.lexists(path):
            known = self.match_ids()
            raise StoreError(
                _(
                    "There is no match {id} in this store; 'scorekeeper matches' lists the {n} "
                    "there are."
                ).format(id=match_id, n=len(known))
                if known
                else _(
                    "There is no match {id}: this store has no matches yet. Start one with "
                    "'scorekeeper new PLAYER1 PLAYER2'."
                ).format(id=match_id)
            )
        db, staged = self._open(path)
        header = db.table("match").get(doc_id=1)
        try:
            if header is None:
                raise ValueError(_("it holds no match"))
            check_keys(dict(header), HEADER_KEYS, ("teams",), _("its match"), complete=True)
            if header.get("id") != match_id:
                raise ValueError(
                    _("it holds match {found!r}, not {id}").format(
                        found=header.get("id"), id=match_id
                    )
                )
            unknown = set(staged.data or {}) - {"match", "hands", "meta"}
            if unknown:
                raise ValueError(_("it has the unknown table {name!r}").format(name=min(unknown)))
            documents = sorted(db.table("hands").all(), key=lambda doc: doc.doc_id)
            if [doc.doc_id for doc in documents] != list(range(1, len(documents) + 1)):
                raise ValueError(_("its hands are not numbered 1, 2, 3, ... in order"))
            match = Match.from_parts(
                match_id, dict(header), [dict(d) for d in documents], complete=True
            )
        except (ValueError, TypeError, InvalidHand, MatchFinished, RuleError) as error:
            raise damaged(path, str(error)) from None
        return Opened(db, staged, match)

    def _cache(self, derived: Derived) -> Cache:
        from scorekeeper.store.caches import Cache  # only where summaries are read or change

        return Cache(self.root, self.temp_dir, derived)

    def _rows(self, derived: Derived) -> tuple[dict[int, Row], dict[int, Match]]:
        """Each match's row from the cache where it still holds, and the other matches read from
        their files (the rows found missing are written into the cache)."""
        match_files = self.match_files()
        cache = self._cache(derived)
        kept = cache.fresh(match_files)
        read = {
            match_id: self._read_match(match_id)
            for match_id in sorted(match_files.keys() - kept.keys())
        }
        found = {
            match_id: (opened.staged.file.inode, derived.row(opened.match, sheet))
            for match_id, opened in read.items()
            for sheet in [opened.match.sheet()]
            if sheet.finished and opened.staged.file.inode is not None
        }
        if found:
            self._repair(cache, found)
        return kept, {match_id: opened.match for match_id, opened in read.items()}

    def _repair(self, cache: Cache, found: dict[int, tuple[int, Row]]) -> None:
        """Write the rows found missing into the cache, if the lock can be had at once."""
        try:
            with files.locked(self.root, 0):
                files.own_folder(self.temp_dir)
                cache.add(found, self.match_files())
        except (StoreError, OSError):
            pass  # another writer has the lock, or the disk is full: the next reader tries

    def summaries(self) -> list[Summary]:
        """A summary of every match: finished ones from the index, the others replayed."""
        from scorekeeper.store.caches import INDEX

        kept, read = self._rows(INDEX)
        ids = list(kept)
        players, started, hands, winners = zip(*kept.values()) if kept else ((), (), (), ())
        listed = dict(
            zip(ids, map(Summary, ids, map(tuple, players), started, hands, repeat(True), winners))
        )
        listed.update(
            (match_id, Summary.of(match, match.sheet())) for match_id, match in read.items()
        )
        return [listed[match_id] for match_id in sorted(listed)]

    def history(self) -> list[tuple[tuple[str, ...], dict[str, Stats]]]:
        """Every match's players and each player's figures: a finished match's from
        ``figures.json``, an open one's worked out from its file."""
        from scorekeeper.stats import match_stats
        from scorekeeper.store.caches import FIGURES

        kept, read = self._rows(FIGURES)
        figures = {match_id: row[0] for match_id, row in kept.items()}
        figures.update((match_id, match_stats(match.sheet())) for match_id, match in read.items())
        return [(tuple(figures[match_id]), figures[match_id]) for match_id in sorted(figures)]

    def verify(self) -> tuple[int, list[str]]:
        """Read every file as the commands would, and compare what the caches would be
        trusted for with the matches.

        Returns the number of matches and the problems found; changes nothing.
        """
        from scorekeeper.store.caches import CACHES

        problems = []
        try:
            self.current_id()
        except StoreError as error:
            problems.append(str(error))
        match_files = self.match_files()
        kept = {derived.name: self._cache(derived).fresh(match_files) for derived in CACHES}
        for match_id in sorted(match_files):
            try:
                match = self.load(match_id)
            except StoreError as error:
                problems.append(str(error))
                continue
            for derived in CACHES:
                row = kept[derived.name].get(match_id)
                if row is not None and row != derived.row(match, match.sheet()):
                    problems.append(
                        _(
                            "{path}: the row of match {id} disagrees with the "
                            "match's own file. The file only spares reading the "
                            "matches: delete it, and they are read instead."
                        ).format(path=self._path(derived.name), id=match_id)
                    )
        return len(match_files), problems

    # Writing

    @contextmanager
    def writing(self) -> Iterator[Writer]:
        """Hold the store's lock; what the writer staged becomes true when the block succeeds."""
        self._check_root()
        self._folders(self.root, link_ok=True)
        with files.locked(self.root, self.lock_timeout):
            self._folders(self._path("matches"), self.temp_dir)
            files.remove_leftovers(self.temp_dir)
            writer = Writer(self)
            writer.upgrade_pointer()
            yield writer
            writer.commit()

    def _folders(self, *paths: str, link_ok: bool = False) -> None:
        """Make sure the store's folders exist, as folders of its own."""
        try:
            for path in paths:
                files.own_folder(path, link_ok)
        except OSError as error:
            raise StoreError(
                _("Cannot write to the store {path}: {reason}. Check its permissions.").format(
                    path=self.root, reason=error.strerror
                )
            ) from None


class Writer:
    """Changes staged under the store's lock; nothing reaches the disk until :meth:`commit`."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._matches: dict[int, Opened] = {}
        self._finished: set[int] = set()
        """The matches that were finished when loaded, and those created: the caches may hold
        rows of theirs."""
        self._chosen: int | None = None
        self._next_id: int | None = None
        self._pointer_state: tuple[int, int | None] | None = None
        """What ``store.json`` says, as read (and upgraded) under the lock."""

    def _write_pointer(self, chosen: int, newest: int) -> bool:
        db, staged = self.store._open(self.store._path("store.json"))
        db.table("store").upsert(Document({"current": chosen, "newest": newest}, doc_id=1))
        return staged.commit()

    def upgrade_pointer(self) -> None:
        """A ``store.json`` written before schema 3 is written again saying the same, before any
        change (afterwards its meaning would be lost)."""
        pointer = self._pointer_state = self.store._pointer()
        if pointer is not None and pointer[1] is None:
            newest = max(self.store.match_ids(), default=pointer[0])
            self._write_pointer(pointer[0], newest)
            self._pointer_state = pointer[0], newest

    def set_current(self, match_id: int) -> None:
        """Choose the current match (``use``)."""
        self._chosen = match_id

    def load(self, match_id: int) -> Match:
        """Load a match to change it (always the file's state under the lock)."""
        if match_id not in self._matches:
            opened = self.store._read_match(match_id)
            self._matches[match_id] = opened
            if opened.match.sheet().finished:
                self._finished.add(match_id)
        return self._matches[match_id].match

    def create(
        self,
        players: tuple[str, ...],
        rules: Rules,
        first_dealer: str,
        description: str = "",
        created: str = "",
        history: Sequence[StoredHand] = (),
        teams: Teams | None = None,
    ) -> Match:
        """A new match with the next free id (the newest match, so the current one)."""
        if self._next_id is None:
            self._next_id = max(self.store.match_ids(), default=0) + 1
        match_id, self._next_id = self._next_id, self._next_id + 1
        match = Match(
            match_id,
            players,
            rules,
            first_dealer,
            created or now(),
            description,
            list(history),
            teams,
        )
        match.sheet()
        db, staged = self.store._open(self.store._match_path(match_id))
        db.table("match").insert(Document(match.header(), doc_id=1))
        db.table("hands").insert_multiple(h.to_dict() for h in match.history)
        self._matches[match_id] = Opened(db, staged, match)
        self._finished.add(match_id)  # a row left by a match file moved out of the store
        return match

    def add(self, match: Match, hand: Hand) -> None:
        """Record a new hand after the last one."""
        slot = max((h.slot for h in match.history), default=0) + 1
        self._append(match, StoredHand(hand, slot, IN_FORCE, now()))

    def void_last(self, match: Match) -> StoredHand:
        """Void the last hand in force; it stays in the history, marked voided."""
        last = match.in_force()[-1]
        self._mark(match, last, VOIDED)
        return last

    def replace(self, match: Match, number: int, hand: Hand) -> StoredHand:
        """Replace hand ``number`` (counted over the hands in force) by a corrected one."""
        old = match.in_force()[number - 1]
        self._mark(match, old, REPLACED)
        self._append(match, StoredHand(hand, old.slot, IN_FORCE, now()))
        return old

    def _append(self, match: Match, stored: StoredHand) -> None:
        match.history.append(stored)
        self._matches[match.id].db.table("hands").insert(stored.to_dict())

    def _mark(self, match: Match, stored: StoredHand, status: str) -> None:
        position = match.history.index(stored)  # the hand stored as document position + 1
        match.history[position] = StoredHand(stored.hand, stored.slot, status, stored.recorded)
        self._matches[match.id].db.table("hands").update({"status": status}, doc_ids=[position + 1])

    def commit(self) -> None:
        """Make the staged change true: one atomic replace of one file.

        Before it, the rows the caches may hold of a match about to change are taken out; after
        it, the rows of the matches finished now are added and ``store.json`` is brought up to
        date with the newest match. Neither can fail the command: the change is made or not
        by the replace alone (StoreError before it, and then nothing changed)."""
        store = self.store
        changed = [opened for opened in self._matches.values() if opened.staged.changed]
        if not changed and self._chosen is None:
            return
        stale = {opened.match.id for opened in changed} & self._finished
        if stale:
            from scorekeeper.store.caches import CACHES

            for derived in CACHES:
                store._cache(derived).without(stale)
        for opened in changed:  # one file: a command changes one match
            self._committed(opened.staged.commit(), opened.staged.file.path)
        if self._chosen is not None:
            newest = max(store.match_ids(), default=self._chosen)
            self._committed(self._write_pointer(self._chosen, newest), store._path("store.json"))
        try:
            self._after(changed)
        except (StoreError, OSError):
            pass  # derived: the next reader works it out again

    def _committed(self, confirmed: bool, path: str) -> None:
        self.store.committed = files.committed = True
        if not confirmed:
            self.store.unconfirmed.append(path)

    def _after(self, changed: list[Opened]) -> None:
        from scorekeeper.store.caches import CACHES

        finished = {opened.match.id: opened for opened in changed if opened.match.sheet().finished}
        for derived in CACHES if finished else ():
            self.store._cache(derived).add(
                {
                    match_id: (
                        opened.staged.file.inode or 0,
                        derived.row(opened.match, opened.match.sheet()),
                    )
                    for match_id, opened in finished.items()
                }
            )
        if self._chosen is None:  # not ``use``: is store.json behind the newest match?
            pointer = self._pointer_state  # as read under this lock: no other writer since
            if pointer is None or self.store.has((pointer[1] or pointer[0]) + 1):
                newest = max(self.store.match_ids(), default=None)
                if newest is not None:
                    self._write_pointer(newest, newest)
