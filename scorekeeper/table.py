"""What the command line and the page do to a match, the same way, with no click and no HTTP:
find the match acted on, record a hand for hand number N, take the last hand back, correct a
hand, change the rules, and watch for changes. Each change is one read of the match under the
store's lock, one replay and one commit; each refusal is a domain error (this module's, the
engine's or the store's) saying what is wrong in words true on every screen, to which the
command line adds what to type about it."""

# No ``from __future__ import annotations`` here: typing.NamedTuple compiles every annotation
# given as a string, which every command would pay for.

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.engine import (
    Answers,
    Form,
    Hand,
    InvalidHand,
    MatchFinished,
    NextHand,
    Scoresheet,
    check_correction,
)
from scorekeeper.i18n import _, ngettext
from scorekeeper.match import HandInTheWay, Match, StoredHand
from scorekeeper.messages import next_deal, plain, round_line
from scorekeeper.rules import Rules

if TYPE_CHECKING:  # the phone app runs these use cases on matches it keeps itself, no store
    from scorekeeper.store import Store

Answering = Callable[[NextHand, "Hand | None"], Answers]
"""The answers entered about a hand, given the hand as the match has it when it is stored (the
next hand, or the hand corrected) and, for a correction, the hand they replace: a command line
resolves the names typed against its players. That hand then builds the hand from them."""


class Refused(Exception):
    """The match does not allow what was asked; its text says why, and ``fields`` the figures
    it names (for the command line's advice)."""

    def __init__(self, said: str, **fields: object) -> None:
        super().__init__(said)
        self.fields = fields


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


class NoSuchHand(Refused):
    """A correction of a hand the match does not hold."""


class CorrectionEndsMatch(Refused):
    """A correction that would end the match before hands recorded after it."""


class RulesFixed(Refused):
    """A change of the rules of a finished match: its settlement is what was paid."""


class RulesInTheWay(Refused):
    """A change of rules under which a hand recorded (``number``) could not have been played as
    it was."""


def match_id(store: "Store", given: int | None) -> int:
    """The match acted on: the one given, else the current one."""
    if given is not None:
        return given
    current = store.current_id()
    if current is None or not store.has(current):
        raise NoCurrentMatch(_("There is no current match."))
    return current


def load_sheet(store: "Store", given: int | None) -> tuple[Match, Scoresheet]:
    """The match acted on, and its sheet."""
    match = store.load(match_id(store, given))
    return match, match.sheet()


def watched(store: "Store", given: int | None) -> object:
    """What the watched match is now, without reading it: its id and its file's stamp (or
    the problem in finding it)."""
    from scorekeeper.store import StoreError

    try:
        chosen = match_id(store, given)
    except (Refused, StoreError, OSError) as error:
        return str(error)
    return chosen, store.identity(chosen)


def refuse_if_abandoned(match: Match) -> None:
    """Refuse a hand, or a correction of one, in an abandoned match."""
    if match.abandoned:
        raise MatchAbandoned(
            _("Match {id} was abandoned, so no hand can be recorded or corrected in it.").format(
                id=match.id
            )
        )


def open_sheet(match: Match) -> Scoresheet:
    """The match's sheet, refused once the match is over or abandoned: no hand can follow."""
    refuse_if_abandoned(match)
    sheet = match.sheet()
    if sheet.finished:
        raise MatchOver(_("Match {id} is over, so no hand can be added.").format(id=match.id))
    return sheet


class Added(NamedTuple):
    """A hand added to a match: the sheets before and after it, and the hand as stored (None
    in a dry run)."""

    before: Scoresheet
    after: Scoresheet
    stored: StoredHand | None


