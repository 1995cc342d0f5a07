"""Recording a hand: ``knock``, ``gin``, ``wall`` and the questions of ``record``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from scorekeeper.commands._common import echo_lines
from scorekeeper.commands._completion import complete_player
from scorekeeper.commands._errors import BadInput
from scorekeeper.commands._params import (
    NUMBER,
    NUMBERS,
    Count,
    Decorator,
    command,
    compose,
    match_option,
    option,
    pass_store,
)
from scorekeeper.engine import Answers, Entry, Scoresheet
from scorekeeper.i18n import N_, Quoted, _
from scorekeeper.messages import arrangement, report, said_of_new_hand
from scorekeeper.store import Store
from scorekeeper.table import Added as Added
from scorekeeper.table import MatchOver as MatchOver
from scorekeeper.table import NotTheNextHand as NotTheNextHand
from scorekeeper.table import add_hand as add_hand
from scorekeeper.table import open_sheet as open_sheet

if TYPE_CHECKING:
    from scorekeeper.cards import Card, Showdown


def deadwood(metavar: str, what: str, required: bool = True) -> Decorator:
    """A deadwood count typed on the command line, from 0 to the most a hand can hold (the
    knocker's is checked against the hand's knock limit once the match is known)."""
    return click.argument(metavar.lower(), type=Count(what), metavar=metavar, required=required)


dry_run_option = option(
    "--dry-run", is_flag=True, help="Show what the hand would do, and store nothing."
)
hand_option = option(
    "--hand",
    "hand",
    type=NUMBER,
    metavar="N",
    help="Store the hand only as hand N of the match (as 'log' numbers them), else refuse "
    "it: for a script or a second keyboard, when another may have recorded hand N already.",
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


def one_count(ctx: click.Context, extra: list[str]) -> str:
    """What ``gin`` says to more than the opponent's deadwood: a gin takes that count alone,
    and a knock takes both (``gin ben 0 20``: ``gin ben 20``)."""
    od, typed = ctx.params["opponent_deadwood"], ctx.params["player"]
    who = f'"{typed}"' if len(typed.split()) != 1 else typed
    gin = ctx.command_path
    knock = gin.rpartition(" ")[0] + " knock"
    if len(extra) == 1 and extra[0].isdigit():
        kd, od = od, int(extra[0])
        if kd == 0:
            return _(
                "A gin takes only the opponent's deadwood (a gin's own is 0): "
                "'{gin} {player} {od}'."
            ).format(gin=gin, player=who, od=od)
        return _(
            "A gin takes only the opponent's deadwood: '{gin} {player} {od}'; a knock takes "
            "both counts, the knocker's first: '{knock} {player} {kd} {od}'."
        ).format(gin=gin, knock=knock, player=who, kd=kd, od=od)
    return _(
        "A gin takes a player and the opponent's deadwood, nothing more ({extra} is too "
        "many): '{gin} {player} {od}' ('{gin} --help' lists its options)."
    ).format(extra=repr(Quoted(" ".join(extra))), gin=gin, player=who, od=od)


def no_counts(ctx: click.Context, extra: list[str]) -> str:
    """What ``wall`` says to more than a player's name: a wall scores nothing."""
    return _(
        "A wall scores nothing, so it takes no counts: '{wall}' (in Partnership Gin, "
        "'{wall} PLAYER' names the table it was at)."
    ).format(wall=ctx.command_path)


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


def knocked(typed: str, counts: Counts, undercut: bool, upcard: str | None) -> Answers:
    """A knock (or the gin or big gin its cards came to) by the player typed."""
    entry, kd, od = counts
    return Answers(entry.value, typed, kd, od, upcard, typed=True, undercut=undercut)


def ginned(typed: str, od: int, big: bool, upcard: str | None) -> Answers:
    """Gin, or big gin, by the player typed."""
    ending = Entry.BIG_GIN if big else Entry.GIN
    return Answers(ending.value, typed, od=od, upcard=upcard, typed=True)


def walled(typed: str | None, upcard: str | None) -> Answers:
    """A wall; in Partnership Gin at the table of the player typed (else of the hand it
    replaces, else of the one table still to report: the next hand says)."""
    return Answers(Entry.WALL.value, upcard=upcard, table=typed, typed=True)


def record(
    store: Store,
    given: int | None,
    answers: Answers,
    dry_run: bool = False,
    number: int | None = None,
) -> None:
    """Record a new hand after the last one and report it (with ``dry_run``, only report);
    with ``number``, only as that hand."""
    if number is not None and number < 1:
        raise BadInput(
            _(
                "--hand is a hand's number, from 1 (as 'scorekeeper log' numbers them), not {n}."
            ).format(n=number)
        )
    added = add_hand(store, given, answers, dry_run, expected=number)
    say(added.before, added.after, said_of_new_hand(added.before, added.after), dry_run)


def say(before: Scoresheet, after: Scoresheet, said: Sequence[str], dry_run: bool) -> None:
    """Report a change (a dry run says first that nothing was stored)."""
    dry = [_("Dry run: this is what the hand would do; nothing was stored.")] if dry_run else []
    echo_lines([*dry, *report(before, after, *said)])


@command(context_settings=NUMBERS)
@knock_params
@hand_option
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
    hand: int | None,
    match: int | None,
) -> None:
    """Record a knock: PLAYER knocked with KNOCKER_DEADWOOD against OPPONENT_DEADWOOD.

    The opponent's deadwood is counted after lay-offs. An undercut (the opponent's deadwood
    below the knocker's, or a tie unless the match gives ties to the knocker) is worked out
    from the counts; a knocker's deadwood of 0 is gin.
    Instead of the counts, give both hands' cards and they are worked out, lay-offs included.

    \b
    Example:
      scorekeeper knock bob 6 10
      scorekeeper knock bob 6 10 --hand 4
      scorekeeper knock bob --cards "3s 4s 5s 7h 7d 7c 9c 10c jc ah" \\
                            --opponent-cards "6s 2h 2d kh kd qc 8h 8d 5c 4c"
    """
    counts = counted(knocker_deadwood, opponent_deadwood, cards, opponent_cards)
    record(store, match, knocked(player, counts, undercut, upcard), dry_run, hand)


@command(context_settings=NUMBERS, too_many=one_count)
@gin_params
@hand_option
@match_option
@pass_store
def gin(
    store: Store,
    player: str,
    opponent_deadwood: int,
    big: bool,
    upcard: str | None,
    dry_run: bool,
    hand: int | None,
    match: int | None,
) -> None:
    """Record gin (or big gin with --big) by PLAYER against OPPONENT_DEADWOOD.

    \b
    Example:
      scorekeeper gin alexandra 23
    """
    record(store, match, ginned(player, opponent_deadwood, big, upcard), dry_run, hand)


@command(too_many=no_counts)
@wall_params
@hand_option
@match_option
@pass_store
def wall(
    store: Store,
    player: str | None,
    upcard: str | None,
    dry_run: bool,
    hand: int | None,
    match: int | None,
) -> None:
    """Record a dead hand: nobody knocked before the stock ran out. The same dealer deals again.

    In Partnership Gin, PLAYER is anyone at the table where it happened.

    \b
    Example:
      scorekeeper wall
    """
    record(store, match, walled(player, upcard), dry_run, hand)
