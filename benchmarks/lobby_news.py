"""What the lobby's news costs the table server at a club event: N sessions in the lobby while one
person opens table after table (each news to all of them), told in a shared part (as
`wish-tui client` asks) or as each session's own list (`--lists`: as an older client asks).

Run: python benchmarks/lobby_news.py [--sessions 1000] [--tables 20] [--every 1.0] [--lists]

Prints the hub's processor time per table opened (its request, and every round of news it makes
for the lobby), the rounds run, and the bytes each session in the lobby was sent. No SSH and no
screens: the sessions are lines to the hub (`hub_lines.py`).
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

from benchmarks.hub_lines import lobby_lines  # noqa: E402
from benchmarks.serve_measure import load_average  # noqa: E402
from wish_tui.server.hub import Hub  # noqa: E402
from wish_tui.server.hub.lobby import LobbyLists  # noqa: E402

SEATS = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]


async def main(sessions: int, tables: int, every: float, shared: bool) -> None:
    data = Path(tempfile.mkdtemp())
    os.environ["WISH_TUI_DATA_DIR"] = str(data)
    hub = Hub(data, bot_pace=0.0, rate_limits={})
    await hub.start()
    lines = await lobby_lines(hub, sessions, shared)
    opener = (await lobby_lines(hub, 1, prefix="opener"))[0]
    opener.task.cancel()
    await asyncio.sleep(15.0)  # the news of the arrivals told
    rounds = 0
    run_round = LobbyLists._round

    def counted(self, loop):
        nonlocal rounds
        rounds += 1
        run_round(self, loop)

    LobbyLists._round = counted
    received = sum(line.received for line in lines)
    load = load_average()
    before = time.process_time()
    for _ in range(tables):
        answer = await opener.ask({"type": "new_table", "game": "wish", "seats": SEATS})
        while answer["type"] != "table":  # the opener's own news came first
            answer = json.loads(await opener.reader.readline())
        await asyncio.sleep(every)
    await asyncio.sleep(6.0)  # the last news told, however paced
    spent = time.process_time() - before
    sent = (sum(line.received for line in lines) - received) / max(1, sessions)
    for line in [*lines, opener]:
        line.close()
    await hub.close()
    how = "a shared part and each its own" if shared else "each its own list"
    print(
        f"{sessions} sessions in the lobby told as {how}, {tables} tables opened one every "
        f"{every:g} s (load {load} to {load_average()}): the hub's processor time "
        f"{spent / tables * 1000:.1f} ms per table opened, {rounds} rounds of news "
        f"({spent / max(1, rounds) * 1000:.1f} ms a round), {sent / tables:.0f} B per table to "
        "each session"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000, help="sessions in the lobby (1000)")
    parser.add_argument("--tables", type=int, default=20, help="tables opened (20)")
    parser.add_argument("--every", type=float, default=1.0, help="seconds between two (1.0)")
    parser.add_argument("--lists", action="store_true", help="each session told its own list")
    options = parser.parse_args()
    asyncio.run(main(options.sessions, options.tables, options.every, not options.lists))
