"""The rule options of a match (RULES.md section 5) and their named presets.

A match stores the whole :class:`Rules` it was created with, so changing a default later never
changes an old match.
"""

# No ``from __future__ import annotations`` here: typing.NamedTuple compiles every annotation
# given as a string, which would double what importing this module costs each command.
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from typing import Any, NamedTuple

from scorekeeper.i18n import N_, _


class Shutout(str, Enum):
    """How the winner of a game is rewarded when the loser scored nothing in it."""

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
    """An undercut with the full bonus (all three seeds)."""
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
        return _(self.template).format(
            value=self.value,
            low=low,
            high=high,
            choices=", ".join(self.allowed) if isinstance(self.allowed, list) else None,
            **self.fields,
            **named,
        )


#: The variants (RULES.md section 6), each with the options that are its own: they appear in
#: a match's rules only when it is that variant.
VARIANTS = {
    "oklahoma": ("oklahoma", "ace_knocks_one", "spades_double"),
    "straight": ("straight",),
    "three_handed": ("three_handed",),
}
VARIANT_OPTIONS = tuple(name for names in VARIANTS.values() for name in names)

#: Options a stored match may lack, having been written before they existed: their defaults
#: score exactly as those matches were scored.
LATER_OPTIONS = ("tie", "gin_boxes", "undercut_boxes", "shutout_when", "decide_by")

#: The inclusive range each whole-number option may take.
RANGES: dict[str, tuple[int, int]] = {
    "target": (10, 1000),
    "columns": (1, 3),
    "gin_bonus": (0, 1000),
    "big_gin_bonus": (0, 1000),
    "undercut_bonus": (0, 1000),
    "box_bonus": (0, 1000),
    "gin_boxes": (1, 10),
    "undercut_boxes": (1, 10),
    "game_bonus": (0, 1000),
    "knock_limit": (1, 10),
}


class Options(NamedTuple):
    """The options a match is played with, as given (:class:`Rules` checks them)."""

    target: int = 100
    """A game ends the moment either player's column in it reaches this."""
    columns: int = 3
    """How many games run at once (3; 2 as a learners' house rule; 1 is plain Gin Rummy)."""
    gin_bonus: int = 25
    big_gin_bonus: int = 31
    """Bonus for going big gin (all 11 cards melded); 0 disables big gin."""
    undercut_bonus: int = 25
    tie: Tie = Tie.UNDERCUT
    box_bonus: int = 25
    """Paid per box earned in a game, when that game is settled."""
    gin_boxes: int = 1
    """The boxes a gin or big gin earns in each game it is entered in."""
    undercut_boxes: int = 1
    """The boxes an undercut earns in each game it is entered in."""
    game_bonus: int = 100
    shutout: Shutout = Shutout.GAME_BONUS
    shutout_when: ShutoutWhen = ShutoutWhen.NO_POINTS
    knock_limit: int = 10
    """The most deadwood a player may knock with."""
    next_dealer: DealerRule = DealerRule.LOSER
    decide_by: DecideBy = DecideBy.GAMES
    end_after_first_game: bool = False
    """The match ends when the first game ends; the higher sum of raw column points wins."""
    oklahoma: bool = False
    """Oklahoma Gin: each hand's up-card sets its knock limit; a spade up-card doubles it."""
    ace_knocks_one: bool = False
    """Oklahoma Gin with an ace up-card: knocking with 1 is allowed (else only gin)."""
    spades_double: bool = True
    """Oklahoma Gin: a spade up-card doubles everything the hand scores."""
    straight: bool = False
    """Straight Gin: no knocking; only gin, big gin or a wall ends a hand."""
    three_handed: bool = False
    """Three-handed Gin: three players, two at a time, one running total each."""


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
        for name in VARIANT_OPTIONS + ("end_after_first_game",):
            if not isinstance(getattr(given, name), bool):
                raise RuleError(N_("{option} must be true or false."), name, getattr(given, name))
        checked = Options(
            **{
                **given._asdict(),
                **{name: _choice(enum, getattr(given, name), name) for name, enum in CHOICES},
            }
        )
        for name in VARIANTS["oklahoma"][1:]:
            if getattr(checked, name) != Options._field_defaults[name] and not checked.oklahoma:
                raise RuleError(
                    N_("{option} is a rule of Oklahoma Gin; add {needs}."),
                    name,
                    getattr(checked, name),
                    needs="oklahoma",
                )
        if checked.three_handed:
            _check_three_handed(checked)
        return super().__new__(cls, *checked)

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> "Rules":  # type: ignore[override]
        """Built through :meth:`__new__`: a copy made by ``_replace`` is checked too."""
        return cls(*iterable)

    def to_dict(self) -> dict[str, Any]:
        """The rules as the JSON object of CLI.md (enum values as strings); a variant's options
        only appear in a match of that variant."""
        shown = {name for head, names in VARIANTS.items() if getattr(self, head) for name in names}
        return {
            name: (value.value if isinstance(value, Enum) else value)
            for name, value in zip(self._fields, self)
            if name not in VARIANT_OPTIONS or name in shown
        }

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