def add_hand(
    store: "Store",
    given: int | None,
    entered: Answers | Answering,
    dry_run: bool = False,
    expected: int | None = None,
) -> Added:
    """Add a new hand after the last one (with ``dry_run``, only work it out), built from the
    answers entered by the match's next hand as it is under the store's lock.

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
        coming = before.next_hand()
        hand = coming.build(entered if isinstance(entered, Answers) else entered(coming, None))
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
                "not stored; the sheet shows it as recorded."
            ).format(number=expected, hand=plain(held[expected - 1].hand))
        )
    raise NotTheNextHand(
        _(
            "Hand {number} is no longer the next hand: match {id} has {count} hands now, so "
            "this entry was not stored; the sheet shows where it stands."
        ).format(number=expected, id=match.id, count=len(held))
    )


#: What taking a hand back says of it, and the sheets before and after it to report the standing
#: by (none where the abandoning of the match was taken back).
TakenBack = tuple[list[str], "tuple[Scoresheet, Scoresheet] | None"]


def taken_back(store: "Store", chosen: int, expected: int | None = None) -> TakenBack:
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
        said = _("Match {id} is being played again: the abandoning is taken back.")
        return [said.format(id=current.id), next_deal(sheet)], None
    voided = (
        _("Voided hand {number}: {hand}").format(
            number=len(current.in_force()) + 1, hand=plain(last.hand)
        )
        if sheet.variant.form is Form.PARTNERSHIP
        else _("Voided {line}").format(line=round_line(before.rounds[-1]))
    )
    return [voided], (before, sheet)


class Corrected(NamedTuple):
    """A hand corrected: the sheets before and after, and the hand replaced and its
    replacement (the same hand: nothing was changed)."""

    before: Scoresheet
    after: Scoresheet
    old: Hand
    new: Hand


def correct(
    store: "Store", given: int | None, number: int, answering: Answering, dry_run: bool = False
) -> Corrected:
    """Replace hand ``number`` (counted over the hands in force) by the hand answered, built by
    that hand as the match had it, and work every later hand out again (with ``dry_run``, only
    work it out). A correction that changes nothing stores nothing."""
    chosen = match_id(store, given)
    with store.writing() as writer:
        match = writer.load(chosen)
        refuse_if_abandoned(match)
        hands = [stored.hand for stored in match.in_force()]
        if not 1 <= number <= len(hands):
            raise NoSuchHand(
                ngettext(
                    "There is no hand {number}: match {id} has {count} hand.",
                    "There is no hand {number}: match {id} has {count} hands.",
                    len(hands),
                ).format(number=number, id=match.id, count=len(hands))
            )
        old = hands[number - 1]
        played = match.sheet(hands[: number - 1]).next_hand().reopened()
        new = played.build(answering(played, old))
        before = match.sheet()
        if new == old:
            return Corrected(before, before, old, new)
        check_correction(before, hands, number, new)
        hands[number - 1] = new
        try:
            after = match.sheet(hands)
        except MatchFinished as error:
            later = len(hands) - error.entered
            raise CorrectionEndsMatch(
                ngettext(
                    "That correction would end the match with hand {ended}, but {later} more "
                    "hand was recorded after it.",
                    "That correction would end the match with hand {ended}, but {later} more "
                    "hands were recorded after it.",
                    later,
                ).format(ended=error.number, later=later),
                later=later,
            ) from None
        if not dry_run:
            match.replace(number, new)
    return Corrected(before, after, old, new)


class RulesChanged(NamedTuple):
    """The rules of a match changed: the sheets before and after, and the rules before (those
    after are the sheet's)."""

    id: int
    before: Scoresheet
    after: Scoresheet
    old: Rules


def change_rules(
    store: "Store", given: int | None, asked: Callable[[Match], Rules], dry_run: bool = False
) -> RulesChanged:
    """Play the match by the rules ``asked`` makes of it from the first hand on, every total
    worked out again (with ``dry_run``, only work it out). Rules the same as those in force
    change nothing, and store nothing."""
    with store.writing() as writer:
        match = writer.load(match_id(store, given))
        rules = asked(match)
        before = match.sheet()
        if match.abandoned:
            raise MatchAbandoned(
                _("Match {id} was abandoned, so its rules cannot change.").format(id=match.id)
            )
        if before.finished:
            raise RulesFixed(
                _(
                    "Match {id} is over, so its rules cannot change: its settlement is what the "
                    "players paid."
                ).format(id=match.id)
            )
        if rules == match.rules:
            return RulesChanged(match.id, before, before, rules)
        try:
            after = match.sheet_under(rules)
        except HandInTheWay as error:
            impossible = isinstance(error.error, InvalidHand)
            raise RulesInTheWay(in_the_way(error), number=error.number, hand=impossible) from None
        old = match.rules
        if not dry_run:
            match.change_rules(rules)
    return RulesChanged(match.id, before, after, old)


def in_the_way(error: HandInTheWay) -> str:
    """Why rules are refused: the first hand in their way."""
    if isinstance(error.error, MatchFinished):
        return _(
            "Under those rules the match would have ended before hand {number}, which was "
            "recorded; nothing was changed."
        ).format(number=error.number)
    if error.error is not None:
        return _(
            "Under those rules hand {number} could not have been played as it was recorded: "
            "{problem} Nothing was changed."
        ).format(number=error.number, problem=error.error)
    (a, b), (c, d) = error.played, error.would
    return _(
        "Under those rules hand {number} would have been played by {c} and {d}, but {a} and "
        "{b} played it; nothing was changed."
    ).format(number=error.number, a=a, b=b, c=c, d=d)
