"""What the phone app's script asks of Python: one function, :func:`answer`, takes a request
as JSON and gives the answer as JSON, so that the script and the tests speak to it alike.

The matches are the script's (it keeps each in the browser's IndexedDB as its export JSON,
:func:`scorekeeper.exchange.export_json`, beside the standing as last drawn); it hands them over
at the start (``open``), and every change answers with the match's new facts to store. The
changes are the command line's own use cases (:mod:`scorekeeper.table`), run on the matches held
here instead of the store's files; the drawing is the ``serve`` page's (:mod:`scorekeeper.web`).

Each request is ``{"do": NAME, ...}``; each answer ``{"ok": true, ...}`` or ``{"ok": false,
"error": "Error: ..."}`` in the language chosen (``lang``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from html import escape
from typing import TYPE_CHECKING, Any, cast

from scorekeeper import exchange
from scorekeeper.app import screens
from scorekeeper.engine import Teams, meant
from scorekeeper.i18n import Quoted, _, available, either, set_language
from scorekeeper.match import Match, Relation, new_uuid, now, relation
from scorekeeper.messages import match_title, report, said_of_new_hand
from scorekeeper.render.sheet import board
from scorekeeper.rules import (
    CHOICES,
    DECLARED,
    KINDS,
    RANGES,
    RuleError,
    Rules,
    option_name,
)
from scorekeeper.table import (
    Mistyped,
    NotTheNextHand,
    Refused,
    add_hand,
    change_rules,
    correct,
    dealt_by,
    imported_said,
    opening,
    replaced,
    rules_said,
    start,
    taken_back,
)
from scorekeeper.web import views
from scorekeeper.web.board import board_html
from scorekeeper.web.sent import BadRequest, answers, refusal

if TYPE_CHECKING:
    from scorekeeper.store import Store


class Shelf:
    """The matches the phone holds, as the use cases of :mod:`scorekeeper.table` read and
    change them (a store's ``writing()`` and ``load``, a writer's ``create``): a change that
    fails leaves each match it touched as it was, as a store's lock and commit do. Each match
    is read from its facts when first asked for (a start reads only the match it shows)."""

    def __init__(self) -> None:
        self.facts: dict[int, str] = {}
        """Each match's export JSON as last stored, by its id."""
        self.read: dict[int, Match] = {}
        """The matches read from their facts so far."""

    @contextmanager
    def writing(self) -> Iterator[Shelf]:
        try:
            yield self
        except BaseException:
            for number in [number for number, match in self.read.items() if match.changed]:
                del self.read[number]  # read again from its facts as last stored
            raise

    def load(self, number: int) -> Match:
        if number not in self.facts:
            raise Refused(_("There is no match {id}.").format(id=number))
        if number not in self.read:
            match = exchange.parse_export(self.facts[number].encode("utf-8"))
            match.id = number
            self.read[number] = match
        return self.read[number]

    def every(self) -> list[Match]:
        """Every match held, in the order of their ids."""
        return [self.load(number) for number in sorted(self.facts)]

    def next_id(self) -> int:
        return max(self.facts, default=0) + 1

    def current_id(self) -> None:
        """No match is current to a new one: the phone starts no series from the match it
        showed last (who deals first is chosen at random, or by the players)."""
        return None

    def create(
        self,
        players: tuple[str, ...],
        rules: Rules,
        first_dealer: str,
        description: str = "",
        teams: Teams | None = None,
    ) -> Match:
        """A new match with the next free id, as a store's writer makes one (held once
        :meth:`kept`)."""
        return Match(
            self.next_id(), players, rules, first_dealer, now(), description, [], teams, new_uuid()
        )

    def put(self, number: int, facts: str) -> None:
        """Hold the match whose export is ``facts`` as match ``number``."""
        self.facts[number] = facts
        self.read.pop(number, None)

    def kept(self, match: Match) -> dict[str, Any]:
        """What the script stores of a match just changed: its facts, and the standing as
        drawn now (shown at the next start before Python is ready)."""
        facts = exchange.export_json(match)
        self.read[match.id], self.facts[match.id] = match, facts
        match.changed = False
        sheet = match.sheet()
        return {
            "id": match.id,
            "uuid": match.uuid,
            "facts": facts,
            "title": match_title(match.id, sheet),
            "drawn": board_html(board(match, sheet)),
            "status": match.status.value,
        }


