"""What idle sessions in the lobby cost the apps: processor time of the session pool's processes
of apps, and of this process (the server and the benchmark's SSH clients), over quiet seconds
with N sessions in the lobby that do nothing (no key, no table, no news).

Run: python benchmarks/idle_lobby.py [--sessions 48] [--seconds 20] [--settle 15]

The real server in this process, as `benchmarks/serve.py` starts it (the table server, the
session pool, the SSH front end, each session's `wish-tui client` app on its own pseudo-terminal,
16 to a process of the pool); the sessions log in one after another and wait in the lobby. The
lobby's news of who came online is told within LOBBY_BACKGROUND_EVERY (10 s) of the last login:
`--settle` seconds are let pass before the quiet seconds are measured. The target: an idle
session costs no processor time (no timer ticking in its app).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.serve_measure import cpu_seconds, load_average, session_pids  # noqa: E402
from benchmarks.serve_nodes import CLIENT  # noqa: E402
from benchmarks.serve_sessions import LOBBY, connect  # noqa: E402
from wish_tui.server.hub import Hub  # noqa: E402
from wish_tui.server.pool.link import SessionPool  # noqa: E402
from wish_tui.server.ssh.front import FrontEnd, Limits  # noqa: E402
from wish_tui.session_app import POOLED_CLIENT  # noqa: E402

APPS_PER_PROCESS = 20
"""Apps to a process of the pool (as `serve.py` runs them)."""


async def main(sessions: int, seconds: float, settle: float) -> None:
    data = Path(tempfile.mkdtemp())
    os.environ["WISH_TUI_DATA_DIR"] = str(data)
    hub = Hub(data, bot_pace=0.0, rate_limits={})
    await hub.start()
    limits = Limits(max_connections=sessions + 4, max_per_address=sessions + 4)
    pool = await SessionPool.begin_app(
        POOLED_CLIENT,
        max_children=sessions + 4,
        max_per_group=sessions + 4,
        apps_per_host=APPS_PER_PROCESS,
        log=print,
    )
    if pool is None or not await pool.ready():
        raise SystemExit("the session pool did not start")
    host_key = asyncssh.generate_private_key("ssh-ed25519")
    front = FrontEnd(hub, host_key, None, data, limits, CLIENT, log=lambda line: None, pool=pool)
    await front.start("127.0.0.1", 0)
    players = []
    for i in range(sessions):
        player = await connect(front.port, f"p{i:03d}")
        await player.see(LOBBY)
        players.append(player)
    await asyncio.sleep(settle)
    apps = session_pids(pool)
    load = load_average()
    before = cpu_seconds(apps), cpu_seconds([pool.pid]), time.process_time()
    received = sum(player.received for player in players)
    await asyncio.sleep(seconds)
    spent = (
        cpu_seconds(apps) - before[0],
        cpu_seconds([pool.pid]) - before[1],
        time.process_time() - before[2],
    )
    received = sum(player.received for player in players) - received
    for player in players:
        player.conn.close()
    await front.close()
    await hub.close()
    await pool.close()
    shutil.rmtree(data, ignore_errors=True)
    per_minute = 60 / seconds
    print(
        f"{sessions} sessions idle in the lobby ({len(apps)} processes of apps), {seconds:.0f} s "
        f"measured {settle:.0f} s after the last login (load {load} to {load_average()}):"
    )
    print(
        f"processor time per session per minute: the apps {spent[0] * 1000 * per_minute / sessions:.2f}"
        f" ms, the pool {spent[1] * 1000 * per_minute / sessions:.2f} ms, this process (the "
        f"server and the SSH clients) {spent[2] * 1000 * per_minute / sessions:.2f} ms; "
        f"bytes sent to the clients meanwhile: {received}"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=48, help="sessions in the lobby (48)")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds measured (20)")
    parser.add_argument("--settle", type=float, default=15.0, help="seconds let pass first (15)")
    options = parser.parse_args()
    asyncio.run(main(options.sessions, options.seconds, options.settle))
