"""What idle sessions cost the table server: processor time of the hub over a quiet minute with
none, then with N sessions in the lobby that do nothing (no key, no table, no news).

Run: python benchmarks/idle_hub.py [--sessions 1000] [--seconds 20]

The sessions are the apps' lines to the hub (a Unix socket each, hello and the lobby with the
welcome, as `wish-tui client` says them), without SSH or screens: what is measured is the hub's
own timers (its rounds of news, the looks it takes every few seconds) and what they do per
session. The target: an idle session costs no processor time (the difference per session per
minute is nothing but noise).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.hub_lines import lobby_lines  # noqa: E402
from wish_tui.server.hub import Hub  # noqa: E402


async def quiet(seconds: float) -> float:
    """Processor time of this process over `seconds` of doing nothing but serve."""
    before = time.process_time()
    await asyncio.sleep(seconds)
    return time.process_time() - before


async def main(sessions: int, seconds: float) -> None:
    data = Path(tempfile.mkdtemp())
    os.environ["WISH_TUI_DATA_DIR"] = str(data)
    hub = Hub(data, bot_pace=0.0, rate_limits={})
    await hub.start()
    await asyncio.sleep(2.0)
    empty = await quiet(seconds)
    lines = await lobby_lines(hub, sessions)
    await asyncio.sleep(LOBBY_NEWS_SETTLES)  # the news of their arrival told
    full = await quiet(seconds)
    for line in lines:
        line.close()
    await hub.close()
    per_minute = 60.0 / seconds
    extra = (full - empty) * per_minute / max(1, sessions) * 1000
    print(
        f"the hub's processor time over {seconds:g} s of quiet: {empty * 1000:.0f} ms with no "
        f"session, {full * 1000:.0f} ms with {sessions} idle in the lobby: "
        f"{extra:.3f} ms per idle session per minute (target: 0)"
    )


LOBBY_NEWS_SETTLES = 75.0
"""Seconds for every background news of the arrivals (who is online, every 10 s; how far tables
have got, every 60 s) to be told, so that what is measured after is the quiet."""


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000, help="idle sessions (1000)")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds measured (20)")
    options = parser.parse_args()
    asyncio.run(main(options.sessions, options.seconds))
