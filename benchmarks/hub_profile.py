"""cProfile of the server's thread (the hub and its SSH front end; not the hub's database thread,
nor the benchmark's SSH clients, which run on threads of their own) over a part of a
`benchmarks/serve.py` run, counted in the thread's processor time: where the server's time goes."""

from __future__ import annotations

import cProfile
import io
import pstats
import time
from pathlib import Path


class HubProfile:
    """A profile enabled at `start`, dumped to `path` and summed up at `stop`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._profile = cProfile.Profile(time.thread_time)  # the other threads' time left out

    def start(self) -> None:
        self._profile.enable()

    def stop(self) -> None:
        self._profile.disable()
        self._profile.dump_stats(str(self.path))

    def summary(self, lines: int = 30) -> str:
        """The functions that took most of the processor time with what they called (cumulative),
        then by their own time."""
        out = io.StringIO()
        stats = pstats.Stats(str(self.path), stream=out)
        stats.sort_stats("cumulative").print_stats(lines)
        stats.sort_stats("tottime").print_stats(lines)
        return out.getvalue()
