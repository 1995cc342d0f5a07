"""The match: everything the players entered about one match, and what they may change.

A :class:`Match` holds its players, its rules, the first dealer and every hand ever recorded,
voided and replaced ones too, in the order they were entered; besides its hands, the changes
made to the match itself (an abandoning, a player's new name, its rules changed). Every total
is the engine's fold over the hands in force (:meth:`Match.sheet`), under the rules in force
(those of ``new`` with every change of them applied). The store keeps a match's facts and
nothing else; this module knows nothing of files.

The hands are kept in the names the players had at ``new``; a renaming changes the name a
player is shown and typed by from then on, in every hand, and the stored hands stay as they
were (:meth:`Match.stored` writes them in those first names).
"""

# No ``from __future__ import annotations`` here: typing.NamedTuple compiles every annotation
# given as a string, which every command would pay for.

from collections.abc import Sequence
from datetime import date, datetime
from enum import Enum
from typing import Any, NamedTuple

from scorekeeper.engine import (
    Form,
    Hand,
    InvalidHand,
    MatchFinished,
    Scoresheet,
    Teams,
    fold,
    form_of,
    replay,
    reseated,
    team_name,
)
from scorekeeper.i18n import Quoted, _
from scorekeeper.rules import FORMS, VARIANTS, Rules, Seats


class Status(str, Enum):
    """A stored hand's status, or an abandoning's (kept in English in the files)."""

    IN_FORCE = "in force"
    """It counts."""
    VOIDED = "voided"
    """Taken back with ``undo``."""
    REPLACED = "replaced"
    """Replaced by a correction (``amend``), which takes its place."""


class ChangeKind(str, Enum):
    """A change made to the match itself."""

    ABANDONED = "abandoned"
    RENAMED = "renamed"
    RULES = "rules"


class MatchStatus(str, Enum):
    """Where a match stands as ``matches`` lists it."""

    OPEN = "open"
    FINISHED = "finished"
    ABANDONED = "abandoned"


def status_words() -> dict[MatchStatus, str]:
    """Each status in words, as the lists of matches say it."""
    return {
        MatchStatus.FINISHED: _("finished"),
        MatchStatus.OPEN: _("open"),
        MatchStatus.ABANDONED: _("abandoned"),
    }


def now() -> str:
    """The local time, to the second, as kept in ``created`` and ``recorded``."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


class StoredHand(NamedTuple):
    """One recorded hand with its place in the match's history."""

    hand: Hand
    slot: int
    """Hands in force are played in slot order; a replacement takes the slot it replaces."""
    status: Status = Status.IN_FORCE
    recorded: str = ""
    """When it was entered (empty: not known)."""

    def to_dict(self) -> dict[str, Any]:
        """The hand as a file keeps it (in the names it was entered in)."""
        hand = self.hand
        return {
            "entry": hand.entry.value,
            "knocker": hand.knocker,
            "knocker_deadwood": hand.knocker_deadwood,
            "opponent_deadwood": hand.opponent_deadwood,
            "slot": self.slot,
            "status": self.status.value,
            "recorded": self.recorded,
            **({"upcard": hand.upcard} if hand.upcard is not None else {}),
            **({"table": hand.table} if hand.table is not None else {}),
        }


class Change(NamedTuple):
    """A change made to the match itself, kept in the order it was made: the match abandoned
    (``status`` voided once ``undo`` took it back), a player's name ``old`` corrected to
    ``new``, or its rules changed to ``rules`` (after the hand entered in slot ``after``)."""

    kind: ChangeKind
    recorded: str = ""
    status: Status = Status.IN_FORCE
    old: str = ""
    new: str = ""
    rules: Rules | None = None
    """The whole rules in force from then on (a rules change)."""
    after: int = 0
    """A rules change: the highest slot entered when it was made (0: before any hand), so that
    the full log shows it where it was made."""

    def to_dict(self) -> dict[str, Any]:
        if self.kind is ChangeKind.RULES:
            assert self.rules is not None
            return {
                "change": self.kind.value,
                "rules": self.rules.to_dict(),
                "after_slot": self.after,
                "recorded": self.recorded,
            }
        if self.kind is ChangeKind.ABANDONED:
            return {
                "change": self.kind.value,
                "status": self.status.value,
                "recorded": self.recorded,
            }
        return {
            "change": self.kind.value,
            "old": self.old,
            "new": self.new,
            "recorded": self.recorded,
        }


