"""Managing matches (CLI.md "Managing matches"): ``abandon``, ``delete``, ``restore``,
``rename``, the ``stats`` they leave out, and the uuid by which ``import`` knows a match it holds
already (CLI.md "Export and import").

Figures are worked out by hand in the comments. A refused command must leave the store exactly
as it was, byte for byte (``snapshot``).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from harness import Run, invoke, ok, refused, sheet, snapshot

pytestmark = pytest.mark.disk

FIXTURE = Path(__file__).parent / "fixtures" / "store-schema-1"
UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")


def exported(run: Run, *match: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok(run("export", *match, "--format", "json")))
    return data


def export_to(run: Run, path: Path, *match: Any) -> Path:
    ok(run("export", *match, "--format", "json", "-o", path, "--force"))
    return path


def status(run: Run) -> list[list[str]]:
    """``matches``: each line's id and its last cells (status, winner)."""
    return [line.split()[:1] + line.split()[7:] for line in ok(run("matches")).splitlines()[1:]]


def ann_ben(run: Run, *options: str) -> None:
    """Ann v Ben, Ben dealing: Ann knocks 4 v 27 (+23 [1]), Ben gin v 10 (+35 [1])."""
    ok(run("new", "Ann", "Ben", "--dealer", "ben", *options))
    ok(run("knock", "ann", "4", "27"))
    ok(run("gin", "ben", "10"))


# abandon


def test_abandon_ends_the_match_without_a_winner(run: Run) -> None:
    ann_ben(run)
    assert ok(run("abandon")) == (
        "Abandoned match 1 (Ann v Ben, 2 hands): no winner, and no hand can follow. "
        "'scorekeeper undo' takes it back.\n"
    )
    shown = sheet(run)
    assert (shown["finished"], shown["winner"], shown["abandoned"]) == (False, None, True)
    assert shown["games"][0]["points"] == {"Ann": 23, "Ben": 35}
    assert status(run) == [["*1", "abandoned"]]
    assert "Match 1 was abandoned: no winner" in ok(run("show"))
    assert exported(run)["changes"][0]["change"] == "abandoned"


@pytest.mark.parametrize(
    "args",
    [
        ["knock", "ann", "3", "20"],
        ["gin", "ben", "5"],
        ["wall"],
        ["amend", "1", "wall"],
        ["record"],
    ],
)
def test_no_hand_follows_an_abandoning(run: Run, store_dir: Path, args: list[str]) -> None:
    ann_ben(run)
    ok(run("abandon"))
    before = snapshot(store_dir)
    refused(run(*args, input="wall\ny\n"), 1, "Match 1 was abandoned", "'scorekeeper undo'")
    assert snapshot(store_dir) == before


def test_undo_right_after_takes_the_abandoning_back(run: Run) -> None:
    ann_ben(run)
    ok(run("abandon"))
    assert ok(run("undo")).splitlines() == [
        "Match 1 is being played again: the abandoning is taken back.",
        "Ann deals next.",  # Ann lost hand 2
    ]
    shown = sheet(run)
    assert "abandoned" not in shown and len(shown["rounds"]) == 2  # no hand was voided
    ok(run("knock", "ann", "3", "20"))  # Ann +17 [1, 2]: 40 / 17
    assert [g["points"]["Ann"] for g in sheet(run)["games"]] == [40, 17, 0]
    assert status(run) == [["*1", "open"]]
    changes = exported(run)["changes"]
    assert [(c["change"], c["status"]) for c in changes] == [("abandoned", "voided")]
    ok(run("abandon"))  # and again: the history keeps both
    assert [c["status"] for c in exported(run)["changes"]] == ["voided", "in force"]


@pytest.mark.parametrize(
    "setup, args, fragments",
    [
        (
            [["new", "Ann", "Ben", "--target", "10", "--end-after-first-game"]]
            + [["knock", "ann", "1", "20"]],
            ["abandon"],
            ["Match 1 is over", "cannot be abandoned"],
        ),
        ([["new", "Ann", "Ben"], ["abandon"]], ["abandon"], ["abandoned already"]),
        ([], ["abandon"], ["no current match"]),
        ([["new", "Ann", "Ben"]], ["abandon", "4"], ["no match 4"]),
    ],
    ids=["finished", "twice", "no-current-match", "unknown-match"],
)
def test_abandon_refuses_a_match_that_is_not_being_played(
    run: Run,
    store_dir: Path,
    setup: list[list[str]],
    args: list[str],
    fragments: list[str],
) -> None:
    for step in setup:
        ok(run(*step))
    before = snapshot(store_dir)
    refused(run(*args), 1, *fragments)
    assert snapshot(store_dir) == before


