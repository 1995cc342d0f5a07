"""The ``scorekeeper`` command line (CLI.md): one thin click command per action.

The rules live in :mod:`scorekeeper.engine`, the facts in :mod:`scorekeeper.store`; this module
parses what a person typed, calls them, and prints. Errors from below are translated into
``Error: ...`` lines in one place (:class:`ScorekeeperGroup`): exit 2 for bad input, exit 1 for
the state of the match or the store.
"""

from __future__ import annotations

import inspect
import json
import os
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Mapping, Sequence, TypeVar

import click

from scorekeeper import __version__
from scorekeeper.engine import (
    MAX_DEADWOOD, Entry, Hand, InvalidHand, Kind, MatchFinished, Scoresheet, classify,
    endings, fold, knock_limit, pairings, team_name)
from scorekeeper.i18n import N_, _, available, ngettext, set_language
from scorekeeper.messages import (
    arrangement, match_title, plain, report, round_line, said_of_new_hand)
from scorekeeper.rules import PRESETS, DealerRule, RuleError, Shutout, option_name, preset
from scorekeeper.store import (
    Match, Store, StoreError, check_description, check_names)


class Problem(click.ClickException):
    """An ``Error:`` line for a person, with anything a terminal would take as an instruction
    (an escape sequence in a path, say) shown escaped."""

    def format_message(self) -> str:
        return "".join(char if char.isprintable() or char == "\n" else repr(char)[1:-1]
                       for char in self.message)

    def show(self, file: Any = None) -> None:
        click.echo(_("Error: {message}").format(message=self.format_message()), err=True)


class BadInput(Problem):
    """Something typed is wrong (exit 2)."""

    exit_code = 2


class StateProblem(Problem):
    """The match or the store does not allow it (exit 1)."""

    exit_code = 1


@contextmanager
def help_in_language(thing: click.Command | Option) -> Iterator[None]:
    """``thing.help`` in the chosen language while the body runs.

    click builds the commands when this module is imported, before ``--lang`` is read, so their
    help (a command's docstring, an option's ``help=``) is kept in English and translated only
    when it is shown. The catalogue has it the way ``inspect.cleandoc`` writes it
    (``scorekeeper/locale/update.py`` extracts it so)."""
    english = thing.help
    if english:
        shown = _(inspect.cleandoc(english))
        fields = getattr(thing, "help_fields", None)
        thing.help = shown.format(**fields) if fields else shown
    try:
        yield
    finally:
        thing.help = english


class Command(click.Command):
    """A command whose help, and short help in its group's list, is shown in the language."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with help_in_language(self):
            super().format_help_text(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        with help_in_language(self):
            return super().get_short_help_str(limit)


class Option(click.Option):
    """An option whose help is shown in the language. ``help_fields`` fill the ``{...}`` fields
    of a help text that names things known only at run time."""

    def __init__(self, *args: Any, help_fields: dict[str, str] | None = None,
                 **attrs: Any) -> None:
        super().__init__(*args, **attrs)
        self.help_fields = help_fields or {}

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        with help_in_language(self):
            return super().get_help_record(ctx)


def option(*param_decls: str, **attrs: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``click.option``, its help shown in the language."""
    return click.option(*param_decls, cls=Option, **attrs)


class ScorekeeperGroup(Command, click.Group):
    """Translates the library's errors into ``Error:`` lines with the contract's exit codes; its
    commands and groups show their help in the language."""

    command_class = Command
    group_class = type

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (StoreError, MatchFinished) as error:
            raise StateProblem(str(error)) from None
        except OSError as error:  # the store's folder itself cannot be read
            if error.filename is None:  # not a file: a closed pipe, say
                raise
            raise StateProblem(_("Cannot use {path}: {reason}. Check that the store's folder "
                                 "exists and may be read.").format(
                path=error.filename, reason=error.strerror)) from None
        except (InvalidHand, RuleError) as error:
            raise BadInput(str(error)) from None


def default_store() -> str:
    """The store in the user's data directory (e.g. ~/.local/share/scorekeeper on Linux)."""
    import platformdirs

    return platformdirs.user_data_dir("scorekeeper", appauthor=False)


def choose_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """``--lang``: every message from here on in that language (before any is produced)."""
    if value is None:
        return
    if value.lower() not in available():
        raise BadInput(_("There are no messages in {code!r}; the languages are {languages}.")
                       .format(code=value, languages=", ".join(available())))
    set_language(value.lower())


@click.group(cls=ScorekeeperGroup, context_settings={"help_option_names": ["-h", "--help"]})
@option("--lang", metavar="CODE", callback=choose_language, expose_value=False,
        is_eager=True, help="Language of the messages: de, nl or en (default: env "
        "SCOREKEEPER_LANG, then the locale).")
@option("--db", metavar="DIR", envvar="SCOREKEEPER_DB",
        help="The store directory (default: your data directory; env SCOREKEEPER_DB).")
@option("--lock-timeout", type=click.FloatRange(0), default=5.0,
        envvar="SCOREKEEPER_LOCK_TIMEOUT", show_default=True,
        help="Seconds to wait for another scorekeeper writing to the store.")
@click.version_option(__version__, "--version", prog_name="scorekeeper")
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
    ctx.obj = Store(db or default_store(), lock_timeout=lock_timeout)


def main() -> None:
    """The console script."""
    cli(prog_name="scorekeeper")


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
            _("There is no current match. Start one with 'scorekeeper new PLAYER1 PLAYER2', "
              "or choose one with 'scorekeeper use MATCH' ('scorekeeper matches' lists them)."))
    return current


T = TypeVar("T")

NOT_A_PLAYER = N_("{typed!r} is not a player of this match: name {options}.")


