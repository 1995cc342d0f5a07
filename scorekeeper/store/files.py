"""The files a store owns: bounded reads, exclusive temporary files, atomic replace, the lock.

Everything here touches only what the store made. A file is read only when it is a regular
file of a sane size (never through a symbolic link, never a device or a pipe); a new version of
a file is written to a temporary file created exclusively in the store's own ``tmp`` folder,
flushed to disk and renamed over the old one, so a reader or a crash sees the old file or the
new one, never a mixture; and a temporary file is removed only when it is provably one of ours
(our name, in our folder, a regular file of our user) and no writer can still be writing it.
The lock is taken on the store's directory itself, so there is no lock file that could be
removed or replaced while writers run.
"""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import Enum
from typing import Any, NamedTuple

from tinydb.middlewares import Middleware
from tinydb.storages import Storage

from scorekeeper.facts import from_json
from scorekeeper.i18n import _, system_error

#: The layout version written into every file; a file from a newer version is refused. Schema
#: 3: the current match is derived from the match files and a pointer that ``use`` writes.
#: Schema 4: every match has a uuid, and a table of the changes made to the match itself.
SCHEMA = 4
#: The largest store file read: a match of a thousand hands is a few hundred kilobytes, and the
#: summaries of ten thousand matches a few megabytes.
MAX_BYTES = 64 * 1024 * 1024
#: The folders of the match files in play, of those deleted, and of the copies set aside.
MATCHES, DELETED, RESOLVED = "matches", "deleted", "resolved"
#: The first schema whose ``store.json`` names the newest match.
POINTER_SCHEMA = 3
#: Where versions before 0.2 kept their summaries, in the store itself: a writer takes them
#: away (this version keeps its own in the machine's cache directory).
OLD_SUMMARIES = ("index.json", "figures.json")

#: How the store's temporary files are named: the prefix, twelve hex digits, the suffix.
TEMP_PREFIX, TEMP_SUFFIX, TEMP_DIGITS = ".scorekeeper-", ".tmp", 12


class Pointer(NamedTuple):
    """What ``store.json`` says of the current match."""

    chosen: int
    """The match chosen with ``use`` (or made current by ``new``, ``import`` or ``delete``)."""
    newest: int | None
    """The newest match when it was chosen (None in a file written before schema 3, which
    named the current match itself): a match newer than it is current instead."""
    fallback: int | None = None
    """The match current should the one chosen leave ``matches``: ``delete`` names it before
    it moves the current match's file, so that the move alone makes it current."""


class StoreError(Exception):
    """Raised for a store that cannot be read or written: missing, damaged, locked, newer. Its
    message says what is wrong, and what to do about the files where that is all there is to
    do; a command to run is the command line's to add (:class:`MatchMissing`)."""


class NotAFolder(StoreError):
    """The store's path names a file, not a folder."""

    def __init__(self, path: str) -> None:
        self.path = path
        super().__init__(_("{path} is a file, but a store is a folder.").format(path=path))


class Missing(Enum):
    """What there is instead of the match file looked for."""

    NOT_DELETED = "not_deleted"
    """A deleted match was asked for, and there is none of that id."""
    DELETED = "deleted"
    """The match was deleted."""
    ELSEWHERE = "elsewhere"
    """There is no such match, and there are others."""
    NONE_YET = "none_yet"
    """The store has no matches at all."""


class MatchMissing(StoreError):
    """No match of this id where it was looked for."""

    def __init__(self, match_id: int, missing: Missing, known: int = 0) -> None:
        self.match_id, self.missing, self.known = match_id, missing, known
        """The id asked for, what there is instead, how many matches the store holds."""
        said = {
            Missing.NOT_DELETED: _("Match {id} is not among the deleted matches."),
            Missing.DELETED: _("Match {id} was deleted."),
            Missing.ELSEWHERE: _("There is no match {id} in this store."),
            Missing.NONE_YET: _("There is no match {id}: this store has no matches yet."),
        }
        super().__init__(said[missing].format(id=match_id))


