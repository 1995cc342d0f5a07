"""The named values a rule option takes (docs/rules.md, Options), and how the rules table says
each in the language."""

from enum import Enum

from scorekeeper.i18n import N_


class Shutout(str, Enum):
    """How the winner of a game is rewarded when the loser is shut out of it."""

    GAME_BONUS = "game_bonus"
    """The game bonus is doubled (Pagat, Bicycle)."""
    POINTS = "points"
    """The winner's hand points are doubled before the boxes are added."""
    TOTAL = "total"
    """The winner's whole total is doubled."""
    BONUS = "bonus"
    """The winner scores ``shutout_bonus`` more (with three players, from each player shut out)."""
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
    KNOCKER = "knocker"
    """A knock won by the knocker for 0 points (and the knock bonus)."""


class BoxesWhen(str, Enum):
    """When a won hand's boxes are worth their box bonus."""

    GAME_END = "game_end"
    """When the game is settled."""
    EACH_HAND = "each_hand"
    """At once: added to the column with the hand's points, they count toward the target."""


class GinBonusWhen(str, Enum):
    """Where the gin and big gin bonuses are entered."""

    HAND = "hand"
    """In the columns, with the hand's points."""
    SETTLEMENT = "settlement"
    """Kept aside in each game the gin was entered in, and added when it is settled."""


class OklahomaLimit(str, Enum):
    """Oklahoma Gin: what the up-card does to the knock limit."""

    UPCARD = "upcard"
    """The up-card's value is the limit."""
    LOWER = "lower"
    """The lower of the up-card's value and the match's knock limit."""


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
    Shutout.BONUS: N_("bonus"),
    Shutout.NONE: N_("none"),
    ShutoutWhen.NO_POINTS: N_("no_points"),
    ShutoutWhen.NO_HANDS: N_("no_hands"),
    Tie.UNDERCUT: N_("undercut"),
    Tie.NO_BONUS: N_("no_bonus"),
    Tie.KNOCKER: N_("knocker"),
    BoxesWhen.GAME_END: N_("game_end"),
    BoxesWhen.EACH_HAND: N_("each_hand"),
    GinBonusWhen.HAND: N_("hand"),
    GinBonusWhen.SETTLEMENT: N_("settlement"),
    OklahomaLimit.UPCARD: N_("upcard"),
    OklahomaLimit.LOWER: N_("lower"),
    DecideBy.GAMES: N_("games"),
    DecideBy.NET: N_("net"),
    DealerRule.LOSER: N_("loser"),
    DealerRule.WINNER: N_("winner"),
    DealerRule.ALTERNATE: N_("alternate"),
}
