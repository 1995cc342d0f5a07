"""Starting and choosing matches: ``new``, ``matches``, ``use`` and ``rules``."""

from __future__ import annotations

from typing import Any

import click

from scorekeeper.commands._common import (
    NUMBER,
    BadInput,
    Decorator,
    StateProblem,
    command,
    compose,
    match_argument,
    match_id,
    named,
    option,
    pass_store,
)
from scorekeeper.engine import fold, team_members, team_name
from scorekeeper.i18n import N_, _
from scorekeeper.rules import PRESETS, DealerRule, Rules, Shutout, option_name, preset
from scorekeeper.store import Store, StoreError, check_description, check_names


def rule_option(name: str, kind: Any, text: str) -> Decorator:
    """A rule's option; its help names the rule's default (``{default}``) as the rules have it."""
    default = getattr(Rules(), name)
    return option(
        "--" + name.replace("_", "-"),
        name,
        type=kind,
        default=None,
        help=text,
        help_fields={"default": str(getattr(default, "value", default))},
    )


rule_options = compose(
    rule_option("target", NUMBER, N_("Points that end a game (default {default}).")),
    rule_option("columns", NUMBER, N_("Games at once: 3, or 2 for learners.")),
    rule_option("gin_bonus", NUMBER, N_("Bonus for gin (default {default}).")),
    rule_option(
        "big_gin_bonus", NUMBER, N_("Bonus for big gin (default {default}; 0 turns big gin off).")
    ),
    rule_option("undercut_bonus", NUMBER, N_("Bonus for an undercut (default {default}).")),
    rule_option("box_bonus", NUMBER, N_("Bonus per hand won in a game (default {default}).")),
    rule_option("game_bonus", NUMBER, N_("Bonus for winning a game (default {default}).")),
    rule_option(
        "shutout",
        click.Choice([s.value for s in Shutout]),
        N_("Reward when the loser scored nothing in a game (default {default})."),
    ),
    rule_option("knock_limit", NUMBER, N_("Most deadwood to knock with (default {default}).")),
    rule_option(
        "next_dealer",
        click.Choice([d.value for d in DealerRule]),
        N_("Who deals after a won hand (default {default})."),
    ),
    option(
        "--end-after-first-game/--play-all-games",
        "end_after_first_game",
        default=None,
        help="End the match when the first game ends.",
    ),
    option(
        "--oklahoma",
        is_flag=True,
        default=None,
        help="Oklahoma Gin: each hand's up-card sets its knock limit; a spade doubles.",
    ),
    option(
        "--ace-knocks-one",
        is_flag=True,
        default=None,
        help="Oklahoma Gin: with an ace up-card, knocking with 1 is allowed.",
    ),
    option(
        "--straight",
        is_flag=True,
        default=None,
        help="Straight Gin: no knocking; only gin or a wall ends a hand.",
    ),
)


@command()
@click.argument("player1", required=False)
@click.argument("player2", required=False)
@option(
    "--teams",
    is_flag=True,
    help="Partnership Gin: PLAYER1 and PLAYER2 are teams, written 'Ann & Bob'.",
)
@option(
    "--rematch",
    is_flag=True,
    help="The next series: the last match's players and rules, its next dealer.",
)
@option("--dealer", help="Who deals first (default: chosen at random).")
@option(
    "--preset",
    "preset_name",
    default="standard",
    show_default=True,
    help="Named rule set: {presets}.",
    help_fields={"presets": ", ".join(PRESETS)},
)
@option("--description", default="", help="A line to remember the match by.")
@rule_options
@pass_store
def new(
    store: Store,
    /,
    player1: str | None,
    player2: str | None,
    teams: bool,
    rematch: bool,
    dealer: str | None,
    preset_name: str,
    description: str,
    **options: Any,
) -> None:
    """Start a match between PLAYER1 and PLAYER2 and make it current.

    Options change single rules of the preset; 'scorekeeper rules --presets' lists them.
    With --teams it is Partnership Gin: four players in two teams, two tables at once.
    With --rematch the next series starts: same players, same rules.

    \b
    Example:
      scorekeeper new Alexandra Bob --dealer bob
      scorekeeper new Ann Ben --preset pagat --target 150
      scorekeeper new Ann Ben --oklahoma
      scorekeeper new --teams "Ann & Bob" "Cid & Dee"
      scorekeeper new --rematch
    """
    changed = [name for name, value in options.items() if value is not None]
    if rematch:
        if player1 is not None or teams or changed or preset_name != "standard":
            raise BadInput(
                _(
                    "--rematch plays on with the last match's players and rules; "
                    "leave out the players, --teams, --preset and rule options."
                )
            )
        last = store.load(match_id(store, None))
        sheet = last.sheet()
        if not sheet.finished and not last.abandoned:
            raise StateProblem(
                _(
                    "Match {id} is still being played: a new series begins when "
                    "it ends. Finish it, or start another with 'scorekeeper new "
                    "PLAYER1 PLAYER2'."
                ).format(id=last.id)
            )
        players, partners, rules = last.players, last.teams, last.rules
        first, said = sheet.next_dealer, _("{dealer} deals first, as the last match said.")
        if partners:
            said = _("{dealer} deal first, as the last match said.")
    else:
        if player1 is None or player2 is None:
            raise BadInput(
                _(
                    "Name both players, e.g. 'scorekeeper new Ann Ben' (or two teams "
                    "with --teams), or play on with 'scorekeeper new --rematch'."
                )
            )
        partners = (split_team(player1), split_team(player2)) if teams else None
        players = (
            (team_name(partners[0]), team_name(partners[1])) if partners else (player1, player2)
        )
        try:
            check_names(partners[0] + partners[1] if partners else players)
        except ValueError as error:
            raise BadInput(str(error)) from None
        rules = preset(preset_name).replace(**{name: options[name] for name in changed})
        if (last_dealer := None if partners else series_dealer(store, players)) is not None:
            first, said = (
                last_dealer,
                _("{dealer} deals first, as the last match between them said."),
            )
        else:
            import random

            first = random.choice(players)
            said = (
                _("{dealer} deal first (chosen at random).")
                if partners
                else _("{dealer} deals first (chosen at random).")
            )
    try:
        check_description(description)
    except ValueError as error:
        raise BadInput(str(error)) from None
    if dealer:
        everyone = players + (partners[0] + partners[1] if partners else ())
        chosen = named(everyone, dealer, N_("{typed!r} is not one of the players: name {options}."))
        first = next(p for p in players if chosen == p or chosen in team_members(p))
        said = _("{dealer} deal first.") if partners else _("{dealer} deals first.")
    with store.writing() as writer:
        match = writer.create(players, rules, first, description, teams=partners)
    click.echo(
        _("Match {id}: {a} v {b}, {preset} rules{changed}.").format(
            id=match.id,
            a=players[0],
            b=players[1],
            preset=_("the last match's") if rematch else preset_name.lower(),
            changed=_(" (changed: {names})").format(
                names=", ".join(
                    option_name(name)
                    if options[name] is True
                    else _("{option} off").format(option=option_name(name))
                    if options[name] is False
                    else f"{option_name(name)} {options[name]}"
                    for name in changed
                )
            )
            if changed
            else "",
        )
    )
    click.echo(said.format(dealer=first))
    click.echo(
        _(
            "After each hand: 'scorekeeper knock', 'gin' or 'wall' (or 'scorekeeper "
            "record' to be asked)."
        )
    )


