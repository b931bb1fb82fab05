"""`ssh -p PORT plain@HOST`: the plain-text client over the real chain (SSH, the session's own
app, the table server), with keys and with --open, with a terminal and without one (a script)."""

from __future__ import annotations

import asyncio
import contextlib
import sys

import asyncssh

from tests.plain.helpers import odd_characters
from wish_tui.club.identity import person_of
from wish_tui.server.hub import Hub
from wish_tui.server.ssh.front import FrontEnd, Limits
from wish_tui.server.ssh.plain_login import read_user

from .conftest import authorized_keys, new_key

CLIENT = (sys.executable, "-m", "wish_tui", "client")


class SlowFront(FrontEnd):
    """A front end whose apps take a while to start (as when the session pool is busy): a
    script's lines all arrive before its app is there."""

    async def start_app(self, terminal, env, group):
        await asyncio.sleep(0.5)
        return await super().start_app(terminal, env, group)


TIMEOUT = 40


def test_the_user_name_plain_asks_for_the_plain_client():
    assert read_user("plain") == ("", True)
    assert read_user("Plain+alice") == ("alice", True)
    assert read_user("plain+dora smith") == ("dora smith", True)
    assert read_user("alice") == ("alice", False)
    assert read_user("plainly") == ("plainly", False)
    assert read_user(None) == ("", False)


@contextlib.asynccontextmanager
async def serving(tmp_path, monkeypatch, keys=None, front_end=FrontEnd):
    """A table server and its SSH front end on loopback (only `keys` let in, when given); both
    closed after."""
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(data))
    authorized = authorized_keys(data, keys) if keys else None
    hub = Hub(data, bot_pace=0.0, seed_source=lambda: 3, rate_limits={})
    await hub.start()
    front = front_end(hub, new_key(), authorized, data, Limits(stop_grace=1.0), CLIENT, log=print)
    try:
        await front.start("127.0.0.1", 0)
        yield front, hub
    finally:
        await front.close()
        await hub.close()


async def connect(front, username, key=None):
    return await asyncssh.connect(
        "127.0.0.1",
        front.port,
        username=username,
        client_keys=[key] if key else [],
        known_hosts=None,
        agent_path=None,
        config=None,
    )


async def read_all(process) -> str:
    """Everything the session writes until it ends."""
    chunks = []
    while True:
        chunk = await asyncio.wait_for(process.stdout.read(65536), TIMEOUT)
        if not chunk:
            return b"".join(chunks).decode("utf-8")
        chunks.append(chunk)


def plain_lines(text: str) -> list[str]:
    lines = text.split("\n")
    odd = [line for line in lines if odd_characters(line) or "\r" in line]
    assert not odd, odd[:5]
    return lines


async def test_a_script_without_a_terminal_plays_a_whole_solo_game_with_a_key(
    tmp_path, monkeypatch
):
    alice = new_key("alice")
    async with serving(tmp_path, monkeypatch, keys=[alice], front_end=SlowFront) as (front, hub):
        async with await connect(front, "plain", alice) as conn:
            process = await conn.create_process(encoding=None)
            # A newcomer first chooses a name: an empty line keeps the key's.
            script = "\nnew spirits solo easy air\nlook forest\n" + "1\n" * 60 + "score\n"
            process.stdin.write(script.encode())
            process.stdin.write_eof()
            text = await read_all(process)
            result = await asyncio.wait_for(process.wait(), TIMEOUT)
        assert result.exit_status == 0, text[-800:]
        said = " ".join(plain_lines(text))
        assert "Type your name (an empty line keeps 'alice')." in said
        assert "Welcome to the tables of this server, alice: no table yet." in said
        assert "Row 4, 12 tiles: left end r4c1" in " ".join(said.split())
        assert "The game is over." in said and "The forest" in said
        assert " ".join(said.split()).endswith(
            "End of input: you leave the game (it is over). You leave the server; your seat "
            "stays yours."
        )
        assert "new spirits" not in said  # nothing typed is echoed back
        (table,) = hub.tables.values()
        assert table.is_over and table.seats[0].person == person_of(
            hub.club.players.login(alice.get_fingerprint("sha256")).id
        )


