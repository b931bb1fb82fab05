"""A repeated decision at a server's table keeps its count when its person leaves the table and
opens it again mid-decision: the count is the table's (its states), not the screen's memory, so
a new screen (a new app) still says which of the decisions it asks."""

from __future__ import annotations

from tests.server.test_hub import Client, play_until, sit
from tests.server.test_remote_screens import alices_hub, table_screen, until
from wish_tui.launch import Launch
from wish_tui.ui.app import WishApp
from wish_tui.ui.lobby import LobbyScreen

SEATS = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]


def trading(served) -> bool:
    """True while the table's decision is the first of two Crystals a trade pays (each a real
    choice at seed 0: three colours to pay from)."""
    pending = served.state.pending
    return bool(pending) and pending[0][0] == "pay_trade" and pending[0][3] == 2


def title_of(screen) -> str:
    panel = screen.query_one("ChoicePanel")
    return panel.title_text if panel.is_open else ""


async def test_a_repeated_decision_keeps_its_count_when_the_table_is_opened_again(
    tmp_path, monkeypatch
):
    hub = await alices_hub(tmp_path, monkeypatch, seed_source=lambda: 0)
    alice = await Client.connect(hub, "open:alice", "alice")
    bob = await Client.connect(hub, "SHA256:bob-key", "bob")
    try:
        answer = await alice.ask({"type": "new_table", "game": "wish", "seats": SEATS})
        table_id = answer["table"]
        await sit(bob, table_id, 1)
        served = hub.tables[table_id]
        await play_until(served, {0: alice, 1: bob}, lambda: trading(served))
        assert trading(served) and served.deciding() == 0, served.state.pending
        alice.close()
        app = WishApp(Launch(screen="client"))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            app.server_send({"type": "open", "table": table_id})
            await until(pilot, lambda: table_screen(app) is not None, "the table")
            first = table_screen(app)
            await until(pilot, lambda: "(1 of 2)" in title_of(first), "the first of two")
            await pilot.press("1")
            await until(pilot, lambda: "(2 of 2)" in title_of(first), "the second of two")
            first.leave_options()[0][1]()  # back to the tables: the seat stays alice's
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the tables")
            app.server_send({"type": "open", "table": table_id})
            await until(pilot, lambda: table_screen(app) not in (None, first), "the table again")
            again = table_screen(app)
            await until(pilot, lambda: title_of(again), "the window again")
            assert "(2 of 2)" in title_of(again)
    finally:
        bob.close()
        await hub.close()