def test_abandon_a_match_that_is_not_current_and_play_a_rematch(run: Run) -> None:
    ann_ben(run)
    ok(run("new", "Cid", "Dee"))
    ok(run("abandon", "1"))
    assert status(run) == [["1", "abandoned"], ["*2", "open"]]
    ok(run("use", "1"))
    out = ok(run("new", "--rematch"))  # the next series: Ann lost hand 2, she deals
    assert out.splitlines()[:2] == [
        "Match 3: Ann v Ben, the last match's rules.",
        "Ann deals first, as the last match said.",
    ]


def test_an_abandoned_match_travels_abandoned(run: Run, tmp_path: Path) -> None:
    ann_ben(run)
    ok(run("abandon"))
    path = export_to(run, tmp_path / "stopped.json")
    ok(run("import", "--as-new", path))
    assert sheet(run)["abandoned"] is True
    refused(run("wall"), 1, "Match 2 was abandoned")


# delete and restore


def test_delete_asks_first(run: Run, store_dir: Path) -> None:
    ann_ben(run)
    before = snapshot(store_dir)
    out = ok(run("delete", "1", input="n\n"))
    assert out == "Delete match 1 (Ann v Ben, 2 hands)? [y/N]: n\nNothing was deleted.\n"
    assert snapshot(store_dir) == before
    # Enter alone keeps the match: deleting is never the default.
    assert ok(run("delete", "1", input="\n")).endswith("Nothing was deleted.\n")
    assert snapshot(store_dir) == before
    refused(run("delete", "1"), 1, "no answer", "--yes")  # no answer at all
    assert snapshot(store_dir) == before
    ok(run("delete", "1", input="y\n"))
    assert status(run) == []


def test_a_deleted_match_is_kept_aside_and_restored_unchanged(
    run: Run, store_dir: Path, tmp_path: Path
) -> None:
    ann_ben(run)
    ok(run("new", "Cid", "Dee", "--dealer", "cid", "--target", "10", "--end-after-first-game"))
    ok(run("knock", "cid", "2", "30"))  # Cid 28 >= 10: match 2 is over
    ok(run("use", "1"))
    file = (store_dir / "matches" / "2.json").read_bytes()
    shown, export = sheet(run, "2"), exported(run, "2")
    assert "Cid" in ok(run("stats"))
    out = ok(run("delete", "2", "--yes"))
    assert out == (
        "Deleted match 2 (Cid v Dee, 1 hand); 'scorekeeper restore 2' brings it back, and "
        "'scorekeeper matches --deleted' lists the deleted matches.\n"
    )
    assert status(run) == [["*1", "open"]]  # the current match stays current
    assert [line.split()[0] for line in ok(run("matches", "--deleted")).splitlines()] == [
        "id",
        "2",
    ]
    assert "Cid" not in ok(run("stats"))
    for args in (["show", "2"], ["use", "2"], ["log", "2"], ["wall", "-m", "2"]):
        refused(run(*args), 1, "Match 2 was deleted", "'scorekeeper restore 2'")
    assert (store_dir / "deleted" / "2.json").read_bytes() == file
    ok(run("new", "Eve", "Fay"))  # ids are never given out twice
    assert sheet(run)["id"] == 3
    assert ok(run("restore", "2")) == "Restored match 2 (Cid v Dee, 1 hand), as it was.\n"
    assert (store_dir / "matches" / "2.json").read_bytes() == file
    assert (sheet(run, "2"), exported(run, "2")) == (shown, export)
    assert "Cid" in ok(run("stats"))
    assert ok(run("matches", "--deleted")) == "No match has been deleted.\n"
    assert ok(run("check")).endswith("3 matches, all readable and consistent with the rules.\n")


