"""A table opened with a seat left open for a friend says its number at the table: the lobby
tells a newcomer to "tell your friends its number", and the app takes them to the table at
once, where the number was said nowhere. The way back to the tables is still said beside it."""

from __future__ import annotations

from tests.server.test_hub import Client
from tests.server.test_remote_screens import alices_hub, open_table, until
from wish_tui.launch import Launch
from wish_tui.ui.app import WishApp


def status_of(screen) -> str:
    return screen.query_one("#status").text.plain


async def test_the_wait_for_an_open_seat_names_the_table_a_friend_joins(tmp_path, monkeypatch):
    hub = await alices_hub(tmp_path, monkeypatch)
    app = WishApp(Launch(screen="client"))
    seats = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_table(pilot, app, "wish", seats)
            for _ in range(40):  # alice answers her setup windows: then the open seat decides
                if screen.table.deciding == 1:
                    break
                await pilot.press("1")
                await pilot.pause(0.05)
            await until(pilot, lambda: screen.table.deciding == 1, "the open seat to decide")
            await until(pilot, lambda: "Waiting for" in status_of(screen), "the wait")
            status = status_of(screen)
            assert f"Waiting for Water (open seat) at table {screen.table.id}." in status, status
            assert "q back to the tables" in status, status  # still said at 80 columns
    finally:
        await hub.close()


async def test_the_openers_own_turn_says_the_table_a_friend_joins_till_one_does(
    tmp_path, monkeypatch
):
    """Wishland's first decision is the opener's: while a seat is open, the status line says
    the table's number beside the turn's own words, as far as the line has room (at 80
    columns, short); once a friend sits down it says it no more."""
    hub = await alices_hub(tmp_path, monkeypatch, seed_source=lambda: 0)  # Red places first
    bob = await Client.connect(hub, "SHA256:bob-key", "bob")
    app = WishApp(Launch(screen="client"))
    seats = [{"name": "red", "who": "me"}, {"name": "blue", "who": "open"}]
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_table(pilot, app, "wishland", seats)
            await until(pilot, lambda: "Red: " in status_of(screen), "alice's turn")
            status = status_of(screen)
            said = f"Open seat: table {screen.table.id}."
            assert status == f"Red: a decision is waiting — choose in the window. {said}"
            await bob.send({"type": "join", "table": screen.table.id, "seat": 1})
            await until(pilot, lambda: screen.table.seats[1].person, "bob at the table")
            await until(pilot, lambda: said not in status_of(screen), "the words gone")
            assert status_of(screen) == "Red: a decision is waiting — choose in the window."
    finally:
        bob.close()
        await hub.close()


async def test_a_table_opened_for_a_friend_says_its_number_in_the_log_at_once(
    tmp_path, monkeypatch
):
    """Spirits' opener may play first, and at 80 columns that turn's status line has no room
    for the number: the log says it as the table opens, in sight, and the status line's words
    are whole."""
    hub = await alices_hub(tmp_path, monkeypatch, seed_source=lambda: 0)  # Earth plays first
    app = WishApp(Launch(screen="client"))
    seats = [{"name": "earth", "who": "me"}, {"name": "air", "who": "open"}]
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_table(pilot, app, "spirits", seats)
            await until(pilot, lambda: "Earth: " in status_of(screen), "alice's turn")
            said = f"Table {screen.table.id}: a seat waits for a friend"
            rows = [strip.text for strip in app.screen._compositor.render_strips()]
            assert any(said in row for row in rows), rows
            assert status_of(screen).startswith("Earth: Enter takes")
    finally:
        await hub.close()
