"""The scoring engine: the rules of record (docs/rules.md) and nothing else.

Pure: the players, the :class:`~scorekeeper.rules.Rules`, the first dealer and the hands as they
were entered go in; a :class:`Scoresheet` comes out. Every total is a fold over the hands, so a
corrected or voided hand simply means replaying a different list. The engine answers what the
commands ask of the rules: what a hand may be (:func:`hand_rules`, :func:`check_entry`), who
plays and deals next and what the next hand asks (:meth:`Scoresheet.next_hand`,
:class:`NextHand`, whose ``build`` makes the hand from the answers), what game is played
(:attr:`Scoresheet.variant`) and how the match is decided (:attr:`Scoresheet.decided_by`).
Its errors carry what was wrong as data; the command line says what to do about it.

- :mod:`.hands`: one hand, what it may be and what it is worth;
- :mod:`.tables`: who plays each hand in Three-handed and Partnership Gin;
- :mod:`.nexthand`: what the next hand asks, and the hand built from the answers;
- :mod:`.sheet`: the hands routed into the columns, the games opened, the match decided;
- :mod:`.settling`: an ended game settled.
"""

from scorekeeper.engine.hands import (
    ENDINGS,
    MAX_DEADWOOD,
    TEAM_JOIN,
    Entry,
    Hand,
    HandRules,
    InvalidHand,
    Kind,
    MatchFinished,
    Score,
    Why,
    check_entry,
    classify,
    doubles,
    fold,
    hand_rules,
    knock_limit,
    meant,
    score,
    team_members,
    team_name,
)
from scorekeeper.engine.nexthand import (
    KNOCKER_COUNT,
    OPPONENT_COUNT,
    Answers,
    NextHand,
    Question,
)
from scorekeeper.engine.settling import Line, Settlement
from scorekeeper.engine.sheet import (
    Decision,
    Game,
    Round,
    Scoresheet,
    Variant,
    check_correction,
    form_of,
    replay,
    reseated,
    sides,
    tally,
)
from scorekeeper.engine.tables import (
    Seating,
    TableHand,
    Teams,
    deal_of,
    deals,
    first_dealers,
    first_seating,
    pairings,
    table_of,
    team_points,
)
from scorekeeper.rules import Form  # who plays: declared with the rules

__all__ = [
    "ENDINGS",
    "KNOCKER_COUNT",
    "MAX_DEADWOOD",
    "OPPONENT_COUNT",
    "TEAM_JOIN",
    "Answers",
    "Decision",
    "Entry",
    "Form",
    "Game",
    "Hand",
    "HandRules",
    "InvalidHand",
    "Kind",
    "Line",
    "MatchFinished",
    "NextHand",
    "Question",
    "Round",
    "Score",
    "Scoresheet",
    "Seating",
    "Settlement",
    "TableHand",
    "Teams",
    "Variant",
    "Why",
    "check_correction",
    "check_entry",
    "classify",
    "deal_of",
    "deals",
    "doubles",
    "first_dealers",
    "first_seating",
    "fold",
    "form_of",
    "hand_rules",
    "knock_limit",
    "meant",
    "pairings",
    "replay",
    "reseated",
    "score",
    "sides",
    "table_of",
    "tally",
    "team_members",
    "team_name",
    "team_points",
]