def test_deleting_the_current_match_makes_the_newest_match_still_being_played_current(
    run: Run,
) -> None:
    ann_ben(run)  # 1: open
    ok(run("new", "Cid", "Dee", "--dealer", "cid", "--target", "10", "--end-after-first-game"))
    ok(run("knock", "cid", "2", "30"))  # 2: over
    ok(run("new", "Eve", "Fay"))
    ok(run("abandon"))  # 3: abandoned
    ok(run("new", "Gus", "Hal"))  # 4: current
    out = ok(run("delete", "4", "--yes"))
    assert out.splitlines()[1] == "The current match is now match 1 (Ann v Ben, 2 hands)."
    assert status(run) == [["*1", "open"], ["2", "finished", "Cid"], ["3", "abandoned"]]
    assert sheet(run)["id"] == 1
    # Restoring it leaves the current match as it is.
    assert ok(run("restore", "4")) == "Restored match 4 (Gus v Hal, 0 hands), as it was.\n"
    assert sheet(run)["id"] == 1
    # Deleting another match leaves the current match as it is too.
    assert len(ok(run("delete", "2", "--yes")).splitlines()) == 1
    assert sheet(run)["id"] == 1


def test_deleting_the_current_match_says_so_in_the_language(run: Run) -> None:
    ann_ben(run)
    ok(run("new", "Cid", "Dee"))
    assert ok(run("--lang", "de", "delete", "2", "--yes")).splitlines()[1] == (
        "Die aktuelle Partie ist jetzt Partie 1 (Ann gegen Ben, 2 Runden)."
    )
    ok(run("restore", "2"))
    assert ok(run("--lang", "nl", "delete", "1", "--yes")).splitlines()[1] == (
        "De huidige partij is nu partij 2 (Cid tegen Dee, 0 handen)."
    )


def test_deleting_the_current_match_with_none_other_being_played_leaves_none_current(
    run: Run,
) -> None:
    ann_ben(run)
    ok(run("abandon"))
    ok(run("new", "Cid", "Dee"))
    out = ok(run("delete", "2", "--yes"))
    assert out.splitlines()[1] == (
        "There is no current match now: choose one with 'scorekeeper use MATCH', or start one "
        "with 'scorekeeper new'."
    )
    refused(run("show"), 1, "There is no current match")
    # Restored while no other match was made current, it is the current match again.
    assert ok(run("restore", "2")) == (
        "Restored match 2 (Cid v Dee, 0 hands), as it was.\nIt is the current match again.\n"
    )
    assert sheet(run)["id"] == 2
    ok(run("delete", "2", "--yes"))
    ok(run("new", "Eve", "Fay"))
    assert sheet(run)["id"] == 3  # a new match is current
    assert ok(run("restore", "2")) == "Restored match 2 (Cid v Dee, 0 hands), as it was.\n"
    assert sheet(run)["id"] == 3


def test_the_match_current_after_a_deletion_is_named_before_the_match_is_moved(
    run: Run, store_dir: Path
) -> None:
    """``delete`` names the fallback in store.json first, saying the same as before; the move
    of the file alone makes the fallback current, so a kill between the two leaves the
    deleted match current and in the store."""
    ann_ben(run)
    ok(run("new", "Cid", "Dee"))
    assert "fallback" not in json.loads((store_dir / "store.json").read_text(encoding="utf-8"))
    ok(run("delete", "2", "--yes"))
    pointer = json.loads((store_dir / "store.json").read_text(encoding="utf-8"))
    assert (pointer["store"]["1"], pointer["fallback"]["1"]) == (
        {"current": 2, "newest": 2},
        {"current": 1},
    )
    assert sheet(run)["id"] == 1
    shutil.move(store_dir / "deleted" / "2.json", store_dir / "matches" / "2.json")  # not moved
    assert sheet(run)["id"] == 2


def test_deleting_the_newest_match_of_a_store_without_a_pointer(run: Run, store_dir: Path) -> None:
    """Without store.json the newest match is current; deleting it leaves none current when
    no other match is being played, not the one before it."""
    ann_ben(run)
    ok(run("abandon"))
    ok(run("new", "Cid", "Dee"))
    (store_dir / "store.json").unlink()
    ok(run("delete", "2", "--yes"))
    refused(run("show"), 1, "There is no current match")