#: The options that take one of an enumeration's values.
CHOICES: tuple[tuple[str, type[Enum]], ...] = (
    ("tie", Tie),
    ("shutout", Shutout),
    ("shutout_when", ShutoutWhen),
    ("next_dealer", DealerRule),
    ("decide_by", DecideBy),
)

#: What Three-handed Gin leaves as it is (RULES.md section 6): its rotation deals, the first to
#: the target wins, and the two-player shutout rewards do not apply.
THREE_HANDED_FIXED = {
    "columns": 1,
    "next_dealer": DealerRule.LOSER,
    "decide_by": DecideBy.GAMES,
    "end_after_first_game": False,
}


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
    """The command-line spelling of a rule option: ``gin_bonus`` -> ``--gin-bonus``, and an
    option that is on unless turned off by its ``--no-`` flag: ``--no-spades-double``."""
    off = "no-" if Options._field_defaults.get(field) is True else ""
    return "--" + off + field.replace("_", "-")


class Preset(NamedTuple):
    """A named bundle of options, and where it comes from."""

    rules: Rules
    source: str
    """Where the rule texts have it (a message: translate it with ``_``)."""
    teams: bool = False
    """Partnership Gin: the match is played by two teams."""


#: Named bundles of options (RULES.md section 5); ``standard`` is the defaults. The regional
#: names Chicago and Manhattan Gin stand for "other bonus values" in the rule texts, which give
#: none, so they have no preset: set the bonuses one by one.
PRESETS: dict[str, Preset] = {
    "standard": Preset(Rules(), N_("seeds 003 and 004")),
    "basic": Preset(
        Rules(
            box_bonus=0,
            game_bonus=0,
            shutout=Shutout.NONE,
            undercut_bonus=10,
            next_dealer=DealerRule.WINNER,
        ),
        N_("seed 000, which names no box, game or shutout bonus"),
    ),
    "pagat": Preset(
        Rules(gin_bonus=20, undercut_bonus=10, box_bonus=20), N_("Pagat's Gin Rummy page")
    ),
    "learners": Preset(Rules(columns=2), N_("seed 003: new groups start with two columns")),
    "quick": Preset(Rules(target=75), N_("seed 003: three columns to 75")),
    "short": Preset(Rules(end_after_first_game=True), N_("seed 003: stop when one game ends")),
    "gin": Preset(Rules(columns=1), N_("plain Gin Rummy: one game to 100")),
    "oklahoma": Preset(
        Rules(oklahoma=True, columns=1, target=150),
        N_("seeds 003/004 (one running total); 150 is the usual target"),
    ),
    "straight": Preset(Rules(straight=True), N_("seeds 003/004")),
    "partnership": Preset(
        Rules(columns=1, target=125, next_dealer=DealerRule.WINNER),
        N_("Bicycle's partnership rules"),
        teams=True,
    ),
    "three-handed": Preset(
        Rules(three_handed=True, columns=1),
        N_("seed 000 names it; Bicycle/Pagat's cutthroat form"),
    ),
}


def preset(name: str) -> Rules:
    """The rules of a named preset, by case-insensitive name."""
    return named_preset(name).rules


def named_preset(name: str) -> Preset:
    """A preset by case-insensitive name: its rules, its source, whether teams play it."""
    try:
        return PRESETS[name.lower()]
    except KeyError:
        raise RuleError(
            N_("Unknown preset {name!r}; choose one of {choices}."),
            value=name,
            allowed=list(PRESETS),
            name=name,
        ) from None
