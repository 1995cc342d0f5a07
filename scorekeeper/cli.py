"""The ``scorekeeper`` command group (docs/cli.md): one thin click command per action.

The rules are declared in :mod:`scorekeeper.rules` and scored by :mod:`scorekeeper.engine`; what
was entered about a match is a :class:`scorekeeper.match.Match`, which :mod:`scorekeeper.store`
keeps in files; the commands (in :mod:`scorekeeper.commands`; what they share is in its modules
whose names begin with ``_``) parse what a person typed, call them, and print. This module holds
the group and its global options.

A command's module is imported only when that command runs (:data:`COMMANDS`): recording a hand
happens dozens of times an evening, and builds only the few commands of its own module.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import MutableMapping
from typing import TYPE_CHECKING, Any

import click

from scorekeeper import __version__
from scorekeeper.commands._completion import offer
from scorekeeper.commands._errors import BadInput
from scorekeeper.commands._params import ScorekeeperGroup, Seconds, option
from scorekeeper.i18n import Quoted, _, available, either, set_language, speak_for_click
from scorekeeper.paths import default_store, expand
from scorekeeper.store import Store

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem


def asked_language(args: list[str]) -> str | None:
    """The language ``--lang`` names on a command line, if there are messages in it.

    >>> asked_language(["--db", "x", "--lang", "DE", "knock"]), asked_language(["--lang=tlh"])
    ('de', None)
    """
    for word, following in zip(args, [*args[1:], ""]):
        if word == "--":
            break
        if word == "--lang":
            code = following
        elif word.startswith("--lang="):
            code = word.removeprefix("--lang=")
        else:
            continue
        return code.lower() if code.lower() in available() else None
    return None


def choose_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """``--lang``: every message from here on in that language (before any is produced)."""
    if value is None:
        return
    if value.lower() not in available():
        raise BadInput(
            _("There are no messages in {code!r}; the languages are {languages}.").format(
                code=Quoted(value), languages=", ".join(available())
            )
        )
    set_language(value.lower())


def complete_directory(
    ctx: click.Context, param: click.Parameter, typed: str
) -> list[CompletionItem]:
    """``--db``: the shell offers the directories."""
    from click.shell_completion import CompletionItem

    return [CompletionItem(typed, type="dir")]


def show_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """``--version``, said in the language (click's own option builds its line at import)."""
    if value and not ctx.resilient_parsing:
        click.echo(
            _("%(prog)s, version %(version)s") % {"prog": "scorekeeper", "version": __version__}
        )
        ctx.exit()


#: Each command, by the module of :mod:`scorekeeper.commands` and the name it has there.
COMMANDS = {
    "knock": "recording:knock",
    "gin": "recording:gin",
    "wall": "recording:wall",
    "record": "session:record_interactively",
    "undo": "correcting:undo",
    "amend": "correcting:amend",
    "new": "starting:new",
    "matches": "matches:list_matches",
    "use": "matches:use",
    "rules": "matches:rules",
    "abandon": "managing:abandon",
    "delete": "managing:delete",
    "restore": "managing:restore",
    "rename": "managing:rename",
    "show": "reading:show",
    "serve": "serving:serve",
    "app": "app:app",
    "log": "reading:log",
    "stats": "reading:stats",
    "deadwood": "reading:deadwood_command",
    "export": "files:export",
    "import": "files:import_",
    "check": "files:check",
    "resolve": "resolving:resolve",
    "completion": "shell:completion",
}


def hand_meant(ctx: click.Context, typed: str, rest: list[str]) -> str | None:
    """The hand a command line names without its command (``scorekeeper ann 3 20``): a player
    of the current match, or a word followed by one or two deadwood counts, is taken for the
    hand's winner, and the command lines that record it are given (never a command close to a
    name in spelling, which could be one that ends the match)."""
    from scorekeeper.commands._errors import metavar_in_language
    from scorekeeper.commands._params import whole_number

    counts = [word for word in rest if whole_number(word) is not None]
    if len(counts) != len(rest) or len(rest) > 2 or not (rest or is_player(ctx, typed)):
        return None
    knock = " ".join([typed, *rest, *["KNOCKER_DEADWOOD", "OPPONENT_DEADWOOD"][len(rest) :]])
    if len(rest) == 2:
        return _("'scorekeeper knock {knock}'.").format(knock=knock)
    gin = " ".join([typed, *rest] if rest else [typed, "OPPONENT_DEADWOOD"])
    said = _("'scorekeeper knock {knock}' or 'scorekeeper gin {gin}'.").format(knock=knock, gin=gin)
    return metavar_in_language(said)


def is_player(ctx: click.Context, typed: str) -> bool:
    """Whether a word names someone at the table of the current match (by a beginning that
    leaves no doubt); False where there is no such match to read."""
    from scorekeeper.commands._common import match_id
    from scorekeeper.commands._completion import completing_store
    from scorekeeper.commands._params import player

    try:
        store = completing_store(ctx)
        player(store.load(match_id(store, None)).individuals(), typed)
    except Exception:  # no store, no current match, not a player: not a name then
        return False
    return True


class Scorekeeper(ScorekeeperGroup):
    """The ``scorekeeper`` group: finds a command in its module when it is asked for, and says
    everything (click's own words too) in the language asked for."""

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        """Before click reads the command line, its words are routed through the catalogue, and
        a ``--lang`` on the line is chosen: click refuses a mistyped option while it reads the
        line, before the option's callback could choose it (which still refuses an unknown
        language)."""
        speak_for_click()
        if (language := asked_language(args)) is not None:
            set_language(language)
        return super().make_context(info_name, args, parent, **extra)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        typed = args[0]
        if typed in COMMANDS or typed.startswith("-") or ctx.resilient_parsing:
            return super().resolve_command(ctx, args)
        if (hand := hand_meant(ctx, typed, args[1:])) is not None:
            raise BadInput(
                _(
                    "There is no command {typed!r}. To record a hand {typed} won, say first how "
                    "it ended: {hand}"
                ).format(typed=Quoted(typed), hand=hand)
            )
        import difflib

        close = difflib.get_close_matches(typed.lower(), COMMANDS, n=1)
        raise BadInput(
            (
                _(
                    "There is no command {typed!r}; did you mean {close!r}? "
                    "'scorekeeper --help' lists the commands."
                )
                if close
                else _("There is no command {typed!r}; 'scorekeeper --help' lists the commands.")
            ).format(typed=Quoted(typed), close=close[0] if close else "")
        )

    def _main_shell_completion(
        self, ctx_args: MutableMapping[str, Any], prog_name: str, complete_var: str | None = None
    ) -> None:
        """Completing a command line (click's ``_SCOREKEEPER_COMPLETE`` protocol, which
        ``main`` hands to this method) never fails: whatever goes wrong (no store, a damaged
        one, no current match) offers nothing, without a word."""
        try:
            super()._main_shell_completion(ctx_args, prog_name, complete_var)
        except Exception:
            sys.exit(1)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module, attribute = COMMANDS[name].split(":")
        found: click.Command = getattr(
            importlib.import_module(f"scorekeeper.commands.{module}"), attribute
        )
        return found


@click.group(
    "scorekeeper", cls=Scorekeeper, context_settings={"help_option_names": ["-h", "--help"]}
)
@option(
    "--lang",
    metavar="CODE",
    callback=choose_language,
    expose_value=False,
    is_eager=True,
    shell_complete=lambda ctx, param, typed: offer(available(), typed),
    help="Language of the messages: {languages} (default: env SCOREKEEPER_LANG, then the locale).",
    help_fields={"languages": lambda: either(available())},
)
@option(
    "--db",
    metavar="DIR",
    envvar="SCOREKEEPER_DB",
    shell_complete=complete_directory,
    help="The store directory (default: your data directory; env SCOREKEEPER_DB).",
)
@option(
    "--lock-timeout",
    type=Seconds(600),
    default=5.0,
    envvar="SCOREKEEPER_LOCK_TIMEOUT",
    show_default=True,
    help="Seconds to wait for another scorekeeper writing to the store.",
)
@option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=show_version,
    help="Show the version and exit.",
)
@click.pass_context
def cli(ctx: click.Context, db: str | None, lock_timeout: float) -> None:
    """The scoresheet for Hollywood Gin played with real cards.

    After each hand, type who knocked and the deadwood (or gin, or a wall); scorekeeper
    scores it, routes it into the three Hollywood games, settles ended games and says who
    deals next.

    \b
    Example:
      scorekeeper new Alexandra Bob
      scorekeeper knock bob 5 15
      scorekeeper show
    """
    if db == "":
        raise BadInput(
            _("--db needs a directory, e.g. --db ~/gin-scores (it is created if missing).")
        )
    global opened
    ctx.obj = opened = Store(expand(db) if db else default_store(), lock_timeout=lock_timeout)


opened: Store | None = None
"""The store of the command being run (the console script asks it, once the command is over,
whether a change was made)."""
