"""The rule options of a match (docs/rules.md, Options), each declared once.

Each field of :class:`Options` is an option: its name, its type and its default, and (in the
:class:`Option` its type is annotated with) the range it takes, the help ``new`` gives it, its
name and its values' names on the rules table, the variant it belongs to and the release it
arrived in. Everything else is derived from these declarations: the checked :class:`Rules`,
the defaults a match file written before an option existed takes, the options of ``new``
(:mod:`scorekeeper.commands.starting`), the rules table, completion and the presets table of
the docs. Adding an option is its declaration here, its behaviour in the engine, its
translations and its tests.

A match stores the whole :class:`Rules` it was created with, so changing a default later never
changes an old match.
"""

# No ``from __future__ import annotations`` here: the annotations are read at import (their
# metadata is the declaration), and typing.NamedTuple would compile every string annotation.
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from typing import Annotated, Any, NamedTuple

from scorekeeper.i18n import N_, _


class Shutout(str, Enum):
    """How the winner of a game is rewarded when the loser is shut out of it."""

    GAME_BONUS = "game_bonus"
    """The game bonus is doubled (Pagat, Bicycle)."""
    POINTS = "points"
    """The winner's hand points are doubled before the boxes are added."""
    TOTAL = "total"
    """The winner's whole total is doubled."""
    NONE = "none"
    """No reward."""


class ShutoutWhen(str, Enum):
    """When the loser of a game counts as shut out."""

    NO_POINTS = "no_points"
    """The loser scored no points in the game (Pagat, Scarne)."""
    NO_HANDS = "no_hands"
    """The loser won no hand entered in the game: a won hand worth 0 points saves it."""


class Tie(str, Enum):
    """What a knock the opponent ties scores (it goes to the opponent as an undercut)."""

    UNDERCUT = "undercut"
    """An undercut with the full bonus."""
    NO_BONUS = "no_bonus"
    """An undercut worth 0 points, that still earns its boxes (early official rules)."""


class DecideBy(str, Enum):
    """What decides the match once every game has ended."""

    GAMES = "games"
    """The majority of the games won."""
    NET = "net"
    """The larger match net."""


class DealerRule(str, Enum):
    """Who deals after a won hand (after a wall the same dealer deals again)."""

    LOSER = "loser"
    WINNER = "winner"
    ALTERNATE = "alternate"
    """The player who did not deal this hand deals the next."""


#: How the rules table says each named value, in the language (the command line, JSON and CSV
#: write the values as they are).
VALUE_NAMES: dict[Enum, str] = {
    Shutout.GAME_BONUS: N_("game_bonus"),
    Shutout.POINTS: N_("points"),
    Shutout.TOTAL: N_("total"),
    Shutout.NONE: N_("none"),
    ShutoutWhen.NO_POINTS: N_("no_points"),
    ShutoutWhen.NO_HANDS: N_("no_hands"),
    Tie.UNDERCUT: N_("undercut"),
    Tie.NO_BONUS: N_("no_bonus"),
    DecideBy.GAMES: N_("games"),
    DecideBy.NET: N_("net"),
    DealerRule.LOSER: N_("loser"),
    DealerRule.WINNER: N_("winner"),
    DealerRule.ALTERNATE: N_("alternate"),
}

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
    """How ``new`` takes a yes-or-no option: ``--oklahoma`` turns it on, ``--no-spades-double``
    off, ``--a/--b`` either way; None: not an option of ``new`` (set by what is played). A
    whole-number or named-value option is ``--name VALUE``."""
    variant: str | None = None
    """The variant whose own option it is: it appears in a match's rules only in a match of
    that variant (``oklahoma``: the variant's own switch is declared with it too)."""
    since: str = FIRST_RELEASE
    """The release it arrived in: a match file written before lacks it and takes the default,
    which scores exactly as that match was scored."""


