"""Starting a match: ``new``, its options for the rules, its players and its first dealer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from scorekeeper.commands._common import echo_lines, match_id
from scorekeeper.commands._completion import complete_player, offer
from scorekeeper.commands._errors import BadInput, StateProblem, tell
from scorekeeper.commands._params import (
    NUMBER,
    Decorator,
    command,
    compose,
    named,
    option,
    pass_store,
)
from scorekeeper.engine import first_dealers, fold, team_members, team_name
from scorekeeper.facts import check_description
from scorekeeper.i18n import N_, Quoted, _, ngettext, together
from scorekeeper.match import check_names
from scorekeeper.messages import match_title, next_deal
from scorekeeper.rules import (
    CHOICES,
    DECLARED,
    DEFAULTS,
    FLAGS,
    KINDS,
    PRESETS,
    Rules,
    applies,
    for_three,
    goes_with,
    idle_warning,
    named_preset,
    option_name,
    refused_with_three,
    spelled,
)
from scorekeeper.store import Store, StoreError

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem


def rule_option(name: str) -> Decorator:
    """``new``'s option for a rule, as the rule is declared (:mod:`scorekeeper.rules.options`):
    a whole number or a named value after ``--name``, a yes-or-no rule as its flag; its help
    names the rule's default (``{default}``)."""
    declared, kind, default = DECLARED[name], KINDS[name], DEFAULTS[name]
    shown = {"default": str(getattr(default, "value", default))}
    said = {"help": declared.help, "help_after": lambda: goes_with(name)}
    if kind is not bool:
        choices = click.Choice([m.value for m in CHOICES[name]]) if name in CHOICES else NUMBER
        return option(
            "--" + name.replace("_", "-"),
            name,
            type=choices,
            default=None,
            help_fields=shown,
            **said,
        )
    on, off = FLAGS[name]
    if off:  # either way
        return option(f"{on}/{off}", name, default=None, **said)
    # A variant's switch: it makes the kind of match.
    return option(on, name, flag_value=not default, default=None, **said)


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
    metavar="PLAYER",
    shell_complete=complete_dealer,
    help="Who deals first (default: whose deal it is after the last match between the two, "
    "else chosen at random).",
)
@option(
    "--preset",
    "preset_name",
    metavar="PRESET",
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
        three = player3 is not None or base.players == 3
        if three:
            refuse_for_three(player3, teams, base.partnership and preset_name.lower(), options)
        teams = teams or base.partnership
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
        rules, not_applied = for_three(base.rules) if three else (base.rules, [])
        rules = rules.over(**{name: options[name] for name in changed})
        if (last_dealer := None if partners else series_dealer(store, players, rules)) is not None:
            first, said = (
                last_dealer,
                _("{dealer} deals first, as the last match between them said."),
            )
        else:
            import random

            first = random.choice(first_dealers(rules, players))
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
        may_deal = first_dealers(rules, players)
        if first not in may_deal:
            raise BadInput(
                _(
                    "{name} sits out the first hand, so cannot deal it: name {a} or {b} "
                    "with --dealer (the first two named play the first hand)."
                ).format(name=first, a=players[0], b=players[1])
                if len(may_deal) == 2
                else _(
                    "{name} plays the first hand, and the player who sits out deals it: "
                    "name {c} with --dealer, or leave it out (the first two named play the "
                    "first hand)."
                ).format(name=first, c=may_deal[0])
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
    created = _("{title}, {preset} rules{changed}.").format(
        title=match_title(match.id, match.sheet()),
        preset=_("the last match's") if rematch else preset_name.lower(),
        changed=_(" (changed: {names})").format(
            names=", ".join(spelled(name, options[name]) for name in differing)
        )
        if differing
        else "",
    )
    notes = []
    coming = match.sheet().next_hand()
    if coming.sits_out:
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
    warn_idle(match.rules, changed)


def warn_idle(rules: Rules, given: list[str]) -> None:
    """A ``Warning:`` line for each rule option given that decides nothing under ``rules``
    (``--oklahoma-limit lower`` with the knock limit at 10): it is taken all the same."""
    for name in given:
        if not applies(rules, name):
            tell(idle_warning(rules, name))


def refuse_for_three(
    third: str | None, teams: bool, teams_preset: str | bool, options: dict[str, Any]
) -> None:
    """Refuse what Three-handed Gin cannot take (docs/rules.md): ``teams`` typed, or the
    preset of teams named ``teams_preset``."""
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
    if teams_preset:
        raise BadInput(
            _(
                "The {preset} preset is Partnership Gin, two teams of two, and three names "
                "make a Three-handed match: leave out --preset {preset}, or name two teams, "
                "e.g. 'Ann & Bob' 'Cid & Dee'."
            ).format(preset=teams_preset)
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


def series_dealer(store: Store, players: tuple[str, ...], rules: Rules) -> str | None:
    """Who deals next by the rules, if the current match is a finished one between these
    players and may deal the first hand of a match of ``rules``."""
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
    return dealer if dealer in first_dealers(rules, players) else None
