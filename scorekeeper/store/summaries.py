"""What ``matches`` lists and ``stats`` adds up, derived from the match files and kept in
SQLite, so that years of matches need not be read again.

The summaries are a cache: a row per match file (its id, uuid, players, start, hands, status
and winner) and, for a finished match, each player's figures and what passed between each two
opponents (:mod:`scorekeeper.stats`). They live in the machine's cache directory
(:mod:`scorekeeper.paths`), keyed by the store, where a sync tool does not copy them: two
machines never exchange each other's summaries.

A row is trusted only for the file as it is now: each row keeps the identity of the file it was
derived from (device, inode, size, and the times of its last change of content and of any
kind; see :func:`scorekeeper.store.files.identity`), and a file whose identity differs has its
row worked out again. A file changed so soon after its row was derived that a coarse clock
could give the change the same times is read again too (the row is *racy*, as git says). Only
the rows of changed files are worked out again; the whole set is worked out again only when
:data:`FORMAT` changes, one match at a time (memory stays bounded, whatever the store's size).
A cache that cannot be opened, read or written is never a reason to fail: the summaries are
then worked out in memory.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple, TypeVar

from scorekeeper.engine import fold
from scorekeeper.facts import are_names
from scorekeeper.match import Match, MatchStatus
from scorekeeper.stats import BEST, FIELDS, Figures, head_to_head, match_figures
from scorekeeper.store.files import Identity
from scorekeeper.store.folder import BUCKET, Survey, write_stamp

T = TypeVar("T")

#: The layout of the summaries and what they hold: summaries of another format are worked out
#: anew. It changes when they do, not with every release.
FORMAT = 1

#: A row derived (or a folder listed) less than this long after its file's (or folder's) last
#: change may have missed a change made within the same tick of a coarse clock: the row is read
#: again, the listing not kept (nanoseconds).
RACY = 2_000_000_000

#: A bucket with a row is always listed, unsettled (its digest '') until :meth:`settle` keeps
#: its digest: a bucket whose files are all gone is then compared, and its rows taken out.
UNSETTLED = "INSERT OR IGNORE INTO buckets VALUES (?, '')"

#: How many matches are worked out between two commits of the cache.
BATCH = 500

_FIGURES = ", ".join(f"{field} INTEGER NOT NULL" for field in FIELDS)
SCHEMA = f"""
CREATE TABLE buckets (bucket INTEGER PRIMARY KEY, digest TEXT NOT NULL);
CREATE TABLE matches (
    id INTEGER PRIMARY KEY,
    identity TEXT NOT NULL,
    ctime INTEGER NOT NULL,
    derived INTEGER NOT NULL,
    uuid TEXT NOT NULL,
    players TEXT NOT NULL,
    started TEXT NOT NULL,
    hands INTEGER NOT NULL,
    status TEXT NOT NULL,
    winner TEXT
);
CREATE INDEX matches_by_status ON matches (status, id);
CREATE TABLE figures (match INTEGER NOT NULL, player TEXT NOT NULL, folded TEXT NOT NULL,
    {_FIGURES});
CREATE INDEX figures_by_match ON figures (match);
CREATE INDEX figures_by_player ON figures (folded, match);
CREATE TABLE pairs (match INTEGER NOT NULL, player TEXT NOT NULL, folded TEXT NOT NULL,
    opponent TEXT NOT NULL, opponent_folded TEXT NOT NULL, {_FIGURES});
CREATE INDEX pairs_by_match ON pairs (match);
CREATE INDEX pairs_by_player ON pairs (folded, opponent_folded, match);
CREATE INDEX figures_by_largest_hand ON figures (folded, largest_hand);
CREATE INDEX figures_by_longest_run ON figures (folded, longest_run);
CREATE TABLE totals (folded TEXT PRIMARY KEY, player TEXT NOT NULL, latest INTEGER NOT NULL,
    {_FIGURES});