def one_of(meanings: Mapping[str, T], typed: str, unknown: str,
           shown: Sequence[str] | None = None) -> T:
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
        raise BadInput(_("{typed!r} could be {a} or {b}; type more of it.")
                       .format(typed=typed, a=found[0], b=found[1]))
    raise BadInput(_(unknown).format(typed=typed, options=either(
        list(shown if shown is not None else meanings))))


def named(names: Sequence[str], typed: str, unknown: str) -> str:
    """The name typed, by a beginning that leaves no doubt (see :func:`one_of`)."""
    return one_of({name: name for name in names}, typed, unknown)


def either(choices: Sequence[str]) -> str:
    """``a, b or c`` (``a`` alone, or ``-`` for none)."""
    if len(choices) < 2:
        return "".join(choices) or "-"
    return _("{some} or {last}").format(some=", ".join(choices[:-1]), last=choices[-1])


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

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        try:
            return one_of(self.meanings, str(value), self.unknown, self.shown)
        except BadInput as error:
            self.fail(error.message, param, ctx)


def confirm(question: str) -> bool:
    """A yes or no, answered in the language or in English (Enter: yes)."""
    return bool(click.prompt(
        f"{question} [{_('Y/n')}]", default=_("yes"), show_default=False,
        type=Words({_("yes"): True, _("no"): False, "yes": True, "no": False},
                   N_("{typed!r} is neither yes nor no; answer {options}."), shown=2)))


class Count(click.ParamType):  # type: ignore[type-arg]
    """A whole number from 0 to ``most``, refused with a message saying what it counts."""

    name = "number"

    def __init__(self, what: str, most: int = MAX_DEADWOOD) -> None:
        self.what, self.most = what, most

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        try:
            number = int(str(value).strip())
        except ValueError:
            self.fail(_("{value!r} is not a number: {what} is a whole number from 0 to "
                        "{most}.").format(value=value, what=_(self.what), most=self.most),
                      param, ctx)
        if not 0 <= number <= self.most:
            self.fail(_("{what} must be from 0 to {most}, not {value}.").format(
                what=_(self.what), most=self.most, value=number), param, ctx)
        return number


#: Lets a negative number reach its argument's check instead of being read as an option.
NUMBERS = {"ignore_unknown_options": True}


def match_argument(function: Callable[..., Any]) -> Callable[..., Any]:
    return click.argument("match", type=int, required=False)(function)


def match_option(function: Callable[..., Any]) -> Callable[..., Any]:
    return option("--match", "-m", "match", type=int, metavar="MATCH",
                  help="The match to record in (default: the current match).")(function)


# Recording hands


def deadwood(name: str, what: str, required: bool = True) -> Decorator:
    return click.argument(name, type=Count(what), metavar=name.upper(), required=required)


def compose(*decorators: Decorator) -> Decorator:
    """One decorator applying several, the first listed outermost (as if stacked)."""
    def apply(function: Callable[..., Any]) -> Callable[..., Any]:
        for decorator in reversed(decorators):
            function = decorator(function)
        return function
    return apply


dry_run_option = option(
    "--dry-run", is_flag=True, help="Show what the hand would do, and store nothing.")
upcard_option = option(
    "--upcard", metavar="CARD",
    help="Oklahoma Gin: the card that started the discard pile, e.g. 7h, KS, 10d.")
knock_params = compose(
    click.argument("player"), deadwood("knocker_deadwood", N_("the knocker's deadwood"), False),
    deadwood("opponent_deadwood", N_("the opponent's deadwood"), False),
    option("--undercut", is_flag=True,
           help="Assert that the knock was undercut (refused if the counts say not)."),
    option("--cards", metavar="CARDS",
           help="Instead of the counts: the knocker's 10 (or 11) cards, e.g. "
                      "\"7h 8h 9h 4c 4d 4s ...\"."),
    option("--opponent-cards", metavar="CARDS",
           help="With --cards: the opponent's 10 cards; lay-offs are worked out."),
    upcard_option, dry_run_option,
)
gin_params = compose(
    click.argument("player"), deadwood("opponent_deadwood", N_("the opponent's deadwood")),
    option("--big", is_flag=True, help="Big gin: all 11 cards melded."),
    upcard_option, dry_run_option,
)
wall_params = compose(click.argument("player", required=False), upcard_option, dry_run_option)


HandBuilder = Callable[[Match, "Hand | None"], Hand]
"""Makes the hand typed, for a match and (for ``amend``) the hand it replaces."""


def card(typed: str | None) -> str | None:
    """An up-card as typed (``7h``, ``KS``), written the way the sheet shows it (``7♥``)."""
    if typed is None:
        return None
    from scorekeeper.cards import CardError, parse_card

    try:
        return str(parse_card(typed))
    except CardError as error:
        raise BadInput(str(error)) from None


Counts = tuple[Entry, int, int]
"""What a knock came to: a knock, gin or big gin, and the two deadwood counts."""


def counted(kd: int | None, od: int | None, cards: str | None,
            opponent_cards: str | None) -> Counts:
    """A knock's counts as typed, or worked out (and shown) from both hands' cards."""
    if cards is None and opponent_cards is None:
        if kd is None or od is None:
            raise BadInput(_("Give both deadwood counts, e.g. 'scorekeeper knock ann 3 20', or "
                             "both hands with --cards and --opponent-cards."))
        return Entry.KNOCK, kd, od
    if cards is None or opponent_cards is None or kd is not None or od is not None:
        raise BadInput(_("Give both hands, --cards and --opponent-cards, and no counts: the "
                         "counts are worked out from the cards."))
    from scorekeeper.cards import CardError, parse_cards, showdown

    try:
        knocker = parse_cards(cards)
        if len(knocker) not in (10, 11):
            raise BadInput(_("The knocker's hand has {n} cards: give the 10 kept (or all 11 "
                             "before the discard).").format(n=len(knocker)))
        both = showdown(knocker, parse_cards(opponent_cards, count=10))
    except CardError as error:
        raise BadInput(str(error)) from None
    echo_lines([*arrangement(_("Knocker"), both.knocker),
                *arrangement(_("Opponent"), both.opponent)])
    entry = (Entry.BIG_GIN if both.knocker.big_gin else
             Entry.GIN if both.knocker.deadwood == 0 else Entry.KNOCK)
    return entry, both.knocker.deadwood, both.opponent.deadwood


