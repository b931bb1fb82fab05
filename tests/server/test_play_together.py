"""The whole chain of `wish-tui serve`: SSH, each session's own app, the table server.

Two people connect with asyncssh's client on loopback, each with a terminal: one opens a table
of Wish with a seat left open, the other joins it from the lobby, both see their own decisions;
the first is cut off mid-game and reconnects to find their seat waiting for them.
"""

from __future__ import annotations

import asyncio
import re
import sys

import pytest

from tests.waiting import eventually
from wish_tui.server.ssh.front import FrontEnd, Limits

from .conftest import authorized_keys, hub_that_knows, new_key, public_line, ssh_terminal

CLIENT = (sys.executable, "-m", "wish_tui", "client")
ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\x1b[=>]|\x1b\][^\x07]*\x07")


class Player:
    """One person at their terminal: what their screen received, as text."""

    def __init__(self, conn, process) -> None:
        self.conn, self.process = conn, process
        self.screen = ""

    async def see(self, words: str, timeout: float = 40.0) -> None:
        """Wait until `words` appears on the screen (since the last `forget`)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while words not in self.screen:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise AssertionError(
                    f"{words!r} never appeared; the screen had:\n{self.screen[-2000:]}"
                )
            try:
                chunk = await asyncio.wait_for(self.process.stdout.read(65536), min(left, 2.0))
            except TimeoutError:
                continue
            if not chunk:
                raise AssertionError(f"the session ended before {words!r} appeared")
            self.screen += ANSI.sub(b"", chunk).decode("utf-8", "replace")

    def forget(self) -> None:
        self.screen = ""

    def press(self, keys: str) -> None:
        self.process.stdin.write(keys.encode())

    async def type(self, keys: str) -> None:
        """Press keys one at a time, as a person types."""
        for key in keys:
            self.press(key)
            await asyncio.sleep(0.03)


@pytest.fixture
async def server(tmp_path, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(data))
    alice_key, bob_key = new_key("alice"), new_key("bob")
    keys = authorized_keys(data, [alice_key, bob_key])
    hub = await hub_that_knows(data, {"alice": alice_key, "bob": bob_key})
    front = FrontEnd(hub, new_key(), keys, data, Limits(stop_grace=1.0), CLIENT, log=lambda m: None)
    await front.start("127.0.0.1", 0)
    yield front, hub, {"alice": alice_key, "bob": bob_key}
    await front.close()
    await hub.close()


async def sit_down(front, key, name: str) -> Player:
    return Player(*await ssh_terminal(front.port, key, name))


async def test_a_newcomer_chooses_a_name_and_a_taken_one_gets_another_try(server):
    front, hub, keys = server
    carol_key = new_key("carol")
    keys_path = front.keys.path
    keys_path.write_text(keys_path.read_text() + public_line(carol_key) + "\n")
    carol = await sit_down(front, carol_key, "carol")
    await carol.see("Choose the name others will know you by")
    await carol.see("carol")  # the field, with the key's name in it, is drawn
    await asyncio.sleep(1.0)  # and takes the keys once it has the focus
    await carol.type("\x7f" * 5 + "alice\r")  # taken: one sentence, and another try
    await carol.see("is taken")
    await asyncio.sleep(0.5)
    await carol.type("\x7f" * 20 + "Carol C\r")
    await carol.see("Tables of this server")
    player = hub.club.players.by_name("carol c")
    assert player is not None and player.name == "Carol C"
    assert hub.club.players.by_key(carol_key.get_fingerprint("sha256")).id == player.id
    carol.conn.close()


async def test_two_people_sit_at_one_table_and_a_dropped_one_comes_back(server):
    front, hub, keys = server
    alice = await sit_down(front, keys["alice"], "alice")
    await alice.see("Tables of this server")
    alice.press("n")
    await alice.see("New table")
    alice.press("\x0e")  # ctrl+n: Me at seat 1, seat 2 open
    await eventually(lambda: len(hub.tables) == 1, "the table at the server", timeout=40.0)
    (table,) = hub.tables.values()
    assert [s.person_name for s in table.seats] == ["alice", ""]

    bob = await sit_down(front, keys["bob"], "bob")
    await bob.see("1 open seat")
    bob.press("\r")  # joins the open seat
    first = table.deciding()
    deciding, waiting = (alice, bob) if first == 0 else (bob, alice)
    await deciding.see("Keep one of your two Destiny cards")
    await waiting.see("Waiting for")
    assert [s.person_name for s in table.seats] == ["alice", "bob"]

    # Alice is cut off mid-game: her seat stays hers, and she finds it again.
    alice.conn.close()
    await asyncio.sleep(0.5)
    assert table.seats[0].person_name == "alice"
    alice = await sit_down(front, keys["alice"], "alice")
    await alice.see("YOUR MOVE" if first == 0 else "your table")
    alice.press("\r")
    await alice.see("Destiny" if first == 0 else "Waiting for")
    alice.conn.close()
    bob.conn.close()
