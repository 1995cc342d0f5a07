"""Recording a hand: ``knock``, ``gin``, ``wall`` and the questions of ``record``."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any

import click

from scorekeeper.commands._common import (
    NOT_A_PLAYER,
    NUMBERS,
    BadInput,
    Count,
    Decorator,
    StateProblem,
    Words,
    as_problem,
    command,
    complete_player,
    compose,
    confirm,
    echo_lines,
    match_id,
    match_option,
    option,
    pass_store,
    player,
    refuse_if_abandoned,
)
from scorekeeper.engine import (
    MAX_DEADWOOD,
    Entry,
    Hand,
    Kind,
    Scoresheet,
    classify,
    endings,
    knock_limit,
    pairings,
)
from scorekeeper.i18n import N_, _, ngettext
from scorekeeper.match import Match
from scorekeeper.messages import arrangement, report, said_of_new_hand
from scorekeeper.store import Store

if TYPE_CHECKING:
    from scorekeeper.cards import Card, Showdown


def deadwood(metavar: str, what: str, required: bool = True) -> Decorator:
    return click.argument(metavar.lower(), type=Count(what), metavar=metavar, required=required)


dry_run_option = option(
    "--dry-run", is_flag=True, help="Show what the hand would do, and store nothing."
)
upcard_option = option(
    "--upcard",
    metavar="CARD",
    help="Oklahoma Gin: the card that started the discard pile, e.g. 7h, KS, 10d.",
)
knock_params = compose(
    click.argument("player", shell_complete=complete_player),
    deadwood(N_("KNOCKER_DEADWOOD"), N_("the knocker's deadwood"), False),
    deadwood(N_("OPPONENT_DEADWOOD"), N_("the opponent's deadwood"), False),
    option(
        "--undercut",
        is_flag=True,
        help="Assert that the knock was undercut (refused if the counts say not).",
    ),
    option(
        "--cards",
        metavar="CARDS",
        help="Instead of the counts: the knocker's 10 (or 11) cards, e.g. "
        '"7h 8h 9h 4c 4d 4s ...".',
    ),
    option(
        "--opponent-cards",
        metavar="CARDS",
        help="With --cards: the opponent's 10 cards; lay-offs are worked out.",
    ),
    upcard_option,
    dry_run_option,
)
gin_params = compose(
    click.argument("player", shell_complete=complete_player),
    deadwood(N_("OPPONENT_DEADWOOD"), N_("the opponent's deadwood")),
    option("--big", is_flag=True, help="Big gin: all 11 cards melded."),
    upcard_option,
    dry_run_option,
)
wall_params = compose(
    click.argument("player", required=False, shell_complete=complete_player),
    upcard_option,
    dry_run_option,
)


HandBuilder = Callable[[Match, "Hand | None"], Hand]
"""Makes the hand typed, for a match and (for ``amend``) the hand it replaces."""


def card(typed: str | None) -> str | None:
    """An up-card as typed (``7h``, ``KS``), written the way the sheet shows it (``7♥``)."""
    if typed is None:
        return None
    from scorekeeper.cards import CardError, parse_card

    try:
        return str(parse_card(typed))
    except CardError as error:
        raise BadInput(str(error)) from None


Counts = tuple[Entry, int, int]
"""What a knock came to: a knock, gin or big gin, and the two deadwood counts."""


def counted(
    kd: int | None, od: int | None, cards: str | None, opponent_cards: str | None
) -> Counts:
    """A knock's counts as typed, or worked out (and shown) from both hands' cards."""
    if cards is None and opponent_cards is None:
        if kd is None or od is None:
            raise BadInput(
                _(
                    "Give both deadwood counts, e.g. 'scorekeeper knock ann 3 20', or "
                    "both hands with --cards and --opponent-cards."
                )
            )
        return Entry.KNOCK, kd, od
    if cards is None or opponent_cards is None or kd is not None or od is not None:
        raise BadInput(
            _(
                "Give both hands, --cards and --opponent-cards, and no counts: the "
                "counts are worked out from the cards."
            )
        )
    return shown(showdown_of(knocker_cards(cards), opponent_cards))


def knocker_cards(typed: str) -> tuple[Card, ...]:
    """The knocker's cards as typed: the 10 kept, or all 11 before the discard."""
    from scorekeeper.cards import CardError, parse_cards

    try:
        knocker = parse_cards(typed)
    except CardError as error:
        raise BadInput(str(error)) from None
    if len(knocker) not in (10, 11):
        raise BadInput(
            _(
                "The knocker's hand has {n} cards: give the 10 kept (or all 11 before the discard)."
            ).format(n=len(knocker))
        )
    return knocker


