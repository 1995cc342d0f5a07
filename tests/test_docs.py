"""The docs: every command in the command reference, every page reachable from the README, and
nothing named that a reader does not have.

The pages' transcripts are written by running the program (``cog -r -I docs README.md
docs/*.md``); CI checks they are up to date with ``cog --check``, which takes longer than the
developer's loop should.
"""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from scorekeeper.cli import COMMANDS, cli

TOP = Path(__file__).resolve().parent.parent
DOCS = TOP / "docs"
PAGES = sorted(DOCS.glob("*.md"))
TEXTS = sorted(
    [
        TOP / "README.md",
        *(path for path in DOCS.rglob("*") if path.is_file() and "__pycache__" not in path.parts),
    ]
)

#: The sample match the README's Quick start imports: a file every reader has, so its name may
#: stand where nothing else may.
SAMPLE = "sample_sessions/01-worked-example.json"


def headings(page: Path) -> set[str]:
    return set(re.findall(r"^#+ (.+)$", page.read_text(encoding="utf-8"), re.MULTILINE))


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_has_its_section_in_the_command_reference(name: str) -> None:
    assert name in headings(DOCS / "cli.md")


def test_every_subcommand_has_its_section_in_the_command_reference() -> None:
    context = click.Context(cli, info_name="scorekeeper")
    groups = [cli.get_command(context, name) for name in COMMANDS]
    found = {
        f"{group.name} {sub}"
        for group in groups
        if isinstance(group, click.Group)
        for sub in group.commands
    }
    assert found, "amend has its subcommands"
    assert found <= headings(DOCS / "cli.md")


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_the_readme_links_to_every_page(page: Path) -> None:
    assert f"(docs/{page.name}" in (TOP / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("path", TEXTS, ids=[str(path.relative_to(TOP)) for path in TEXTS])
def test_the_docs_name_nothing_a_reader_does_not_have(path: Path) -> None:
    text = path.read_text(encoding="utf-8").replace(SAMPLE, "the sample")
    assert not re.search("seed", text, re.IGNORECASE)
    assert "RULES.md" not in text
    assert "shared/" not in text


def test_the_quick_start_is_two_commands_then_how_to_keep_the_sample_apart() -> None:
    """The README's Quick start is one block of two commands, and the sentence after it says
    how to try the program on a store of its own (``--db`` or ``SCOREKEEPER_DB``), so that the
    sample does not land among a new user's own matches."""
    readme = (TOP / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```\n(.*?)^```\n", section, re.MULTILINE | re.DOTALL)
    assert len(blocks) == 1 and len(blocks[0].splitlines()) == 2
    assert f"scorekeeper import {SAMPLE}" in blocks[0]
    after = section.split("```\n")[-1].strip().split("\n\n")[0]
    assert "`export SCOREKEEPER_DB=" in after and "--db " in after
