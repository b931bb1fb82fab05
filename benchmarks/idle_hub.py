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
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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
    lines = []
    for i in range(sessions):
        reader, writer = await asyncio.open_unix_connection(str(hub.socket_path), limit=1 << 20)
        token = hub.register_session(f"open:idle{i:04d}", f"idle{i:04d}")
        hello = {"type": "hello", "token": token, "diffs": True, "lobby_diffs": True}
        writer.write(json.dumps({**hello, "lobby_shared": True, "lobby": True}).encode() + b"\n")
        while True:
            message = json.loads(await reader.readline())
            if message["type"] == "welcome" and message.get("needs_name"):
                writer.write(json.dumps({"type": "register", "name": f"idle{i:04d}"}).encode())
                writer.write(b"\n")
            elif message["type"] == "welcome":
                break
        lines.append((reader, writer))
    drained = [asyncio.create_task(_drain(reader)) for reader, _ in lines]
    await asyncio.sleep(LOBBY_NEWS_SETTLES)  # the news of their arrival told
    full = await quiet(seconds)
    for task in drained:
        task.cancel()
    for _, writer in lines:
        writer.close()
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


async def _drain(reader: asyncio.StreamReader) -> None:
    while await reader.readline():
        pass


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000, help="idle sessions (1000)")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds measured (20)")
    options = parser.parse_args()
    asyncio.run(main(options.sessions, options.seconds))
