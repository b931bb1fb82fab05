"""The benchmark's people: SSH sessions on loopback that log in, open and join tables, and play
as a person would (`benchmarks/serve.py`)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import random
import re
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncssh

from benchmarks.serve_measure import session_pids, uss_kb
from wish_tui.server.hub import Hub
from wish_tui.server.pool.link import SessionPool

ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\x1b[=>]|\x1b\][^\x07]*\x07")
LOBBY = b"Tables of this server"
"""Words of the lobby's first frame."""


class People:
    """The benchmark's SSH clients on a thread and event loop of their own, so the processor time
    they take (asyncssh's client side: its encryption, its packets) is counted apart from the
    server's (the hub, its SSH front end, its database thread), which runs on the main thread.

    What the people read of the hub (its tables, whose turn it is) is asked of the hub's loop
    (`ask`), so it never reads a table halfway through a change."""

    def __init__(self) -> None:
        self.hub_loop = asyncio.get_running_loop()
        self.asked_seconds = 0.0
        """The processor time the hub's thread spent answering what the people asked (`ask`)."""
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="people", daemon=True)
        self.thread.start()

    async def run(self, work: Awaitable):
        """Run `work` (a coroutine) on the people's loop; its result."""
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(work, self.loop))

    async def ask(self, question: Callable):
        """`question()` answered on the hub's loop (called from the people's loop): one callback
        there, no task. What the benchmark asks is done on the server's thread, which a server's
        own clients never ask: its processor time is counted (`asked_seconds`) and kept apart."""
        answer: concurrent.futures.Future = concurrent.futures.Future()

        def answering() -> None:
            began = time.thread_time()
            try:
                answer.set_result(question())
            except BaseException as exc:  # noqa: BLE001  (raised where it was asked)
                answer.set_exception(exc)
            finally:
                self.asked_seconds += time.thread_time() - began

        self.hub_loop.call_soon_threadsafe(answering)
        return await asyncio.wrap_future(answer)

    def cpu_seconds(self) -> float:
        """The processor time the people's thread has used so far (user and system)."""
        stat = Path(f"/proc/{os.getpid()}/task/{self.thread.native_id}/stat").read_text()
        fields = stat.rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=30)
        with contextlib.suppress(RuntimeError):
            self.loop.close()


async def answered(question: Callable):
    """`question()`, for a run whose people share the hub's loop."""
    return question()


class Player:
    """One session: every chunk its terminal received, with the time, and when the lobby came."""

    record = False
    """Keep what every session's terminal receives and the keys it presses (`--streams`)."""

    def __init__(self, name: str, conn, process, connecting: float) -> None:
        self.name, self.conn, self.process = name, conn, process
        self.connecting = connecting
        """When asyncssh's connect began."""
        self.connected = connecting
        """When the connection was up (keys exchanged, signed in)."""
        self.opened = connecting
        """When the session's terminal was open."""
        self.lobby_at: float | None = None
        self.node = "B"
        """The node whose front end the session reached (B: this process's)."""
        self.chunks: list[tuple[float, int]] = []
        self.text = b""
        self.recording: list[tuple[float, bytes, bytes]] | None = [] if self.record else None
        """When recorded (`--streams`): each chunk received and each key pressed (time, chunk,
        keys)."""
        self.task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        while True:
            try:
                chunk = await self.process.stdout.read(65536)
            except (asyncssh.Error, OSError):
                return  # its node was killed (the connection reset)
            if not chunk:
                return
            now = time.perf_counter()
            self.chunks.append((now, len(chunk)))
            if self.recording is not None:
                self.recording.append((now, chunk, b""))
            self.text = (self.text + ANSI.sub(b"", chunk))[-20000:]
            if self.lobby_at is None and LOBBY in self.text:
                self.lobby_at = now

    async def see(self, words: bytes, timeout: float = 30.0) -> None:
        deadline = time.perf_counter() + timeout
        while words not in self.text:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{self.name}: {words!r} not seen")
            await asyncio.sleep(0.005)

    def first_after(self, moment: float) -> float | None:
        for when, _ in self.chunks:
            if when > moment:
                return when
        return None

    def press(self, keys: str) -> None:
        self.process.stdin.write(keys.encode())
        if self.recording is not None:
            self.recording.append((time.perf_counter(), b"", keys.encode()))

    @property
    def received(self) -> int:
        return sum(n for _, n in self.chunks)


