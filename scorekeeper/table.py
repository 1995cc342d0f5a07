"""What the command line and the page do to a match, the same way, with no click and no HTTP:
find the match acted on, record a hand for hand number N, take the last hand back, correct a
hand, change the rules, and watch for changes. Each change is one read of the match under the
store's lock, one replay and one commit; each refusal is a domain error (this module's, the
engine's or the store's) saying what is wrong in words true on every screen, to which the
command line adds what to type about it."""

# No ``from __future__ import annotations`` here: typing.NamedTuple compiles every annotation
# given as a string, which every command would pay for.

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper.engine import (
    Answers,
    Form,
    Hand,
    InvalidHand,
    MatchFinished,
    Scoresheet,
    Teams,
    check_correction,
    first_dealers,
    fold,
    team_members,
    team_name,
)
from scorekeeper.i18n import _, ngettext
from scorekeeper.match import (
    CannotChange,
    HandInTheWay,
    Match,
    Relation,
    StoredHand,
    check_names,
)
from scorekeeper.messages import Dealt, next_deal, plain, round_line
from scorekeeper.rules import Rules, asked_form, in_force, rules_changed

if TYPE_CHECKING:  # the phone app runs these use cases on matches it keeps itself, no store
    from scorekeeper.store import Store


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
    recorded meanwhile, or hands were taken back. Refused by :func:`check_next`, its
    ``fields`` say the ``number`` entered, the match's ``id``, the ``count`` of hands it holds,
    its ``next`` hand's number and the hand ``stored`` as hand N (None if there is none)."""


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
    entered: Answers,
    dry_run: bool = False,
    expected: int | None = None,
    deal: int | None = None,
) -> Added:
    """Add a new hand after the last one (with ``dry_run``, only work it out), built from the
    answers entered by the match's next hand as it is under the store's lock.

    ``expected`` is the number the hand was entered as (``serve``'s page says which hand it
    asks for): should the match hold another number of hands by the time the lock is had
    (another phone, a terminal recorded or took one back meanwhile), :class:`NotTheNextHand`
    is raised and nothing is stored, so that two entries of the same hand record it once.
    With ``deal`` (Partnership Gin: the deal the answers are of), the other table's hand may
    have come first; only a deal gone on refuses them (a table that reported refuses its own
    hand given again)."""
    chosen = match_id(store, given)
    with store.writing() as writer:
        match = writer.load(chosen)
        if expected is not None and (deal is None or match.sheet().next_hand().deal_number != deal):
            check_next(match, expected)
        before = open_sheet(match)
        coming = before.next_hand()
        hand = coming.build(entered)
        after = match.sheet([*(stored.hand for stored in match.in_force()), hand])
        stored = None if dry_run else match.add(hand)
    return Added(before, after, stored)


