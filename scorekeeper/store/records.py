"""A match's facts as they are kept and exchanged, and their strict validation.

A match file and an imported export are read by the same code: every key known, every value
of its type, the hands' order numbers telling one story. A store file must hold every key this
version writes; an export written by hand may leave out what has a default.

Besides its hands, a match keeps the changes made to the match itself, in the order they were
made: an abandoning (voided when ``undo`` takes it back) and a player's new name. The hands are
stored in the names the players had at ``new``; a renaming changes the name a player is shown
and typed by from then on, in every hand, and the stored hands stay as they were.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from enum import Enum
from typing import Any, NamedTuple

from scorekeeper.engine import Entry, Hand, Scoresheet, Teams, fold, replay, team_name
from scorekeeper.i18n import N_, _
from scorekeeper.rules import LATER_OPTIONS, VARIANT_OPTIONS, Rules

IN_FORCE, VOIDED, REPLACED = N_("in force"), N_("voided"), N_("replaced")
"""A stored hand's status; kept in English in the files, translated when shown."""
STATUSES = (IN_FORCE, VOIDED, REPLACED)

ABANDONED, RENAMED = "abandoned", "renamed"
"""The changes made to a match itself (see :class:`Change`)."""
#: The keys of a stored change, by its kind.
CHANGE_KEYS = {
    ABANDONED: ("change", "status", "recorded"),
    RENAMED: ("change", "old", "new", "recorded"),
}

#: The keys of a stored hand: those every hand has, and those only some have.
HAND_KEYS = (
    "entry",
    "knocker",
    "knocker_deadwood",
    "opponent_deadwood",
    "slot",
    "status",
    "recorded",
)
HAND_EXTRAS = ("upcard", "table")
#: The keys of a match's header in its file (``teams`` only in Partnership Gin; ``uuid`` in
#: every file of store schema 4 on, see :func:`derived_uuid` for the files written before).
HEADER_KEYS = ("id", "players", "rules", "first_dealer", "created", "description")
HEADER_EXTRAS = ("teams", "uuid")


def now() -> str:
    """The local time, to the second, as stored in ``created`` and ``recorded``."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


def check_keys(
    data: dict[str, Any],
    required: Iterable[str],
    optional: Iterable[str],
    where: str,
    complete: bool,
) -> None:
    """Refuse a key that is not known; with ``complete``, also a required key that is missing
    (``where`` says whose keys they are, e.g. "hand 3")."""
    required = tuple(required)
    unknown = sorted(set(data) - set(required) - set(optional), key=str)
    if unknown:
        raise ValueError(_("{where}: unknown key {key!r}").format(where=where, key=unknown[0]))
    missing = [key for key in required if key not in data] if complete else []
    if missing:
        raise ValueError(
            _("{where}: the key {key!r} is missing").format(where=where, key=missing[0])
        )


class StoredHand(NamedTuple):
    """One recorded hand with its place in the match's history."""

    hand: Hand
    slot: int
    """Hands in force are played in slot order; a replacement takes the slot it replaces."""
    status: str = IN_FORCE
    recorded: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "entry": self.hand.entry.value,
            "knocker": self.hand.knocker,
            "knocker_deadwood": self.hand.knocker_deadwood,
            "opponent_deadwood": self.hand.opponent_deadwood,
            "slot": self.slot,
            "status": self.status,
            "recorded": self.recorded,
            **{
                name: value
                for name in HAND_EXTRAS
                for value in [getattr(self.hand, name)]
                if value is not None
            },
        }

    @classmethod
    def from_dict(cls, data: Any, default_slot: int, complete: bool = False) -> StoredHand:
        """Read a hand as stored or exported; raises ValueError naming what is wrong."""
        if not isinstance(data, dict):
            raise ValueError(_("a hand must be a JSON object, not {value!r}").format(value=data))
        check_keys(
            data, HAND_KEYS, HAND_EXTRAS, _("hand {number}").format(number=default_slot), complete
        )
        try:
            entry = Entry(data.get("entry"))
        except ValueError:
            raise ValueError(
                _("a hand's entry must be one of {choices}, not {value!r}").format(
                    choices=", ".join(e.value for e in Entry), value=data.get("entry")
                )
            ) from None
        status = data.get("status", IN_FORCE)
        slot = data.get("slot", default_slot)
        if status not in STATUSES:
            raise ValueError(
                _("a hand's status must be one of {choices}, not {value!r}").format(
                    choices=", ".join(STATUSES), value=status
                )
            )
        if type(slot) is not int or slot < 1:
            raise ValueError(
                _("a hand's slot must be a whole number from 1, not {value!r}").format(value=slot)
            )
        upcard, table = data.get("upcard"), data.get("table")
        for name, value in (("upcard", upcard), ("table", table)):
            if value is not None and not isinstance(value, str):
                raise ValueError(
                    _("a hand's {name} must be text, not {value!r}").format(name=name, value=value)
                )
        if upcard is not None:  # kept the way the sheet shows it: 7s -> 7♠
            from scorekeeper.cards import CardError, parse_card

            try:
                upcard = str(parse_card(upcard))
            except CardError as error:
                raise ValueError(str(error).rstrip(".")) from None
        if entry is Entry.WALL:
            hand = Hand.wall(upcard, table)
        else:
            hand = Hand(
                entry,
                data.get("knocker"),
                data.get("knocker_deadwood") if entry is Entry.KNOCK else 0,
                data.get("opponent_deadwood"),
                upcard,
            )
        return cls(hand, slot, status, check_timestamp(data.get("recorded", ""), "recorded"))


