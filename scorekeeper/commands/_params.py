"""The click side of the commands: commands and options whose help is shown in the language,
the group that turns errors into ``Error:`` lines, the parameter types (numbers, counts, words
named by a beginning), and the options several commands share."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import click

from scorekeeper.commands._common import ask
from scorekeeper.commands._completion import complete_match, offer
from scorekeeper.commands._errors import (
    BadInput,
    Interrupted,
    Partly,
    ReaderGoneAfterChange,
    Reported,
    describe,
    metavar_in_language,
    misused,
    translate,
    warn_unconfirmed,
)
from scorekeeper.engine import MAX_DEADWOOD, meant
from scorekeeper.i18n import N_, Quoted, _, either, unwrapped
from scorekeeper.store import Store

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem


@contextmanager
def help_in_language(*things: click.Command | click.Parameter) -> Iterator[None]:
    """The help of each thing (a command's docstring, an option's ``help=``) in the chosen
    language while the body runs.

    click builds a command when its module is imported, which can be before ``--lang`` is read
    (the group itself is built at start-up), so help is kept in English and translated only
    when it is shown. The catalogue has it the way ``inspect.cleandoc`` writes it, each
    paragraph's lines joined (:func:`~scorekeeper.i18n.unwrapped`; ``scorekeeper/locale/extract.py``
    extracts it so), so that however a docstring is wrapped it finds its translation."""
    english = [(thing, getattr(thing, "help", None)) for thing in things]
    for thing, text in english:
        if text:
            shown = _(unwrapped(inspect.cleandoc(text)))
            fields = getattr(thing, "help_fields", None)
            after = getattr(thing, "help_after", None)  # a sentence made when it is shown
            thing.help = (shown.format(**filled(fields)) if fields else shown) + (
                " " + after() if after and after() else ""
            )
    try:
        yield
    finally:
        for thing, text in english:
            if text:
                thing.help = text


#: What fills a field of a help text: a text, or a function that makes it when the help is
#: shown (for what is known only then, in the language of then: the languages there are).
HelpField = str | Callable[[], str]


def filled(fields: Mapping[str, HelpField]) -> dict[str, str]:
    return {name: value() if callable(value) else value for name, value in fields.items()}


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


#: What click's ``--help`` says of itself, in English (click's own message, in the catalogue).
HELP_OPTION_HELP = "Show this message and exit."


#: What a command says to arguments beyond those it takes, from what it was given and the
#: words left over (``gin ben 0 20``: a gin takes one count).
TooMany = Callable[[click.Context, list[str]], str]


class Command(click.Command):
    """A command whose help, and short help in its group's list, is shown in the language (the
    words click writes with it too: ``Usage:``, ``Options``, ``[default: ...]``, the names of
    its arguments), and whose mistyped arguments and options are one ``Error:`` line;
    ``too_many`` says what is wrong with arguments beyond those it takes, in its own words."""

    def __init__(self, *args: Any, too_many: TooMany | None = None, **attrs: Any) -> None:
        super().__init__(*args, **attrs)
        self.too_many = too_many

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

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """click's reading, but where unknown options are let through for a negative number to
        reach its argument's check (:data:`NUMBERS`), a mistyped long option is still refused
        as an option, with the one meant (not taken for an extra argument); words left over
        are told of as the command's ``too_many`` says, where it says."""
        if ctx.ignore_unknown_options and not isinstance(self, click.Group):  # not its own
            known = [
                name for param in self.get_params(ctx) for name in param.opts + param.secondary_opts
            ]
            for arg in args:
                if arg == "--":
                    break
                name = arg.split("=", 1)[0]
                if name.startswith("--") and name not in known:
                    import difflib

                    close = difflib.get_close_matches(name, known, n=1)
                    raise click.NoSuchOption(name, possibilities=close, ctx=ctx)
        if self.too_many is None or ctx.allow_extra_args or ctx.resilient_parsing:
            return super().parse_args(ctx, args)
        ctx.allow_extra_args = True  # the words left over are told of in the command's words
        try:
            extra = super().parse_args(ctx, args)
        finally:
            ctx.allow_extra_args = False
        if extra:
            raise BadInput(self.too_many(ctx, extra))
        return extra

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The help page, this command's and each option's help (click's own ``--help`` and
        ``--version`` included) in the language, wrapped between words only: an option named
        in a help text (``--end-after-first-game``) is never split at its hyphens."""
        from click import _textwrap  # only help pages wrap text: not loaded for a hand

        class WholeWords(_textwrap.TextWrapper):
            """click's wrapper, breaking lines between words only, and never within what is
            in quotes (``'scorekeeper rules --presets'``, ``"5s 6s 7s"``): ``wrap_text``
            takes its wrapper from ``click._textwrap`` each time it wraps."""

            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, **{**kwargs, "break_on_hyphens": False})

            def _split(self, text: str) -> list[str]:
                chunks: list[str] = []
                quoted, quote = False, ""
                for chunk in super()._split(text):
                    if quoted:
                        chunks[-1] += chunk
                        quoted = quote not in chunk
                    else:
                        chunks.append(chunk)
                        quote = chunk[:1]
                        quoted = quote in "'\"" and chunk.count(quote) == 1
                return chunks

        with help_in_language(self, *self.get_params(ctx)):
            wrapper = _textwrap.TextWrapper
            _textwrap.TextWrapper = WholeWords  # type: ignore[misc]
            try:
                super().format_help(ctx, formatter)
            finally:
                _textwrap.TextWrapper = wrapper  # type: ignore[misc]

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        """click's ``--help``, its help in the language of now: click writes it in the language
        of the moment it first builds the option, and keeps the option for later commands of
        the same process."""
        found = super().get_help_option(ctx)
        if found is not None:
            found.help = _(HELP_OPTION_HELP)
        return found

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
    run time (a function of none is called when the help is shown); ``help_after`` makes a
    sentence said after the help (in the language then)."""

    def __init__(
        self,
        *args: Any,
        help_fields: Mapping[str, HelpField] | None = None,
        help_after: Callable[[], str] | None = None,
        **attrs: Any,
    ) -> None:
        super().__init__(*args, **attrs)
        self.help_fields = help_fields or {}
        self.help_after = help_after

    def make_metavar(self, *args: Any, **kwargs: Any) -> str:  # click 8.1 passes no context
        return metavar_in_language(super().make_metavar(*args, **kwargs))


