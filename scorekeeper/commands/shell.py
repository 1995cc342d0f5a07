"""The shell's Tab: ``completion`` prints the script that has a shell complete scorekeeper's
command lines.

The script is click's own (:mod:`click.shell_completion`): on Tab the shell runs scorekeeper
with ``_SCOREKEEPER_COMPLETE`` set and the words typed so far, and offers what it prints. The
parameters say what completes them (``shell_complete=``; the store's matches and players in
:mod:`scorekeeper.commands._completion`).
"""

from __future__ import annotations

import click
from click.shell_completion import BashComplete, FishComplete, ShellComplete, ZshComplete

from scorekeeper.commands._params import Words, command
from scorekeeper.i18n import N_

SHELLS: dict[str, type[ShellComplete]] = {
    "bash": BashComplete,
    "zsh": ZshComplete,
    "fish": FishComplete,
}


@command()
@click.argument(
    "shell",
    type=Words(SHELLS, N_("{typed!r} is not a shell scorekeeper completes in; name {options}.")),
    metavar="SHELL",
)
@click.pass_context
def completion(ctx: click.Context, shell: type[ShellComplete]) -> None:
    """Print the script that has SHELL (bash, zsh or fish) complete scorekeeper's commands.

    Commands, options, presets, match ids and the names of the current match's players
    complete with Tab.

    \b
    Example:
      eval "$(scorekeeper completion bash)"
      scorekeeper completion zsh > ~/.zfunc/_scorekeeper
      scorekeeper completion fish > ~/.config/fish/completions/scorekeeper.fish
    """
    script = shell(ctx.find_root().command, {}, "scorekeeper", "_SCOREKEEPER_COMPLETE")
    click.echo(script.source(), nl=False)
