"""What the lobby's news costs each app in the lobby at a club event: one headless lobby app of a
club of N people online, told in parts (as `wish-tui client` asks) while tables open one after
another (each a new table, its owner's name at it, as the hub tells it to the whole lobby).

Run: python benchmarks/lobby_apps.py [--online 1000] [--tables 80] [--seated | --progress]
         [--stream FILE] [--apps N [--profile FILE]]

With --seated, each table is opened by another person and its second seat taken by the next, as
`serve.py` seats them (two messages a table, the first names of the online line among them).
With --progress, the tables are seated, then the lobby is told 60 times how far seven in eight of
them have got (the minute's report; most rows change, most of them out of sight at 80 tables).

Prints the app's processor time per news message (made whole, shown and drawn). No server: the
messages are made by the hub's own `SharedNews`, as it sends them to every session in the lobby.
The app draws as a served one does: Textual changed as `WishApp` changes it for its process
(`render_lines_plainly` and the rest). With `--stream FILE`, each frame's text as a terminal
would be sent it is written to FILE (the news, then the cursor moved, the list scrolled and the
window narrowed, and the news again), to compare two versions' bytes. With `--apps N`, N apps
share one process as a host of the session pool runs them (`lobby_hosted.py`: hosted drivers
writing to pseudo-terminals, the server's lines read by each app's own connection), and the
time is a report's per app; with `--apps N --stream FILE`, FILE gets what six apps' terminals
(different sizes, themes and cursors) were sent.
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
from wish_tui.ui.app import WishApp  # noqa: E402
from wish_tui.widgets.row_list import RowList  # noqa: E402

OPENER = "zoe"
"""Who opens the tables: named after the first the online line names, as most are."""
DRAWN = 0.05
"""Seconds after a message by which the app has drawn it (Textual draws at most 60 times a second)."""


def summary(number: int, opener: str = OPENER, second: str = "") -> dict:
    """A new table's row as everyone sees it: its opener sits, a seat open (or taken by
    `second`)."""
    return {
        "table": str(number),
        "game": "wish",
        "title": "Wish",
        "seats": [f"Air ({opener})", f"Water ({second})" if second else "Water (open seat)"],
        "open": [] if second else [1],
        "connected": [True, bool(second)],
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


def seated(online: int, tables: int) -> list[dict]:
    """The messages a session in the lobby is told while tables are seated as serve.py seats
    them: each opened by one person and its second seat taken by the next (the first names of
    the online line, so that it changes too): two shared parts' changes for each table."""
    names = [f"p{i:04d}" for i in range(online)]
    sitting: dict[str, list[str]] = {name: [] for name in names}
    shared = SharedNews()
    shared.update([], [{"name": name, "tables": []} for name in names])
    told = [
        json.loads(shared.message(None)),
        {"type": "lobby_yours", "shared": shared.number, "you": names[-1]},
    ]
    summaries: list[dict] = []
    for number in range(1, tables + 1):
        opener, second = names[2 * number - 2], names[2 * number - 1]
        for joined in (False, True):
            base = shared.number
            if joined:
                summaries[-1] = summary(number, opener, second)
                sitting[second] = [str(number)]
            else:
                summaries.append(summary(number, opener))
                sitting[opener] = [str(number)]
            people = [{"name": name, "tables": sitting[name]} for name in names]
            shared.update(list(summaries), people)
            told.append(json.loads(shared.message(base)))
    return told


