"""Who plays a match, its form (docs/rules.md, the variants): two players, three-handed or
two teams in partnership, each declared once with what ``new`` asks of the names and what the
form does to the rules; and the kinds of game any form may play (Oklahoma, Straight), whose
own options the rules declare (:data:`~scorekeeper.rules.options.VARIANTS`).

Every face asks these declarations rather than deciding the form itself: ``new`` takes as
many names as the form asks, splits them into teams where it plays teams, and gives the rules
to :meth:`Seats.made`; ``amend rules`` refuses through :meth:`Seats.refused` what the form
cannot take."""

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING

from scorekeeper.i18n import N_, Quoted
from scorekeeper.rules.checked import RuleError, Rules, for_three, refused_with_three
from scorekeeper.rules.options import VARIANTS

if TYPE_CHECKING:
    from scorekeeper.rules.presets import Preset


class Form(str, Enum):
    """Who plays a match, and how."""

    TWO = "two"
    """Two players, each for themselves."""
    THREE_HANDED = "three-handed"
    """Three players, two at a time, the loser sitting out."""
    PARTNERSHIP = "partnership"
    """Two teams of two, at two tables at once."""


class Seats:
    """What a form asks of the names that start a match, and what it does to the rules (a
    plain class, not a NamedTuple: every command loads the rules, and only a new match and a
    change of the rules ask)."""

    __slots__ = ("form", "names", "switch", "teams")

    def __init__(self, form: Form, names: int, teams: bool, switch: str | None = None) -> None:
        self.form = form
        self.names = names
        """How many names start it: two players (or teams), or three players."""
        self.teams = teams
        """Each name is a team of two, written ``Ann & Bob``."""
        self.switch = switch
        """The rule option that says the form in a match's rules (``three_handed``), if one
        does."""

    def made(self, rules: Rules) -> tuple[Rules, list[str]]:
        """The rules made this form's (what it fixes set so), and the options of them that
        were set to another value: what of a preset does not apply."""
        return for_three(rules) if self.switch else (rules, [])

    def refused(self, given: Mapping[str, object]) -> RuleError | None:
        """Why this form cannot take the options ``given`` (by name, their values as typed),
        if it cannot."""
        return refused_with_three(given) if self.switch else None

    def teams_of(self, names: Sequence[str]) -> tuple[tuple[str, str], ...] | None:
        """The teams the names make (each split by :func:`split_team`), where it plays teams."""
        return tuple(split_team(name) for name in names) if self.teams else None

    def takes(self, preset: "Preset") -> bool:
        """Whether the preset may give a match of this form its rules: a preset for any form
        (for two players), or for this form."""
        return preset.form in (Form.TWO, self.form)


#: Each form, declared.
FORMS: dict[Form, Seats] = {
    Form.TWO: Seats(Form.TWO, names=2, teams=False),
    Form.THREE_HANDED: Seats(Form.THREE_HANDED, names=3, teams=False, switch="three_handed"),
    Form.PARTNERSHIP: Seats(Form.PARTNERSHIP, names=2, teams=True),
}

#: The kinds of game any form may play: the variants whose switch is not a form's.
GAME_KINDS = tuple(
    name for name in VARIANTS if name not in {seats.switch for seats in FORMS.values()}
)


def asked_form(names: int, teams: bool, preset: Form, preset_name: str) -> Seats:
    """The form ``new`` starts from the names given, ``--teams`` and the preset's form (named
    ``preset_name``): three names or a three-handed preset make Three-handed Gin, which takes
    three names and no teams; teams or a partnership preset make Partnership Gin. Raises
    :class:`RuleError` for what does not go together."""
    if names != FORMS[Form.THREE_HANDED].names and preset is not Form.THREE_HANDED:
        return FORMS[Form.PARTNERSHIP if teams or preset is Form.PARTNERSHIP else Form.TWO]
    if names < FORMS[Form.THREE_HANDED].names:
        raise RuleError(
            N_(
                "Three-handed Gin is played by three: name them, e.g. 'scorekeeper new Ann Ben "
                "Cid'."
            )
        )
    if teams:
        raise RuleError(
            N_(
                "Three names make a Three-handed match, which has no teams: leave out --teams "
                "(Partnership Gin is two teams of two, e.g. --teams 'Ann & Bob' 'Cid & Dee')."
            )
        )
    if preset is Form.PARTNERSHIP:
        raise RuleError(
            N_(
                "The {preset} preset is Partnership Gin, two teams of two, and three names "
                "make a Three-handed match: leave out --preset {preset}, or name two teams, "
                "e.g. 'Ann & Bob' 'Cid & Dee'."
            ),
            preset=preset_name.lower(),
        )
    return FORMS[Form.THREE_HANDED]


def split_team(text: str) -> tuple[str, str]:
    """``Ann & Bob`` (or ``Ann+Bob``, ``Ann, Bob``) as the team's two names."""
    import re

    names = [name.strip() for name in re.split(r"[&+,]", text)]
    if len(names) != 2 or not all(names):
        raise RuleError(
            N_("{text!r} is not a team of two: write it like 'Ann & Bob'."), text=Quoted(text)
        )
    return names[0], names[1]
