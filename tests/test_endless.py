"""Endless Hollywood and the options of other tables as ``show --json`` and the CSV give them
(docs/cli.md): each game's column, games listed as they open, the gin bonus kept for the
settlement, a last game that counts double; and the dealer who sits out in Three-handed Gin.
Figures are worked out by hand from the rules in the comments.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from harness import Run, at, ok, parse_csv
from rich.console import Console

from scorekeeper.commands.reading import watch_view
from scorekeeper.store import Store
from scorekeeper.web.views import sheet_html

#: Ann v Ben on two columns, three games to 50, gin bonuses kept for the settlement, the last
#: game counting double. Ann deals; the loser deals next.
NEW = ("new", "Ann", "Ben", "--dealer", "ann", "--columns", "2", "--games", "3", "--target")
OPTIONS = ("50", "--gin-bonus-when", "settlement", "--last-game-double")

HANDS = [
    # 1 Ann deals. Ann gin v 30: 30 in Game 1 (her first win), the gin bonus 25 aside.
    ("gin", "ann", "30"),
    # 2 Ben deals. Ben knocks 2 v 52: 50 in Game 1 (his first win): Ben 50 ends Game 1;
    #   Game 3 opens in column 1.
    ("knock", "ben", "2", "52"),
    # 3 Ann deals. Ann knocks 1 v 60: 59; Game 1 is over, so her next game, Game 2: it ends.
    ("knock", "ann", "1", "60"),
    # 4 Ben deals. Ben gin v 40: 40 in Game 3 (the one game left), the gin bonus 25 aside.
    ("gin", "ben", "40"),
    # 5 Ann deals. Ann knocks 3 v 20: 17 in Game 3.
    ("knock", "ann", "3", "20"),
    # 6 Ben deals. Ben knocks 1 v 11: 10 in Game 3: Ben 50 ends it and the match.
    ("knock", "ben", "1", "11"),
]


def play(run: Run, hands: int) -> None:
    ok(run(*NEW, *OPTIONS))
    for hand in HANDS[:hands]:
        ok(run(*hand))


def test_show_json_lists_the_games_opened_each_with_its_column(run: Run) -> None:
    play(run, 1)
    games = json.loads(ok(run("show", "--json")))["games"]
    # Two columns: Games 1 and 2 are open; Game 3 opens only when one of them ends.
    assert [(g["number"], g["column"], g["open"]) for g in games] == [(1, 1, True), (2, 2, True)]
    assert games[0]["points"] == {"Ann": 30, "Ben": 0}  # the gin bonus is not in the column
    ok(run(*HANDS[1]))
    games = json.loads(ok(run("show", "--json")))["games"]
    assert [(g["number"], g["column"], g["open"]) for g in games] == [
        (1, 1, False),
        (2, 2, True),
        (3, 1, True),
    ]


def test_show_json_settlements_with_gin_bonus_and_the_last_game_doubled(run: Run) -> None:
    play(run, 6)
    shown = json.loads(ok(run("show", "--json")))
    games = shown["games"]
    assert [(g["number"], g["column"], g["winner"]) for g in games] == [
        (1, 1, "Ben"),
        (2, 2, "Ann"),
        (3, 1, "Ben"),
    ]
    # Game 1: Ann 30 + 1 box 25 + gin bonus 25 = 80; Ben 50 + 25 + game bonus 100 = 175.
    assert games[0]["settlement"] == {
        "Ann": {
            "points": 30,
            "box_bonus": 25,
            "gin_bonus": 25,
            "game_bonus": 0,
            "shutout": False,
            "total": 80,
        },
        "Ben": {
            "points": 50,
            "box_bonus": 25,
            "gin_bonus": 0,
            "game_bonus": 100,
            "shutout": False,
            "total": 175,
        },
        "net": 95,
    }
    # Game 2: Ben scored nothing in it, so Ann's game bonus is doubled: 59 + 25 + 200 = 284.
    assert games[1]["settlement"]["Ann"] == {
        "points": 59,
        "box_bonus": 25,
        "gin_bonus": 0,
        "game_bonus": 200,
        "shutout": True,
        "total": 284,
    }
    assert games[1]["settlement"]["net"] == 284
    # Game 3, the last, counts double: Ann (17 + 25) x 2 = 84; Ben (50 + 2 boxes 50 + gin
    # bonus 25 + 100) x 2 = 450; net 450 - 84 = 366.
    assert games[2]["settlement"] == {
        "Ann": {
            "points": 17,
            "box_bonus": 25,
            "gin_bonus": 0,
            "game_bonus": 0,
            "shutout": False,
            "total": 84,
            "doubled": True,
        },
        "Ben": {
            "points": 50,
            "box_bonus": 50,
            "gin_bonus": 25,
            "game_bonus": 100,
            "shutout": False,
            "total": 450,
            "doubled": True,
        },
        "net": 366,
    }
    # Ben: +95 - 284 + 366 = 177; he won Games 1 and 3.
    assert shown["net"] == {"Ann": -177, "Ben": 177}
    assert shown["winner"] == "Ben"


def test_show_json_has_no_gin_bonus_nor_doubled_under_the_standard_rules(run: Run) -> None:
    ok(run("new", "Ann", "Ben", "--dealer", "ann", "--columns", "1", "--target", "50"))
    ok(run("gin", "ann", "30"))  # 30 + 25 = 55: the one game ends
    (game,) = json.loads(ok(run("show", "--json")))["games"]
    assert game["column"] == 1
    assert set(game["settlement"]["Ann"]) == {
        "points",
        "box_bonus",
        "game_bonus",
        "shutout",
        "total",
    }


def test_csv_has_a_column_per_player_and_game_and_the_gin_bonus_row(run: Run) -> None:
    play(run, 6)
    rows = parse_csv(ok(run("export")))
    assert rows[0][9:] == [
        "Ann game 1",
        "Ann game 2",
        "Ann game 3",
        "Ben game 1",
        "Ben game 2",
        "Ben game 3",
    ]
    # The running totals; Game 3 has no cell before it opens (after hand 2).
    assert [",".join(row) for row in rows[1:7]] == [
        "1,Ann,gin,Ann,0,30,Ann,30,1,30,0,,0,0,",
        "2,Ben,knock,Ben,2,52,Ben,50,1,30,0,0,50,0,0",
        "3,Ann,knock,Ann,1,60,Ann,59,2,30,59,0,50,0,0",
        "4,Ben,gin,Ben,0,40,Ben,40,3,30,59,0,50,0,40",
        "5,Ann,knock,Ann,3,20,Ann,17,3,30,59,17,50,0,40",
        "6,Ben,knock,Ben,1,11,Ben,10,3,30,59,17,50,0,50",
    ]
    settled = {row[0]: row[9:] for row in rows[7:]}
    assert list(settled) == [
        "boxes",
        "box bonus",
        "gin bonus",
        "game bonus",
        "shutout",
        "total",
        "net",
        "match net",
        "winner",
    ]
    assert settled["boxes"] == ["1", "1", "1", "1", "0", "2"]
    assert settled["box bonus"] == ["25", "25", "25", "25", "0", "50"]
    assert settled["gin bonus"] == ["25", "0", "0", "0", "0", "25"]
    assert settled["game bonus"] == ["0", "200", "0", "100", "0", "100"]
    assert settled["shutout"] == ["0", "1", "0", "0", "0", "0"]
    assert settled["total"] == ["80", "284", "84", "175", "0", "450"]
    assert settled["net"] == ["-95", "284", "-366", "95", "-284", "366"]
    assert settled["match net"] == ["-177", "", "", "177", "", ""]
    assert rows[-1][6] == "Ben"


def test_csv_of_the_standard_rules_has_no_gin_bonus_row(run: Run) -> None:
    ok(run("new", "Ann", "Ben", "--dealer", "ann"))
    ok(run("gin", "ann", "30"))
    labels = [row[0] for row in parse_csv(ok(run("export")))[2:]]
    assert "gin bonus" not in labels


def test_the_dealer_who_sits_out_deals_to_the_other_two(run: Run) -> None:
    said = ok(run("new", "Ann", "Ben", "Cid", "--dealer-sits-out"))
    assert "Cid sits out and deals to Ann and Ben." in said  # the third named deals first
    said = ok(run("knock", "ann", "3", "20"))
    # Ben lost: he sits out the next hand and deals it to Ann and Cid.
    assert said.splitlines()[-1] == "Ben sits out and deals to Ann and Cid."
    assert ok(run("show")).splitlines()[-1] == "Ben sits out and deals to Ann and Cid."
    said = ok(run("wall"))  # after a wall the same player deals and sits out again
    assert said.splitlines()[-1] == "Ben sits out and deals to Ann and Cid."


def test_the_page_and_the_picture_show_the_games_in_the_columns_first(
    run: Run, store_dir: Path
) -> None:
    play(run, 3)  # Game 1 (column 1) and Game 2 (column 2) ended; Game 3 is in column 1
    match = Store(store_dir).load(1)
    page = sheet_html(match, match.sheet())
    wide = page[page.index('class="games wide"') : page.index('class="games stacked"')]
    headings = re.findall(r'<th class="figure[^"]*">([^<]*)</th>', wide)
    # The games in the columns now, in game order (Game 2 in column 2, over; Game 3 in column
    # 1), then under "Games ended" the one that made way: Game 1.
    assert headings == ["Game 2", "Game 3", "Game 2", "Game 3", "Game 1", "Game 1"]
    assert wide.index("Games ended") > wide.index("Game 3")
    picture = ok(run("export", "--format", "html"))
    assert picture.index("Game 2") < picture.index("Game 3") < picture.index("Games ended")
    assert picture.index("Games ended") < picture.index("Game 1")


def test_three_handed_players_shut_out_pay_the_shutout_bonus(run: Run) -> None:
    ok(run("new", "Ann", "Ben", "Cid", "--dealer", "ann", "--shutout", "bonus"))
    ok(run("gin", "ann", "98"))  # 98 + 25 = 123: Ann wins; Ben and Cid scored nothing
    shown = ok(run("show")).splitlines()
    # Ann: 123 + 1 box 25 + game bonus 100 = 248; she collects 248 and the shutout bonus 100
    # from each of the two shut out: (248 + 100) x 2 = +696.
    assert "  Ann: total 248, collects 348 from Ben and collects 348 from Cid: net +696" in shown
    assert "  Ben is shut out and pays Ann the shutout bonus of 100." in shown
    assert "  Cid is shut out and pays Ann the shutout bonus of 100." in shown


def words(line: str) -> list[str]:
    return line.split()


def test_the_sheet_shows_the_games_in_progress_in_game_order_each_with_its_column(
    run: Run, store_dir: Path
) -> None:
    """After hand 2, Game 1 (column 1) has ended and Game 3 opened in column 1 beside Game 2
    (column 2): the sheet shows Game 2, then Game 3, and says under it where each is played.
    Nobody has scored in either: each needs the target, 50."""
    play(run, 2)
    for screen in (ok(run("show", env=at(80))), ok(run("show", env=at(40)))):
        # the games in progress, in game order (at 40 columns, one under another)
        assert screen.index("Game 2") < screen.index("Game 3") < screen.index("Games ended")
        assert screen.index("Games ended") < screen.index("Game 1")
        said = " ".join(screen.split())  # the lines under it, unwrapped
        assert "Game 2 (column 2): open; Ann needs 50, Ben needs 50" in said
        assert "Game 3 (column 1): open; Ann needs 50, Ben needs 50" in said
    wide = ok(run("show", env=at(80))).splitlines()
    heading = next(line for line in wide if line.startswith("#"))
    assert words(heading) == ["#", "Hand", "Game", "2", "Game", "3", "Game", "2", "Game", "3"]
    terminal = Console(file=io.StringIO(), width=80, height=40, color_system=None)
    terminal.print(watch_view(Store(store_dir), None, terminal))  # show --watch's screen
    watched = terminal.file.getvalue()  # type: ignore[attr-defined]
    assert watched.index("Game 2") < watched.index("Game 3") < watched.index("Games ended")


def test_the_hands_report_shows_the_games_in_game_order_each_under_its_column(
    run: Run,
) -> None:
    """Hand 2 (Ben knocks 2 v 52: 50) ends Game 1, shown in its column, column 1, beside Game
    2: in the columns' order, no column said. Hand 3 (Ann knocks 1 v 60: 59) ends Game 2, in
    column 2, while Game 3 plays in column 1: Game 2 then Game 3, each under its column."""
    ok(run(*NEW, *OPTIONS))
    ok(run(*HANDS[0]))
    said = ok(run(*HANDS[1], env=at(80))).splitlines()
    assert [words(line) for line in said[1:4]] == [
        ["Game", "1", "Game", "2"],
        ["Ann", "30", "0"],
        ["Ben", "50*", "0"],
    ]
    said = ok(run(*HANDS[2], env=at(80))).splitlines()
    assert [words(line) for line in said[1:5]] == [
        ["Game", "2", "Game", "3"],
        ["column", "2", "column", "1"],
        ["Ann", "59*", "0"],
        ["Ben", "0", "0"],
    ]
    assert said[5] == "  (* won the game)"
