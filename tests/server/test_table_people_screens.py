"""The people at a server's table, in the terminal app (driven in process against the table
server, beside a plain client): a rematch another player asks for shows on the final scoring
window, and r there sits you down at it; a player lets a bot play for a person who went back to
the lobby."""

from __future__ import annotations

import contextlib

import pytest

from tests.plain.club_helpers import Person
from tests.server.test_remote_screens import alices_hub, play_until_over, table_screen, until
from tests.ui.test_news_in_sight import screen_rows
from wish_tui.launch import Launch
from wish_tui.ui.app import WishApp
from wish_tui.ui.lobby import LobbyScreen
from wish_tui.ui.screens.choice_screen import ChoiceScreen
from wish_tui.ui.screens.final_scoring import FinalScoringScreen
from wish_tui.ui.watch import WatchScreen

BOB = "SHA256:bob-key-00001"


@pytest.fixture
async def hub(tmp_path, monkeypatch):
    """A table server in this process, and alice's session on it for the app made next."""
    hub = await alices_hub(tmp_path, monkeypatch, seed_source=lambda: 11, seat_timeout=0.2)
    yield hub
    await hub.close()


async def alice_at_a_table_with_bob(pilot, app, bob: Person) -> str:
    """Alice (the app) opens a Wish table, bob (plain) sits at its other seat; its id."""
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
    seats = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]
    app.server_send({"type": "new_table", "game": "wish", "seats": seats, "options": {}})
    await until(pilot, lambda: table_screen(app) is not None, "the table")
    table_id = table_screen(app).table.id
    await bob.see(f"Table {table_id}, Wish")
    bob.type(f"join {table_id} water")
    await bob.see(f"You sit at table {table_id}")
    return table_id


@contextlib.asynccontextmanager
async def alice_with_bob(hub):
    """The app of alice at a Wish table she opened, bob (plain) at its other seat: the pilot,
    the app, bob and the table's id."""
    app = WishApp(Launch(screen="client"))
    async with app.run_test(size=(100, 30)) as pilot:
        bob = await Person(hub, BOB, "bob").arrive()
        table_id = await alice_at_a_table_with_bob(pilot, app, bob)
        yield pilot, app, bob, table_id


async def play_to_the_end(pilot, app) -> None:
    """Alice answers her decisions (bob's plain client answers his) until the game is over."""
    screen = await play_until_over(pilot, app, seed=3, steps=6000)
    if not screen.table.is_over:
        raise AssertionError("the game did not end")


async def test_a_rematch_asked_by_another_shows_on_the_final_scoring_and_r_sits_you_down(hub):
    app = WishApp(Launch(screen="client"))
    async with app.run_test(size=(100, 30)) as pilot:
        bob = await Person(hub, BOB, "bob").arrive()
        table_id = await alice_at_a_table_with_bob(pilot, app, bob)
        bob.playing = True
        await play_to_the_end(pilot, app)
        bob.playing = False
        await until(pilot, lambda: isinstance(app.screen, FinalScoringScreen), "the scoring")
        bob.type("rematch")
        again = (await bob.see("You sit at table ")).split("table ", 1)[1].split(":")[0]
        assert again != table_id
        await bob.see("A rematch: alice invited to sit down again.")
        final = app.screen
        await until(pilot, lambda: final.query("#rematch-offer"), "the rematch offered")
        offer = str(final.query_one("#rematch-offer").render())
        assert offer == f"bob asks for a rematch at table {again}. r sits you down again."
        await pilot.press("r")
        await until(
            pilot,
            lambda: table_screen(app) is not None and table_screen(app).table.id == again,
            "alice at the rematch",
        )
        await bob.see("alice sits down at Air.")
        assert [s.person_name for s in hub.tables[again].seats] == ["alice", "bob"]
        assert await bob.leave() == 0


async def test_a_player_lets_a_bot_play_for_a_person_in_the_lobby_who_is_told_on_return(hub):
    app = WishApp(Launch(screen="client"))
    async with app.run_test(size=(100, 30)) as pilot:
        bob = await Person(hub, BOB, "bob").arrive()
        table_id = await alice_at_a_table_with_bob(pilot, app, bob)
        bob.type("leave")
        await bob.see("Back to the server's tables.")
        screen = table_screen(app)
        await until(
            pilot,
            lambda: any("bob has been away" in str(n.message) for n in app._notifications),
            "alice told that bob is away",
        )
        assert screen.check_action("hand_to_bot", ()) is True
        await pilot.press("z")
        panel = screen.query_one("ChoicePanel")
        await until(pilot, lambda: panel.is_open, "the question which seat")
        assert "Let a bot play for Water (bob)" in "\n".join(t for _, t in panel._rows)
        await pilot.press("1")
        await until(pilot, lambda: hub.tables[table_id].seats[1].zombie, "the bot at Water")
        await bob.see("Water (bob, played by a bot while away)")
        bob.type(f"open {table_id}")
        await bob.see("While you were away, a bot ")
        await until(
            pilot,
            lambda: any(
                "bob is back at the table and plays Water again." in str(n.message)
                for n in app._notifications
            ),
            "alice told that bob is back",
        )
        assert not hub.tables[table_id].seats[1].zombie
        assert await bob.leave() == 0


