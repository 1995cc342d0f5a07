"""Starting and choosing matches: ``new``, ``matches``, ``use`` and ``rules``."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import click

from scorekeeper.commands._common import echo_lines, match_id, progress_bar, warn_of_copies
from scorekeeper.commands._completion import complete_match, complete_player, offer
from scorekeeper.commands._errors import BadInput, StateProblem
from scorekeeper.commands._params import (
    NUMBER,
    Decorator,
    command,
    compose,
    match_argument,
    named,
    option,
    pass_store,
)
from scorekeeper.engine import fold, team_members, team_name
from scorekeeper.facts import check_description
from scorekeeper.i18n import N_, Quoted, _, ngettext, together
from scorekeeper.match import MatchStatus, check_names
from scorekeeper.messages import cells, next_deal, output_width, units, wrap
from scorekeeper.rules import (
    CHOICES,
    DECLARED,
    DEFAULTS,
    KINDS,
    PRESETS,
    for_three,
    named_preset,
    option_name,
    refused_with_three,
    spelled,
)
from scorekeeper.store import Store, StoreError

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from scorekeeper.store.summaries import Row


def rule_option(name: str) -> Decorator:
    """``new``'s option for a rule, as the rule is declared (:mod:`scorekeeper.rules.options`):
    a whole number or a named value after ``--name``, a yes-or-no rule as its flag; its help
    names the rule's default (``{default}``)."""
    declared, kind, default = DECLARED[name], KINDS[name], DEFAULTS[name]
    shown = {"default": str(getattr(default, "value", default))}
    if kind is not bool:
        choices = click.Choice([m.value for m in CHOICES[name]]) if name in CHOICES else NUMBER
        return option(
            "--" + name.replace("_", "-"),
            name,
            type=choices,
            default=None,
            help=declared.help,
            help_fields=shown,
        )
    assert declared.flag is not None
    if "/" in declared.flag:  # either way
        return option(declared.flag, name, default=None, help=declared.help)
    # A flag that turns the rule from its default.
    return option(declared.flag, name, flag_value=not default, default=None, help=declared.help)


#: ``new``'s options for the rules (each rule taken on the command line, in declared order).
rule_options = compose(*(rule_option(name) for name, d in DECLARED.items() if d.flag is not None))


def complete_dealer(ctx: click.Context, param: click.Parameter, typed: str) -> list[CompletionItem]:
    """``--dealer``: the players named before it (with ``--teams``, the partners), else those
    of the current match (the players of a ``--rematch``)."""
    given = ctx.args[:2]  # click leaves the words before an option being typed unparsed
    if not given:
        return complete_player(ctx, param, typed)
    teams = [split_team(team) for team in given] if ctx.params.get("teams") else [given]
    return offer([player for team in teams for player in team], typed)


