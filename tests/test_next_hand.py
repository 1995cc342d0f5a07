"""What the next hand asks and may be (``Scoresheet.next_hand``), and the hand built from the
answers or refused with the engine's own reason (``NextHand.build``)."""

from __future__ import annotations

import pytest

from scorekeeper.cards import parse_card
from scorekeeper.engine import (
    MAX_DEADWOOD,
    Answers,
    Entry,
    Hand,
    InvalidHand,
    NextHand,
    Question,
    Why,
    replay,
)
from scorekeeper.rules import Rules, Tie

TEAMS = (("Ann", "Bob"), ("Cid", "Dee"))


def two(rules: Rules | None = None) -> NextHand:
    return replay(("Ann", "Ben"), rules or Rules(), "Ann", []).next_hand()


def partnership(*hands: Hand) -> NextHand:
    return replay(("Ann & Bob", "Cid & Dee"), Rules(), "Ann & Bob", list(hands), TEAMS).next_hand()


def refused(coming: NextHand, answers: Answers) -> InvalidHand:
    with pytest.raises(InvalidHand) as caught:
        coming.build(answers)
    return caught.value


def test_two_players_may_both_win_and_knock_up_to_the_limit() -> None:
    coming = replay(("Ann", "Ben"), Rules(), "Ann", []).next_hand()
    assert coming.playing == ("Ann", "Ben") and coming.sits_out is None and not coming.deal
    assert coming.endings == (Entry.KNOCK, Entry.GIN, Entry.WALL, Entry.BIG_GIN)
    assert coming.limit == 10 and coming.most == MAX_DEADWOOD == 98
    assert not coming.asks_upcard and not coming.asks_table
    assert coming.build(Answers("knock", "Ben", kd=3, od=20)) == Hand.knock("Ben", 3, 20)
    assert coming.build(Answers(Entry.KNOCK, "Ben", kd=0, od=20)) == Hand.gin("Ben", 20)
    assert coming.build(Answers("big_gin", "Ann", od=5)) == Hand.gin("Ann", 5, big=True)
    assert coming.build(Answers("wall")) == Hand.wall()
    assert coming.opponent("Ben") == "Ann"


@pytest.mark.parametrize(
    "answers, why",
    [
        (Answers("fold", "Ann", od=3), Why.NOT_AN_ENDING),
        (Answers("knock", "Zed", kd=3, od=20), Why.UNKNOWN),
        (Answers("knock", "Ann", kd=11, od=20), Why.OVER_LIMIT),
        (Answers("knock", "Ann", kd=3, od=99), Why.COUNT),
        (Answers("knock", "Ann", od=20), Why.COUNT),
        (Answers("gin", "Ann", od=-1), Why.COUNT),
        (Answers("wall", table="Ann"), Why.WALL_NAMES),
        (Answers("gin", "Ann", od=3, upcard="7h"), Why.NOT_OKLAHOMA),
    ],
)
def test_an_impossible_answer_is_refused_with_the_engines_reason(
    answers: Answers, why: Why
) -> None:
    assert refused(two(), answers).why is why


def test_a_count_refused_says_which_and_its_range() -> None:
    assert str(refused(two(), Answers("gin", "Ann", od=99))) == (
        "the opponent's deadwood must be from 0 to 98, not 99."
    )
    assert str(refused(two(), Answers("knock", "Ann", od=9))) == (
        "Give the knocker's deadwood: a whole number from 0 to 98."
    )


def test_straight_gin_and_no_big_gin_bonus_narrow_the_endings() -> None:
    coming = two(Rules(straight=True, big_gin_bonus=0))
    assert coming.endings == (Entry.GIN, Entry.WALL)
    said = str(refused(coming, Answers("knock", "Ann", kd=3, od=20)))
    assert said == "This is Straight Gin: nobody may knock; a hand ends only with gin or a wall."
    said = str(refused(coming, Answers("gin", "Ann", od=20, kd=None)._replace(ending="big_gin")))
    assert said == "Big gin is not played in this match (its big gin bonus is 0)."
    said = str(refused(coming, Answers("klopf", "Ann", od=20)))
    assert said == "'klopf' is not how a hand ends; answer gin or wall."


def test_three_handed_asks_the_two_who_play_and_refuses_the_third() -> None:
    coming = replay(
        ("Ann", "Ben", "Cid"), Rules(three_handed=True, columns=1), "Ann", []
    ).next_hand()
    assert coming.playing == ("Ann", "Ben") and coming.sits_out == "Cid"
    error = refused(coming, Answers("gin", "Cid", od=20))
    assert error.why is Why.SITS_OUT
    assert str(error) == "Cid sits out this hand: Ann and Ben are playing."
    assert str(refused(coming, Answers("gin", "Zed", od=20))) == (
        "'Zed' is not a player of this match: name Ann or Ben."
    )


