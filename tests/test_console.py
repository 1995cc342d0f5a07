"""The console script (``python -m scorekeeper``), which ends the process without tearing it
down: exit codes, every byte of the output and every stored hand must still get out."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from harness import process, waiting_for_the_lock

from scorekeeper import __version__
from scorekeeper.store import Store


def test_version_and_exit_code_zero(tmp_path: Path) -> None:
    result = process(tmp_path, "--version")
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        f"scorekeeper, version {__version__}\n",
        "",
    )


def test_bad_input_keeps_its_exit_code_and_error(tmp_path: Path) -> None:
    assert process(tmp_path, "new", "Ann", "Bob", "--dealer", "ann").returncode == 0
    result = process(tmp_path, "knock", "zed", "3", "20")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("Error: 'zed' is not a player of this match")
    result = process(tmp_path, "use", "9")
    assert result.returncode == 1
    assert "There is no match 9" in result.stderr


@pytest.mark.slow
def test_every_hand_and_every_byte_of_a_long_output_gets_out(tmp_path: Path) -> None:
    assert process(tmp_path, "new", "Ann", "Bob", "--dealer", "ann").returncode == 0
    for number in range(40):  # Ann knocks 9 v 10 forty times: 1 point each, no game ends
        result = process(tmp_path, "knock", "ann", "9", "10")
        assert result.returncode == 0, result.stderr
        assert result.stdout.startswith(f"Hand {number + 1}: Ann knocks 9 v 10 -> Ann +1")
    stored = Store(tmp_path).load(1).in_force()
    assert [tuple(s.hand)[:4] for s in stored] == [("knock", "Ann", 9, 10)] * 40
    exported = process(tmp_path, "export", "--format", "json")
    assert exported.returncode == 0
    assert len(json.loads(exported.stdout)["hands"]) == 40
    log = process(tmp_path, "log").stdout.splitlines()
    assert sum("Ann knocks 9 v 10" in line for line in log) == 40


def closed(store: Path, stream: int, *args: str) -> int:
    """The exit code of a command started with stdout (1) or stderr (2) closed."""
    command = [sys.executable, "-m", "scorekeeper", "--db", str(store), *args]
    quiet = subprocess.DEVNULL
    stdout, stderr = (None, quiet) if stream == 1 else (quiet, None)
    closing = subprocess.run(
        command, stdout=stdout, stderr=stderr, preexec_fn=lambda: os.close(stream)
    )
    return closing.returncode


def test_a_closed_output_keeps_the_exit_code_and_the_hand(tmp_path: Path) -> None:
    assert process(tmp_path, "new", "Ann", "Bob", "--dealer", "ann").returncode == 0
    assert closed(tmp_path, 1, "knock", "ann", "3", "20") == 0
    assert [tuple(s.hand)[:4] for s in Store(tmp_path).load(1).in_force()] == [
        ("knock", "Ann", 3, 20)
    ]
    assert closed(tmp_path, 2, "knock", "zed", "3", "20") == 2
    assert closed(tmp_path, 2, "use", "9") == 1
    assert len(Store(tmp_path).load(1).in_force()) == 1


def test_output_cut_short_by_the_reader_ends_without_a_traceback(tmp_path: Path) -> None:
    assert process(tmp_path, "new", "Ann", "Bob", "--dealer", "ann").returncode == 0
    reading = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "--db", str(tmp_path), "rules", "--presets"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert reading.stdout is not None and reading.stderr is not None
    reading.stdout.close()  # the reader went away before a line was read
    assert reading.wait() != 0
    assert "Traceback" not in reading.stderr.read().decode()


def test_ctrl_c_ends_a_command_with_exit_130_and_no_traceback(tmp_path: Path) -> None:
    """Ctrl-C while a knock waits for the lock: exit 130, one Error: line, nothing stored."""
    import fcntl
    import signal

    assert process(tmp_path, "new", "Ann", "Bob", "--dealer", "ann").returncode == 0
    before = (tmp_path / "matches" / "1.json").read_bytes()
    lock = os.open(tmp_path, os.O_RDONLY)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        waiting = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "--db", str(tmp_path), "knock", "ann", "3", "20"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "SCOREKEEPER_LANG": "en", "SCOREKEEPER_LOCK_TIMEOUT": "30"},
        )
        waiting_for_the_lock(waiting.pid, tmp_path)
        waiting.send_signal(signal.SIGINT)
        _out, err = waiting.communicate(timeout=30)
    finally:
        os.close(lock)
    assert waiting.returncode == 130
    assert err == "Error: Interrupted: nothing was changed.\n"
    assert (tmp_path / "matches" / "1.json").read_bytes() == before