shelf = Shelf()
#: The shelf, for the use cases that take a store.
STORE = cast("Store", shelf)


def answer(request: str) -> str:
    """The answer to one request of the script (see the module's help)."""
    try:
        asked = json.loads(request)
        if not isinstance(asked, dict) or asked.get("do") not in ACTIONS:
            raise BadRequest(_("The page sent something unreadable; reload it."))
        language = asked.get("lang")
        if language in available():
            set_language(language)
        found = ACTIONS[asked["do"]](asked)
    except Exception as error:
        said = refusal(error, (ValueError,))  # a match file unread, a change not made
        if said is None:
            raise
        found = {"ok": False, "error": said}
    return json.dumps(found, ensure_ascii=False)


# The matches


def open_matches(asked: dict[str, Any]) -> dict[str, Any]:
    """Hold the matches the script kept (``matches``: each ``{"id", "facts"}``), and only
    those."""
    random.seed()  # a start may restore Python's memory as kept, the random state in it too
    shelf.facts.clear()
    shelf.read.clear()
    for kept in asked.get("matches", []):
        shelf.put(number_of(kept, "id"), str(kept.get("facts")))
    return words(asked)


def words(asked: dict[str, Any]) -> dict[str, Any]:
    """The script's own words, and the languages it offers."""
    return {"ok": True, "words": screens.words(), "languages": views.offered()}


def matches_list(asked: dict[str, Any]) -> dict[str, Any]:
    """The matches held, and the import."""
    return {"ok": True, "html": screens.matches_html(shelf.every())}


def new_form(asked: dict[str, Any]) -> dict[str, Any]:
    return {"ok": True, "html": screens.new_html()}


def live(asked: dict[str, Any]) -> dict[str, Any]:
    """A match as the ``serve`` page draws it: the standing, the next hand's questions, the
    hands and the race chart."""
    match = shelf.load(number_of(asked))
    return {"ok": True, **drawn(match)}


def drawn(match: Match) -> dict[str, Any]:
    sheet = match.sheet()
    return {
        "id": match.id,
        "title": match_title(match.id, sheet),
        "sheet": board_html(board(match, sheet)),
        "hands": views.sheet_html(match, sheet),
        "entry": views.entry_html(match, sheet, False),
        "key": views.entry_key(match, sheet, False),
        "hand": sheet.next_hand().number,
        "finished": sheet.finished,
        "tools": screens.tools_html(match),
    }


def number_of(asked: dict[str, Any], key: str = "match") -> int:
    number = asked.get(key)
    if type(number) is not int:
        raise BadRequest(_("The page sent something unreadable; reload it."))
    return number


# Hands


def record(asked: dict[str, Any]) -> dict[str, Any]:
    """Record the hand entered (with ``preview``, only say what it would do)."""
    number = number_of(asked)
    preview = asked.get("preview") is True
    coming = shelf.load(number).sheet().next_hand()
    added = add_hand(
        STORE,
        number,
        answers(coming, asked),
        dry_run=preview,
        expected=number_of(asked, "hand"),
    )
    told = said_of_new_hand(added.before, added.after)
    lines = report(added.before, added.after, *told)
    html = views.report_html(added.before, added.after, told)
    if preview:
        return {"ok": True, "recorded": False, "lines": lines, "html": html}
    return changed(shelf.load(number), lines, html)


def changed(match: Match, lines: list[str], html: str | None = None) -> dict[str, Any]:
    """What the script is told of a change made: the report, the match to store, and the
    match drawn anew."""
    laid_out = {} if html is None else {"html": html}
    return {
        "ok": True,
        "recorded": True,
        "lines": lines,
        **laid_out,
        "kept": shelf.kept(match),
        "live": drawn(match),
    }


