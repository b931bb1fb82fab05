"""The processor time of writing a frame: what Textual wrote to a table's terminal, replayed
offline through the driver's code (the screen diff, then the style compaction) many times.

Run: python benchmarks/table_apps.py --runs 1 --frames FRAMES   (once, to record the frames)
     python benchmarks/screen_diff.py FRAMES [--passes 200] [--repeat 5] [--profile]

Each pass replays every write of the recording, from the app's start, through a new
`ScreenDiff` (at the recording's 100 columns) and `Compactor`, as `HostedDriver.write` does.
Prints, for each of `--repeat` measures, the processor time per write (the best of them is the
figure to compare: the others carry the machine's noise), the bytes the replay sends and a
digest of them (the same digest: the same bytes), and the parts: the diff alone and the
compaction alone. With `--profile`, one measure under cProfile, its top entries printed.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pickle
import pstats
import sys
import time
from pathlib import Path

if "--before" not in sys.argv:  # (with --before the modules come from PYTHONPATH)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wish_tui.ui.terminal.screen_diff import ScreenDiff  # noqa: E402
from wish_tui.ui.terminal.sgr import Compactor  # noqa: E402

COLUMNS = 100
"""The width of table_apps.py's terminals."""


def replay(writes: list[str]) -> list[str]:
    """What the driver sends for `writes`, one string a write."""
    diff, compact = ScreenDiff(COLUMNS), Compactor()
    return [compact(diff.frame(data)) for data in writes]


def timed(writes: list[str], passes: int) -> tuple[float, float, float]:
    """Seconds of processor time per write: the whole, the diff alone, the compaction alone."""
    started = time.process_time()
    for _ in range(passes):
        diff, compact = ScreenDiff(COLUMNS), Compactor()
        for data in writes:
            compact(diff.frame(data))
    whole = time.process_time() - started
    diffed: list[str] = []
    started = time.process_time()
    for _ in range(passes):
        diff = ScreenDiff(COLUMNS)
        diffed = [diff.frame(data) for data in writes]
    alone = time.process_time() - started
    started = time.process_time()
    for _ in range(passes):
        compact = Compactor()
        for data in diffed:
            compact(data)
    compaction = time.process_time() - started
    count = passes * len(writes)
    return whole / count, alone / count, compaction / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("frames", help="a recording of table_apps.py --frames")
    parser.add_argument("--passes", type=int, default=200, help="replays a measure (200)")
    parser.add_argument("--repeat", type=int, default=5, help="measures (5)")
    parser.add_argument("--profile", action="store_true", help="one measure under cProfile")
    parser.add_argument("--before", action="store_true", help="import from PYTHONPATH")
    options = parser.parse_args()
    begin, kept = pickle.loads(Path(options.frames).read_bytes())
    writes = [data for _, data in kept]
    sent = replay(writes)
    playing = "".join(sent[begin:]).encode()
    digest = hashlib.sha256("".join(sent).encode()).hexdigest()[:16]
    print(
        f"{len(writes)} writes ({len(writes) - begin} while playing), "
        f"{sum(len(w) for w in writes)} characters from Textual; sent {len(playing)} B while "
        f"playing, digest {digest}"
    )
    for _ in range(options.repeat):
        whole, alone, compaction = timed(writes, options.passes)
        print(
            f"{whole * 1e6:.1f} µs a write (the diff {alone * 1e6:.1f}, "
            f"the compaction {compaction * 1e6:.1f})",
            flush=True,
        )
    if options.profile:
        profile = cProfile.Profile(time.process_time)
        profile.enable()
        timed(writes, max(1, options.passes // 4))
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
