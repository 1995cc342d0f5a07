"""The writer: the changes a command makes to the store, staged under the store's lock and made
true at its one commit (see :mod:`scorekeeper.store` for what that commit is on disk)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tinydb.table import Document

from scorekeeper.engine import Teams
from scorekeeper.i18n import _
from scorekeeper.match import Match, MatchStatus, StoredHand, new_uuid, now
from scorekeeper.rules import Rules
from scorekeeper.store import files, folder, records
from scorekeeper.store.files import DELETED, MATCHES, RESOLVED, Pointer, StoreError
from scorekeeper.store.records import Opened

if TYPE_CHECKING:
    from scorekeeper.store import Store


class Writer:
    """Changes made under the store's lock; nothing reaches the disk until :meth:`commit`.

    A change is made to a :class:`~scorekeeper.match.Match` the writer loaded (or created);
    the commit writes the facts of each match that changed, whole, in one atomic replace."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._matches: dict[int, Opened] = {}
        self._status: dict[int, MatchStatus | None] = {}
        """Each match's status when it was loaded (None: created by this writer)."""
        self._chosen: int | None = None
        self._moves: list[tuple[str, str]] = []
        """Files to move between the store's folders (``delete``, ``restore``, ``resolve``)."""
        self._kept: list[tuple[str, str]] = []
        """Match files to keep a copy of, as they are, before they are replaced."""
        self._next_id: int | None = None
        self._pointer_state: Pointer | None = None
        """What ``store.json`` says, as read (and upgraded) under the lock."""

    def _write_pointer(self, chosen: int, newest: int, fallback: int | None = None) -> bool:
        db, staged = records.open_file(self.store.path("store.json"), self.store.temp_dir)
        db.table("store").upsert(Document({"current": chosen, "newest": newest}, doc_id=1))
        db.drop_table("fallback")
        if fallback is not None:
            db.table("fallback").insert(Document({"current": fallback}, doc_id=1))
        self._pointer_state = Pointer(chosen, newest, fallback)
        return staged.commit()

    def upgrade_pointer(self) -> None:
        """A ``store.json`` written before schema 3 is written again saying the same, before any
        change (afterwards its meaning would be lost)."""
        pointer = self._pointer_state = self.store.pointer()
        if pointer is not None and pointer.newest is None:
            self._write_pointer(pointer.chosen, self.store.last_id() or pointer.chosen)

    def _pin_current(self, fallback: int | None = None) -> None:
        """Make ``store.json`` name the current match itself, saying the same as before, so
        that the current match does not pass to another when a match file moves between
        ``matches`` and ``deleted`` (without a pointer, or one behind the newest match, the
        newest would be current), unless the current match leaves ``matches``: then
        ``fallback`` is current."""
        current, newest = self.store.current_id(), self.store.last_id()
        if current is not None and self._pointer_state != (current, newest, fallback):
            self._write_pointer(current, newest or current, fallback)

    def set_current(self, match_id: int) -> None:
        """Choose the current match (``use``)."""
        self._chosen = match_id

    def load(self, match_id: int) -> Match:
        """Load a match to change it (always the file's state under the lock)."""
        if match_id not in self._matches:
            opened = self.store.read_match(match_id)
            self._matches[match_id] = opened
            self._status[match_id] = opened.match.status
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
        match.changed = True
        db, staged = records.open_file(self.store.match_file(match.id), self.store.temp_dir)
        self._matches[match.id] = Opened(db, staged, match)
        self._status[match.id] = None
        return match

    def bring_up_to_date(self, match_id: int, newer: Match) -> Match:
        """Replace a match's hands and changes by those of a later copy of it (same header,
        same uuid: :func:`~scorekeeper.match.relation` said it is one)."""
        self.load(match_id)
        opened = self._matches[match_id]
        newer.id, newer.uuid, newer.changed = match_id, opened.match.uuid, True
        self._matches[match_id] = opened._replace(match=newer)
        return newer

    def delete(self, match_id: int) -> Match:
        """Move a match's file, as it is, into ``deleted``; the current match stays current,
        unless it is this one: then the match still being played that was made last is (none
        if there is none)."""
        match = self.load(match_id)
        self.store.make_folders(self.store.path(DELETED))
        self._move(match_id, MATCHES, DELETED)
        current = self.store.current_id() == match_id
        self._pin_current(self.store.latest_open(besides=match_id) if current else None)
        return match

    def restore(self, match_id: int) -> Match:
        """Move a deleted match's file back into ``matches``, as it was; the current match
        stays current (where there is none, the match ``store.json`` names is current again:
        this one, if it was current when it was deleted)."""
        if self.store.has(match_id):
            raise StoreError(
                _(
                    "Match {id} is in the store, not among the deleted matches; nothing to restore."
                ).format(id=match_id)
            )
        match = self.store.load(match_id, DELETED)
        self._move(match_id, DELETED, MATCHES)
        self._pin_current()
        return match

    def _move(self, match_id: int, source: str, target: str) -> None:
        path = self.store.match_file(match_id, target)
        if files.present(path):
            raise StoreError(
                _(
                    "{path} is in the way: match {id} is both in the store and among the "
                    "deleted matches. Move one of the two files out of the store."
                ).format(path=path, id=match_id)
            )
        self._moves.append((self.store.match_file(match_id, source), path))

    def set_aside(self, name: str) -> str:
        """Move a copy beside the match files, as it is, into ``resolved/`` (under a name of
        its own there); returns that name."""
        from scorekeeper.store.conflicts import aside_name

        resolved = self.store.path(RESOLVED)
        self.store.make_folders(resolved)
        target = aside_name(resolved, name)
        self._moves.append((self.store.path(MATCHES, name), os.path.join(resolved, target)))
        return target

    def keep_aside(self, match_id: int) -> str:
        """Keep the match's file, as it is before this change, in ``resolved/`` (before it is
        replaced by a copy's version of the match); returns the name it is kept under."""
        from scorekeeper.store.conflicts import aside_name

        resolved = self.store.path(RESOLVED)
        self.store.make_folders(resolved)
        stamp = now()[:19].replace("T", " ").replace(":", ".")
        target = aside_name(resolved, f"{match_id} (replaced {stamp}).json")
        self._kept.append((self.store.match_file(match_id), os.path.join(resolved, target)))
        return target

    def commit(self) -> None:
        """Make the staged change true: one atomic replace (or move) of one file.

        The change is made or not by the replace alone (StoreError before it, and then nothing
        changed). After it, the folder's stamp (:mod:`~scorekeeper.store.folder`) is carried
        over to the folder as the change left it, where it held before: that cannot fail the
        command.

        A command that makes several changes (an import of several files) commits after each;
        what was committed stays so."""
        changed = [opened for opened in self._matches.values() if opened.match.changed]
        if not changed and self._chosen is None and not self._moves:
            return
        matches = self.store.path(MATCHES)
        cache = self.store.cache()
        stamp = folder.valid(folder.read_stamp(cache), matches)
        kept, self._kept = self._kept, []
        for source, target in kept:  # a copy no reader looks at, written before the change
            found = files.read_file(source)
            if found is not None:
                files.write_atomically(target, found[0], self.store.temp_dir)
        seen: list[str | None] = []  # the folder right before and right after each rename
        try:
            for opened in changed:  # one file: a command changes one match
                records.stage(opened)
                opened.staged.file.witness = lambda: seen.append(folder.folder_identity(matches))
                self._committed(opened.staged.commit(), opened.staged.file.path)
                opened.match.changed = False
        except StoreError:
            for _source, target in kept:
                files.remove_derived(target)  # nothing changed: no copy of it either
            raise
        moves, self._moves = self._moves, []
        for source, target in moves:
            self._committed(files.move(source, target), target)
        if self._chosen is not None:
            newest = self.store.last_id() or self._chosen
            self._committed(
                self._write_pointer(self._chosen, newest), self.store.path("store.json")
            )
            self._chosen = None
        # The stamp is carried over only where the folder changed by these renames alone: right
        # before each it was as the stamp (or the rename before) left it. A file another program
        # put there meanwhile (while this one was being flushed, say) is then listed.
        befores, afters = seen[0::2], seen[1::2]
        if stamp is not None and not moves and seen and befores == [stamp.folder, *afters[:-1]]:
            # Rows of matches that were open are checked by every reader anyway.
            check = [
                o.match.id for o in changed if self._status[o.match.id] is not MatchStatus.OPEN
            ]
            after = afters[-1]
            if after is not None:
                folder.write_stamp(
                    cache, stamp._replace(folder=after, check=sorted({*stamp.check, *check}))
                )
                return
        if changed or moves:
            folder.write_stamp(cache, None)

    def tidy(self) -> None:
        """After the last commit: bring ``store.json`` up to date with the newest match this
        writer created, so that finding the current match stays one look. It says nothing new
        (the newest match is current either way), so it cannot fail the command."""
        if self._next_id is None or not self.store.committed:
            return
        pointer = self._pointer_state
        newest = self._next_id - 1
        try:
            if pointer is None or (pointer.newest or pointer.chosen) < newest:
                self._write_pointer(newest, newest)
        except StoreError:
            pass

    def _committed(self, confirmed: bool, path: str) -> None:
        self.store.commits += 1
        if not confirmed:
            self.store.unconfirmed.append(path)