def check_history(history: Sequence[StoredHand]) -> None:
    """The order numbers (slots) of a match's hands must tell one story, the one ``undo`` and
    ``amend`` write: every number from 1 up, each held by at most one hand in force or voided,
    which comes after every hand it replaced."""
    stories: dict[int, list[str]] = {}
    for stored in history:
        stories.setdefault(stored.slot, []).append(stored.status)
    for expected, slot in enumerate(sorted(stories), start=1):
        if slot != expected:
            raise ValueError(
                _("the hands' order numbers jump from {before} to {after}").format(
                    before=expected - 1, after=slot
                )
            )
    for slot, statuses in stories.items():
        if any(status != REPLACED for status in statuses[:-1]):
            raise ValueError(
                _(
                    "two hands have the order number {slot}; each number is one "
                    "hand (and the hands it replaced)"
                ).format(slot=slot)
            )
        if statuses[-1] == REPLACED:
            raise ValueError(
                _(
                    "the hand with order number {slot} is marked replaced, but no hand replaces it"
                ).format(slot=slot)
            )


class Change(NamedTuple):
    """A change made to the match itself, kept in the order it was made: the match abandoned
    (``status`` voided once ``undo`` took it back), or a player's name ``old`` corrected to
    ``new``."""

    kind: str
    recorded: str = ""
    status: str = IN_FORCE
    old: str = ""
    new: str = ""

    def to_dict(self) -> dict[str, Any]:
        if self.kind == ABANDONED:
            return {"change": self.kind, "status": self.status, "recorded": self.recorded}
        return {"change": self.kind, "old": self.old, "new": self.new, "recorded": self.recorded}

    @classmethod
    def from_dict(cls, data: Any, number: int, complete: bool = False) -> Change:
        """Read a change as stored or exported; raises ValueError naming what is wrong."""
        if not isinstance(data, dict):
            raise ValueError(_("a change must be a JSON object, not {value!r}").format(value=data))
        kind = data.get("change")
        if kind not in CHANGE_KEYS:
            raise ValueError(
                _("a change must be one of {choices}, not {value!r}").format(
                    choices=", ".join(CHANGE_KEYS), value=kind
                )
            )
        check_keys(
            data, CHANGE_KEYS[kind], (), _("change {number}").format(number=number), complete
        )
        recorded = check_timestamp(data.get("recorded", ""), "recorded")
        if kind == ABANDONED:
            status = data.get("status", IN_FORCE)
            if status not in (IN_FORCE, VOIDED):
                raise ValueError(
                    _("an abandoning's status must be {a} or {b}, not {value!r}").format(
                        a=IN_FORCE, b=VOIDED, value=status
                    )
                )
            return cls(kind, recorded, status)
        old, new = data.get("old"), data.get("new")
        if not isinstance(old, str) or not isinstance(new, str):
            raise ValueError(_("a renaming gives the old and the new name as text"))
        return cls(kind, recorded, IN_FORCE, old, new)