def split_team(text: str) -> tuple[str, str]:
    """``Ann & Bob`` (or ``Ann+Bob``, ``Ann, Bob``) as the team's two names."""
    import re

    names = [name.strip() for name in re.split(r"[&+,]", text)]
    if len(names) != 2 or not all(names):
        raise BadInput(
            _("{text!r} is not a team of two: write it like 'Ann & Bob'.").format(text=text)
        )
    return names[0], names[1]


def series_dealer(store: Store, players: tuple[str, str]) -> str | None:
    """Who deals next by the rules, if the current match is a finished one between these two."""
    try:
        current = store.current_id()
        if current is None or not store.has(current):
            return None
        last = store.load(current)
    except StoreError:
        return None
    sheet = last.sheet()
    if not sheet.finished or sorted(map(fold, last.players)) != sorted(map(fold, players)):
        return None
    return next(p for p in players if fold(p) == fold(sheet.next_dealer))


@command("matches")
@option("--deleted", is_flag=True, help="List the deleted matches instead.")
@pass_store
def list_matches(store: Store, deleted: bool) -> None:
    """List every match: id, players, started, hands, status, winner (* marks the current).

    \b
    Example:
      scorekeeper matches
      scorekeeper matches --deleted
    """
    if deleted:
        summaries, current = store.deleted(), None
        if not summaries:
            click.echo(_("No match has been deleted."))
            return
    else:
        summaries = store.summaries()
        if not summaries:
            click.echo(_("No matches yet. Start one with 'scorekeeper new PLAYER1 PLAYER2'."))
            return
        current = store.current_id()
    finished, still_open, drawn, versus = _("finished"), _("open"), _("drawn"), _("{a} v {b}")
    abandoned = _("abandoned")
    # Column by column, each padded to its widest cell: a store of years lists thousands of
    # matches, between the few pairs of players a household has.
    pairs = {pair: versus.format(a=pair[0], b=pair[1]) for pair in {s.players for s in summaries}}
    columns = [
        [_("id"), *[("*" if s.id == current else " ") + str(s.id) for s in summaries]],
        [_("players"), *[pairs[s.players] for s in summaries]],
        [_("started"), *[s.started[:16].replace("T", " ") for s in summaries]],
        [_("hands"), *[str(s.hands) for s in summaries]],
        [
            _("status"),
            *[
                finished if s.finished else abandoned if s.abandoned else still_open
                for s in summaries
            ],
        ],
        [_("winner"), *[s.winner or (drawn if s.finished else "") for s in summaries]],
    ]
    padded = [
        [cell.ljust(width) for cell in column]
        for column in columns
        for width in [max(map(len, column))]
    ]
    click.echo("\n".join(map(str.rstrip, map("  ".join, zip(*padded)))))


@command()
@click.argument("match", type=NUMBER)
@pass_store
def use(store: Store, match: int) -> None:
    """Make MATCH the current match.

    \b
    Example:
      scorekeeper use 2
    """
    chosen = store.load(match)
    with store.writing() as writer:
        writer.set_current(match)
    click.echo(
        _("Match {id} ({a} v {b}) is now current.").format(
            id=match, a=chosen.players[0], b=chosen.players[1]
        )
    )


@command()
@match_argument
@option("--presets", is_flag=True, help="Show only the presets, with their values.")
@pass_store
def rules(store: Store, match: int | None, presets: bool) -> None:
    """Show the rules in force for MATCH (default: the current match) and the presets.

    \b
    Example:
      scorekeeper rules
      scorekeeper rules --presets
    """
    from scorekeeper import render

    if not presets and (match is not None or store.current_id() is not None):
        render.show(render.rules(store.load(match_id(store, match))))
    render.show(render.presets())
