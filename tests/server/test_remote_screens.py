"""Each game's screen at a server's table, to the end: the app of one session, driven in process
against the table server, plays its seat against a bot until the final scoring window opens.

At a server's table the screen holds only its seat's view (no position once the game is over),
so every key must still have an answer and the final scoring must still be shown.
"""

from __future__ import annotations

import asyncio
import contextlib
import random

import pytest

from tests.plain.club_helpers import start_hub
from wish_tui import games
from wish_tui.launch import Launch
from wish_tui.seeds import fresh_seed
from wish_tui.server.hub import Hub
from wish_tui.tables.remote import SOCKET_ENV, TOKEN_ENV
from wish_tui.ui.app import WishApp
from wish_tui.ui.lobby import LobbyScreen
from wish_tui.ui.screens.final_scoring import FinalScoringScreen
from wish_tui.ui.screens.table_screen import TableScreen

from .test_hub import Client, legal_of

OPTIONS = {
    "wish": {},
    "spirits": {"modules": ["wishes", "hexes"]},
    "wishland": {"entrepreneurs": True, "achievement_tiles": True},
}


async def until(pilot, condition, what: str, steps: int = 400) -> None:
    for _ in range(steps):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"{what} never happened")


def table_screen(app) -> TableScreen | None:
    """The table screen on top (news of the table goes there), once it is up: Textual composes
    and mounts a pushed screen in its own time, and a person's keys reach it only then."""
    screen = next((s for s in reversed(app.screen_stack) if isinstance(s, TableScreen)), None)
    return screen if screen is not None and screen.is_mounted else None


async def open_table(pilot, app, game: str, seats: list[dict], **news) -> TableScreen:
    """From the lobby, the server's news of a new table (`game`, `seats` and the rest of `news`)
    for this session: the table's screen, once it is up."""
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
    app.server_send({"type": "new_table", "game": game, "seats": seats, **news})
    await until(pilot, lambda: table_screen(app) is not None, "the table")
    return table_screen(app)


async def alices_hub(tmp_path, monkeypatch, **options) -> Hub:
    """A table server in this process (`options` for its `Hub`), and alice's session on it for
    the app made next."""
    hub = await start_hub(tmp_path, monkeypatch, **{"seed_source": fresh_seed, **options})
    monkeypatch.setenv(SOCKET_ENV, str(hub.socket_path))
    monkeypatch.setenv(TOKEN_ENV, hub.register_session("open:alice", "alice"))
    return hub


async def both_decide(pilot, screen, served, bob) -> None:
    """bob joins alice's two-seat table and both take a decision of their own."""
    await bob.send({"type": "join", "table": served.id, "seat": 1})
    await until(pilot, lambda: served.seats[1].person, "bob at the table")
    for _ in range(400):
        if served.decided == {0, 1}:
            return
        if served.deciding() == 1:
            view = await bob.table_at(served.actions)
            await bob.send(
                {
                    "type": "play",
                    "table": served.id,
                    "action": legal_of(view)[0],
                    "expect": view["actions"],
                }
            )
            await bob.table_at(view["actions"] + 1)
        elif screen.query_one("ChoicePanel").is_open:
            await pilot.press("1")
        elif screen.table.deciding == 0 and screen.legal() and not screen.busy:
            screen.play(screen.legal()[0])
        await pilot.pause(0.02)
    raise AssertionError("both never decided")


@contextlib.asynccontextmanager
async def both_decided(tmp_path, monkeypatch):
    """alice (the app, at 100 columns by 30 rows) and bob at a two-seat Spirits table alice
    opened, once both have taken a decision: the hub, bob, the app, its pilot, the table's
    screen and the table served."""
    hub = await alices_hub(tmp_path, monkeypatch)
    bob = await Client.connect(hub, "SHA256:bob-key", "bob")
    app = WishApp(Launch(screen="client"))
    seats = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_table(pilot, app, "spirits", seats)
            served = hub.tables[screen.table.id]
            await both_decide(pilot, screen, served, bob)
            yield hub, bob, app, pilot, screen, served
    finally:
        bob.close()
        await hub.close()


async def play_until_over(pilot, app, seed: int, steps: int) -> TableScreen:
    """The app's person answers their decisions (the panel's first choice, or a random legal
    action) until the game is over or `steps` have passed; the table screen then."""
    rng = random.Random(seed)
    for _ in range(steps):
        screen = table_screen(app)
        table = screen.table
        if table.is_over:
            break
        legal = screen.legal()
        if screen.query_one("ChoicePanel").is_open:
            await pilot.press("1")
        # A decision the screen asks in its panel is answered there, by key; others here.
        elif (
            table.deciding == table.my_seat
            and legal
            and not screen.busy
            and not screen.asks_in_panel(screen.view())
        ):
            screen.play(rng.choice(legal))
        await asyncio.sleep(0.005)
        await pilot.pause()
    return screen


