"""The store: the facts of every match, kept on disk with TinyDB.

Layout of a store directory (``--db PATH``)::

    PATH/store.json         which match is current
    PATH/matches/<id>.json  one TinyDB file per match: players, rules, first dealer, every hand
    PATH/index.json         a summary of each finished match, so ``matches`` need not replay them
    PATH/figures.json       each finished match's figures, so ``stats`` need not replay them
    PATH/store.lock         held by whoever is writing

TinyDB parses and rewrites a whole file on every write, so each match has a file of its own:
recording a hand reads and writes that match's file and nothing else, however many matches
the store holds. Only facts are stored (hands as entered, voided and replaced ones kept and
marked); every total is derived by the engine.

Every write is all-or-nothing: the new file is written beside the old one, flushed to disk and
renamed over it. Every read-modify-write holds an exclusive lock on ``store.lock``; readers take
no lock, since a rename never shows them half a file.

The indexes only ever say a match is finished when it is: before a finished match is changed
its rows are removed, and they are written again after the match file. A match without a row
is read from its own file, so a write cut short can leave an index behind, never wrong. An index
is kept column by column (one document: the match ids, and a list per field in step with them),
so that the rows of thousands of matches read as a few long lists.
"""

from __future__ import annotations

import json
import os
import sys
import time
from contextlib import contextmanager
from datetime import datetime
from itertools import chain, repeat
from typing import TYPE_CHECKING, Any, Callable, Iterator, NamedTuple, Sequence

from tinydb import TinyDB
from tinydb.middlewares import CachingMiddleware
from tinydb.storages import Storage
from tinydb.table import Document

from scorekeeper.engine import (
    Entry, Hand, InvalidHand, MatchFinished, Scoresheet, Teams, fold, replay, team_name)
from scorekeeper.i18n import N_, _
from scorekeeper.rules import RuleError, Rules

if TYPE_CHECKING:
    from scorekeeper.stats import Stats

#: The layout version written into every file; a file from a newer version is refused. Schema 2
#: keeps the indexes in columns; a schema-1 file (an index with a document per finished match)
#: is read as well, and written as schema 2 on its next change.
SCHEMA = 2

IN_FORCE, VOIDED, REPLACED = N_("in force"), N_("voided"), N_("replaced")
"""A stored hand's status; kept in English in the files, translated when shown."""
STATUSES = (IN_FORCE, VOIDED, REPLACED)


class StoreError(Exception):
    """Raised for a store that cannot be read or written: missing, damaged, locked, newer."""


def now() -> str:
    """The local time, to the second, as stored in ``created`` and ``recorded``."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


class StoredHand(NamedTuple):
    """One recorded hand with its place in the match's history."""

    hand: Hand
    slot: int
    """Hands in force are played in slot order; a replacement takes the slot it replaces."""
    status: str = IN_FORCE
    recorded: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "entry": self.hand.entry.value, "knocker": self.hand.knocker,
            "knocker_deadwood": self.hand.knocker_deadwood,
            "opponent_deadwood": self.hand.opponent_deadwood,
            "slot": self.slot, "status": self.status, "recorded": self.recorded,
            **{name: value for name in ("upcard", "table")
               for value in [getattr(self.hand, name)] if value is not None},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], default_slot: int) -> StoredHand:
        """Read a hand as stored or exported; raises ValueError naming what is wrong."""
        if not isinstance(data, dict):
            raise ValueError(_("a hand must be a JSON object, not {value!r}").format(value=data))
        try:
            entry = Entry(data.get("entry"))
        except ValueError:
            raise ValueError(
                _("a hand's entry must be one of {choices}, not {value!r}")
                .format(choices=", ".join(e.value for e in Entry), value=data.get("entry"))
            ) from None
        status = data.get("status", IN_FORCE)
        slot = data.get("slot", default_slot)
        if status not in STATUSES:
            raise ValueError(_("a hand's status must be one of {choices}, not {value!r}")
                             .format(choices=", ".join(STATUSES), value=status))
        if isinstance(slot, bool) or not isinstance(slot, int) or slot < 1:
            raise ValueError(_("a hand's slot must be a whole number from 1, not {value!r}")
                             .format(value=slot))
        upcard, table = data.get("upcard"), data.get("table")
        for name, value in (("upcard", upcard), ("table", table)):
            if value is not None and not isinstance(value, str):
                raise ValueError(_("a hand's {name} must be text, not {value!r}")
                                 .format(name=name, value=value))
        if upcard is not None:  # kept the way the sheet shows it: 7s -> 7♠
            from scorekeeper.cards import CardError, parse_card

            try:
                upcard = str(parse_card(upcard))
            except CardError as error:
                raise ValueError(str(error).rstrip(".")) from None
        if entry is Entry.WALL:
            hand = Hand.wall(upcard, table)
        else:
            hand = Hand(entry, data.get("knocker"),
                        data.get("knocker_deadwood") if entry is Entry.KNOCK else 0,
                        data.get("opponent_deadwood"), upcard)
        return cls(hand, slot, status, check_timestamp(data.get("recorded", ""), "recorded"))


