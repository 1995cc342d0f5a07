"""Correcting the hands recorded: ``undo`` and ``amend``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from scorekeeper.commands._common import echo_lines, match_id
from scorekeeper.commands._completion import offer
from scorekeeper.commands._errors import BadInput
from scorekeeper.commands._params import (
    NUMBER,
    NUMBERS,
    Given,
    ScorekeeperGroup,
    command,
    match_to_correct,
    option,
    pass_store,
)
from scorekeeper.commands.recording import (
    counted,
    dry_run_option,
    gin_params,
    ginned,
    knock_params,
    knocked,
    no_counts,
    one_count,
    say,
    wall_params,
    walled,
)
from scorekeeper.commands.starting import rule_options, warn_idle
from scorekeeper.engine import ENDINGS, Answers, Entry, Game, Scoresheet, fold
from scorekeeper.i18n import Quoted, _
from scorekeeper.match import Match, kind_of
from scorekeeper.messages import (
    changes,
    next_deal,
    report,
    signed,
)
from scorekeeper.rules import (
    DECLARED,
    GAME_KINDS,
    PRESETS,
    VARIANTS,
    Rules,
    named_preset,
    option_name,
    spelled,
)
from scorekeeper.store import Store
from scorekeeper.table import change_rules, replaced, rules_said, taken_back
from scorekeeper.table import correct as corrected

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem


@command()
@match_to_correct
@pass_store
def undo(store: Store, match: int | None) -> None:
    """Void the last hand of the match (it stays in the store; 'log --all' shows it).

    In an abandoned match, take the abandoning back instead: the match is played on.

    \b
    Example:
      scorekeeper undo
    """
    take_back(store, match_id(store, match))


def take_back(store: Store, chosen: int) -> None:
    """Void the last hand of the match and report it (``undo``, and ``u`` in ``record``)."""
    said, sheets = taken_back(store, chosen)
    echo_lines(report(*sheets, *said) if sheets else said)


class Amending(ScorekeeperGroup):
    """``amend``'s kinds of hand, which a person may type in the language, as ``record`` takes
    them (``klopfen``): the command is then named. ``amend rules`` takes no hand number."""

    #: The commands of ``amend`` that come without a hand number.
    numberless = ("rules",)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        words, at = [], 0  # where the words are that are no option of amend's (nor its value)
        while at < len(args):
            if not args[at].startswith("-"):
                words.append(at)
            at += 2 if args[at] in ("--match", "-m") else 1
        word, kind = (words + [len(args)] * 2)[:2]  # the hand's number (or rules), its kind
        if args[word : word + 1] != ["rules"]:
            # amend's options may follow the kind of hand (however typed), but a --help there
            # is the kind's.
            helping = [arg for arg in args[kind + 1 :] if arg in ctx.help_option_names]
            args = [arg for at, arg in enumerate(args) if at <= kind or arg not in helping]
            super().parse_args(ctx, args)
            ctx.args.extend(helping)
            return ctx.args
        # Everything else is the command's own (its --help, --match, --dry-run).
        ctx.params.update(number=None, match=None, dry_run=False)
        protected = "_protected_args" if hasattr(ctx, "_protected_args") else "protected_args"
        setattr(ctx, protected, ["rules"])
        ctx.args = args[:word] + args[word + 1 :]
        return ctx.args

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        """After a hand's number, the kinds of hand (not ``rules``, which takes none)."""
        offered = super().shell_complete(ctx, incomplete)
        if ctx.params.get("number") is None:
            return offered
        return [item for item in offered if item.value not in self.numberless]

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        typed = args[0] if args else ""
        if typed in self.commands or typed.startswith("-") or ctx.resilient_parsing:
            return super().resolve_command(ctx, args)
        import difflib

        spoken = {fold(_(ENDINGS[entry])): command for entry, command in AMENDED.items()}
        close = difflib.get_close_matches(typed.lower(), self.commands, n=1)
        meant = spoken.get(fold(typed)) or (close[0] if close else None)
        if meant is None:
            raise BadInput(
                _("There is no kind of hand {typed!r} to amend; name knock, gin or wall.").format(
                    typed=Quoted(typed)
                )
            )
        line = " ".join([str(ctx.params["number"]), meant, *args[1:]])
        raise BadInput(
            _(
                "There is no kind of hand {typed!r} to amend; did you mean "
                "'scorekeeper amend {line}'?"
            ).format(typed=Quoted(typed), line=line)
        )


#: The command that amends a hand to each way it can end.
AMENDED = {Entry.KNOCK: "knock", Entry.GIN: "gin", Entry.WALL: "wall", Entry.BIG_GIN: "gin --big"}


