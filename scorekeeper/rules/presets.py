"""The named presets (docs/rules.md, Options): bundles of options, each with a source a reader can
find (the rule book in docs/rules.md names the texts: the German "Hollywood Gin Regeln" and
"Spielanleitung", the Dutch "Hoe speel je Hollywood Gin", Pagat, Bicycle and Hoyle).

The regional names Chicago and Manhattan Gin stand for "other bonus values" in the rule texts,
which give none, so they have no preset: set the bonuses one by one."""

from typing import NamedTuple

from scorekeeper.i18n import N_
from scorekeeper.rules.checked import RuleError, Rules
from scorekeeper.rules.forms import Form
from scorekeeper.rules.values import DealerRule, Shutout


class Preset(NamedTuple):
    """A named bundle of options, and where it comes from."""

    rules: Rules
    source: str
    """Where the rules come from (a message: translate it with ``_``)."""
    partnership: bool = False
    """Partnership Gin: the match is played by two teams."""

    @property
    def form(self) -> Form:
        """Who plays it: two players, three, or two teams."""
        if self.rules.three_handed:
            return Form.THREE_HANDED
        return Form.PARTNERSHIP if self.partnership else Form.TWO


#: Named bundles of options; ``standard`` is the defaults.
PRESETS: dict[str, Preset] = {
    "standard": Preset(Rules(), N_('"Spielanleitung"; "Hoe speel je Hollywood Gin"')),
    "basic": Preset(
        Rules(
            box_bonus=0,
            game_bonus=0,
            shutout=Shutout.NONE,
            undercut_bonus=10,
            next_dealer=DealerRule.WINNER,
        ),
        N_('"Hollywood Gin Regeln", which names no box, game or shutout bonus'),
    ),
    "pagat": Preset(
        Rules(gin_bonus=20, undercut_bonus=10, box_bonus=20), N_("Pagat's Gin Rummy page")
    ),
    "learners": Preset(Rules(columns=2), N_('"Spielanleitung": new groups start with two columns')),
    "quick": Preset(Rules(target=75), N_('"Spielanleitung": three columns to 75')),
    "short": Preset(
        Rules(end_after_first_game=True), N_('"Spielanleitung": stop when one game ends')
    ),
    "gin": Preset(Rules(columns=1), N_("plain Gin Rummy (Pagat, Bicycle, Hoyle): one game to 100")),
    "oklahoma": Preset(
        Rules(oklahoma=True, columns=1, target=150),
        N_('"Spielanleitung" (one running total); 150 is the usual target (Bicycle, Pagat)'),
    ),
    "straight": Preset(Rules(straight=True), N_('"Spielanleitung"; "Hoe speel je Hollywood Gin"')),
    "partnership": Preset(
        Rules(columns=1, target=125, next_dealer=DealerRule.WINNER),
        N_("Bicycle's partnership rules"),
        partnership=True,
    ),
    "three-handed": Preset(
        Rules(three_handed=True, columns=1),
        N_('named in "Hollywood Gin Regeln"; the cutthroat game of Bicycle and Pagat'),
    ),
    "pagat-three": Preset(
        Rules(
            three_handed=True,
            columns=1,
            dealer_sits_out=True,
            gin_bonus=20,
            undercut_bonus=10,
            box_bonus=20,
        ),
        N_("Pagat's Gin Rummy page, three players: the player who sits out deals"),
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
