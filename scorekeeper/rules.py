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


#: The options of the variants (RULES.md section 6), off in a plain Hollywood match.
VARIANTS = ("oklahoma", "ace_knocks_one", "straight")

#: The inclusive range each whole-number option may take.
RANGES: dict[str, tuple[int, int]] = {
    "target": (10, 1000),
    "columns": (2, 3),
    "gin_bonus": (0, 1000),
    "big_gin_bonus": (0, 1000),
    "undercut_bonus": (0, 1000),
    "box_bonus": (0, 1000),
    "game_bonus": (0, 1000),
    "knock_limit": (1, 10),
}


class Options(NamedTuple):
    """The options a match is played with, as given (:class:`Rules` checks them)."""

    target: int = 100
    """A game ends the moment either player's column in it reaches this."""
    columns: int = 3
    """How many games run at once (3, or 2 as a learners' house rule)."""
    gin_bonus: int = 25
    big_gin_bonus: int = 31
    """Bonus for going big gin (all 11 cards melded); 0 disables big gin."""
    undercut_bonus: int = 25
    box_bonus: int = 25
    """Paid per hand won that was entered in a game, when that game is settled."""
    game_bonus: int = 100
    shutout: Shutout = Shutout.GAME_BONUS
    knock_limit: int = 10
    """The most deadwood a player may knock with."""
    next_dealer: DealerRule = DealerRule.LOSER
    end_after_first_game: bool = False
    """The match ends when the first game ends; the higher sum of raw column points wins."""
    oklahoma: bool = False
    """Oklahoma Gin: each hand's up-card sets its knock limit; a spade up-card doubles it."""
    ace_knocks_one: bool = False
    """Oklahoma Gin with an ace up-card: knocking with 1 is allowed (else only gin)."""
    straight: bool = False
    """Straight Gin: no knocking; only gin, big gin or a wall ends a hand."""


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
        for name in VARIANTS + ("end_after_first_game",):
            if not isinstance(getattr(given, name), bool):
                raise RuleError(N_("{option} must be true or false."), name, getattr(given, name))
        if given.ace_knocks_one and not given.oklahoma:
            raise RuleError(
                N_("{option} is a rule of Oklahoma Gin; add {needs}."),
                "ace_knocks_one",
                True,
                needs="oklahoma",
            )
        return super().__new__(
            cls,
            **{
                **given._asdict(),
                "shutout": _choice(Shutout, given.shutout, "shutout"),
                "next_dealer": _choice(DealerRule, given.next_dealer, "next_dealer"),
            },
        )

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> "Rules":  # type: ignore[override]
        """Built through :meth:`__new__`: a copy made by ``_replace`` is checked too."""
        return cls(*iterable)

    def to_dict(self) -> dict[str, Any]:
        """The rules as the JSON object of CLI.md (enum values as strings); a variant's options
        only appear in a match of that variant."""
        return {
            name: (value.value if isinstance(value, Enum) else value)
            for name, value in zip(self._fields, self)
            if name not in VARIANTS or value
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
    """The command-line spelling of a rule option: ``gin_bonus`` -> ``--gin-bonus``."""
    return "--" + field.replace("_", "-")


#: Named bundles of options; ``standard`` is the defaults. The regional names Chicago and
#: Manhattan Gin stand for "other bonus values" in the rule texts, which give none, so they
#: have no preset: set the bonuses one by one.
PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "pagat": Rules(gin_bonus=20, undercut_bonus=10, box_bonus=20, next_dealer=DealerRule.WINNER),
    # Seeds 003 and 004: new groups start with two columns to 75.
    "learners": Rules(columns=2, target=75),
    # Seed 003: some tables stop when the first game ends and compare the columns' sums.
    "short": Rules(end_after_first_game=True),
    "oklahoma": Rules(oklahoma=True),
    "straight": Rules(straight=True),
    # Bicycle's partnership rules play a game to 125.
    "partnership": Rules(target=125),
}


def preset(name: str) -> Rules:
    """The rules of a named preset, by case-insensitive name."""
    try:
        return PRESETS[name.lower()]
    except KeyError:
        raise RuleError(
            N_("Unknown preset {name!r}; choose one of {choices}."),
            value=name,
            allowed=list(PRESETS),
            name=name,
        ) from None