def test_partnership_asks_a_walls_table_only_while_both_tables_may_have_it() -> None:
    coming = partnership()
    assert coming.deal and coming.asks_table
    assert coming.playing == ("Ann", "Cid", "Bob", "Dee")
    assert refused(coming, Answers("wall")).why is Why.WALL_TABLE
    assert coming.build(Answers("wall", table="Dee")) == Hand.wall(table="Dee")
    reported = partnership(Hand.knock("Ann", 3, 20))
    assert not reported.asks_table and reported.tables == (("Bob", "Dee"),)
    assert reported.build(Answers("wall")) == Hand.wall(table="Bob")
    error = refused(reported, Answers("gin", "Cid", od=4))
    assert error.why is Why.REPORTED
    assert str(error) == (
        "Ann v Cid has already reported deal 1; the other table, Bob v Dee, has not."
    )
    assert refused(reported, Answers("wall", table="Ann")).why is Why.REPORTED


def test_oklahoma_asks_the_up_card_first_and_it_sets_the_limit() -> None:
    coming = two(Rules(oklahoma=True))
    assert coming.asks_upcard
    ace = replay(("Ann", "Ben"), Rules(oklahoma=True), "Ann", []).next_hand(parse_card("AS"))
    assert ace.limit == 0 and Entry.KNOCK not in ace.endings  # an ace: gin only
    four = coming.after_upcard("4d")
    assert four.limit == 4 and Entry.KNOCK in four.endings
    assert refused(coming, Answers("knock", "Ann", kd=5, od=20, upcard="4d")).why is Why.OVER_LIMIT
    assert str(refused(coming, Answers("knock", "Ann", kd=2, od=20, upcard="AS"))) == (
        "The up-card A♠ is an ace: this hand had to end in gin, nobody can knock."
    )
    assert refused(coming, Answers("gin", "Ann", od=20)).why is Why.UPCARD
    assert refused(coming, Answers("wall")).why is Why.UPCARD
    assert refused(coming, Answers("wall", upcard="1x")).why is Why.NOT_A_CARD
    assert coming.build(Answers("wall", upcard="ks")) == Hand.wall("K♠")


# What each ending asks (NextHand.first, .ended, .asks), variant by variant


def fields(questions: tuple[Question, ...]) -> list[tuple[str, object]]:
    """Each question as the answer it gives and what it takes: its choices, or the most."""
    return [(q.field, q.choices or q.most) for q in questions]


def test_two_players_each_ending_asks_who_won_and_the_counts_a_wall_nothing() -> None:
    coming = two()
    assert coming.first == () and coming.number == 1
    assert coming.ended.field == "ending" and coming.ended.said() == "How did the hand end?"
    assert coming.ended.choices == ("knock", "gin", "wall", "big_gin")
    assert [coming.ended.shown(c) for c in coming.ended.choices] == [
        "knock",
        "gin",
        "wall",
        "big gin",
    ]
    players = ("Ann", "Ben")
    assert fields(coming.asks("knock")) == [("who", players), ("kd", 10), ("od", 98)]
    assert fields(coming.asks("gin")) == [("who", players), ("od", 98)]
    assert fields(coming.asks("big_gin")) == [("who", players), ("od", 98)]
    assert coming.asks("wall") == ()
    assert [q.said("Ann", "Ben") for q in coming.asks("knock")] == [
        "Who knocked?",
        "Ann's deadwood (1-10; 0 if it was gin)",
        "Ben's deadwood after lay-offs (0-98)",
    ]
    assert [q.said("Ben", "Ann") for q in coming.asks("gin")] == [
        "Who went gin?",
        "Ann's deadwood (0-98)",
    ]
    assert coming.asks("big_gin")[0].said() == "Who went big gin?"
    assert [q.about for q in coming.asks("knock")] == [False, True, True]
    assert [q.named("Ann", "Ben") for q in coming.asks("knock")[1:]] == [
        "Ann's deadwood",
        "Ben's deadwood",
    ]
    with pytest.raises(InvalidHand) as caught:
        coming.asks("fold")
    assert caught.value.why is Why.NOT_AN_ENDING


def test_a_knock_answered_with_no_deadwood_asks_the_rest_as_gin_does() -> None:
    coming = two()
    assert fields(coming.still_asks(Answers("knock"))) == [
        ("who", ("Ann", "Ben")),
        ("kd", 10),
        ("od", 98),
    ]
    left = coming.still_asks(Answers("knock", "Ann", kd=0))
    assert [(q.field, q.said("Ann", "Ben")) for q in left] == [("od", "Ben's deadwood (0-98)")]
    left = coming.still_asks(Answers("knock", "Ann", kd=4))
    assert [q.said("Ann", "Ben") for q in left] == ["Ben's deadwood after lay-offs (0-98)"]
    assert coming.still_asks(Answers("knock", "Ann", kd=4, od=20)) == ()
    assert coming.still_asks(Answers("wall")) == ()