def showdown_of(knocker: tuple[Card, ...], opponent: str) -> Showdown:
    """Both hands after the knock, the opponent's 10 cards as typed."""
    from scorekeeper.cards import CardError, parse_cards, showdown

    try:
        return showdown(knocker, parse_cards(opponent, count=10))
    except CardError as error:
        raise BadInput(str(error)) from None


def shown(both: Showdown) -> Counts:
    """Show both hands' arrangements; the counts they come to."""
    echo_lines(
        [*arrangement(_("Knocker"), both.knocker), *arrangement(_("Opponent"), both.opponent)]
    )
    # A knock with no deadwood is gin: the engine says so when it scores the hand.
    entry = Entry.BIG_GIN if both.knocker.big_gin else Entry.KNOCK
    return entry, both.knocker.deadwood, both.opponent.deadwood


def knocked(typed: str, counts: Counts, undercut: bool, upcard: str | None) -> HandBuilder:
    entry, kd, od = counts

    def build(match: Match, replacing: Hand | None) -> Hand:
        who = player(match.individuals(), typed)
        if undercut and classify(Hand.knock(who, kd, od)) is Kind.GIN:
            raise BadInput(
                _(
                    "0 v {od} is not an undercut: a knock with 0 deadwood is gin, and "
                    "gin cannot be undercut. Leave out --undercut."
                ).format(od=od)
            )
        if entry is not Entry.KNOCK:
            return Hand.gin(who, od, entry is Entry.BIG_GIN, card(upcard))
        hand = Hand.knock(who, kd, od, card(upcard))
        if undercut and classify(hand) is not Kind.UNDERCUT:
            raise BadInput(
                _(
                    "{kd} v {od} is not an undercut: that needs the opponent's "
                    "deadwood at or below the knocker's. Check the counts, or leave "
                    "out --undercut."
                ).format(kd=kd, od=od)
            )
        return hand

    return build


def ginned(typed: str, od: int, big: bool, upcard: str | None) -> HandBuilder:
    return lambda match, replacing: Hand.gin(
        player(match.individuals(), typed), od, big, card(upcard)
    )


def walled(typed: str | None, upcard: str | None) -> HandBuilder:
    """A wall; in Partnership Gin at the table of the player named, else of the hand it
    replaces, else of the one table still to report."""

    def build(match: Match, replacing: Hand | None) -> Hand:
        if match.rules.oklahoma and upcard is None:  # RULES.md section 6: a wall's too
            raise BadInput(
                _(
                    "This is Oklahoma Gin: a wall's up-card is part of its record too; give it "
                    "with --upcard, e.g. 'scorekeeper wall --upcard 7h'."
                )
            )
        if match.teams is None:
            if typed is not None:
                raise BadInput(
                    _(
                        "A wall names no player (that is for Partnership Gin); leave {typed!r} out."
                    ).format(typed=typed)
                )
            return Hand.wall(card(upcard))
        if typed is None and replacing is not None:
            return Hand.wall(card(upcard), replacing.table or replacing.knocker)
        waiting = [t.players[0] for t in match.sheet().pending if t.hand is None]
        if typed is None and not waiting:
            raise BadInput(
                _(
                    "Both tables could have had the wall: name a player at its "
                    "table, e.g. 'scorekeeper wall {name}'."
                ).format(name=match.teams[0][0])
            )
        at = player(match.individuals(), typed) if typed is not None else waiting[0]
        return Hand.wall(card(upcard), at)

    return build


def record(store: Store, given: int | None, build: HandBuilder, dry_run: bool = False) -> None:
    """Record a new hand after the last one and report it (with ``dry_run``, only report)."""
    before, after = add_hand(store, given, build, dry_run)
    say(before, after, said_of_new_hand(before, after), dry_run)


def add_hand(
    store: Store, given: int | None, build: HandBuilder, dry_run: bool = False
) -> tuple[Scoresheet, Scoresheet]:
    """Add a new hand after the last one (with ``dry_run``, only work it out), built against
    the match as it is under the store's lock; the sheets before and after it."""
    chosen = match_id(store, given)
    with store.writing() as writer:
        match = writer.load(chosen)
        before = open_sheet(match)
        hand = build(match, None)
        after = match.sheet([*(stored.hand for stored in match.in_force()), hand])
        if not dry_run:
            match.add(hand)
    return before, after


