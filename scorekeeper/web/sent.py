"""What a page sent to ``serve`` (:mod:`scorekeeper.web.app`), read as the server takes it: a
write's JSON body, the number of the hand an entry was made for, the answers to the next
hand's questions, and the language a browser asks for; and a refusal as a page is told it."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from scorekeeper.engine import MAX_DEADWOOD, Answers, InvalidHand, MatchFinished, NextHand, Question
from scorekeeper.i18n import _, available
from scorekeeper.rules import RuleError
from scorekeeper.table import Refused

if TYPE_CHECKING:  # the phone app reads what its page sent with these, and has no starlette
    from starlette.requests import Request

#: The most a write's body may hold, in bytes (an entry is a few dozen).
MOST_BODY = 4096


class BadRequest(ValueError):
    """What a page sent cannot be read (400): its text says so, in the page's words."""


def refusal(error: Exception, also: tuple[type[Exception], ...] = ()) -> str | None:
    """A refusal as a page shows it: ``Error:`` and the error's own words (the engine's, the
    rules', the use cases' or of what the page sent, as the command line says them, less its
    advice about what to type; with ``also`` those of these errors too); None for an error
    that is no refusal (a bug)."""
    if isinstance(error, InvalidHand):
        message = error.said()
    elif isinstance(error, (BadRequest, Refused, MatchFinished, RuleError, *also)):
        message = str(error)
    else:
        return None
    return _("Error: {message}").format(message=message)


def from_accept_language(header: str) -> str:
    """The first language of a browser's ``Accept-Language`` there are messages in (by its
    weights), else English.

    >>> from_accept_language("tlh-Latn, tlh;q=0.9, nl;q=0.8, de;q=0.7, *;q=0.5")
    'nl'
    >>> from_accept_language("de-AT"), from_accept_language("")
    ('de', 'en')
    """
    wanted = []
    for order, part in enumerate(header.split(",")):
        code, _semicolon, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            name, _equals, value = param.strip().partition("=")
            if name == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        wanted.append((-weight, order, code.split("-")[0].strip().lower()))
    for weight, _order, code in sorted(wanted):
        if weight < 0 and code in available():
            return code
    return "en"


def hand_number(value: object) -> int:
    """The number of the hand a page's entry was made for."""
    if type(value) is not int or value < 1:
        raise BadRequest(_("The page sent no hand number; reload it and enter the hand again."))
    return value


def answers(coming: NextHand, asked: dict[str, Any]) -> Answers:
    """The answers a page sent to the questions the next hand asks (those asked first, then
    those of the ending sent), as :meth:`~scorekeeper.engine.NextHand.build` takes them; a
    field no question asks is left out (the page keeps what was typed in a hidden one)."""
    kind = str(asked.get("kind") or "")
    try:
        questions = [*coming.first, *coming.asks(kind)]
    except InvalidHand:  # no way a hand ends: building the hand says so
        questions = [*coming.first]
    given: dict[str, Any] = {q.field: answer(q, asked.get(q.field)) for q in questions}
    return Answers(kind, **given)


def answer(question: Question, typed: object) -> str | int | None:
    """The answer a page sent to one question (None if none was given)."""
    if question.most is not None:
        return count(typed, question.what)
    return str(typed or "").strip() or None


def count(typed: object, what: str) -> int | None:
    """A deadwood count as the page sent it (its digits, or a number); None if not given."""
    if typed is None or typed == "":
        return None
    text = str(typed).strip()
    digits = text.removeprefix("-")
    if type(typed) is bool or not (digits.isascii() and digits.isdigit()):
        raise BadRequest(
            _("{value!r} is not a whole number: {what} is from 0 to {most}.").format(
                value=str(typed), what=_(what), most=MAX_DEADWOOD
            )
        )
    return int(text)


async def read_body(request: Request) -> dict[str, Any]:
    """A write's JSON body (at most :data:`MOST_BODY` bytes)."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MOST_BODY:
            raise BadRequest(_("The page sent too much; reload it."))
    try:
        found = json.loads(body or b"{}")
    except (ValueError, RecursionError):  # not JSON, or nested deeper than Python reads
        found = None
    if not isinstance(found, dict):
        raise BadRequest(_("The page sent something unreadable; reload it."))
    return found