class Match:
    """Everything recorded about one match."""

    def __init__(self, id: int, players: tuple[str, str], rules: Rules, first_dealer: str,
                 created: str, description: str = "", history: list[StoredHand] | None = None,
                 teams: Teams | None = None) -> None:
        self.id = id
        self.players = players
        self.rules = rules
        self.first_dealer = first_dealer
        self.created = created
        self.description = description
        self.history = history if history is not None else []
        """Every hand ever recorded, in the order it was entered, voided and replaced ones too."""
        self.teams = teams
        """Partnership Gin: the two teams; ``players`` are then the teams' names."""
        self._sheet: tuple[tuple[Hand, ...], Scoresheet] | None = None
        """The last sheet worked out, with the hands it was worked out from."""

    def individuals(self) -> tuple[str, ...]:
        """The people at the table: the two players, or the four partners."""
        return self.teams[0] + self.teams[1] if self.teams else self.players

    def in_force(self) -> list[StoredHand]:
        """The hands that count, in the order they were played."""
        return sorted((h for h in self.history if h.status == IN_FORCE), key=lambda h: h.slot)

    def sheet(self, hands: Sequence[Hand] | None = None) -> Scoresheet:
        """The scoresheet of the hands in force, or of the given hands.

        A command asks for it several times (to check, to print, to index) while the hands
        stay the same; the last one is kept with the very hands it came from, so it is
        worked out again whenever they differ (the players and rules of a match never
        change)."""
        played = tuple(stored.hand for stored in self.in_force()) if hands is None else tuple(hands)
        if self._sheet is None or self._sheet[0] != played:
            self._sheet = played, replay(self.players, self.rules, self.first_dealer, played,
                                         self.teams)
        return self._sheet[1]

    def header(self) -> dict[str, Any]:
        return {
            "id": self.id, "players": list(self.players), "rules": self.rules.to_dict(),
            "first_dealer": self.first_dealer, "created": self.created,
            "description": self.description,
            **({"teams": [list(team) for team in self.teams]} if self.teams else {}),
        }

    @classmethod
    def from_parts(cls, match_id: int, header: dict[str, Any],
                   hands: Sequence[dict[str, Any]]) -> Match:
        """Build and check a match from its stored or exported parts.

        Raises ValueError (with what is wrong) for anything malformed or against the rules.
        """
        players = header.get("players")
        if (not isinstance(players, list) or len(players) != 2
                or not all(isinstance(p, str) for p in players)):
            raise ValueError(_("'players' must be a list of two names"))
        teams = header.get("teams")
        if teams is None:
            check_names(players)
        elif (not isinstance(teams, list) or len(teams) != 2
              or not all(isinstance(t, list) and len(t) == 2 for t in teams)
              or not all(isinstance(p, str) for t in teams for p in t)):
            raise ValueError(_("'teams' must be two lists of two names"))
        else:
            check_names(teams[0] + teams[1])
            if players != [team_name(team) for team in teams]:
                raise ValueError(_("the players of a partnership match are its teams, "
                                   "named like 'Ann & Bob'"))
        rules = header.get("rules", {})
        if not isinstance(rules, dict):
            raise ValueError(_("'rules' must be a JSON object"))
        first_dealer = header.get("first_dealer")
        if first_dealer not in players:
            raise ValueError(_("'first_dealer' must be one of the players, not {value!r}")
                             .format(value=first_dealer))
        match = cls(
            id=match_id, players=(players[0], players[1]), rules=Rules.from_dict(rules),
            first_dealer=str(first_dealer),
            created=check_timestamp(header.get("created", ""), "created"),
            description=check_description(header.get("description") or ""),
            history=[StoredHand.from_dict(h, n) for n, h in enumerate(hands, start=1)],
            teams=((teams[0][0], teams[0][1]), (teams[1][0], teams[1][1])) if teams else None,
        )
        match.sheet()  # every hand in force must be possible under the rules
        return match


