"""The plain client at a table of a real table server, through a pipe: its lobby in lines, a whole
game of each game against a bot, two people at one table, a spectator, every line plain text."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest

from tests.plain.helpers import OVER, Player, odd_characters
from wish_tui.server.hub import Hub

TIMEOUT = 60


class Session:
    """One person's plain client (`wish-tui client` with WISH_TUI_PLAIN) at the hub: it reads
    every line and, while `playing`, answers each decision with a random offered number."""

    def __init__(self, process, seed: int) -> None:
        self.process = process
        self.player = Player(seed)
        self.lines: list[str] = []
        self.playing = False
        self.over = asyncio.Event()
        self.ended = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        while True:
            raw = await self.process.stdout.readline()
            if not raw:
                break
            line = raw.decode("utf-8").rstrip("\n")
            self.lines.append(line)
            answer = self.player.answer(line) if self.playing else None
            if answer is not None:
                self.type(answer)
            if line.startswith(OVER):
                self.over.set()
        self.ended.set()

    def type(self, *lines: str) -> None:
        self.process.stdin.write("".join(f"{line}\n" for line in lines).encode())

    async def see(self, words: str) -> str:
        """Wait for a line holding `words`; return it."""
        deadline = asyncio.get_running_loop().time() + TIMEOUT
        while True:
            found = next((line for line in self.lines if words in line), None)
            if found is not None:
                return found
            if self.ended.is_set() or asyncio.get_running_loop().time() > deadline:
                tail = "\n".join(self.lines[-30:])
                raise AssertionError(f"{words!r} never came; the last lines:\n{tail}")
            await asyncio.sleep(0.01)

    async def close(self) -> int:
        self.process.stdin.close()
        await asyncio.wait_for(self.ended.wait(), TIMEOUT)
        return await asyncio.wait_for(self.process.wait(), TIMEOUT)


async def sit(hub: Hub, name: str, seed: int = 1) -> Session:
    token = hub.register_session(f"open:{name}", name)
    env = {
        **os.environ,
        "WISH_TUI_SERVE_SOCKET": str(hub.socket_path),
        "WISH_TUI_SERVE_TOKEN": token,
        "WISH_TUI_PLAIN": "1",
        "NO_COLOR": "1",
        "COLUMNS": "80",
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "wish_tui",
        "client",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        env=env,
    )
    session = Session(process, seed)
    await session.see("Welcome to the tables of this server, " + name)
    return session


def check_plain(lines: list[str]) -> None:
    for number, line in enumerate(lines, 1):
        assert not odd_characters(line), (number, line)
        assert len(line) <= 80, (number, line)


NEW_TABLES = {
    "wish": "new wish air water:random",
    "spirits": "new spirits earth:me air:random wishes hexes",
    "wishland": "new wishland yellow red:random entrepreneurs achievement_tiles",
}


@pytest.mark.parametrize("game", NEW_TABLES)
async def test_a_whole_game_against_a_bot_at_a_table_server(hub, game):
    alice = await sit(hub, "alice")
    alice.playing = True
    alice.type(NEW_TABLES[game])
    await alice.see("You sit at table ")
    await asyncio.wait_for(alice.over.wait(), TIMEOUT)
    alice.playing = False
    alice.type("score", "leave", "tables", "quit")
    await alice.see("You leave the server; your seats stay yours.")
    assert await alice.close() == 0
    check_plain(alice.lines)
    assert alice.player.decisions > 5
    assert "The game is over." in alice.lines
    # '--seed' needs the app on one's own computer: at a club the history finds the game.
    assert not any("--seed" in line for line in alice.lines)
    assert any(line.startswith("Its seed was") and "'history'" in line for line in alice.lines)
    assert any("random bot) decides." in line for line in alice.lines)
    assert "Back to the server's tables." in alice.lines
    text = " ".join(" ".join(alice.lines).split())
    assert "Wish: Air (alice), Water (random bot); over after round" in text or game != "wish"
    assert "; finished." in text
    (table,) = hub.tables.values()
    assert table.is_over


async def test_two_people_at_one_table_and_a_spectator(hub):
    alice, bob, carol = (
        await sit(hub, "alice", 1),
        await sit(hub, "bob", 2),
        await sit(hub, "carol"),
    )
    alice.type("new wish fire earth:open")
    line = await alice.see("You sit at table ")
    table_id = line.split()[4].rstrip(":")
    await bob.see(f"New: Table {table_id}, Wish: Fire (alice), Earth (open seat)")
    await carol.see(f"New: Table {table_id}, Wish")
    bob.type(f"join {table_id} earth")
    await bob.see(f"You sit at table {table_id}: Fire (alice), Earth (bob).")
    await alice.see("Waiting for Earth (bob)")
    carol.type(f"watch {table_id}")
    await carol.see(f"You watch table {table_id}")
    carol.type("look seats", "why end", "chat hello")
    await carol.see("You are watching: you hold no seat here")
    await alice.see("carol: hello")
    alice.playing = bob.playing = True
    for session in (alice, bob):
        session.type("")  # an empty line says where the game is (and asks again)
    for session in (alice, bob):
        await asyncio.wait_for(session.over.wait(), TIMEOUT)
        session.playing = False
    await carol.see("The game is over.")
    for session in (alice, bob, carol):
        session.type("quit")
        assert await session.close() == 0
        check_plain(session.lines)
    assert alice.player.decisions > 5 and bob.player.decisions > 5
    # The spectator saw every move of both, in the public log's words, and no seat's hand.
    assert any(line.startswith("Fire: ") for line in carol.lines)
    assert any(line.startswith("Earth: ") for line in carol.lines)
    assert not any(line.startswith("Your decision") for line in carol.lines)


async def test_the_lobby_answers_in_sentences(hub):
    alice = await sit(hub, "alice")
    alice.type("new chess", "join zzz", "new wish solo easy air", "leave", "close")
    await alice.see("'chess' is not a game here")
    await alice.see("There is no table 'zzz'; 'tables' lists them.")
    await alice.see("Your decision (")
    await alice.see("Back to the server's tables.")
    table_id = next(iter(hub.tables))
    alice.type(f"close {table_id}", f"close {table_id} yes", "tables", "quit")
    await alice.see(f"say 'close {table_id} yes'")
    await alice.see("The server's tables: no table yet.")
    assert await alice.close() == 0
    assert not hub.tables
    check_plain(alice.lines)
