"""``record``: the evening's hands asked for one after another, each its own change of the
store, and the truth told about them when another program changes the match meanwhile."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any

import click

from scorekeeper.commands._common import ask, echo_lines, match_id
from scorekeeper.commands._errors import BadInput, StateProblem, as_problem
from scorekeeper.commands._params import (
    NOT_A_PLAYER,
    Count,
    Words,
    command,
    confirm,
    match_option,
    option,
    pass_store,
)
from scorekeeper.commands.correcting import take_back
from scorekeeper.commands.recording import (
    MatchOver,
    NotTheNextHand,
    add_hand,
    knocker_cards,
    open_sheet,
    say,
    showdown_of,
    shown,
)
from scorekeeper.engine import (
    ENDINGS,
    Answers,
    Entry,
    InvalidHand,
    NextHand,
    Scoresheet,
    Why,
)
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.match import Match, MatchStatus, Status, StoredHand
from scorekeeper.messages import plain, said_of_new_hand, whose_hand
from scorekeeper.store import Store, StoreError

if TYPE_CHECKING:
    from scorekeeper.cards import Card


@command("record")
@option(
    "--cards",
    "with_cards",
    is_flag=True,
    help="Ask for both hands' cards instead of the deadwood counts.",
)
@match_option
@pass_store
def record_interactively(store: Store, with_cards: bool, match: int | None) -> None:
    """Record the evening's hands by answering questions, one hand after another.

    Each question shows its choices and is asked again until the answer can be used. A hand
    is stored as soon as it is confirmed, and reported as 'knock' reports it; it is stored as
    the hand it was asked for or not at all: should another terminal or a phone record that
    hand first, the hand recorded there is shown, and the next hand asked for. At the first
    question of a hand, u takes the last hand back, and q, an empty answer, Ctrl-D or Ctrl-C
    stop; stopping in the middle of a hand records nothing of it. The questions end by
    themselves with the match.

    \b
    Example:
      scorekeeper record
      scorekeeper record --cards
    """
    if sys.stdin is None or sys.stdin.closed:
        raise StateProblem(
            _(
                "'scorekeeper record' asks its questions on standard input, which "
                "is closed; give the hand on the command line instead, e.g. "
                "'scorekeeper knock PLAYER 5 15'."
            )
        )
    Evening(store, match_id(store, match), with_cards).run()


class Turn(Enum):
    """How one round of questions ended."""

    RECORDED = "recorded"
    MATCH_OVER = "recorded, and the match is over"
    TAKEN_BACK = "the last hand taken back"
    SKIPPED = "nothing recorded (the hand was not confirmed, or could not be taken back)"
    ELSEWHERE = "nothing recorded: the match got the hand from elsewhere, or lost hands"
    QUIT = "the user stopped at the first question"


class Ended(Exception):
    """The match was deleted, abandoned or ended elsewhere: the evening ends, with a line
    saying so."""


def as_recorded(stored: StoredHand) -> StoredHand:
    """A hand as it was recorded, whatever became of it since: a hand taken back (``u`` here,
    ``undo`` or ``amend`` in another terminal) stays in the match, marked."""
    return stored._replace(status=Status.IN_FORCE)


def held(match: Match, hands: list[StoredHand]) -> list[StoredHand]:
    """Those of these hands the match holds as they were recorded, in force or not."""
    kept = set(map(as_recorded, match.history))
    return [stored for stored in hands if as_recorded(stored) in kept]


def changed_meanwhile(match_id: int) -> list[str]:
    """What is said before a hand is added to a match another terminal changed meanwhile."""
    return [
        _(
            "Match {id} was changed from another terminal while you answered; the hand is "
            "added to the match as it is now:"
        ).format(id=match_id)
    ]


def about(coming: NextHand) -> int:
    """The hand an answer is about: its number, in Partnership Gin its deal's (the other
    table's hand may come first)."""
    return coming.deal_number or coming.number


def elsewhere(error: Exception) -> bool:
    """Whether a hand was refused for having been recorded elsewhere meanwhile: the match
    went on to another hand, or (in Partnership Gin) the table of the hand answered reported
    its deal."""
    return isinstance(error, NotTheNextHand) or (
        isinstance(error, InvalidHand) and error.why is Why.REPORTED
    )


