"""What `benchmarks/serve.py` reads of the processes it runs: memory from
/proc/PID/smaps_rollup, processor time from /proc/PID/stat, and the machine's load average."""

from __future__ import annotations

import contextlib
import os
import statistics
import threading
from collections import Counter
from pathlib import Path

from wish_tui.server.pool.link import SessionPool


def memory_kb(pid: int) -> tuple[int, int]:
    """(USS, PSS) of a process in kB: its private pages, and its share of all its pages."""
    fields: dict[str, int] = {}
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            name, _, rest = line.partition(":")
            if rest.strip().endswith("kB"):
                fields[name] = int(rest.split()[0])
    except (OSError, ValueError):
        return 0, 0
    return fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0), fields.get("Pss", 0)


def children_of(parent: int) -> list[int]:
    """The processes whose parent is `parent`."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if int(stat.rpartition(")")[2].split()[1]) == parent:
            pids.append(int(entry.name))
    return pids


def session_pids(pool: SessionPool | None) -> list[int]:
    """The session apps: the pool's children, or this process's that run `wish_tui client`."""
    if pool is not None:
        return children_of(pool.pid)
    pids = []
    for pid in children_of(os.getpid()):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"client" in cmdline:
            pids.append(pid)
    return pids


def cpu_seconds(pids: list[int]) -> float:
    """The processor time the processes have used so far (user and system), in seconds."""
    ticks = 0
    for pid in pids:
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def thread_seconds() -> Counter:
    """The processor time each thread of this process has used so far, in seconds, by the
    thread's name (the hub's loop is MainThread, its database thread club_0; a thread that
    Python did not start: 'other')."""
    names = {t.native_id: t.name for t in threading.enumerate()}
    seconds: Counter = Counter()
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = (task / "stat").read_text().rpartition(")")[2].split()
            ticks = int(fields[11]) + int(fields[12])
            seconds[names.get(int(task.name), "other")] += ticks / os.sysconf("SC_CLK_TCK")
    return seconds


def mb(kb: float) -> str:
    return f"{kb / 1024:.1f} MB"


def uss_kb(pids: list[int]) -> int:
    """The USS of the processes together, in kB."""
    return sum(memory_kb(pid)[0] for pid in pids)


def memory_line(label: str, pids: list[int]) -> str:
    sizes = [memory_kb(pid) for pid in pids]
    sizes = [s for s in sizes if s[0]]
    if not sizes:
        return f"{label}: no process found"
    uss = sorted(u for u, _ in sizes)
    pss = sorted(p for _, p in sizes)
    return (
        f"{label}: USS median {mb(statistics.median(uss))}, max {mb(uss[-1])}; PSS median "
        f"{mb(statistics.median(pss))} over {len(sizes)} processes"
    )


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))] if ordered else float("nan")


def load_average() -> str:
    """The machine's load average over the last minute (what else it runs shows here)."""
    return f"{os.getloadavg()[0]:.1f}"
