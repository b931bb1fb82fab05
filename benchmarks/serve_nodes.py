"""Node A of a two-node run of `benchmarks/serve.py`: `wish-tui serve --database URL` in a
process of its own, and the takeover of its tables when it is killed."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

from wish_tui.server.hub import Hub

CLIENT = (sys.executable, "-m", "wish_tui", "client")
IDLE_TIMEOUT = 6 * 3600
"""Seconds node A lets a session wait without a key: as long as node B's (`serve.py`), since at
1,000 sessions the last tables are seated more than the default half hour after the logins."""


LOGIN = re.compile(r"\) logged in from ")
"""A line of a node's log that says who logged in: one a session, not a problem."""


class NodeProcess:
    """Node A: `wish-tui serve --open --database URL` in a process (and process group) of its own."""

    def __init__(self, process, port: int, data: Path) -> None:
        self.process, self.port, self.data = process, port, data

    @classmethod
    async def start(cls, database: str, sessions: int) -> NodeProcess:
        data = Path(tempfile.mkdtemp())
        limit = str(sessions - sessions // 2 + 4)  # every other session is this node's
        process = await asyncio.create_subprocess_exec(
            *CLIENT[:3], "serve", "--open", "--port", "0", "--database", database,
            "--max-connections", limit, "--max-per-address", limit,
            "--idle-timeout", str(IDLE_TIMEOUT),
            env={**os.environ, "WISH_TUI_DATA_DIR": str(data)},
            stdout=asyncio.subprocess.PIPE,
            stderr=(data / "serve.log").open("wb"),
            start_new_session=True,
        )  # fmt: skip
        while True:
            line = await asyncio.wait_for(process.stdout.readline(), 120)
            if not line:
                log = (data / "serve.log").read_text(errors="replace")[-2000:]
                raise SystemExit(f"node A did not start:\n{log}")
            found = re.search(rb"listening on \S+ port (\d+)", line)
            if found:
                return cls(process, int(found.group(1)), data)

    def log_lines(self) -> tuple[int, list[str]]:
        """How many logins node A wrote to its log (standard error), and its other lines but
        the one with its address."""
        lines = (self.data / "serve.log").read_text(errors="replace").splitlines()
        logins = sum(1 for line in lines if LOGIN.search(line))
        return logins, [
            line for line in lines if line and "listening on" not in line and not LOGIN.search(line)
        ]

    def kill(self) -> None:
        """SIGKILL the node, its session pool and its apps: a machine that dies."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)

    async def close(self) -> None:
        self.kill()
        await self.process.wait()
        shutil.rmtree(self.data, ignore_errors=True)


async def takeover(hub: Hub, node: NodeProcess, tables: list) -> list[float]:
    """Kill node A; the seconds until node B runs each of its tables."""
    waiting = {t.id for t in tables if not t.is_over}
    killed = time.perf_counter()
    node.kill()
    times = []
    while waiting and time.perf_counter() - killed < 120:
        for table_id in [t for t in waiting if t in hub.node.running]:
            waiting.discard(table_id)
            times.append(time.perf_counter() - killed)
        await asyncio.sleep(0.01)
    return times
