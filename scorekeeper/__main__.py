"""The ``scorekeeper`` console script (also ``python -m scorekeeper``).

A command lives for a few dozen milliseconds, most of them spent starting Python and importing
click. So, like other command-line tools written in Python (mypy among them), the script lets
the garbage collector wait until there is real garbage, and, once the command has finished and
its output is flushed, ends the process without freeing every object one by one. Nothing is
lost by that: the store's files are written, flushed to disk and closed before a command
returns, and an error or an interrupt ends the process the ordinary way.
"""

import gc
import os
import sys


def main() -> None:
    gc.set_threshold(100_000, 50, 50)  # collect rarely: the process is short-lived
    from scorekeeper.cli import cli

    try:
        cli(prog_name="scorekeeper")
    except SystemExit as end:  # click ends every command with its exit code
        code = end.code
        if code is not None and not isinstance(code, int):
            raise
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except OSError:  # the output went nowhere (a closed pipe): end the ordinary way
            raise end from None
        os._exit(code or 0)


if __name__ == "__main__":
    main()
