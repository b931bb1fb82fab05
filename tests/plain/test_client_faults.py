"""A fault of the plain client in handling what the server said ends it as any crash does (the
error raised from its run), instead of stopping the line's reader without a word and leaving
the person typing to a client that no longer hears the server."""

from __future__ import annotations

import asyncio

import pytest

from tests.plain.club_helpers import TIMEOUT, Person
from tests.plain.test_at_the_table import ALICE, hub

__all__ = ["hub"]


async def test_a_fault_in_handling_a_message_ends_the_plain_client(hub, monkeypatch):
    alice = await Person(hub, ALICE, "alice").arrive()
    dispatch = alice.client.messages.dispatch

    def faulty(message: dict) -> None:
        if message.get("type") == "page":
            raise KeyError("a bug in a handler")
        dispatch(message)

    monkeypatch.setattr(alice.client.messages, "dispatch", faulty)
    alice.type("history")
    with pytest.raises(KeyError, match="a bug in a handler"):
        await asyncio.wait_for(alice.task, TIMEOUT)
    alice.client.connection.close()