class Options(NamedTuple):
    """The options a match is played with, as given (:class:`Rules` checks them)."""

    target: Annotated[
        int, Option(N_("Points that end a game (default {default})."), N_("Game target"), 10, 1000)
    ] = 100
    columns: Annotated[
        int,
        Option(N_("Games at once: 3, 2 for learners, 1 for plain Gin Rummy."), N_("Columns"), 1, 3),
    ] = 3
    gin_bonus: Annotated[
        int, Option(N_("Bonus for gin (default {default})."), N_("Gin bonus"), 0, 1000)
    ] = 25
    big_gin_bonus: Annotated[
        int,
        Option(
            N_("Bonus for big gin (default {default}; 0 turns big gin off)."),
            N_("Big gin bonus"),
            0,
            1000,
        ),
    ] = 31
    undercut_bonus: Annotated[
        int,
        Option(N_("Bonus for an undercut (default {default})."), N_("Undercut bonus"), 0, 1000),
    ] = 25
    tie: Annotated[
        Tie,
        Option(
            N_("A tied knock: an undercut with its bonus, or with none (default {default})."),
            N_("A tied knock"),
            since="0.2.0",
        ),
    ] = Tie.UNDERCUT
    box_bonus: Annotated[
        int,
        Option(N_("Bonus per box earned in a game (default {default})."), N_("Box bonus"), 0, 1000),
    ] = 25
    gin_boxes: Annotated[
        int,
        Option(
            N_("Boxes a gin earns, 1 to 10 (default {default})."),
            N_("Boxes for a gin"),
            1,
            10,
            since="0.2.0",
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
        ),
    ] = 1
    game_bonus: Annotated[
        int,
        Option(N_("Bonus for winning a game (default {default})."), N_("Game bonus"), 0, 1000),
    ] = 100
    shutout: Annotated[
        Shutout,
        Option(
            N_("Reward when the loser scored nothing in a game (default {default})."),
            N_("Shutout reward"),
        ),
    ] = Shutout.GAME_BONUS
    shutout_when: Annotated[
        ShutoutWhen,
        Option(
            N_("The loser is shut out with no points, or with no hand won (default {default})."),
            N_("Shut out when"),
            since="0.2.0",
        ),
    ] = ShutoutWhen.NO_POINTS
    knock_limit: Annotated[
        int,
        Option(N_("Most deadwood to knock with (default {default})."), N_("Knock limit"), 1, 10),
    ] = 10
    next_dealer: Annotated[
        DealerRule,
        Option(N_("Who deals after a won hand (default {default})."), N_("Next dealer")),
    ] = DealerRule.LOSER
    decide_by: Annotated[
        DecideBy,
        Option(
            N_(
                "The match goes to the most games won, or the larger match net (default {default})."
            ),
            N_("The match goes to"),
            since="0.2.0",
        ),
    ] = DecideBy.GAMES
    end_after_first_game: Annotated[
        bool,
        Option(
            N_("End the match when the first game ends."),
            N_("Only the first game"),
            flag="--end-after-first-game/--play-all-games",
        ),
    ] = False
    oklahoma: Annotated[
        bool,
        Option(
            N_("Oklahoma Gin: each hand's up-card sets its knock limit; a spade doubles."),
            N_("Oklahoma Gin"),
            flag="--oklahoma",
            variant="oklahoma",
        ),
    ] = False
    ace_knocks_one: Annotated[
        bool,
        Option(
            N_("Oklahoma Gin: with an ace up-card, knocking with 1 is allowed."),
            N_("Ace: knock with 1"),
            flag="--ace-knocks-one",
            variant="oklahoma",
        ),
    ] = False
    spades_double: Annotated[
        bool,
        Option(
            N_("Oklahoma Gin: a spade up-card does not double the hand."),
            N_("Spades do not double"),
            flag="--no-spades-double",
            variant="oklahoma",
            since="0.2.0",
        ),
    ] = True
    straight: Annotated[
        bool,
        Option(
            N_("Straight Gin: no knocking; only gin or a wall ends a hand."),
            N_("Straight Gin"),
            flag="--straight",
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


#: Each option's declaration, by name, in the order of :class:`Options`.
DECLARED: dict[str, Option] = {
    name: Options.__annotations__[name].__metadata__[0] for name in Options._fields
}
#: Each option's type (``int``, ``bool`` or an Enum).
KINDS: dict[str, type] = {
    name: Options.__annotations__[name].__origin__ for name in Options._fields
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
#: Options a stored match may lack, having been written before they existed.
LATER_OPTIONS = tuple(name for name, option in DECLARED.items() if option.since != FIRST_RELEASE)


class RuleError(ValueError):
    """Raised when a rule option is out of range, of the wrong kind or unknown.

    It carries what was wrong: ``option``, the rule's name (``gin_bonus``), ``value``, what
    was given, and ``allowed``, what the rule takes (a ``(low, high)`` range, the choices, or
    None). Its text names the rules as the rules call them; :meth:`say` names them another way,
    as a command line spells them, say (``--gin-bonus``).
    """

    def __init__(
        self,
        template: str,
        option: str | None = None,
        value: object = None,
        allowed: object = None,
        needs: str | None = None,
        **fields: object,
    ) -> None:
        self.template, self.option, self.value, self.allowed = template, option, value, allowed
        self.needs = needs
        """The rule this one goes with, if that is what is wrong (``oklahoma``)."""
        self.fields = fields
        super().__init__(self.say(lambda name: name))

    def say(self, spell: Callable[[str], str]) -> str:
        """The message with each rule it names named by ``spell``."""
        low, high = self.allowed if isinstance(self.allowed, tuple) else (None, None)
        named = {
            field: spell(name)
            for field, name in (("option", self.option), ("needs", self.needs))
            if name
        }
        options = self.fields.get("options")
        fields = {**self.fields}
        if isinstance(options, list):  # several rules named
            fields["options"] = ", ".join(spell(name) for name in options)
        return _(self.template).format(
            value=self.value,
            low=low,
            high=high,
            choices=", ".join(self.allowed) if isinstance(self.allowed, list) else None,
            **fields,
            **named,
        )


class Rules(Options):
    """The options a match is played with, checked; the defaults are the ``standard`` preset.

    An immutable tuple of options: cheap to build, so that recording a hand starts fast.
    """

    __slots__ = ()

    def __new__(cls, *args: Any, **options: Any) -> "Rules":
        given = Options(*args, **options)  # defaults filled in
        for name, (low, high) in RANGES.items():
            value = getattr(given, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise RuleError(
                    N_("{option} must be a whole number from {low} to {high}, not {value!r}."),
                    name,
                    value,
                    (low, high),
                )
        for name, kind in KINDS.items():
            if kind is bool and not isinstance(getattr(given, name), bool):
                raise RuleError(N_("{option} must be true or false."), name, getattr(given, name))
        checked = given._replace(
            **{name: _choice(enum, getattr(given, name), name) for name, enum in CHOICES.items()}
        )
        for variant, names in VARIANTS.items():
            for name in names:
                if getattr(checked, name) != DEFAULTS[name] and not getattr(checked, variant):
                    raise RuleError(
                        N_("{option} is a rule of Oklahoma Gin; add {needs}."),
                        name,
                        getattr(checked, name),
                        needs=variant,
                    )
        if checked.three_handed:
            _check_three_handed(checked)
        return super().__new__(cls, *checked)

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> "Rules":  # type: ignore[override]
        """Built through :meth:`__new__`: a copy made by ``_replace`` is checked too."""
        return cls(*iterable)

    def to_dict(self) -> dict[str, Any]:
        """The rules as the JSON object of docs/cli.md (enum values as strings); a variant's options
        only appear in a match of that variant."""
        shown = {name for head, names in VARIANTS.items() if getattr(self, head) for name in names}
        return {
            name: (value.value if isinstance(value, Enum) else value)
            for name, value in zip(self._fields, self)
            if name not in VARIANT_OPTIONS or name in shown
        }

    def in_play(self) -> list[str]:
        """The options that decide something in a match of these rules, in declared order: a
        variant's own options only in that variant, and in Three-handed Gin none of those it
        fixes but its one column (its rotation deals, and the first to the target wins)."""
        unused = set(THREE_HANDED_FIXED) - {"columns"} if self.three_handed else set()
        return [name for name in self.to_dict() if name not in unused]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Rules":
        """The inverse of :meth:`to_dict`; missing keys take the defaults, unknown keys are
        refused."""
        known = set(cls._fields)
        unknown = sorted(set(data) - known)
        if unknown:
            raise RuleError(
                N_("Unknown rule option {names}; the options are {known}."),
                value=unknown,
                allowed=sorted(known),
                names=", ".join(unknown),
                known=", ".join(sorted(known)),
            )
        return cls(**dict(data))

    def replace(self, **changes: Any) -> "Rules":
        """A copy with some options changed (and checked again)."""
        return self._replace(**changes)


#: What Three-handed Gin leaves as it is (docs/rules.md): its rotation deals, the first to
#: the target wins, and the two-player shutout rewards do not apply.
THREE_HANDED_FIXED = {
    "columns": 1,
    "next_dealer": DealerRule.LOSER,
    "decide_by": DecideBy.GAMES,
    "end_after_first_game": False,
}


def for_three(rules: Rules) -> tuple[Rules, list[str]]:
    """The rules made Three-handed Gin (docs/rules.md): what it fixes set so. Returns them
    and the options set (away from the standard rules) to another value: what of a preset does
    not apply."""
    overridden = [
        name
        for name, fixed in THREE_HANDED_FIXED.items()
        if getattr(rules, name) not in (fixed, DEFAULTS[name])
    ]
    return rules.replace(three_handed=True, **THREE_HANDED_FIXED), overridden


def refused_with_three(given: Mapping[str, object]) -> RuleError | None:
    """Why Three-handed Gin cannot take these options (by name, their values as typed), if it
    cannot: an option it fixes given another value, or a two-player shutout reward."""
    fixed = [
        name
        for name, value in THREE_HANDED_FIXED.items()
        if name in given and given[name] != getattr(value, "value", value)
    ]
    if fixed:
        return RuleError(
            N_(
                "Three-handed Gin is played on one column, the loser sitting out and the "
                "player who sat out dealing, until one player reaches the target: leave out "
                "{options}."
            ),
            options=fixed,
        )
    if given.get("shutout") in (Shutout.POINTS.value, Shutout.TOTAL.value):
        return RuleError(
            N_(
                "With three players a shutout is paid as the game bonus once more: give "
                "{option} game_bonus or none, not {value}."
            ),
            "shutout",
            given["shutout"],
        )
    return None


def _check_three_handed(rules: Options) -> None:
    for name, fixed in THREE_HANDED_FIXED.items():
        if getattr(rules, name) != fixed:
            raise RuleError(
                N_(
                    "Three-handed Gin is played on one column, the loser sitting out and the "
                    "player who sat out dealing, until one player reaches the target: it takes "
                    "no {option} {value}."
                ),
                name,
                getattr(getattr(rules, name), "value", getattr(rules, name)),
            )
    if rules.shutout in (Shutout.POINTS, Shutout.TOTAL):
        raise RuleError(
            N_(
                "With three players a shutout is paid as the game bonus once more "
                "(game_bonus) or not at all (none); {option} {value} is a two-player rule."
            ),
            "shutout",
            rules.shutout.value,
            [Shutout.GAME_BONUS.value, Shutout.NONE.value],
        )


def _choice(enum: type[Enum], value: object, name: str) -> Any:
    try:
        return enum(value)
    except ValueError:
        raise RuleError(
            N_("{option} must be one of {choices}, not {value!r}."),
            name,
            value,
            [member.value for member in enum],
        ) from None


def option_name(field: str) -> str:
    """The command-line spelling of a rule option: ``gin_bonus`` -> ``--gin-bonus``, and a
    yes-or-no option as its flag turns it from its default: ``--no-spades-double``.

    >>> option_name("gin_bonus"), option_name("spades_double"), option_name("end_after_first_game")
    ('--gin-bonus', '--no-spades-double', '--end-after-first-game')
    """
    flag = DECLARED[field].flag
    return flag.split("/")[0] if flag else "--" + field.replace("_", "-")


def spelled(field: str, value: object) -> str:
    """How a command line sets a rule option to ``value``: ``--target 75``, ``--shutout none``,
    ``--end-after-first-game``, ``--play-all-games``, ``--no-spades-double`` (values as they
    are typed, in every language).

    >>> spelled("shutout", Shutout.NONE), spelled("end_after_first_game", False)
    ('--shutout none', '--play-all-games')
    """
    flag = DECLARED[field].flag
    if isinstance(value, bool) and flag:
        on, _slash, off = flag.partition("/")
        return (on if value else off) if off else on
    return f"{option_name(field)} {getattr(value, 'value', value)}"