async def test_the_people_key_mutes_a_persons_chat_and_turns_the_spectators_chat_off(hub):
    async with alice_with_bob(hub) as (pilot, app, bob, table_id):
        screen = table_screen(app)
        panel = screen.query_one("ChoicePanel")
        if panel.is_open:  # alice's first decision waits
            await pilot.press("escape")
        await pilot.press("o")
        await until(pilot, lambda: "Mute the chat of bob" in str(panel._rows), "the menu")
        rows = [text for _, text in panel._rows]
        assert "3. Turn spectators' chat off" in rows
        await pilot.press(str(rows.index("1. Mute the chat of bob")))
        await until(pilot, lambda: screen.table.muted == ["bob"], "bob muted")
        bob.type("chat can you read this")
        await bob.see("bob: can you read this")
        await pilot.press("o")
        await until(pilot, lambda: "Show again the chat of bob" in str(panel._rows), "")
        rows = [text for _, text in panel._rows]
        await pilot.press(str(rows.index("3. Turn spectators' chat off")))
        await bob.see("alice turned spectators' chat off: those who watch cannot chat.")
        assert not hub.tables[table_id].spectator_chat
        log = "\n".join(str(line) for line in screen.query_one("GameLog").lines)
        assert "can you read this" not in log
        assert await bob.leave() == 0


async def test_the_people_key_at_a_watched_table_mutes_a_players_chat(hub):
    """A spectator mutes a player's chat from the watch screen too (only the plain client's
    `mute NAME` could)."""
    app = WishApp(Launch(screen="client"))
    async with app.run_test(size=(100, 30)) as pilot:
        bob = await Person(hub, BOB, "bob").arrive()
        bob.type("new wish air water:open")
        table_id = (await bob.see("You sit at table ")).split("table ", 1)[1].split(":")[0]
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        app.server_send({"type": "watch", "table": table_id})
        await until(
            pilot, lambda: isinstance(app.screen, WatchScreen) and app.screen.is_mounted, "watch"
        )
        watch = app.screen
        assert "o mute" in str(watch.query_one("#status").text)
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the menu")
        assert app.screen.options[0] == "Mute the chat of bob"
        await pilot.press("1")
        await bob.settle()
        await until(pilot, lambda: watch.message.get("muted") == ["bob"], "bob muted")
        bob.type("chat can you read this")
        await bob.see("bob: can you read this")
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the menu again")
        assert app.screen.options[0] == "Show again the chat of bob"
        await pilot.press("1")
        await until(pilot, lambda: watch.message.get("muted") == [], "bob shown again")
        bob.type("chat and this")
        await until(
            pilot,
            lambda: "and this" in "\n".join(str(x) for x in watch.query_one("GameLog").lines),
            "bob's next line",
        )
        log = "\n".join(str(line) for line in watch.query_one("GameLog").lines)
        assert "can you read this" not in log
        assert await bob.leave() == 0


async def test_the_waiting_line_offers_z_once_the_person_decided_for_has_been_away(hub):
    async with alice_with_bob(hub) as (pilot, app, bob, table_id):
        screen = table_screen(app)
        for _ in range(20):  # alice answers her first decisions: then bob is to decide
            if screen.table.deciding == 1:
                break
            await pilot.press("1")
            await pilot.pause(0.05)
        await until(pilot, lambda: screen.table.deciding == 1, "bob to decide")
        assert "z lets a bot" not in screen.status_line.line(screen.view())
        bob.type("leave")
        await bob.see("Back to the server's tables.")
        await until(
            pilot,
            lambda: "z lets a bot play for them" in "".join(screen_rows(app)),
            "the waiting line offers z",
        )
        assert "Waiting for Water (bob" in screen.status_line.line(screen.view())
        bob.type(f"open {table_id}")
        await until(
            pilot,
            lambda: "z lets a bot" not in "".join(screen_rows(app)),
            "z no longer offered once bob is back",
        )
        assert await bob.leave() == 0


async def test_a_spectator_sees_the_final_scoring_when_the_game_ends_and_on_a_finished_table(hub):
    """Watching a table when its game ends shows its final scoring, as it shows the players'
    (Esc looks at the board, Enter shows it again), and so does watching a finished table; a
    spectator has no seat to rematch."""
    app = WishApp(Launch(screen="client"))
    async with app.run_test(size=(100, 30)) as pilot:
        bob = await Person(hub, BOB, "bob").arrive()
        bob.type("new wish air water:easy")
        table_id = (await bob.see("You sit at table ")).split("table ", 1)[1].split(":")[0]
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        app.server_send({"type": "watch", "table": table_id})
        await until(
            pilot, lambda: isinstance(app.screen, WatchScreen) and app.screen.is_mounted, "watch"
        )
        watch = app.screen
        bob.type("resign yes")
        await until(pilot, lambda: isinstance(app.screen, FinalScoringScreen), "the scoring")
        assert not app.screen.check_action("rematch", ())
        await until(pilot, lambda: "aborted" in "\n".join(screen_rows(app)), "its note")
        # The status line under the window is not stale: the scoring is shown already.
        status = watch.query_one("#status").text.plain
        assert "Enter shows" not in status and "final scoring is shown" in status, status
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, WatchScreen), "the board")
        await pilot.pause()
        assert "Enter shows the final scoring" in watch.query_one("#status").text.plain
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, FinalScoringScreen), "again")
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "back to the lobby")
        app.server_send({"type": "watch", "table": table_id})
        await until(pilot, lambda: isinstance(app.screen, FinalScoringScreen), "finished")
