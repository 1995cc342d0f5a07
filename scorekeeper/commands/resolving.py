"""``resolve``: the copies of match files that a sync tool (or a person) left in the store.

What each copy is comes from :mod:`scorekeeper.store.conflicts`; each is dealt with in a
change of its own (under the lock, the copy and the match read again there), and nothing is
destroyed: a copy set aside, or a match's version replaced by a copy's, is kept in the store's
``resolved/`` folder.
"""

from __future__ import annotations

from typing import NoReturn

import click

from scorekeeper.commands._common import ask, echo_lines, header_differences
from scorekeeper.commands._errors import Partly, StateProblem, describe, tell
from scorekeeper.commands._params import Words, command, confirm, match_argument, option, pass_store
from scorekeeper.engine import Scoresheet
from scorekeeper.i18n import N_, Quoted, _, ngettext
from scorekeeper.match import Match
from scorekeeper.messages import round_line
from scorekeeper.store import Store, StoreError, Writer
from scorekeeper.store.conflicts import Case, Copy

#: What may be kept of a copy that went its own way.
KEEP = ("store", "copy", "both")


@command()
@match_argument
@option(
    "--keep",
    type=click.Choice(KEEP),
    help="A copy that went its own way: keep the store's match, the copy's, or both (the "
    "copy as a new match).",
)
@option("--yes", is_flag=True, help="Deal with each copy without asking first.")
@pass_store
def resolve(store: Store, match: int | None, keep: str | None, yes: bool) -> None:
    """Deal with the copies of match files left in the store (of MATCH, or all).

    A sync tool that finds a match changed on two machines keeps both versions, the second
    under another name; a match file copied in by hand is one too. A copy with the same
    hands as the store's match, or fewer, is set aside; a later state brings the match up
    to date; a copy of a match this store does not hold becomes a new match; a copy that
    went its own way is shown beside the store's match, and you keep the store's, the
    copy's, or both. Nothing is destroyed: what is set aside or replaced is kept in the
    store's resolved/ folder.

    \b
    Example:
      scorekeeper resolve
      scorekeeper resolve 3 --keep both --yes
    """
    # Copies of deleted matches wait for a restore: they come last, not in the others' way.
    copies = sorted(store.conflicts(match), key=lambda copy: copy.case is Case.DELETED)
    if not copies:
        click.echo(
            _("There is no copy of match {id} to resolve.").format(id=match)
            if match is not None
            else _("There is no copy of a match file to resolve.")
        )
        return
    done: list[str] = []
    became: list[tuple[Copy, int]] = []
    """The copies kept as new matches beside the store's, and the id each became."""
    for number, copy in enumerate(copies):
        commits = store.commits
        try:
            # What the copies before it did may make it another case (a second copy of the
            # same later state is the match as it is now): each is looked at as the store is.
            now = fresh(store, copy) if done else copy
            if now is None:
                continue  # gone meanwhile
            copy = now
            if len(copies) > 1 or done:
                click.echo()
            first = twin(copy, became)
            echo_lines(said_of(copy, store) if first is None else said_of_twin(copy, *first))
            try:
                choice = decide(copy, keep, yes) if first is None else decide_twin(yes)
            except click.Abort:
                click.echo()
                refuse_after(done, copy, _("there was no answer; add --yes (and --keep) to answer"))
            if choice is None:  # no, this one not
                name = Quoted(copy.name, path=True)
                echo_lines([_("{name!r} is left as it is.").format(name=name)])
                continue
            try:
                said = act(store, copy, choice)
            except NotSetAside as error:
                said = error.said
                tell(error.warning)
            done.append(copy.name)
            if copy.case is Case.DIVERGED and choice == "both":  # now the current match
                became.append((copy, store.current_id() or 0))
            echo_lines([said])
        except Unresolved:  # said whole, never inside another refusal
            raise
        except (StoreError, StateProblem, OSError) as error:
            reason = error.message if isinstance(error, StateProblem) else describe(error)
            if store.commits == commits:  # nothing of this copy was changed
                refuse_after(done, copy, reason)
            if copy.name not in done:  # the copy is in: what went wrong came after
                done.append(copy.name)
            rest = copies[number + 1 :]
            if not rest:
                raise
            refuse_after(done, rest[0], reason)


def fresh(store: Store, listed: Copy) -> Copy | None:
    """The copy as it compares with the store now (None: it is no longer there)."""
    return next((c for c in store.conflicts(listed.held) if c.name == listed.name), None)