def not_stored(match: Match, number: int) -> Turn:
    """Say that the answer for hand ``number`` was not stored, the match having got its hand
    ``number`` from elsewhere meanwhile (shown as 'knock' reported it, and so is each hand
    recorded there after it, up to the match as it is now), or having lost hands (taken back,
    or its file replaced by an older copy)."""
    hands = [stored.hand for stored in match.in_force()]
    if len(hands) < number:
        said = ngettext(
            "Hand {number} is no longer the next hand of match {id}, which has {count} hand "
            "now (it was changed elsewhere while you answered), so your answer was not stored.",
            "Hand {number} is no longer the next hand of match {id}, which has {count} hands "
            "now (it was changed elsewhere while you answered), so your answer was not stored.",
            len(hands),
        )
        echo_lines([said.format(number=number, id=match.id, count=len(hands))])
        return Turn.ELSEWHERE
    echo_lines(
        [
            _(
                "Hand {number} of match {id} was recorded elsewhere while you answered, so "
                "your answer was not stored. Hand {number} as recorded:"
            ).format(number=number, id=match.id)
        ]
    )
    for told in range(number, len(hands) + 1):
        if told > number:
            echo_lines([_("Hand {number} was recorded elsewhere too:").format(number=told)])
        before, after = match.sheet(hands[: told - 1]), match.sheet(hands[:told])
        say(before, after, said_of_new_hand(before, after), False)
    return Turn.ELSEWHERE