class Match:
    """Everything recorded about one match."""

    def __init__(
        self,
        id: int,
        players: tuple[str, ...],
        rules: Rules,
        first_dealer: str,
        created: str,
        description: str = "",
        history: list[StoredHand] | None = None,
        teams: Teams | None = None,
        uuid: str = "",
        changes: Sequence[Change] = (),
    ) -> None:
        """A match as named at ``new`` (``players``, ``teams``, ``first_dealer`` and the hands
        in those names), with its ``changes`` applied (raises ValueError for one that cannot
        be)."""
        self.id = id
        self.players = players
        """The players as they are called now (in Partnership Gin the teams' names)."""
        self.rules = rules
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
        self._sheet: tuple[tuple[Hand, ...], Scoresheet] | None = None
        """The last sheet worked out, with the hands it was worked out from."""
        for change in changes:
            self.change(change)

    def individuals(self) -> tuple[str, ...]:
        """The people at the table: the two players, or the four partners."""
        return self.teams[0] + self.teams[1] if self.teams else self.players

    @property
    def abandoned(self) -> bool:
        """Whether the match was ended without a winner (and that was not taken back)."""
        return any(c.kind == ABANDONED and c.status == IN_FORCE for c in self.changes)

    def change(self, change: Change) -> None:
        """Make a change to the match; raises ValueError for one that cannot be made."""
        if change.kind == ABANDONED and self.abandoned:
            raise ValueError(_("an abandoning follows another one that was never taken back"))
        if change.kind == ABANDONED and change.status == IN_FORCE and self.sheet().finished:
            raise ValueError(_("the match is over, so it cannot be abandoned"))
        if change.kind == RENAMED:
            self._rename(change.old, change.new)
        self.changes.append(change)

    def take_back_abandoning(self) -> int:
        """Void the abandoning in force; returns its place among the changes."""
        place = max(
            place
            for place, c in enumerate(self.changes)
            if c.kind == ABANDONED and c.status == IN_FORCE
        )
        self.changes[place] = self.changes[place]._replace(status=VOIDED)
        return place

    def _rename(self, old: str, new: str) -> None:
        check_rename(self.individuals(), old, new, partnership=self.teams is not None)

        def renamed(name: str | None) -> str | None:
            return new if name == old else name

        before = self.players
        if self.teams:
            (a, b), (c, d) = self.teams
            self.teams = (
                (new if a == old else a, new if b == old else b),
                (
                    new if c == old else c,
                    new if d == old else d,
                ),
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

    def in_force(self) -> list[StoredHand]:
        """The hands that count, in the order they were played."""
        return sorted((h for h in self.history if h.status == IN_FORCE), key=lambda h: h.slot)

    def sheet(self, hands: Sequence[Hand] | None = None) -> Scoresheet:
        """The scoresheet of the hands in force, or of the given hands.

        A command asks for it several times (to check, to print, to index) while the hands
        stay the same; the last one is kept with the very hands it came from, so it is
        worked out again whenever they differ (and whenever a player is renamed)."""
        played = tuple(stored.hand for stored in self.in_force()) if hands is None else tuple(hands)
        if self._sheet is None or self._sheet[0] != played:
            self._sheet = (
                played,
                replay(self.players, self.rules, self.first_dealer, played, self.teams),
            )
        return self._sheet[1]

    def header(self) -> dict[str, Any]:
        players, teams, first_dealer = self.named
        return {
            "id": self.id,
            "players": list(players),
            "rules": self.rules.to_dict(),
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
        named = dict(zip(self.individuals(), teams[0] + teams[1] if teams else players))
        for key in ("knocker", "table"):
            if data.get(key) is not None:
                data[key] = named[data[key]]
        return data

    def facts(self) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
        """What was entered, as the file keeps it: the header (without the id and uuid, which
        name the match rather than tell what happened), every hand and every change."""
        header = self.header()
        header.pop("id")
        header.pop("uuid", None)
        return header, [self.stored(h) for h in self.history], [c.to_dict() for c in self.changes]

    @classmethod
    def from_parts(
        cls,
        match_id: int,
        header: dict[str, Any],
        hands: Sequence[Any],
        complete: bool = False,
        changes: Sequence[Any] = (),
    ) -> Match:
        """Build and check a match from its stored (``complete``) or exported parts.

        Raises ValueError (with what is wrong) for anything malformed or against the rules,
        RuleError for rules that cannot be, InvalidHand or MatchFinished for hands that cannot
        have been played.
        """
        players = header.get("players")
        if (
            not isinstance(players, list)
            or len(players) not in (2, 3)
            or not all(isinstance(p, str) for p in players)
        ):
            raise ValueError(_("'players' must be a list of two names (three in Three-handed Gin)"))
        teams = header.get("teams")
        if teams is None:
            check_names(players)
        elif (
            not isinstance(teams, list)
            or len(teams) != 2
            or not all(isinstance(t, list) and len(t) == 2 for t in teams)
            or not all(isinstance(p, str) for t in teams for p in t)
        ):
            raise ValueError(_("'teams' must be two lists of two names"))
        else:
            check_names(teams[0] + teams[1])
            if players != [team_name(team) for team in teams]:
                raise ValueError(
                    _("the players of a partnership match are its teams, named like 'Ann & Bob'")
                )
        rules = header.get("rules", {})
        if not isinstance(rules, dict):
            raise ValueError(_("'rules' must be a JSON object"))
        if complete:
            check_keys(
                rules,
                [f for f in Rules._fields if f not in VARIANT_OPTIONS + LATER_OPTIONS],
                VARIANT_OPTIONS + LATER_OPTIONS,
                _("its rules"),
                complete,
            )
        rules_in_force = Rules.from_dict(rules)
        if (len(players) == 3) != rules_in_force.three_handed or (teams and len(players) == 3):
            raise ValueError(
                _("a Three-handed match has three players, any other match two (or two teams)")
            )
        first_dealer = header.get("first_dealer")
        if first_dealer not in players[:2]:
            raise ValueError(
                _("'first_dealer' must be one of the players, not {value!r}").format(
                    value=first_dealer
                )
            )
        history = [StoredHand.from_dict(h, n, complete) for n, h in enumerate(hands, start=1)]
        check_history(history)
        people = teams[0] + teams[1] if teams else players
        for number, stored in enumerate(history, start=1):
            for name in (stored.hand.knocker, stored.hand.table):
                if name is not None and name not in people:
                    raise ValueError(
                        _("hand {number}: {name!r} is not a player of this match").format(
                            number=number, name=name
                        )
                    )
        made = [Change.from_dict(c, n, complete) for n, c in enumerate(changes, start=1)]
        match = cls(
            id=match_id,
            players=tuple(players),
            rules=rules_in_force,
            first_dealer=str(first_dealer),
            created=check_timestamp(header.get("created", ""), "created"),
            description=check_description(header.get("description") or ""),
            history=history,
            teams=((teams[0][0], teams[0][1]), (teams[1][0], teams[1][1])) if teams else None,
            uuid=check_uuid(header["uuid"]) if "uuid" in header else "",
            changes=made,
        )
        match.sheet()  # every hand in force must be possible under the rules
        return match


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
            a.get("status") == IN_FORCE
            and b.get("status") in (VOIDED, REPLACED)
            and {**a, "status": b["status"]} == b
        )
        for a, b in zip(earlier, later)
    )