def check_next(match: Match, expected: int) -> None:
    """Refuse a hand entered as hand ``expected`` unless it is the number of the match's next
    hand (:attr:`~scorekeeper.engine.NextHand.number`)."""
    held, number = match.in_force(), match.sheet().next_hand().number
    if expected == number:
        return
    fields = {"number": expected, "id": match.id, "count": len(held), "next": number}
    if 1 <= expected < number:
        stored = held[expected - 1].hand
        raise NotTheNextHand(
            _(
                "Hand {number} was just recorded from elsewhere ({hand}), so this entry was "
                "not stored; the sheet shows it as recorded."
            ).format(number=expected, hand=plain(stored)),
            stored=stored,
            **fields,
        )
    raise NotTheNextHand(
        _(
            "Hand {number} is no longer the next hand: match {id} has {count} hands now, so "
            "this entry was not stored; the sheet shows where it stands."
        ).format(**fields),
        stored=None,
        **fields,
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
    store: "Store", given: int | None, number: int, entered: Answers, dry_run: bool = False
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
        new = played.build(entered, replacing=old)
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


def replaced(done: Corrected, number: int) -> list[str]:
    """What correcting hand ``number`` did: that it changed nothing, or the hand replaced and
    what replaced it (in Partnership Gin as hands, whose numbers count the tables' hands)."""
    if done.new == done.old:
        return [
            _("Hand {number} is already as given: {hand}. Nothing was changed.").format(
                number=number, hand=plain(done.old)
            )
        ]
    if done.after.variant.form is Form.PARTNERSHIP:
        return [
            _("Replaced hand {number}: {old}").format(number=number, old=plain(done.old)),
            _("     by hand {number}: {new}").format(number=number, new=plain(done.new)),
        ]
    return [
        _("Replaced {old}").format(old=round_line(done.before.rounds[number - 1])),
        _("     by {new}").format(new=round_line(done.after.rounds[number - 1])),
    ]


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
    worked out again (with ``dry_run``, only work it out). Rules that come to those in force
    (the games in all given as the columns they follow) change nothing, and store nothing."""
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
        if all(in_force(rules, name) == in_force(match.rules, name) for name in rules._fields):
            return RulesChanged(match.id, before, before, match.rules)
        try:
            after = match.sheet_under(rules)
        except HandInTheWay as error:
            impossible = isinstance(error.error, InvalidHand)
            raise RulesInTheWay(in_the_way(error), number=error.number, hand=impossible) from None
        old = match.rules
        if not dry_run:
            match.change_rules(rules)
    return RulesChanged(match.id, before, after, old)


def rules_said(done: RulesChanged) -> str:
    """What a change of the rules did: that the match is played by them already, or each rule
    that changed, from what to what."""
    if done.after.rules == done.old:
        return _("Match {id} is played by those rules already; nothing was changed.").format(
            id=done.id
        )
    return _("Rules of match {id} changed: {changes}.").format(
        id=done.id, changes="; ".join(rules_changed(done.old, done.after.rules))
    )


def imported_said(how: Relation | None, path: str, match: Match) -> str:
    """What importing the file at ``path`` did to ``match``: made it a new match (``how``
    None), brought the one held up to date (it was behind), or nothing."""
    players, n = _(" v ").join(match.players), match.sheet().hands_played()
    if how is None:
        return ngettext(
            "Imported {path} as match {id}: {players}, {n} hand.",
            "Imported {path} as match {id}: {players}, {n} hands.",
            n,
        ).format(path=path, id=match.id, players=players, n=n)
    if how is Relation.BEHIND:
        return ngettext(
            "Brought match {id} ({players}) up to date from {path}: {n} hand now.",
            "Brought match {id} ({players}) up to date from {path}: {n} hands now.",
            n,
        ).format(path=path, id=match.id, players=players, n=n)
    if how is Relation.AHEAD:
        return _(
            "Match {id} ({players}) holds all of {path} already, and more; nothing was changed."
        ).format(path=path, id=match.id, players=players)
    return _(
        "{path} is match {id} ({players}), as the store holds it already; nothing was changed."
    ).format(path=path, id=match.id, players=players)


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


class Mistyped(Refused):
    """What was typed cannot start a match: a name refused, a first dealer who may not deal
    the first hand."""


class StillPlayed(Refused):
    """A rematch of a match still being played."""


class Opening:
    """A match about to start: who plays it, by what rules, who deals first and how that was
    decided, and what of the preset its form set otherwise (a plain class, not a NamedTuple:
    every command loads this module, and only a new match asks)."""

    __slots__ = ("changed", "dealer", "how", "not_applied", "players", "rules", "teams")

    def __init__(
        self,
        players: tuple[str, ...],
        rules: Rules,
        dealer: str,
        how: str,
        teams: Teams | None = None,
        changed: tuple[str, ...] = (),
        not_applied: tuple[str, ...] = (),
    ) -> None:
        self.players = players
        """The players (in Partnership Gin the teams' names), the two who play first first."""
        self.rules = rules
        self.dealer = dealer
        self.how = how
        """How the first dealer was decided (:class:`~scorekeeper.messages.Dealt`)."""
        self.teams = teams
        self.changed = changed
        """The options given that differ from the preset's."""
        self.not_applied = not_applied
        """The options of the preset the form sets to another value."""

    @property
    def everyone(self) -> tuple[str, ...]:
        """Every name the first dealer may be given by: the players (the teams), and in
        Partnership Gin each partner."""
        return self.players + (self.teams[0] + self.teams[1] if self.teams else ())


def rematch(store: "Store") -> Opening:
    """The next series of the current match: its players, rules and teams, its next dealer
    (in Three-handed Gin the two who would play named first); refused while it is played."""
    last = store.load(match_id(store, None))
    sheet = last.sheet()
    if not sheet.finished and not last.abandoned:
        raise StillPlayed(
            _(
                "Match {id} is still being played: a new series begins when "
                "it ends. Finish it, or start another with 'scorekeeper new "
                "PLAYER1 PLAYER2'."
            ).format(id=last.id)
        )
    coming = sheet.next_hand()
    players = (*coming.tables[0], coming.sits_out) if coming.sits_out else last.players
    return Opening(players, last.rules, sheet.next_dealer, Dealt.REMATCH, last.teams)


def opening(
    store: "Store", names: tuple[str, ...], teams: bool, preset_name: str, given: dict[str, Any]
) -> Opening:
    """A match between the ``names`` (two, three, or two teams with ``teams``) by the preset
    ``preset_name`` with the options ``given`` over it, its form as the declarations ask
    (:func:`~scorekeeper.rules.asked_form`); its first dealer is whose deal it is after the
    last match between them, else chosen at random."""
    from scorekeeper.rules import named_preset  # the presets, built for new alone

    base = named_preset(preset_name)  # an unknown name is refused before anything else
    seats = asked_form(len(names), teams, base.form, preset_name)
    if (refused := seats.refused(given)) is not None:
        raise refused
    partners = seats.teams_of(names)
    players = tuple(team_name(team) for team in partners) if partners else names
    try:
        check_names(partners[0] + partners[1] if partners else players)
    except CannotChange as error:
        raise Mistyped(str(error)) from None
    rules, not_applied = seats.made(base.rules)
    rules = rules.over(**given)
    typed = {name: getattr(value, "value", value) for name, value in zip(rules._fields, base.rules)}
    changed = tuple(name for name in given if given[name] != typed[name])  # the preset's value
    dealer, how = None if partners else series_dealer(store, players, rules), Dealt.SERIES
    if dealer is None:
        import random

        dealer, how = random.choice(first_dealers(rules, players)), Dealt.RANDOM
    teams_of = (partners[0], partners[1]) if partners else None
    return Opening(players, rules, dealer, how, teams_of, changed, tuple(not_applied))


def series_dealer(store: "Store", players: tuple[str, ...], rules: Rules) -> str | None:
    """Who deals next by the rules, if the current match is a finished one between these
    players and may deal the first hand of a match of ``rules``."""
    try:
        current = store.current_id()
        if current is None or not store.has(current):
            return None
        last = store.load(current)
    except Exception as error:
        from scorekeeper.store import StoreError  # only a store raises it (the app has none)

        if isinstance(error, StoreError):
            return None
        raise
    sheet = last.sheet()
    if not sheet.finished or sorted(map(fold, last.players)) != sorted(map(fold, players)):
        return None
    dealer = next(p for p in players if fold(p) == fold(sheet.next_dealer))
    return dealer if dealer in first_dealers(rules, players) else None


def dealt_by(opening: Opening, chosen: str) -> Opening:
    """The opening with ``chosen`` (one of :attr:`Opening.everyone`) dealing first, or the team
    of which ``chosen`` is a partner; refused when the first hand may not be dealt by them."""
    first = next(p for p in opening.players if chosen == p or chosen in team_members(p))
    may_deal = first_dealers(opening.rules, opening.players)
    if first not in may_deal:
        raise Mistyped(
            _(
                "{name} sits out the first hand, so cannot deal it: name {a} or {b} "
                "with --dealer (the first two named play the first hand)."
            ).format(name=first, a=opening.players[0], b=opening.players[1])
            if len(may_deal) == 2
            else _(
                "{name} plays the first hand, and the player who sits out deals it: "
                "name {c} with --dealer, or leave it out (the first two named play the "
                "first hand)."
            ).format(name=first, c=may_deal[0])
        )
    return Opening(
        opening.players,
        opening.rules,
        first,
        Dealt.NAMED,
        opening.teams,
        opening.changed,
        opening.not_applied,
    )


def start(store: "Store", opening: Opening, description: str) -> Match:
    """Store the match opened, as the current one."""
    with store.writing() as writer:
        return writer.create(
            opening.players, opening.rules, opening.dealer, description, teams=opening.teams
        )