@pytest.mark.parametrize(
    "args, fragments",
    [
        (["delete", "7", "--yes"], ["no match 7"]),
        (["restore", "1"], ["not among the deleted", "nothing to restore"]),
        (["restore", "7"], ["not among the deleted"]),
        (["delete", "one"], ["'one'"]),
    ],
)
def test_delete_and_restore_refuse_what_is_not_there(
    run: Run, store_dir: Path, args: list[str], fragments: list[str]
) -> None:
    ann_ben(run)
    before = snapshot(store_dir)
    refused(run(*args), 2 if args[-1] == "one" else 1, *fragments)
    assert snapshot(store_dir) == before


def test_a_match_both_deleted_and_in_play_is_never_overwritten(run: Run, store_dir: Path) -> None:
    ann_ben(run)
    ok(run("delete", "1", "--yes"))
    shutil.copy(store_dir / "deleted" / "1.json", store_dir / "matches" / "1.json")
    ok(run("knock", "-m", "1", "ann", "3", "20"))  # the copy in play changes
    before = snapshot(store_dir)
    refused(run("restore", "1"), 1, "in the store")
    refused(run("delete", "1", "--yes"), 1, "in the way", "deleted/1.json")
    refused(run("check"), 1, "1 problem")
    assert "match 1 is both in the store and among the deleted" in run("check").stderr
    assert snapshot(store_dir) == before


def test_check_reads_the_deleted_matches_too(run: Run, store_dir: Path) -> None:
    ann_ben(run)
    ok(run("delete", "1", "--yes"))
    (store_dir / "deleted" / "1.json").write_text("{", encoding="utf-8")
    refused(run("check"), 1, "1 problem")
    assert "deleted/1.json is damaged" in run("check").stderr


# rename


def test_rename_corrects_a_name_and_keeps_the_hands(run: Run, store_dir: Path) -> None:
    ann_ben(run)
    hands = json.loads((store_dir / "matches" / "1.json").read_text(encoding="utf-8"))["hands"]
    assert ok(run("rename", "an", "Hanna")) == (
        "Renamed Ann to Hanna in match 1 (Hanna v Ben); the hands stay as they were.\n"
    )
    shown = sheet(run)
    assert shown["players"] == ["Hanna", "Ben"]
    assert shown["rounds"][0]["knocker"] == "Hanna" and shown["rounds"][0]["points"] == 23
    assert shown["games"][0]["points"] == {"Hanna": 23, "Ben": 35}
    stored = json.loads((store_dir / "matches" / "1.json").read_text(encoding="utf-8"))
    assert stored["hands"] == hands
    assert "Hanna knocks 4 v 27" in ok(run("log"))
    ok(run("knock", "han", "3", "20"))  # Hanna +17 [1, 2]
    assert [g["points"]["Hanna"] for g in sheet(run)["games"]] == [40, 17, 0]
    refused(run("knock", "ann", "3", "20"), 2, "'ann' is not a player")


def test_the_export_keeps_the_first_name_and_the_renaming(run: Run, tmp_path: Path) -> None:
    ann_ben(run)
    ok(run("rename", "ann", "Anne"))
    ok(run("knock", "anne", "3", "20"))
    ok(run("rename", "ben", "Bea"))
    ok(run("rename", "anne", "Ben"))  # a name given up may be taken
    data = exported(run)
    assert data["players"] == ["Ann", "Ben"]
    assert [h["knocker"] for h in data["hands"]] == ["Ann", "Ben", "Ann"]
    assert [(c["change"], c["old"], c["new"]) for c in data["changes"]] == [
        ("renamed", "Ann", "Anne"),
        ("renamed", "Ben", "Bea"),
        ("renamed", "Anne", "Ben"),
    ]
    original = sheet(run)
    assert original["players"] == ["Ben", "Bea"]
    path = export_to(run, tmp_path / "renamed.json")
    ok(run("import", "--as-new", path))
    assert {**sheet(run), "id": 1} == original


