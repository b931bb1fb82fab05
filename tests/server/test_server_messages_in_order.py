"""What the table server says in one breath reaches the app's screens in order, each screen up
before the next word changes or feeds it; and an app that closes while a screen is being set up
closes as asked, without a crash.

The server's words arrive on the app's line in bursts: a table and, at once, its closing; a
welcome and the lobby's list; two pages of the club. Textual sets a screen up (composes and
mounts it) in its own time after it is pushed, so each word here is told in the same breath as
the one before, as a burst read from the line is.
"""

from __future__ import annotations

import pytest

from wish_tui import games
from wish_tui.launch import Launch
from wish_tui.server.hub import Hub
from wish_tui.ui.app import WishApp
from wish_tui.ui.club_pages import ClubPageScreen
from wish_tui.ui.lobby import LobbyScreen
from wish_tui.ui.screens.final_scoring import FinalScoringScreen
from wish_tui.ui.screens.table_screen import TableScreen
from wish_tui.ui.watch import WatchScreen
from wish_tui.widgets.row_list import RowList

from ..ui.test_lobby_screen import lobby
from .test_hub import Client
from .test_remote_screens import alices_hub, table_screen, until


def waiting_seats(game: str) -> list[dict]:
    """A table's seats: one person's, and one open, so nothing happens there unless they play."""
    first, second = games.get(game).seats[:2]
    return [{"name": first, "who": "me"}, {"name": second, "who": "open"}]


def keep_what_the_server_says(app: WishApp) -> list[dict]:
    """Every message the app's line hands it from now on, kept in a list as well."""
    said: list[dict] = []
    tell = app.connection.on_message

    def kept(message: dict) -> None:
        said.append(message)
        tell(message)

    app.connection.on_message = kept
    return said


async def first_word_of(pilot, said: list[dict], kind: str) -> dict:
    """The first message of `kind` the server said (waited for)."""
    await until(pilot, lambda: any(m.get("type") == kind for m in said), f"a {kind} message")
    return next(m for m in said if m.get("type") == kind)


async def up(pilot, app, kind: type) -> None:
    """Until the screen on top is a `kind`, and up (a person's keys reach it only then)."""
    await until(pilot, lambda: isinstance(app.screen, kind) and app.screen.is_mounted, str(kind))


async def back_in_the_lobby(app, pilot) -> None:
    """Alice's app back at its first screen, the lobby, and up."""
    app.show_lobby()
    await up(pilot, app, LobbyScreen)


async def a_tables_first_word(app, pilot, hub, bob: Client, game: str, watching: bool) -> dict:
    """The server's first word to alice of a new table: hers, or bob's that she watches (she is
    then back in the lobby)."""
    said = keep_what_the_server_says(app)
    await up(pilot, app, LobbyScreen)
    new_table = {"type": "new_table", "game": game, "seats": waiting_seats(game)}
    if watching:
        await bob.send(new_table)
        await until(pilot, lambda: hub.tables, "bob's table")
        [served] = hub.tables.values()
        app.server_send({"type": "watch", "table": served.id})
        await up(pilot, app, WatchScreen)
    else:
        app.server_send(new_table)
        await until(pilot, lambda: table_screen(app) is not None, "the table")
    message = await first_word_of(pilot, said, "table")
    assert (message["seat"] is None) == watching
    await back_in_the_lobby(app, pilot)
    return message


async def alice_and_bob(tmp_path, monkeypatch) -> tuple[Hub, Client, WishApp]:
    """A table server, bob on it, and alice's app for it (not run yet)."""
    hub = await alices_hub(tmp_path, monkeypatch)
    bob = await Client.connect(hub, "SHA256:bob-key", "bob")
    return hub, bob, WishApp(Launch(screen="client"))