class MatchOver(StateProblem):
    """Raised for a hand after the end of the match (exit 1)."""


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


def say(before: Scoresheet, after: Scoresheet, said: Sequence[str], dry_run: bool) -> None:
    """Report a change (a dry run says first that nothing was stored)."""
    dry = [_("Dry run: this is what the hand would do; nothing was stored.")] if dry_run else []
    echo_lines([*dry, *report(before, after, *said)])


@command(context_settings=NUMBERS)
@knock_params
@match_option
@pass_store
def knock(
    store: Store,
    player: str,
    knocker_deadwood: int | None,
    opponent_deadwood: int | None,
    undercut: bool,
    cards: str | None,
    opponent_cards: str | None,
    upcard: str | None,
    dry_run: bool,
    match: int | None,
) -> None:
    """Record a knock: PLAYER knocked with KNOCKER_DEADWOOD against OPPONENT_DEADWOOD.

    The opponent's deadwood is counted after lay-offs. An undercut (the opponent's deadwood
    at or below the knocker's) is worked out from the counts; a knocker's deadwood of 0 is gin.
    Instead of the counts, give both hands' cards and they are worked out, lay-offs included.

    \b
    Example:
      scorekeeper knock bob 6 10
      scorekeeper knock bob --cards "3s 4s 5s 7h 7d 7c 9c 10c jc ah" \\
                            --opponent-cards "6s 2h 2d kh kd qc 8h 8d 5c 4c"
    """
    counts = counted(knocker_deadwood, opponent_deadwood, cards, opponent_cards)
    record(store, match, knocked(player, counts, undercut, upcard), dry_run)


@command(context_settings=NUMBERS)
@gin_params
@match_option
@pass_store
def gin(
    store: Store,
    player: str,
    opponent_deadwood: int,
    big: bool,
    upcard: str | None,
    dry_run: bool,
    match: int | None,
) -> None:
    """Record gin (or big gin with --big) by PLAYER against OPPONENT_DEADWOOD.

    \b
    Example:
      scorekeeper gin alexandra 23
    """
    record(store, match, ginned(player, opponent_deadwood, big, upcard), dry_run)


@command()
@wall_params
@match_option
@pass_store
def wall(
    store: Store, player: str | None, upcard: str | None, dry_run: bool, match: int | None
) -> None:
    """Record a dead hand: nobody knocked before the stock ran out. The same dealer deals again.

    In Partnership Gin, PLAYER is anyone at the table where it happened.

    \b
    Example:
      scorekeeper wall
    """
    record(store, match, walled(player, upcard), dry_run)


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
    is stored as soon as it is confirmed, and reported as 'knock' reports it. At the first
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
    evening(store, match_id(store, match), with_cards)


class Turn(Enum):
    """How one round of questions ended."""

    RECORDED = "recorded"
    MATCH_OVER = "recorded, and the match is over"
    TAKEN_BACK = "the last hand taken back"
    SKIPPED = "nothing recorded (the hand was not confirmed, or could not be taken back)"
    QUIT = "the user stopped at the first question"


def evening(store: Store, chosen: int, with_cards: bool) -> None:
    """Ask for hand after hand until the match is over or the user stops; each hand is its own
    change of the store, made as soon as it is confirmed.

    A hand that the match as it is now cannot take (another terminal may have recorded in the
    meantime) is refused and asked again from its first question. Stopping in the middle of a
    hand records nothing of it. The exit status says whether the store changed: 0 once a hand
    was recorded or taken back, even when a problem ends the evening."""
    recorded = taken_back = 0
    for turns in itertools.count():
        if turns:
            click.echo()  # a blank line between hands
        try:
            turn = one_hand(store, chosen, with_cards)
        except click.Abort:  # Ctrl-C or the end of the input in the middle of a hand
            if not recorded and not taken_back:
                click.echo("\n" + _("Stopped: nothing was recorded."), err=True)
                raise SystemExit(1) from None
            click.echo("\n" + _("Stopped: this hand was not recorded."), err=True)
            break
        except Exception as error:
            problem = as_problem(error)
            if problem is None or not (recorded or taken_back or isinstance(problem, BadInput)):
                raise
            problem.show()
            if isinstance(problem, BadInput):
                continue
            break
        recorded += turn in (Turn.RECORDED, Turn.MATCH_OVER)
        taken_back += turn is Turn.TAKEN_BACK
        if turn in (Turn.QUIT, Turn.MATCH_OVER):
            break
    click.echo(tally(chosen, recorded, taken_back))


