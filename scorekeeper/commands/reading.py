"""Reading the sheet and the figures: ``show``, ``log``, ``stats`` and ``deadwood``."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING

import click

from scorekeeper.commands._common import (
    echo_lines,
    load_sheet,
    progress_bar,
    warn_of_copies,
)
from scorekeeper.commands._completion import complete_player
from scorekeeper.commands._errors import BadInput, as_problem
from scorekeeper.commands._params import command, match_argument, named, option, pass_store
from scorekeeper.i18n import N_, Quoted, _, ngettext
from scorekeeper.match import Match
from scorekeeper.messages import arrangement
from scorekeeper.store import Store
from scorekeeper.table import watched as watched

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from scorekeeper.engine import Scoresheet


@command()
@match_argument
@option("--json", "as_json", is_flag=True, help="Print the sheet as one JSON object.")
@option(
    "--watch",
    is_flag=True,
    help="Keep the sheet on screen, drawn again whenever the match changes, until Ctrl-C.",
)
@pass_store
def show(store: Store, match: int | None, as_json: bool, watch: bool) -> None:
    """Show the scoresheet of MATCH (default: the current match).

    With --watch the sheet stays on the screen of a second terminal facing the table and is
    drawn again whenever the match changes, e.g. when a hand is recorded from another
    terminal; without MATCH it follows the current match. Ctrl-C stops it.

    \b
    Example:
      scorekeeper show
      scorekeeper show 2 --json
      scorekeeper show --watch
    """
    if watch:
        watching(store, match, as_json)
        return
    current, sheet = load_sheet(store, match)
    warn_of_copies(store)
    if as_json:
        from scorekeeper.exchange import sheet_json

        shown = sheet_json(current.id, sheet, current.abandoned)
        click.echo(json.dumps(shown, ensure_ascii=False, indent=2))
        return
    from scorekeeper.render.layout import print_out
    from scorekeeper.render.sheet import scoresheet

    print_out(scoresheet(current, sheet))


#: How often ``show --watch`` looks whether the match has changed, in seconds.
POLL = 0.25


def watching(store: Store, given: int | None, as_json: bool) -> None:
    """``show --watch``: the sheet on the whole screen (the terminal's alternate screen, given
    back as it was at the end), drawn again when the match's file or the terminal's size
    changes, until Ctrl-C. A match that cannot be read shows its error until it can again."""
    if as_json:
        raise BadInput(_("--watch draws the sheet on a terminal; leave out --json."))
    from rich.live import Live

    from scorekeeper.render.layout import console as terminal

    console = terminal()
    if not console.is_terminal:
        raise BadInput(
            _(
                "--watch keeps the sheet on a terminal's screen, but the output goes to a "
                "file or a pipe; leave out --watch to print the sheet once."
            )
        )
    load_sheet(store, given)  # a match that is not there is an error before the screen changes
    drawn = None
    try:
        with Live(console=console, screen=True, auto_refresh=False) as live:
            while True:
                now = watched(store, given), console.size
                if now != drawn:
                    drawn = now
                    live.update(watch_view(store, given, console), refresh=True)
                time.sleep(POLL)
    except KeyboardInterrupt:  # the way to stop: the screen is given back, exit 0
        pass


def watch_view(store: Store, given: int | None, console: Console) -> RenderableType:
    """The watched match's sheet (its earliest hands left out where the screen is too short for
    all of them) or why it cannot be shown, and under it when it was drawn."""
    from rich.console import Group
    from rich.text import Text

    def footer(left_out: int) -> Text:
        notes = [_("Drawn at {time}; drawn again when the match changes. Ctrl-C stops.")]
        if left_out:
            notes.insert(
                0,
                ngettext(
                    "Hand 1 is left out for want of room ('scorekeeper show' has it).",
                    "Hands 1-{n} are left out for want of room ('scorekeeper show' has them).",
                    left_out,
                ),
            )
        text = " ".join(notes).format(n=left_out, time=time.strftime("%H:%M:%S"))
        return Text(text, style="dim")

    try:
        match, sheet = load_sheet(store, given)
    except Exception as error:
        problem = as_problem(error)
        if problem is None:
            raise
        message = _("Error: {message}").format(message=problem.format_message())
        return Group(Text(message, style="bold"), footer(0))
    room = console.size.height - len(console.render_lines(footer(len(sheet.rounds)), pad=False))
    drawn, left_out = fitted(console, match, sheet, room)
    return Group(drawn, footer(left_out))


def fitted(
    console: Console, match: Match, sheet: Scoresheet, height: int
) -> tuple[RenderableType, int]:
    """The sheet drawn without as few of its earliest hands as leave it at most ``height``
    lines tall, and how many were left out; a sheet taller than that even without them (a
    finished match's settlement, on a short screen) is cut short (:func:`cut_short`). (A deal
    half reported in Partnership Gin is numbered from the deals before it, so that sheet is
    drawn with every hand.)"""
    from scorekeeper.render.sheet import scoresheet

    def drawn(kept: int) -> RenderableType:
        return scoresheet(match, sheet._replace(rounds=sheet.rounds[hands - kept :]))

    def fits(kept: int) -> bool:
        return len(console.render_lines(drawn(kept), pad=False)) <= height

    hands = len(sheet.rounds)
    fitting, too_many = 0, hands  # the most hands that fit (or none) lies in [fitting, too_many)
    if sheet.next_hand().reported or fits(hands):
        fitting = hands
    while too_many - fitting > 1:
        middle = (fitting + too_many) // 2
        fitting, too_many = (middle, too_many) if fits(middle) else (fitting, middle)
    return cut_short(console, drawn(fitting), height), hands - fitting


#: How many of a sheet's last lines a sheet cut short keeps: where the match stands (or who
#: won it) and who deals next.
LAST_LINES = 2


def cut_short(console: Console, drawn: RenderableType, height: int) -> RenderableType:
    """What is drawn, at most ``height`` lines tall: where it is taller, the lines before its
    last :data:`LAST_LINES` are cut short, and a line says how many were left out."""
    from rich.console import Group
    from rich.segment import SegmentLines
    from rich.text import Text

    lines = console.render_lines(drawn, pad=False)
    if len(lines) <= height:
        return drawn

    def mark(n: int) -> Text:
        said = ngettext(
            "… {n} line left out for want of room", "… {n} lines left out for want of room", n
        )
        return Text(said.format(n=n), style="dim")

    room = height - len(console.render_lines(mark(len(lines)), pad=False))
    if room < 1:  # not even the mark: nothing
        return Group()
    last = min(LAST_LINES, room - 1)  # and at least the top line
    first = room - last
    return Group(
        SegmentLines(lines[:first], new_lines=True),
        mark(len(lines) - first - last),
        SegmentLines(lines[len(lines) - last :], new_lines=True),
    )


@command()
@match_argument
@option(
    "--all",
    "show_all",
    is_flag=True,
    help="Also show voided and replaced hands, each correction right after the hand it replaced.",
)
@pass_store
def log(store: Store, match: int | None, show_all: bool) -> None:
    """List the hands of MATCH: dealer, outcome, points and the games each entered.

    \b
    Example:
      scorekeeper log
      scorekeeper log --all
    """
    from scorekeeper.render.layout import print_out
    from scorekeeper.render.log import log as drawn_log

    current, sheet = load_sheet(store, match)
    warn_of_copies(store)
    print_out(drawn_log(current, sheet, show_all))


@command()
@click.argument("player", required=False, shell_complete=complete_player)
@option(
    "--against",
    metavar="PLAYER",
    shell_complete=complete_player,
    help="Only the matches against this player.",
)
@option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@pass_store
def stats(store: Store, player: str | None, against: str | None, as_json: bool) -> None:
    """Figures from every finished match in the store: for everyone, for PLAYER, or PLAYER
    against another (head to head).

    Matches won, drawn and lost; games and hands won; gins, big gins and undercuts scored and
    suffered; walls; shutouts; average and largest hand; longest run of won hands; net points.

    \b
    Example:
      scorekeeper stats
      scorekeeper stats ann
      scorekeeper stats ann --against ben
    """
    from scorekeeper.render.layout import print_out
    from scorekeeper.render.tables import statistics
    from scorekeeper.stats import Everyone, Figures, HeadToHead, OnePlayer, StatsAnswer

    if against and not player:
        raise BadInput(
            _(
                "--against compares two players: name the first, e.g. "
                "'scorekeeper stats ann --against ben'."
            )
        )
    with progress_bar() as progress, store.summaries(progress) as summaries:
        warn_of_copies(store)
        everyone = summaries.everyone()
        if player and not everyone:
            raise BadInput(
                _("{typed!r} has finished no match in this store: none is finished yet.").format(
                    typed=Quoted(player)
                )
            )
        unknown = N_("{typed!r} has finished no match in this store (players: {options}).")
        who = named(list(everyone), player, unknown) if player else None
        rival = named(list(everyone), against, unknown) if against else None
        if who is not None and who == rival:
            raise BadInput(_("Name two different players to compare."))
        result: StatsAnswer
        if who is None:
            result = Everyone(everyone)
        elif rival is None:
            result = OnePlayer(who, everyone[who], summaries.against(who))
        else:
            mine, theirs = (
                next(iter(summaries.against(a, b).values()), Figures())
                for a, b in ((who, rival), (rival, who))
            )
            result = HeadToHead(who, rival, {who: mine, rival: theirs})
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
    else:
        print_out(statistics(result))


@command("deadwood")
@click.argument("cards", nargs=-1, required=True)
@option(
    "--onto",
    metavar="MELDS",
    help="The knocker's melds to lay off onto, separated by '/': \"5s 6s 7s / 9h 9d 9c\".",
)
@option(
    "--knocker", metavar="CARDS", help="The knocker's cards: their best melds are laid off onto."
)
def deadwood_command(cards: tuple[str, ...], onto: str | None, knocker: str | None) -> None:
    """Settle the argument: the best melds and least deadwood of CARDS (10 or 11).

    Cards are written rank then suit, in any case: A 2-10 T J Q K and S H D C or ♠ ♥ ♦ ♣.
    With --onto or --knocker, CARDS are the opponent's after a knock, and lay-offs count
    (runs extended at either end and chained, sets completed to four).

    \b
    Example:
      scorekeeper deadwood AS 2s 3S 10h JD qd kc 7♠ 7♥ 7d
      scorekeeper deadwood 8s 9s kh kc qh jc 3h 4h 9d 10c --onto "5s 6s 7s"
    """
    from scorekeeper import cards as deck

    hand = " ".join(cards)
    try:
        if onto is not None and knocker is not None:
            raise BadInput(_("Give the knocker's melds (--onto) or cards (--knocker), not both."))
        count = len(deck.parse_cards(hand))
        if count not in (10, 11):
            raise BadInput(
                _(
                    "{count} cards are not a hand of gin: give the 10 cards of a hand (11 with "
                    "the card just drawn), e.g. 'scorekeeper deadwood AS 2s 3S 10h JD qd kc 7♠ "
                    "7♥ 7d'."
                ).format(count=count)
            )
        if knocker is not None:
            both = deck.showdown(knocker, hand)
            lines = [
                *arrangement(_("Knocker"), both.knocker),
                *arrangement(_("Opponent"), both.opponent),
            ]
        elif onto is not None:
            melds = [part for part in onto.split("/") if part.strip()]
            lines = arrangement(_("Opponent"), deck.deadwood_after_layoffs(hand, melds))
        else:
            lines = arrangement(_("Cards"), deck.best_arrangement(deck.parse_cards(hand)))
    except deck.CardError as error:
        raise BadInput(str(error)) from None
    echo_lines(lines)
