"""Who plays a match, declared once with the rules (docs/rules.md, the variants): how many
names each form takes and whether they are teams, what it does to the rules and refuses of
them; and what the sheet tells the drawing instead of the drawing working it out from the
form (who sat a hand out, a deal half reported, what each pays each, whether a hand names its
games)."""

from __future__ import annotations

import pytest

from scorekeeper.engine import Hand, replay
from scorekeeper.rules import (
    FORMS,
    GAME_KINDS,
    PRESETS,
    Form,
    RuleError,
    Rules,
    Shutout,
    asked_form,
)

TWO, THREE, TEAMS = (FORMS[form] for form in Form)


@pytest.mark.parametrize(
    "names, teams, preset, form",
    [
        pytest.param(2, False, Form.TWO, Form.TWO, id="two-names-two-players"),
        pytest.param(2, True, Form.TWO, Form.PARTNERSHIP, id="teams-make-partnership"),
        pytest.param(2, False, Form.PARTNERSHIP, Form.PARTNERSHIP, id="partnership-preset"),
        pytest.param(3, False, Form.TWO, Form.THREE_HANDED, id="three-names-three-handed"),
        pytest.param(3, False, Form.THREE_HANDED, Form.THREE_HANDED, id="three-handed-preset"),
    ],
)
def test_the_names_and_the_preset_choose_the_form(
    names: int, teams: bool, preset: Form, form: Form
) -> None:
    assert asked_form(names, teams, preset, "x").form is form


@pytest.mark.parametrize(
    "names, teams, preset, said",
    [
        pytest.param(2, False, Form.THREE_HANDED, "played by three", id="two-for-three"),
        pytest.param(3, True, Form.TWO, "which has no teams", id="three-with-teams"),
        pytest.param(
            3, False, Form.PARTNERSHIP, "The partnership preset is Partnership Gin", id="three"
        ),
    ],
)
def test_three_handed_gin_takes_three_names_and_no_teams(
    names: int, teams: bool, preset: Form, said: str
) -> None:
    with pytest.raises(RuleError, match=said):
        asked_form(names, teams, preset, "Partnership")


def test_each_form_declares_its_names() -> None:
    assert [(s.form, s.names, s.teams) for s in FORMS.values()] == [
        (Form.TWO, 2, False),
        (Form.THREE_HANDED, 3, False),
        (Form.PARTNERSHIP, 2, True),
    ]
    assert GAME_KINDS == ("oklahoma", "straight")  # any form plays them


def test_only_teams_are_split_into_partners() -> None:
    assert TEAMS.teams_of(["Ann & Bob", "Cid+Dee"]) == (("Ann", "Bob"), ("Cid", "Dee"))
    assert TWO.teams_of(["Ann & Bob", "Cid"]) is None
    with pytest.raises(RuleError, match="'Ann' is not a team of two"):
        TEAMS.teams_of(["Ann", "Cid & Dee"])


def test_three_handed_gin_fixes_its_rules_and_says_what_of_a_preset_does_not_apply() -> None:
    # Learners play two columns; Three-handed Gin is one column, so that does not apply.
    rules, not_applied = THREE.made(PRESETS["learners"].rules)
    assert (rules.three_handed, rules.columns, not_applied) == (True, 1, ["columns"])
    assert THREE.made(Rules()) == (Rules(three_handed=True, columns=1), [])
    assert TWO.made(PRESETS["learners"].rules) == (PRESETS["learners"].rules, [])


def test_three_handed_gin_refuses_a_two_player_shutout_and_what_it_fixes() -> None:
    refused = THREE.refused({"shutout": Shutout.POINTS.value})
    assert refused is not None and "With three players a shutout" in str(refused)
    refused = THREE.refused({"columns": 2})
    assert refused is not None and "leave out columns" in str(refused)
    assert THREE.refused({"shutout": Shutout.BONUS.value, "columns": 1}) is None
    assert TWO.refused({"shutout": Shutout.POINTS.value, "columns": 2}) is None


def test_a_preset_changes_the_rules_of_its_own_form_or_of_any() -> None:
    partnership, standard = PRESETS["partnership"], PRESETS["standard"]
    assert TEAMS.takes(partnership) and TEAMS.takes(standard) and THREE.takes(standard)
    assert not TWO.takes(partnership) and not THREE.takes(partnership)
    assert not TWO.takes(PRESETS["three-handed"])


def test_the_sheet_says_what_each_pays_each_only_where_each_settles_with_each() -> None:
    # One game to 10: a gin against 20 deadwood scores 20 + 25 and ends it at once.
    two = replay(("Ann", "Ben"), Rules(columns=1, target=10), "Ben", [Hand.gin("Ann", 20)])
    (settled,) = two.games
    assert settled.settlement is not None and settled.settlement.settled_up == {}
    three = replay(
        ("Ann", "Ben", "Cid"),
        Rules(three_handed=True, columns=1, target=10),
        "Ben",
        [Hand.gin("Ann", 20)],
    )
    (settled,) = three.games
    assert settled.settlement is not None
    assert sorted(settled.settlement.settled_up) == [
        (a, b) for a in ("Ann", "Ben", "Cid") for b in ("Ann", "Ben", "Cid") if a != b
    ]
    assert [r.sat_out for r in three.rounds] == [("Cid",)]  # Ann and Ben play the first hand
    assert [r.sat_out for r in two.rounds] == [()]


def test_the_sheet_says_which_table_of_a_deal_is_still_to_report() -> None:
    teams = (("Ann", "Bob"), ("Cid", "Dee"))
    sides = ("Ann & Bob", "Cid & Dee")
    assert replay(sides, Rules(), "Cid & Dee", [], teams).half_reported is None
    half = replay(sides, Rules(), "Cid & Dee", [Hand.gin("Ann", 10)], teams).half_reported
    assert half is not None
    reported, waiting = half
    assert (reported.players, reported.hand, waiting.players, waiting.hand) == (
        ("Ann", "Cid"),
        Hand.gin("Ann", 10),
        ("Bob", "Dee"),
        None,
    )


@pytest.mark.parametrize(
    "rules, several",
    [(Rules(), True), (Rules(columns=1), False), (Rules(columns=1, games=3), True)],
    ids=["three-columns", "one-game", "endless-in-one-column"],
)
def test_the_sheet_says_whether_a_hand_names_its_games(rules: Rules, several: bool) -> None:
    assert replay(("Ann", "Ben"), rules, "Ann", []).several_games is several