"""

#: Each figure summed over rows (a best taken as the largest).
_SUMMED = ", ".join(f"MAX({f})" if f in BEST else f"SUM({f})" for f in FIELDS)
#: A match's figures added to a player's totals (kept as the figures change, a match at a
#: time, so that ``stats`` reads them at once): sums grow, bests are the larger, and the name
#: is the one the player had in their latest match.
_ADDED = (
    f"INSERT INTO totals VALUES (?, ?, ?, {', '.join('?' * len(FIELDS))}) "
    "ON CONFLICT (folded) DO UPDATE SET "
    "player = CASE WHEN excluded.latest > latest THEN excluded.player ELSE player END, "
    "latest = MAX(latest, excluded.latest), "
    + ", ".join(
        f"{f} = MAX({f}, excluded.{f})" if f in BEST else f"{f} = {f} + excluded.{f}"
        for f in FIELDS
    )
)
#: A match's figures taken out of a player's totals: sums shrink, and the bests and the name
#: are found again among the player's other matches (each one look along an index).
_TAKEN = (
    "UPDATE totals SET "
    + ", ".join(f"{f} = {f} - ?" for f in FIELDS if f not in BEST)
    + " WHERE folded = ?"
)
_FOUND_AGAIN = (
    "UPDATE totals SET "
    + ", ".join(
        f"{f} = coalesce((SELECT MAX({f}) FROM figures WHERE folded = totals.folded), 0)"
        for f in BEST
    )
    + ", (player, latest) = (SELECT player, match FROM figures WHERE folded = totals.folded "
    "ORDER BY match DESC LIMIT 1) WHERE folded = ?"
)


class Row(NamedTuple):
    """One line of ``matches``."""

    id: int
    uuid: str
    players: tuple[str, ...]
    started: str
    hands: int
    status: MatchStatus
    winner: str | None


def row_of(match: Match) -> Row:
    sheet = match.sheet()
    return Row(
        match.id,
        match.uuid,
        match.players,
        match.created,
        sheet.hands_played(),
        match.status,
        sheet.winner,
    )


class Read(NamedTuple):
    """A match file read: its match, and its identity as it was read."""

    match: Match
    identity: Identity


Reader = Callable[[int], "Read | None"]
"""Reads a match file by id (None: it is gone); raises for a damaged one."""
Identities = Callable[[Sequence[int]], "list[tuple[int, Identity]]"]
"""Looks at these match files once more: each one's id and identity now (those there)."""
Progress = Callable[[int, int], None]
"""Told how many of how many matches have been worked out, while a rebuild runs."""


