"""A store as this version writes it (schema 1), kept in tests/fixtures: it must always open.

When the schema changes, this fixture is the "old" store the migration is tested against.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

from click.testing import Result
from harness import invoke

FIXTURE = Path(__file__).parent / "fixtures" / "store-schema-1"


def test_a_schema_1_store_opens_checks_clean_and_keeps_its_history(tmp_path: Path) -> None:
    store = tmp_path / "store"
    shutil.copytree(FIXTURE, store)

    def run(*args: str) -> Result:
        return invoke(store, *args)

    assert run("check").exit_code == 0
    # Match 2: Ann knocked 3 v 20, Ben knocked 6 v 5 (undercut), that hand was undone, and
    # hand 1 was corrected to Ann's gin v 12: 12 + 25 = 37 in Game 1.
    shown = json.loads(run("show", "2", "--json").output)
    assert [game["points"] for game in shown["games"]] == [
        {"Ann": 37, "Ben": 0},
        {"Ann": 0, "Ben": 0},
        {"Ann": 0, "Ben": 0},
    ]
    history = run("log", "2", "--all").output
    assert "replaced" in history and "voided" in history
    # Match 1 is the seed example played to the end: Bob wins 2 games to 1.
    assert json.loads(run("show", "1", "--json").output)["winner"] == "Bob"


def copy(tmp_path: Path) -> tuple[Path, Callable[..., Result]]:
    store = tmp_path / "store"
    shutil.copytree(FIXTURE, store)
    return store, lambda *args: invoke(store, *args)


def test_the_summaries_of_a_schema_1_store_are_worked_out_from_its_matches(
    tmp_path: Path,
) -> None:
    """The schema-1 index keeps a document per finished match and no file identities: it is
    not read; the listing comes from the matches themselves, and a change takes it away."""
    store, run = copy(tmp_path)
    listing = run("matches")
    assert listing.exit_code == 0, listing.output
    assert [line.split() for line in listing.output.splitlines()[1:]] == [
        ["1", "Alexandra", "v", "Bob", "2026-11-20", "19:30", "12", "finished", "Bob"],
        ["*2", "Ann", "v", "Ben", "2026-11-30", "04:15", "1", "open"],
    ]
    assert (store / "index.json").exists()
    assert run("use", "2").exit_code == 0
    assert not (store / "index.json").exists()


def test_a_schema_1_store_keeps_its_current_match_and_takes_new_ones(tmp_path: Path) -> None:
    _store, run = copy(tmp_path)
    assert run("use", "1").exit_code == 0
    assert json.loads(run("show", "--json").output)["id"] == 1
    assert run("undo").exit_code == 0  # match 1 is open again
    assert [line.split()[-1] for line in run("matches").output.splitlines()[1:]] == ["open", "open"]
    assert (
        run(
            "new", "Cid", "Dee", "--dealer", "cid", "--target", "10", "--end-after-first-game"
        ).exit_code
        == 0
    )
    assert run("knock", "cid", "2", "30").exit_code == 0  # 28 >= 10: match 3 is over
    assert run("check").exit_code == 0
    assert [line.split()[-1] for line in run("matches").output.splitlines()[1:]] == [
        "open",
        "open",
        "Cid",
    ]
