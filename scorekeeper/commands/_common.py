"""What the commands share: the ``Error:`` lines and their exit codes, commands and options
whose help is shown in the language, the parameter types, and finding the match and the player
a person means.

Errors from below are translated into ``Error: ...`` lines in one place
(:class:`ScorekeeperGroup`): exit 2 for bad input, exit 1 for the state of the match or the
store, and exit 0 with an ``Error:`` line when the change was made but its report could not be
shown.
"""

from __future__ import annotations

import inspect
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import click

from scorekeeper.engine import MAX_DEADWOOD, InvalidHand, MatchFinished, Scoresheet, Why, fold
from scorekeeper.i18n import N_, Quoted, _, either, ngettext, together
from scorekeeper.match import Match
from scorekeeper.rules import RuleError, option_name
from scorekeeper.store import Store, StoreError

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from scorekeeper.store.summaries import Progress


class Problem(click.ClickException):
    """An ``Error:`` line for a person, with anything a terminal would take as an instruction
    (an escape sequence in a path, say) shown escaped."""

    def format_message(self) -> str:
        from scorekeeper.i18n import escape

        return escape(self.message)

    def show(self, file: Any = None) -> None:
        try:
            click.echo(_("Error: {message}").format(message=self.format_message()), err=True)
        except OSError:  # stderr is full or gone: the exit code still says what happened
            pass


class BadInput(Problem):
    """Something typed is wrong (exit 2)."""

    exit_code = 2


class StateProblem(Problem):
    """The match or the store does not allow it (exit 1)."""

    exit_code = 1


@contextmanager
def help_in_language(*things: click.Command | click.Parameter) -> Iterator[None]:
    """The help of each thing (a command's docstring, an option's ``help=``) in the chosen
    language while the body runs.

    click builds a command when its module is imported, which can be before ``--lang`` is read
    (the group itself is built at start-up), so help is kept in English and translated only
    when it is shown. The catalogue has it the way ``inspect.cleandoc`` writes it
    (``scorekeeper/locale/extract.py`` extracts it so)."""
    english = [(thing, getattr(thing, "help", None)) for thing in things]
    for thing, text in english:
        if text:
            shown = _(inspect.cleandoc(text))
            fields = getattr(thing, "help_fields", None)
            thing.help = shown.format(**fields) if fields else shown
    try:
        yield
    finally:
        for thing, text in english:
            if text:
                thing.help = text


#: A word of a metavar: ``PLAYER``, ``KNOCKER_DEADWOOD``, ``OPTIONS`` in ``[OPTIONS]``.
METAVAR_WORD = re.compile(r"[A-Z][A-Z0-9_]*")


def metavar_in_language(text: str) -> str:
    """What click writes for a parameter (``PLAYER``, ``[MATCH]``, ``CARDS...``, ``[OPTIONS]``,
    ``COMMAND [ARGS]...``) with each word in capitals in the chosen language; the brackets and
    dots, and the choices in small letters (``[csv|json]``, typed as they are), stay.

    >>> metavar_in_language("[PLAYER1]"), metavar_in_language("[csv|json]")
    ('[PLAYER1]', '[csv|json]')
    """
    return METAVAR_WORD.sub(lambda word: _(word.group()), text)


#: click >= 8.2 raises this to show a group's help when it is given no command: not an error.
NO_ARGUMENTS: type[click.UsageError] | tuple[()] = getattr(
    click.exceptions, "NoArgsIsHelpError", ()
)


def misused(error: click.UsageError, at: click.Context | None = None) -> click.ClickException:
    """What click refused in a command line, as one ``Error:`` line with the command's usage
    (a group given no command still shows its help); ``at`` is the context of the command
    being read, for an error click raised before it had one (an option missing its value)."""
    if isinstance(error, NO_ARGUMENTS):
        return error
    if isinstance(error, click.BadParameter) and error.param is not None:  # as its help names it
        hint = metavar_in_language(error.param.get_error_hint(error.ctx))
        error.param_hint = error.param_hint or hint
    ctx, problem = error.ctx or at, error.format_message()
    return BadInput(
        _("{problem} {usage} ('{command} --help' says more)").format(
            problem=problem if problem.endswith((".", "?", "!")) else problem + ".",
            usage=" ".join(ctx.get_usage().split()) if ctx else "",
            command=ctx.command_path if ctx else "scorekeeper",
        )
    )


