"""What `benchmarks/serve.py --idle SECONDS` reads of a quiet stretch, while nobody acts: the
processor time a second of the apps' processes, the session pool itself and the server (this
process but for the benchmark's SSH clients' thread), and how often each is woken (its threads'
context switches, from /proc/PID/task/TID/status), with the server's loop thread's time by
callback (`benchmarks/loop_parts.py`).

At serve.py's pace (4.2 actions a second at 200 sessions) every millisecond a second that
runs while nobody acts is 0.24 ms of each action's processor time; an idle session should cost
nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

from benchmarks.loop_parts import LoopParts
from benchmarks.serve_measure import load_average, session_pids
from wish_tui.server.hub.lobby import (
    LOBBY_BACKGROUND_BATCH,
    LOBBY_BACKGROUND_EVERY,
    LOBBY_EVERY,
    LOBBY_PROGRESS_EVERY,
)

TOP = 16
"""The server loop's parts printed, the costliest first."""
HOOK_OUT = Path(tempfile.gettempdir()) / "wish_tui_idle_hook"
"""Where `benchmarks/idle_hook` writes what the hosts' loops ran (`idle_hook.OUT`)."""
HOOKED = "idle_hook" in os.environ.get("PYTHONPATH", "")
"""Whether the pool's hosts count their loops' callbacks (PYTHONPATH=.:benchmarks/idle_hook)."""


def settles(sessions: int) -> tuple[float, float]:
    """Seconds let pass before each quiet stretch: in the lobby, for the news of the last logins
    (who is online, after LOBBY_BACKGROUND_EVERY); after the playing, for the minute's report of
    how far the tables got (LOBBY_PROGRESS_EVERY after each session was last told); each told
    LOBBY_BACKGROUND_BATCH sessions a round (at 1,000 sessions, half a minute more)."""
    telling = sessions / LOBBY_BACKGROUND_BATCH * LOBBY_EVERY
    return LOBBY_BACKGROUND_EVERY + 2 + telling, LOBBY_PROGRESS_EVERY + 5 + telling


def threads_of(pids: list[int], but: int | None = None) -> tuple[float, int]:
    """The processor time (seconds, to the nanosecond: /proc/PID/task/TID/schedstat) and the
    voluntary context switches (each time a thread waited, and was woken again) of every thread
    of the processes so far, but the thread `but`."""
    seconds, woken = 0.0, 0
    for pid in pids:
        with contextlib.suppress(OSError):
            for task in Path(f"/proc/{pid}/task").iterdir():
                if task.name == str(but):
                    continue
                with contextlib.suppress(OSError, ValueError, IndexError):
                    seconds += int((task / "schedstat").read_text().split()[0]) / 1e9
                    for line in (task / "status").read_text().splitlines():
                        if line.startswith("voluntary_ctxt_switches:"):
                            woken += int(line.split()[1])
    return seconds, woken


def by_thread() -> Counter:
    """The processor time of each thread of this process so far (schedstat), by its name."""
    names = {t.native_id: t.name for t in threading.enumerate()}
    seconds: Counter = Counter()
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        with contextlib.suppress(OSError, ValueError, IndexError):
            spent = int((task / "schedstat").read_text().split()[0]) / 1e9
            seconds[names.get(int(task.name), "other")] += spent
    return seconds