class Evening:
    """One ``record``: the hands it stored, to tell the truth about them should the match's
    file be replaced meanwhile (by an older copy of it, say)."""

    def __init__(self, store: Store, chosen: int, with_cards: bool) -> None:
        self.store, self.chosen, self.with_cards = store, chosen, with_cards
        self.stored: list[StoredHand] = []
        """The hands recorded this evening, as the store took them."""
        self.taken_back = 0
        self.begun = False
        """Whether the match was found open once: from then on, a match no longer open was
        ended elsewhere."""

    def still_there(self, match: Match) -> list[StoredHand]:
        """The hands recorded this evening that the match still holds."""
        return [stored for stored in self.stored if stored in match.history]

    def run(self) -> None:
        """Ask for hand after hand until the match is over or the user stops.

        A hand that the match as it is now cannot take (another terminal may have recorded
        in the meantime) is refused and asked again from its first question. Stopping in the
        middle of a hand records nothing of it. Stopping (``q``, an empty answer, Ctrl-D or
        Ctrl-C, at any question) is no error: exit 0, with the evening's tally. The match
        deleted, abandoned or ended elsewhere ends the evening with one line saying so (exit
        0). A problem that ends the evening exits 0 once a hand was recorded or taken back
        (the store changed), else with its error's status."""
        for turns in itertools.count():
            if turns:
                click.echo()  # a blank line between hands
            try:
                turn = self.one_hand(self.recover_lost())
                if turn is Turn.QUIT:  # a hand lost meanwhile is said, and offered again
                    self.recover_lost()
            except click.Abort:  # Ctrl-C or the end of the input in the middle of a hand
                click.echo()  # end the line the question was asked on
                click.echo(_("Stopped: this hand was not recorded."), err=True)
                break
            except Ended as ended:  # one line, whether or not a hand was stored
                click.echo(str(ended))
                return
            except Exception as error:
                problem = as_problem(error)
                if problem is None or not (self.changed() or isinstance(problem, BadInput)):
                    raise
                problem.show()
                if isinstance(problem, BadInput):
                    continue
                break
            self.taken_back += turn is Turn.TAKEN_BACK
            if turn in (Turn.QUIT, Turn.MATCH_OVER):
                break
        click.echo(self.tally())

    def changed(self) -> bool:
        return bool(self.stored or self.taken_back)

    def match_now(self, answered: int | None = None) -> Match:
        """The match as it is now; raises :class:`Ended` if it was deleted or abandoned
        elsewhere, or ended there, since the evening began (with hand ``answered``, the one
        being answered here: it is shown as recorded there first)."""
        try:
            match = self.store.load(self.chosen)
        except StoreError:
            if self.store.has(self.chosen):
                raise
            raise Ended(self.said_when_ended(MatchStatus.ABANDONED, deleted=True)) from None
        if match.status is not MatchStatus.OPEN and self.begun:
            if answered is not None and len(match.in_force()) >= answered:
                not_stored(match, answered)
            raise Ended(self.said_when_ended(match.status, count=len(self.still_there(match))))
        self.begun = True
        return match

    def said_when_ended(self, status: MatchStatus, deleted: bool = False, count: int = 0) -> str:
        """The one line that ends the evening when the match is no longer being played."""
        if deleted:
            return ngettext(
                "Match {id} was deleted elsewhere, so the evening ends; {n} hand had been "
                "recorded in it.",
                "Match {id} was deleted elsewhere, so the evening ends; {n} hands had been "
                "recorded in it.",
                len(self.stored),
            ).format(id=self.chosen, n=len(self.stored))
        if status is MatchStatus.ABANDONED:
            return ngettext(
                "Match {id} was abandoned elsewhere, so the evening ends; {n} hand was "
                "recorded in it.",
                "Match {id} was abandoned elsewhere, so the evening ends; {n} hands were "
                "recorded in it.",
                count,
            ).format(id=self.chosen, n=count)
        return ngettext(
            "Match {id} ended elsewhere, so the evening ends; {n} hand was recorded in it.",
            "Match {id} ended elsewhere, so the evening ends; {n} hands were recorded in it.",
            count,
        ).format(id=self.chosen, n=count)

    def recover_lost(self) -> Match:
        """Say which hands recorded this evening the match no longer holds (its file was
        replaced by an older copy, say), and offer to record each again; the match as it is
        then."""
        match = self.match_now()
        still = set(held(match, self.stored))
        for lost in [stored for stored in self.stored if stored not in still]:
            self.stored.remove(lost)
            echo_lines(
                [
                    _(
                        "Hand {slot}, {hand}, recorded at {time}, is no longer in match {id}: "
                        "its file was replaced, by a sync tool or a copy."
                    ).format(
                        slot=lost.slot,
                        hand=plain(lost.hand),
                        time=lost.recorded[11:16],
                        id=self.chosen,
                    )
                ]
            )
            if confirm(_("Record it again?")):
                added = add_hand(self.store, self.chosen, Answers.of(lost.hand))
                assert added.stored is not None
                self.stored.append(added.stored)
                say(added.before, added.after, said_of_new_hand(added.before, added.after), False)
                if added.after.finished:
                    raise Ended(self.tally())
                match = self.match_now()
        return match

    def tally(self) -> str:
        """What the evening did, in one line: the hands recorded that the match holds (in
        force; with hands taken back, those taken back among them too, so that "recorded 4
        and took 2 back" leaves 2)."""
        try:
            match = self.store.load(self.chosen)
        except StoreError:
            recorded = 0
        else:
            recorded = len(held(match, self.stored) if self.taken_back else self.still_there(match))
        if not self.taken_back:
            return (
                ngettext(
                    "Recorded {n} hand in match {id}.",
                    "Recorded {n} hands in match {id}.",
                    recorded,
                ).format(n=recorded, id=self.chosen)
                if recorded
                else _("No hand was recorded.")
            )
        if not recorded:
            return ngettext(
                "No hand was recorded in match {id}; {n} was taken back.",
                "No hand was recorded in match {id}; {n} were taken back.",
                self.taken_back,
            ).format(n=self.taken_back, id=self.chosen)
        return ngettext(
            "Recorded {n} hand in match {id} and took {back} back.",
            "Recorded {n} hands in match {id} and took {back} back.",
            recorded,
        ).format(n=recorded, id=self.chosen, back=self.taken_back)

    def one_hand(self, asked: Match | None = None) -> Turn:
        """Ask for one hand and record it once confirmed (or take the last hand back).

        The questions are asked about the match as it is in the store when they start
        (``asked``, if it was just read), the preview is worked out from the match as it is
        when they end, and the hand is recorded against the match as it is under the store's
        lock."""
        store, chosen = self.store, self.chosen
        identity = store.identity(chosen)
        asked = asked or self.match_now()
        sheet = open_sheet(asked)
        coming = sheet.next_hand()
        first, asked_about = coming.number, about(coming)  # the number 'log' gives it once stored
        echo_lines([whose_hand(asked.id, sheet)])
        answer = ask_hand(asked, sheet, self.with_cards)
        if answer is Between.QUIT:
            return Turn.QUIT
        if answer is Between.UNDO:
            return self.undone()
        now = asked if store.identity(chosen) == identity else self.match_now(first)
        before = open_sheet(now)
        if about(before.next_hand()) != asked_about:
            return not_stored(now, first)
        if now.history != asked.history:
            echo_lines(changed_meanwhile(chosen))
        try:
            hand = before.next_hand().build(answer)
        except InvalidHand as error:
            if not elsewhere(error):
                raise
            return not_stored(now, first)
        preview = now.sheet([*(stored.hand for stored in now.in_force()), hand])
        echo_lines(said_of_new_hand(before, preview))
        return self.confirmed(before, answer, first)

    def undone(self) -> Turn:
        """Take the last hand back (the answer ``u``); a refusal is said and the evening goes
        on."""
        try:
            take_back(self.store, self.chosen)
        except Exception as error:  # nothing to undo, or the store refused: ask on
            problem = as_problem(error)
            if problem is None:
                raise
            problem.show()
            return Turn.SKIPPED
        return Turn.TAKEN_BACK

    def confirmed(self, before: Scoresheet, answer: Answers, first: int) -> Turn:
        """Record the hand previewed on ``before`` once the user confirms it, asking again
        while the store refuses it (the answers kept); ``first`` is the number 'log' gave the
        hand when it was asked."""
        store, chosen = self.store, self.chosen
        while confirm(_("Record this hand?")):
            try:
                coming = before.next_hand()  # in Partnership Gin of its deal, at its table
                added = add_hand(
                    store, chosen, answer, expected=coming.number, deal=coming.deal_number
                )
            except Exception as error:  # the lock not had, the disk full: the answers are kept
                if elsewhere(error):  # recorded elsewhere while the preview was confirmed
                    return not_stored(self.match_now(first), before.next_hand().number)
                problem = as_problem(error)
                if problem is None or isinstance(problem, BadInput):
                    raise
                self.match_now(first)  # the match deleted, abandoned or ended elsewhere: it ends
                if isinstance(error, MatchOver):
                    raise
                problem.show()
                continue
            assert added.stored is not None
            self.stored.append(added.stored)
            if added.before != before:  # changed again while the preview was being confirmed
                echo_lines(changed_meanwhile(chosen))
            say(added.before, added.after, said_of_new_hand(added.before, added.after), False)
            return Turn.MATCH_OVER if added.after.finished else Turn.RECORDED
        click.echo(_("Nothing was recorded."))
        return Turn.SKIPPED


