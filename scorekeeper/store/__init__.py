"""The store: the facts of every match, kept on disk with TinyDB, one commit point per change.

Layout of a store directory (``--db PATH``)::

    PATH/matches/<id>.json  one TinyDB file per match: players, rules, first dealer, every hand,
                            the changes made to the match (abandoned, a player renamed)
    PATH/deleted/<id>.json  the files of the matches deleted, as they were, until restored
    PATH/store.json         the match chosen with ``use`` (and the newest match then)
    PATH/index.json         derived: a summary of each finished match, for ``matches``
    PATH/figures.json       derived: each finished match's figures, for ``stats``
    PATH/tmp/               new versions of files, until they are renamed into place

Only facts are stored (hands as entered, voided and replaced ones kept and marked); every total
is derived by the engine. Each command's change becomes true in one step: a match's file (or,
for ``use``, ``store.json``) is replaced whole by a rename, or (``delete``, ``restore``) moved
between ``matches`` and ``deleted`` by a rename, and nothing else is a fact (an import of
several files takes one such step per file). The current match is the one ``use`` chose,
unless a match newer than the newest one then exists: ``new`` and ``import`` create a match
file and nothing more, so they too are one step, and a kill at any moment leaves one answer to
"which match is current". Ids are never given out twice: a new match's id follows the highest
one given out, a deleted match's too. The derived files are caches
(:mod:`scorekeeper.store.caches`): worked out again whenever they are missing, stale or damaged,
and never a reason for a command to fail.

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
    ABANDONED,
    HEADER_EXTRAS,
    HEADER_KEYS,
    IN_FORCE,
    RENAMED,
    REPLACED,
    STATUSES,
    VOIDED,
    Change,
    Match,
    StoredHand,
    Summary,
    check_description,
    check_keys,
    check_names,
    derived_uuid,
    new_uuid,
    now,
)

if TYPE_CHECKING:
    from scorekeeper.stats import History
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
#: The folders of the match files in play and of those deleted.
MATCHES, DELETED = "matches", "deleted"
#: The first schema whose ``store.json`` names the newest match, and whose match files all
#: hold their uuid.
POINTER_SCHEMA, UUID_SCHEMA = 3, 4


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

    def _match_path(self, match_id: int, folder: str = MATCHES) -> str:
        return self._path(folder, f"{match_id}.json")

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
                ("current", "newest")
                if type(schema) is int and schema >= POINTER_SCHEMA
                else ("current",),
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

    def match_files(self, folder: str = MATCHES) -> dict[int, int]:
        """Each match file's inode, by match id (one listing of the folder, no file opened)."""
        self._check_root()
        try:
            entries = os.scandir(self._path(folder))
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

    def deleted_ids(self) -> list[int]:
        """The matches deleted (kept aside in ``deleted/``)."""
        return sorted(self.match_files(DELETED))

    def last_id(self) -> int | None:
        """The highest id given out so far, a deleted match's too (none is given out twice)."""
        return max([*self.match_ids(), *self.deleted_ids()], default=None)

    def load(self, match_id: int, folder: str = MATCHES) -> Match:
        """The match with this id (from ``folder``: ``deleted`` for a deleted one); raises
        StoreError if there is none or it is damaged."""
        return self._read_match(match_id, folder).match

    def _read_match(self, match_id: int, folder: str = MATCHES) -> Opened:
        """A match's file, read once and checked as strictly as an import."""
        self._check_root()
        path = self._match_path(match_id, folder)
        if not os.path.lexists(path) and folder == DELETED:
            raise StoreError(
                _(
                    "Match {id} is not among the deleted matches; 'scorekeeper matches "
                    "--deleted' lists them."
                ).format(id=match_id)
            )
        if not os.path.lexists(path) and os.path.lexists(self._match_path(match_id, DELETED)):
            raise StoreError(
                _("Match {id} was deleted; 'scorekeeper restore {id}' brings it back.").format(
                    id=match_id
                )
            )
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
            schema = (staged.data or {}).get("meta", {}).get("1", {}).get("schema")
            check_keys(
                dict(header),
                HEADER_KEYS + (("uuid",) if type(schema) is int and schema >= UUID_SCHEMA else ()),
                HEADER_EXTRAS,
                _("its match"),
                complete=True,
            )
            if header.get("id") != match_id:
                raise ValueError(
                    _("it holds match {found!r}, not {id}").format(
                        found=header.get("id"), id=match_id
                    )
                )
            unknown = set(staged.data or {}) - {"match", "hands", "changes", "meta"}
            if unknown:
                raise ValueError(_("it has the unknown table {name!r}").format(name=min(unknown)))
            documents = sorted(db.table("hands").all(), key=lambda doc: doc.doc_id)
            if [doc.doc_id for doc in documents] != list(range(1, len(documents) + 1)):
                raise ValueError(_("its hands are not numbered 1, 2, 3, ... in order"))
            changes = sorted(db.table("changes").all(), key=lambda doc: doc.doc_id)
            if [doc.doc_id for doc in changes] != list(range(1, len(changes) + 1)):
                raise ValueError(_("its changes are not numbered 1, 2, 3, ... in order"))
            match = Match.from_parts(
                match_id,
                dict(header),
                [dict(d) for d in documents],
                complete=True,
                changes=[dict(d) for d in changes],
            )
            match.uuid = match.uuid or derived_uuid(dict(header))
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
        players, started, hands, winners, uuids = zip(*kept.values()) if kept else ((),) * 5
        listed = dict(
            zip(
                ids,
                map(
                    Summary, ids, map(tuple, players), started, hands, repeat(True), winners, uuids
                ),
            )
        )
        listed.update(
            (match_id, Summary.of(match, match.sheet())) for match_id, match in read.items()
        )
        return [listed[match_id] for match_id in sorted(listed)]

    def deleted(self) -> list[Summary]:
        """A summary of every deleted match (read from its file: they are few)."""
        return [
            Summary.of(match, match.sheet())
            for match in map(self.load, self.deleted_ids(), repeat(DELETED))
        ]

    def uuids(self) -> dict[str, tuple[int, bool]]:
        """Every match by its uuid: its id, and whether it is deleted (the lowest id, should
        two matches have one uuid)."""
        found: dict[str, tuple[int, bool]] = {}
        for summary, deleted in [
            *zip(self.summaries(), repeat(False)),
            *zip(self.deleted(), repeat(True)),
        ]:
            found.setdefault(summary.uuid, (summary.id, deleted))
        return found

    def history(self) -> History:
        """Each finished match's figures for every player, and whom each played against, from
        ``figures.json`` (matches being played or abandoned do not count)."""
        from scorekeeper.stats import Played, played
        from scorekeeper.store.caches import FIGURES

        kept, read = self._rows(FIGURES)
        figures = {match_id: Played(*row) for match_id, row in kept.items()}
        figures.update(
            (match_id, played(sheet))
            for match_id, match in read.items()
            for sheet in [match.sheet()]
            if sheet.finished
        )
        return [figures[match_id] for match_id in sorted(figures)]

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
        for match_id in self.deleted_ids():
            if match_id in match_files:
                problems.append(
                    _(
                        "{path}: match {id} is both in the store and among the deleted "
                        "matches; move one of the two files out of the store."
                    ).format(path=self._match_path(match_id, DELETED), id=match_id)
                )
            try:
                self.load(match_id, DELETED)
            except StoreError as error:
                problems.append(str(error))
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
        self._moves: list[tuple[int, str, str]] = []
        """Match files to move between ``matches`` and ``deleted`` (``delete``, ``restore``)."""
        self._next_id: int | None = None
        self._pointer_state: tuple[int, int | None] | None = None
        """What ``store.json`` says, as read (and upgraded) under the lock."""

    def _write_pointer(self, chosen: int, newest: int) -> bool:
        db, staged = self.store._open(self.store._path("store.json"))
        db.table("store").upsert(Document({"current": chosen, "newest": newest}, doc_id=1))
        self._pointer_state = chosen, newest
        return staged.commit()

    def upgrade_pointer(self) -> None:
        """A ``store.json`` written before schema 3 is written again saying the same, before any
        change (afterwards its meaning would be lost)."""
        pointer = self._pointer_state = self.store._pointer()
        if pointer is not None and pointer[1] is None:
            self._write_pointer(pointer[0], self.store.last_id() or pointer[0])

    def _pin_current(self) -> None:
        """Make ``store.json`` name the current match itself, saying the same as before, so
        that the current match does not pass to another when a match file leaves ``matches``
        (without a pointer, or one behind the newest match, the newest would be current)."""
        current = self.store.current_id()
        if current is not None and self._pointer_state != (current, self.store.last_id()):
            self._write_pointer(current, self.store.last_id() or current)

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
        match = Match(0, players, rules, first_dealer, created, description, list(history), teams)
        return self.adopt(match)

    def adopt(self, match: Match, as_new: bool = False) -> Match:
        """Store a match (made by :meth:`create`, or read from an export) as a new match with
        the next free id, the newest, so the current one. It keeps its uuid, unless it has
        none or ``as_new`` says it is another match: then it is given one."""
        if self._next_id is None:
            self._next_id = (self.store.last_id() or 0) + 1
        match.id, self._next_id = self._next_id, self._next_id + 1
        match.created = match.created or now()
        if as_new or not match.uuid:
            match.uuid = new_uuid()
        match.sheet()
        db, staged = self.store._open(self.store._match_path(match.id))
        db.table("match").insert(Document(match.header(), doc_id=1))
        db.table("hands").insert_multiple(match.stored(h) for h in match.history)
        if match.changes:
            db.table("changes").insert_multiple(c.to_dict() for c in match.changes)
        self._matches[match.id] = Opened(db, staged, match)
        self._finished.add(match.id)  # a row left by a match file moved out of the store
        return match

    def bring_up_to_date(self, match_id: int, newer: Match) -> Match:
        """Replace a match's hands and changes by those of a later copy of it (same header,
        same uuid: :func:`~scorekeeper.store.records.relation` said it is one)."""
        self.load(match_id)
        opened = self._matches[match_id]
        newer.id, newer.uuid = match_id, opened.match.uuid
        for name in ("hands", "changes"):
            opened.db.drop_table(name)
        opened.db.table("hands").insert_multiple(newer.stored(h) for h in newer.history)
        if newer.changes:
            opened.db.table("changes").insert_multiple(c.to_dict() for c in newer.changes)
        self._matches[match_id] = Opened(opened.db, opened.staged, newer)
        return newer

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

    def abandon(self, match: Match) -> None:
        """End the match without a winner (raises ValueError if it is over or abandoned)."""
        self._change(match, Change(ABANDONED, now()))

    def take_back_abandoning(self, match: Match) -> None:
        """Void the abandoning: the match is being played again."""
        place = match.take_back_abandoning()
        self._matches[match.id].db.table("changes").update({"status": VOIDED}, doc_ids=[place + 1])

    def rename(self, match: Match, old: str, new: str) -> None:
        """Call the player ``old`` ``new`` from now on (raises ValueError if that cannot be)."""
        self._change(match, Change(RENAMED, now(), old=old, new=new))

    def _change(self, match: Match, change: Change) -> None:
        match.change(change)
        self._matches[match.id].db.table("changes").insert(change.to_dict())

    def delete(self, match_id: int) -> Match:
        """Move a match's file, as it is, into ``deleted``; the current match stays current
        unless it is this one (then there is none)."""
        match = self.load(match_id)
        self.store._folders(self.store._path(DELETED))
        self._move(match_id, MATCHES, DELETED)
        self._pin_current()
        return match

    def restore(self, match_id: int) -> Match:
        """Move a deleted match's file back into ``matches``, as it was."""
        if self.store.has(match_id):
            raise StoreError(
                _(
                    "Match {id} is in the store, not among the deleted matches; nothing to restore."
                ).format(id=match_id)
            )
        match = self.store.load(match_id, DELETED)
        self._move(match_id, DELETED, MATCHES)
        return match

    def _move(self, match_id: int, source: str, target: str) -> None:
        path = self.store._match_path(match_id, target)
        if os.path.lexists(path):
            raise StoreError(
                _(
                    "{path} is in the way: match {id} is both in the store and among the "
                    "deleted matches. Move one of the two files out of the store."
                ).format(path=path, id=match_id)
            )
        self._moves.append((match_id, self.store._match_path(match_id, source), path))

    def _append(self, match: Match, stored: StoredHand) -> None:
        match.history.append(stored)
        self._matches[match.id].db.table("hands").insert(match.stored(stored))

    def _mark(self, match: Match, stored: StoredHand, status: str) -> None:
        position = match.history.index(stored)  # the hand stored as document position + 1
        match.history[position] = StoredHand(stored.hand, stored.slot, status, stored.recorded)
        self._matches[match.id].db.table("hands").update({"status": status}, doc_ids=[position + 1])

    def commit(self) -> None:
        """Make the staged change true: one atomic replace (or move) of one file.

        Before it, the rows the caches may hold of a match about to change are taken out; after
        it, the rows of the matches finished now are added and ``store.json`` is brought up to
        date with the newest match. Neither can fail the command: the change is made or not
        by the replace alone (StoreError before it, and then nothing changed). A file written
        before matches had a uuid is given its own with the change.

        A command that makes several changes (an import of several files) commits after each;
        what was committed stays so."""
        store = self.store
        changed = [opened for opened in self._matches.values() if opened.staged.changed]
        if not changed and self._chosen is None and not self._moves:
            return
        moved = {match_id for match_id, _source, _target in self._moves}
        stale = ({opened.match.id for opened in changed} | moved) & self._finished
        if stale:
            from scorekeeper.store.caches import CACHES

            for derived in CACHES:
                store._cache(derived).without(stale)
        for opened in changed:  # one file: a command changes one match
            if "uuid" not in (opened.staged.data or {}).get("match", {}).get("1", {}):
                opened.db.table("match").update({"uuid": opened.match.uuid}, doc_ids=[1])
            self._committed(opened.staged.commit(), opened.staged.file.path)
        moves, self._moves = self._moves, []
        for _match_id, source, target in moves:
            self._committed(files.move(source, target), target)
        if self._chosen is not None:
            newest = store.last_id() or self._chosen
            self._committed(self._write_pointer(self._chosen, newest), store._path("store.json"))
            self._chosen = None
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
        if changed:  # is store.json behind the newest match?
            pointer = self._pointer_state  # as read under this lock, and as written since
            if pointer is None or self.store.has((pointer[1] or pointer[0]) + 1):
                newest = max(self.store.match_ids(), default=None)
                if newest is not None:
                    self._write_pointer(newest, self.store.last_id() or newest)
