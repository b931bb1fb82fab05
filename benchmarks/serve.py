"""`wish-tui serve` under load: 16 SSH sessions on loopback, two to a table, all playing at once.

Run: python benchmarks/serve.py [--sessions 16] [--actions 12]

Starts the real server in this process (the table server and the SSH front end, each session
running its own `wish-tui client` app on its own pseudo-terminal), connects the sessions with
asyncssh's client, opens a table of Wish for each pair and plays: the person whose decision it is
presses a key, and the time until the *other* person's screen receives its change is measured.

Prints:
- keypress to the change on the other person's screen: median and 95th percentile
  (target: median <= 50 ms on a 2-core machine);
- memory per connected session: the resident size of each session's app process (target <= 80 MB);
- bytes sent to each client per game action.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wish_tui.server.hub import Hub  # noqa: E402
from wish_tui.server.ssh import FrontEnd, Limits  # noqa: E402

CLIENT = (sys.executable, "-m", "wish_tui", "client")
ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\x1b[=>]|\x1b\][^\x07]*\x07")


class Player:
    """One session: its process and every chunk its terminal received, with the time."""

    def __init__(self, name: str, conn, process) -> None:
        self.name, self.conn, self.process = name, conn, process
        self.chunks: list[tuple[float, int]] = []
        self.text = b""
        self.task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        while True:
            chunk = await self.process.stdout.read(65536)
            if not chunk:
                return
            self.chunks.append((time.perf_counter(), len(chunk)))
            self.text = (self.text + ANSI.sub(b"", chunk))[-20000:]

    async def see(self, words: bytes, timeout: float = 30.0) -> None:
        deadline = time.perf_counter() + timeout
        while words not in self.text:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{self.name}: {words!r} not seen")
            await asyncio.sleep(0.02)

    def first_after(self, moment: float) -> float | None:
        for when, _ in self.chunks:
            if when > moment:
                return when
        return None

    def press(self, keys: str) -> None:
        self.process.stdin.write(keys.encode())

    @property
    def received(self) -> int:
        return sum(n for _, n in self.chunks)


async def connect(port: int, name: str) -> Player:
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        known_hosts=None,
        agent_path=None,
        config=None,
        client_keys=None,
        password=None,
    )
    process = await conn.create_process(
        term_type="xterm-256color", term_size=(100, 30), encoding=None
    )
    return Player(name, conn, process)


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def client_pids() -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"wish_tui" in cmdline and b"client" in cmdline:
            pids.append(int(entry.name))
    return pids


async def seat_pair(hub: Hub, first: Player, second: Player):
    """`first` opens a table of Wish with the second seat open; `second` joins it from the
    lobby, where it is the last row (tables are listed in the order they were opened)."""
    first.press("n")
    await first.see(b"New table")
    first.press("\x0e")
    table = None
    deadline = time.perf_counter() + 60
    while table is None and time.perf_counter() < deadline:
        await asyncio.sleep(0.05)
        table = next((t for t in hub.tables.values() if t.seats[0].person_name == first.name), None)
    if table is None:
        raise TimeoutError(f"{first.name}'s table never opened")
    deadline = time.perf_counter() + 60
    while table.seats[1].person_name != second.name:
        if time.perf_counter() > deadline:
            raise TimeoutError(f"{second.name} never sat down at {first.name}'s table")
        await asyncio.sleep(1.0)
        if table.seats[1].person_name != second.name:
            second.press("\x1b[B" * len(hub.tables) + "\r")
    return table


async def play_table(
    table, first: Player, second: Player, actions: int, latencies: list, traffic: list
):
    players = [first, second]
    await asyncio.sleep(1.0)
    at_start = first.received + second.received
    done = 0
    while done < actions and not table.is_over:
        seat = table.deciding()
        me, other = players[seat], players[1 - seat]
        view = table.state.view(seat)
        before = table.actions
        key = "1" if view.get("decision") else "n"
        pressed = time.perf_counter()
        me.press(key)
        deadline = pressed + 15
        while table.actions == before and time.perf_counter() < deadline:
            await asyncio.sleep(0.01)
            if key == "n" and b"unused?" in me.text[-3000:]:
                me.press("1")
                key = "n1"
        if table.actions == before:
            continue
        await asyncio.sleep(0.3)
        seen = other.first_after(pressed)
        if seen is not None:
            latencies.append((seen - pressed) * 1000)
        done += table.actions - before
    traffic.append((first.received + second.received - at_start, done))


async def main(sessions: int, actions: int) -> None:
    data = Path(tempfile.mkdtemp())
    os.environ["WISH_TUI_DATA_DIR"] = str(data)
    hub = Hub(data, bot_pace=0.0)
    await hub.start()
    host_key = asyncssh.generate_private_key("ssh-ed25519")
    limits = Limits(max_connections=sessions + 4, max_per_address=sessions + 4)
    front = FrontEnd(hub, host_key, None, data, limits, CLIENT, log=lambda m: None)
    await front.start("127.0.0.1", 0)
    players = []
    for i in range(sessions):
        players.append(await connect(front.port, f"p{i:02d}"))
    for player in players:
        await player.see(b"Tables of this server")
    latencies: list[float] = []
    traffic: list[tuple[int, int]] = []
    pairs = [(players[i], players[i + 1]) for i in range(0, sessions - 1, 2)]
    tables = [await seat_pair(hub, a, b) for a, b in pairs]
    started = time.perf_counter()
    await asyncio.gather(
        *(
            play_table(table, a, b, actions, latencies, traffic)
            for table, (a, b) in zip(tables, pairs, strict=True)
        )
    )
    elapsed = time.perf_counter() - started
    memory = [rss_mb(pid) for pid in client_pids()]
    total_actions = sum(t.actions for t in hub.tables.values())
    played = sum(n for _, n in traffic)
    received = sum(b for b, _ in traffic)
    for player in players:
        player.conn.close()
    await front.close()
    await hub.close()
    latencies.sort()
    p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else float("nan")
    print(f"{sessions} sessions, {len(pairs)} tables, {total_actions} actions in {elapsed:.0f} s")
    print(
        f"keypress to the other screen: median {statistics.median(latencies):.0f} ms, "
        f"p95 {p95:.0f} ms over {len(latencies)} actions (target: median <= 50 ms)"
    )
    print(
        f"memory per session app: median {statistics.median(memory):.0f} MB, "
        f"max {max(memory):.0f} MB over {len(memory)} processes (target <= 80 MB)"
    )
    print(
        f"bytes sent per game action per client: {received / max(1, played) / 2:.0f} B "
        f"(over {played} actions played by the sessions)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=16)
    parser.add_argument("--actions", type=int, default=12)
    options = parser.parse_args()
    asyncio.run(main(options.sessions, options.actions))
