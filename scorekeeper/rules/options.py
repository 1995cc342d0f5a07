"""The rule options of a match (docs/rules.md, Options), each declared once.

Each field of :class:`Options` is an option: its name, its type and its default, and (in the
:class:`Option` its type is annotated with) the range it takes, the help ``new`` gives it, its
name and its values' names on the rules table, the variant it belongs to, the rules it goes
with or not, the other values tables play (its sources) and the release it arrived in.
Everything else is derived from these declarations: the checked :class:`Rules`, the refusals of
options that do not go together, the defaults a match file written before an option existed
takes, the options of ``new`` and ``amend rules`` (:mod:`scorekeeper.commands.starting`), the
rules table, completion and the options and presets tables of the docs. Adding an option is its
declaration here, its behaviour in the engine, its translations and its tests.

A match stores the whole :class:`Rules` it was created with, so changing a default later never
changes an old match.
"""

# No ``from __future__ import annotations`` here: the annotations are read at import (their
# metadata is the declaration), and typing.NamedTuple would compile every string annotation.
from enum import Enum
from typing import Annotated, Any, NamedTuple

from scorekeeper.i18n import N_
from scorekeeper.rules.values import (
    BoxesWhen,
    DealerRule,
    DecideBy,
    GinBonusWhen,
    OklahomaLimit,
    Shutout,
    ShutoutWhen,
    Tie,
)

#: The first release: a match file written by it holds every option declared ``since`` it.
FIRST_RELEASE = "0.1.0"


class Option(NamedTuple):
    """What a rule option is, besides its name, type and default."""

    help: str
    """What ``new --help`` says of it (``{default}`` is filled in); marked with ``N_``."""
    label: str
    """Its name on the rules table; marked with ``N_``."""
    low: int | None = None
    high: int | None = None
    """The inclusive range of a whole-number option."""
    flag: str | None = ""
    """How ``new`` and ``amend rules`` take a yes-or-no option, where not ``--name`` to turn it
    on and ``--no-name`` to turn it off (:data:`FLAGS`): ``--a/--b`` the two ways; None: not an
    option of the command line (set by what is played). A variant's own switch (``--oklahoma``)
    only turns it on. A whole-number or named-value option is ``--name VALUE``."""
    variant: str | None = None
    """The variant whose own option it is: it appears in a match's rules only in a match of
    that variant (``oklahoma``: the variant's own switch is declared with it too)."""
    since: str = FIRST_RELEASE
    """The release it arrived in: a match file written before lacks it and takes the default,
    which scores exactly as that match was scored."""
    sources: str = ""
    """The other values tables play, and who plays them so (the rule book's table of options
    shows it, in English, as the rule texts it names are)."""
    needs: tuple[tuple[str, object], ...] = ()
    """The rules it goes with: it may be set away from its default only where each of these
    rules has that value (``(("shutout", Shutout.BONUS),)``); a variant's own option goes with
    its variant besides."""
    not_with: tuple[tuple[str, object], ...] = ()
    """The rules it does not go with: set away from its default, it is refused where any of
    these rules has that value (``("games", 1)``: not in a match of one game)."""
    idle_with: tuple[tuple[str, object], ...] = ()
    """The rules under which it decides nothing, though it may be set so: ``(("knock_limit",
    10),)`` (no up-card is worth more than a knock limit of 10). It is taken, with a warning."""