class Between(Enum):
    """An answer to a hand's first question that is no hand."""

    QUIT = "q"
    UNDO = "u"


class OrBetween(click.ParamType):  # type: ignore[type-arg]
    """The answer to a hand's first question: ``u`` (undo), ``q`` or nothing (quit), or an
    answer of the ``first`` type."""

    name = "answer"

    def __init__(self, first: click.ParamType) -> None:  # type: ignore[type-arg]
        self.first = first

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        typed = str(value).strip().casefold()
        if typed in ("", "q"):
            return Between.QUIT
        if typed == "u":
            return Between.UNDO
        return self.first.convert(value, param, ctx)


def first_question(question: str, answer: click.ParamType) -> Any:  # type: ignore[type-arg]
    """Ask a hand's first question, where ``u`` takes the last hand back and ``q``, an empty
    answer, Ctrl-D or Ctrl-C stop (nothing of the hand has been given yet)."""
    try:
        return ask(
            question + " " + _("(u: undo, q: quit)"),
            default="",
            show_default=False,
            type=OrBetween(answer),
        )
    except click.Abort:
        click.echo()  # end the line the question was asked on
        return Between.QUIT


def ask_hand(match: Match, sheet: Scoresheet, with_cards: bool = False) -> Answers | Between:
    """Ask for one hand's outcome, question by question, asking again on an unusable answer
    (only that question: an answer given is never lost). The questions are the next hand's
    (:class:`~scorekeeper.engine.NextHand`: the up-card first in Oklahoma Gin, the endings
    it may have, then what the ending asks), and the hand is built by it from the answers.

    The first question may be answered ``u`` or ``q`` instead (:class:`Between`)."""
    coming = sheet.next_hand()
    for question in coming.first:  # the up-card, which sets the limit and the endings
        coming = first_question(question.said(), Checked(coming.after_upcard))
        if isinstance(coming, Between):
            return coming
    upcard = None if coming.upcard is None else str(coming.upcard)
    endings = [Entry(value) for value in coming.ended.choices]
    words = [_(ENDINGS[entry]) for entry in endings]
    ending = Words(
        {**{_(ENDINGS[e]): e for e in endings}, **{ENDINGS[e]: e for e in endings}},
        N_("{typed!r} is not how a hand ends; answer {options}."),
        shown=len(endings),
    )
    said = offering(coming.ended.said(), words)
    entry = ask(said, type=ending) if coming.first else first_question(said, ending)
    if isinstance(entry, Between):
        return entry
    answers = Answers(entry, upcard=upcard)
    while asked := coming.still_asks(answers):
        question, who = asked[0], answers.who or ""
        other = coming.opponent(who) if who else ""
        if question.most is None:  # who won it, or a wall's table: a player at a table
            said = offering(question.said(), question.choices)
            answer: click.ParamType = Playing(coming, match.individuals())  # type: ignore[type-arg]
        elif with_cards:  # the counts worked out from both hands' cards
            return by_cards(coming, who, other, upcard)
        else:
            said = question.said(who, other)
            answer = Count(question.named(who, other), question.most)
        answers = answers._replace(**{question.field: ask(said, type=answer)})
    return answers