def tally(match_id: int, recorded: int, taken_back: int) -> str:
    """What an evening of ``record`` did, in one line."""
    if not taken_back:
        return (
            ngettext(
                "Recorded {n} hand in match {id}.", "Recorded {n} hands in match {id}.", recorded
            ).format(n=recorded, id=match_id)
            if recorded
            else _("No hand was recorded.")
        )
    return ngettext(
        "Recorded {n} hand in match {id} and took {back} back.",
        "Recorded {n} hands in match {id} and took {back} back.",
        recorded,
    ).format(n=recorded, id=match_id, back=taken_back)


def one_hand(store: Store, chosen: int, with_cards: bool) -> Turn:
    """Ask for one hand and record it once confirmed (or take the last hand back).

    The questions are asked about the match as it is in the store when they start, the
    preview is worked out from the match as it is when they end, and the hand is recorded
    against the match as it is under the store's lock."""
    stamp = store.identity(chosen)
    asked = store.load(chosen)
    sheet = open_sheet(asked)
    echo_lines([whose_hand(asked, sheet)])
    answer = ask_hand(asked, sheet, with_cards)
    if answer is Between.QUIT:
        return Turn.QUIT
    if answer is Between.UNDO:
        from scorekeeper.commands.correcting import take_back

        try:
            take_back(store, chosen)
        except Exception as error:  # nothing to undo, or the store refused: ask on
            problem = as_problem(error)
            if problem is None:
                raise
            problem.show()
            return Turn.SKIPPED
        return Turn.TAKEN_BACK
    now = asked if store.identity(chosen) == stamp else store.load(chosen)
    before = open_sheet(now)
    if now.history != asked.history:
        echo_lines(
            [
                _(
                    "Match {id} was changed from another terminal while you answered; the "
                    "hand is added to the match as it is now:"
                ).format(id=chosen)
            ]
        )
    preview = now.sheet([*(stored.hand for stored in now.in_force()), answer(now, None)])
    echo_lines(said_of_new_hand(before, preview))
    while confirm(_("Record this hand?")):
        try:
            before, after = add_hand(store, chosen, answer)
        except Exception as error:  # the lock not had, the disk full: the answers are kept
            problem = as_problem(error)
            if problem is None or isinstance(problem, (BadInput, MatchOver)):
                raise
            problem.show()
            continue
        say(before, after, said_of_new_hand(before, after), False)
        return Turn.MATCH_OVER if after.finished else Turn.RECORDED
    click.echo(_("Nothing was recorded."))
    return Turn.SKIPPED


def at_play(match: Match, sheet: Scoresheet) -> list[tuple[str, str]]:
    """Whom the next hand's questions are about: the two players (in Three-handed Gin the two
    who play it), or in Partnership Gin each table still to report. ``record`` takes the
    players it names from here alone."""
    if sheet.pending:
        return [table.players for table in sheet.pending if table.hand is None]
    if match.teams:
        return list(pairings(match.teams, len(sheet.rounds)))
    if sheet.seating:
        return [sheet.seating.players]
    return [(match.players[0], match.players[1])]


def whose_hand(match: Match, sheet: Scoresheet) -> str:
    """The line before a hand's questions: which hand of which match, who dealt."""
    tables = at_play(match, sheet)
    if match.teams:
        return _(
            "Deal {number} of match {id}: {a} v {b}, {dealer} dealt; to report: {tables}."
        ).format(
            number=len(sheet.rounds) + 1,
            id=match.id,
            a=match.players[0],
            b=match.players[1],
            dealer=sheet.next_dealer,
            tables=_(" and ").join(_("{a} v {b}").format(a=a, b=b) for a, b in tables),
        )
    ((a, b),) = tables
    if sheet.seating:
        return _("Hand {number} of match {id}: {a} v {b}, {dealer} dealt; {out} sits out.").format(
            number=len(sheet.rounds) + 1,
            id=match.id,
            a=a,
            b=b,
            dealer=sheet.next_dealer,
            out=sheet.seating.sits_out,
        )
    return _("Hand {number} of match {id}: {a} v {b}, {dealer} dealt.").format(
        number=len(sheet.rounds) + 1, id=match.id, a=a, b=b, dealer=sheet.next_dealer
    )


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
        return click.prompt(
            question + " " + _("(u: undo, q: quit)"),
            default="",
            show_default=False,
            type=OrBetween(answer),
        )
    except click.Abort:
        click.echo()  # end the line the question was asked on
        return Between.QUIT