def knocked(typed: str, counts: Counts, undercut: bool, upcard: str | None) -> HandBuilder:
    entry, kd, od = counts

    def build(match: Match, replacing: Hand | None) -> Hand:
        who = player(match.individuals(), typed)
        if undercut and kd == 0:
            raise BadInput(_("0 v {od} is not an undercut: a knock with 0 deadwood is gin, and "
                             "gin cannot be undercut. Leave out --undercut.").format(od=od))
        if entry is not Entry.KNOCK:
            return Hand.gin(who, od, entry is Entry.BIG_GIN, card(upcard))
        hand = Hand.knock(who, kd, od, card(upcard))
        if undercut and classify(hand) is not Kind.UNDERCUT:
            raise BadInput(_("{kd} v {od} is not an undercut: that needs the opponent's "
                             "deadwood at or below the knocker's. Check the counts, or leave "
                             "out --undercut.").format(kd=kd, od=od))
        return hand
    return build


def ginned(typed: str, od: int, big: bool, upcard: str | None) -> HandBuilder:
    return lambda match, replacing: Hand.gin(player(match.individuals(), typed), od, big,
                                             card(upcard))


def walled(typed: str | None, upcard: str | None) -> HandBuilder:
    """A wall; in Partnership Gin at the table of the player named, else of the hand it
    replaces, else of the one table still to report."""
    def build(match: Match, replacing: Hand | None) -> Hand:
        if match.teams is None:
            if typed is not None:
                raise BadInput(_("A wall names no player (that is for Partnership Gin); "
                                 "leave {typed!r} out.").format(typed=typed))
            return Hand.wall(card(upcard))
        if typed is None and replacing is not None:
            return Hand.wall(card(upcard), replacing.table or replacing.knocker)
        waiting = [t.players[0] for t in match.sheet().pending if t.hand is None]
        if typed is None and not waiting:
            raise BadInput(_("Both tables could have had the wall: name a player at its "
                             "table, e.g. 'scorekeeper wall {name}'.")
                           .format(name=match.teams[0][0]))
        at = player(match.individuals(), typed) if typed is not None else waiting[0]
        return Hand.wall(card(upcard), at)
    return build


def record(store: Store, given: int | None, build: HandBuilder, dry_run: bool = False) -> None:
    """Record a new hand after the last one and report it (with ``dry_run``, only report)."""
    chosen = match_id(store, given)
    with store.writing() as writer:
        match = writer.load(chosen)
        before = open_sheet(match)
        hand = build(match, None)
        sheet = match.sheet([*(stored.hand for stored in match.in_force()), hand])
        if not dry_run:
            writer.add(match, hand)
    say(before, sheet, said_of_new_hand(before, sheet), dry_run)


def open_sheet(match: Match) -> Scoresheet:
    """The match's sheet, refused once the match is over: no hand can follow."""
    sheet = match.sheet()
    if sheet.finished:
        raise StateProblem(_("Match {id} is over, so no hand can be added. Start the next "
                             "series with 'scorekeeper new --rematch', or another match with "
                             "'scorekeeper new'.").format(id=match.id))
    return sheet


def say(before: Scoresheet, after: Scoresheet, said: Sequence[str], dry_run: bool) -> None:
    """Report a change (a dry run says first that nothing was stored)."""
    dry = [_("Dry run: this is what the hand would do; nothing was stored.")] if dry_run else []
    echo_lines([*dry, *report(before, after, *said)])


def echo_lines(lines: Sequence[str]) -> None:
    """Print lines, the loud ``***`` ones in bold where the terminal shows colour."""
    plain = bool(os.environ.get("NO_COLOR"))
    for line in lines:
        loud = line.startswith("***") and not plain
        click.echo(click.style(line, bold=True) if loud else line)


@cli.command(context_settings=NUMBERS)
@knock_params
@match_option
@pass_store
def knock(store: Store, player: str, knocker_deadwood: int | None,
          opponent_deadwood: int | None, undercut: bool, cards: str | None,
          opponent_cards: str | None, upcard: str | None, dry_run: bool,
          match: int | None) -> None:
    """Record a knock: PLAYER knocked with KNOCKER_DEADWOOD against OPPONENT_DEADWOOD.

    The opponent's deadwood is counted after lay-offs. An undercut (the opponent's deadwood
    at or below the knocker's) is worked out from the counts; a knocker's deadwood of 0 is gin.
    Instead of the counts, give both hands' cards and they are worked out, lay-offs included.

    \b
    Example:
      scorekeeper knock bob 6 10
      scorekeeper knock bob --cards "3s 4s 5s 7h 7d 7c 9c 10c jc ah" \\
                            --opponent-cards "6s 2h 2d kh kd qc 8h 8d 5c 4c"
    """
    counts = counted(knocker_deadwood, opponent_deadwood, cards, opponent_cards)
    record(store, match, knocked(player, counts, undercut, upcard), dry_run)