def test_rename_in_a_partnership_renames_the_team(run: Run) -> None:
    ok(run("new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "ann"))
    ok(run("knock", "ann", "3", "20"))
    ok(run("rename", "ann", "Anna"))
    shown = sheet(run)
    assert shown["players"] == ["Anna & Bob", "Cid & Dee"]
    assert shown["teams"] == [["Anna", "Bob"], ["Cid", "Dee"]]
    assert shown["next_dealer"] == "Anna & Bob"  # nobody has scored a deal yet
    assert shown["pending"][0]["winner"] == "Anna"


def test_rename_a_team_by_its_name(run: Run, store_dir: Path) -> None:
    ok(run("new", "--teams", "Ann & Bob", "Cid & Dee", "--dealer", "ann"))
    ok(run("knock", "ann", "3", "20"))
    # The team by a beginning of its name; each partner whose name changes is renamed.
    assert ok(run("rename", "cid &", "Cyd & Dee")) == (
        "Renamed Cid & Dee to Cyd & Dee in match 1 (Ann & Bob v Cyd & Dee); the hands stay as "
        "they were.\n"
    )
    shown = sheet(run)
    assert shown["teams"] == [["Ann", "Bob"], ["Cyd", "Dee"]]
    assert [change["new"] for change in exported(run)["changes"]] == ["Cyd"]
    before = snapshot(store_dir)
    refused(run("rename", "ann & bob", "Ann & Bob"), 2, "is called Ann & Bob already")
    refused(run("rename", "ann & bob", "Ann, Bob, Eve"), 2, "not a team of two")
    assert snapshot(store_dir) == before


def test_rename_in_another_match(run: Run) -> None:
    ann_ben(run)
    ok(run("new", "Cid", "Dee"))
    ok(run("rename", "cid", "Cyd", "--match", "2"))
    ok(run("rename", "-m", "1", "ben", "Benjamin"))
    assert sheet(run, "1")["players"] == ["Ann", "Benjamin"]
    assert sheet(run, "2")["players"] == ["Cyd", "Dee"]


@pytest.mark.parametrize(
    "args, fragments",
    [
        (["rename", "ann", "BEN"], ["'BEN' is the name of Ben", "case and accents"]),
        (["rename", "ann", "Bén"], ["'Bén' is the name of Ben"]),
        (["rename", "ann", "Ann"], ["Ann is called that already"]),
        (["rename", "ann", ""], ["cannot be empty"]),
        (["rename", "ann", "x" * 41], ["longer than 40"]),
        (["rename", "ann", "An\x1bn"], ["control character"]),
        (["rename", "ann", " Ann"], ["starts or ends with a space"]),
        (["rename", "zed", "Zoe"], ["'zed' is not a player"]),
        (["rename", "ann"], ["Missing argument"]),
        (["rename", "-m", "5", "ann", "Anne"], ["no match 5"]),
    ],
)
def test_rename_refuses_a_name_that_cannot_be(
    run: Run, store_dir: Path, args: list[str], fragments: list[str]
) -> None:
    ann_ben(run)
    before = snapshot(store_dir)
    refused(run(*args), 1 if "-m" in args else 2, *fragments)
    assert snapshot(store_dir) == before


def test_rename_refuses_a_partner_name_that_would_join_a_team(run: Run, store_dir: Path) -> None:
    ok(run("new", "--teams", "Ann & Bob", "Cid & Dee"))
    before = snapshot(store_dir)
    refused(run("rename", "ann", "Ann & Al"), 2, "cannot hold '&'")
    refused(run("rename", "cid", "dee"), 2, "the name of Dee")
    assert snapshot(store_dir) == before


def test_a_renaming_case_correction_is_allowed(run: Run) -> None:
    ok(run("new", "ann", "Ben"))
    ok(run("rename", "ann", "Ann"))
    assert sheet(run)["players"] == ["Ann", "Ben"]


# The uuid and importing a match the store holds


def test_every_match_has_its_own_uuid_kept_by_export_and_import(run: Run, tmp_path: Path) -> None:
    ann_ben(run)
    ok(run("new", "Ann", "Ben"))
    first, second = exported(run, "1")["uuid"], exported(run, "2")["uuid"]
    assert UUID.match(first) and UUID.match(second) and first != second
    ok(run("wall", "-m", "1"))
    assert exported(run, "1")["uuid"] == first
    other = tmp_path / "other"
    path = export_to(run, tmp_path / "one.json", "1")
    ok(invoke(other, "import", path))
    assert json.loads(ok(invoke(other, "export", "--format", "json")))["uuid"] == first
    ok(run("import", "--as-new", path))
    assert exported(run)["uuid"] not in (first, second)


def test_importing_the_same_match_twice_changes_nothing(
    run: Run, store_dir: Path, tmp_path: Path
) -> None:
    ann_ben(run)
    path = export_to(run, tmp_path / "evening.json")
    ok(run("new", "Cid", "Dee"))
    before = snapshot(store_dir)
    assert ok(run("import", path)) == (
        f"{path} is match 1 (Ann v Ben), as the store holds it already; nothing was "
        "changed.\nMatch 1 is not the current match; 'scorekeeper use 1' makes it current.\n"
    )
    assert snapshot(store_dir) == before


def test_an_earlier_copy_is_brought_up_to_date_in_place(run: Run, tmp_path: Path) -> None:
    """The laptop has hands 1-2; the other machine played on (a knock, a hand undone, one
    corrected) and its export brings the laptop's match 1 up to date."""
    phone = tmp_path / "phone"
    ann_ben(run)  # the laptop
    start = export_to(run, tmp_path / "start.json")
    ok(invoke(phone, "import", start))
    for args in (
        ["knock", "ann", "3", "20"],  # 3 Ann +17 [1, 2]
        ["wall"],  # 4
        ["undo"],  # hand 4 voided
        ["amend", "1", "knock", "ann", "4", "30"],  # hand 1: Ann +26 [1]
    ):
        ok(invoke(phone, *args))
    later = tmp_path / "later.json"
    ok(invoke(phone, "export", "--format", "json", "-o", str(later)))
    ok(run("new", "Eve", "Fay"))  # the laptop's current match is another one
    assert ok(run("import", later)).splitlines() == [
        f"Brought match 1 (Ann v Ben) up to date from {later}: 3 hands now.",
        "Match 1 is not the current match; 'scorekeeper use 1' makes it current.",
    ]
    assert sheet(run, "1") == json.loads(ok(invoke(phone, "show", "--json")))
    assert [g["points"]["Ann"] for g in sheet(run, "1")["games"]] == [26 + 17, 17, 0]
    assert sheet(run)["players"] == ["Eve", "Fay"]
    # The phone's older export is now behind the laptop's copy: nothing to do.
    assert ok(run("import", start)).splitlines()[0] == (
        f"Match 1 (Ann v Ben) holds all of {start} already, and more; nothing was changed."
    )


def test_a_copy_that_disagrees_is_refused_naming_both(
    run: Run, store_dir: Path, tmp_path: Path
) -> None:
    ann_ben(run)
    start = export_to(run, tmp_path / "start.json")
    phone = tmp_path / "phone"
    ok(invoke(phone, "import", start))
    ok(invoke(phone, "knock", "ben", "2", "20"))
    ok(run("knock", "ann", "2", "20"))  # both played a hand 3, and not the same
    other = tmp_path / "other.json"
    ok(invoke(phone, "export", "--format", "json", "-o", str(other)))
    before = snapshot(store_dir)
    refused(
        run("import", other),
        1,
        "other.json (",  # a long path is cut in the middle: its file's name stays
        "and match 1 (Ann v Ben) are copies of one match that disagree",
        "Nothing was imported",
        "--as-new",
    )
    assert snapshot(store_dir) == before
    ok(run("import", "--as-new", other))
    assert sheet(run)["id"] == 2


def test_importing_a_deleted_match_says_to_restore_it(
    run: Run, store_dir: Path, tmp_path: Path
) -> None:
    ann_ben(run)
    path = export_to(run, tmp_path / "evening.json")
    ok(run("delete", "1", "--yes"))
    before = snapshot(store_dir)
    refused(run("import", path), 1, "is match 1, which was deleted", "'scorekeeper restore 1'")
    assert snapshot(store_dir) == before


def test_several_files_each_become_a_match_and_the_last_is_current(
    run: Run, tmp_path: Path
) -> None:
    samples = Path(__file__).resolve().parent.parent / "sample_sessions"
    first, second = samples / "01-worked-example.json", samples / "08-straight-gin.json"
    out = ok(run("import", first, second, first))
    lines = out.splitlines()
    assert lines[0] == f"Imported {first} as match 1: Alexandra v Bob, 12 hands."
    assert lines[1].startswith(f"Imported {second} as match 2: ")
    assert lines[2] == (
        f"{first} is match 1 (Alexandra v Bob), as the store holds it already; nothing was changed."
    )
    assert lines[3] == "Match 1 is not the current match; 'scorekeeper use 1' makes it current."
    assert sheet(run)["id"] == 2
    assert len(lines) == 4


def test_a_file_and_its_later_copy_in_one_import(run: Run, tmp_path: Path) -> None:
    ann_ben(run)
    early = export_to(run, tmp_path / "early.json")
    ok(run("wall"))
    late = export_to(run, tmp_path / "late.json")
    assert ok(invoke(tmp_path / "other", "import", early, late, early)).splitlines() == [
        f"Imported {early} as match 1: Ann v Ben, 2 hands.",
        f"Brought match 1 (Ann v Ben) up to date from {late}: 3 hands now.",
        f"Match 1 (Ann v Ben) holds all of {early} already, and more; nothing was changed.",
    ]


@pytest.mark.parametrize("bad", ["not json", "disagrees"])
def test_one_bad_file_imports_none_of_them(
    run: Run, store_dir: Path, tmp_path: Path, bad: str
) -> None:
    ann_ben(run)
    good = export_to(run, tmp_path / "good.json")
    ok(run("delete", "1", "--yes"))
    ok(run("new", "Cid", "Dee"))
    wrong = tmp_path / "wrong.json"
    if bad == "not json":
        wrong.write_text("{", encoding="utf-8")
    else:  # a copy of match 2 whose hand 1 is another
        phone = tmp_path / "phone"
        ok(invoke(phone, "import", export_to(run, tmp_path / "two.json")))
        ok(invoke(phone, "knock", "cid", "3", "20"))
        ok(invoke(phone, "export", "--format", "json", "-o", str(wrong)))
        ok(run("knock", "dee", "3", "20"))
    ok(run("restore", "1"))
    ok(run("use", "2"))
    before = snapshot(store_dir)
    samples = Path(__file__).resolve().parent.parent / "sample_sessions"
    result = run("import", samples / "01-worked-example.json", good, wrong)
    refused(result, 2 if bad == "not json" else 1, "wrong.json")
    assert result.stdout == ""
    assert snapshot(store_dir) == before


def test_a_file_that_cannot_be_stored_midway_is_named_and_the_rest_said(
    run: Run, store_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each file is its own change: when the disk fails on the second, the first stays
    imported, and the error says which were and which were not."""
    from scorekeeper.store import files

    samples = Path(__file__).resolve().parent.parent / "sample_sessions"
    first, second = samples / "01-worked-example.json", samples / "08-straight-gin.json"
    write = files.write_atomically

    def full_on_match_2(path: str, content: bytes, temp_dir: str, *witness: Any) -> bool:
        if path.endswith("2.json"):
            raise files.StoreError(f"Cannot write {path}: No space left on device.")
        return write(path, content, temp_dir, *witness)

    with monkeypatch.context() as disk:  # undone after, the fixtures' patches kept
        disk.setattr(files, "write_atomically", full_on_match_2)
        result = run("import", first, second)
    assert result.exit_code == 1  # not every file was imported
    assert result.stdout == f"Imported {first} as match 1: Alexandra v Bob, 12 hands.\n"
    (line,) = result.stderr.splitlines()
    assert line.startswith("Error: ") and "08-straight-gin.json" in line
    assert "could not be imported (Cannot write" in line
    assert "No space left on device); the file before it was ('" in line
    assert "01-worked-example.json" in line and line.endswith("and the files after it again.")
    assert [line[0] for line in status(run)] == ["*1"]


def test_an_import_with_a_bad_uuid_or_change_is_refused(
    run: Run, store_dir: Path, tmp_path: Path
) -> None:
    ann_ben(run)
    data = exported(run)
    before = snapshot(store_dir)
    for changed, said in (
        ({"uuid": "not-a-uuid"}, "'uuid' must be a UUID"),
        ({"changes": [{"change": "sneezed"}]}, "a change must be one of abandoned, renamed"),
        ({"changes": {}}, "'changes' must be a list"),
        (
            {"changes": [{"change": "renamed", "old": "Ann", "new": "ben"}]},
            "'ben' is the name of Ben",
        ),
        ({"changes": [{"change": "renamed", "old": "Zed", "new": "Zoe"}]}, "'Zed' is not a"),
        ({"changes": [{"change": "abandoned", "status": "replaced"}]}, "an abandoning's status"),
        (
            {"changes": [{"change": "abandoned"}, {"change": "abandoned"}]},
            "an abandoning follows another one that was never taken back",
        ),
    ):
        path = tmp_path / "bad.json"
        path.write_text(json.dumps({**data, **changed}), encoding="utf-8")
        refused(run("import", path), 2, said)
    assert snapshot(store_dir) == before


def test_a_finished_match_marked_abandoned_is_refused(
    run: Run, store_dir: Path, tmp_path: Path
) -> None:
    ok(run("new", "Ann", "Ben", "--target", "10", "--end-after-first-game"))
    ok(run("knock", "ann", "1", "20"))
    data = {**exported(run), "changes": [{"change": "abandoned"}]}
    path = tmp_path / "over.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    refused(run("import", path), 2, "the match is over, so it cannot be abandoned")


# Stores written before matches had a uuid


def test_a_match_file_without_a_uuid_is_given_one_worked_out_from_it(tmp_path: Path) -> None:
    store = tmp_path / "store"
    shutil.copytree(FIXTURE, store)
    copy = tmp_path / "copy"
    shutil.copytree(FIXTURE, copy)
    assert ok(invoke(store, "check")).endswith(
        "2 matches, all readable and consistent with the rules.\n"
    )
    uuid = json.loads(ok(invoke(store, "export", "2", "--format", "json")))["uuid"]
    assert re.match(r"^[0-9a-f-]{36}$", uuid)
    # The same every time, and in every copy of the store (so the copies know each other).
    assert json.loads(ok(invoke(copy, "export", "2", "--format", "json")))["uuid"] == uuid
    # The next change writes it into the file; then the file must hold it.
    ok(invoke(store, "undo", "--match", "2"))
    stored = json.loads((store / "matches" / "2.json").read_text(encoding="utf-8"))
    assert stored["match"]["1"]["uuid"] == uuid and stored["meta"]["1"]["schema"] == 4
    assert ok(invoke(store, "check")).endswith("consistent with the rules.\n")
    path = tmp_path / "two.json"
    ok(invoke(copy, "export", "2", "--format", "json", "-o", str(path)))
    # The untouched copy's export is an earlier state of the match the store changed since.
    assert ok(invoke(store, "import", str(path))).splitlines()[0] == (
        f"Match 2 (Ann v Ben) holds all of {path} already, and more; nothing was changed."
    )
    del stored["match"]["1"]["uuid"]
    (store / "matches" / "2.json").write_text(json.dumps(stored), encoding="utf-8")
    refused(invoke(store, "show", "2"), 1, "is damaged", "'uuid' is missing")


def test_rename_in_a_three_handed_match(run: Run) -> None:
    ok(run("new", "Ann", "Ben", "Cid", "--dealer", "ann"))  # Cid sits out
    ok(run("knock", "ann", "2", "63"))  # Ann +61 against Ben; Ben sits out next
    assert ok(run("rename", "cid", "Cyd")) == (
        "Renamed Cid to Cyd in match 1 (Ann v Ben v Cyd); the hands stay as they were.\n"
    )
    shown = sheet(run)
    assert shown["players"] == ["Ann", "Ben", "Cyd"]
    assert (shown["rounds"][0]["sits_out"], shown["sits_out_next"]) == ("Cyd", "Ben")
    ok(run("knock", "cy", "2", "60"))  # Cyd +58 against Ann
    assert shown["games"][0]["points"] | {"Cyd": 58} == sheet(run)["games"][0]["points"]
