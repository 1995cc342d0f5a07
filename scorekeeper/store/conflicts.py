"""Copies of match files beside the match files, and what ``resolve`` does with each.

A sync tool that finds one match changed on two machines keeps both versions: the match file,
and beside it a copy under another name (Syncthing's ``3.sync-conflict-20261201-203000-ABC1234
.json``, Dropbox's ``3 (conflicted copy).json``, Nextcloud's ``3 (conflicted copy 2026-12-01
203000).json``, OneDrive's ``3-LAPTOP.json``); a person may copy a match file in by hand under
any name. Any file of the ``matches`` folder under another name than ``<id>.json`` that reads
as a match file is such a copy. It is compared with the store's match of the same uuid, as
``import`` compares a file: the same or an earlier state (set aside), a later state (the match
brought up to date from it), a match the store does not hold (a new match), or two copies that
went their own ways (the person chooses).
"""

from __future__ import annotations

import os
from enum import Enum
from typing import NamedTuple

from scorekeeper.match import Match, Relation, relation


class Case(str, Enum):
    """What a copy is to the store."""

    SAME = "same"
    """The same facts as the store's match: nothing to take from it."""
    EARLIER = "earlier"
    """An earlier state of the store's match: everything in it is in the store."""
    LATER = "later"
    """A later state of the store's match: the match is brought up to date from it."""
    NEW = "new"
    """A match the store does not hold (two machines each made a match with that id)."""
    DIVERGED = "diverged"
    """A copy of the store's match that went its own way: each holds facts the other lacks."""
    DELETED = "deleted"
    """A copy of a match that was deleted: it is restored first."""


class Copy(NamedTuple):
    """A copy found in the store, what it holds, and what it is to the store."""

    name: str
    """Its file name, in the ``matches`` folder."""
    match: Match
    """What it holds (with the id the copy gives it)."""
    case: Case
    held: int | None
    """The id of the store's match of the same uuid (None for a new match)."""


def case_of(copy: Match, held: Match | None, deleted: bool = False) -> Case:
    """What a copy is to the store, given the store's match of the same uuid (if any)."""
    if held is None:
        return Case.NEW
    if deleted:
        return Case.DELETED
    return {
        Relation.SAME: Case.SAME,
        Relation.AHEAD: Case.EARLIER,
        Relation.BEHIND: Case.LATER,
        Relation.APART: Case.DIVERGED,
    }[relation(held, copy)]


#: The longest file name most file systems take, in bytes.
NAME_MAX = 255


def aside_name(folder: str, name: str) -> str:
    """A name in ``folder`` for a copy set aside: its own, or with a number if that is taken
    (``3 (conflicted copy).json`` -> ``3 (conflicted copy) 2.json``), the name cut short
    where the number would make it longer than a file name may be."""
    stem, extension = os.path.splitext(name)
    candidate, number = name, 1
    while os.path.lexists(os.path.join(folder, candidate)):
        number += 1
        tail = f" {number}{extension}"
        room = NAME_MAX - len(os.fsencode(tail))
        candidate = os.fsencode(stem)[:room].decode(errors="ignore") + tail
    return candidate
