"""The join code of a store's page and the page's token, kept on this machine across restarts.

``serve`` keeps them in the store's cache folder (beside the summaries, never in the store,
which a sync tool copies to other machines), so that a ``serve`` started again hands out the
same address: the phones at the table keep their cookie and their page, and come back by
themselves. ``serve --new-code`` draws new ones, which shuts every phone that joined before
out. Where the cache folder cannot hold them, they are drawn anew each time, and kept nowhere.

A ``--read-only`` server of the store has keys of its own, kept apart: what lets an onlooker
in (and what its page carries) never lets anyone write through a writing server of the store.
The file is the user's alone (mode 0600); one that others were let read is made so again.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass

#: The file in the store's cache folder that holds them.
FILE = "serve.json"

#: The file that holds a ``--read-only`` server's.
READ_ONLY_FILE = "serve-read-only.json"


@dataclass(frozen=True)
class Keys:
    """What lets a phone in, and what lets its page write."""

    code: str
    """The join code the page's address carries."""
    token: str
    """What every write must carry: only the page knows it."""

    @property
    def cookie(self) -> str:
        """What the join code leaves in the phone's cookie: worked out from the code and the
        token, so a server started again with the same ones takes it back, and one with new
        ones refuses it (the cookie is not the code itself, which it never shows).

        >>> Keys("abc", "xyz").cookie == Keys("abc", "xyz").cookie != Keys("abd", "xyz").cookie
        True
        """
        digest = hmac.new(self.token.encode(), b"cookie:" + self.code.encode(), hashlib.sha256)
        return digest.hexdigest()[:32]


def drawn() -> Keys:
    """New keys, never seen before."""
    return Keys(code=secrets.token_urlsafe(6), token=secrets.token_urlsafe(24))


def kept(cache: str | None, new: bool = False, read_only: bool = False) -> Keys:
    """The keys kept in the folder ``cache`` (None: nowhere) for a server that writes, or for
    one that is ``read_only``: drawn and kept there the first time, or anew with ``new``."""
    path = None if cache is None else os.path.join(cache, READ_ONLY_FILE if read_only else FILE)
    if path is not None and not new:
        found = read(path)
        if found is not None:
            return found
    keys = drawn()
    if path is not None:
        write(path, keys)
    return keys


def read(path: str) -> Keys | None:
    """The keys in ``path``, or None where there are none that can be used (the file made the
    user's alone again if others were let read it; one that cannot be made so is not used)."""
    try:
        with open(path, encoding="utf-8") as file:
            if os.fstat(file.fileno()).st_mode & 0o077:
                os.fchmod(file.fileno(), 0o600)
            found = json.loads(file.read(4096))
    except (OSError, ValueError):
        return None
    if not isinstance(found, dict):
        return None
    code, token = found.get("code"), found.get("token")
    if not (well_made(code, 8) and well_made(token, 32)):
        return None
    assert isinstance(code, str) and isinstance(token, str)
    return Keys(code=code, token=token)


def well_made(value: object, least: int) -> bool:
    """Whether ``value`` is a key as :func:`drawn` makes them (URL-safe, long enough)."""
    allowed = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    return isinstance(value, str) and least <= len(value) <= 64 and set(value) <= set(allowed)


def write(path: str, keys: Keys) -> None:
    """Keep ``keys`` in ``path``, readable by this user only, whole or not at all (a folder
    that cannot hold them keeps nothing: the keys then last as long as the server)."""
    temporary = f"{path}.{secrets.token_hex(4)}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            json.dump({"code": keys.code, "token": keys.token}, file)
        os.replace(temporary, path)
    except OSError:
        try:
            os.unlink(temporary)
        except OSError:
            pass