class Options(NamedTuple):
    """The options a match is played with, as given (:class:`Rules` checks them)."""

    target: Annotated[
        int,
        Option(
            N_("Points that end a game (default {default})."),
            N_("Game target"),
            10,
            1000,
            sources=(
                '75 (a shorter house rule in the "Spielanleitung"), 125 (Bicycle\'s '
                "partnership game), 150 (Scarne; Oklahoma Gin)"
            ),
        ),
    ] = 100
    columns: Annotated[
        int,
        Option(
            N_("Games at once: 3, 2 for learners, 1 for plain Gin Rummy."),
            N_("Columns"),
            1,
            3,
            sources=(
                '2 (learners, in the "Spielanleitung"), 1 (plain Gin Rummy: one running total)'
            ),
        ),
    ] = 3
    gin_bonus: Annotated[
        int,
        Option(
            N_("Bonus for gin (default {default})."),
            N_("Gin bonus"),
            0,
            1000,
            sources='20 (Pagat; the "Hollywood Gin Regeln" name it as an alternative)',
        ),
    ] = 25
    big_gin_bonus: Annotated[
        int,
        Option(
            N_("Bonus for big gin (default {default}; 0 turns big gin off)."),
            N_("Big gin bonus"),
            0,
            1000,
            sources="50; 0 turns big gin off",
        ),
    ] = 31
    undercut_bonus: Annotated[
        int,
        Option(
            N_("Bonus for an undercut (default {default})."),
            N_("Undercut bonus"),
            0,
            1000,
            sources='10 (Pagat, the "Hollywood Gin Regeln"), 15, 20',
        ),
    ] = 25
    tie: Annotated[
        Tie,
        Option(
            N_(
                "A tied knock: an undercut with its bonus or with none, or the knocker's for 0 "
                "(default {default})."
            ),
            N_("A tied knock"),
            since="0.2.0",
            sources=(
                "no_bonus (the early official rules), knocker (rule engines and pages "
                "that undercut only on less)"
            ),
        ),
    ] = Tie.UNDERCUT
    knock_bonus: Annotated[
        int,
        Option(
            N_("Points a won knock scores besides the difference (default {default})."),
            N_("Knock bonus"),
            0,
            100,
            since="0.3.0",
            sources="15 (online rule sets)",
        ),
    ] = 0
    box_bonus: Annotated[
        int,
        Option(
            N_("Bonus per box earned in a game (default {default})."),
            N_("Box bonus"),
            0,
            1000,
            sources='20 (Pagat), 10, 0 (the "Hollywood Gin Regeln" name no box bonus)',
        ),
    ] = 25
    boxes_when: Annotated[
        BoxesWhen,
        Option(
            N_(
                "Boxes count at the game's end, or each hand, in the column and toward the "
                "target (default {default})."
            ),
            N_("Boxes count"),
            since="0.3.0",
            sources='each_hand (the "palace" rule of some tables and rule engines)',
        ),
    ] = BoxesWhen.GAME_END
    gin_boxes: Annotated[
        int,
        Option(
            N_("Boxes a gin earns, 1 to 10 (default {default})."),
            N_("Boxes for a gin"),
            1,
            10,
            since="0.2.0",
            sources="3 (tables that give gin two extra boxes)",
        ),
    ] = 1
    undercut_boxes: Annotated[
        int,
        Option(
            N_("Boxes an undercut earns, 1 to 10 (default {default})."),
            N_("Boxes for an undercut"),
            1,
            10,
            since="0.2.0",
            sources="2 (tables that give an undercut one extra box)",
        ),
    ] = 1
    game_bonus: Annotated[
        int,
        Option(
            N_("Bonus for winning a game (default {default})."),
            N_("Game bonus"),
            0,
            1000,
            sources='0 (the "Hollywood Gin Regeln" name no game bonus)',
        ),
    ] = 100
    gin_bonus_when: Annotated[
        GinBonusWhen,
        Option(
            N_(
                "Gin bonuses go in the column with the hand, or aside until the game is "
                "settled (default {default})."
            ),
            N_("Gin bonus counts"),
            since="0.3.0",
            sources="settlement (as some scorers keep it)",
        ),
    ] = GinBonusWhen.HAND
    shutout: Annotated[
        Shutout,
        Option(
            N_("Reward when the loser scored nothing in a game (default {default})."),
            N_("Shutout reward"),
            sources=(
                "points (Wikipedia), total, bonus (score pads with a shutout bonus of "
                "its own), none"
            ),
        ),
    ] = Shutout.GAME_BONUS
    shutout_bonus: Annotated[
        int,
        Option(
            N_("The shutout's reward in points (default {default})."),
            N_("Shutout bonus"),
            0,
            1000,
            since="0.3.0",
            needs=(("shutout", Shutout.BONUS),),
            sources="any from 0 to 1000 (score pads that set it apart from the game bonus)",
        ),
    ] = 100
    shutout_when: Annotated[
        ShutoutWhen,
        Option(
            N_("The loser is shut out with no points, or with no hand won (default {default})."),
            N_("Shut out when"),
            since="0.2.0",
            sources="no_hands (two public scorers)",
        ),
    ] = ShutoutWhen.NO_POINTS
    games: Annotated[
        int | None,
        Option(
            N_(
                "Games in all, 1 to 12: above the columns, each ended game makes way for the "
                "next (Endless Hollywood; default: the columns)."
            ),
            N_("Games in all"),
            1,
            12,
            since="0.3.0",
            not_with=(("three_handed", True), ("end_after_first_game", True)),
            sources=(
                "more than the columns, up to 12: Endless Hollywood (rolling or "
                "continuous Hollywood)"
            ),
        ),
    ] = None
    last_game_double: Annotated[
        bool,
        Option(
            N_("The match's last game counts double."),
            N_("Last game double"),
            since="0.3.0",
            not_with=(("games", 1),),
            sources="yes (a Hollywood house rule, also played on partnership sheets)",
        ),
    ] = False
    knock_limit: Annotated[
        int,
        Option(N_("Most deadwood to knock with (default {default})."), N_("Knock limit"), 1, 10),
    ] = 10
    next_dealer: Annotated[
        DealerRule,
        Option(
            N_("Who deals after a won hand (default {default})."),
            N_("Next dealer"),
            sources=('winner (the "Hollywood Gin Regeln"; many books, Pagat notes), alternate'),
        ),
    ] = DealerRule.LOSER
    decide_by: Annotated[
        DecideBy,
        Option(
            N_(
                "The match goes to the most games won, or the larger match net (default {default})."
            ),
            N_("The match goes to"),
            since="0.2.0",
            sources="net",
        ),
    ] = DecideBy.GAMES
    end_after_first_game: Annotated[
        bool,
        Option(
            N_("End the match when the first game ends."),
            N_("Only the first game"),
            flag="--end-after-first-game/--play-all-games",
            sources='yes (a house rule in the "Spielanleitung")',
        ),
    ] = False
    oklahoma: Annotated[
        bool,
        Option(
            N_("Oklahoma Gin: each hand's up-card sets its knock limit; a spade doubles."),
            N_("Oklahoma Gin"),
            variant="oklahoma",
        ),
    ] = False
    ace_knocks_one: Annotated[
        bool,
        Option(
            N_("Oklahoma Gin: with an ace up-card, knocking with 1 is allowed."),
            N_("Ace: knock with 1"),
            variant="oklahoma",
            sources="yes (knocking with 1 under an ace)",
        ),
    ] = False
    spades_double: Annotated[
        bool,
        Option(
            N_("Oklahoma Gin: a spade up-card doubles the hand (on unless --no-spades-double)."),
            N_("Spades double"),
            variant="oklahoma",
            since="0.2.0",
            sources="no (Bicycle calls doubling on spades an additional rule, often played)",
        ),
    ] = True
    oklahoma_limit: Annotated[
        OklahomaLimit,
        Option(
            N_(
                "Oklahoma Gin: the up-card sets the knock limit, or only lowers it (default "
                "{default})."
            ),
            N_("The up-card's limit"),
            variant="oklahoma",
            since="0.3.0",
            idle_with=(("knock_limit", 10),),
            sources="lower (some rule engines)",
        ),
    ] = OklahomaLimit.UPCARD
    spades_double_boxes: Annotated[
        bool,
        Option(
            N_("Oklahoma Gin: a spade up-card doubles the extra boxes of a gin or undercut."),
            N_("Spades double boxes"),
            variant="oklahoma",
            since="0.3.0",
            needs=(("spades_double", True),),
            sources="yes (tables that circle a spade hand's extra boxes twice)",
        ),
    ] = False
    straight: Annotated[
        bool,
        Option(
            N_("Straight Gin: no knocking; only gin or a wall ends a hand."),
            N_("Straight Gin"),
            variant="straight",
        ),
    ] = False
    three_handed: Annotated[
        bool,
        Option(
            N_("Three-handed Gin: three players, two at a time, one running total each."),
            N_("Three-handed Gin"),
            flag=None,
            variant="three_handed",
        ),
    ] = False
    dealer_sits_out: Annotated[
        bool,
        Option(
            N_("Three-handed Gin: the player who sits out deals the hand to the other two."),
            N_("Who sits out deals"),
            variant="three_handed",
            since="0.3.0",
            sources="yes (Pagat's three-player game, some score pads)",
        ),
    ] = False