class CannotChange(ValueError):
    """Raised when a change cannot be made to a match (a second abandoning, a rename to a name
    another player has); its text says why."""


class HandInTheWay(CannotChange):
    """Raised when the hands in force could not all have been played as they were under other
    rules: ``number`` is the first hand in the way (counted over the hands in force), ``error``
    what it would be (impossible, or after the end of the match; None: played by others)."""

    def __init__(
        self,
        number: int,
        error: InvalidHand | MatchFinished | None,
        played: tuple[str, str] = ("", ""),
        would: tuple[str, str] = ("", ""),
    ) -> None:
        super().__init__(str(error) if error else "")
        self.number, self.error = number, error
        self.played, self.would = played, would
        """Three-handed Gin: who played the hand, and who would have played it."""


def kind_of(rules: Rules) -> tuple[object, ...]:
    """What makes the kind of match in its rules (Oklahoma, Straight, Three-handed: each
    variant's own switch), which the recorded hands carry and no change of rules changes."""
    return tuple(getattr(rules, variant) for variant in VARIANTS)


class Match:
    """Everything recorded about one match, and the changes that may be made to it."""

    def __init__(
        self,
        id: int,
        players: tuple[str, ...],
        rules: Rules,
        first_dealer: str,
        created: str = "",
        description: str = "",
        history: list[StoredHand] | None = None,
        teams: Teams | None = None,
        uuid: str = "",
        changes: Sequence[Change] = (),
    ) -> None:
        """A match as named at ``new`` (``players``, ``teams``, ``first_dealer`` and the hands
        in those names), with its ``changes`` applied (raises :class:`CannotChange` for one
        that cannot be)."""
        self.id = id
        """The short id a person types; 0 until the store gives it one."""
        self.players = players
        """The players as they are called now (in Partnership Gin the teams' names)."""
        self.rules = rules
        """The rules in force: those of ``new`` as the rules changes since have made them."""
        self.first_rules = rules
        """The rules the match was started with (the file's header keeps them)."""
        self.first_dealer = first_dealer
        self.created = created
        self.description = description
        self.history = history if history is not None else []
        """Every hand ever recorded, in the order it was entered, voided and replaced ones too
        (in the names the players have now)."""
        self.teams = teams
        """Partnership Gin: the two teams; ``players`` are then the teams' names."""
        self.uuid = uuid
        """The match's identity wherever it travels (given when it is first stored)."""
        self.named = (players, teams, first_dealer)
        """The players, teams and first dealer as named at ``new``: how the file names them."""
        self.changes: list[Change] = []
        self.changed = False
        """Whether anything was entered since the match was read (the store then writes it)."""
        self._sheet: tuple[tuple[Hand, ...], Scoresheet] | None = None
        """The last sheet worked out, with the hands it was worked out from."""
        for change in changes:
            self._apply(change)

    def individuals(self) -> tuple[str, ...]:
        """The people at the table: the players, or the four partners."""
        return self.teams[0] + self.teams[1] if self.teams else self.players

    @property
    def form(self) -> Form | None:
        """Who plays it: two players, three, or two teams."""
        return form_of(self.rules, self.teams is not None)

    @property
    def seats(self) -> Seats:
        """What its form asks and does (:data:`~scorekeeper.rules.FORMS`)."""
        form = self.form
        assert form is not None, "a match file with teams and three-handed rules is refused"
        return FORMS[form]

    @property
    def abandoned(self) -> bool:
        """Whether the match was ended without a winner (and that was not taken back)."""
        return any(
            c.kind is ChangeKind.ABANDONED and c.status is Status.IN_FORCE for c in self.changes
        )

    @property
    def status(self) -> MatchStatus:
        """Open, finished or abandoned."""
        if self.abandoned:
            return MatchStatus.ABANDONED
        return MatchStatus.FINISHED if self.sheet().finished else MatchStatus.OPEN

    def in_force(self) -> list[StoredHand]:
        """The hands that count, in the order they were played."""
        return sorted(
            (h for h in self.history if h.status is Status.IN_FORCE), key=lambda h: h.slot
        )

    def started_on(self) -> date | None:
        """The day the match was started, as a paper sheet is dated (an evening that goes on
        past midnight keeps its day), else the day its first hand was entered (None where the
        match does not say)."""
        stamp = self.created or next((h.recorded for h in self.history if h.recorded), "")
        return datetime.fromisoformat(stamp).date() if stamp else None

    def sheet(self, hands: Sequence[Hand] | None = None) -> Scoresheet:
        """The scoresheet of the hands in force, or of the given hands.

        A command asks for it several times (to check, to print, to index) while the hands
        stay the same; the last one is kept with the very hands it came from, so it is worked
        out again whenever they differ (and whenever a player is renamed)."""
        played = tuple(stored.hand for stored in self.in_force()) if hands is None else tuple(hands)
        if self._sheet is None or self._sheet[0] != played:
            self._sheet = (
                played,
                replay(self.players, self.rules, self.first_dealer, played, self.teams),
            )
        return self._sheet[1]

    def forget_sheet(self) -> None:
        """Let the sheet last worked out go (it is worked out again when asked for)."""
        self._sheet = None

    # What the players may enter

    def add(self, hand: Hand, recorded: str | None = None) -> StoredHand:
        """Record a new hand after the last one."""
        slot = max((h.slot for h in self.history), default=0) + 1
        stored = StoredHand(hand, slot, Status.IN_FORCE, now() if recorded is None else recorded)
        self.history.append(stored)
        self.changed = True
        return stored

    def void_last(self) -> StoredHand:
        """Void the last hand in force; it stays in the history, marked voided."""
        last = self.in_force()[-1]
        self._mark(last, Status.VOIDED)
        return last

    def replace(self, number: int, hand: Hand, recorded: str | None = None) -> StoredHand:
        """Replace hand ``number`` (counted over the hands in force) by a corrected one, which
        takes its slot; returns the hand replaced."""
        old = self.in_force()[number - 1]
        self._mark(old, Status.REPLACED)
        self.history.append(
            StoredHand(hand, old.slot, Status.IN_FORCE, now() if recorded is None else recorded)
        )
        return old

    def abandon(self, recorded: str | None = None) -> None:
        """End the match without a winner (raises :class:`CannotChange` if it is over or
        abandoned already)."""
        self._apply(Change(ChangeKind.ABANDONED, now() if recorded is None else recorded))
        self.changed = True

    def take_back_abandoning(self) -> None:
        """Void the abandoning: the match is being played again."""
        place = max(
            place
            for place, c in enumerate(self.changes)
            if c.kind is ChangeKind.ABANDONED and c.status is Status.IN_FORCE
        )
        self.changes[place] = self.changes[place]._replace(status=Status.VOIDED)
        self.changed = True

    def rename(self, old: str, new: str, recorded: str | None = None) -> None:
        """Call the player ``old`` ``new`` from now on (raises :class:`CannotChange` if that
        cannot be)."""
        recorded = now() if recorded is None else recorded
        self._apply(Change(ChangeKind.RENAMED, recorded, old=old, new=new))
        self.changed = True

    def change_rules(self, rules: Rules, recorded: str | None = None) -> None:
        """Play by ``rules`` from the first hand on (raises :class:`CannotChange` for rules of
        another kind of match; :meth:`rules_refused` says whether the hands allow them)."""
        recorded = now() if recorded is None else recorded
        after = max((h.slot for h in self.history), default=0)
        self._apply(Change(ChangeKind.RULES, recorded, rules=rules, after=after))
        self.changed = True

    def rules_changes(self) -> list[tuple[Change, Rules]]:
        """Each rules change with the rules it replaced, in the order they were made."""
        found, before = [], self.first_rules
        for change in self.changes:
            if change.kind is ChangeKind.RULES and change.rules is not None:
                found.append((change, before))
                before = change.rules
        return found

    def sheet_under(self, rules: Rules) -> Scoresheet:
        """The scoresheet of the hands in force worked out under ``rules``; raises
        :class:`HandInTheWay` naming the first hand that could not have been played as it was
        under them: a hand impossible under them, a hand after the one that would have ended
        the match, or in Three-handed Gin a hand that other players would have played."""
        hands = [stored.hand for stored in self.in_force()]

        def played(upto: int) -> Scoresheet:
            return replay(self.players, rules, self.first_dealer, hands[:upto], self.teams)

        try:
            after = played(len(hands))
        except (InvalidHand, MatchFinished):
            for number in range(1, len(hands) + 1):  # the first hand that cannot follow
                try:
                    played(number)
                except (InvalidHand, MatchFinished) as error:
                    raise HandInTheWay(number, error) from None
            raise  # pragma: no cover - a prefix of the hands fails where they all do
        moved = reseated(self.sheet(), after)
        if moved is not None:
            raise HandInTheWay(moved[0], None, moved[1], moved[2])
        return after

    def _mark(self, stored: StoredHand, status: Status) -> None:
        self.history[self.history.index(stored)] = stored._replace(status=status)
        self.changed = True

    def _apply(self, change: Change) -> None:
        """Make a change to the match; raises :class:`CannotChange` for one that cannot be."""
        if change.kind is ChangeKind.ABANDONED and self.abandoned:
            raise CannotChange(_("an abandoning follows another one that was never taken back"))
        if (
            change.kind is ChangeKind.ABANDONED
            and change.status is Status.IN_FORCE
            and self.sheet().finished
        ):
            raise CannotChange(_("the match is over, so it cannot be abandoned"))
        if change.kind is ChangeKind.RENAMED:
            self._rename(change.old, change.new)
        if change.kind is ChangeKind.RULES and change.rules is not None:
            if kind_of(change.rules) != kind_of(self.rules):
                raise CannotChange(
                    _("a change of the rules cannot make the match another kind of match")
                )
            self.rules, self._sheet = change.rules, None
        self.changes.append(change)

    def _rename(self, old: str, new: str) -> None:
        check_rename(self.individuals(), old, new, partnership=self.teams is not None)

        def renamed(name: str | None) -> str | None:
            return new if name == old else name

        before = self.players
        if self.teams:
            (a, b), (c, d) = self.teams
            self.teams = (
                (new if a == old else a, new if b == old else b),
                (new if c == old else c, new if d == old else d),
            )
            self.players = (team_name(self.teams[0]), team_name(self.teams[1]))
        else:
            self.players = tuple(new if player == old else player for player in before)
        self.first_dealer = self.players[before.index(self.first_dealer)]
        self.history = [
            stored._replace(
                hand=stored.hand._replace(
                    knocker=renamed(stored.hand.knocker), table=renamed(stored.hand.table)
                )
            )
            for stored in self.history
        ]
        self._sheet = None

    # The facts as a file keeps them

    def header(self) -> dict[str, Any]:
        """The match's header: who plays by which rules, as named at ``new``."""
        players, teams, first_dealer = self.named
        return {
            "id": self.id,
            "players": list(players),
            "rules": self.first_rules.to_dict(),
            "first_dealer": first_dealer,
            "created": self.created,
            "description": self.description,
            **({"teams": [list(team) for team in teams]} if teams else {}),
            **({"uuid": self.uuid} if self.uuid else {}),
        }

    def stored(self, stored: StoredHand) -> dict[str, Any]:
        """A hand as the file keeps it: in the names the players had at ``new``."""
        data = stored.to_dict()
        players, teams = self.named[:2]
        first = dict(zip(self.individuals(), teams[0] + teams[1] if teams else players))
        for key in ("knocker", "table"):
            if data.get(key) is not None:
                data[key] = first[data[key]]
        return data

    def facts(self) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
        """What was entered, as the file keeps it: the header (without the id and uuid, which
        name the match rather than tell what happened), every hand and every change."""
        header = self.header()
        header.pop("id")
        header.pop("uuid", None)
        return header, [self.stored(h) for h in self.history], [c.to_dict() for c in self.changes]