def offering(question: str, options: Sequence[str]) -> str:
    """A question with the answers it takes after it: ``Who knocked? [Ann/Ben]``."""
    return f"{question} [{'/'.join(options)}]"


def by_cards(coming: NextHand, who: str, other: str, upcard: str | None) -> Answers:
    """A hand won by ``who`` told by both hands' cards, the counts worked out from them."""

    def knockable(typed: str) -> tuple[Card, ...]:
        from scorekeeper.cards import best_arrangement

        cards = knocker_cards(typed)
        left = best_arrangement(cards).deadwood
        if left > coming.limit:
            raise BadInput(
                _(
                    "{who}'s cards leave {n} deadwood, over this hand's knock limit of "
                    "{most}; check the cards."
                ).format(who=who, n=left, most=coming.limit)
            )
        return cards

    mine = ask(_("{who}'s cards").format(who=who), type=Checked(knockable))
    both = ask(
        _("{other}'s cards").format(other=other),
        type=Checked(lambda typed: showdown_of(mine, typed)),
    )
    found, kd, od = shown(both)
    return Answers(found, who, kd, od, upcard)


class Checked(click.ParamType):  # type: ignore[type-arg]
    """An answer read by ``check``, which raises :class:`BadInput` or the engine's
    :class:`InvalidHand` for one it cannot use (the question is then asked again): an
    up-card (``7h`` becomes ``7♥``), a hand's cards."""

    name = "answer"

    def __init__(self, check: Callable[[str], Any]) -> None:
        self.check = check

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return self.check(str(value))
        except BadInput as error:
            self.fail(error.message, param, ctx)
        except InvalidHand as error:
            self.fail(str(error), param, ctx)


class Playing(Words):
    """Who won a hand: a player of the match by a beginning of the name that leaves no doubt,
    whom the next hand then takes or refuses (sitting out, at no table still to report)."""

    def __init__(self, coming: NextHand, everyone: Sequence[str]) -> None:
        meanings = {p: p for p in [*coming.playing, *everyone]}
        super().__init__(meanings, NOT_A_PLAYER, len(coming.playing))
        self.coming = coming

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        who = super().convert(value, param, ctx)
        try:
            return self.coming.winner(who)
        except InvalidHand as error:  # said of what was typed
            said = InvalidHand(error.why, **{**error.fields, "typed": str(value)})
            self.fail(str(said), param, ctx)
