"""The table server's last word to a session, in the terminal app: a banned member, a new guest
a full disk turns away. The app ends with that one sentence and LET_GO_STATUS, so its SSH session
adds no sentence of its own after it (it said "the game stopped with status 1; connect again to
return to your seats" after the ban, and a turned-away guest heard "the table server went
away" too)."""

from __future__ import annotations

from tests.server.test_disk_full import FullDisk
from tests.server.test_remote_screens import alices_hub, until
from wish_tui.launch import Launch
from wish_tui.server.hub import BANNED
from wish_tui.server.hub_club import NO_NEW_PLAYERS
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