@cli.command(context_settings=NUMBERS)
@gin_params
@match_option
@pass_store
def gin(store: Store, player: str, opponent_deadwood: int, big: bool, upcard: str | None,
        dry_run: bool, match: int | None) -> None:
    """Record gin (or big gin with --big) by PLAYER against OPPONENT_DEADWOOD.

    \b
    Example:
      scorekeeper gin alexandra 23
    """
    record(store, match, ginned(player, opponent_deadwood, big, upcard), dry_run)


@cli.command()
@wall_params
@match_option
@pass_store
def wall(store: Store, player: str | None, upcard: str | None, dry_run: bool,
         match: int | None) -> None:
    """Record a dead hand: nobody knocked before the stock ran out. The same dealer deals again.

    In Partnership Gin, PLAYER is anyone at the table where it happened.

    \b
    Example:
      scorekeeper wall
    """
    record(store, match, walled(player, upcard), dry_run)


@cli.command("record")
@option("--cards", "with_cards", is_flag=True,
        help="Ask for both hands' cards instead of the deadwood counts.")
@match_option
@pass_store
def record_interactively(store: Store, with_cards: bool, match: int | None) -> None:
    """Record a hand by answering questions, one at a time, with the choices shown.

    \b
    Example:
      scorekeeper record
      scorekeeper record --cards
    """
    current = store.load(match_id(store, match))
    sheet = open_sheet(current)
    if current.teams:
        tables = [t.players for t in sheet.pending if t.hand is None] or list(
            pairings(current.teams, len(sheet.rounds)))
        click.echo(_("Deal {number} of match {id}: {a} v {b}, {dealer} dealt; to report: "
                     "{tables}.").format(
            number=len(sheet.rounds) + 1, id=current.id, a=current.players[0],
            b=current.players[1], dealer=sheet.next_dealer,
            tables=_(" and ").join(_("{a} v {b}").format(a=a, b=b) for a, b in tables)))
    else:
        click.echo(_("Hand {number} of match {id}: {a} v {b}, {dealer} dealt.").format(
            number=len(sheet.rounds) + 1, id=current.id, a=current.players[0],
            b=current.players[1], dealer=sheet.next_dealer))
    try:
        hand = ask_hand(current, with_cards)
        preview = current.sheet([*(s.hand for s in current.in_force()), hand])
        echo_lines(said_of_new_hand(sheet, preview))
        confirmed = confirm(_("Record this hand?"))
    except click.Abort:
        click.echo("\n" + _("Stopped: nothing was recorded."), err=True)
        raise SystemExit(1) from None
    if confirmed:
        record(store, current.id, lambda _match, _replacing: hand)
    else:
        click.echo(_("Nothing was recorded."))


def ask_hand(match: Match, with_cards: bool = False) -> Hand:
    """Ask for one hand's outcome, question by question, asking again on an unusable answer.

    Oklahoma Gin asks for the up-card first; Straight Gin offers no knock; Partnership Gin
    asks about the table still to report (or either table)."""
    sheet = match.sheet()
    upcard = None
    limit = match.rules.knock_limit
    if match.rules.oklahoma:
        upcard = click.prompt(_("Up-card that started the discard pile (e.g. 7h, KS)"),
                              type=UpCard())
        from scorekeeper.cards import parse_card

        limit = knock_limit(match.rules, parse_card(upcard))
    english = {Entry.KNOCK: N_("knock"), Entry.GIN: N_("gin"), Entry.WALL: N_("wall"),
               Entry.BIG_GIN: N_("big gin")}
    possible = endings(match.rules, limit)
    words = [_(english[entry]) for entry in possible]
    entry = click.prompt(
        _("How did the hand end? [{options}]").format(options="/".join(words)),
        type=Words({**{_(english[e]): e for e in possible}, **{english[e]: e for e in possible}},
                   N_("{typed!r} is not how a hand ends; answer {options}."),
                   shown=len(possible)))
    tables = [(a, b) for a, b in (
        [t.players for t in sheet.pending if t.hand is None] if sheet.pending else
        pairings(match.teams, len(sheet.rounds)) if match.teams else [match.players])]
    playing = [name for table in tables for name in table]
    if entry is Entry.WALL:
        at = None
        if match.teams and len(tables) == 2:
            at = click.prompt(_("At which table? Name a player there [{options}]").format(
                options="/".join(playing)), type=Words({p: p for p in playing}, NOT_A_PLAYER))
        return walled(at, upcard)(match, None)
    elsewhere = N_("{typed!r} is not at a table still to report; answer {options}.")
    who = click.prompt(
        (_("Who knocked? [{options}]") if entry is Entry.KNOCK else
         _("Who went gin? [{options}]")).format(options="/".join(playing)),
        type=Words({p: p for p in playing}, elsewhere if match.teams else NOT_A_PLAYER))
    other = next(b if who == a else a for a, b in tables if who in (a, b))
    if with_cards:
        while True:
            mine = click.prompt(_("{who}'s cards").format(who=who))
            theirs = click.prompt(_("{other}'s cards").format(other=other))
            try:
                counts = counted(None, None, mine, theirs)
                break
            except BadInput as error:
                click.echo(_("Error: {message}").format(message=error.message), err=True)
        return knocked(who, counts, False, upcard)(match, None)
    kd = 0
    if entry is Entry.KNOCK:
        kd = click.prompt(_("{who}'s deadwood (1-{limit}; 0 if it was gin)").format(
            who=who, limit=limit), type=Count(_("{who}'s deadwood").format(who=who), limit))
    od = click.prompt(
        (_("{other}'s deadwood after lay-offs (0-{most})") if kd else
         _("{other}'s deadwood (0-{most})")).format(other=other, most=MAX_DEADWOOD),
        type=Count(_("{other}'s deadwood").format(other=other)))
    return (knocked(who, (Entry.KNOCK, kd, od), False, upcard) if kd else
            ginned(who, od, entry is Entry.BIG_GIN, upcard))(match, None)


