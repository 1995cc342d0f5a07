"""Reading the sheet and the figures: ``show``, ``log``, ``stats`` and ``deadwood``."""

from __future__ import annotations

import json

import click

from scorekeeper.commands._common import (
    BadInput,
    command,
    echo_lines,
    load_sheet,
    match_argument,
    named,
    option,
    pass_store,
)
from scorekeeper.i18n import N_, _
from scorekeeper.messages import arrangement
from scorekeeper.store import Store


@command()
@match_argument
@option("--json", "as_json", is_flag=True, help="Print the sheet as one JSON object.")
@pass_store
def show(store: Store, match: int | None, as_json: bool) -> None:
    """Show the scoresheet of MATCH (default: the current match).

    \b
    Example:
      scorekeeper show
      scorekeeper show 2 --json
    """
    current, sheet = load_sheet(store, match)
    if as_json:
        from scorekeeper.exchange import sheet_json

        shown = sheet_json(current.id, sheet, current.abandoned)
        click.echo(json.dumps(shown, ensure_ascii=False, indent=2))
        return
    from scorekeeper import render

    render.show(render.scoresheet(current, sheet))


@command()
@match_argument
@option(
    "--all",
    "show_all",
    is_flag=True,
    help="Also show voided and replaced hands, in the order they were entered.",
)
@pass_store
def log(store: Store, match: int | None, show_all: bool) -> None:
    """List the hands of MATCH: dealer, outcome, points and the games each entered.

    \b
    Example:
      scorekeeper log
      scorekeeper log --all
    """
    from scorekeeper import render

    current, sheet = load_sheet(store, match)
    render.show(render.log(current, sheet, show_all))


@command()
@click.argument("player", required=False)
@option("--against", metavar="PLAYER", help="Only the matches against this player.")
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
    from scorekeeper import render
    from scorekeeper.stats import players_of, summarise

    history = store.history()
    if against and not player:
        raise BadInput(
            _(
                "--against compares two players: name the first, e.g. "
                "'scorekeeper stats ann --against ben'."
            )
        )
    names = players_of(history)
    unknown = N_("{typed!r} has finished no match in this store (players: {options}).")
    who = named(names, player, unknown) if player else None
    rival = named(names, against, unknown) if against else None
    if who is not None and who == rival:
        raise BadInput(_("Name two different players to compare."))
    result = summarise(history, who, rival)
    if as_json:
        click.echo(json.dumps(result._asdict(), ensure_ascii=False, indent=2))
    else:
        render.show(render.statistics(result))


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
      scorekeeper deadwood 8s 9s kh kc qh jc 3h 4h 9d 10c --onto "5s 6s 7s / 2c 2d 2h"
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