#: Each option's declaration, by name, in the order of :class:`Options`.
DECLARED: dict[str, Option] = {
    name: Options.__annotations__[name].__metadata__[0] for name in Options._fields
}
#: Each option's type (``int``, ``bool`` or an Enum).
KINDS: dict[str, type] = {
    name: next(  # an option whose default is None (``games``) is of the type it may be set to
        kind for kind in getattr(origin, "__args__", (origin,)) if kind is not type(None)
    )
    for name in Options._fields
    for origin in (Options.__annotations__[name].__origin__,)
}


def _flags(name: str, option: Option) -> tuple[str, str | None]:
    """How the command line turns a yes-or-no option on and off (see :data:`FLAGS`)."""
    if option.flag:
        on, _slash, off = option.flag.partition("/")
        return on, off or None
    spelled = name.replace("_", "-")
    return "--" + spelled, None if option.variant == name else "--no-" + spelled


#: How the command line turns each yes-or-no option on and off (:attr:`Option.flag`):
#: ``--name`` and ``--no-name`` unless declared otherwise; a variant's own switch, which makes
#: the kind of match, only turns it on (no flag turns it off).
FLAGS: dict[str, tuple[str, str | None]] = {
    name: _flags(name, option)
    for name, option in DECLARED.items()
    if KINDS[name] is bool and option.flag is not None
}
#: Each option's default.
DEFAULTS: dict[str, Any] = Options._field_defaults
#: The inclusive range each whole-number option may take.
RANGES: dict[str, tuple[int, int]] = {
    name: (option.low, option.high)
    for name, option in DECLARED.items()
    if option.low is not None and option.high is not None
}
#: The options that take one of an enumeration's values.
CHOICES: dict[str, type[Enum]] = {
    name: kind for name, kind in KINDS.items() if issubclass(kind, Enum)
}
#: The variants (docs/rules.md), each with the options that are its own: they appear in
#: a match's rules only when it is that variant (its switch, the option of its name, is on).
VARIANTS: dict[str, tuple[str, ...]] = {}
for _name, _option in DECLARED.items():
    if _option.variant is not None:
        VARIANTS.setdefault(_option.variant, ())
        VARIANTS[_option.variant] += (_name,)
VARIANT_OPTIONS = tuple(name for names in VARIANTS.values() for name in names)
#: What each option goes with (:attr:`Option.needs`; a variant's option needs its variant) and
#: what it does not go with (:attr:`Option.not_with`): where it may differ from its default.
NEEDS: dict[str, tuple[tuple[str, object], ...]] = {
    name: tuple((variant, True) for variant in [option.variant] if variant not in (None, name))
    + option.needs
    for name, option in DECLARED.items()
}
NOT_WITH: dict[str, tuple[tuple[str, object], ...]] = {
    name: option.not_with for name, option in DECLARED.items() if option.not_with
}
#: The rules under which an option decides nothing (:attr:`Option.not_with` and
#: :attr:`Option.idle_with`).
IDLE_WITH: dict[str, tuple[tuple[str, object], ...]] = {
    name: option.not_with + option.idle_with for name, option in DECLARED.items()
}
#: Options a stored match may lack, having been written before they existed.
LATER_OPTIONS = tuple(name for name, option in DECLARED.items() if option.since != FIRST_RELEASE)