class UpCard(click.ParamType):  # type: ignore[type-arg]
    """A card as people write it, given back the way the sheet shows it (``7h`` -> ``7♥``)."""

    name = "card"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        try:
            return card(str(value)) or ""
        except BadInput as error:
            self.fail(error.message, param, ctx)


# Correcting


@cli.command()
@match_option
@pass_store
def undo(store: Store, match: int | None) -> None:
    """Void the last hand of the match (it stays in the store; 'log --all' shows it).

    \b
    Example:
      scorekeeper undo
    """
    chosen = match_id(store, match)
    with store.writing() as writer:
        current = writer.load(chosen)
        if not current.in_force():
            raise StateProblem(_("Match {id} has no hand to undo.").format(id=current.id))
        before = current.sheet()
        last = writer.void_last(current)
        sheet = current.sheet()
    voided = _("Voided hand {number}: {hand}").format(
        number=len(current.in_force()) + 1, hand=plain(last.hand)) if current.teams else \
        _("Voided {line}").format(line=round_line(before.rounds[-1]))
    echo_lines(report(before, sheet, voided))


@cli.group(cls=ScorekeeperGroup, context_settings=NUMBERS)
@click.argument("number", type=int)
@match_option
@click.pass_context
def amend(ctx: click.Context, number: int, match: int | None) -> None:
    """Replace hand NUMBER with a corrected outcome; every later hand is scored again.

    The replaced hand stays in the store ('log --all' shows it). A correction that would end
    the match before hands already recorded after it is refused.

    \b
    Example:
      scorekeeper amend 3 knock bob 4 22
      scorekeeper amend 5 gin alexandra 31
      scorekeeper amend 2 wall
    """
    ctx.meta["amend"] = (number, match)