@click.group(cls=Amending, context_settings={**NUMBERS, "allow_interspersed_args": True})
@click.argument("number", type=NUMBER, cls=Given)
@match_to_correct
@dry_run_option
@click.pass_context
def amend(ctx: click.Context, number: int, match: int | None, dry_run: bool) -> None:
    """Replace hand NUMBER with a corrected outcome; every later hand is scored again.

    The replaced hand stays in the store ('log --all' shows it). A correction that would end
    the match before hands already recorded after it is refused. 'scorekeeper amend rules'
    changes the rules of the match instead.

    \b
    Example:
      scorekeeper amend 3 knock bob 4 22
      scorekeeper amend 5 gin alexandra 31
      scorekeeper amend 2 wall
      scorekeeper amend 3 --dry-run knock bob 4 22
      scorekeeper amend rules --gin-bonus 20
    """
    ctx.meta["amend"] = (number, match, dry_run)


def correct(ctx: click.Context, answers: Answers, match: int | None, dry_run: bool) -> None:
    number, given, dry_run_given = ctx.meta["amend"]
    dry_run = dry_run or dry_run_given  # --dry-run before or after the kind of hand
    store: Store = ctx.find_object(Store)  # type: ignore[assignment]
    done = corrected(store, match if match is not None else given, number, answers, dry_run)
    said = replaced(done, number)
    if done.new == done.old:  # a correction that changes nothing stores nothing, and says so
        echo_lines(said)
        return
    say(done.before, done.after, said, dry_run)