#: How a uuid is written: 8-4-4-4-12 lowercase hexadecimal digits.
UUID_DASHES = (8, 13, 18, 23)


def check_uuid(value: object) -> str:
    """A match's uuid as stored and exported (``0f1e...``, 36 characters), in lowercase."""
    text = value.lower() if isinstance(value, str) else ""
    if len(text) != 36 or not all(
        (char == "-") if place in UUID_DASHES else char in "0123456789abcdef"
        for place, char in enumerate(text)
    ):
        raise ValueError(
            _(
                "'uuid' must be a UUID like 0f1e2d3c-4b5a-4697-8877-665544332211, not {value!r}"
            ).format(value=value)
        )
    return text


def new_uuid() -> str:
    """A uuid for a match stored for the first time (random: version 4)."""
    import uuid

    return str(uuid.uuid4())


#: The namespace of :func:`derived_uuid`.
LEGACY_NAMESPACE = "6b1f4c2e-9d3a-5e8b-a7c1-2f4d6e8a0b3c"


def derived_uuid(header: dict[str, Any]) -> str:
    """The uuid of a match file written before matches had one: worked out from its header as
    the file holds it (its id, players, rules, first dealer and the second it was created), so
    that it is the same every time and in every copy of the file, and written into the file
    the next time the match changes."""
    import json
    import uuid

    text = json.dumps(header, sort_keys=True, ensure_ascii=False)
    return str(uuid.uuid5(uuid.UUID(LEGACY_NAMESPACE), text))