class Unresolved(Partly):
    """A copy was not resolved (exit 1): the message says which, and what was done before."""


def refuse_after(done: list[str], copy: Copy, reason: str) -> NoReturn:
    """End with exit 1: this copy was not resolved (those before it were)."""
    if done:
        raise Unresolved(
            ngettext(
                "{name!r} was not resolved: {reason}. The copy before it was; run "
                "'scorekeeper resolve' again for the rest.",
                "{name!r} was not resolved: {reason}. The {n} copies before it were; run "
                "'scorekeeper resolve' again for the rest.",
                len(done),
            ).format(name=Quoted(copy.name, path=True), reason=reason.rstrip("."), n=len(done))
        )
    raise Unresolved(
        _("{name!r} was not resolved: {reason}; nothing was changed.").format(
            name=Quoted(copy.name, path=True), reason=reason.rstrip(".")
        )
    )


def said_of(copy: Copy, store: Store) -> list[str]:
    """What a copy is, and (for a copy that went its own way) how it differs."""
    name, held = Quoted(copy.name, path=True), copy.held
    players = _(" v ").join(copy.match.players)
    if copy.case is Case.SAME:
        return [
            _("{name!r} holds match {id} as it is; it is set aside.").format(name=name, id=held)
        ]
    if copy.case is Case.EARLIER:
        return [
            _("{name!r} holds an earlier state of match {id}; it is set aside.").format(
                name=name, id=held
            )
        ]
    if copy.case is Case.LATER:
        return [
            _(
                "{name!r} holds a later state of match {id} ({players}); match {id} is brought "
                "up to date from it."
            ).format(name=name, id=held, players=players)
        ]
    if copy.case is Case.NEW:
        return [
            _(
                "{name!r} holds a match this store does not hold ({players}); it becomes a "
                "new match."
            ).format(name=name, players=players)
        ]
    if copy.case is Case.DELETED:
        return [
            _("{name!r} holds a version of match {id}, which was deleted.").format(
                name=name, id=held
            )
        ]
    assert held is not None
    return side_by_side(store.load(held), copy)


def twin(copy: Copy, became: list[tuple[Copy, int]]) -> tuple[Copy, int] | None:
    """The copy kept as a new match before this one that holds the same facts as this one
    (two sync tools' copies of one file): this one is the same copy, not another match."""
    return next(
        (
            (first, match_id)
            for first, match_id in became
            if copy.case is Case.DIVERGED
            and (first.match.uuid, first.match.facts()) == (copy.match.uuid, copy.match.facts())
        ),
        None,
    )


def said_of_twin(copy: Copy, first: Copy, match_id: int) -> list[str]:
    """What a copy is that holds the same as one kept as a new match before it."""
    return [
        _("{name!r} holds the same as {first!r}, which became match {id}; it is set aside.").format(
            name=Quoted(copy.name, path=True), first=Quoted(first.name, path=True), id=match_id
        )
    ]


def decide_twin(yes: bool) -> str | None:
    """Whether to set aside a copy that holds the same as one kept as a new match: ``store``
    (keep the store's match as it is, and this copy aside), or None."""
    if not yes and not confirm(_("Do it?")):
        return None
    return "store"


def side_by_side(mine: Match, copy: Copy) -> list[str]:
    """A copy that went its own way beside the store's match: the hands where they differ,
    and each one's totals."""
    ours, theirs = mine.sheet(), copy.match.sheet()
    same = 0
    for a, b in zip(ours.rounds, theirs.rounds):
        if (a.hand, a.tables) != (b.hand, b.tables):
            break
        same += 1
    differ = header_differences(mine, copy.match, _("in the copy"))
    lines = [
        (
            _("{name!r} and match {id} ({players}) went their own ways: {what}.")
            if differ
            else _(
                "{name!r} and match {id} ({players}) went their own ways after hand {same}: "
                "each holds hands or changes the other lacks."
            )
        ).format(
            name=Quoted(copy.name, path=True),
            id=mine.id,
            players=_(" v ").join(mine.players),
            same=same,
            what="; ".join(differ),
        )
    ]
    for label, sheet in ((_("In this store:"), ours), (_("In the copy:"), theirs)):
        lines.append("  " + label)
        lines += ["    " + round_line(r, sheet.teams) for r in sheet.rounds[same:]]
        lines.append("    " + totals(sheet))
    return lines