def undo(asked: dict[str, Any]) -> dict[str, Any]:
    """Take back the last hand (the one the page named)."""
    number = number_of(asked)
    told, sheets = taken_back(STORE, number, number_of(asked, "hand"))
    match = shelf.load(number)
    if sheets is None:
        return changed(match, told)
    return changed(match, report(*sheets, *told), views.report_html(*sheets, told))


# A new match


def new_match(asked: dict[str, Any]) -> dict[str, Any]:
    """Start a match as ``new`` does: the players (three: Three-handed Gin; ``teams``: two
    teams of two, each ``Ann & Bob``), a preset and the options changed from it, who deals
    first (else chosen at random)."""
    names = tuple(str(name).strip() for name in asked.get("players", []) if str(name).strip())
    if not 2 <= len(names) <= 3:
        raise Mistyped(
            _("Name the players: two, three for Three-handed Gin, or two teams (Ann & Bob).")
        )
    preset = str(asked.get("preset") or "standard")
    options = rule_options(asked.get("options") or {})
    opened = opening(STORE, names, bool(asked.get("teams")), preset, options)
    dealer = str(asked.get("dealer") or "")
    if dealer.strip():
        opened = dealt_by(opened, dealer_named(opened.everyone, dealer))
    match = start(STORE, opened, str(asked.get("description") or ""))
    return changed(match, [match_title(match.id, match.sheet())])


def dealer_named(everyone: tuple[str, ...], typed: str) -> str:
    """The player (or partner) who deals first, as ``new --dealer`` takes the name: by a
    beginning that leaves no doubt, case and accents aside."""
    found = meant(everyone, typed)
    if len(found) == 1:
        return found[0]
    if found:
        said = _("{typed!r} could be {a} or {b}; type more of it.")
        raise Mistyped(said.format(typed=Quoted(typed), a=found[0], b=found[1]))
    said = _("{typed!r} is not one of the players: name {options}.")
    raise Mistyped(said.format(typed=Quoted(typed), options=either(everyone)))


def rule_options(given: object) -> dict[str, Any]:
    """The rule options the page set, each as its type takes it (a whole number, yes or no,
    or the name of one of its values)."""
    if not isinstance(given, dict):
        raise BadRequest(_("The page sent something unreadable; reload it."))
    options: dict[str, Any] = {}
    for name, value in given.items():
        if name not in DECLARED or value in (None, ""):
            continue
        kind = KINDS[name]
        if name in CHOICES:
            try:
                options[name] = CHOICES[name](str(value))
            except ValueError:  # the page offers only the values there are
                raise BadRequest(_("The page sent something unreadable; reload it.")) from None
        elif kind is bool:
            options[name] = value in (True, "true", "on", "1")
        else:
            low, high = RANGES[name]
            digits = str(value).strip()
            if not (digits.isascii() and digits.isdigit() and low <= int(digits) <= high):
                raise RuleError(
                    _("{option} is from {low} to {high}, not {value}.").format(
                        option=option_name(name), low=low, high=high, value=value
                    )
                )
            options[name] = int(digits)
    return options


# Files


def export(asked: dict[str, Any]) -> dict[str, Any]:
    """The match as its JSON export, or its CSV sheet, with the file's name."""
    match = shelf.load(number_of(asked))
    if asked.get("format") == "csv":
        import csv
        import io

        out = io.StringIO()
        csv.writer(out).writerows(exchange.csv_rows(match.sheet()))
        return {"ok": True, "name": f"match-{match.id}.csv", "text": out.getvalue()}
    return {"ok": True, "name": f"match-{match.id}.json", "text": exchange.export_json(match)}


