"""A match's facts as they are kept and exchanged, read back and checked strictly.

A match file of the store and an imported export are read by the same code: every key known,
every value of its type, the hands' order numbers telling one story. A store file must hold
every key this version writes (``complete``); an export written by hand may leave out what has
a default. Whatever is wrong raises ValueError saying what (:class:`~scorekeeper.rules.RuleError`
for rules that cannot be, :class:`~scorekeeper.engine.InvalidHand` or
:class:`~scorekeeper.engine.MatchFinished` for hands that cannot have been played).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from scorekeeper.engine import Entry, Hand, first_dealers, sides, team_name
from scorekeeper.i18n import _
from scorekeeper.match import (
    Change,
    ChangeKind,
    Match,
    Status,
    StoredHand,
    check_names,
)
from scorekeeper.rules import LATER_OPTIONS, VARIANT_OPTIONS, Rules

#: The keys of a stored change, by its kind.
CHANGE_KEYS = {
    ChangeKind.ABANDONED.value: ("change", "status", "recorded"),
    ChangeKind.RENAMED.value: ("change", "old", "new", "recorded"),
    ChangeKind.RULES.value: ("change", "rules", "after_slot", "recorded"),
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
#: The statuses a hand may have, as files write them.
STATUSES = tuple(status.value for status in Status)


def from_json(content: bytes) -> Any:
    """The value of a file of JSON (a match file, an export); raises ValueError saying, in the
    language, where the file stops being JSON.

    >>> from_json(b'{"players": ["Ann", "Ben"]}')
    {'players': ['Ann', 'Ben']}
    >>> from_json(b'{"players": ["Ann", "Ben"]')
    Traceback (most recent call last):
    ValueError: it is not valid JSON (line 1, column 27)
    """
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(_("it is not UTF-8 text (byte {n})").format(n=error.start + 1)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(
            _("it is not valid JSON (line {line}, column {column})").format(
                line=error.lineno, column=error.colno
            )
        ) from None
    except (ValueError, RecursionError):  # a number of thousands of digits, nesting as deep
        raise ValueError(
            _("it holds JSON nested too deeply or a number too long to be read")
        ) from None


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


def read_hand(data: Any, default_slot: int, complete: bool = False) -> StoredHand:
    """A hand as stored or exported; raises ValueError naming what is wrong."""
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
    status = data.get("status", Status.IN_FORCE.value)
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
    return StoredHand(
        hand, slot, Status(status), check_timestamp(data.get("recorded", ""), "recorded")
    )


def check_history(history: Sequence[StoredHand]) -> None:
    """The order numbers (slots) of a match's hands must tell one story, the one ``undo`` and
    ``amend`` write: every number from 1 up, each held by at most one hand in force or voided,
    which comes after every hand it replaced."""
    stories: dict[int, list[Status]] = {}
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
        if any(status is not Status.REPLACED for status in statuses[:-1]):
            raise ValueError(
                _(
                    "two hands have the order number {slot}; each number is one "
                    "hand (and the hands it replaced)"
                ).format(slot=slot)
            )
        if statuses[-1] is Status.REPLACED:
            raise ValueError(
                _(
                    "the hand with order number {slot} is marked replaced, but no hand replaces it"
                ).format(slot=slot)
            )


def read_change(data: Any, number: int, complete: bool = False) -> Change:
    """A change as stored or exported; raises ValueError naming what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(_("a change must be a JSON object, not {value!r}").format(value=data))
    kind = data.get("change")
    if kind not in CHANGE_KEYS:
        raise ValueError(
            _("a change must be one of {choices}, not {value!r}").format(
                choices=", ".join(CHANGE_KEYS), value=kind
            )
        )
    check_keys(data, CHANGE_KEYS[kind], (), _("change {number}").format(number=number), complete)
    recorded = check_timestamp(data.get("recorded", ""), "recorded")
    if kind == ChangeKind.ABANDONED.value:
        status = data.get("status", Status.IN_FORCE.value)
        if status not in (Status.IN_FORCE.value, Status.VOIDED.value):
            raise ValueError(
                _("an abandoning's status must be {a} or {b}, not {value!r}").format(
                    a=Status.IN_FORCE.value, b=Status.VOIDED.value, value=status
                )
            )
        return Change(ChangeKind.ABANDONED, recorded, Status(status))
    if kind == ChangeKind.RULES.value:
        rules, after = data.get("rules", {}), data.get("after_slot", 0)
        if not isinstance(rules, dict):
            raise ValueError(_("a change of the rules gives the rules as a JSON object"))
        if type(after) is not int or after < 0:
            raise ValueError(
                _(
                    "a change of the rules' after_slot must be a whole number from 0, not {value!r}"
                ).format(value=after)
            )
        return Change(ChangeKind.RULES, recorded, rules=Rules.from_dict(rules), after=after)
    old, new = data.get("old"), data.get("new")
    if not isinstance(old, str) or not isinstance(new, str):
        raise ValueError(_("a renaming gives the old and the new name as text"))
    return Change(ChangeKind.RENAMED, recorded, Status.IN_FORCE, old, new)


def read_match(
    match_id: int,
    header: dict[str, Any],
    hands: Sequence[Any],
    complete: bool = False,
    changes: Sequence[Any] = (),
) -> Match:
    """Build and check a match from its stored (``complete``) or exported parts."""
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
    if len(players) != sides(rules_in_force, teams is not None):
        raise ValueError(
            _("a Three-handed match has three players, any other match two (or two teams)")
        )
    first_dealer = header.get("first_dealer")
    if first_dealer not in first_dealers(rules_in_force, tuple(players)):
        raise ValueError(
            _("'first_dealer' must be one of the players, not {value!r}").format(value=first_dealer)
        )
    history = [read_hand(h, n, complete) for n, h in enumerate(hands, start=1)]
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
    made = [read_change(c, n, complete) for n, c in enumerate(changes, start=1)]
    match = Match(
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


#: The namespace of :func:`facts_uuid`.
FACTS_NAMESPACE = "0b6f6a51-5a7e-4d0c-9b1c-3e2f8d4a6c7b"


def facts_uuid(match: Match) -> str:
    """The uuid of an export that has none (written by an older version, or by hand): worked
    out from what it holds (players, rules, first dealer, every hand and change), so that
    every copy of the file is known as one match and importing it twice does not double it."""
    import json
    import uuid

    text = json.dumps(match.facts(), sort_keys=True, ensure_ascii=False)
    return str(uuid.uuid5(uuid.UUID(FACTS_NAMESPACE), text))


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


def are_names(values: list[Any]) -> bool:
    """Whether every value could be a player's name as :func:`check_names` lets one in (what a
    derived file says is shown only if it is); checked in C, for thousands at once."""
    from scorekeeper.match import MAX_NAME

    return (
        set(map(type, values)) <= {str}
        and all(map(str.isprintable, values))
        and all(map(str.__eq__, values, map(str.strip, values)))
        and min(map(len, values), default=1) > 0
        and max(map(len, values), default=0) <= MAX_NAME
    )
