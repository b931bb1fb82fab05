"""The drivers' write split by its parts: where a frame's processor time goes on its way from the
compositor's strips to the terminal, while table_apps.py's apps play.

Run: python benchmarks/write_parts.py [any of table_apps.py's options]
     nice -n 10 python benchmarks/write_parts.py --runs 2

Runs benchmarks/table_apps.py with `--write-time`, each part below timed with the thread's
processor time while the actions are played (its own calls inside another part counted in
both): `HostedDriver.write` (the whole write), `PiecesFrame.rows` (the compositor's chops cut to
rows), `ScreenDiff.frame_rows` (the rows read and diffed), `frame_cells.read_row` (a row's pieces
read into cells) and `_read_segment` (a segment not read before), `ScreenDiff._frame` (the diff)
with `_scroll` (the search for rows moved whole) and `_send_row` (a row's changed cells), the
style compaction (`Compactor`) and `HostedDriver._send` (`os.write`). Prints table_apps.py's
lines, then each part's time per write, over all runs, and how many calls a write makes.
"""

from __future__ import annotations

import collections
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import table_apps  # noqa: E402

from wish_tui.ui.terminal import (  # noqa: E402
    frame_cells,
    hosted_driver,
    screen_diff,
    sgr,
    textual_adapter,
)

spent: collections.Counter = collections.Counter()
calls: collections.Counter = collections.Counter()
counting: list = []
"""table_apps.py's `WriteTime`, once the playing starts (its `counting` says when to count)."""


def timed(owner, name: str, part: str) -> None:
    """Count the processor time of `owner.name` as `part` while the playing is counted."""
    function = getattr(owner, name)

    def timed_call(*args, **kwargs):
        started = time.thread_time()
        try:
            return function(*args, **kwargs)
        finally:
            if counting and counting[0].counting:
                spent[part] += time.thread_time() - started
                calls[part] += 1

    setattr(owner, name, timed_call)


PARTS = [
    (hosted_driver.HostedDriver, "write", "the whole write"),
    (textual_adapter.PiecesFrame, "rows", "PiecesFrame.rows"),
    (screen_diff.ScreenDiff, "frame_rows", "frame_rows"),
    (hosted_driver, "read_row", "  read_row"),
    (frame_cells, "_read_segment", "    _read_segment"),
    (screen_diff.ScreenDiff, "_frame", "  the diff"),
    (screen_diff.ScreenDiff, "_scroll", "    _scroll"),
    (screen_diff.ScreenDiff, "_send_row", "    _send_row"),
    (sgr.Compactor, "__call__", "the compaction"),
    (hosted_driver.HostedDriver, "_send", "os.write"),
]


def main() -> None:
    for owner, name, part in PARTS:
        timed(owner, name, part)
    start = table_apps.WriteTime.start

    def started(write_time) -> None:
        counting[:] = [write_time]
        start(write_time)

    table_apps.WriteTime.start = started
    sys.argv[1:1] = ["--write-time"]
    table_apps.main()
    writes = calls["the whole write"] or 1
    for _, _, part in PARTS:
        print(
            f"{part:20s} {spent[part] / writes * 1e6:7.1f} µs a write"
            f"  ({calls[part] / writes:.1f} calls a write)"
        )


if __name__ == "__main__":
    main()