def progressed(online: int, tables: int, reports: int = 60) -> list[dict]:
    """The messages a session in the lobby is told while `tables` seated tables play on: the
    whole shared part and its own, then `reports` shared parts' changes, each with how far
    seven in eight of the tables have got (the minute's report, or tables ending)."""
    names = [f"p{i:04d}" for i in range(online)]
    summaries = [summary(n, names[2 * n - 2], names[2 * n - 1]) for n in range(1, tables + 1)]
    people = [
        {"name": name, "tables": [str(i // 2 + 1)] if i < 2 * tables else []}
        for i, name in enumerate(names)
    ]
    shared = SharedNews()
    shared.update(list(summaries), people)
    told = [
        json.loads(shared.message(None)),
        {"type": "lobby_yours", "shared": shared.number, "you": names[-1]},
    ]
    for report in range(1, reports + 1):
        base = shared.number
        summaries = [
            {**row, "progress": f"round {report}"} if i % 8 != report % 8 else row
            for i, row in enumerate(summaries)
        ]
        shared.update(list(summaries), people)
        told.append(json.loads(shared.message(base)))
    return told


def frames_kept(app: LobbyApp) -> list[str]:
    """The text of each frame `app` draws from now on, as its terminal would be sent it."""
    from textual._compositor import CompositorUpdate

    frames: list[str] = []
    real = app._display

    def display(screen, renderable) -> None:
        if isinstance(renderable, CompositorUpdate):
            frames.append(renderable.render_segments(app.console))
        real(screen, renderable)

    app._display = display
    return frames


async def streamed(told: list[dict], path: str) -> None:
    """Write to `path` the frames of a lobby app told `told`, its cursor moved, its list
    scrolled, its window narrowed, and told it again."""
    app = LobbyApp()
    parts = SharedFollower()
    frames = frames_kept(app)
    async with app.run_test(headless=True, size=(100, 30)) as pilot:
        await pilot.pause()
        for message in told:
            made = parts.take(message)
            if made is not None and made is not SharedFollower.WAIT:
                app.screen.show(made)
                await pilot.pause(DRAWN)
        for key in ("down", "down", "pagedown", "end", "up", "home", "pagedown"):
            await pilot.press(key)
            await pilot.pause(DRAWN)
        await pilot.resize_terminal(52, 14)
        await pilot.pause(DRAWN)
        app.screen.show(made)
        for message in told[-8:]:
            made = parts.take(message)
            if made is not None and made is not SharedFollower.WAIT:
                app.screen.show(made)
                await pilot.pause(DRAWN)
    Path(path).write_text("\n".join(frames))
    print(f"{len(frames)} frames, {sum(map(len, frames))} characters, written to {path}")


async def main(
    online: int,
    tables: int,
    seats_taken: bool,
    progress: bool = False,
    stream: str = "",
    apps: int = 0,
    profile: str = "",
) -> None:
    WishApp()  # Textual changed for the process as the served apps' process changes it
    if progress:
        told = progressed(online, tables)
    else:
        told = seated(online, tables) if seats_taken else news(online, tables)
    if apps:
        from benchmarks import lobby_hosted

        if stream:
            await lobby_hosted.streamed(told, stream)
        else:
            await lobby_hosted.measured(told, apps, profile)
        return
    if stream:
        await streamed(told, stream)
        return
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
    if progress:
        print(
            f"one lobby app of {online} people online, {tables} tables seated, told {len(spent)} "
            f"times how far seven in eight of them have got: {_ms(spent)} of processor time per "
            f"news message, made whole, shown and drawn, less the {idle * 1000:.2f} ms an idle "
            "app spends in the same wait"
        )
        return
    if seats_taken:
        print(
            f"one lobby app of {online} people online, {tables} tables opened and their second "
            f"seat taken one after another: {_ms(spent)} of processor time per news message "
            f"({len(spent)}), made whole, shown and drawn, less the {idle * 1000:.2f} ms an idle "
            "app spends in the same wait"
        )
        return
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
    parser.add_argument(
        "--seated",
        action="store_true",
        help="each table opened by another person and its second seat taken (as serve.py)",
    )
    parser.add_argument(
        "--progress",
        action="store_true",
        help="the tables seated, then told how far most of them have got, 60 times",
    )
    parser.add_argument("--stream", metavar="FILE", default="", help="write the frames' text")
    parser.add_argument(
        "--apps",
        type=int,
        default=0,
        help="N apps in one process as a host runs them (hosted drivers, pseudo-terminals); "
        "with --stream, six apps of different sizes, themes and cursors",
    )
    parser.add_argument("--profile", metavar="FILE", default="", help="cProfile of --apps N")
    options = parser.parse_args()
    asyncio.run(
        main(
            options.online,
            options.tables,
            options.seated,
            options.progress,
            options.stream,
            options.apps,
            options.profile,
        )
    )