@amend.command("knock", context_settings=NUMBERS)
@knock_params
@match_to_correct
@click.pass_context
def amend_knock(
    ctx: click.Context,
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
    """Correct hand NUMBER to a knock (the counts, or both hands' cards).

    \b
    Example:
      scorekeeper amend 3 knock bob 4 22
    """
    counts = counted(knocker_deadwood, opponent_deadwood, cards, opponent_cards)
    correct(ctx, knocked(player, counts, undercut, upcard), match, dry_run)


@amend.command("gin", context_settings=NUMBERS, too_many=one_count)
@gin_params
@match_to_correct
@click.pass_context
def amend_gin(
    ctx: click.Context,
    player: str,
    opponent_deadwood: int,
    big: bool,
    upcard: str | None,
    dry_run: bool,
    match: int | None,
) -> None:
    """Correct hand NUMBER to gin (or big gin with --big).

    \b
    Example:
      scorekeeper amend 5 gin alexandra 31
    """
    correct(ctx, ginned(player, opponent_deadwood, big, upcard), match, dry_run)


@amend.command("wall", too_many=no_counts)
@wall_params
@match_to_correct
@click.pass_context
def amend_wall(
    ctx: click.Context, player: str | None, upcard: str | None, dry_run: bool, match: int | None
) -> None:
    """Correct hand NUMBER to a wall (dead hand).

    \b
    Example:
      scorekeeper amend 2 wall
    """
    correct(ctx, walled(player, upcard), match, dry_run)


def options_only(ctx: click.Context, extra: list[str]) -> str:
    """What ``amend rules`` says to words beyond its options: a match is named with --match
    (``amend rules 3 --gin-bonus 20``: ``amend rules --match 3 --gin-bonus 20``), a preset
    with --preset, and the rules to change are options."""
    params = ctx.params
    given = [f"--preset {params['preset_name']}"] if params.get("preset_name") else []
    given += [spelled(n, v) for n, v in params.items() if n in DECLARED and v is not None]
    given += ["--dry-run"] if params.get("dry_run") else []
    command = ctx.command_path
    if len(extra) == 1 and extra[0].isdigit():
        typed = " ".join([command, "--match", extra[0], *given])
        return _("The match is named with --match: '{typed}'.").format(typed=typed)
    if len(extra) == 1 and extra[0].lower() in PRESETS:
        typed = " ".join([command, "--preset", extra[0].lower(), *given])
        return _("A preset is named with --preset ({extra} is too many): '{typed}'.").format(
            extra=repr(Quoted(extra[0])), typed=typed
        )
    return _(
        "'{command}' takes only options ({extra} is too many): the rules to change, as 'new' "
        "takes them ('{command} --help' lists them)."
    ).format(command=command, extra=repr(Quoted(" ".join(extra))))


@amend.command("rules", too_many=options_only)
@option(
    "--preset",
    "preset_name",
    metavar="PRESET",
    shell_complete=lambda ctx, param, typed: offer(PRESETS, typed),
    help="The rules of this preset ({presets}), with the options given beside it.",
    help_fields={"presets": ", ".join(PRESETS)},
)
@rule_options
@option("--dry-run", is_flag=True, help="Show what the change would do, and store nothing.")
@match_to_correct
@click.pass_context
def amend_rules(
    ctx: click.Context,
    /,
    preset_name: str | None,
    dry_run: bool,
    match: int | None,
    **options: Any,
) -> None:
    """Change the rules of the match under way; every total is worked out again from the
    first hand under them, as if the match had been started with them.

    Give the rules to change as 'new' takes them, or a preset and the options to change in
    it. The kind of match (its players, teams, Oklahoma, Straight) cannot change, nor the
    rules of a finished match; rules under which a recorded hand could not have been
    played as it was are refused. To change back, change the rules again (a yes-or-no rule by
    its other form, e.g. --no-last-game-double).

    \b
    Example:
      scorekeeper amend rules --gin-bonus 20
      scorekeeper amend rules --preset pagat --target 150
      scorekeeper amend rules --knock-limit 8 --dry-run
    """
    number, given, dry_run_given = ctx.meta["amend"]
    if number is not None:
        raise BadInput(
            _(
                "The rules are the whole match's, not hand {number}'s: leave the number out, "
                "e.g. 'scorekeeper amend rules --gin-bonus 20'."
            ).format(number=number)
        )
    if preset_name is None and all(value is None for value in options.values()):
        raise BadInput(
            _(
                "Name the rules to change, as 'new' takes them, e.g. 'scorekeeper amend rules "
                "--gin-bonus 20' ('scorekeeper amend rules --help' lists them)."
            )
        )
    dry_run = dry_run or dry_run_given
    store: Store = ctx.find_object(Store)  # type: ignore[assignment]
    given = match if match is not None else given
    done = change_rules(
        store, given, lambda current: asked_rules(current, preset_name, options), dry_run
    )
    said = rules_said(done)
    if done.after.rules == done.old:
        click.echo(said)
        return
    dry = [_("Dry run: this is what the change would do; nothing was stored.")] if dry_run else []
    after = done.after
    echo_lines(
        [*dry, said, *compared(done.before, after), *changes(done.before, after), next_deal(after)]
    )
    warn_idle(after.rules, [name for name, value in options.items() if value is not None])


def asked_rules(match: Match, preset_name: str | None, options: dict[str, Any]) -> Rules:
    """The rules ``amend rules`` asks for: those in force (or the preset's, as ``new`` makes
    them) with the options given over them; the kind of match stays as it is (exit 2 for
    options or a preset that would change it, or rules that cannot be)."""
    given = {name: value for name, value in options.items() if value is not None}
    kind = dict(zip(VARIANTS, kind_of(match.rules)))
    changing = [name for name in VARIANTS if name in given and given[name] != kind[name]]
    seats = match.seats
    if preset_name is not None:
        base = named_preset(preset_name)
        changing += [name for name in VARIANTS if getattr(base.rules, name) > kind[name]]
        if not seats.takes(base) or changing:
            raise BadInput(
                _(
                    "The {preset} rules are for another kind of match, and the kind of match "
                    "cannot change: its players, teams, Oklahoma and Straight stay as they were "
                    "started. Change single rules instead."
                ).format(preset=preset_name.lower())
            )
        start = seats.made(base.rules.replace(**{n: kind[n] for n in GAME_KINDS}))[0]
    else:
        start = match.rules
    if changing:
        raise BadInput(
            _(
                "{options} would make another kind of match, and the kind of match cannot "
                "change (its players, teams, Oklahoma and Straight stay as they were started)."
            ).format(options=", ".join(spelled(name, given[name]) for name in changing))
        )
    refused = seats.refused(given)
    if refused is not None:
        raise BadInput(refused.say(option_name))
    return start.over(**given)


def compared(before: Scoresheet, after: Scoresheet) -> list[str]:
    """Each game's figures before and after a change of the rules: ``Game 1: Ann 112 -> 107,
    Ben 31`` (a game the change opens or closes shows ``-`` where it has none); a game whose
    boxes moved says them (``Game 1: Ann 10, Ben 45; boxes: Ann 1, Ben 3 -> 1``), and one
    settled before and after whose settlement moved its totals and net: ``Game 1: Ann 103*,
    Ben 0; settled: Ann 403 -> 398, Ben 0, net +403 -> +398``."""
    numbers = sorted({g.number for g in before.games} | {g.number for g in after.games})
    old, new = {g.number: g for g in before.games}, {g.number: g for g in after.games}

    def figure(game: Game | None, player: str) -> str:
        if game is None:
            return "-"
        return str(game.points[player]) + ("*" if game.winner == player else "")

    def moved(name: str, was: str, now: str) -> str:
        return f"{name} {now}" if was == now else f"{name} {was} -> {now}"

    lines = []
    for number in numbers:
        was, now = old.get(number), new.get(number)
        cells = [moved(p, figure(was, p), figure(now, p)) for p in after.players]
        line = _("Game {n}: {figures}").format(n=number, figures=", ".join(cells))
        same = all(figure(was, p) == figure(now, p) for p in after.players)
        if was and now and was.boxes != now.boxes:
            boxes = [moved(p, str(was.boxes[p]), str(now.boxes[p])) for p in after.players]
            line = _("{line}; boxes: {boxes}").format(line=line, boxes=", ".join(boxes))
            same = False
        if was and now and was.settlement and now.settlement and was.winner == now.winner:
            a, b = was.settlement, now.settlement
            if a != b:
                line = _("{line}; settled: {totals}, net {net}").format(
                    line=line,
                    totals=", ".join(
                        moved(p, str(a.lines[p].total), str(b.lines[p].total))
                        for p in after.players
                    ),
                    net=moved("", signed(a.net), signed(b.net)).strip(),
                )
                same = False
        lines.append("  " + (_("{line} (unchanged)").format(line=line) if same else line))
    if any(game.winner for game in after.games):
        lines.append("  " + _("(* won the game)"))
    return lines