def totals(sheet: Scoresheet) -> str:
    """Each game's columns: ``Totals: Game 1 Ann 45, Ben 30; Game 2 Ann 20, Ben 0``."""
    return _("Totals: {games}").format(
        games="; ".join(
            _("Game {n} {points}").format(
                n=game.number,
                points=", ".join(f"{player} {game.points[player]}" for player in sheet.players),
            )
            for game in sheet.games
        )
    )


def decide(copy: Copy, keep: str | None, yes: bool) -> str | None:
    """What to do with the copy: ``set aside``, ``up to date``, ``new``, or for a copy that
    went its own way what to keep (None: nothing can be done)."""
    if copy.case is Case.DELETED:
        return str(copy.case.value)  # refused with what to do first
    if copy.case is Case.DIVERGED:
        if keep is not None:
            return keep
        answer: str = ask(
            _("Keep which? [store/copy/both] (both: the copy becomes a new match)"),
            type=Words(
                {
                    **{_(word): word for word in KEEP_WORDS},
                    **{word: word for word in KEEP},
                },
                N_("{typed!r} is not one of the answers; answer {options}."),
                shown=3,
            ),
        )
        return answer
    if not yes and not confirm(_("Do it?")):
        return None
    return str(copy.case.value)


#: The answers to "Keep which?", marked to be said in the language.
KEEP_WORDS = (N_("store"), N_("copy"), N_("both"))


def act(store: Store, copy: Copy, choice: str) -> str:
    """Deal with one copy in a change of its own, the copy and the match read again under
    the lock; what was done, in a line."""
    with store.writing() as writer:
        now = fresh(store, copy)
        if now is None or now.case is not copy.case or now.held != copy.held:
            raise StateProblem(_("it changed while you answered; run 'scorekeeper resolve' again"))
        return dealt(writer, now, choice)


class NotSetAside(StoreError):
    """A copy taken into the store that could not be set aside afterwards: what was done,
    and the warning to give."""

    def __init__(self, said: str, warning: str) -> None:
        super().__init__(warning)
        self.said, self.warning = said, warning


def set_aside_after(writer: Writer, copy: Copy, match: Match, said: str) -> str:
    """Set aside a copy whose facts a commit just took into the store; ``said`` of it, with
    where it is now."""
    try:
        aside = writer.set_aside(copy.name)
        writer.commit()
    except StoreError as error:
        raise NotSetAside(
            said.format(where=_("not set aside")),
            _(
                "Warning: {name!r} could not be set aside ({reason}); it holds nothing the "
                "store lacks now, and 'scorekeeper resolve' sets it aside."
            ).format(name=Quoted(copy.name, path=True), reason=str(error).rstrip(".")),
        ) from None
    return said.format(where=where(copy.name, aside))


def dealt(writer: Writer, copy: Copy, choice: str) -> str:
    name = Quoted(copy.name, path=True)
    if copy.case is Case.DELETED:
        raise StateProblem(
            _(
                "match {id} was deleted: 'scorekeeper restore {id}' brings it back, and the "
                "copy can then be resolved"
            ).format(id=copy.held)
        )
    if copy.case in (Case.SAME, Case.EARLIER) or choice == "store":
        return _("{name!r} is {where}.").format(
            name=name, where=where(copy.name, writer.set_aside(copy.name))
        )
    if copy.case is Case.LATER or choice == "copy":
        assert copy.held is not None
        kept = writer.keep_aside(copy.held) if choice == "copy" else None
        match = writer.bring_up_to_date(copy.held, copy.match)
        writer.commit()
        hands = match.sheet().hands_played()
        said = ngettext(
            "Brought match {id} up to date from {name!r} ({n} hand now); the copy is {where}.",
            "Brought match {id} up to date from {name!r} ({n} hands now); the copy is {where}.",
            hands,
        ).format(id=match.id, name=name, n=hands, where="{where}")
        if kept is not None:
            said += " " + _("The store's version of it is kept in resolved/ as {kept!r}.").format(
                kept=Quoted(kept, path=True)
            )
        return set_aside_after(writer, copy, match, said)
    match = writer.adopt(copy.match, as_new=choice == "both")
    writer.commit()
    said = _(
        "Stored {name!r} as match {id} ({players}), now the current match; the copy is {where}."
    ).format(name=name, id=match.id, players=_(" v ").join(match.players), where="{where}")
    return set_aside_after(writer, copy, match, said)


def where(name: str, aside: str) -> str:
    """Where a copy was set aside: ``set aside in resolved/``, or under another name there."""
    if aside == name:
        return _("set aside in resolved/")
    return _("set aside in resolved/ as {name!r}").format(name=Quoted(aside, path=True))
