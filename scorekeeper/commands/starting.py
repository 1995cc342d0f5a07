"""Starting a match: ``new``, its options for the rules, its players and its first dealer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from scorekeeper.commands._common import echo_lines
from scorekeeper.commands._completion import complete_player, offer
from scorekeeper.commands._errors import BadInput, tell
from scorekeeper.commands._params import (
    NUMBER,
    Decorator,
    command,
    compose,
    named,
    option,
    pass_store,
)
from scorekeeper.facts import check_description
from scorekeeper.i18n import N_, _, ngettext, together
from scorekeeper.match import Match
from scorekeeper.messages import first_deal, match_title
from scorekeeper.rules import (
    CHOICES,
    DECLARED,
    DEFAULTS,
    FLAGS,
    KINDS,
    PRESETS,
    Rules,
    applies,
    goes_with,
    idle_warning,
    named_preset,
    spelled,
    split_team,
)
from scorekeeper.store import Store
from scorekeeper.table import Opening, dealt_by, opening, start
from scorekeeper.table import rematch as rematched

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
    given = {name: value for name, value in options.items() if value is not None}
    refuse_unasked(rematch, player1, player2, teams or bool(given) or preset_name != "standard")
    names = tuple(name for name in (player1, player2, player3) if name is not None)
    opened = rematched(store) if rematch else opening(store, names, teams, preset_name, given)
    try:
        check_description(description)
    except ValueError as error:
        raise BadInput(str(error)) from None
    if dealer:
        unknown = N_("{typed!r} is not one of the players: name {options}.")
        opened = dealt_by(opened, named(opened.everyone, dealer, unknown))
    match = start(store, opened, description)
    preset = _("the last match's") if rematch else preset_name.lower()
    echo_lines(
        [
            created(match, preset, [spelled(name, given[name]) for name in opened.changed]),
            *not_applied(opened, preset_name),
            first_deal(match.sheet(), opened.how),
            _(
                "After each hand: 'scorekeeper knock', 'gin' or 'wall' (or 'scorekeeper "
                "record' to be asked)."
            ),
        ]
    )
    warn_idle(match.rules, list(given))


def warn_idle(rules: Rules, given: list[str]) -> None:
    """A ``Warning:`` line for each rule option given that decides nothing under ``rules``
    (``--oklahoma-limit lower`` with the knock limit at 10): it is taken all the same."""
    for name in given:
        if not applies(rules, name):
            tell(idle_warning(rules, name))


def refuse_unasked(rematch: bool, player1: str | None, player2: str | None, more: bool) -> None:
    """Refuse a rematch given players or rules (``more``: teams, a preset or rule options),
    and a new match without both players."""
    if rematch and (player1 is not None or more):
        raise BadInput(
            _(
                "--rematch plays on with the last match's players and rules; "
                "leave out the players, --teams, --preset and rule options."
            )
        )
    if not rematch and (player1 is None or player2 is None):
        raise BadInput(
            _(
                "Name both players, e.g. 'scorekeeper new Ann Ben' (or two teams "
                "with --teams), or play on with 'scorekeeper new --rematch'."
            )
        )


def created(match: Match, preset: str, changed: list[str]) -> str:
    """``Match 2: Ann v Ben, pagat rules (changed: --target 150).``"""
    return _("{title}, {preset} rules{changed}.").format(
        title=match_title(match.id, match.sheet()),
        preset=preset,
        changed=_(" (changed: {names})").format(names=", ".join(changed)) if changed else "",
    )


def not_applied(opened: Opening, preset_name: str) -> list[str]:
    """What of the preset the form of the match sets otherwise (Three-handed Gin's one
    column, say), as a note; none for most."""
    if not opened.not_applied:
        return []
    base = named_preset(preset_name).rules
    unapplied = [spelled(name, getattr(base, name)) for name in opened.not_applied]
    return [
        ngettext(
            "Of the {preset} rules, {options} does not apply: Three-handed Gin is "
            "played on one column, the loser sitting out and the player who sat out "
            "dealing, until one player reaches the target.",
            "Of the {preset} rules, {options} do not apply: Three-handed Gin is played "
            "on one column, the loser sitting out and the player who sat out dealing, "
            "until one player reaches the target.",
            len(unapplied),
        ).format(preset=preset_name.lower(), options=together(unapplied))
    ]