def check_timestamp(value: object, name: str) -> str:
    """An ISO 8601 time as stored in ``created`` and ``recorded`` (or empty: not known)."""
    if value == "":
        return ""
    try:
        datetime.fromisoformat(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ValueError(_("{name!r} must be a time like 2026-11-30T20:15:00+01:00, not {value!r}")
                         .format(name=name, value=value)) from None
    return str(value)


#: The longest description accepted.
MAX_DESCRIPTION = 200


def check_description(value: object) -> str:
    """A match's one line of description: printable text, not too long."""
    if not isinstance(value, str) or len(value) > MAX_DESCRIPTION or not value.isprintable():
        raise ValueError(_("'description' must be one line of printable text of at most "
                           "{most} characters").format(most=MAX_DESCRIPTION))
    return value


#: The longest player name accepted.
MAX_NAME = 40


def check_names(names: Sequence[str]) -> None:
    """Refuse empty, over-long, control-character and equal (ignoring case) player names."""
    for name in names:
        if not name.strip():
            raise ValueError(_("A player's name cannot be empty; give each player a name."))
        if len(name) > MAX_NAME:
            raise ValueError(_("The name {name!r} is longer than {most} characters; "
                               "use a shorter one.").format(name=name, most=MAX_NAME))
        if any(not char.isprintable() for char in name):
            raise ValueError(_("The name {name!r} holds a control character; "
                               "use letters, digits and punctuation.").format(name=name))
        if name != name.strip():
            raise ValueError(_("The name {name!r} starts or ends with a space; "
                               "leave the spaces out.").format(name=name))
    for index, name in enumerate(names):
        for other in names[index + 1:]:
            if fold(name) == fold(other):
                raise ValueError(
                    (_("Both players are called {name!r}; give them different names (case and "
                       "accents do not count), e.g. '{name} A' and '{name} B'.")
                     if len(names) == 2 else
                     _("Two players are called {name!r}; give them different names (case and "
                       "accents do not count), e.g. '{name} A' and '{name} B'."))
                    .format(name=name))


class Summary(NamedTuple):
    """One line of ``matches``."""

    id: int
    players: tuple[str, str]
    started: str
    hands: int
    finished: bool
    winner: str | None

    @classmethod
    def of(cls, match: Match, sheet: Scoresheet) -> Summary:
        return cls(match.id, match.players, match.created, len(sheet.rounds), sheet.finished,
                   sheet.winner)


class AtomicJSONStorage(Storage):
    """A TinyDB storage that reads a JSON file and replaces it whole on every write."""

    def __init__(self, path: str) -> None:
        self.path = path

    def read(self) -> dict[str, dict[str, Any]] | None:
        try:
            with open(self.path, encoding="utf-8") as file:
                text = file.read()
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as error:
            raise StoreError(_("Cannot read {path}: {reason}. Check that it is a scorekeeper "
                               "store file you may read.").format(path=self.path, reason=error))
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise damaged(self.path, _("it is not valid JSON ({reason})").format(reason=error))
        # Every table a dict of documents, every document a dict (the types gathered in C:
        # an index holds a row for each of thousands of matches).
        if type(data) is not dict or not all(
                type(table) is dict and set(map(type, table.values())) <= {dict}
                for table in data.values()):
            raise damaged(self.path, _("it is JSON but not a TinyDB file"))
        meta = data.get("meta", {}).get("1", {})
        schema = meta.get("schema") if isinstance(meta, dict) else None
        if isinstance(schema, int) and schema > SCHEMA:
            raise StoreError(
                _("{path} was written by a newer scorekeeper (store schema {found}; this one "
                  "reads up to {known}). Upgrade scorekeeper to use this store.")
                .format(path=self.path, found=schema, known=SCHEMA))
        if type(schema) is not int or schema < 1:
            raise damaged(self.path, _("it has no scorekeeper schema version"))
        return data

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        data.setdefault("meta", {})["1"] = {"schema": SCHEMA}
        write_atomically(self.path, json.dumps(data, ensure_ascii=False))


def damaged(path: str, reason: str) -> StoreError:
    return StoreError(
        _("{path} is damaged: {reason}. Nothing was changed; restore the file from a backup "
          "or move it out of the store.").format(path=path, reason=reason.rstrip(".")))


def write_atomically(path: str, text: str) -> None:
    """Replace ``path`` with ``text`` so that a reader or a crash sees the old or the new file."""
    # One name per file: writers take turns under the lock, so the next write of a file
    # replaces what a killed one left, and no folder of thousands need be searched for it.
    folder, name = os.path.split(path)
    temporary = os.path.join(folder, f".{name}.tmp")
    try:
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
        if os.name != "nt":
            directory = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(directory)
            finally:
                os.close(directory)
    except OSError as error:
        _remove(temporary)
        raise StoreError(_("Cannot write {path}: {reason}. Check the permissions and free "
                           "space of the store directory.").format(path=path, reason=error))


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def _open(path: str) -> TinyDB:
    """A TinyDB on ``path`` that reads the file once and writes only when flushed."""
    return TinyDB(path, storage=CachingMiddleware(AtomicJSONStorage))  # type: ignore[no-untyped-call]


def _flush(db: TinyDB) -> None:
    db.storage.flush()  # type: ignore[attr-defined]


if sys.platform == "win32":  # pragma: no cover
    import msvcrt

    def _try_lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
else:
    import fcntl

    def _try_lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


class Store:
    """A store directory: read matches without a lock, change them through :meth:`writing`."""

    def __init__(self, root: str | os.PathLike[str], lock_timeout: float = 5.0) -> None:
        self.root = os.fspath(root)
        self.lock_timeout = lock_timeout

    def _path(self, *parts: str) -> str:
        return os.path.join(self.root, *parts)

    def _match_path(self, match_id: int) -> str:
        return self._path("matches", f"{match_id}.json")

    def _check_root(self) -> None:
        if os.path.exists(self.root) and not os.path.isdir(self.root):
            raise StoreError(_("{path} is a file, but a store is a directory. Give --db a "
                               "directory (it is created if missing).").format(path=self.root))

    # Reading

    def current_id(self) -> int | None:
        self._check_root()
        path = self._path("store.json")
        state = _open(path).table("store").get(doc_id=1)
        current = state.get("current") if state else None
        if current is not None and (isinstance(current, bool) or not isinstance(current, int)):
            raise damaged(path, _("its current match is {value!r}, not a match number")
                          .format(value=current))
        return current

    def has(self, match_id: int) -> bool:
        """Whether the store holds this match (without listing every match)."""
        return os.path.exists(self._match_path(match_id))

    def match_ids(self) -> list[int]:
        self._check_root()
        try:
            names = os.listdir(self._path("matches"))
        except FileNotFoundError:
            return []
        return sorted([int(name[:-5]) for name in names
                       if name.endswith(".json") and name[:-5].isdigit()])

    def load(self, match_id: int) -> Match:
        """The match with this id; raises StoreError if there is none or it is damaged."""
        return self._open_match(match_id)[1]

    def _open_match(self, match_id: int) -> tuple[TinyDB, Match]:
        """A match's file, read once, and the match it holds."""
        self._check_root()
        path = self._match_path(match_id)
        if not os.path.exists(path):
            known = self.match_ids()
            raise StoreError(
                _("There is no match {id} in this store; 'scorekeeper matches' lists the {n} "
                  "there are.").format(id=match_id, n=len(known)) if known else
                _("There is no match {id}: this store has no matches yet. Start one with "
                  "'scorekeeper new PLAYER1 PLAYER2'.").format(id=match_id))
        db = _open(path)
        header = db.table("match").get(doc_id=1)
        try:
            if header is None:
                raise ValueError(_("it holds no match"))
            if header.get("id") != match_id:
                raise ValueError(_("it holds match {found!r}, not {id}")
                                 .format(found=header.get("id"), id=match_id))
            documents = sorted(db.table("hands").all(), key=lambda doc: doc.doc_id)
            if [doc.doc_id for doc in documents] != list(range(1, len(documents) + 1)):
                raise ValueError(_("its hands are not numbered 1, 2, 3, ... in order"))
            hands = [dict(doc) for doc in documents]
            return db, Match.from_parts(match_id, dict(header), hands)
        except (ValueError, TypeError, InvalidHand, MatchFinished, RuleError) as error:
            raise damaged(path, str(error)) from None

    def summaries(self) -> list[Summary]:
        """A summary of every match: finished ones from the index, open ones replayed."""
        self._check_root()
        index = self._finished_rows()
        return [index.get(match_id) or self._summary(match_id) for match_id in self.match_ids()]

    def _summary(self, match_id: int) -> Summary:
        match = self.load(match_id)
        return Summary.of(match, match.sheet())

    def _finished_rows(self) -> dict[int, Summary]:
        columns = self._columns("index.json")
        ids, players, started, hands, winners = (
            columns[field] for field in ("ids", *DERIVED["index.json"].fields))
        # Each column's types gathered in one pass (in C): a store of years holds thousands.
        if (set(map(type, players)) <= {list} and set(map(len, players)) <= {2}
                and set(map(type, chain.from_iterable(players))) <= {str}
                and set(map(type, started)) <= {str} and set(map(type, hands)) <= {int}
                and set(map(type, winners)) <= {str, type(None)}):
            return dict(zip(ids, map(Summary, ids, map(tuple, players), started, hands,
                                     repeat(True), winners)))
        raise damaged(self._path("index.json"), _("a row is not a summary of a finished match"))

    def _columns(self, name: str) -> dict[str, list[Any]]:
        """The columns of a derived file: ``ids`` and a list per field, in step (all empty
        when there is no file yet)."""
        path, fields = self._path(name), DERIVED[name].fields
        data = _open(path).storage.read() or {}
        columns: dict[str, Any]
        try:
            if COLUMNS in data:
                columns = data[COLUMNS].get("1", {})
            else:  # schema 1: a document per finished match
                rows = data.get("finished", {})
                columns = {"ids": [int(key) for key in rows],
                           **{field: [row.get(field) for row in rows.values()] for field in fields}}
        except ValueError:
            columns = {}
        ids = columns.get("ids")
        if (type(ids) is list and set(map(type, ids)) <= {int} and len(set(ids)) == len(ids)
                and all(type(columns.get(field)) is list and len(columns[field]) == len(ids)
                        for field in fields)):
            return {field: columns[field] for field in ("ids", *fields)}
        raise damaged(path, _("its columns are not one list per field, each as long as its "
                              "list of match ids"))

    def history(self) -> list[tuple[tuple[str, str], dict[str, Stats]]]:
        """Every match's players and each player's figures: a finished match's from
        ``figures.json``, an open one's (or one not indexed) worked out from its file."""
        from scorekeeper.stats import FIELDS, match_stats

        self._check_root()
        columns = self._columns("figures.json")
        table = dict(zip(columns["ids"], columns["figures"]))
        figures = []
        for match_id in self.match_ids():
            kept = table.get(match_id)
            if (isinstance(kept, dict) and len(kept) == 2 and all(
                    isinstance(f, dict) and all(type(f.get(k)) is int for k in FIELDS)
                    for f in kept.values())):
                first, second = kept
                figures.append(((first, second), kept))
            else:
                match = self.load(match_id)
                figures.append((match.players, match_stats(match.sheet())))
        return figures

    def verify(self) -> tuple[int, list[str]]:
        """Read every file as the commands would; compare the indexes with the matches.

        Returns the number of matches and the problems found; changes nothing.
        """
        problems = []
        try:
            self.current_id()
        except StoreError as error:
            problems.append(str(error))
        kept: dict[str, dict[int, tuple[Any, ...]]] = {}
        for name, derived in DERIVED.items():
            try:
                columns = self._columns(name)
            except StoreError as error:
                problems.append(str(error))
                columns = {field: [] for field in ("ids", *derived.fields)}
            kept[name] = dict(zip(columns["ids"], zip(*(columns[f] for f in derived.fields))))
        ids = self.match_ids()
        for match_id in ids:
            try:
                match = self.load(match_id)
            except StoreError as error:
                problems.append(str(error))
                continue
            for name, rows in kept.items():
                row = rows.pop(match_id, None)
                if row is not None and row != DERIVED[name].row(match, match.sheet()):
                    problems.append(_("{path}: the row of match {id} disagrees with the "
                                      "match's own file. The file only spares reading the "
                                      "matches: delete it, and they are read instead.")
                                    .format(path=self._path(name), id=match_id))
        for name, rows in kept.items():
            problems += [_("{path} lists match {id}, which has no file.")
                         .format(path=self._path(name), id=match_id) for match_id in rows]
        return len(ids), problems

    # Writing

    @contextmanager
    def writing(self) -> Iterator[Writer]:
        """Hold the store's lock; what the writer staged is written when the block succeeds."""
        self._check_root()
        try:
            os.makedirs(self._path("matches"), exist_ok=True)
            fd = os.open(self._path("store.lock"), os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise StoreError(_("Cannot write to the store {path}: {reason}. Check its "
                               "permissions.").format(path=self.root, reason=error.strerror))
        try:
            deadline = time.monotonic() + self.lock_timeout
            while True:
                try:
                    _try_lock(fd)
                    break
                except OSError:
                    if time.monotonic() >= deadline:
                        raise StoreError(
                            _("Another scorekeeper has held the lock {path} for {seconds:g} "
                              "seconds; let it finish and try again (if none is running, a "
                              "stuck process holds it: end that process).")
                            .format(path=self._path("store.lock"), seconds=self.lock_timeout))
                    time.sleep(0.02)
            self._remove_leftovers()
            writer = Writer(self)
            yield writer
            writer.commit()
        finally:
            os.close(fd)

    def _remove_leftovers(self) -> None:
        """Remove the store's own temporary files a killed writer left behind (under the lock;
        a match's is replaced by that match's next write)."""
        for name in os.listdir(self.root):
            if name.startswith(".") and name.endswith(".tmp"):
                _remove(self._path(name))


def _figures(sheet: Scoresheet) -> dict[str, Stats]:
    """A finished match's figures for ``stats`` (imported only when a match ends)."""
    from scorekeeper.stats import match_stats

    return match_stats(sheet)


class Derived(NamedTuple):
    """What a derived file keeps of each finished match: its fields, and how to work them out."""

    fields: tuple[str, ...]
    row: Callable[[Match, Scoresheet], tuple[Any, ...]]


#: What is kept of each finished match outside its own file, by file: the summary ``matches``
#: lists, and the figures ``stats`` adds up. Both are derived from the match, never edited.
DERIVED = {
    "index.json": Derived(("players", "started", "hands", "winner"), lambda match, sheet: (
        list(match.players), match.created, len(sheet.rounds), sheet.winner)),
    "figures.json": Derived(("figures",), lambda match, sheet: (_figures(sheet),)),
}

#: The table of a derived file holding its one document of columns.
COLUMNS = "columns"


def _write_columns(path: str, columns: dict[str, list[Any]]) -> None:
    AtomicJSONStorage(path).write({COLUMNS: {"1": columns}})


class Writer:
    """Changes staged under the store's lock; nothing reaches the disk until :meth:`commit`."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._state: TinyDB | None = None
        self._matches: dict[int, tuple[TinyDB, Match, bool]] = {}
        """Each loaded match: its file, its facts, and whether it was finished when loaded."""
        self._next_id: int | None = None
        self._changed: set[int] = set()
        """The matches whose files this writer changed."""

    def _state_db(self) -> TinyDB:
        if self._state is None:
            self._state = _open(self.store._path("store.json"))
        return self._state

    def set_current(self, match_id: int) -> None:
        self._state_db().table("store").upsert(Document({"current": match_id}, doc_id=1))

    def load(self, match_id: int) -> Match:
        """Load a match to change it (always the file's state under the lock)."""
        if match_id not in self._matches:
            db, match = self.store._open_match(match_id)
            self._matches[match_id] = (db, match, match.sheet().finished)
        return self._matches[match_id][1]

    def create(self, players: tuple[str, str], rules: Rules, first_dealer: str,
               description: str = "", created: str = "",
               history: Sequence[StoredHand] = (), teams: Teams | None = None) -> Match:
        """A new match with the next free id, made current."""
        if self._next_id is None:
            self._next_id = max(self.store.match_ids(), default=0) + 1
        match_id, self._next_id = self._next_id, self._next_id + 1
        match = Match(match_id, players, rules, first_dealer, created or now(), description,
                      list(history), teams)
        match.sheet()
        db = _open(self.store._match_path(match_id))
        db.table("match").insert(Document(match.header(), doc_id=1))
        db.table("hands").insert_multiple(h.to_dict() for h in match.history)
        # Counted as "was finished": the commit then drops any row the index still holds for
        # this id (left by a match file someone moved out of the store).
        self._matches[match_id] = (db, match, True)
        self._changed.add(match_id)
        self.set_current(match_id)
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
        self._matches[match.id][0].table("hands").insert(stored.to_dict())
        self._changed.add(match.id)

    def _mark(self, match: Match, stored: StoredHand, status: str) -> None:
        position = match.history.index(stored)  # the hand stored as document position + 1
        match.history[position] = StoredHand(stored.hand, stored.slot, status, stored.recorded)
        self._changed.add(match.id)
        self._matches[match.id][0].table("hands").update(
            {"status": status}, doc_ids=[position + 1])

    def commit(self) -> None:
        """Write every changed file, each all-or-nothing, keeping the indexes never wrong.

        Only a change to a match that was or is finished touches the indexes, each at most
        twice: first without those matches' rows, then, after the match files, with the rows
        of the ones finished now. Recording a hand in an open match never reads them.
        """
        changed = [(db, match, was_finished, match.sheet())
                   for match_id, (db, match, was_finished) in self._matches.items()
                   if match_id in self._changed]
        indexed = [(match, sheet) for _db, match, was, sheet in changed if was or sheet.finished]
        indexes = {name: self.store._columns(name) for name in DERIVED} if indexed else {}
        stale = {match.id for match, _sheet in indexed}
        for name, columns in indexes.items():
            if not stale.isdisjoint(columns["ids"]):
                kept = [row for row, match_id in enumerate(columns["ids"]) if match_id not in stale]
                columns = indexes[name] = {
                    field: [values[row] for row in kept] for field, values in columns.items()}
                _write_columns(self.store._path(name), columns)
        for db, *_rest in changed:
            _flush(db)
        finished = [(match, sheet) for match, sheet in indexed if sheet.finished]
        for name, columns in indexes.items():
            for match, sheet in finished:
                columns["ids"].append(match.id)
                for field, value in zip(DERIVED[name].fields, DERIVED[name].row(match, sheet)):
                    columns[field].append(value)
            if finished:
                _write_columns(self.store._path(name), columns)
        if self._state is not None:
            _flush(self._state)
