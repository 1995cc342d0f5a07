"""The ``scorekeeper`` console script (also ``python -m scorekeeper``).

A command lives for a few dozen milliseconds, most of them spent starting Python and importing
click. So, like other command-line tools written in Python (mypy among them), the script lets
the garbage collector wait until there is real garbage, and, once click has finished the
command (with its exit code, after an error or Ctrl-C too) and the output is flushed, ends the
process without freeing every object one by one. Nothing is lost by that: the store's files are
written, flushed to disk and closed before a command returns. Only an uncaught exception (a
bug) ends the process the ordinary way, with its traceback.
"""

import gc
import os
import sys


def main() -> None:
    gc.set_threshold(100_000, 50, 50)  # collect rarely: the process is short-lived
    from scorekeeper.cli import cli

    try:
        cli(prog_name="scorekeeper")
    except SystemExit as end:  # click ends every command so, with its exit code
        code = end.code
        if code is not None and not isinstance(code, int):
            raise
        try:
            for stream in (sys.stdout, sys.stderr):
                if stream is not None:  # None: started with that stream closed
                    stream.flush()
        except (OSError, ValueError):  # the output went nowhere (a closed pipe): end as usual
            raise end from None
        os._exit(code or 0)


if __name__ == "__main__":
    main()
