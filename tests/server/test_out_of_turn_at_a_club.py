"""At a server's table a game key pressed while another person decides says so in one sentence
and sends nothing: who decides, and that you will be told when it is your turn."""

from __future__ import annotations

import pytest

from tests.plain.club_helpers import Person
from tests.server.test_remote_screens import alices_hub, table_screen, until
from tests.server.test_table_people_screens import BOB, alice_at_a_table_with_bob
from wish_tui.launch import Launch
from wish_tui.ui.app import WishApp


@pytest.fixture
async def hub(tmp_path, monkeypatch):
    """A table server in this process, and alice's session on it for the app made next."""
    hub = await alices_hub(tmp_path, monkeypatch, seed_source=lambda: 11)
    yield hub
    await hub.close()


async def test_a_game_key_while_another_person_decides_says_whose_turn_it_is(hub):
    app = WishApp(Launch(screen="client"))
    async with app.run_test(size=(100, 30)) as pilot:
        bob = await Person(hub, BOB, "bob").arrive()
        table_id = await alice_at_a_table_with_bob(pilot, app, bob)
        screen = table_screen(app)
        table = screen.table
        panel = screen.query_one("ChoicePanel")
        for _ in range(6):  # alice answers her setup decisions until bob's turn to decide
            await until(pilot, lambda: panel.is_open or table.deciding == 1, "a decision")
            if table.deciding == 1:
                break
            await pilot.press("1")
            await until(pilot, lambda: not panel.is_open or table.deciding == 1, "answered")
        assert table.deciding == 1 and not panel.is_open
        actions = hub.tables[table_id].actions
        await pilot.press("t")
        status = screen.query_one("#status")
        await until(pilot, lambda: "✗" in status.text.plain, "the key answered")
        assert status.text.plain == (
            "✗ Water (bob) is deciding now; you will be told when it is your turn."
        )
        assert not panel.is_open and hub.tables[table_id].actions == actions
        assert await bob.leave() == 0