def correct(ctx: click.Context, build: HandBuilder, match: int | None,
            dry_run: bool) -> None:
    store: Store = ctx.find_object(Store)  # type: ignore[assignment]
    number, given = ctx.meta["amend"]
    given = match if match is not None else given
    chosen = match_id(store, given)
    with store.writing() as writer:
        current = writer.load(chosen)
        hands = [stored.hand for stored in current.in_force()]
        if not 1 <= number <= len(hands):
            raise BadInput(
                ngettext("There is no hand {number}: match {id} has {count} hand ('scorekeeper "
                         "log' lists it).", "There is no hand {number}: match {id} has {count} "
                         "hands ('scorekeeper log' lists them).", len(hands))
                .format(number=number, id=current.id, count=len(hands)))
        old = hands[number - 1]
        hands[number - 1] = build(current, old)
        if current.teams:  # a table's hand is corrected at the same table
            table = next(t for t in pairings(current.teams, (number - 1) // 2)
                         if (old.table or old.knocker) in t)
            if (hands[number - 1].table or hands[number - 1].knocker) not in table:
                raise BadInput(_("Hand {number} was played at {a} v {b}: name one of them.")
                               .format(number=number, a=table[0], b=table[1]))
        try:
            sheet = current.sheet(hands)
        except MatchFinished as error:
            raise StateProblem(
                _("That correction would end the match with hand {ended}, but {later} more "
                  "hands were recorded after it. Undo those first, or correct it differently.")
                .format(ended=error.number, later=len(hands) - error.entered)) from None
        before = current.sheet()
        if not dry_run:
            writer.replace(current, number, hands[number - 1])
    if current.teams:  # hand numbers count the tables' hands, not the deals
        said = [_("Replaced hand {number}: {old}").format(number=number, old=plain(old)),
                _("     by hand {number}: {new}").format(number=number,
                                                        new=plain(hands[number - 1]))]
    else:
        said = [_("Replaced {old}").format(old=round_line(before.rounds[number - 1])),
                _("     by {new}").format(new=round_line(sheet.rounds[number - 1]))]
    say(before, sheet, said, dry_run)


@amend.command("knock", context_settings=NUMBERS)
@knock_params
@match_option
@click.pass_context
def amend_knock(ctx: click.Context, player: str, knocker_deadwood: int | None,
                opponent_deadwood: int | None, undercut: bool, cards: str | None,
                opponent_cards: str | None, upcard: str | None, dry_run: bool,
                match: int | None) -> None:
    """Correct hand NUMBER to a knock (the counts, or both hands' cards).

    \b
    Example:
      scorekeeper amend 3 knock bob 4 22
    """
    counts = counted(knocker_deadwood, opponent_deadwood, cards, opponent_cards)
    correct(ctx, knocked(player, counts, undercut, upcard), match, dry_run)


@amend.command("gin", context_settings=NUMBERS)
@gin_params
@match_option
@click.pass_context
def amend_gin(ctx: click.Context, player: str, opponent_deadwood: int, big: bool,
              upcard: str | None, dry_run: bool, match: int | None) -> None:
    """Correct hand NUMBER to gin (or big gin with --big).

    \b
    Example:
      scorekeeper amend 5 gin alexandra 31
    """
    correct(ctx, ginned(player, opponent_deadwood, big, upcard), match, dry_run)


@amend.command("wall")
@wall_params
@match_option
@click.pass_context
def amend_wall(ctx: click.Context, player: str | None, upcard: str | None, dry_run: bool,
               match: int | None) -> None:
    """Correct hand NUMBER to a wall (dead hand).

    \b
    Example:
      scorekeeper amend 2 wall
    """
    correct(ctx, walled(player, upcard), match, dry_run)


# Matches


def rule_option(name: str, kind: Any, text: str) -> Decorator:
    return option("--" + name.replace("_", "-"), name, type=kind, default=None, help=text)


rule_options = compose(
    rule_option("target", int, N_("Points that end a game (default 100).")),
    rule_option("columns", int, N_("Games at once: 3, or 2 for learners.")),
    rule_option("gin_bonus", int, N_("Bonus for gin (default 25).")),
    rule_option("big_gin_bonus", int, N_("Bonus for big gin (default 31; 0 turns big gin off).")),
    rule_option("undercut_bonus", int, N_("Bonus for an undercut (default 25).")),
    rule_option("box_bonus", int, N_("Bonus per hand won in a game (default 25).")),
    rule_option("game_bonus", int, N_("Bonus for winning a game (default 100).")),
    rule_option("shutout", click.Choice([s.value for s in Shutout]),
                N_("Reward when the loser scored nothing in a game (default game_bonus).")),
    rule_option("knock_limit", int, N_("Most deadwood to knock with (default 10).")),
    rule_option("next_dealer", click.Choice([d.value for d in DealerRule]),
                N_("Who deals after a won hand (default loser).")),
    option("--end-after-first-game/--play-all-games", "end_after_first_game",
           default=None, help="End the match when the first game ends."),
    option("--oklahoma", is_flag=True, default=None,
           help="Oklahoma Gin: each hand's up-card sets its knock limit; a spade doubles."),
    option("--ace-knocks-one", is_flag=True, default=None,
           help="Oklahoma Gin: with an ace up-card, knocking with 1 is allowed."),
    option("--straight", is_flag=True, default=None,
           help="Straight Gin: no knocking; only gin or a wall ends a hand."),
)


@cli.command()
@click.argument("player1", required=False)
@click.argument("player2", required=False)
@option("--teams", is_flag=True,
        help="Partnership Gin: PLAYER1 and PLAYER2 are teams, written 'Ann & Bob'.")
@option("--rematch", is_flag=True,
        help="The next series: the last match's players and rules, its next dealer.")
@option("--dealer", help="Who deals first (default: chosen at random).")
@option("--preset", "preset_name", default="standard", show_default=True,
        help="Named rule set: {presets}.", help_fields={"presets": ", ".join(PRESETS)})
@option("--description", default="", help="A line to remember the match by.")
@rule_options
@pass_store
def new(store: Store, /, player1: str | None, player2: str | None, teams: bool, rematch: bool,
        dealer: str | None, preset_name: str, description: str, **options: Any) -> None:
    """Start a match between PLAYER1 and PLAYER2 and make it current.

    Options change single rules of the preset; 'scorekeeper rules --presets' lists them.
    With --teams it is Partnership Gin: four players in two teams, two tables at once.
    With --rematch the next series starts: same players, same rules.

    \b
    Example:
      scorekeeper new Alexandra Bob --dealer bob
      scorekeeper new Ann Ben --preset pagat --target 150
      scorekeeper new Ann Ben --oklahoma
      scorekeeper new --teams "Ann & Bob" "Cid & Dee"
      scorekeeper new --rematch
    """
    changed = [name for name, value in options.items() if value is not None]
    if rematch:
        if player1 is not None or teams or changed or preset_name != "standard":
            raise BadInput(_("--rematch plays on with the last match's players and rules; "
                             "leave out the players, --teams, --preset and rule options."))
        last = store.load(match_id(store, None))
        sheet = last.sheet()
        if not sheet.finished:
            raise StateProblem(_("Match {id} is still being played: a new series begins when "
                                 "it ends. Finish it, or start another with 'scorekeeper new "
                                 "PLAYER1 PLAYER2'.").format(id=last.id))
        players, partners, rules = last.players, last.teams, last.rules
        first, said = sheet.next_dealer, _("{dealer} deals first, as the last match said.")
        if partners:
            said = _("{dealer} deal first, as the last match said.")
    else:
        if player1 is None or player2 is None:
            raise BadInput(_("Name both players, e.g. 'scorekeeper new Ann Ben' (or two teams "
                             "with --teams), or play on with 'scorekeeper new --rematch'."))
        partners = (split_team(player1), split_team(player2)) if teams else None
        players = (team_name(partners[0]), team_name(partners[1])) if partners else (
            player1, player2)
        try:
            check_names(partners[0] + partners[1] if partners else players)
        except ValueError as error:
            raise BadInput(str(error)) from None
        rules = preset(preset_name).replace(**{name: options[name] for name in changed})
        if (last_dealer := None if partners else series_dealer(store, players)) is not None:
            first, said = last_dealer, _("{dealer} deals first, as the last match between "
                                         "them said.")
        else:
            import random

            first = random.choice(players)
            said = _("{dealer} deal first (chosen at random).") if partners else _(
                "{dealer} deals first (chosen at random).")
    try:
        check_description(description)
    except ValueError as error:
        raise BadInput(str(error)) from None
    if dealer:
        everyone = players + (partners[0] + partners[1] if partners else ())
        chosen = named(everyone, dealer, N_("{typed!r} is not one of the players: name {options}."))
        first = next(p for p in players if chosen == p or chosen in p.split(" & "))
        said = _("{dealer} deal first.") if partners else _("{dealer} deals first.")
    with store.writing() as writer:
        match = writer.create(players, rules, first, description, teams=partners)
    click.echo(_("Match {id}: {a} v {b}, {preset} rules{changed}.").format(
        id=match.id, a=players[0], b=players[1],
        preset=_("the last match's") if rematch else preset_name.lower(),
        changed=_(" (changed: {names})").format(names=", ".join(
            option_name(name) if options[name] is True else
            _("{option} off").format(option=option_name(name)) if options[name] is False else
            f"{option_name(name)} {options[name]}"
            for name in changed)) if changed else ""))
    click.echo(said.format(dealer=first))
    click.echo(_("After each hand: 'scorekeeper knock', 'gin' or 'wall' (or 'scorekeeper "
                 "record' to be asked)."))


def split_team(text: str) -> tuple[str, str]:
    """``Ann & Bob`` (or ``Ann+Bob``, ``Ann, Bob``) as the team's two names."""
    import re

    names = [name.strip() for name in re.split(r"[&+,]", text)]
    if len(names) != 2 or not all(names):
        raise BadInput(_("{text!r} is not a team of two: write it like 'Ann & Bob'.")
                       .format(text=text))
    return names[0], names[1]


def series_dealer(store: Store, players: tuple[str, str]) -> str | None:
    """Who deals next by the rules, if the current match is a finished one between these two."""
    try:
        current = store.current_id()
        if current is None or not store.has(current):
            return None
        last = store.load(current)
    except StoreError:
        return None
    sheet = last.sheet()
    if not sheet.finished or sorted(map(fold, last.players)) != sorted(map(fold, players)):
        return None
    return next(p for p in players if fold(p) == fold(sheet.next_dealer))


@cli.command("matches")
@pass_store
def list_matches(store: Store) -> None:
    """List every match: id, players, started, hands, status, winner (* marks the current).

    \b
    Example:
      scorekeeper matches
    """
    summaries = store.summaries()
    if not summaries:
        click.echo(_("No matches yet. Start one with 'scorekeeper new PLAYER1 PLAYER2'."))
        return
    current = store.current_id()
    finished, still_open, drawn, versus = _("finished"), _("open"), _("drawn"), _("{a} v {b}")
    rows = [[_("id"), _("players"), _("started"), _("hands"), _("status"), _("winner")]]
    rows += [[("*" if s.id == current else " ") + str(s.id),
              versus.format(a=s.players[0], b=s.players[1]),
              s.started[:16].replace("T", " "), str(s.hands),
              finished if s.finished else still_open,
              s.winner or (drawn if s.finished else "")] for s in summaries]
    line = "  ".join(f"{{:<{max(map(len, column))}}}" for column in zip(*rows))
    click.echo("\n".join(line.format(*row).rstrip() for row in rows))


@cli.command()
@click.argument("match", type=int)
@pass_store
def use(store: Store, match: int) -> None:
    """Make MATCH the current match.

    \b
    Example:
      scorekeeper use 2
    """
    chosen = store.load(match)
    with store.writing() as writer:
        writer.set_current(match)
    click.echo(_("Match {id} ({a} v {b}) is now current.").format(
        id=match, a=chosen.players[0], b=chosen.players[1]))


@cli.command()
@match_argument
@option("--presets", is_flag=True, help="Show only the presets, with their values.")
@pass_store
def rules(store: Store, match: int | None, presets: bool) -> None:
    """Show the rules in force for MATCH (default: the current match) and the presets.

    \b
    Example:
      scorekeeper rules
      scorekeeper rules --presets
    """
    from scorekeeper import render

    if not presets and (match is not None or store.current_id() is not None):
        render.console().print(render.rules(store.load(match_id(store, match))))
    render.console().print(render.presets())


# Reading


def load_sheet(store: Store, given: int | None) -> tuple[Match, Scoresheet]:
    match = store.load(match_id(store, given))
    return match, match.sheet()


@cli.command()
@match_argument
@option("--json", "as_json", is_flag=True, help="Print the sheet as one JSON object.")
@pass_store
def show(store: Store, match: int | None, as_json: bool) -> None:
    """Show the scoresheet of MATCH (default: the current match).

    \b
    Example:
      scorekeeper show
      scorekeeper show 2 --json
    """
    current, sheet = load_sheet(store, match)
    if as_json:
        from scorekeeper.exchange import sheet_json

        click.echo(json.dumps(sheet_json(current.id, sheet), ensure_ascii=False, indent=2))
        return
    from scorekeeper import render

    render.console().print(render.scoresheet(current, sheet))


@cli.command()
@match_argument
@option("--all", "show_all", is_flag=True,
        help="Also show voided and replaced hands, in the order they were entered.")
@pass_store
def log(store: Store, match: int | None, show_all: bool) -> None:
    """List the hands of MATCH: dealer, outcome, points and the games each entered.

    \b
    Example:
      scorekeeper log
      scorekeeper log --all
    """
    from scorekeeper import render

    current, sheet = load_sheet(store, match)
    render.console().print(render.log(current, sheet, show_all))


@cli.command()
@click.argument("player", required=False)
@option("--against", metavar="PLAYER", help="Only the matches against this player.")
@option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@pass_store
def stats(store: Store, player: str | None, against: str | None, as_json: bool) -> None:
    """Figures from every match in the store: for everyone, for PLAYER, or PLAYER against
    another (head to head).

    Matches won, drawn and lost; games and hands won; gins, big gins and undercuts scored and
    suffered; walls; shutouts; average and largest hand; longest run of won hands; net points.

    \b
    Example:
      scorekeeper stats
      scorekeeper stats ann
      scorekeeper stats ann --against ben
    """
    from scorekeeper import render
    from scorekeeper.stats import players_of, summarise

    history = store.history()
    if against and not player:
        raise BadInput(_("--against compares two players: name the first, e.g. "
                         "'scorekeeper stats ann --against ben'."))
    names = players_of(history)
    unknown = N_("{typed!r} has played no match in this store (players: {options}).")
    who = named(names, player, unknown) if player else None
    rival = named(names, against, unknown) if against else None
    if who is not None and who == rival:
        raise BadInput(_("Name two different players to compare."))
    result = summarise(history, who, rival)
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        render.console().print(render.statistics(result))


@cli.command("deadwood")
@click.argument("cards", nargs=-1, required=True)
@option("--onto", metavar="MELDS",
        help="The knocker's melds to lay off onto, separated by '/': \"5s 6s 7s / 9h 9d 9c\".")
@option("--knocker", metavar="CARDS",
        help="The knocker's cards: their best melds are laid off onto.")
def deadwood_command(cards: tuple[str, ...], onto: str | None, knocker: str | None) -> None:
    """Settle the argument: the best melds and least deadwood of CARDS (10 or 11).

    Cards are written rank then suit, in any case: A 2-10 T J Q K and S H D C or ♠ ♥ ♦ ♣.
    With --onto or --knocker, CARDS are the opponent's after a knock, and lay-offs count
    (runs extended at either end and chained, sets completed to four).

    \b
    Example:
      scorekeeper deadwood AS 2s 3S 10h JD qd kc 7♠ 7♥ 7d
      scorekeeper deadwood 8s 9s kh kc qh jc 3h 4h 9d 10c --onto "5s 6s 7s / 2c 2d 2h"
    """
    from scorekeeper import cards as deck

    hand = " ".join(cards)
    try:
        if onto is not None and knocker is not None:
            raise BadInput(_("Give the knocker's melds (--onto) or cards (--knocker), not both."))
        if knocker is not None:
            both = deck.showdown(knocker, hand)
            lines = [*arrangement(_("Knocker"), both.knocker),
                     *arrangement(_("Opponent"), both.opponent)]
        elif onto is not None:
            melds = [part for part in onto.split("/") if part.strip()]
            lines = arrangement(_("Opponent"), deck.deadwood_after_layoffs(hand, melds))
        else:
            lines = arrangement(_("Cards"), deck.best_arrangement(deck.parse_cards(hand)))
    except deck.CardError as error:
        raise BadInput(str(error)) from None
    echo_lines(lines)


# Export and import


@cli.command()
@match_argument
@option("--format", "fmt", type=click.Choice(["csv", "json", "svg", "html"]),
        default="csv", show_default=True,
        help="csv: the sheet for a spreadsheet; json: lossless, for import; svg or html: "
                   "the sheet as it looks in the terminal, to print or send.")
@option("-o", "--output", type=click.Path(dir_okay=False),
        help="Write to this file instead of printing.")
@option("--force", is_flag=True, help="Overwrite the output file if it exists.")
@pass_store
def export(store: Store, match: int | None, fmt: str, output: str | None, force: bool) -> None:
    """Export MATCH (default: the current match) as CSV, JSON, or a picture of the sheet.

    \b
    Example:
      scorekeeper export -o evening.csv
      scorekeeper export --format json -o evening.json
      scorekeeper export --format svg -o evening.svg
    """
    import csv
    import io

    from scorekeeper.exchange import csv_rows, export_json

    current, sheet = load_sheet(store, match)
    if fmt == "json":
        text = export_json(current)
    elif fmt in ("svg", "html"):
        from scorekeeper import render

        text = render.picture(render.scoresheet(current, sheet), fmt,
                              match_title(current.id, sheet))
    else:
        buffer = io.StringIO()
        csv.writer(buffer).writerows(csv_rows(sheet))
        text = buffer.getvalue()
    if output is None:
        click.echo(text, nl=False)
        return
    if os.path.exists(output) and not force:
        raise BadInput(_("{path} already exists; choose another file, or add --force to "
                         "overwrite it.").format(path=output))
    try:
        with open(output, "w", encoding="utf-8", newline="") as file:
            file.write(text)
    except OSError as error:
        raise StateProblem(_("Cannot write {path}: {reason}.").format(
            path=output, reason=error.strerror)) from None
    click.echo(_("Wrote match {id} to {path}.").format(id=current.id, path=output), err=True)


@cli.command("import")
@click.argument("path", type=click.Path(dir_okay=False))
@pass_store
def import_(store: Store, path: str) -> None:
    """Import a match written by 'export --format json' as a new match, made current.

    \b
    Example:
      scorekeeper import sample_sessions/01-seed-example.json
    """
    from scorekeeper.exchange import MAX_IMPORT_BYTES, parse_export

    try:
        with open(path, "rb") as file:
            data = file.read(MAX_IMPORT_BYTES + 1)
        parsed = parse_export(data)
    except OSError as error:
        raise BadInput(_("Cannot read {path}: {reason}.").format(
            path=path, reason=error.strerror)) from None
    except (ValueError, TypeError, InvalidHand, MatchFinished, RuleError) as error:
        raise BadInput(_("{path} cannot be imported: {reason}.").format(
            path=path, reason=str(error).rstrip("."))) from None
    with store.writing() as writer:
        match = writer.create(parsed.players, parsed.rules, parsed.first_dealer,
                              parsed.description, parsed.created, parsed.history, parsed.teams)
    sheet = match.sheet()
    click.echo(ngettext("Imported {path} as match {id}: {a} v {b}, {n} hand.",
                        "Imported {path} as match {id}: {a} v {b}, {n} hands.",
                        len(sheet.rounds)).format(
        path=path, id=match.id, a=match.players[0], b=match.players[1], n=len(sheet.rounds)))


@cli.command()
@pass_store
def check(store: Store) -> None:
    """Verify every file of the store without changing anything.

    \b
    Example:
      scorekeeper check
    """
    count, problems = store.verify()
    for problem in problems:
        click.echo(_("Problem: {problem}").format(problem=problem), err=True)
    if problems:
        raise StateProblem(ngettext("{n} problem found in {path}; nothing was changed.",
                                    "{n} problems found in {path}; nothing was changed.",
                                    len(problems)).format(n=len(problems), path=store.root))
    click.echo(ngettext("{path}: {n} match, readable and consistent with the rules.",
                        "{path}: {n} matches, all readable and consistent with the rules.",
                        count).format(path=store.root, n=count))


if __name__ == "__main__":  # pragma: no cover
    main()
