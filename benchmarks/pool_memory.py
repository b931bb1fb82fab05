"""What a process of the session pool holds for its lobby apps: N apps in the lobby of a club of
M people online, forked by the real session pool onto pseudo-terminals of their own (no SSH),
the others online being lines to the hub (`hub_lines.py`).

Run: python benchmarks/pool_memory.py [--online 1000] [--apps 16] [--arrivals 500]
                                      [--apps-per-process 20] [--smaps]

The apps (`wish-tui client` as `wish-tui serve` forks it, `session_app.POOLED_CLIENT`) come one
after another once `online - apps - arrivals` others are in the lobby; then `--arrivals` more
people come, one after another, as news to the apps' lobbies (at a club event the first apps
hear of most arrivals, the last of few). Prints, from /proc/PID/smaps_rollup, the USS (and
PSS) of each process of apps and of the pool, what one app added to a process, and the apps
and the pool in all per session, as `benchmarks/serve.py` counts it, at 1,000 sessions (a
process of `--apps-per-process` apps for each such share of them). With `--smaps`, the private
pages of the first process by mapping (the interpreter's heap, its arenas, files).
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.hub_lines import lobby_lines  # noqa: E402
from benchmarks.serve_measure import children_of, load_average, mb, memory_kb  # noqa: E402
from wish_tui.server.child import set_size  # noqa: E402
from wish_tui.server.hub import Hub  # noqa: E402
from wish_tui.server.pool.link import SessionPool  # noqa: E402
from wish_tui.server.ssh.session import PASSED_FROM_SERVER  # noqa: E402
from wish_tui.session_app import POOLED_CLIENT  # noqa: E402

LOBBY = b"Tables of this server"
"""Words of the lobby's first frame."""
SIZE = (100, 30)
"""Each app's terminal, as serve.py's sessions open theirs."""
ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\x1b[=>]|\x1b\][^\x07]*\x07")