async def connect(port: int, name: str) -> Player:
    connecting = time.perf_counter()
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
    connected = time.perf_counter()
    process = await conn.create_process(
        term_type="xterm-256color", term_size=(100, 30), encoding=None
    )
    player = Player(name, conn, process, connecting)
    player.connected, player.opened = connected, time.perf_counter()
    return player


async def seat_pair(hub: Hub, first: Player, second: Player, ask: Callable = answered):
    """`first` opens a table of Wish with the second seat open; `second` joins it from the
    lobby, where it is the last row (tables are listed in the order they were opened): End,
    then Enter (one key, not a Down for each table: at 80 tables those were 3,000 keys). What it
    reads of the hub is asked by `ask` (`People.ask` from a loop of their own)."""
    first.press("n")
    await first.see(b"New table")
    first.press("\x0e")
    table = None
    deadline = time.perf_counter() + 60
    while table is None and time.perf_counter() < deadline:
        await asyncio.sleep(0.05)
        table = await ask(
            lambda: next(
                (t for t in hub.tables.values() if t.seats[0].person_name == first.name), None
            )
        )
    if table is None:
        raise TimeoutError(f"{first.name}'s table never opened")
    # Another person's new table reaches a lobby of hundreds at a pace (lobby.py,
    # LOBBY_LISTS_A_SECOND): the second presses once a list that has it was sent.
    # (Told before this loop saw the table, a session holds the shared part that lists it.)
    opened, shared = time.monotonic(), await ask(lambda: hub.lobby_lists.shared)
    session = await ask(lambda: next((s for s in hub.sessions if s.name == second.name), None))
    deadline = time.perf_counter() + 60
    while session is not None and session.lobby_told_at < opened:
        if await ask(lambda: session.shared_told == shared.number and shared.has_table(table.id)):
            break
        if time.perf_counter() > deadline:
            raise TimeoutError(f"{second.name} was never told of {first.name}'s table")
        await asyncio.sleep(0.1)
    deadline = time.perf_counter() + 60
    while table.seats[1].person_name != second.name:
        if time.perf_counter() > deadline:
            raise TimeoutError(f"{second.name} never sat down at {first.name}'s table")
        await asyncio.sleep(1.0)
        if table.seats[1].person_name != second.name:
            second.press("\x1b[F\r")  # End: the last row, then Enter
    return table


async def play_table(
    table,
    first: Player,
    second: Player,
    actions: int,
    latencies: list,
    traffic: list,
    think: float,
    rng: random.Random,
    ask: Callable = answered,
):
    """Play `actions` actions, each after a person's thinking time (from half to one and a half
    times `think` seconds); `latencies` gets (the seat that pressed, ms to the other's screen).
    Whose turn it is and what that seat sees are asked of the hub by `ask`; the count of its
    actions is read as it is (one number)."""
    players = [first, second]
    await asyncio.sleep(1.0 + rng.uniform(0, think))
    at_start = first.received + second.received
    done = 0
    while done < actions:
        await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
        over, seat, view, before = await ask(
            lambda: (
                table.is_over,
                table.deciding(),
                table.view_for(table.deciding()),
                table.actions,
            )
        )
        if over:
            break
        me, other = players[seat], players[1 - seat]
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
            latencies.append((seat, (seen - pressed) * 1000))
        done += table.actions - before
    traffic.append((first.received + second.received - at_start, done))


async def leave(players: list[Player]) -> None:
    """Close every session's connection, and stop reading it."""
    for player in players:
        player.conn.close()
        player.task.cancel()
    await asyncio.gather(*(p.task for p in players), return_exceptions=True)


async def come_and_go(port: int, count: int, pool: SessionPool | None) -> list[int]:
    """`count` sessions, one after another: each reaches the lobby, opens the new-table form,
    goes back and leaves. Returns the USS of the apps' processes (kB) before them, after the
    first half and after all: the first ones warm Textual's caches in their process, what the
    second half adds is what an app that ended left behind."""
    held = [uss_kb(session_pids(pool))]
    for i in range(count):
        player = await connect(port, f"c{i:03d}")
        await player.see(LOBBY)
        player.press("n")
        await player.see(b"New table")
        await asyncio.sleep(0.3)  # the form is up
        player.text = b""
        player.press("\x1b")
        await player.see(LOBBY)
        player.conn.close()
        await asyncio.wait_for(player.task, 30)
        if i + 1 in (count // 2, count):
            await asyncio.sleep(2.0)  # the last one's app ends
            held.append(uss_kb(session_pids(pool)))
    return held