class Relation(str, Enum):
    """How a copy of a match found elsewhere stands to the copy held (see :func:`relation`)."""

    SAME = "same"
    """The same facts."""
    BEHIND = "behind"
    """The copy held is an earlier state: everything it holds is in the other, which has more."""
    AHEAD = "ahead"
    """The copy held has everything in the other, and more."""
    APART = "apart"
    """Each holds facts the other does not."""


def relation(held: Match, found: Match) -> Relation:
    """How ``found`` stands to ``held``, two copies of one match (the same uuid).

    A copy is an earlier state of another when the other has every hand and change it has, in
    the same order, and more after them; a hand in force may have been voided or replaced
    since, and an abandoning taken back, for those are corrections made later."""
    mine, theirs = held.facts(), found.facts()
    if mine == theirs:
        return Relation.SAME
    if mine[0] != theirs[0]:
        return Relation.APART
    if all(_leads_to(a, b) for a, b in zip(mine[1:], theirs[1:])):
        return Relation.BEHIND
    if all(_leads_to(b, a) for a, b in zip(mine[1:], theirs[1:])):
        return Relation.AHEAD
    return Relation.APART


def _leads_to(earlier: Sequence[dict[str, Any]], later: Sequence[dict[str, Any]]) -> bool:
    """Whether the records ``earlier`` can have become ``later`` by what was entered since."""
    return len(earlier) <= len(later) and all(
        a == b
        or (
            a.get("status") == Status.IN_FORCE.value
            and b.get("status") in (Status.VOIDED.value, Status.REPLACED.value)
            and {**a, "status": b["status"]} == b
        )
        for a, b in zip(earlier, later)
    )