def test_three_handed_asks_who_won_of_the_two_who_play() -> None:
    coming = replay(
        ("Ann", "Ben", "Cid"), Rules(three_handed=True, columns=1), "Ann", []
    ).next_hand()
    assert coming.first == () and coming.number == 1
    assert coming.ended.choices == ("knock", "gin", "wall", "big_gin")
    assert fields(coming.asks("knock")) == [("who", ("Ann", "Ben")), ("kd", 10), ("od", 98)]
    assert fields(coming.asks("gin")) == [("who", ("Ann", "Ben")), ("od", 98)]
    assert coming.asks("wall") == ()


def test_partnership_asks_a_walls_table_while_both_tables_may_have_had_it() -> None:
    coming = partnership()
    four = ("Ann", "Cid", "Bob", "Dee")
    assert (coming.number, coming.deal_number) == (1, 1)
    assert fields(coming.asks("wall")) == [("table", four)]
    assert coming.asks("wall")[0].said() == "At which table? Name a player there"
    assert fields(coming.asks("knock")) == [("who", four), ("kd", 10), ("od", 98)]
    reported = partnership(Hand.knock("Ann", 3, 20))
    # the hand's number counts each table's hand; the deal is still the first
    assert (reported.number, reported.deal_number) == (2, 1)
    assert reported.asks("wall") == ()
    assert fields(reported.asks("gin")) == [("who", ("Bob", "Dee")), ("od", 98)]


def test_oklahoma_asks_the_up_card_first_and_then_what_it_allows() -> None:
    coming = two(Rules(oklahoma=True))
    assert [(q.field, q.said()) for q in coming.first] == [
        ("upcard", "Up-card that started the discard pile (e.g. 7h, KS)")
    ]
    assert coming.first[0].choices == () and coming.first[0].most is None
    four = coming.after_upcard("4d")  # a 4 sets the knock limit to 4
    assert fields(four.asks("knock")) == [("who", ("Ann", "Ben")), ("kd", 4), ("od", 98)]
    assert four.asks("knock")[1].said("Ann", "Ben") == "Ann's deadwood (1-4; 0 if it was gin)"
    ace = coming.after_upcard("AS")  # an ace: gin only
    assert ace.ended.choices == ("gin", "wall", "big_gin")


# Answers typed on a command line: made exact, and an undercut said checked, by the hand


def test_a_name_typed_means_the_player_it_begins_and_no_other() -> None:
    coming = replay(("Ann", "Anna", "Ben"), Rules(three_handed=True, columns=1), "Ann", [])
    coming_hand = coming.next_hand()  # Ann and Anna play, Ben sits out
    typed = Answers("gin", "anna", od=20, typed=True)
    assert coming_hand.build(typed) == Hand.gin("Anna", 20)
    assert str(refused(coming_hand, typed._replace(who="an"))) == (
        "'an' could be Ann or Anna; type more of it."
    )
    assert str(refused(coming_hand, typed._replace(who="zed"))) == (
        "'zed' is not a player of this match: name Ann, Anna or Ben."
    )
    assert str(refused(coming_hand, typed._replace(who="b"))) == (
        "Ben sits out this hand: Ann and Anna are playing."
    )
    # a screen's answers name the player exactly
    assert refused(coming_hand, typed._replace(who="anna", typed=False)).why is Why.UNKNOWN


@pytest.mark.parametrize(
    "rules, kd, od, said",
    [
        (
            Rules(),
            0,
            5,
            "0 v 5 is not an undercut: a knock with 0 deadwood is gin, and gin cannot be undercut.",
        ),
        (
            Rules(tie=Tie.KNOCKER),
            5,
            5,
            "5 v 5 is a tie, and this match gives a tie to the knocker: it is no undercut.",
        ),
        (
            Rules(),
            3,
            20,
            "3 v 20 is not an undercut: that needs the opponent's deadwood at or below the "
            "knocker's.",
        ),
    ],
    ids=["gin", "a tie the knocker wins", "the knocker wins"],
)
def test_an_undercut_said_of_counts_that_make_none_is_refused(
    rules: Rules, kd: int, od: int, said: str
) -> None:
    assert str(refused(two(rules), Answers("knock", "Ann", kd, od, undercut=True))) == said


def test_an_undercut_said_of_counts_that_make_one_is_the_knock() -> None:
    # 5 v 4: the opponent's deadwood below the knocker's; 5 v 5: a tie goes to the opponent
    said = Answers("knock", "Ann", 5, 4, undercut=True)
    assert two().build(said) == Hand.knock("Ann", 5, 4)
    assert two().build(said._replace(od=5)) == Hand.knock("Ann", 5, 5)
