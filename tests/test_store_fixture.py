"""A store as this version writes it (schema 1), kept in tests/fixtures: it must always open.

When the schema changes, this fixture is the "old" store the migration is tested against.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from scorekeeper.cli import cli

FIXTURE = Path(__file__).parent / "fixtures" / "store-schema-1"


def test_a_schema_1_store_opens_checks_clean_and_keeps_its_history(tmp_path: Path) -> None:
    store = tmp_path / "store"
    shutil.copytree(FIXTURE, store)
    run = lambda *args: CliRunner().invoke(cli, ["--db", str(store), *args],  # noqa: E731
                                           env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert run("check").exit_code == 0
    # Match 2: Ann knocked 3 v 20, Ben knocked 6 v 5 (undercut), that hand was undone, and
    # hand 1 was corrected to Ann's gin v 12: 12 + 25 = 37 in Game 1.
    shown = json.loads(run("show", "2", "--json").output)
    assert [game["points"] for game in shown["games"]] == [
        {"Ann": 37, "Ben": 0}, {"Ann": 0, "Ben": 0}, {"Ann": 0, "Ben": 0}]
    history = run("log", "2", "--all").output
    assert "replaced" in history and "voided" in history
    # Match 1 is the seed example played to the end: Bob wins 2 games to 1.
    assert json.loads(run("show", "1", "--json").output)["winner"] == "Bob"
