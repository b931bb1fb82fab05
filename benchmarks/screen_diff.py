"""The processor time of writing a frame: what Textual wrote to a table's terminal, replayed
offline through the driver's code (the screen diff, then the style compaction) many times.

Run: python benchmarks/table_apps.py --runs 1 --frames FRAMES   (once, to record the frames)
     python benchmarks/screen_diff.py FRAMES [--passes 200] [--repeat 5] [--profile] [--text]
     PYTHONHASHSEED=0 valgrind --tool=callgrind python benchmarks/screen_diff.py FRAMES --replays N

Each pass replays every write of the recording, from the app's start, through a new
`ScreenDiff` and `Compactor`, as `HostedDriver.write` does: a frame of the compositor's from its
pieces (`ScreenDiff.frame_rows`, `frame_cells.read_row`, at the terminal's size then), any other
write from its text. With `--text`, or for a recording without the pieces, every write from its
text (`ScreenDiff.frame`, at the recording's 100 columns).
Prints the bytes the replay sends while playing and a digest of all it sends (the same digest:
the same bytes); then, for each of `--repeat` measures, the processor time per write over all
writes, the diff alone and the compaction alone, and per write while playing (the earlier writes
replayed untimed before them). The lowest of the measures is the figure to compare: the others
carry the machine's noise. With `--profile`, one measure under cProfile, its top entries. With
`--replays N`, the recording replayed N times more and nothing measured: the instructions a write
takes, counted by callgrind whatever the machine's load, are (those with N - those with 0) / (N x
the writes).
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

from wish_tui.ui.terminal.frame_cells import read_row  # noqa: E402
from wish_tui.ui.terminal.screen_diff import ScreenDiff  # noqa: E402
from wish_tui.ui.terminal.sgr import Compactor  # noqa: E402

COLUMNS = 100
"""The width of table_apps.py's terminals."""


class Screen:
    """A terminal's `ScreenDiff`, fed a write as `HostedDriver._frame` feeds it."""

    def __init__(self) -> None:
        self.diff = ScreenDiff(COLUMNS)
        self.size: tuple | None = None

    def frame(self, write: tuple) -> str:
        data, pieces = write
        if pieces is None:
            return self.diff.frame(data)
        rows, cursor, colours, columns, lines = pieces
        if (columns, lines) != self.size:  # (as the driver's `resized`)
            self.size = (columns, lines)
            self.diff.forget()
            self.diff.columns, self.diff.rows = columns, lines
        sent = self.diff.frame_rows(dict(rows), cursor, lambda row: read_row(row, colours))
        return self.diff.frame(data) if sent is None else sent


def replay(writes: list[tuple]) -> list[str]:
    """What the driver sends for `writes`, one string a write."""
    screen, compact = Screen(), Compactor()
    return [compact(screen.frame(write)) for write in writes]


def timed(writes: list[tuple], begin: int, passes: int) -> tuple[float, float, float, float]:
    """Seconds of processor time per write: every write, the diff alone, the compaction alone;
    and per write while playing (those from `begin`, the earlier ones replayed untimed)."""
    started = time.process_time()
    for _ in range(passes):
        screen, compact = Screen(), Compactor()
        for write in writes:
            compact(screen.frame(write))
    whole = time.process_time() - started
    playing = 0.0
    for _ in range(passes):
        screen, compact = Screen(), Compactor()
        for write in writes[:begin]:
            compact(screen.frame(write))
        started = time.process_time()
        for write in writes[begin:]:
            compact(screen.frame(write))
        playing += time.process_time() - started
    diffed: list[str] = []
    started = time.process_time()
    for _ in range(passes):
        screen = Screen()
        diffed = [screen.frame(write) for write in writes]
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
    parser.add_argument("--text", action="store_true", help="every write from its text")
    parser.add_argument("--replays", type=int, help="replay N times more, measuring nothing")
    options = parser.parse_args()
    begin, kept = pickle.loads(Path(options.frames).read_bytes())
    writes = [(data, None if options.text else (*rest, None)[0]) for _, data, *rest in kept]
    pieces = sum(pieces is not None for _, pieces in writes)
    sent = replay(writes)
    playing = "".join(sent[begin:]).encode()
    digest = hashlib.sha256("".join(sent).encode()).hexdigest()[:16]
    print(
        f"{len(writes)} writes ({len(writes) - begin} while playing, {pieces} from their "
        f"pieces), {sum(len(data) for data, _ in writes)} characters from Textual; sent "
        f"{len(playing)} B while playing, digest {digest}"
    )
    if options.replays is not None:
        for _ in range(options.replays):
            replay(writes)
        return
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