class Summaries:
    """The summaries of one store (see the module's docstring)."""

    def __init__(self, connection: sqlite3.Connection, path: str) -> None:
        self.db = connection
        self.path = path
        """The file they are kept in (``:memory:`` where none could be used)."""
        self.recover: Callable[[], sqlite3.Connection] | None = None
        """Works every row out anew, in memory: for a cache that fails to answer."""
        self._changed: list[int] = []
        """The buckets :meth:`stale` last compared row by row."""

    @classmethod
    def open(cls, cache: str | None) -> Summaries:
        """The summaries kept in the folder ``cache`` (None: in memory), made anew when they
        are of another :data:`FORMAT` or damaged; in memory where the folder cannot hold
        them."""
        if cache is not None:
            path = os.path.join(cache, "summaries.sqlite3")
            for _attempt in range(2):
                try:
                    os.makedirs(cache, exist_ok=True)
                    return cls(_connect(path), path)
                except sqlite3.DatabaseError:  # damaged, or not a database: made anew
                    _remove(path)
                except (sqlite3.Error, OSError):
                    break
        return cls(_connect(":memory:"), ":memory:")

    def in_memory(self) -> Summaries:
        """Summaries worked out anew in memory (when the cache failed in the middle)."""
        self.close()
        return Summaries(_connect(":memory:"), ":memory:")

    def close(self) -> None:
        try:
            self.db.close()
        except sqlite3.Error:
            pass

    def __enter__(self) -> Summaries:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    # Keeping them up to date

    def stale(self, survey: Survey, identities: Identities, now: int) -> list[int]:
        """The match files of the survey whose row is missing, of another file or racy; the
        rows of files no longer there are taken out. Only the buckets whose digest differs
        from the one kept are compared row by row (their files looked at once more)."""
        kept = dict(self.db.execute("SELECT bucket, digest FROM buckets"))
        self._changed = sorted(
            bucket
            for bucket in survey.buckets.keys() | kept.keys()
            if str(survey.buckets.get(bucket)) != kept.get(bucket)
        )
        stale: list[int] = []
        gone: list[int] = []
        for bucket in self._changed:
            low, high = bucket * BUCKET, (bucket + 1) * BUCKET
            ids = survey.ids[bisect_left(survey.ids, low) : bisect_left(survey.ids, high)]
            found = identities(ids)
            rows = {
                match_id: (identity, racy)
                for match_id, identity, racy in self.db.execute(
                    "SELECT id, identity, derived - ctime < ? OR derived > ? FROM matches "
                    "WHERE id >= ? AND id < ?",
                    (RACY, now, low, high),
                )
            }
            stale += [i for i, identity in found if rows.get(i) != (identity, 0)]
            present = {i for i, _identity in found}
            gone += [i for i in rows if i not in present]
        if gone:
            with self.db:
                self._forget(gone)
        return stale

    def stale_among(self, found: Sequence[tuple[int, Identity]], now: int) -> list[int]:
        """The files among ``found`` (some match files' ids and identities now) whose row is
        missing, of another file or racy."""
        rows = {
            match_id: (identity, racy)
            for match_id, identity, racy in (
                self.db.execute(
                    "SELECT id, identity, derived - ctime < ? OR derived > ? FROM matches "
                    "WHERE id = ?",
                    (RACY, now, match_id),
                ).fetchone()
                or (match_id, None, True)
                for match_id, _identity in found
            )
        }
        return [i for i, identity in found if rows[i] != (identity, 0)]

    def work_out(
        self, ids: Sequence[int], read: Reader, now: int, progress: Progress | None = None
    ) -> None:
        """Work out the rows of these matches from their files, a batch at a time (a file
        gone meanwhile has its row taken out)."""
        for start in range(0, len(ids), BATCH):
            with self.db:  # a batch a transaction; a match at a time in memory
                for match_id in ids[start : start + BATCH]:
                    found = read(match_id)
                    self._forget([match_id])
                    if found is not None:
                        self._put(found, now)
            if progress is not None:
                progress(min(start + BATCH, len(ids)), len(ids))

    def settle(self, survey: Survey, now: int) -> None:
        """Keep the digest of each bucket :meth:`stale` compared row by row, now that its rows
        hold for its files (not while a row of it is racy), so that the next reader finding
        the same digest need not compare its rows."""
        with self.db:
            for bucket in self._changed:
                racy = self.db.execute(
                    "SELECT count(*) FROM matches WHERE id >= ? AND id < ? "
                    "AND (derived - ctime < ? OR derived > ?)",
                    (bucket * BUCKET, (bucket + 1) * BUCKET, RACY, now),
                ).fetchone()[0]
                if bucket in survey.buckets:  # racy: kept as unsettled, compared again
                    self.db.execute(
                        "INSERT OR REPLACE INTO buckets VALUES (?, ?)",
                        (bucket, "" if racy else str(survey.buckets[bucket])),
                    )
                else:  # no file is left in it, and its rows were taken out
                    self.db.execute("DELETE FROM buckets WHERE bucket = ?", (bucket,))
        self._changed = []

    def _put(self, found: Read, now: int) -> None:
        match = found.match
        row = row_of(match)
        ctime = int(found.identity.rsplit(" ", 1)[1])
        self.db.execute(
            "INSERT INTO matches VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                row.id,
                found.identity,
                ctime,
                now,
                row.uuid,
                json.dumps(row.players, ensure_ascii=False),
                row.started,
                row.hands,
                row.status.value,
                row.winner,
            ),
        )
        self.db.execute(UNSETTLED, (row.id // BUCKET,))
        if row.status is not MatchStatus.FINISHED:
            return
        sheet = match.sheet()
        marks = ", ".join("?" * len(FIELDS))
        figures = [(p, fold(p), f) for p, f in match_figures(sheet).items()]
        self.db.executemany(
            f"INSERT INTO figures VALUES (?, ?, ?, {marks})",
            [(row.id, p, folded, *f) for p, folded, f in figures],
        )
        self.db.executemany(_ADDED, [(folded, p, row.id, *f) for p, folded, f in figures])
        self.db.executemany(
            f"INSERT INTO pairs VALUES (?, ?, ?, ?, ?, {marks})",
            [(row.id, a, fold(a), b, fold(b), *f) for (a, b), f in head_to_head(sheet).items()],
        )

    def _forget(self, ids: Iterable[int]) -> None:
        numbers = [(match_id,) for match_id in ids]
        summed = [f for f in FIELDS if f not in BEST]
        taken = [
            (*record[1:], record[0])
            for match_id in numbers
            for record in self.db.execute(
                f"SELECT folded, {', '.join(summed)} FROM figures WHERE match = ?", match_id
            )
        ]
        for table, column in (("matches", "id"), ("figures", "match"), ("pairs", "match")):
            self.db.executemany(f"DELETE FROM {table} WHERE {column} = ?", numbers)
        if taken:
            self.db.executemany(_TAKEN, taken)
            self.db.execute("DELETE FROM totals WHERE matches = 0")
            self.db.executemany(_FOUND_AGAIN, [(record[-1],) for record in taken])

    # Reading them

    def _fetch(self, query: str, keys: Sequence[object], read: Callable[[list[Any]], T]) -> T:
        """What a query finds, as ``read`` makes it of the records; where the cache fails to
        answer, or answers with what ``read`` refuses (ValueError or TypeError: what cannot be
        a row, a name that cannot be a player's), the summaries are worked out in memory
        instead (:attr:`recover`) and asked again."""
        for attempt in range(2):
            try:
                return read(self.db.execute(query, keys).fetchall())
            except (sqlite3.Error, ValueError, TypeError):
                if attempt or self.recover is None:
                    raise
                _remove(self.path)
                self.db, self.path = self.recover(), ":memory:"
        raise AssertionError("unreachable")

    def rows(self, ids: Iterable[int] | None = None) -> list[Row]:
        """The rows of these matches (or of all), in order of id."""
        query = "SELECT id, uuid, players, started, hands, status, winner FROM matches"
        if ids is None:
            return self._fetch(query + " ORDER BY id", (), _rows)
        wanted = sorted(set(ids))
        return [
            row
            for start in range(0, len(wanted), 500)
            for chunk in [wanted[start : start + 500]]
            for row in self._fetch(
                query + f" WHERE id IN ({', '.join('?' * len(chunk))}) ORDER BY id", chunk, _rows
            )
        ]

    def to_list(self, latest: int) -> tuple[list[int], list[int], int]:
        """What ``matches`` lists: the open matches, the ``latest`` most recent others, and
        how many others there are before them."""
        open_ids = [
            found[0]
            for found in self._fetch(
                "SELECT id FROM matches WHERE status = ? ORDER BY id",
                (MatchStatus.OPEN.value,),
                list,
            )
        ]
        others = self._fetch(
            "SELECT id FROM matches WHERE status != ? ORDER BY id DESC LIMIT ?",
            (MatchStatus.OPEN.value, latest),
            list,
        )
        every = self._fetch("SELECT count(*) FROM matches", (), list)[0][0]  # no scan
        return open_ids, sorted(found[0] for found in others), every - len(open_ids) - len(others)

    def uuids(self) -> list[tuple[str, int]]:
        """Every match's uuid and id."""
        return self._fetch("SELECT uuid, id FROM matches ORDER BY id", (), list)

    def everyone(self) -> dict[str, Figures]:
        """Every player's figures over the finished matches, by name (as last spelt), in the
        order of the names (case and accents aside)."""
        return self._fetch(
            f"SELECT player, {', '.join(FIELDS)} FROM totals ORDER BY folded", (), _figures
        )

    def against(self, name: str, other: str | None = None) -> dict[str, Figures]:
        """What passed between a player and each opponent met (or ``other`` alone), by the
        opponent's name as last spelt, in the order of the names."""
        spelt = (
            "(SELECT opponent FROM pairs AS those WHERE those.folded = these.folded AND "
            "those.opponent_folded = these.opponent_folded ORDER BY match DESC LIMIT 1)"
        )
        query = (
            f"SELECT {spelt}, {_SUMMED} FROM pairs AS these WHERE folded = ?"
            + (" AND opponent_folded = ?" if other is not None else "")
            + " GROUP BY opponent_folded ORDER BY opponent_folded"
        )
        keys = (fold(name),) if other is None else (fold(name), fold(other))
        return self._fetch(query, keys, _figures)


def _named(names: Iterable[object]) -> None:
    """Raise ValueError unless each of these, read from the cache, may be a player's name."""
    if not are_names(list(names)):
        raise ValueError("a name in the summaries is not a player's name")


def _figures(found: list[Any]) -> dict[str, Figures]:
    """Figures read from the cache, by the name of the player (or opponent) they are of."""
    _named(record[0] for record in found)
    return {record[0]: Figures(*record[1:]) for record in found}


def _rows(found: list[Any]) -> list[Row]:
    """Rows read from the cache (ValueError or TypeError where one cannot be a row)."""
    rows = [_row(record) for record in found]
    _named({name for row in rows for name in (*row.players, row.winner) if name is not None})
    return rows


def _row(record: tuple[object, ...]) -> Row:
    match_id, uuid, players, started, hands, status, winner = record
    return Row(
        int(match_id),  # type: ignore[call-overload]
        str(uuid),
        tuple(json.loads(str(players))),
        str(started),
        int(hands),  # type: ignore[call-overload]
        MatchStatus(status),
        None if winner is None else str(winner),
    )


def _connect(path: str) -> sqlite3.Connection:
    """A connection to summaries of this :data:`FORMAT` (made anew if they are of another)."""
    db = sqlite3.connect(path, timeout=5)
    try:
        if path != ":memory:":
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")  # a cache: a lost commit is worked out again
        if db.execute("PRAGMA user_version").fetchone()[0] != FORMAT:
            with db:
                for (name,) in db.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'"
                ).fetchall():
                    db.execute(f"DROP TABLE {name}")
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA user_version = {FORMAT}")
            if path != ":memory:":  # no row is kept now: the folder's stamp no longer holds
                write_stamp(os.path.dirname(path), None)
        db.execute("SELECT count(*) FROM matches").fetchone()
    except BaseException:
        db.close()
        raise
    return db


def _remove(path: str) -> None:
    for suffix in ("", "-wal", "-shm"):
        try:
            os.unlink(path + suffix)
        except OSError:
            pass


def now_ns() -> int:
    return time.time_ns()