def import_match(asked: dict[str, Any]) -> dict[str, Any]:
    """A match file read with ``import``'s rules: a match the phone does not hold becomes a
    new match; a later state of one it holds brings it up to date; the same one, or an
    earlier state, changes nothing; one that went its own way is never merged: the answer
    shows both sheets, and ``keep`` (``both``: the file's as another match; ``theirs``: the
    file's instead of the phone's) says what to do with it."""
    name = str(asked.get("name") or "")
    try:
        found = exchange.parse_export(str(asked.get("text") or "").encode("utf-8"))
    except ValueError as error:
        raise BadRequest(
            _("{path} cannot be imported: {reason}.").format(path=name, reason=error)
        ) from None
    held = next((m for m in shelf.every() if m.uuid == found.uuid), None)
    how = None if held is None else relation(held, found)
    keep = asked.get("keep")
    if held is not None and how is not Relation.BEHIND and keep not in ("both", "theirs"):
        shown = {}
        if how is Relation.APART:  # both drawn as the phone's match, under whose copy it is
            found.id = held.id
            shown = {
                "held": copy_html(_("This phone's copy"), held),
                "found": copy_html(_("The file's copy"), found),
            }
        return {
            "ok": True,
            "recorded": False,
            "relation": how and how.value,
            "id": held.id,
            **shown,
        }
    if held is not None and keep != "both":  # the file's copy instead of the phone's
        found.id, found.uuid = held.id, held.uuid
        return changed(found, [imported_said(Relation.BEHIND, name, found)])
    found.id = shelf.next_id()
    if held is not None:  # both kept: the file's copy is another match from now on
        found.uuid = new_uuid()
    return changed(found, [imported_said(None, name, found)])


def copy_html(heading: str, match: Match) -> str:
    """One of two copies of a match that went their own ways, under a heading that says whose
    it is: its standing, its hands and its race chart."""
    sheet = match.sheet()
    drawn = board_html(board(match, sheet)) + views.sheet_html(match, sheet)
    return f'<h3 class="copy">{escape(heading)}</h3>{drawn}'


# Corrections and the rules


def amend(asked: dict[str, Any]) -> dict[str, Any]:
    """Correct hand ``number`` with the answers sent, every later hand scored again, and say
    so as ``amend`` does (with ``preview``, only say what it would do)."""
    number, which = number_of(asked), number_of(asked, "number")
    preview = asked.get("preview") is True
    hands = [stored.hand for stored in shelf.load(number).in_force()]
    coming = shelf.load(number).sheet(hands[: max(which - 1, 0)]).next_hand()  # as it was asked
    done = correct(STORE, number, which, answers(coming, asked), dry_run=preview)
    match = shelf.load(number)
    lines = replaced(done, which)
    if done.new == done.old:
        return {"ok": False, "error": lines[0]}
    html = views.report_html(done.before, done.after, lines)
    if preview:
        return {"ok": True, "recorded": False, "lines": lines, "html": html}
    return changed(match, lines, html)


def rules(asked: dict[str, Any]) -> dict[str, Any]:
    """Play the match by its rules with the options sent changed, from the first hand on, as
    ``amend rules`` does."""
    number = number_of(asked)
    options = rule_options(asked.get("options") or {})
    done = change_rules(STORE, number, lambda m: m.rules.over(**options))
    lines = [rules_said(done)]
    if done.after.rules == done.old:
        return {"ok": False, "error": lines[0]}
    return changed(shelf.load(number), lines, views.report_html(done.before, done.after, lines))


def correction(asked: dict[str, Any]) -> dict[str, Any]:
    """The questions of hand ``number``, to correct it."""
    match = shelf.load(number_of(asked))
    return {"ok": True, "html": screens.correction_html(match, number_of(asked, "number"))}


ACTIONS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "open": open_matches,
    "words": words,
    "new_form": new_form,
    "matches": matches_list,
    "live": live,
    "hand": record,
    "undo": undo,
    "new": new_match,
    "export": export,
    "import": import_match,
    "correction": correction,
    "amend": amend,
    "rules": rules,
}

__all__ = ["NotTheNextHand", "answer"]
