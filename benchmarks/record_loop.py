"""What one hand costs inside ``scorekeeper record``'s loop, once the process is running.

Run by hand (not part of the test suite), from the project's virtual environment:

    python benchmarks/record_loop.py              # 50 hands, the median of them
    python benchmarks/record_loop.py --hands 80   # a longer match
    python benchmarks/record_loop.py --profile    # and where the time goes (cProfile)
    python benchmarks/record_loop.py --dir PATH   # the store on another disk (default: /tmp)

It makes a store with one open match (target 1,000, so that no hand ends it), then calls the
loop's per-hand function, ``one_hand``, once per hand, its answers typed into standard input
and its report written into memory: the questions, reading the match, the preview, the
confirmation, writing the hand under the store's lock (the new file and its folder flushed to
disk with ``fsync``) and the report; everything but the person typing. The first hand pays
for the imports and is left out of the figures. It then records the same hands again with
``os.fsync`` replaced by a no-op, to tell the disk's share from the code's. The target: a hand
costs at most 5 ms.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import os
import pstats
import statistics
import sys
import tempfile
import time

#: One evening's hands as a player types them at ``record``'s questions, over and over.
ANSWERS = [
    "knock\nbob\n5\n18\ny\n",
    "knock\nal\n4\n16\ny\n",
    "gin\nbob\n14\ny\n",
    "wall\ny\n",
    "knock\nal\n7\n6\ny\n",  # undercut by Bob
    "big gin\nal\n9\n\n",  # Enter confirms
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--dir", default=None, help="where to make the store (default: /tmp)")
    options = parser.parse_args()
    with_disk = evening(options, "with fsync")
    real_fsync = os.fsync
    os.fsync = lambda fd: None
    try:
        without_disk = evening(options, "without fsync")
    finally:
        os.fsync = real_fsync
    print(f"{options.hands} hands (a new match after one ends); a hand after the first, median:")
    print(f"  {with_disk:.2f} ms, of which flushing to disk {with_disk - without_disk:.2f} ms")
    print(f"target (at most 5 ms a hand): {'met' if with_disk <= 5 else 'NOT met'}")


def evening(options: argparse.Namespace, label: str) -> float:
    """Record the hands into a new store; the median time of a hand after the first, in ms."""
    from scorekeeper.commands.session import Evening, Turn
    from scorekeeper.i18n import set_language
    from scorekeeper.rules import Rules
    from scorekeeper.store import Store

    set_language("en")
    profile = cProfile.Profile()
    times = []
    with tempfile.TemporaryDirectory(dir=options.dir) as root:
        store = Store(os.path.join(root, "store"))
        recorded = 0
        while recorded < options.hands:  # a match that ends is followed by the next one
            with store.writing() as writer:
                match = writer.create(("Alexandra", "Bob"), Rules(target=1000), "Alexandra")
            night = Evening(store, match.id, False)
            turn = Turn.RECORDED
            while turn is Turn.RECORDED and recorded < options.hands:
                sys.stdin = io.StringIO(ANSWERS[recorded % len(ANSWERS)])
                with contextlib.redirect_stdout(io.StringIO()):
                    if options.profile and recorded:
                        profile.enable()
                    start = time.perf_counter()
                    turn = night.one_hand()
                    times.append(time.perf_counter() - start)
                    profile.disable()
                assert turn in (Turn.RECORDED, Turn.MATCH_OVER), turn
                recorded += 1
            assert len(store.load(match.id).in_force()) == len(night.stored)
    sys.stdin = sys.__stdin__
    later = [seconds * 1000 for seconds in times[1:]]
    median = statistics.median(later)
    early, late = statistics.median(later[:10]), statistics.median(later[-10:])
    print(
        f"{label}: first hand {times[0] * 1000:.2f} ms (left out); the others median "
        f"{median:.2f} ms, {min(later):.2f} to {max(later):.2f} ms; hands 2-11 {early:.2f} ms, "
        f"the last ten {late:.2f} ms"
    )
    if options.profile:
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)
    return median


if __name__ == "__main__":
    main()