def whole_number(text: str) -> int | None:
    """The whole number typed with the digits 0 to 9 (a minus in front allowed), else None:
    ``int`` would also take other scripts' digits, ``_`` and ``+``.

    >>> whole_number(" 12 "), whole_number("-3"), whole_number("١٢"), whole_number("1_000")
    (12, -3, None, None)
    """
    text = text.strip()
    digits = text[1:] if text[:1] == "-" else text
    return int(text) if digits.isascii() and digits.isdigit() else None


class Number(click.ParamType):  # type: ignore[type-arg]
    """A whole number typed with the digits 0 to 9."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        number = value if type(value) is int else whole_number(str(value))
        if number is None:
            self.fail(
                _(
                    "{value!r} is not a whole number; type it with the digits 0 to 9, e.g. 12."
                ).format(value=value),
                param,
                ctx,
            )
        return number


NUMBER = Number()


class Seconds(click.ParamType):  # type: ignore[type-arg]
    """A number of seconds from 0 to ``most``, typed with the digits 0 to 9 and a point."""

    name = "seconds"

    def __init__(self, most: float) -> None:
        self.most = most

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> float:
        if isinstance(value, float):
            return value
        text = str(value).strip()
        whole, _point, part = text.partition(".")
        if (
            not (whole + part).isascii()
            or not (whole + part).isdigit()
            or not 0 <= float(text) <= self.most
        ):
            self.fail(
                _("{value!r} is not a number of seconds from 0 to {most:g}, e.g. 2.5.").format(
                    value=value, most=self.most
                ),
                param,
                ctx,
            )
        return float(text)


class Command(click.Command):
    """A command whose help, and short help in its group's list, is shown in the language (the
    words click writes with it too: ``Usage:``, ``Options``, ``[default: ...]``, the names of
    its arguments), and whose mistyped arguments and options are one ``Error:`` line."""

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as error:
            raise misused(error, click.Context(self, info_name=info_name, parent=parent)) from None

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The help page, this command's and each option's help (click's own ``--help`` and
        ``--version`` included) in the language."""
        with help_in_language(self, *self.get_params(ctx)):
            super().format_help(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        with help_in_language(self):
            return super().get_short_help_str(limit)

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        with ExitStack() as stack:  # the options' help, which zsh and fish show beside them
            for param in self.params:
                if isinstance(param, click.Option):
                    stack.enter_context(help_in_language(param))
            return super().shell_complete(ctx, incomplete)

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        """The usage line after the command's name: ``[OPTIONS] PLAYER``, in the language."""
        return [metavar_in_language(piece) for piece in super().collect_usage_pieces(ctx)]


class Option(click.Option):
    """An option whose metavar is shown in the language (its help is, by :class:`Command`).
    ``help_fields`` fill the ``{...}`` fields of a help text that names things known only at
    run time."""

    def __init__(self, *args: Any, help_fields: dict[str, str] | None = None, **attrs: Any) -> None:
        super().__init__(*args, **attrs)
        self.help_fields = help_fields or {}

    def make_metavar(self, *args: Any, **kwargs: Any) -> str:  # click 8.1 passes no context
        return metavar_in_language(super().make_metavar(*args, **kwargs))


def option(*param_decls: str, **attrs: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``click.option``, its help shown in the language."""
    return click.option(*param_decls, cls=Option, **attrs)


def command(name: str | None = None, **settings: Any) -> Callable[[Callable[..., Any]], Command]:
    """A command of ``scorekeeper`` (listed in :data:`COMMANDS`), its help in the language."""
    return click.command(name, cls=Command, **settings)


class ScorekeeperGroup(Command, click.Group):
    """Translates the library's errors into ``Error:`` lines with the contract's exit codes; its
    commands and groups show their help in the language."""

    command_class = Command
    group_class = type

    def invoke(self, ctx: click.Context) -> Any:
        try:
            result = super().invoke(ctx)
        except (click.exceptions.Exit, click.Abort, Reported, Partly):
            raise
        except KeyboardInterrupt:  # Ctrl-C: the change stands if it was made, else none was
            store = ctx.find_object(Store)
            if store is not None and store.committed:
                raise Reported(
                    _(
                        "Interrupted after the change was saved; 'scorekeeper show' shows where "
                        "the match stands."
                    )
                ) from None
            raise Interrupted(_("Interrupted: nothing was changed.")) from None
        except Exception as error:
            store = ctx.find_object(Store)
            if store is not None and store.committed:  # the change stands: say so, exit 0
                raise Reported(
                    _(
                        "The change was saved, but its report could not be shown "
                        "({reason}); 'scorekeeper show' shows where the match "
                        "stands."
                    ).format(reason=describe(error))
                ) from None
            translated = translate(error)
            if translated is error:
                raise
            raise translated from None
        warn_unconfirmed(ctx.find_object(Store))
        return result


class Interrupted(Problem):
    """Ctrl-C before anything was changed (exit 130, as a shell reports SIGINT)."""

    exit_code = 130


class ReaderGone(Problem):
    """The output's reader went away before anything was changed (``show | head``): as other
    command-line tools do, end without a word (exit 1)."""

    def show(self, file: Any = None) -> None:
        pass


class Reported(Problem):
    """The change was made and is on disk; only its report could not be written (exit 0: the
    exit status says whether the store changed)."""

    exit_code = 0


class Partly(StateProblem):
    """A command that makes one change after another (an import of several files, ``resolve``)
    made some and not the rest (exit 1): the message says which were made and which not."""


def describe(error: BaseException) -> str:
    """An error in a few words, for a person."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    if isinstance(error, UnicodeEncodeError):
        return _("the output's encoding ({encoding}) cannot show {text!r}").format(
            encoding=error.encoding, text=error.object[error.start : error.end]
        )
    return str(error) or type(error).__name__


def translate(error: Exception) -> Exception:
    """The ``Error:`` line (with its exit code) for an error from below; anything else is
    returned as it is (a bug, to end in a traceback)."""
    if isinstance(error, MatchFinished):
        return StateProblem(
            _("{problem} Start a new match with 'scorekeeper new'.").format(problem=error)
        )
    if isinstance(error, StoreError):
        return StateProblem(str(error))
    if isinstance(error, RuleError):  # the rules named as the command line spells them
        return BadInput(error.say(option_name))
    if isinstance(error, InvalidHand):
        said = " ".join([str(error), *advice(error)])
        return StateProblem(said) if error.why is Why.RESEATED else BadInput(said)
    if isinstance(error, click.UsageError):  # a command name mistyped
        return misused(error)
    if isinstance(error, UnicodeEncodeError):
        return StateProblem(
            _("{problem}; use a UTF-8 terminal, or set PYTHONIOENCODING=utf-8.").format(
                problem=describe(error)
            )
        )
    if isinstance(error, BrokenPipeError):
        return ReaderGone("")
    if isinstance(error, OSError) and error.filename is not None:  # the store's folder
        return StateProblem(
            _(
                "Cannot use {path}: {reason}. Check that the store's folder exists and may be read."
            ).format(path=error.filename, reason=error.strerror)
        )
    if isinstance(error, OSError):  # not a file: the output, say
        return StateProblem(
            _("The output could not be written: {reason}.").format(reason=describe(error))
        )
    return error


#: What to do about an impossible hand, by what is wrong with it (the engine says what).
ADVICE = {
    Why.STRAIGHT: N_("Record it with 'gin' or 'wall'."),
    Why.NO_BIG_GIN: N_("Record it as a gin."),
    Why.UPCARD: N_("Give it with --upcard, e.g. --upcard 7h."),
    Why.NOT_OKLAHOMA: N_("Leave the up-card out."),
    Why.OTHER_TABLE: N_("Name one of them."),
    Why.RESEATED: N_("Undo the hands after hand {number} first, or correct it differently."),
}


def advice(error: InvalidHand) -> list[str]:
    """What a person can do about an impossible hand: what to enter instead."""
    said = [_(ADVICE[error.why]).format(**error.fields)] if error.why in ADVICE else []
    if error.why is Why.OVER_LIMIT and error.fields["limit"] == 1:
        said.append(_("Enter 1, or 0 for gin."))
    elif error.why is Why.OVER_LIMIT and error.fields["limit"] > 1:
        said.append(
            _("Enter the knocker's deadwood from 1 to {limit}, or 0 for gin.").format(
                limit=error.fields["limit"]
            )
        )
    if error.swapped:
        said.append(
            _("The knocker's count comes first: did you mean {kd} {od}?").format(
                kd=error.swapped[0], od=error.swapped[1]
            )
        )
    return said


def as_problem(error: Exception) -> Problem | None:
    """The ``Error:`` line an error is for a person (see :func:`translate`), or None for a
    bug."""
    found = error if isinstance(error, Problem) else translate(error)
    return found if isinstance(found, Problem) else None


def warn_unconfirmed(store: Store | None) -> None:
    """Say which changed files the disk did not confirm (the change is made all the same)."""
    for path in store.unconfirmed if store is not None else ():
        click.echo(
            _(
                "Warning: {path} was changed, but the disk did not confirm that its folder "
                "was written; the change is made, but may not outlast a power cut. Check "
                "the disk."
            ).format(path=path),
            err=True,
        )


pass_store = click.pass_obj
Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


# Finding matches and players


def match_id(store: Store, given: int | None) -> int:
    """The match a command acts on: the one given, else the current one."""
    if given is not None:
        return given
    current = store.current_id()
    if current is None or not store.has(current):
        raise StateProblem(
            _(
                "There is no current match. Start one with 'scorekeeper new PLAYER1 PLAYER2', "
                "or choose one with 'scorekeeper use MATCH' ('scorekeeper matches' lists them)."
            )
        )
    return current


T = TypeVar("T")

NOT_A_PLAYER = N_("{typed!r} is not a player of this match: name {options}.")


def one_of(
    meanings: Mapping[str, T], typed: str, unknown: str, shown: Sequence[str] | None = None
) -> T:
    """What the word typed means: the word named by a beginning that leaves no doubt, case and
    accents aside (an exact word wins; words meaning the same thing never conflict).

    ``unknown`` says what is wrong when nothing matches (with ``{typed}`` and ``{options}``,
    the ``shown`` words, by default all of them).
    """
    folded = fold(typed.strip())
    exact = [word for word in meanings if fold(word) == folded]
    found = exact or ([w for w in meanings if fold(w).startswith(folded)] if folded else [])
    if found and len({repr(meanings[word]) for word in found}) == 1:
        return meanings[found[0]]
    if found:
        raise BadInput(
            _("{typed!r} could be {a} or {b}; type more of it.").format(
                typed=Quoted(typed), a=found[0], b=found[1]
            )
        )
    raise BadInput(
        _(unknown).format(
            typed=Quoted(typed), options=either(list(shown if shown is not None else meanings))
        )
    )


def named(names: Sequence[str], typed: str, unknown: str) -> str:
    """The name typed, by a beginning that leaves no doubt (see :func:`one_of`)."""
    return one_of({name: name for name in names}, typed, unknown)


def player(players: Sequence[str], typed: str) -> str:
    """The player named by a unique beginning of the name."""
    return named(players, typed, NOT_A_PLAYER)


class Words(click.ParamType):  # type: ignore[type-arg]
    """An answer from a few words (names; or words in the language and in English), by any
    beginning that leaves no doubt about what it means, case and accents aside."""

    name = "answer"

    def __init__(self, meanings: dict[str, Any], unknown: str, shown: int | None = None) -> None:
        self.meanings, self.unknown = meanings, unknown
        self.shown = list(dict.fromkeys(meanings))[:shown]
        """The words offered in a refusal: the first ``shown``, those in the language."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return one_of(self.meanings, str(value), self.unknown, self.shown)
        except BadInput as error:
            self.fail(error.message, param, ctx)

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[CompletionItem]:
        return offer(self.shown, incomplete)


def confirm(question: str, default: bool = True) -> bool:
    """A yes or no, answered in the language or in English (Enter: ``default``)."""
    choices = _("Y/n") if default else _("y/N")
    return bool(
        click.prompt(
            f"{question} [{choices}]",
            default=_("yes") if default else _("no"),
            show_default=False,
            type=Words(
                {_("yes"): True, _("no"): False, "yes": True, "no": False},
                N_("{typed!r} is neither yes nor no; answer {options}."),
                shown=2,
            ),
        )
    )


class Count(click.ParamType):  # type: ignore[type-arg]
    """A whole number from 0 to ``most``, refused with a message saying what it counts."""

    name = "number"

    def __init__(self, what: str, most: int = MAX_DEADWOOD) -> None:
        self.what, self.most = what, most

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        number = whole_number(str(value))
        if number is None:
            self.fail(
                _("{value!r} is not a number: {what} is a whole number from 0 to {most}.").format(
                    value=value, what=_(self.what), most=self.most
                ),
                param,
                ctx,
            )
        if not 0 <= number <= self.most:
            self.fail(
                _("{what} must be from 0 to {most}, not {value}.").format(
                    what=_(self.what), most=self.most, value=number
                ),
                param,
                ctx,
            )
        return number


#: Lets a negative number reach its argument's check instead of being read as an option.
NUMBERS = {"ignore_unknown_options": True}


def match_argument(function: Callable[..., Any]) -> Callable[..., Any]:
    return click.argument("match", type=NUMBER, required=False, shell_complete=complete_match)(
        function
    )


def match_option_saying(text: str) -> Decorator:
    """``--match MATCH``, with its help (marked with ``N_``)."""
    return option(
        "--match",
        "-m",
        "match",
        type=NUMBER,
        metavar="MATCH",
        shell_complete=complete_match,
        help=text,
    )


def match_option(function: Callable[..., Any]) -> Callable[..., Any]:
    return match_option_saying(N_("The match to record in (default: the current match)."))(function)


def compose(*decorators: Decorator) -> Decorator:
    """One decorator applying several, the first listed outermost (as if stacked)."""

    def apply(function: Callable[..., Any]) -> Callable[..., Any]:
        for decorator in reversed(decorators):
            function = decorator(function)
        return function

    return apply


def echo_lines(lines: Sequence[str]) -> None:
    """Print lines wrapped between words to the width (none for a file or a pipe without
    ``COLUMNS``), the loud ``***`` ones in bold where the terminal shows colour."""
    from scorekeeper.messages import output_width, wrap

    plain = bool(os.environ.get("NO_COLOR"))
    width = output_width()
    for line in lines:
        loud = line.startswith("***") and not plain
        for part in wrap(line, width):
            click.echo(click.style(part, bold=True) if loud else part)


@contextmanager
def progress_bar() -> Iterator[Progress | None]:
    """A bar on standard error while the summaries of many matches are worked out (when the
    summaries are new on this machine, or of another format); nothing where standard error is
    not a terminal."""
    import sys

    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress as Bar

    with Bar(console=Console(stderr=True), transient=True) as bar:
        task = None

        def advance(done: int, total: int) -> None:
            nonlocal task
            if total < 200:  # quick enough without a bar
                return
            if task is None:
                task = bar.add_task(_("Summing up the matches"), total=total)
            bar.update(task, completed=done)

        yield advance


def warn_of_copies(store: Store) -> None:
    """One ``Warning:`` line on standard error when files beside the match files read as match
    files (a sync tool's conflicted copies, say): ``scorekeeper resolve`` deals with them."""
    copies = store.copies()
    if not copies:
        return
    held = sorted({of for _name, of in copies})
    matches = ngettext("match {ids}", "matches {ids}", len(held)).format(
        ids=together([str(i) for i in held])
    )
    click.echo(
        ngettext(
            "Warning: {n} copy of a match file lies in the store (of {matches}), left by a "
            "sync tool or by hand; 'scorekeeper resolve' deals with it.",
            "Warning: {n} copies of match files lie in the store (of {matches}), left by a "
            "sync tool or by hand; 'scorekeeper resolve' deals with them.",
            len(copies),
        ).format(n=len(copies), matches=matches),
        err=True,
    )


def refuse_if_abandoned(match: Match) -> None:
    """Refuse a hand, or a correction of one, in an abandoned match."""
    if match.abandoned:
        raise StateProblem(
            _(
                "Match {id} was abandoned, so no hand can be recorded or corrected in it. "
                "'scorekeeper undo' takes the abandoning back."
            ).format(id=match.id)
        )


def load_sheet(store: Store, given: int | None) -> tuple[Match, Scoresheet]:
    match = store.load(match_id(store, given))
    return match, match.sheet()


# Completing a command line (the shell's Tab; ``scorekeeper completion`` installs it)
#
# click works out which parameter is being typed without running any command, so these read
# the store the command line names themselves. They only read: never the lock, never a
# write. Whatever goes wrong (no store, a damaged one, no current match) leaves nothing to
# offer: the group ends a completion that fails without a word (``Scorekeeper`` in cli.py).


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