@pytest.mark.parametrize("game", list(games.GAMES))
async def test_a_person_plays_a_whole_game_at_a_servers_table_to_its_final_scoring(
    game, tmp_path, monkeypatch
):
    hub = await alices_hub(tmp_path, monkeypatch)
    spec = games.get(game)
    seats = [{"name": spec.seats[0], "who": "me"}, {"name": spec.seats[1], "who": "random"}]
    app = WishApp(Launch(screen="client"))
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await until(pilot, lambda: hub.sessions and all(s.in_lobby for s in hub.sessions), "")
            app.server_send(
                {"type": "new_table", "game": game, "seats": seats, "options": OPTIONS[game]}
            )
            await until(pilot, lambda: table_screen(app) is not None, "the table")
            leave = table_screen(app).leave_options()[0][0]
            assert leave == "Back to the tables (your seat stays yours)"
            screen = await play_until_over(pilot, app, seed=5, steps=2000)
            table, legal = screen.table, screen.legal()
            assert not hub.problems, hub.problems
            assert sum(isinstance(s, TableScreen) for s in app.screen_stack) == 1
            assert table.is_over, (
                f"the game did not end ({table.actions} actions, deciding {table.deciding}, "
                f"legal {legal[:5]}, busy {screen.busy}, {screen.view().get('pending')})"
            )
            await until(pilot, lambda: app.screen is not screen, "the final scoring window")
            final = app.screen
            assert isinstance(final, FinalScoringScreen)
            # Esc looks at the final table; every key there answers without a position to play.
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen, "back at the table")
            assert "Enter shows the final scoring" in screen.query_one("#status").text.plain
            assert screen.leave_options()[0][0] == "Back to the tables"  # no seat to keep
            for key in ("g", "n", "u", "h", "i", "1", "left", "m", "e", "t"):
                await pilot.press(key)
                await pilot.pause()
                while app.screen is not screen:
                    await pilot.press("escape")
                    await pilot.pause()
            await pilot.press("enter")
            await until(
                pilot, lambda: isinstance(app.screen, FinalScoringScreen), "the window again"
            )
            assert sum(isinstance(s, FinalScoringScreen) for s in app.screen_stack) == 1
            # q leaves a server's table for the server's tables, not the app.
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the tables")
            assert app.return_code is None
    finally:
        await hub.close()


async def test_resigning_alone_closes_the_open_window_and_says_the_game_ended(
    tmp_path, monkeypatch
):
    """Wish's first decision is a window (a Wish card to discard); resigning ends the game, as
    no person is left: the window, no longer this person's to answer, closes, and the final
    scoring opens, saying the game was aborted (no decision was taken), how to leave."""
    hub = await alices_hub(tmp_path, monkeypatch)
    app = WishApp(Launch(screen="client"))
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            seats = [{"name": "fire", "who": "me"}]
            screen = await open_table(pilot, app, "wish", seats, solo="easy", options={})
            panel = screen.query_one("ChoicePanel")
            await until(pilot, lambda: panel.is_open, "the discard window")
            await pilot.press("x")  # resign: the window asks first
            await until(pilot, lambda: "Yes, resign" in "\n".join(t for _, t in panel._rows), "")
            await pilot.press("1")
            await until(pilot, lambda: screen.table.ended, "the end of the game")
            await until(pilot, lambda: not panel.is_open, "the window closed")
            await until(
                pilot, lambda: isinstance(app.screen, FinalScoringScreen), "the final scoring"
            )
            await until(pilot, lambda: app.screen.query("#result-notes"), "the notes")
            notes = str(app.screen.query_one("#result-notes").render())
            assert "The game was aborted" in notes and "is not rated" in notes
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen, "back at the table")
            status = screen.query_one("#status").text.plain
            assert "The game is over" in status and "q leaves" in status
            await pilot.press("enter", "q")  # the final scoring again; leave: the tables
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the tables")
    finally:
        await hub.close()


async def test_the_other_person_resigning_a_two_seat_game_ends_it_with_the_resigner_last(
    tmp_path, monkeypatch
):
    """bob resigns once both have taken a decision: the game ends at once (no bot plays on for
    him), and alice's final scoring says the club's ranking: her first, bob last, and why."""
    async with both_decided(tmp_path, monkeypatch) as (hub, bob, app, pilot, screen, served):
        played = served.actions
        await bob.send({"type": "resign", "table": served.id})
        await until(pilot, lambda: isinstance(app.screen, FinalScoringScreen), "the final scoring")
        assert served.actions == played  # no bot played on for bob
        final = app.screen
        await until(pilot, lambda: final.query("#result-notes"), "the notes")
        grid = final.query_one("DataTable")
        await until(pilot, lambda: grid.columns, "the scoring table")
        titles = [str(c.label) for c in grid.columns.values()][1:]
        assert titles == ["Air (you) 1st", "Water 2nd"]
        notes = str(final.query_one("#result-notes").render())
        assert notes == "Water (bob) resigned: last, whatever the score."
        [game] = hub.club.history.page()
        assert [(s.player, s.place, s.outcome) for s in game.seats] == [
            ("alice", 1, ""),
            ("bob", 2, "resigned"),
        ]


async def test_a_person_who_resigned_is_still_marked_you_on_the_final_scoring(
    tmp_path, monkeypatch
):
    """alice resigns once both have taken a decision: the seat she gave up is still hers to
    read, so her final scoring marks it '(you)' (last, as the club settled it)."""
    async with both_decided(tmp_path, monkeypatch) as (hub, bob, app, pilot, screen, served):
        await until(pilot, lambda: not screen.busy, "alice's turn settled")
        if screen.query_one("ChoicePanel").is_open:
            await pilot.press("escape")
        await pilot.press("x")
        panel = screen.query_one("ChoicePanel")
        await until(pilot, lambda: "Yes, resign" in "\n".join(t for _, t in panel._rows), "")
        await pilot.press("1")
        await until(pilot, lambda: isinstance(app.screen, FinalScoringScreen), "the final scoring")
        grid = app.screen.query_one("DataTable")
        await until(pilot, lambda: grid.columns, "the scoring table")
        titles = [str(c.label) for c in grid.columns.values()][1:]
        assert titles == ["Air (you) 2nd", "Water 1st"]