@command()
@click.argument("player1", required=False)
@click.argument("player2", required=False)
@click.argument("player3", required=False)
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
@option(
    "--dealer",
    shell_complete=complete_dealer,
    help="Who deals first (default: chosen at random).",
)
@option(
    "--preset",
    "preset_name",
    default="standard",
    show_default=True,
    shell_complete=lambda ctx, param, typed: offer(PRESETS, typed),
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
    player3: str | None,
    teams: bool,
    rematch: bool,
    dealer: str | None,
    preset_name: str,
    description: str,
    **options: Any,
) -> None:
    """Start a match between PLAYER1 and PLAYER2 and make it current.

    Options change single rules of the preset; 'scorekeeper rules --presets' lists them.
    Three players make it Three-handed Gin: PLAYER1 and PLAYER2 play the first hand.
    With --teams it is Partnership Gin: four players in two teams, two tables at once.
    With --rematch the next series starts: same players, same rules.

    \b
    Example:
      scorekeeper new Alexandra Bob --dealer bob
      scorekeeper new Ann Ben --preset gin
      scorekeeper new Ann Ben --preset pagat --target 150
      scorekeeper new Ann Ben --preset oklahoma
      scorekeeper new Ann Ben Cid
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
        coming = sheet.next_hand()
        if coming.sits_out:  # the two who would play come first
            players = (*coming.tables[0], coming.sits_out)
    else:
        if player1 is None or player2 is None:
            raise BadInput(
                _(
                    "Name both players, e.g. 'scorekeeper new Ann Ben' (or two teams "
                    "with --teams), or play on with 'scorekeeper new --rematch'."
                )
            )
        base = named_preset(preset_name)  # an unknown name is refused before anything else
        teams = teams or base.teams
        three = player3 is not None or base.players == 3
        if three:
            refuse_for_three(player3, teams, options)
        partners = (split_team(player1), split_team(player2)) if teams else None
        players = (
            (team_name(partners[0]), team_name(partners[1]))
            if partners
            else (player1, player2, *([player3] if player3 else []))
        )
        try:
            check_names(partners[0] + partners[1] if partners else players)
        except ValueError as error:
            raise BadInput(str(error)) from None
        rules = base.rules.replace(**{name: options[name] for name in changed})
        not_applied: list[str] = []
        if three:
            rules, not_applied = for_three(rules)
        if (last_dealer := None if partners else series_dealer(store, players)) is not None:
            first, said = (
                last_dealer,
                _("{dealer} deals first, as the last match between them said."),
            )
        else:
            import random

            first = random.choice(players[:2])
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
        if first not in players[:2]:
            raise BadInput(
                _(
                    "{name} sits out the first hand, so cannot deal it: name {a} or {b} "
                    "with --dealer (the first two named play the first hand)."
                ).format(name=first, a=players[0], b=players[1])
            )
        said = _("{dealer} deal first.") if partners else _("{dealer} deals first.")
    with store.writing() as writer:
        match = writer.create(players, rules, first, description, teams=partners)
    # What the options changed from the preset (an option giving the preset's own value, none).
    differing = [
        name
        for name in changed
        if rematch
        or options[name] != getattr(getattr(base.rules, name), "value", getattr(base.rules, name))
    ]
    created = _("Match {id}: {players}, {preset} rules{changed}.").format(
        id=match.id,
        players=_(" v ").join(players),
        preset=_("the last match's") if rematch else preset_name.lower(),
        changed=_(" (changed: {names})").format(
            names=", ".join(spelled(name, options[name]) for name in differing)
        )
        if differing
        else "",
    )
    notes = []
    if match.sheet().next_hand().sits_out:
        said = next_deal(match.sheet())
        if not rematch and not_applied:
            unapplied = [spelled(name, getattr(base.rules, name)) for name in not_applied]
            notes.append(
                ngettext(
                    "Of the {preset} rules, {options} does not apply: Three-handed Gin is "
                    "played on one column, the loser sitting out and the player who sat out "
                    "dealing, until one player reaches the target.",
                    "Of the {preset} rules, {options} do not apply: Three-handed Gin is played "
                    "on one column, the loser sitting out and the player who sat out dealing, "
                    "until one player reaches the target.",
                    len(unapplied),
                ).format(preset=preset_name.lower(), options=together(unapplied))
            )
    after_each = _(
        "After each hand: 'scorekeeper knock', 'gin' or 'wall' (or 'scorekeeper "
        "record' to be asked)."
    )
    echo_lines([created, *notes, said.format(dealer=first), after_each])


def refuse_for_three(third: str | None, teams: bool, options: dict[str, Any]) -> None:
    """Refuse what Three-handed Gin cannot take (docs/rules.md)."""
    if third is None:
        raise BadInput(
            _("Three-handed Gin is played by three: name them, e.g. 'scorekeeper new Ann Ben Cid'.")
        )
    if teams:
        raise BadInput(
            _(
                "Three names make a Three-handed match, which has no teams: leave out --teams "
                "(Partnership Gin is two teams of two, e.g. --teams 'Ann & Bob' 'Cid & Dee')."
            )
        )
    given = {name: value for name, value in options.items() if value is not None}
    refused = refused_with_three(given)
    if refused is not None:
        raise BadInput(refused.say(option_name))


def split_team(text: str) -> tuple[str, str]:
    """``Ann & Bob`` (or ``Ann+Bob``, ``Ann, Bob``) as the team's two names."""
    import re

    names = [name.strip() for name in re.split(r"[&+,]", text)]
    if len(names) != 2 or not all(names):
        raise BadInput(
            _("{text!r} is not a team of two: write it like 'Ann & Bob'.").format(text=Quoted(text))
        )
    return names[0], names[1]


def series_dealer(store: Store, players: tuple[str, ...]) -> str | None:
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
    dealer = next(p for p in players if fold(p) == fold(sheet.next_dealer))
    return dealer if dealer in players[:2] else None


#: How many finished or abandoned matches ``matches`` lists without --all.
LATEST = 20


