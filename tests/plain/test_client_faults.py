"""A fault of the plain client in handling what the server said ends it as any crash does (the
error raised from its run), instead of stopping the line's reader without a word and leaving
the person typing to a client that no longer hears the server."""

from __future__ import annotations

import asyncio

import pytest

from tests.plain.club_helpers import TIMEOUT, Person
from tests.plain.test_at_the_table import ALICE, hub
from wish_tui.plain import remote

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


def test_a_crash_of_the_plain_client_at_a_server_is_one_sentence_and_a_report(
    tmp_path, monkeypatch, capsys
):
    """The plain client stopped by a fault of its own (a handler's, as above) tells the person
    at the server one sentence, nothing of the server's files and no traceback; the traceback
    is kept in a crash report for the keeper."""
    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(tmp_path))

    async def faulty(console, out) -> int:
        raise KeyError("a bug in a handler")

    monkeypatch.setattr(remote, "_run", faulty)
    assert remote.run() == 1
    said = capsys.readouterr()
    assert said.err == (
        "wish-tui: the game stopped on an internal error, and a report of it is kept for the "
        "keeper of this server; your seats are still yours.\n"
    )
    assert "Traceback" not in said.out and str(tmp_path) not in said.out + said.err
    [report] = (tmp_path / "crash-reports").iterdir()
    assert "KeyError: 'a bug in a handler'" in report.read_text("utf-8")
