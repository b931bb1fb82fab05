"""The path of a keypress at a server's table, counted: files and the calls from one to another.

Run: python benchmarks/hops.py

Two people sit at a table of Wish held by a real table server (`Hub`, in this process, on its
Unix socket); the first plays their first choice through the seat API (`RemoteSeat.play`, what a
key of the table screen calls), and every call of the project's code is followed until the other
person's table hears of the change (`Listener.table_changed`). Prints:

- the files of the project that the path runs through, outside the game's own rules, words and
  bots and core (what the rooms of tables, club and server cost), and how many they are;
- the hops: the distinct calls from a function of one of those files to a function of another
  (a call within a file is no hop; a property is a function), by the pair of files, and how many
  such calls ran in all.

The same script measures the layout before issue 33's rooms (server/client.py, server/hub.py
and its mixins) and after (tables/, club/, server/hub/): it finds the modules of either.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from wish_tui import games  # noqa: E402

PACKAGE = Path(games.__file__).resolve().parent
if (PACKAGE / "tables").is_dir():  # after: the tables' room
    from wish_tui.server.hub import Hub
    from wish_tui.tables.remote import Connection, RemoteTable
    from wish_tui.tables.seat import Listener
else:  # before
    from wish_tui.seat import Listener
    from wish_tui.server.client import Connection, RemoteTable

    from wish_tui.server.hub import Hub

OUTSIDE = ("wish/", "spirits/", "wishland/", "core/")
"""The game's own rules, words and bots, and core: the same before and after."""


class Heard(Listener):
    def __init__(self) -> None:
        self.changes = 0

    def table_changed(self) -> None:
        self.changes += 1


def _file_of(frame) -> str | None:
    path = Path(frame.f_code.co_filename)
    try:
        relative = path.resolve().relative_to(PACKAGE)
    except ValueError:
        return None
    text = str(relative)
    return None if text.startswith(OUTSIDE) else text


async def _sit(hub) -> tuple[list[RemoteTable], list[Heard], list[Connection]]:
    tables: list[RemoteTable | None] = [None, None]
    heard = [Heard(), Heard()]
    connections = []

    def told(index: int, message: dict) -> None:
        if message.get("type") != "table":
            return
        if tables[index] is None:
            tables[index] = RemoteTable(connections[index], message)
            tables[index].listen(heard[index])
        else:
            tables[index].update(message)

    for index, name in enumerate(("alice", "bob")):
        token = hub.register_session(f"open:{name}", name)
        connection = Connection(str(hub.socket_path), token, lambda m, i=index: told(i, m))
        await connection.open()
        connections.append(connection)
    await asyncio.sleep(0.1)
    seats = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]
    connections[0].send({"type": "new_table", "game": "wish", "seats": seats, "options": {}})
    while tables[0] is None:
        await asyncio.sleep(0.01)
    connections[1].send({"type": "join", "table": tables[0].id, "seat": 1})
    while tables[1] is None:
        await asyncio.sleep(0.01)
    await asyncio.sleep(1.0)  # the lobby's news of the new table told first
    return tables, heard, connections


async def main() -> None:
    data = Path(tempfile.mkdtemp(prefix="wish-tui-hops-"))
    hub = Hub(data, bot_pace=0.0, seed_source=lambda: 7, rate_limits={})
    await hub.start()
    tables, heard, connections = await _sit(hub)
    mover = next(i for i, t in enumerate(tables) if t.deciding == t.my_seat)
    other = 1 - mover
    seat = tables[mover].seat(tables[mover].my_seat)
    notation = seat.choices().actions[0].notation
    before = heard[other].changes
    files: Counter[str] = Counter()
    hops: Counter[tuple[str, str]] = Counter()
    calls = 0

    def profile(frame, event, arg) -> None:
        if event != "call":
            return
        callee = _file_of(frame)
        if callee is None:
            return
        files[callee] += 1
        nonlocal calls
        back = frame.f_back
        caller = _file_of(back) if back is not None else None
        if caller is not None and caller != callee:
            calls += 1
            hops[(f"{caller}:{back.f_code.co_name}", f"{callee}:{frame.f_code.co_name}")] += 1

    sys.setprofile(profile)
    seat.play(notation)
    while heard[other].changes == before:
        await asyncio.sleep(0)
    sys.setprofile(None)
    for connection in connections:
        connection.close()
    await hub.close()
    print(f"a keypress at a server's table ({notation!r}), to the other person's table:")
    print(f"files outside the game and core: {len(files)}")
    for name in sorted(files):
        print(f"  {name}")
    by_files = Counter((a.split(":")[0], b.split(":")[0]) for a, b in hops)
    print(f"hops (distinct calls from a function of one of those files to another's): {len(hops)}")
    print(f"  such calls run in all: {calls}")
    for (caller, callee), count in sorted(by_files.items()):
        print(f"  {count:3d}  {caller} -> {callee}")


if __name__ == "__main__":
    asyncio.run(main())