def new_uuid() -> str:
    """A uuid for a match stored for the first time (random: version 4)."""
    import uuid

    return str(uuid.uuid4())


#: The longest player name accepted.
MAX_NAME = 40


def check_names(names: Sequence[str]) -> None:
    """Refuse empty, over-long, control-character and equal (ignoring case) player names
    (raises :class:`CannotChange`)."""
    for name in names:
        if not name.strip():
            raise CannotChange(_("A player's name cannot be empty; give each player a name."))
        if len(name) > MAX_NAME:
            raise CannotChange(
                _("The name {name!r} is longer than {most} characters; use a shorter one.").format(
                    name=Quoted(name), most=MAX_NAME
                )
            )
        if any(not char.isprintable() for char in name):
            raise CannotChange(
                _(
                    "The name {name!r} holds a control character; "
                    "use letters, digits and punctuation."
                ).format(name=Quoted(name))
            )
        if name != name.strip():
            raise CannotChange(
                _("The name {name!r} starts or ends with a space; leave the spaces out.").format(
                    name=Quoted(name)
                )
            )
    for index, name in enumerate(names):
        for other in names[index + 1 :]:
            if fold(name) == fold(other):
                raise CannotChange(
                    (
                        _(
                            "Both players are called {name!r}; give them different names (case "
                            "and accents do not count), e.g. '{name} A' and '{name} B'."
                        )
                        if len(names) == 2
                        else _(
                            "Two players are called {name!r}; give them different names (case "
                            "and accents do not count), e.g. '{name} A' and '{name} B'."
                        )
                    ).format(name=name, plain=name)
                )


def check_rename(names: Sequence[str], old: str, new: str, partnership: bool) -> None:
    """Refuse to rename ``old`` (one of ``names``) to ``new``: a name that is not a player's,
    the same name, another player's name (case and accents aside), or not a name."""
    if old not in names:
        raise CannotChange(
            _("{name!r} is not a player of this match, so it cannot be renamed").format(
                name=Quoted(old)
            )
        )
    if new == old:
        raise CannotChange(_("{name} is called that already; nothing to change.").format(name=old))
    for other in names:
        if other != old and fold(other) == fold(new):
            raise CannotChange(
                _(
                    "{new!r} is the name of {other}, another player of this match (case and "
                    "accents do not count); choose another name."
                ).format(new=Quoted(new), other=other)
            )
    if partnership and any(mark in new for mark in "&+,"):
        raise CannotChange(
            _(
                "A partner's name cannot hold '&', '+' or ',': they join the partners' names "
                "into the team's ({name!r})."
            ).format(name=new)
        )
    check_names([new])