def ask_hand(match: Match, sheet: Scoresheet, with_cards: bool = False) -> HandBuilder | Between:
    """Ask for one hand's outcome, question by question, asking again on an unusable answer
    (only that question: an answer given is never lost).

    Oklahoma Gin asks for the up-card first; Straight Gin offers no knock; Partnership Gin
    asks about the table still to report (or either table). The first question may be
    answered ``u`` or ``q`` instead (:class:`Between`)."""
    upcard = None
    limit = match.rules.knock_limit
    if match.rules.oklahoma:
        upcard = first_question(
            _("Up-card that started the discard pile (e.g. 7h, KS)"), Checked(card)
        )
        if isinstance(upcard, Between):
            return upcard
        from scorekeeper.cards import parse_card

        limit = knock_limit(match.rules, parse_card(upcard))
    english = {
        Entry.KNOCK: N_("knock"),
        Entry.GIN: N_("gin"),
        Entry.WALL: N_("wall"),
        Entry.BIG_GIN: N_("big gin"),
    }
    possible = endings(match.rules, limit)
    words = [_(english[entry]) for entry in possible]
    question = _("How did the hand end? [{options}]").format(options="/".join(words))
    ending = Words(
        {**{_(english[e]): e for e in possible}, **{english[e]: e for e in possible}},
        N_("{typed!r} is not how a hand ends; answer {options}."),
        shown=len(possible),
    )
    entry = (
        click.prompt(question, type=ending)
        if match.rules.oklahoma
        else first_question(question, ending)
    )
    if isinstance(entry, Between):
        return entry
    tables = at_play(match, sheet)
    playing = [name for table in tables for name in table]
    if entry is Entry.WALL:
        at = None
        if match.teams and len(tables) == 2:
            at = click.prompt(
                _("At which table? Name a player there [{options}]").format(
                    options="/".join(playing)
                ),
                type=Words({p: p for p in playing}, NOT_A_PLAYER),
            )
        return walled(at, upcard)
    elsewhere = (
        N_("{typed!r} is not at a table still to report; answer {options}.")
        if match.teams
        else N_("{typed!r} is not playing this hand (the third player sits out); answer {options}.")
        if sheet.seating
        else NOT_A_PLAYER
    )
    who = click.prompt(
        (
            _("Who knocked? [{options}]")
            if entry is Entry.KNOCK
            else _("Who went gin? [{options}]")
        ).format(options="/".join(playing)),
        type=Words({p: p for p in playing}, elsewhere),
    )
    other = next(b if who == a else a for a, b in tables if who in (a, b))
    if with_cards:
        most = 0 if match.rules.straight else limit

        def knockable(typed: str) -> tuple[Card, ...]:
            from scorekeeper.cards import best_arrangement

            cards = knocker_cards(typed)
            left = best_arrangement(cards).deadwood
            if left > most:
                raise BadInput(
                    _(
                        "{who}'s cards leave {n} deadwood, over this hand's knock limit of "
                        "{most}; check the cards."
                    ).format(who=who, n=left, most=most)
                )
            return cards

        mine = click.prompt(_("{who}'s cards").format(who=who), type=Checked(knockable))
        both = click.prompt(
            _("{other}'s cards").format(other=other),
            type=Checked(lambda typed: showdown_of(mine, typed)),
        )
        return knocked(who, shown(both), False, upcard)
    kd = 0
    if entry is Entry.KNOCK:
        kd = click.prompt(
            _("{who}'s deadwood (1-{limit}; 0 if it was gin)").format(who=who, limit=limit),
            type=Count(_("{who}'s deadwood").format(who=who), limit),
        )
    od = click.prompt(
        (
            _("{other}'s deadwood after lay-offs (0-{most})")
            if kd
            else _("{other}'s deadwood (0-{most})")
        ).format(other=other, most=MAX_DEADWOOD),
        type=Count(_("{other}'s deadwood").format(other=other)),
    )
    return (
        knocked(who, (Entry.KNOCK, kd, od), False, upcard)
        if kd
        else ginned(who, od, entry is Entry.BIG_GIN, upcard)
    )


class Checked(click.ParamType):  # type: ignore[type-arg]
    """An answer read by ``check``, which raises :class:`BadInput` for one it cannot use (the
    question is then asked again): an up-card (``7h`` becomes ``7♥``), a hand's cards."""

    name = "answer"

    def __init__(self, check: Callable[[str], Any]) -> None:
        self.check = check

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return self.check(str(value))
        except BadInput as error:
            self.fail(error.message, param, ctx)
