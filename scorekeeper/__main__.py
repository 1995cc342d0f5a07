"""The ``scorekeeper`` console script (also ``python -m scorekeeper``).

A command lives for a few dozen milliseconds, most of them spent starting Python and importing
click. So, like other command-line tools written in Python (mypy among them), the script lets
the garbage collector wait until there is real garbage, and, once click has finished the
command (with its exit code, after an error or Ctrl-C too) and the output is flushed, ends the
process without freeing every object one by one. Nothing is lost by that: the store's files
are written, flushed to disk and closed before a command returns. Output that cannot be
written (a full disk) is one ``Error:`` line; a closed pipe ends the command without a word, as
other command-line tools do; the exit code still says whether the store changed. Only an
uncaught exception (a bug) ends the process the ordinary way, with its traceback.
"""

import errno
import gc
import io
import os
import sys


def main() -> None:
    gc.set_threshold(100_000, 50, 50)  # collect rarely: the process is short-lived
    if sys.stdout is None:  # started with stdout closed: what the command says cannot get out
        sys.stdout = Closed()
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
        except (OSError, ValueError) as error:  # the output went nowhere: a full disk, a pipe
            code = unwritten(error, code or 0)
        os._exit(code or 0)


class Closed(io.TextIOBase):
    """Standard output when the process was started with it closed: writing to it fails as
    writing to a closed descriptor does, so the command says so (and whether it changed the
    store) instead of printing into nothing."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))


def unwritten(error: Exception, code: int) -> int:
    """Say that the output could not be written, and return the exit code to end with: 0 if
    the command changed the store (the change stands), else an error's."""
    from scorekeeper.cli import opened
    from scorekeeper.commands._errors import describe
    from scorekeeper.i18n import _

    changed = opened is not None and opened.committed
    if isinstance(error, BrokenPipeError):  # the reader went away: nothing more to say
        return 0 if changed else code or 1
    if changed:
        message = _(
            "The change was saved, but its report could not be shown ({reason}); "
            "'scorekeeper show' shows where the match stands."
        )
    else:
        message = _("The output could not be written: {reason}.")
    line = _("Error: {message}").format(message=message.format(reason=describe(error)))
    try:
        os.write(2, (line + "\n").encode(errors="replace"))
    except OSError:
        pass
    return 0 if changed else code or 1


if __name__ == "__main__":
    main()
