"""Managing matches: ``abandon``, ``delete``, ``restore`` and ``rename``.

Nothing a user entered is destroyed: an abandoning is a fact that ``undo`` voids, a deleted
match's file is kept aside as it was until ``restore`` brings it back, and a renaming is a fact
that leaves the hands as they were stored.
"""

from __future__ import annotations

import click

from scorekeeper.commands._common import match_id, say
from scorekeeper.commands._completion import complete_deleted, complete_match, complete_player
from scorekeeper.commands._errors import BadInput, StateProblem
from scorekeeper.commands._params import (
    NOT_A_PLAYER,
    NUMBER,
    command,
    confirm,
    match_argument,
    match_to_correct,
    named,
    option,
    pass_store,
    player,
)
from scorekeeper.engine import Form, team_members, team_name
from scorekeeper.i18n import _, ngettext
from scorekeeper.match import Match
from scorekeeper.store import Store


def described(match: Match) -> str:
    """``match 3 (Ann v Ben, 4 hands)``."""
    hands = match.sheet().hands_played()
    return ngettext(
        "match {id} ({players}, {n} hand)", "match {id} ({players}, {n} hands)", hands
    ).format(id=match.id, players=_(" v ").join(match.players), n=hands)


@command()
@match_argument
@pass_store
def abandon(store: Store, match: int | None) -> None:
    """End MATCH (default: the current match) without a winner; no hand can follow.

    The match stays in the store with its hands, listed as abandoned, and 'stats' leaves it
    out. 'scorekeeper undo' right after takes the abandoning back.

    \b
    Example:
      scorekeeper abandon
      scorekeeper abandon 3
    """
    chosen = match_id(store, match)
    with store.writing() as writer:
        current = writer.load(chosen)
        if current.abandoned:
            raise StateProblem(
                _(
                    "Match {id} was abandoned already; 'scorekeeper undo' takes the "
                    "abandoning back."
                ).format(id=current.id)
            )
        if current.sheet().finished:
            raise StateProblem(
                _(
                    "Match {id} is over, so it cannot be abandoned: only a match still "
                    "being played can."
                ).format(id=current.id)
            )
        current.abandon()
    say(
        _(
            "Abandoned {match}: no winner, and no hand can follow. 'scorekeeper undo' "
            "takes it back."
        ).format(match=described(current))
    )


@command()
@click.argument("match", type=NUMBER, shell_complete=complete_match)
@option("--yes", is_flag=True, help="Delete without asking first.")
@pass_store
def delete(store: Store, match: int, yes: bool) -> None:
    """Delete MATCH: it leaves 'matches', 'stats' and 'use', and is kept aside as it is.

    'scorekeeper matches --deleted' lists the deleted matches, and 'scorekeeper restore
    MATCH' brings one back unchanged. If MATCH was the current match, the newest match still
    being played becomes current.

    \b
    Example:
      scorekeeper delete 3
      scorekeeper delete 3 --yes
    """
    chosen = store.load(match)
    if not yes:
        try:
            sure = confirm(_("Delete {match}?").format(match=described(chosen)), default=False)
        except click.Abort:
            click.echo()
            raise StateProblem(
                _(
                    "There was no answer, so nothing was deleted; add --yes to delete "
                    "without being asked."
                )
            ) from None
        if not sure:
            say(_("Nothing was deleted."))
            return
    with store.writing() as writer:
        was_current = store.current_id() == match
        gone = writer.delete(match)
    say(
        _(
            "Deleted {match}; 'scorekeeper restore {id}' brings it back, and "
            "'scorekeeper matches --deleted' lists the deleted matches."
        ).format(match=described(gone), id=gone.id)
    )
    now = store.current_id() if was_current else None
    if now is not None and store.has(now):
        say(_("The current match is now {match}.").format(match=described(store.load(now))))
    elif was_current:
        say(
            _(
                "There is no current match now: choose one with 'scorekeeper use MATCH', "
                "or start one with 'scorekeeper new'."
            )
        )


@command()
@click.argument("match", type=NUMBER, shell_complete=complete_deleted)
@pass_store
def restore(store: Store, match: int) -> None:
    """Bring back MATCH, deleted with 'scorekeeper delete', as it was (with the same id).

    \b
    Example:
      scorekeeper restore 3
    """
    with store.writing() as writer:
        back = writer.restore(match)
    say(_("Restored {match}, as it was.").format(match=described(back)))
    if store.current_id() == back.id:  # it was current when deleted, and none has been since
        say(_("It is the current match again."))


@command()
@click.argument("old", shell_complete=complete_player)
@click.argument("new")
@match_to_correct
@pass_store
def rename(store: Store, old: str, new: str, match: int | None) -> None:
    """Correct the name of the player OLD (a unique beginning of it) to NEW in a match.

    The hands stay as they are; the match's JSON export keeps the renaming, with the name as
    first entered. In Partnership Gin, OLD is one of the partners, or a team written with '&'
    (and NEW the team's new name).

    \b
    Example:
      scorekeeper rename alex Alexandra
      scorekeeper rename bob Robert --match 2
      scorekeeper rename "ann & bob" "Ann & Rob"
    """
    chosen = match_id(store, match)
    with store.writing() as writer:
        current = writer.load(chosen)
        renamings, said = renamed(current, old, new)
        try:
            for who, name in renamings:
                current.rename(who, name)
        except ValueError as error:
            raise BadInput(str(error)) from None
    say(
        _("Renamed {old} to {new} in match {id} ({players}); the hands stay as they were.").format(
            old=said[0], new=said[1], id=current.id, players=_(" v ").join(current.players)
        )
    )


def renamed(match: Match, old: str, new: str) -> tuple[list[tuple[str, str]], tuple[str, str]]:
    """The players to rename, each with the new name, and how to say it: a player, or in
    Partnership Gin a team written 'Ann & Bob' (each partner whose name changes)."""
    if match.form is not Form.PARTNERSHIP or "&" not in old:
        who = player(match.individuals(), old)
        return [(who, new)], (who, new)
    from scorekeeper.rules import split_team

    team = named(match.players, old, NOT_A_PLAYER)
    partners = split_team(new)
    changes = [(was, now) for was, now in zip(team_members(team), partners) if was != now]
    if not changes:
        raise BadInput(
            _("The team is called {team} already; give it its new name, e.g. '{example}'.").format(
                team=team, example=team_name((team_members(team)[0], "Rob"))
            )
        )
    return changes, (team, team_name(partners))