async def test_with_open_the_name_comes_after_plain(tmp_path, monkeypatch):
    async with serving(tmp_path, monkeypatch) as (front, hub):
        async with await connect(front, "plain+bob") as conn:
            process = await conn.create_process(encoding=None)
            process.stdin.write(b"tables\nquit\n")
            text = await read_all(process)
        assert "Welcome to the tables of this server, bob: no table yet." in text
        assert "You leave the server; your seats stay yours." in text
        async with await connect(front, "plain") as conn:
            process = await conn.create_process(encoding=None, stderr=asyncssh.STDOUT)
            text = await read_all(process)
            result = await asyncio.wait_for(process.wait(), TIMEOUT)
        assert result.exit_status == 1
        assert text == (
            "wish-tui: plain text needs your name after 'plain+': connect with "
            f"'ssh -p {front.port} plain+NAME@127.0.0.1'.\r\n"
        )


async def test_at_a_terminal_the_plain_client_draws_nothing(tmp_path, monkeypatch):
    async with serving(tmp_path, monkeypatch) as (front, hub):
        async with await connect(front, "plain+carol") as conn:
            process = await conn.create_process(
                encoding=None, term_type="xterm-256color", term_size=(60, 24)
            )
            process.stdin.write(b"new wish solo easy fire\nquit\n")
            text = (await read_all(process)).replace("\r\n", "\n")
        # The terminal echoes what was typed; everything the client wrote is plain lines of at
        # most the terminal's width, no escape sequence, no cursor movement.
        lines = [line for line in plain_lines(text.replace("\r", "")) if line]
        assert "new wish solo easy fire" in lines
        assert any(line.startswith("Your decision (") for line in lines)
        assert all(len(line) <= 60 for line in lines), [line for line in lines if len(line) > 60]
        assert "\x1b" not in text


async def test_a_client_may_ask_for_plain_text_with_its_environment(tmp_path, monkeypatch):
    async with serving(tmp_path, monkeypatch) as (front, hub):
        async with await connect(front, "dora") as conn:
            process = await conn.create_process(encoding=None, env={"WISH_TUI_PLAIN": "1"})
            process.stdin.write(b"quit\n")
            text = await read_all(process)
        assert text.startswith("Welcome to the tables of this server, dora: no table yet.\n")


async def test_a_newcomer_with_a_key_chooses_a_name_in_plain_text(tmp_path, monkeypatch):
    erin = new_key("erin")
    async with serving(tmp_path, monkeypatch, keys=[erin]) as (front, hub):
        async with await connect(front, "plain", erin) as conn:
            process = await conn.create_process(encoding=None)
            process.stdin.write(b"x\nErin Blue\nquit\n")
            process.stdin.write_eof()
            text = " ".join((await read_all(process)).split())
        assert text.startswith("Welcome to the club! Choose the name others will know you by")
        assert "Type your name (an empty line keeps 'erin')." in text
        # Too short a name is refused in one sentence and asked again; nothing is kept of it.
        refused = text.split("Type your name", 2)[2]
        assert "Welcome to the tables of this server, Erin Blue: no table yet." in refused
        assert hub.club.players.login(erin.get_fingerprint("sha256")).name == "Erin Blue"


async def test_a_profile_that_asks_for_plain_text_gets_it_at_every_login(tmp_path, monkeypatch):
    fay = new_key("fay")
    async with serving(tmp_path, monkeypatch, keys=[fay]) as (front, hub):

        async def session(username: str, script: bytes) -> tuple[str, int]:
            async with await connect(front, username, fay) as conn:
                process = await conn.create_process(encoding=None, stderr=asyncssh.STDOUT)
                if script:  # (a refused session may be closed before anything is written)
                    process.stdin.write(script)
                    process.stdin.write_eof()
                text = await read_all(process)
                result = await asyncio.wait_for(process.wait(), TIMEOUT)
            return " ".join(text.split()), result.exit_status

        # Without a terminal and without 'plain', the terminal app is refused.
        text, status = await session("fay", b"")
        assert status == 1 and "the game needs a terminal" in text
        text, status = await session("plain", b"\nplain on\nquit\n")
        assert status == 0 and "Settings: plain text on" in text
        # From now on 'ssh HOST' is the plain client for fay, by her profile's setting.
        text, status = await session("fay", b"plain off\nquit\n")
        assert status == 0, text[-400:]
        assert text.startswith("Welcome to the tables of this server, fay: no table yet.")
        assert "Settings: plain text off" in text
        text, status = await session("fay", b"")
        assert status == 1 and "the game needs a terminal" in text
