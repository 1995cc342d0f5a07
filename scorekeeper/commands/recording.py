"""Recording a hand: ``knock``, ``gin``, ``wall`` and the questions of ``record``."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

import click

from scorekeeper.commands._common import (
    NOT_A_PLAYER,
    NUMBERS,
    BadInput,
    Count,
    Decorator,
    StateProblem,
    Words,
    command,
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
from scorekeeper.i18n import N_, _
from scorekeeper.messages import arrangement, report, said_of_new_hand
from scorekeeper.store import Match, Store


def deadwood(name: str, what: str, required: bool = True) -> Decorator:
    return click.argument(name, type=Count(what), metavar=name.upper(), required=required)


dry_run_option = option(
    "--dry-run", is_flag=True, help="Show what the hand would do, and store nothing."
)
upcard_option = option(
    "--upcard",
    metavar="CARD",
    help="Oklahoma Gin: the card that started the discard pile, e.g. 7h, KS, 10d.",
)
knock_params = compose(
    click.argument("player"),
    deadwood("knocker_deadwood", N_("the knocker's deadwood"), False),
    deadwood("opponent_deadwood", N_("the opponent's deadwood"), False),
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
    click.argument("player"),
    deadwood("opponent_deadwood", N_("the opponent's deadwood")),
    option("--big", is_flag=True, help="Big gin: all 11 cards melded."),
    upcard_option,
    dry_run_option,
)
wall_params = compose(click.argument("player", required=False), upcard_option, dry_run_option)


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
    from scorekeeper.cards import CardError, parse_cards, showdown

    try:
        knocker = parse_cards(cards)
        if len(knocker) not in (10, 11):
            raise BadInput(
                _(
                    "The knocker's hand has {n} cards: give the 10 kept (or all 11 "
                    "before the discard)."
                ).format(n=len(knocker))
            )
        both = showdown(knocker, parse_cards(opponent_cards, count=10))
    except CardError as error:
        raise BadInput(str(error)) from None
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
    chosen = match_id(store, given)
    with store.writing() as writer:
        match = writer.load(chosen)
        before = open_sheet(match)
        hand = build(match, None)
        sheet = match.sheet([*(stored.hand for stored in match.in_force()), hand])
        if not dry_run:
            writer.add(match, hand)
    say(before, sheet, said_of_new_hand(before, sheet), dry_run)


def open_sheet(match: Match) -> Scoresheet:
    """The match's sheet, refused once the match is over or abandoned: no hand can follow."""
    refuse_if_abandoned(match)
    sheet = match.sheet()
    if sheet.finished:
        raise StateProblem(
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
    """Record a hand by answering questions, one at a time, with the choices shown.

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
    current = store.load(match_id(store, match))
    sheet = open_sheet(current)
    if current.teams:
        tables = [t.players for t in sheet.pending if t.hand is None] or list(
            pairings(current.teams, len(sheet.rounds))
        )
        click.echo(
            _(
                "Deal {number} of match {id}: {a} v {b}, {dealer} dealt; to report: {tables}."
            ).format(
                number=len(sheet.rounds) + 1,
                id=current.id,
                a=current.players[0],
                b=current.players[1],
                dealer=sheet.next_dealer,
                tables=_(" and ").join(_("{a} v {b}").format(a=a, b=b) for a, b in tables),
            )
        )
    else:
        click.echo(
            _("Hand {number} of match {id}: {a} v {b}, {dealer} dealt.").format(
                number=len(sheet.rounds) + 1,
                id=current.id,
                a=current.players[0],
                b=current.players[1],
                dealer=sheet.next_dealer,
            )
        )
    try:
        hand = ask_hand(current, with_cards)
        preview = current.sheet([*(s.hand for s in current.in_force()), hand])
        echo_lines(said_of_new_hand(sheet, preview))
        confirmed = confirm(_("Record this hand?"))
    except click.Abort:
        click.echo("\n" + _("Stopped: nothing was recorded."), err=True)
        raise SystemExit(1) from None
    if confirmed:
        record(store, current.id, lambda _match, _replacing: hand)
    else:
        click.echo(_("Nothing was recorded."))


def ask_hand(match: Match, with_cards: bool = False) -> Hand:
    """Ask for one hand's outcome, question by question, asking again on an unusable answer.

    Oklahoma Gin asks for the up-card first; Straight Gin offers no knock; Partnership Gin
    asks about the table still to report (or either table)."""
    sheet = match.sheet()
    upcard = None
    limit = match.rules.knock_limit
    if match.rules.oklahoma:
        upcard = click.prompt(
            _("Up-card that started the discard pile (e.g. 7h, KS)"), type=UpCard()
        )
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
    entry = click.prompt(
        _("How did the hand end? [{options}]").format(options="/".join(words)),
        type=Words(
            {**{_(english[e]): e for e in possible}, **{english[e]: e for e in possible}},
            N_("{typed!r} is not how a hand ends; answer {options}."),
            shown=len(possible),
        ),
    )
    tables = [
        (a, b)
        for a, b in (
            [t.players for t in sheet.pending if t.hand is None]
            if sheet.pending
            else pairings(match.teams, len(sheet.rounds))
            if match.teams
            else [match.players]
        )
    ]
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
        return walled(at, upcard)(match, None)
    elsewhere = N_("{typed!r} is not at a table still to report; answer {options}.")
    who = click.prompt(
        (
            _("Who knocked? [{options}]")
            if entry is Entry.KNOCK
            else _("Who went gin? [{options}]")
        ).format(options="/".join(playing)),
        type=Words({p: p for p in playing}, elsewhere if match.teams else NOT_A_PLAYER),
    )
    other = next(b if who == a else a for a, b in tables if who in (a, b))
    if with_cards:
        while True:
            mine = click.prompt(_("{who}'s cards").format(who=who))
            theirs = click.prompt(_("{other}'s cards").format(other=other))
            try:
                counts = counted(None, None, mine, theirs)
                break
            except BadInput as error:
                click.echo(_("Error: {message}").format(message=error.message), err=True)
        return knocked(who, counts, False, upcard)(match, None)
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
    )(match, None)


class UpCard(click.ParamType):  # type: ignore[type-arg]
    """A card as people write it, given back the way the sheet shows it (``7h`` -> ``7♥``)."""

    name = "card"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        try:
            return card(str(value)) or ""
        except BadInput as error:
            self.fail(error.message, param, ctx)