class Quiet:
    """Measures quiet stretches of a serve.py run: `await quiet.measure(label, seconds)`."""

    def __init__(self, pool, people) -> None:
        self.pool = pool
        self.people = people
        self.lines: list[str] = []
        self.marks: list[tuple[str, float]] = []
        if HOOKED:
            for old in HOOK_OUT.glob("*.json") if HOOK_OUT.exists() else ():
                old.unlink()

    def mark(self, label: str) -> None:
        """With the hook: the hosts write what their loops ran so far (the start of `label`, or
        the end of the span before it)."""
        if not HOOKED:
            return
        self.marks.append((label, time.perf_counter()))
        for pid in session_pids(self.pool):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGUSR1)

    def hosts_ran(self) -> str:
        """The hosts' callbacks between each mark and the next, a second, the costliest first."""
        if not HOOKED:
            return ""
        time.sleep(0.5)
        dumps: dict[str, dict[int, dict]] = {}
        for path in HOOK_OUT.glob("*.json"):
            pid, number = path.stem.split("-")
            dumps.setdefault(pid, {})[int(number)] = json.loads(path.read_text())
        lines = []
        for i, ((label, at), (_, end)) in enumerate(zip(self.marks, self.marks[1:], strict=False)):
            counted: Counter = Counter()
            spent: Counter = Counter()
            for written in dumps.values():
                if i not in written or i + 1 not in written:
                    continue
                before, after = written[i]["callbacks"], written[i + 1]["callbacks"]
                for name, (n, seconds) in after.items():
                    was = before.get(name, (0, 0.0))
                    counted[name] += n - was[0]
                    spent[name] += seconds - was[1]
            span = end - at
            lines.append(
                f"the hosts' loops, {label} ({span:.0f} s): {sum(counted.values()) / span:.1f} "
                f"callbacks a second, {sum(spent.values()) / span * 1000:.2f} ms a second; "
                "the most run (a second: calls, ms):"
            )
            for name, n in counted.most_common(TOP):
                if n:
                    lines.append(f"    {n / span:7.2f} {spent[name] / span * 1000:7.3f}  {name}")
        return "\n".join(lines)

    def _read(self, apps: list[int]) -> tuple:
        pool = [self.pool.pid] if self.pool is not None else []
        apps_read, pool_read = threads_of(apps), threads_of(pool)
        own = threads_of([os.getpid()], but=self.people.thread.native_id)
        return (
            time.perf_counter(),
            apps_read[0],
            pool_read[0],
            own[0],
            apps_read[1],
            pool_read[1],
            own[1],
            by_thread(),
        )

    async def measure(self, label: str, seconds: float, settle: float, sessions: int) -> None:
        """Let `settle` seconds pass (news still due told), then read `seconds` of quiet."""
        await asyncio.sleep(settle)
        apps = session_pids(self.pool)
        load = load_average()
        parts = LoopParts()
        parts.start()
        self.mark(f"quiet, {label}")
        before = self._read(apps)
        await asyncio.sleep(seconds)
        after = self._read(apps)
        self.mark("after the quiet")
        loop_time = parts.stop()
        span = after[0] - before[0]
        apps_ms, pool_ms, server_ms = ((after[i] - before[i]) / span * 1000 for i in (1, 2, 3))
        woken = [(after[i] - before[i]) / span for i in (4, 5, 6)]
        threads = after[7]
        threads.subtract(before[7])
        del threads["people"]
        self.lines.append(
            f"quiet, {label} ({span:.0f} s, load {load} to {load_average()}): processor time a "
            f"second {apps_ms:.1f} ms in the apps' {len(apps)} processes "
            f"({apps_ms / max(1, sessions) * 1000:.0f} us a session), {pool_ms:.1f} ms in the "
            f"pool, {server_ms:.1f} ms in the server; wake-ups a second {woken[0]:.1f}, "
            f"{woken[1]:.1f}, {woken[2]:.1f}"
        )
        self.lines.append(
            "  the server's threads, ms a second: "
            + ", ".join(
                f"{name} {spent / span * 1000:.2f}"
                for name, spent in threads.most_common()
                if spent > 0
            )
        )
        self.lines.append(
            f"  the server's loop thread {loop_time / span * 1000:.2f} ms a second, by part "
            "(ms a second, calls a second):"
        )
        for name, spent in parts.spent.most_common(TOP):
            self.lines.append(
                f"    {spent / span * 1000:6.3f}  {parts.calls[name] / span:6.2f}  {name}"
            )

    def summary(self) -> str:
        return "\n".join([*self.lines, self.hosts_ran()])