@pytest.mark.parametrize("watching", [False, True], ids=["seated", "watching"])
async def test_a_table_closed_as_its_screen_opens_leaves_the_person_in_the_lobby(
    watching, tmp_path, monkeypatch
):
    """The owner closes a table just as this person's screen of it opens (at their seat, or
    watching): it is closed once up, and the person is in the lobby, told why."""
    hub, bob, app = await alice_and_bob(tmp_path, monkeypatch)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            table = await a_tables_first_word(app, pilot, hub, bob, "spirits", watching)
            app.connection.on_message(table)
            opened = app.screen
            app.connection.on_message({"type": "closed"})
            await until(pilot, lambda: opened.is_mounted and app.screen.is_mounted, "both up")
            await pilot.pause()
            assert app.remote_table is None and app.watching is None
            assert isinstance(app.screen, LobbyScreen)
            assert not any(isinstance(s, (TableScreen, WatchScreen)) for s in app.screen_stack)
    finally:
        bob.close()
        await hub.close()


async def test_two_pages_of_the_club_in_one_breath_show_the_second(tmp_path, monkeypatch):
    """Two pages asked for in quick succession: the second is shown on the page screen the
    first opened, once that screen is up."""
    hub = await alices_hub(tmp_path, monkeypatch)
    app = WishApp(Launch(screen="client"))
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            said = keep_what_the_server_says(app)
            await up(pilot, app, LobbyScreen)
            app.server_send({"type": "leaderboard", "game": "wish"})
            app.server_send({"type": "history", "mine": False})
            await until(pilot, lambda: sum(m["type"] == "page" for m in said) == 2, "2 pages")
            leaderboard, history = [m for m in said if m["type"] == "page"]
            await back_in_the_lobby(app, pilot)
            app.connection.on_message(leaderboard)
            app.connection.on_message(history)
            await up(pilot, app, ClubPageScreen)
            page = app.screen
            await until(pilot, lambda: page.message is history, "the history page")
            assert sum(isinstance(s, ClubPageScreen) for s in app.screen_stack) == 1
    finally:
        await hub.close()


async def test_the_lobby_list_that_follows_a_late_welcome_is_shown_on_the_lobby_it_opened():
    """A welcome that came after the app's first screen opens the lobby over it; the lobby's
    list said right after it is shown there once the lobby is up."""
    app = WishApp(Launch("title"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.on_server_message({"type": "welcome", "name": "alice", "lobby": lobby(["round 2"])})
        app.on_server_message({"type": "lobby", **lobby(["round 3"])})
        await up(pilot, app, LobbyScreen)
        rows = app.screen.query_one(RowList)
        await until(pilot, lambda: [row[3] for row in rows.rows] == ["round 3"], "round 3")


@pytest.mark.parametrize("watching", [False, True], ids=["seated", "watching"])
@pytest.mark.parametrize("game", list(games.GAMES))
async def test_an_app_that_closes_as_a_tables_screen_opens_closes_without_a_crash(
    game, watching, tmp_path, monkeypatch
):
    """The person leaves (or their terminal goes) just as a table's screen is being set up:
    Textual still mounts and resizes the part of it composed by then, and the app closes as
    asked, with no crash."""
    hub, bob, app = await alice_and_bob(tmp_path, monkeypatch)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            table = await a_tables_first_word(app, pilot, hub, bob, game, watching)
            app.connection.on_message(table)
        assert not app.return_code
    finally:
        bob.close()
        await hub.close()


async def test_an_app_that_closes_as_its_lobby_opens_closes_without_a_crash():
    app = WishApp(Launch("title"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.on_server_message({"type": "welcome", "name": "alice", "lobby": lobby(["round 2"])})
    assert not app.return_code


async def test_a_finished_table_closed_as_its_screen_opens_opens_no_final_scoring_over_the_lobby(
    tmp_path, monkeypatch
):
    """A table whose game is over is closed just as this person's screen of it opens: the
    screen's first step (the final scoring window) is not taken once the screen is gone, so
    the lobby is left as it is, with no window of a table that is no more on top of it."""
    hub, bob, app = await alice_and_bob(tmp_path, monkeypatch)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            table = await a_tables_first_word(app, pilot, hub, bob, "spirits", False)
            app.connection.on_message({**table, "over": True})
            opened = app.screen
            app.connection.on_message({"type": "closed"})
            await until(pilot, lambda: opened.is_mounted and app.screen.is_mounted, "both up")
            for _ in range(5):
                await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)
            assert not any(isinstance(s, FinalScoringScreen) for s in app.screen_stack)
    finally:
        bob.close()
        await hub.close()
