"""The ``Error:`` lines and their exit codes: exit 2 for bad input, exit 1 for the state of the
match or the store, and exit 0 with an ``Error:`` line when the change was made but its report
could not be shown. Errors from below (the engine's, the rules', the store's, the system's) are
translated here, in one place, and given the advice of what to do about them."""

from __future__ import annotations

import re
from typing import Any

import click

from scorekeeper.engine import InvalidHand, MatchFinished, Why
from scorekeeper.i18n import N_, _, ngettext, system_error
from scorekeeper.messages import plain
from scorekeeper.rules import RuleError, option_name
from scorekeeper.store import MatchMissing, Missing, NotAFolder, Store, StoreError
from scorekeeper.table import (
    CorrectionEndsMatch,
    MatchAbandoned,
    MatchOver,
    Mistyped,
    NoCurrentMatch,
    NoSuchHand,
    NotTheNextHand,
    Refused,
    RulesInTheWay,
)


class Problem(click.ClickException):
    """An ``Error:`` line for a person, with anything a terminal would take as an instruction
    (an escape sequence in a path, say) shown escaped."""

    def format_message(self) -> str:
        from scorekeeper.i18n import escape

        return escape(self.message)

    def show(self, file: Any = None) -> None:
        try:
            tell(_("Error: {message}").format(message=self.format_message()))
        except OSError:  # stderr is full or gone: the exit code still says what happened
            pass


def tell(line: str) -> None:
    """A line on standard error (an error, a warning), wrapped between units to the width of
    a terminal; one line in a file or a pipe."""
    from scorekeeper.wrapping import error_width, wrap

    click.echo("\n".join(wrap(line, error_width())), err=True)


class BadInput(Problem):
    """Something typed is wrong (exit 2)."""

    exit_code = 2


class StateProblem(Problem):
    """The match or the store does not allow it (exit 1)."""

    exit_code = 1


class Interrupted(Problem):
    """Ctrl-C before anything was changed (exit 130, as a shell reports SIGINT)."""

    exit_code = 130


class ReaderGone(Problem):
    """The output's reader went away before anything was changed (``show | head``): as other
    command-line tools do, end without a word (exit 1)."""

    def show(self, file: Any = None) -> None:
        pass


class ReaderGoneAfterChange(ReaderGone):
    """The reader went away after the change was made (``wall | head -1``): the change stands,
    and a closed pipe is no error (exit 0, without a word)."""

    exit_code = 0


class Reported(Problem):
    """The change was made and is on disk; only its report could not be written (exit 0: the
    exit status says whether the store changed)."""

    exit_code = 0


class Partly(StateProblem):
    """A command that makes one change after another (an import of several files, ``resolve``)
    made some and not the rest (exit 1): the message says which were made and which not."""


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


def describe(error: BaseException) -> str:
    """An error in a few words, for a person."""
    if isinstance(error, OSError) and error.strerror:
        return system_error(error)
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
    if isinstance(error, MatchMissing):
        return StateProblem(f"{error} {where_to_look(error)}")
    if isinstance(error, NotAFolder):
        return StateProblem(
            _("{problem} Give --db a folder (it is made if missing).").format(problem=error)
        )
    if isinstance(error, NotTheNextHand) and "next" in error.fields:  # given with --hand
        return StateProblem(not_the_next(error))
    if isinstance(error, Refused):  # a hand number the match does not have is mistyped
        said = " ".join([str(error), *after_refusal(error)])
        return BadInput(said) if isinstance(error, (NoSuchHand, Mistyped)) else StateProblem(said)
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
            ).format(path=error.filename, reason=describe(error))
        )
    if isinstance(error, OSError):  # not a file: the output, say
        return StateProblem(
            _("The output could not be written: {reason}.").format(reason=describe(error))
        )
    return error


def after_refusal(error: Refused) -> list[str]:
    """What a person can type about a refusal of the match's (the use cases say what)."""
    if isinstance(error, NoCurrentMatch):
        said = _(
            "Start one with 'scorekeeper new PLAYER1 PLAYER2', or choose one with "
            "'scorekeeper use MATCH' ('scorekeeper matches' lists them)."
        )
    elif isinstance(error, MatchAbandoned):
        said = _("'scorekeeper undo' takes the abandoning back.")
    elif isinstance(error, MatchOver):
        said = _(
            "Start the next series with 'scorekeeper new --rematch', or another match with "
            "'scorekeeper new'."
        )
    elif isinstance(error, NoSuchHand):
        said = _("'scorekeeper log' lists the hands.")
    elif isinstance(error, CorrectionEndsMatch):
        said = ngettext(
            "Undo it first, or correct it differently.",
            "Undo those first, or correct it differently.",
            error.fields["later"],  # type: ignore[arg-type]
        )
    elif isinstance(error, RulesInTheWay) and error.fields["hand"]:
        said = _(
            "Correct it first ('scorekeeper amend {number} ...'), or change the rules differently."
        ).format(**error.fields)
    else:
        return []
    return [said]


def not_the_next(error: NotTheNextHand) -> str:
    """Why ``--hand N`` refused a hand: N is not the match's next hand (the one stored as
    hand N, if any, named), and where to see the match's hands."""
    fields: dict[str, Any] = dict(error.fields)
    stored = fields.pop("stored")
    if stored is None:
        said = _(
            "Hand {number} is not the next hand of match {id}: the next is hand {next}, so "
            "nothing was stored."
        )
    else:
        said = _(
            "Hand {number} is not the next hand of match {id}: it is already recorded "
            "({hand}) and the next is hand {next}, so nothing was stored."
        )
    hand = "" if stored is None else plain(stored)
    see = _("'scorekeeper log {id}' lists its hands.").format(**fields)
    return " ".join([said.format(hand=hand, **fields), see])


def where_to_look(error: MatchMissing) -> str:
    """Where to look for a match that is not there, by what there is instead (the store says
    what)."""
    if error.missing is Missing.NOT_DELETED:
        return _("'scorekeeper matches --deleted' lists the deleted matches.")
    if error.missing is Missing.DELETED:
        return _("'scorekeeper restore {id}' brings it back.").format(id=error.match_id)
    if error.missing is Missing.ELSEWHERE:
        return ngettext(
            "'scorekeeper matches' lists the one there is.",
            "'scorekeeper matches' lists the {n} there are.",
            error.known,
        ).format(n=error.known)
    return _("Start one with 'scorekeeper new PLAYER1 PLAYER2'.")


#: What to do about an impossible hand, by what is wrong with it (the engine says what).
ADVICE = {
    Why.STRAIGHT: N_("Record it with 'gin' or 'wall'."),
    Why.NO_BIG_GIN: N_("Record it as a gin."),
    Why.UPCARD: N_("Give it with --upcard, e.g. --upcard 7h."),
    Why.NOT_OKLAHOMA: N_("Leave the up-card out."),
    Why.OTHER_TABLE: N_("Name one of them."),
    Why.WALL_TABLE: N_("Name one, e.g. 'scorekeeper wall {name}'."),
    Why.RESEATED: N_("Undo the hands after hand {number} first, or correct it differently."),
    Why.GIN_NO_UNDERCUT: N_("Leave out --undercut."),
    Why.TIE_NO_UNDERCUT: N_("Check the counts, or leave out --undercut."),
    Why.NO_UNDERCUT: N_("Check the counts, or leave out --undercut."),
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
        tell(
            _(
                "Warning: {path} was changed, but the disk did not confirm that its folder "
                "was written; the change is made, but may not outlast a power cut. Check "
                "the disk."
            ).format(path=path)
        )
