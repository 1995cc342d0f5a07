"""A match file: the TinyDB tables that keep one match's facts, read and checked as strictly as
an import (:mod:`scorekeeper.facts`), and written whole from the match at a commit.

A match file holds four tables: ``match`` (the header: id, uuid, players, rules, first dealer,
when it was created, a description; the teams of a partnership), ``hands`` (every hand ever
entered, in order), ``changes`` (the changes made to the match itself) and ``meta`` (the store
schema that wrote it).
"""

from __future__ import annotations

from typing import NamedTuple

from tinydb import TinyDB
from tinydb.table import Document

from scorekeeper.engine import InvalidHand, MatchFinished
from scorekeeper.facts import HEADER_EXTRAS, HEADER_KEYS, check_keys, derived_uuid, read_match
from scorekeeper.i18n import _
from scorekeeper.match import Match
from scorekeeper.rules import RuleError
from scorekeeper.store.files import Identity, Staged, StoreError, damaged

#: The first schema whose match files all hold their uuid.
UUID_SCHEMA = 4


class Opened(NamedTuple):
    """A match file read: its TinyDB, the staged changes, what it holds."""

    db: TinyDB
    staged: Staged
    match: Match

    @property
    def identity(self) -> Identity | None:
        """The file's identity as it was read (None: there was no file)."""
        return self.staged.file.identity


def open_file(path: str, temp_dir: str) -> tuple[TinyDB, Staged]:
    """A store file as TinyDB, read on first use, written only at :meth:`Staged.commit`."""
    staged = Staged()
    return TinyDB(path, temp_dir, storage=staged), staged


def read(path: str, temp_dir: str, match_id: int | None) -> Opened:
    """The match a file holds, checked as strictly as an import; ``match_id`` is the id its
    name gives it (None for a file under another name: a copy, which keeps its own id).

    Raises StoreError naming the file if it cannot be read or is damaged."""
    db, staged = open_file(path, temp_dir)
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
        found_id = header.get("id")
        if match_id is not None and found_id != match_id:
            raise ValueError(
                _("it holds match {found!r}, not {id}").format(found=found_id, id=match_id)
            )
        if type(found_id) is not int or found_id < 1:
            raise ValueError(
                _("its match id is {found!r}, not a number from 1").format(found=found_id)
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
        match = read_match(
            found_id,
            dict(header),
            [dict(d) for d in documents],
            complete=True,
            changes=[dict(d) for d in changes],
        )
        match.uuid = match.uuid or derived_uuid(dict(header))
    except (ValueError, TypeError, InvalidHand, MatchFinished, RuleError) as error:
        raise damaged(path, str(error)) from None
    return Opened(db, staged, match)


def stage(opened: Opened) -> None:
    """Put the match's facts into its file's tables, whole, to be written by the commit (a
    file written before matches had a uuid is given its own so)."""
    match, db = opened.match, opened.db
    db.drop_tables()
    db.table("match").insert(Document(match.header(), doc_id=1))
    db.table("hands").insert_multiple(match.stored(h) for h in match.history)
    if match.changes:
        db.table("changes").insert_multiple(c.to_dict() for c in match.changes)


__all__ = ["Opened", "StoreError", "open_file", "read", "stage"]
