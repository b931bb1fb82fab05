"""What the lobby's news costs each app in the lobby at a club event: one headless lobby app of a
club of N people online, told in parts (as `wish-tui client` asks) while tables open one after
another (each a new table, its owner's name at it, as the hub tells it to the whole lobby).

Run: python benchmarks/lobby_apps.py [--online 1000] [--tables 80]

Prints the app's processor time per news message (made whole, shown and drawn). No server: the
messages are made by the hub's own `SharedNews`, as it sends them to every session in the lobby.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.ui.lobby_app import LobbyApp  # noqa: E402
from wish_tui.server.hub.shared_news import SharedNews  # noqa: E402
from wish_tui.tables.lobby_shared import SharedFollower  # noqa: E402
from wish_tui.widgets.row_list import RowList  # noqa: E402

OPENER = "zoe"
"""Who opens the tables: named after the first the online line names, as most are."""
DRAWN = 0.05
"""Seconds after a message by which the app has drawn it (Textual draws at most 60 times a second)."""


def summary(number: int) -> dict:
    """A new table's row as everyone sees it: its opener sits, a seat open."""
    return {
        "table": str(number),
        "game": "wish",
        "title": "Wish",
        "seats": [f"Air ({OPENER})", "Water (open seat)"],
        "open": [1],
        "connected": [True, False],
        "progress": "waiting",
        "solo": "",
        "over": False,
        "ended": "",
        "kind": "live",
        "clock": None,
    }


def news(online: int, tables: int) -> list[dict]:
    """The messages a session in the lobby is told: the whole shared part and its own, then
    one shared part's changes for each table opened."""
    people = [{"name": f"p{i:04d}", "tables": []} for i in range(online - 1)]
    shared = SharedNews()
    shared.update([], [*people, {"name": OPENER, "tables": []}])
    told = [
        json.loads(shared.message(None)),
        {"type": "lobby_yours", "shared": shared.number, "you": "p0000"},
    ]
    summaries: list[dict] = []
    for number in range(1, tables + 1):
        base = shared.number
        summaries.append(summary(number))
        opener = {"name": OPENER, "tables": [s["table"] for s in summaries]}
        shared.update(list(summaries), [*people, opener])
        told.append(json.loads(shared.message(base)))
    return told


async def main(online: int, tables: int) -> None:
    told = news(online, tables)
    app = LobbyApp()
    parts = SharedFollower()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for message in told[:2]:
            made = parts.take(message)
        app.screen.show(made)
        await pilot.pause()
        idle = time.process_time()
        for _ in range(10):
            await pilot.pause(DRAWN)
        idle = (time.process_time() - idle) / 10
        shown = app.screen.query_one(RowList).size.height - 1  # rows under the header
        spent = []
        for message in told[2:]:
            before = time.process_time()
            app.screen.show(parts.take(message))
            await pilot.pause(DRAWN)
            spent.append(time.process_time() - before - idle)
    in_sight, below = spent[:shown], spent[shown:]
    print(
        f"one lobby app of {online} people online, {tables} tables opened one after another: "
        f"{_ms(spent)} of processor time per news message, made whole, shown and drawn "
        f"({_ms(in_sight)} for the first {len(in_sight)}, whose row shows; {_ms(below)} for the "
        f"{len(below)} opened below the rows shown), less the {idle * 1000:.2f} ms an idle app "
        "spends in the same wait"
    )


def _ms(spent: list[float]) -> str:
    """The mean of `spent`, in milliseconds."""
    return f"{sum(spent) / max(1, len(spent)) * 1000:.2f} ms"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--online", type=int, default=1000, help="people online (1000)")
    parser.add_argument("--tables", type=int, default=80, help="tables opened (80)")
    options = parser.parse_args()
    asyncio.run(main(options.online, options.tables))
