"""The named values a rule option takes (docs/rules.md, Options), and how the rules table says
each in the language."""

from enum import Enum

from scorekeeper.i18n import NP_, Marked


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
#: write the values as they are); each in the context of its rule, since one word can mean
#: another thing elsewhere (the winner who deals next is not the match list's winner).
VALUE_NAMES: dict[Enum, Marked] = {
    Shutout.GAME_BONUS: NP_("shutout", "2 x game bonus"),
    Shutout.POINTS: NP_("shutout", "2 x points"),
    Shutout.TOTAL: NP_("shutout", "2 x total"),
    Shutout.BONUS: NP_("shutout", "shutout bonus"),
    Shutout.NONE: NP_("shutout", "none"),
    ShutoutWhen.NO_POINTS: NP_("shutout when", "no points"),
    ShutoutWhen.NO_HANDS: NP_("shutout when", "no hand won"),
    Tie.UNDERCUT: NP_("tie", "undercut"),
    Tie.NO_BONUS: NP_("tie", "undercut, no bonus"),
    Tie.KNOCKER: NP_("tie", "knocker wins"),
    BoxesWhen.GAME_END: NP_("boxes when", "at game end"),
    BoxesWhen.EACH_HAND: NP_("boxes when", "each hand"),
    GinBonusWhen.HAND: NP_("gin bonus when", "with the hand"),
    GinBonusWhen.SETTLEMENT: NP_("gin bonus when", "at settlement"),
    OklahomaLimit.UPCARD: NP_("oklahoma limit", "its value"),
    OklahomaLimit.LOWER: NP_("oklahoma limit", "at most knock limit"),
    DecideBy.GAMES: NP_("decide by", "most games"),
    DecideBy.NET: NP_("decide by", "higher net"),
    DealerRule.LOSER: NP_("next dealer", "loser"),
    DealerRule.WINNER: NP_("next dealer", "winner"),
    DealerRule.ALTERNATE: NP_("next dealer", "in turn"),
}
