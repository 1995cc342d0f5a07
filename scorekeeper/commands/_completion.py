"""Completing a command line (the shell's Tab; ``scorekeeper completion`` installs it).

click works out which parameter is being typed without running any command, so these read the
store the command line names themselves. They only read: never the lock, never a write.
Whatever goes wrong (no store, a damaged one, no current match) leaves nothing to offer: the
group ends a completion that fails without a word (``Scorekeeper`` in cli.py)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import click

from scorekeeper.commands._common import match_id
from scorekeeper.engine import fold
from scorekeeper.store import Store

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem


def offer(words: Iterable[str], typed: str) -> list[CompletionItem]:
    """The words that begin with what is typed, case and accents aside, as click offers them."""
    from click.shell_completion import CompletionItem

    return [CompletionItem(word) for word in words if fold(word).startswith(fold(typed))]


def completing_store(ctx: click.Context) -> Store:
    """The store of the command line being completed: ``--db``, else ``SCOREKEEPER_DB``, else
    the default (the group, which makes it for a command, does not run while completing)."""
    from scorekeeper.paths import default_store, expand

    db = ctx.find_root().params.get("db")
    return Store(expand(db) if db else default_store())


def complete_match(ctx: click.Context, param: click.Parameter, typed: str) -> list[CompletionItem]:
    """MATCH: the ids of the matches in the store."""
    return offer(map(str, completing_store(ctx).match_ids()), typed)


def complete_deleted(
    ctx: click.Context, param: click.Parameter, typed: str
) -> list[CompletionItem]:
    """MATCH of ``restore``: the ids of the deleted matches."""
    return offer(map(str, completing_store(ctx).deleted_ids()), typed)


def complete_player(ctx: click.Context, param: click.Parameter, typed: str) -> list[CompletionItem]:
    """PLAYER: the people at the table of the match given (``--match``, before or after
    ``amend``'s kind of hand), else of the current match."""
    store = completing_store(ctx)
    given: int | None = None
    at: click.Context | None = ctx
    while given is None and at is not None:
        given, at = at.params.get("match"), at.parent
    return offer(store.load(match_id(store, given)).individuals(), typed)
