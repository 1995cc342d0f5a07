"""What the command line and the page do to a match, the same way, with no click and no HTTP:
find the match acted on, record a hand for hand number N, take the last hand back, and watch
for changes. Each change is one read of the match under the store's lock, one replay and one
commit; each refusal is a domain error (this module's, the engine's or the store's), which the
command line and the page each say in their own way."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from scorekeeper.engine import Form, Hand, Scoresheet, check_entry
from scorekeeper.i18n import _
from scorekeeper.match import Match, StoredHand
from scorekeeper.messages import next_deal, plain, report, round_line
from scorekeeper.store import Store, StoreError

HandBuilder = Callable[[Match, "Hand | None"], Hand]
"""Makes the hand entered, for a match and (for ``amend``) the hand it replaces."""


class Refused(Exception):
    """The match does not allow what was asked; its text says why."""


class NoCurrentMatch(Refused):
    """No match was given and there is no current one."""


class MatchAbandoned(Refused):
    """A hand for an abandoned match."""


class MatchOver(Refused):
    """A hand after the end of the match."""


class NotTheNextHand(Refused):
    """A hand entered (or taken back) as hand N when the match no longer waits for it: it was
    recorded meanwhile, or hands were taken back."""


class NothingToUndo(Refused):
    """Taking back the last hand of a match that has none."""


def match_id(store: Store, given: int | None) -> int:
    """The match acted on: the one given, else the current one."""
    if given is not None:
        return given
    current = store.current_id()
    if current is None or not store.has(current):
        raise NoCurrentMatch(
            _(
                "There is no current match. Start one with 'scorekeeper new PLAYER1 PLAYER2', "
                "or choose one with 'scorekeeper use MATCH' ('scorekeeper matches' lists them)."
            )
        )
    return current


def load_sheet(store: Store, given: int | None) -> tuple[Match, Scoresheet]:
    """The match acted on, and its sheet."""
    match = store.load(match_id(store, given))
    return match, match.sheet()


def watched(store: Store, given: int | None) -> object:
    """What the watched match is now, without reading it: its id and its file's stamp (or
    the problem in finding it)."""
    try:
        chosen = match_id(store, given)
    except (Refused, StoreError, OSError) as error:
        return str(error)
    return chosen, store.identity(chosen)


def refuse_if_abandoned(match: Match) -> None:
    """Refuse a hand, or a correction of one, in an abandoned match."""
    if match.abandoned:
        raise MatchAbandoned(
            _(
                "Match {id} was abandoned, so no hand can be recorded or corrected in it. "
                "'scorekeeper undo' takes the abandoning back."
            ).format(id=match.id)
        )


def open_sheet(match: Match) -> Scoresheet:
    """The match's sheet, refused once the match is over or abandoned: no hand can follow."""
    refuse_if_abandoned(match)
    sheet = match.sheet()
    if sheet.finished:
        raise MatchOver(
            _(
                "Match {id} is over, so no hand can be added. Start the next "
                "series with 'scorekeeper new --rematch', or another match with "
                "'scorekeeper new'."
            ).format(id=match.id)
        )
    return sheet


class Added(NamedTuple):
    """A hand added to a match: the sheets before and after it, and the hand as stored (None
    in a dry run)."""

    before: Scoresheet
    after: Scoresheet
    stored: StoredHand | None


def add_hand(
    store: Store,
    given: int | None,
    build: HandBuilder,
    dry_run: bool = False,
    expected: int | None = None,
) -> Added:
    """Add a new hand after the last one (with ``dry_run``, only work it out), built against
    the match as it is under the store's lock.

    ``expected`` is the number the hand was entered as (``serve``'s page says which hand it
    asks for): should the match hold another number of hands by the time the lock is had
    (another phone, a terminal recorded or took one back meanwhile), :class:`NotTheNextHand`
    is raised and nothing is stored, so that two entries of the same hand record it once."""
    chosen = match_id(store, given)
    with store.writing() as writer:
        match = writer.load(chosen)
        if expected is not None:
            check_next(match, expected)
        before = open_sheet(match)
        hand = build(match, None)
        check_entry(match.rules, hand)
        after = match.sheet([*(stored.hand for stored in match.in_force()), hand])
        stored = None if dry_run else match.add(hand)
    return Added(before, after, stored)


def check_next(match: Match, expected: int) -> None:
    """Refuse a hand entered as hand ``expected`` unless the match holds ``expected - 1`` hands
    in force (a hand of each table, in Partnership Gin)."""
    held = match.in_force()
    if expected == len(held) + 1:
        return
    if 1 <= expected <= len(held):
        raise NotTheNextHand(
            _(
                "Hand {number} was just recorded from elsewhere ({hand}), so this entry was "
                "not stored; the sheet shows it."
            ).format(number=expected, hand=plain(held[expected - 1].hand))
        )
    raise NotTheNextHand(
        _(
            "Hand {number} is no longer the next hand: match {id} has {count} hands now, so "
            "this entry was not stored; the sheet shows where it stands."
        ).format(number=expected, id=match.id, count=len(held))
    )


def taken_back(store: Store, chosen: int, expected: int | None = None) -> list[str]:
    """Void the last hand of the match (or take its abandoning back); what to report.

    ``expected`` is the number of the hand meant (``serve``'s page says which hand it takes
    back): unless it is still the last hand in force when the lock is had, nothing is changed
    and :class:`NotTheNextHand` is raised, so that two phones taking hand 7 back take back one
    hand."""
    with store.writing() as writer:
        current = writer.load(chosen)
        before, took_back = current.sheet(), current.abandoned
        held = len(current.in_force())
        if expected is not None and (took_back or expected != held):
            raise NotTheNextHand(
                _(
                    "Hand {number} is no longer the last hand (match {id} has {count} hands "
                    "now), so nothing was taken back; the sheet shows where it stands."
                ).format(number=expected, id=current.id, count=held)
            )
        if took_back:
            current.take_back_abandoning()
        elif not current.in_force():
            raise NothingToUndo(_("Match {id} has no hand to undo.").format(id=current.id))
        else:
            last = current.void_last()
    sheet = current.sheet()
    if took_back:
        return [
            _("Match {id} is being played again: the abandoning is taken back.").format(
                id=current.id
            ),
            next_deal(sheet),
        ]
    voided = (
        _("Voided hand {number}: {hand}").format(
            number=len(current.in_force()) + 1, hand=plain(last.hand)
        )
        if sheet.variant.form is Form.PARTNERSHIP
        else _("Voided {line}").format(line=round_line(before.rounds[-1]))
    )
    return report(before, sheet, voided)
