"""The processor time of writing a frame: what Textual wrote to a table's terminal, replayed
offline through the driver's code (the screen diff, then the style compaction) many times.

Run: python benchmarks/table_apps.py --runs 1 --frames FRAMES   (once, to record the frames)
     python benchmarks/screen_diff.py FRAMES [--passes 200] [--repeat 5] [--profile]

Each pass replays every write of the recording, from the app's start, through a new
`ScreenDiff` (at the recording's 100 columns) and `Compactor`, as `HostedDriver.write` does.
Prints the bytes the replay sends while playing and a digest of all it sends (the same digest:
the same bytes); then, for each of `--repeat` measures, the processor time per write over all
writes, the diff alone and the compaction alone, and per write while playing (the earlier writes
replayed untimed before them). The lowest of the measures is the figure to compare: the others
carry the machine's noise. With `--profile`, one measure under cProfile, its top entries.
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wish_tui.ui.terminal.screen_diff import ScreenDiff  # noqa: E402
from wish_tui.ui.terminal.sgr import Compactor  # noqa: E402

COLUMNS = 100
"""The width of table_apps.py's terminals."""


def replay(writes: list[str]) -> list[str]:
    """What the driver sends for `writes`, one string a write."""
    diff, compact = ScreenDiff(COLUMNS), Compactor()
    return [compact(diff.frame(data)) for data in writes]


def timed(writes: list[str], begin: int, passes: int) -> tuple[float, float, float, float]:
    """Seconds of processor time per write: every write, the diff alone, the compaction alone;
    and per write while playing (those from `begin`, the earlier ones replayed untimed)."""
    started = time.process_time()
    for _ in range(passes):
        diff, compact = ScreenDiff(COLUMNS), Compactor()
        for data in writes:
            compact(diff.frame(data))
    whole = time.process_time() - started
    playing = 0.0
    for _ in range(passes):
        diff, compact = ScreenDiff(COLUMNS), Compactor()
        for data in writes[:begin]:
            compact(diff.frame(data))
        started = time.process_time()
        for data in writes[begin:]:
            compact(diff.frame(data))
        playing += time.process_time() - started
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
    return (
        whole / count,
        alone / count,
        compaction / count,
        playing / passes / (len(writes) - begin),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("frames", help="a recording of table_apps.py --frames")
    parser.add_argument("--passes", type=int, default=200, help="replays a measure (200)")
    parser.add_argument("--repeat", type=int, default=5, help="measures (5)")
    parser.add_argument("--profile", action="store_true", help="one measure under cProfile")
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
        whole, alone, compaction, playing = timed(writes, begin, options.passes)
        print(
            f"{whole * 1e6:.1f} µs a write (the diff {alone * 1e6:.1f}, "
            f"the compaction {compaction * 1e6:.1f}); {playing * 1e6:.1f} µs a write while "
            "playing",
            flush=True,
        )
    if options.profile:
        profile = cProfile.Profile(time.process_time)
        profile.enable()
        timed(writes, begin, max(1, options.passes // 4))
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