class Given(click.Argument):
    """A group's argument that the commands under it show as it was typed in their command
    path (``scorekeeper amend 3 knock``, not ``amend NUMBER knock``), so that a hint naming
    the path can be pasted and run."""

    def get_usage_pieces(self, ctx: click.Context) -> list[str]:
        above = ctx.parent
        if above is not None and ctx.info_name in getattr(above.command, "numberless", ()):
            return []  # a command of the group that takes no number (``amend rules``)
        given = above.params.get(self.name or "") if above is not None else None
        if above is not None and self in above.command.params and given is not None:
            return [str(given)]
        return super().get_usage_pieces(ctx)


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
            if store is not None and store.committed and isinstance(error, BrokenPipeError):
                raise ReaderGoneAfterChange("") from None
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
    found = meant(meanings, typed)
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
        ask(
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
                _("{value!r} is not a whole number: {what} is from 0 to {most}.").format(
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


pass_store = click.pass_obj


Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


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


#: ``--match MATCH`` of the commands that record a hand.
match_option = match_option_saying(N_("The match to record in (default: the current match)."))

#: ``--match MATCH`` of the commands that correct what was recorded (undo, amend, rename).
match_to_correct = match_option_saying(N_("The match to correct (default: the current match)."))


def compose(*decorators: Decorator) -> Decorator:
    """One decorator applying several, the first listed outermost (as if stacked)."""

    def apply(function: Callable[..., Any]) -> Callable[..., Any]:
        for decorator in reversed(decorators):
            function = decorator(function)
        return function

    return apply