class Terminal:
    """The server's end of one app's pseudo-terminal: read and drained, the lobby watched for."""

    def __init__(self, master: int) -> None:
        self.master = master
        self.text = b""
        self.lobby = asyncio.get_running_loop().create_future()
        asyncio.get_running_loop().add_reader(master, self._read)

    def _read(self) -> None:
        try:
            chunk = os.read(self.master, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            asyncio.get_running_loop().remove_reader(self.master)
            return
        if not self.lobby.done():
            self.text = (self.text + ANSI.sub(b"", chunk))[-20000:]
            if LOBBY in self.text:
                self.lobby.set_result(time.perf_counter())

    def close(self) -> None:
        asyncio.get_running_loop().remove_reader(self.master)
        os.close(self.master)


async def start_app(hub: Hub, pool: SessionPool, data: Path, name: str) -> Terminal:
    """One session's app in the lobby, as the SSH front end starts it (less SSH)."""
    master, slave = os.openpty()
    set_size(slave, *SIZE)
    os.set_blocking(master, False)
    token = hub.register_session(f"open:{name}", name)
    env = {key: os.environ[key] for key in PASSED_FROM_SERVER if key in os.environ}
    env.update(
        {
            "WISH_TUI_SERVE_SOCKET": str(hub.socket_path),
            "WISH_TUI_SERVE_TOKEN": token,
            "WISH_TUI_DATA_DIR": str(data),
            "TERM": "xterm-256color",
            "PYTHONUTF8": "1",
        }
    )
    try:
        await pool.spawn((slave, slave, slave), env, "bench", shared=True)
    finally:
        os.close(slave)
    terminal = Terminal(master)
    await asyncio.wait_for(terminal.lobby, 60)
    return terminal


def smaps_private(pid: int) -> list[tuple[int, str]]:
    """A process's private pages by mapping name, kB, largest first."""
    sizes: dict[str, int] = {}
    name = ""
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        head = line.split(maxsplit=5)
        if ":" not in head[0] and "-" in head[0]:
            name = head[5].strip() if len(head) > 5 else "[anonymous]"
            if name.startswith("/"):
                name = "/".join(name.split("/")[-2:])
        elif head[0] in ("Private_Dirty:", "Private_Clean:"):
            sizes[name] = sizes.get(name, 0) + int(head[1])
    return sorted(((kb, n) for n, kb in sizes.items() if kb), reverse=True)


async def main(online: int, apps: int, arrivals: int, per_process: int, smaps: bool) -> None:
    data = Path(tempfile.mkdtemp())
    os.environ["WISH_TUI_DATA_DIR"] = str(data)
    hub = Hub(data, bot_pace=0.0, rate_limits={})
    await hub.start()
    before = max(0, online - apps - arrivals)
    lines = await lobby_lines(hub, before, True, prefix="early")
    pool = await SessionPool.begin_app(
        POOLED_CLIENT,
        max_children=apps + 4,
        max_per_group=apps + 4,
        apps_per_host=per_process,
        log=print,
    )
    if pool is None or not await pool.ready():
        raise SystemExit("the session pool did not start")
    await asyncio.sleep(1.0)
    pool_alone = memory_kb(pool.pid)
    terminals = []
    held_one = 0
    logins = []
    for i in range(apps):
        started = time.perf_counter()
        terminals.append(await start_app(hub, pool, data, f"app{i:03d}"))
        logins.append((terminals[-1].lobby.result() - started) * 1000)
        if i == 0:
            await asyncio.sleep(1.0)
            held_one = sum(memory_kb(pid)[0] for pid in children_of(pool.pid))
    lines += await lobby_lines(hub, arrivals, True, prefix="late")
    await asyncio.sleep(12.0)  # the background news of the arrivals told (every 10 s)
    hosts = sorted(children_of(pool.pid))
    sizes = [memory_kb(pid) for pid in hosts]
    pool_now = memory_kb(pool.pid)
    load = load_average()
    print(
        f"{apps} lobby apps forked by the pool, up to {per_process} a process, in a lobby of "
        f"{online} people online ({arrivals} of them arriving after the apps), terminals "
        f"{SIZE[0]}x{SIZE[1]}; load {load}"
    )
    print(f"the app to its lobby, median {statistics.median(logins):.0f} ms")
    print(
        f"the pool: USS {mb(pool_alone[0])} before any app, {mb(pool_now[0])} now "
        f"(PSS {mb(pool_now[1])})"
    )
    for pid, (uss, pss) in zip(hosts, sizes, strict=True):
        print(f"a process of apps (pid {pid}): USS {mb(uss)}, PSS {mb(pss)}")
    full = [uss for uss, _ in sizes[: apps // per_process]] or [sizes[0][0]]
    print(f"one app alone in its process: USS {mb(held_one)}")
    added = (statistics.median(full) - held_one) / max(1, min(apps, per_process) - 1)
    print(f"each app after the first added {mb(added)} to its process")
    host_uss = statistics.median(full)
    sessions = 1000
    count = math.ceil(sessions / per_process)
    whole = count * host_uss + pool_now[0]
    print(
        f"the apps and the pool in all at {sessions} sessions: {count} processes of "
        f"{mb(host_uss)} and the pool: {mb(whole)}, {mb(whole / sessions)} per session"
    )
    if smaps and hosts:
        print(f"private pages of pid {hosts[0]} by mapping:")
        for kb, name in smaps_private(hosts[0])[:12]:
            print(f"  {kb / 1024:6.1f} MB  {name}")
    for terminal in terminals:
        terminal.close()
    for line in lines:
        line.close()
    await pool.close()
    await hub.close()
    shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--online", type=int, default=1000, help="people online in all (1000)")
    parser.add_argument("--apps", type=int, default=16, help="lobby apps forked by the pool (16)")
    parser.add_argument(
        "--arrivals", type=int, default=500, help="of the online, arriving after the apps (500)"
    )
    parser.add_argument("--apps-per-process", type=int, default=20, help="(20, as wish-tui serve)")
    parser.add_argument("--smaps", action="store_true", help="private pages by mapping")
    options = parser.parse_args()
    asyncio.run(
        main(
            options.online, options.apps, options.arrivals, options.apps_per_process, options.smaps
        )
    )
