"""The line to the table server (`tables.remote.Connection`): a fault in handling a message is
the client's, told as a failure, never taken for the line going away, and never swallowed (the
reader stopped without a word, and the session no longer heard the server: frozen)."""

from __future__ import annotations

import asyncio
import json

import pytest

from wish_tui.tables.remote import Connection


@pytest.fixture
async def server(tmp_path):
    """A stand-in table server: says its lines to whoever connects, then keeps the line open."""
    path = str(tmp_path / "hub.sock")
    said: list[bytes] = []
    writers = []

    async def serve(reader, writer) -> None:
        writers.append(writer)
        await reader.readline()  # the hello
        for line in said:
            writer.write(line)
        await writer.drain()

    hub = await asyncio.start_unix_server(serve, path=path)
    yield path, said
    for writer in writers:
        writer.close()
    hub.close()


def lines(*messages: dict) -> list[bytes]:
    return [json.dumps(m).encode() + b"\n" for m in messages]


async def heard(path: str, fault: BaseException) -> tuple[list[dict], list[BaseException]]:
    """What a client that fails on the first lobby list hears, and the failures it is told."""
    messages: list[dict] = []
    failures: list[BaseException] = []

    def on_message(message: dict) -> None:
        messages.append(message)
        if message["type"] == "lobby":
            raise fault

    connection = Connection(path, "token", on_message, failures.append)
    await connection.open()
    for _ in range(200):
        if failures or messages[-1:] == [{"type": "lost"}]:
            break
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)
    connection.close()
    return messages, failures


@pytest.mark.parametrize("fault", [ValueError("a bug"), KeyError("seats")], ids=repr)
async def test_a_fault_in_handling_a_message_is_told_as_a_failure_not_a_lost_line(server, fault):
    path, said = server
    said += lines({"type": "welcome"}, {"type": "lobby"}, {"type": "table"})
    messages, failures = await heard(path, fault)
    assert failures == [fault]
    assert [m["type"] for m in messages] == ["welcome", "lobby"]  # nothing after, no "lost"


async def test_a_line_too_long_or_closed_is_the_line_lost(server):
    path, said = server
    said += lines({"type": "welcome"}) + [b"x" * (300 * 1024) + b"\n"]
    messages, failures = await heard(path, ValueError("unused"))
    assert not failures
    assert [m["type"] for m in messages] == ["welcome", "lost"]


async def test_the_line_keeps_nothing_of_a_message_once_handed_on(server):
    """Waiting for the next line, the reader holds neither the last line nor its message (a
    welcome with the lobby's thousand names stayed in each app until the next message came)."""
    import gc
    import types

    path, said = server
    said += lines({"type": "welcome", "lobby": {"type": "lobby", "online": ["ann"] * 100}})
    messages: list[dict] = []
    connection = Connection(path, "token", messages.append)
    await connection.open()
    for _ in range(200):
        if messages:
            break
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)
    try:
        holders = [r for r in gc.get_referrers(messages[0]) if isinstance(r, types.CoroutineType)]
        assert holders == []
    finally:
        connection.close()