def damaged(path: str, reason: str) -> StoreError:
    return StoreError(
        _(
            "{path} is damaged: {reason}. Nothing was changed; restore the file from a backup "
            "or move it out of the store."
        ).format(path=path, reason=reason.rstrip("."))
    )


Identity = str
"""What a file is, as a stat of it says: its device, inode, size, and the times of its last
change of content and of any kind (``"2049 131 4210 1764620000123456789 1764620000123456789"``).
Any write, rename or copy gives a file another identity: the time of change (ctime) is set by
the system and no program can set it back."""


def identity(found: os.stat_result) -> Identity:
    """A file's identity from a stat of it."""
    return f"{found.st_dev} {found.st_ino} {found.st_size} {found.st_mtime_ns} {found.st_ctime_ns}"


def read_file(path: str, limit: int = MAX_BYTES) -> tuple[bytes, Identity] | None:
    """The bytes of a regular file of the store and its identity as it was read, or None where
    there is none.

    Raises StoreError for a symbolic link, a device, a pipe, a folder, a file larger than
    ``limit`` or one that cannot be read, naming the file."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return None
    except OSError as error:
        if os.path.islink(path):
            raise StoreError(
                _(
                    "{path} is a symbolic link, but a store keeps its own files: put "
                    "the file itself there."
                ).format(path=path)
            ) from None
        raise cannot_read(path, error) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise StoreError(
                _(
                    "{path} is not a regular file, so it is not a scorekeeper store "
                    "file; move it out of the store."
                ).format(path=path)
            )
        if info.st_size > limit:
            raise too_large(path, limit)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, max(info.st_size + 1 - size, 65536))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise too_large(path, limit)
        found = b"".join(chunks), identity(info)
    except OSError as error:
        raise cannot_read(path, error) from None
    finally:
        closed(fd, path)
    return found


def closed(fd: int, path: str) -> None:
    """Close a store file read; raises StoreError naming it should closing fail (EIO from a
    network file system or a failing disk is the file's error, not the command's output's)."""
    try:
        os.close(fd)
    except OSError as error:
        raise cannot_read(path, error) from None


def too_large(path: str, limit: int) -> StoreError:
    return StoreError(
        _(
            "{path} is larger than {most} bytes, far more than a store file holds; "
            "move it out of the store."
        ).format(path=path, most=limit)
    )


class Unwritable(StoreError):
    """A change the store's disk refused (full, read-only, not permitted): nothing was
    changed. Its message names the file; ``reason`` is what the system said, in the
    language."""

    def __init__(self, message: str, error: OSError) -> None:
        self.reason = system_error(error)
        super().__init__(message)


class Unreadable(StoreError):
    """A file of the store that could not be read: what it holds is not known (an I/O error),
    or not for this user to know (``denied``)."""

    def __init__(self, path: str, error: OSError) -> None:
        self.path, self.denied = path, isinstance(error, PermissionError)
        super().__init__(
            _(
                "Cannot read {path}: {reason}. Check that it is a scorekeeper store file you "
                "may read."
            ).format(path=path, reason=system_error(error))
        )


def cannot_read(path: str, error: OSError) -> StoreError:
    return Unreadable(path, error)


def cannot_read_folder(path: str, error: OSError) -> StoreError:
    return StoreError(
        _("Cannot read the folder {path}: {reason}. Check its permissions.").format(
            path=path, reason=system_error(error)
        )
    )


def present(path: str) -> bool:
    """Whether there is a file (or a link) at ``path``; raises StoreError naming its folder
    if the folder cannot be read (never taken for a file that is not there)."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as error:
        raise cannot_read_folder(os.path.dirname(path), error) from None
    return True


def parse(path: str, content: bytes) -> dict[str, dict[str, Any]]:
    """A store file's tables, checked: JSON, tables of documents, a schema this version reads."""
    try:
        data = from_json(content)
    except ValueError as error:
        raise damaged(path, str(error)) from None
    # Every table a dict of documents, every document a dict (the types gathered in C: an index
    # holds a row for each of thousands of matches).
    if type(data) is not dict or not all(
        type(table) is dict and set(map(type, table.values())) <= {dict} for table in data.values()
    ):
        raise damaged(path, _("it is JSON but not a TinyDB file"))
    schema = data.get("meta", {}).get("1", {}).get("schema")
    if type(schema) is int and schema > SCHEMA:
        raise StoreError(
            _(
                "{path} was written by a newer scorekeeper (store schema {found}; this one "
                "reads up to {known}). Upgrade scorekeeper to use this store."
            ).format(path=path, found=schema, known=SCHEMA)
        )
    if type(schema) is not int or schema < 1:
        raise damaged(path, _("it has no scorekeeper schema version"))
    return data


def write_atomically(
    path: str, content: bytes, temp_dir: str, witness: Callable[[], object] | None = None
) -> bool:
    """Replace ``path`` by ``content`` so that a reader or a crash sees the old or the new file.

    The new file is written in ``temp_dir`` (on the same file system), flushed to disk and
    renamed over ``path``; the rename is the moment the change happens (``witness`` is called
    right before it and right after it). Raises StoreError, with ``path`` as it was, if
    anything before the rename fails. Returns whether the folder's entry was confirmed on disk
    too: False when the rename happened but flushing the folder failed.
    """
    temporary = ""
    try:
        fd, temporary = _create_temporary(temp_dir)
        try:
            view = memoryview(content)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        if witness is not None:
            witness()
        os.replace(temporary, path)
    except OSError as error:
        if temporary:
            _remove(temporary)
        raise Unwritable(
            _(
                "Cannot write {path}: {reason}. Nothing was changed; check the "
                "permissions and free space of its folder."
            ).format(path=path, reason=system_error(error)),
            error,
        ) from None
    if witness is not None:
        witness()
    try:
        sync_folder(os.path.dirname(path))
    except OSError:
        return False
    return True


def move(source: str, target: str) -> bool:
    """Move a store file into another folder of the store in one rename, the moment the change
    happens (``target`` must not exist: the caller made sure under the lock). Raises StoreError,
    with nothing moved, if the rename fails; returns whether both folders' entries were then
    confirmed on disk."""
    try:
        os.rename(source, target)
    except OSError as error:
        raise Unwritable(
            _(
                "Cannot move {path}: {reason}. Nothing was changed; check the permissions of "
                "the store's folders."
            ).format(path=source, reason=system_error(error)),
            error,
        ) from None
    try:
        sync_folder(os.path.dirname(target))
        sync_folder(os.path.dirname(source))
    except OSError:
        return False
    return True


def _create_temporary(folder: str) -> tuple[int, str]:
    """A new file of ours in ``folder``, created exclusively (never through a link)."""
    flags = (
        os.O_WRONLY
        | os.O_CREAT
        | os.O_EXCL
        | getattr(os, "O_NOFOLLOW", 0)
        | getattr(os, "O_CLOEXEC", 0)
        | getattr(os, "O_BINARY", 0)
    )
    while True:
        name = TEMP_PREFIX + os.urandom(TEMP_DIGITS // 2).hex() + TEMP_SUFFIX
        path = os.path.join(folder, name)
        try:
            return os.open(path, flags, 0o666), path
        except FileExistsError:  # pragma: no cover - 48 random bits taken: draw again
            continue


def is_temporary(name: str) -> bool:
    """Whether ``name`` is how the store names its temporary files."""
    digits = name[len(TEMP_PREFIX) : -len(TEMP_SUFFIX)]
    return (
        name.startswith(TEMP_PREFIX)
        and name.endswith(TEMP_SUFFIX)
        and len(digits) == TEMP_DIGITS
        and all(c in "0123456789abcdef" for c in digits)
    )


def remove_leftovers(folder: str) -> None:
    """Remove the temporary files a killed writer left in the store's ``tmp`` folder: our names,
    regular files of our user (never what a link points to). Called under the lock, when no
    other writer can be writing one."""
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return
    for entry in entries:
        if (
            is_temporary(entry.name)
            and entry.is_file(follow_symlinks=False)
            and entry.stat(follow_symlinks=False).st_uid == getattr(os, "getuid", int)()
        ):
            _remove(entry.path)


def remove_derived(path: str) -> None:
    """Remove a file of derived data, if it is a regular file (never what a link points to);
    one that cannot be removed stays, unread."""
    try:
        if stat.S_ISREG(os.lstat(path).st_mode):
            os.unlink(path)
    except OSError:
        pass


def sync_folder(folder: str) -> None:
    """Flush a folder's entries to disk (where the system allows it)."""
    if os.name == "nt":  # pragma: no cover
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def own_folder(path: str, link_ok: bool = False) -> None:
    """Make sure ``path`` is a real folder of the store (created if missing; a link only with
    ``link_ok``, as the store's own directory may be)."""
    try:
        os.makedirs(path)
    except FileExistsError:
        if not stat.S_ISDIR((os.stat if link_ok else os.lstat)(path).st_mode):
            raise StoreError(
                _(
                    "{path} should be one of the store's folders but is not a folder; "
                    "move it out of the store."
                ).format(path=path)
            ) from None


if sys.platform == "win32":  # pragma: no cover
    import msvcrt

    def _open_lock(root: str) -> int:
        return os.open(os.path.join(root, "store.lock"), os.O_RDWR | os.O_CREAT, 0o644)

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
else:
    import fcntl

    def _open_lock(root: str) -> int:
        return os.open(root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | os.O_CLOEXEC)

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True


@contextmanager
def locked(root: str, timeout: float) -> Iterator[None]:
    """Hold the store's lock (the store directory itself) while the block runs, waiting up to
    ``timeout`` seconds for another writer to let go."""
    try:
        fd = _open_lock(root)
    except OSError as error:
        raise Unwritable(
            _("Cannot write to the store {path}: {reason}. Check its permissions.").format(
                path=root, reason=system_error(error)
            ),
            error,
        ) from None
    try:
        deadline = time.monotonic() + timeout
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                raise StoreError(
                    _(
                        "Another scorekeeper has held the lock on the store {path} for {seconds:g} "
                        "seconds; let it finish and try again (if none is running, a stuck process "
                        "holds it: end that process)."
                    ).format(path=root, seconds=timeout)
                )
            time.sleep(0.02)
        yield
    except OSError as error:
        raise StoreError(
            _("Cannot lock the store {path}: {reason}.").format(
                path=root, reason=system_error(error)
            )
        ) from None
    finally:
        os.close(fd)


class FileStorage(Storage):
    """A TinyDB storage on one file of the store: read bounded and checked, written whole and
    atomically (temporary files in ``temp_dir``). ``identity`` is that of the file last read."""

    def __init__(self, path: str, temp_dir: str) -> None:
        self.path, self.temp_dir = path, temp_dir
        self.identity: Identity | None = None
        self.confirmed = True
        """False once a write renamed the file into place but its folder could not be flushed."""
        self.witness: Callable[[], object] | None = None
        """Called right before and right after a write's rename (:func:`write_atomically`)."""

    def read(self) -> dict[str, dict[str, Any]] | None:
        found = read_file(self.path)
        if found is None:
            return None
        content, self.identity = found
        return parse(self.path, content)

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        data["meta"] = {"1": {"schema": SCHEMA}}
        content = json.dumps(data, ensure_ascii=False).encode("utf-8")
        self.confirmed = write_atomically(self.path, content, self.temp_dir, self.witness)


class Staged(Middleware):
    """Reads the file once and keeps every change in memory until :meth:`commit` writes it, in
    one atomic replace (TinyDB writes its whole file on every change)."""

    def __init__(self, storage_cls: type[FileStorage] = FileStorage) -> None:
        super().__init__(storage_cls)
        self.data: dict[str, dict[str, Any]] | None = None
        self.changed = False

    @property
    def file(self) -> FileStorage:
        storage = self.storage
        assert isinstance(storage, FileStorage)
        return storage

    def read(self) -> dict[str, dict[str, Any]] | None:
        if self.data is None and not self.changed:
            self.data = self.file.read()
        return self.data

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        self.data, self.changed = data, True

    def commit(self) -> bool:
        """Write the staged changes, if any; returns whether the write was confirmed on disk."""
        if self.changed and self.data is not None:
            self.file.write(self.data)
            self.changed = False
            return self.file.confirmed
        return True

    def close(self) -> None:
        pass
