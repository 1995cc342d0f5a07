"""Correcting the hands recorded: ``undo`` and ``amend``."""

from __future__ import annotations

import click

from scorekeeper.commands._common import echo_lines, match_id, refuse_if_abandoned
from scorekeeper.commands._errors import BadInput, StateProblem
from scorekeeper.commands._params import (
    NUMBER,
    NUMBERS,
    Given,
    ScorekeeperGroup,
    command,
    match_to_correct,
    pass_store,
)
from scorekeeper.commands.recording import (
    HandBuilder,
    NotTheNextHand,
    counted,
    dry_run_option,
    gin_params,
    ginned,
    knock_params,
    knocked,
    say,
    wall_params,
    walled,
)
from scorekeeper.engine import Entry, MatchFinished, check_correction, check_entry, fold
from scorekeeper.i18n import Quoted, _, ngettext
from scorekeeper.messages import ENDINGS, next_deal, plain, report, round_line
from scorekeeper.store import Store


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
    echo_lines(taken_back(store, chosen))


def taken_back(store: Store, chosen: int, expected: int | None = None) -> list[str]:
    """Void the last hand of the match (or take its abandoning back); what to report.

    ``expected`` is the number of the hand meant (``serve``'s page says which hand it takes
    back): unless it is still the last hand in force when the lock is had, nothing is changed
    and :class:`~scorekeeper.commands.recording.NotTheNextHand` is raised, so that two
    phones taking hand 7 back take back one hand."""
    with store.writing() as writer:
        current = writer.load(chosen)
        before, took_back = current.sheet(), current.abandoned
        held = len(current.in_force())
        if expected is not None and (took_back or expected != held):
            raise NotTheNextHand(
                _(
                    "Hand {number} is no longer the last hand (match {id} has {count} hands "
                    "now), so nothing was taken back; the sheet shows where it stands."
                ).format(number=expected, id=current.id, count=held)
            )
        if took_back:
            current.take_back_abandoning()
        elif not current.in_force():
            raise StateProblem(_("Match {id} has no hand to undo.").format(id=current.id))
        else:
            last = current.void_last()
    sheet = current.sheet()
    if took_back:
        return [
            _("Match {id} is being played again: the abandoning is taken back.").format(
                id=current.id
            ),
            next_deal(sheet),
        ]
    voided = (
        _("Voided hand {number}: {hand}").format(
            number=len(current.in_force()) + 1, hand=plain(last.hand)
        )
        if current.teams
        else _("Voided {line}").format(line=round_line(before.rounds[-1]))
    )
    return report(before, sheet, voided)


class Amending(ScorekeeperGroup):
    """``amend``'s kinds of hand, which a person may type in the language, as ``record`` takes
    them (``klopfen``): the command is then named."""

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
    the match before hands already recorded after it is refused.

    \b
    Example:
      scorekeeper amend 3 knock bob 4 22
      scorekeeper amend 5 gin alexandra 31
      scorekeeper amend 2 wall
      scorekeeper amend 3 --dry-run knock bob 4 22
    """
    ctx.meta["amend"] = (number, match, dry_run)


def correct(ctx: click.Context, build: HandBuilder, match: int | None, dry_run: bool) -> None:
    store: Store = ctx.find_object(Store)  # type: ignore[assignment]
    number, given, dry_run_given = ctx.meta["amend"]
    dry_run = dry_run or dry_run_given  # --dry-run before or after the kind of hand
    given = match if match is not None else given
    chosen = match_id(store, given)
    with store.writing() as writer:
        current = writer.load(chosen)
        refuse_if_abandoned(current)
        hands = [stored.hand for stored in current.in_force()]
        if not 1 <= number <= len(hands):
            raise BadInput(
                ngettext(
                    "There is no hand {number}: match {id} has {count} hand ('scorekeeper "
                    "log' lists it).",
                    "There is no hand {number}: match {id} has {count} "
                    "hands ('scorekeeper log' lists them).",
                    len(hands),
                ).format(number=number, id=current.id, count=len(hands))
            )
        old = hands[number - 1]
        new = build(current, old)
        check_entry(current.rules, new)
        before = current.sheet()
        check_correction(before, hands, number, new)
        hands[number - 1] = new
        try:
            sheet = current.sheet(hands)
        except MatchFinished as error:
            raise StateProblem(
                _(
                    "That correction would end the match with hand {ended}, but {later} more "
                    "hands were recorded after it. Undo those first, or correct it differently."
                ).format(ended=error.number, later=len(hands) - error.entered)
            ) from None
        if not dry_run:
            current.replace(number, hands[number - 1])
    if current.teams:  # hand numbers count the tables' hands, not the deals
        said = [
            _("Replaced hand {number}: {old}").format(number=number, old=plain(old)),
            _("     by hand {number}: {new}").format(number=number, new=plain(hands[number - 1])),
        ]
    else:
        said = [
            _("Replaced {old}").format(old=round_line(before.rounds[number - 1])),
            _("     by {new}").format(new=round_line(sheet.rounds[number - 1])),
        ]
    say(before, sheet, said, dry_run)


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


@amend.command("gin", context_settings=NUMBERS)
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


@amend.command("wall")
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
