"""The cyclic collector's time in the session pool's hosts, for `benchmarks/serve.py --gc-times`.

`GcTimes` names a fresh folder in the environment (`pool.host.GC_TIMES_ENV`) before the pool
starts: each host then writes a line per collection there (`pool.host.time_collections`: its
end, generation, processor time and objects freed). `summary` sums the lines of the hosts
between two moments (serve.py's seating, its playing) by generation.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections import Counter
from pathlib import Path

from wish_tui.server.pool.host import GC_TIMES_ENV


class GcTimes:
    """The hosts' collections, asked for before the pool starts (the pool reads its environment
    once)."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="wish-tui-gc-"))
        os.environ[GC_TIMES_ENV] = str(self.folder)

    def rows(self) -> list[tuple[float, int, float, int, str]]:
        """Every collection so far: (its end, generation, ms, objects freed, the host's pid)."""
        found = []
        for path in self.folder.iterdir():
            for line in path.read_text().splitlines():
                when, generation, ms, freed = line.split()
                found.append((float(when), int(generation), float(ms), int(freed), path.name))
        return found

    def summary(self, part: str, start: float, end: float, actions: int = 0) -> str:
        """One line: the hosts' collections that ended between `start` and `end` (time.time())
        by generation, and per action when `actions` were played then."""
        count, spent, freed, hosts = Counter(), Counter(), Counter(), set()
        for when, generation, ms, objects, pid in self.rows():
            if start <= when <= end:
                count[generation] += 1
                spent[generation] += ms
                freed[generation] += objects
                hosts.add(pid)
        total = sum(spent.values())
        each = f", {total / actions:.2f} ms an action" if actions else ""
        parts = "; ".join(
            f"generation {g}: {count[g]} x {spent[g] / max(1, count[g]):.1f} ms = "
            f"{spent[g]:.0f} ms, {freed[g]} objects freed"
            for g in sorted(count)
        )
        return (
            f"the hosts' cyclic collections {part}: {total:.0f} ms in {len(hosts)} hosts{each}"
            f" ({parts or 'none'})"
        )

    def close(self) -> None:
        os.environ.pop(GC_TIMES_ENV, None)
        shutil.rmtree(self.folder, ignore_errors=True)
