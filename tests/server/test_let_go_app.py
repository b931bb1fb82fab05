"""The table server's last word to a session, in the terminal app: a banned member, a new guest
a full disk turns away. The app ends with that one sentence and LET_GO_STATUS, so its SSH session
adds no sentence of its own after it (it said "the game stopped with status 1; connect again to
return to your seats" after the ban, and a turned-away guest heard "the table server went
away" too)."""

from __future__ import annotations

import pytest

from tests.server.test_disk_full import FullDisk
from tests.server.test_remote_screens import alices_hub, until
from wish_tui.club.service import NO_NEW_PLAYERS
from wish_tui.launch import Launch
from wish_tui.server.hub.hub import BANNED
from wish_tui.tables.protocol import LET_GO_STATUS
from wish_tui.ui.app import WishApp
from wish_tui.ui.lobby import LobbyScreen


def said(app: WishApp) -> str:
    """The app's closing words, as one line (the terminal wraps them)."""
    return " ".join(app.closing.words(app.return_code, served=True).split())


async def test_a_member_banned_while_in_the_lobby_is_told_why_and_nothing_more(
    tmp_path, monkeypatch
):
    hub = await alices_hub(tmp_path, monkeypatch)
    app = WishApp(Launch(screen="client"))
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            hub.club.moderation.sanction("alice", "ban")
            await pilot.press("h")  # her next request
            await until(pilot, lambda: app.return_code is not None, "the app's end")
    finally:
        await hub.close()
    assert app.return_code == LET_GO_STATUS
    assert said(app) == f"wish-tui: {BANNED}"


async def test_a_new_guest_a_full_disk_turns_away_hears_that_alone(tmp_path, monkeypatch):
    hub = await alices_hub(tmp_path, monkeypatch)
    FullDisk(hub.club.db).full = True
    app = WishApp(Launch(screen="client"))
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: app.return_code is not None, "the app's end")
    finally:
        await hub.close()
    assert app.return_code == LET_GO_STATUS
    assert said(app) == f"wish-tui: {NO_NEW_PLAYERS}"


@pytest.mark.parametrize("fault", [ValueError, KeyError], ids=["ValueError", "KeyError"])
async def test_a_fault_in_handling_the_servers_words_is_a_crash_not_a_freeze(
    fault, tmp_path, monkeypatch
):
    """The app's fault in handling what the server said ends it as any crash does (a report for
    the keeper, one sentence): a ValueError was taken for the line going away ('the table server
    went away'), any other error stopped the line's reader without a word, and the app no
    longer heard the server."""
    hub = await alices_hub(tmp_path, monkeypatch)
    app = WishApp(Launch(screen="client"))
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            dispatch = app.server_messages.dispatch

            def faulty(message: dict) -> None:
                if message.get("type") == "page":
                    raise fault("a bug in a handler")
                dispatch(message)

            monkeypatch.setattr(app.server_messages, "dispatch", faulty)
            await pilot.press("h")  # the history page comes, and its handler fails
            await until(pilot, lambda: app.return_code is not None, "the app's end")
    except fault:
        pass  # Pilot raises the app's crash again once the app has closed
    finally:
        await hub.close()
    assert app.return_code == 1
    assert "the game stopped on an internal error" in said(app)