def check_rename(names: Sequence[str], old: str, new: str, partnership: bool) -> None:
    """Refuse to rename ``old`` (one of ``names``) to ``new``: a name that is not a player's,
    the same name, another player's name (case and accents aside), or not a name."""
    if old not in names:
        raise ValueError(
            _("{name!r} is not a player of this match, so it cannot be renamed").format(name=old)
        )
    if new == old:
        raise ValueError(_("{name} is called that already; nothing to change.").format(name=old))
    for other in names:
        if other != old and fold(other) == fold(new):
            raise ValueError(
                _(
                    "{new!r} is the name of {other}, another player of this match (case and "
                    "accents do not count); choose another name."
                ).format(new=new, other=other)
            )
    if partnership and any(mark in new for mark in "&+,"):
        raise ValueError(
            _(
                "A partner's name cannot hold '&', '+' or ',': they join the partners' names "
                "into the team's ({name!r})."
            ).format(name=new)
        )
    check_names([new])


def check_timestamp(value: object, name: str) -> str:
    """An ISO 8601 time as stored in ``created`` and ``recorded`` (or empty: not known)."""
    if value == "":
        return ""
    try:
        datetime.fromisoformat(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ValueError(
            _("{name!r} must be a time like 2026-11-30T20:15:00+01:00, not {value!r}").format(
                name=name, value=value
            )
        ) from None
    return str(value)


#: The longest description accepted.
MAX_DESCRIPTION = 200


def check_description(value: object) -> str:
    """A match's one line of description: printable text, not too long."""
    if not isinstance(value, str) or len(value) > MAX_DESCRIPTION or not value.isprintable():
        raise ValueError(
            _(
                "'description' must be one line of printable text of at most {most} characters"
            ).format(most=MAX_DESCRIPTION)
        )
    return value


#: The longest player name accepted.
MAX_NAME = 40


def are_names(values: list[Any]) -> bool:
    """Whether every value could be a player's name as :func:`check_names` lets one in (what a
    derived file says is shown only if it is); checked in C, for thousands at once."""
    return (
        set(map(type, values)) <= {str}
        and all(map(str.isprintable, values))
        and all(map(str.__eq__, values, map(str.strip, values)))
        and min(map(len, values), default=1) > 0
        and max(map(len, values), default=0) <= MAX_NAME
    )


def check_names(names: Sequence[str]) -> None:
    """Refuse empty, over-long, control-character and equal (ignoring case) player names."""
    for name in names:
        if not name.strip():
            raise ValueError(_("A player's name cannot be empty; give each player a name."))
        if len(name) > MAX_NAME:
            raise ValueError(
                _("The name {name!r} is longer than {most} characters; use a shorter one.").format(
                    name=name, most=MAX_NAME
                )
            )
        if any(not char.isprintable() for char in name):
            raise ValueError(
                _(
                    "The name {name!r} holds a control character; "
                    "use letters, digits and punctuation."
                ).format(name=name)
            )
        if name != name.strip():
            raise ValueError(
                _("The name {name!r} starts or ends with a space; leave the spaces out.").format(
                    name=name
                )
            )
    for index, name in enumerate(names):
        for other in names[index + 1 :]:
            if fold(name) == fold(other):
                raise ValueError(
                    (
                        _(
                            "Both players are called {name!r}; give them different names (case and "
                            "accents do not count), e.g. '{name} A' and '{name} B'."
                        )
                        if len(names) == 2
                        else _(
                            "Two players are called {name!r}; give them different names (case and "
                            "accents do not count), e.g. '{name} A' and '{name} B'."
                        )
                    ).format(name=name)
                )


class Summary(NamedTuple):
    """One line of ``matches``."""

    id: int
    players: tuple[str, ...]
    started: str
    hands: int
    finished: bool
    winner: str | None
    uuid: str = ""
    abandoned: bool = False

    @classmethod
    def of(cls, match: Match, sheet: Scoresheet) -> Summary:
        return cls(
            match.id,
            match.players,
            match.created,
            sheet.hands_played(),
            sheet.finished,
            sheet.winner,
            match.uuid,
            match.abandoned,
        )