@command("matches")
@option("--all", "every", is_flag=True, help="List every match, not only the latest.")
@option("--json", "as_json", is_flag=True, help="Print every match as JSON.")
@option("--deleted", is_flag=True, help="List the deleted matches instead.")
@pass_store
def list_matches(store: Store, every: bool, as_json: bool, deleted: bool) -> None:
    """List the matches: id, players, started, hands, status, winner (* marks the current).

    Without --all: every open match and the latest finished or abandoned ones.

    \b
    Example:
      scorekeeper matches
      scorekeeper matches --all
      scorekeeper matches --deleted
    """
    from scorekeeper.store.summaries import row_of

    earlier = 0
    if deleted:
        rows, current = [row_of(match) for match in store.deleted()], None
        if not rows:
            click.echo(_("No match has been deleted."))
            return
    else:
        if every or as_json:
            with progress_bar() as progress, store.summaries(progress) as summaries:
                rows = summaries.rows()
        else:
            open_ids, latest, earlier, summaries = store.to_list(LATEST)
            with summaries:
                rows = summaries.rows([*open_ids, *latest])
        current = store.current_id()
        warn_of_copies(store)
    if as_json:
        click.echo(json.dumps([listed_json(row, row.id == current) for row in rows], indent=2))
        return
    if not rows:
        click.echo(_("No matches yet. Start one with 'scorekeeper new PLAYER1 PLAYER2'."))
        return
    status = {
        MatchStatus.FINISHED: _("finished"),
        MatchStatus.OPEN: _("open"),
        MatchStatus.ABANDONED: _("abandoned"),
    }
    drawn, versus = _("drawn"), _(" v ")
    # Column by column, each padded to its widest cell: a store of years lists thousands of
    # matches, between the few pairs of players a household has.
    pairs = {pair: versus.join(pair) for pair in {row.players for row in rows}}
    columns = [
        [_("id"), *[("*" if row.id == current else " ") + str(row.id) for row in rows]],
        [_("players"), *[pairs[row.players] for row in rows]],
        [_("started"), *[row.started[:16].replace("T", " ") for row in rows]],
        [_("hands"), *[str(row.hands) for row in rows]],
        [_("status"), *[status[row.status] for row in rows]],
        [
            _("winner"),
            *[row.winner or (drawn if row.status is MatchStatus.FINISHED else "") for row in rows],
        ],
    ]
    click.echo("\n".join(aligned(columns, output_width(), wrapping=1)))
    if earlier:
        click.echo(
            ngettext(
                "{n} earlier match is not listed; 'scorekeeper matches --all' lists it.",
                "{n} earlier matches are not listed; 'scorekeeper matches --all' lists them.",
                earlier,
            ).format(n=earlier)
        )


def aligned(columns: list[list[str]], width: int | None, wrapping: int) -> list[str]:
    """Columns of cells side by side, each as wide as its widest cell, two spaces apart; where
    that is wider than ``width``, the column ``wrapping`` is narrowed (never below its widest
    unit) and its cells wrap onto lines of their own.

    >>> aligned([["id", "1"], ["players", "Ann v Ben"], ["hands", "3"]], 16, wrapping=1)
    ['id  players  hands', '1   Ann v    3', '    Ben']
    """
    widths = [max(map(cells, column)) for column in columns]
    over = sum(widths) + 2 * (len(columns) - 1) - width if width else 0
    if over > 0:
        least = max(cells(unit) for cell in columns[wrapping] for unit in units(cell))
        widths[wrapping] = max(least, widths[wrapping] - over)
    lines = []
    for row in zip(*columns):
        parts = [wrap(cell, widths[k], hang=0) for k, cell in enumerate(row)]
        for depth in range(max(map(len, parts))):
            said = [part[depth] if depth < len(part) else "" for part in parts]
            lines.append("  ".join(a + " " * (w - cells(a)) for a, w in zip(said, widths)).rstrip())
    return lines


def listed_json(row: Row, current: bool) -> dict[str, object]:
    """A match as ``matches --json`` lists it (docs/cli.md)."""
    return {
        "id": row.id,
        "uuid": row.uuid,
        "players": list(row.players),
        "started": row.started,
        "hands": row.hands,
        "status": row.status.value,
        "winner": row.winner,
        "current": current,
    }


@command()
@click.argument("match", type=NUMBER, shell_complete=complete_match)
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
        _("Match {id} ({players}) is now current.").format(
            id=match, players=_(" v ").join(chosen.players)
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
        render.show(render.rules(store.load(match_id(store, match))), "")
    render.show(render.presets())
