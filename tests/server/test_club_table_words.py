"""What the app says at a server's table: a game key pressed while another person decides is
kept for one's turn, said in the status line, and sends nothing; the resign question says what
will happen."""

from __future__ import annotations

import pytest

from tests.server.test_remote_screens import alices_hub, table_screen, until
from tests.server.test_table_people_screens import alice_with_bob


@pytest.fixture
async def hub(tmp_path, monkeypatch):
    """A table server in this process, and alice's session on it for the app made next."""
    hub = await alices_hub(tmp_path, monkeypatch, seed_source=lambda: 11)
    yield hub
    await hub.close()


async def test_a_game_key_while_another_person_decides_waits_for_ones_turn(hub):
    async with alice_with_bob(hub) as (pilot, app, bob, table_id):
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
        await until(pilot, lambda: "waits" in status.text.plain, "the key answered")
        assert status.text.plain.startswith("Waiting for Water (bob).")
        assert "t waits for your turn (Esc forgets it)." in status.text.plain
        assert "✗" not in status.text.plain
        assert not panel.is_open and hub.tables[table_id].actions == actions
        assert await bob.leave() == 0


async def test_the_resign_question_of_a_two_seat_game_says_it_ends_there(hub):
    """Resigning a game of two seats ends it (no one plays on against a bot): the question says
    so, and not that a bot plays on."""
    async with alice_with_bob(hub) as (pilot, app, bob, _):
        panel = table_screen(app).query_one("ChoicePanel")
        await pilot.press("x")  # over alice's first decision, which waits
        await until(pilot, lambda: "Resign" in panel.title_text, "the question")
        assert panel.title_text.startswith(
            "Resign this game? It ends here, and counts as lost for you."
        )
        assert "bot" not in panel.title_text
        await pilot.press("2")  # no, play on
        assert await bob.leave() == 0


async def test_a_kept_key_leaves_the_key_bar_as_it_was(hub):
    """The status line names the kept key and Esc: the bar keeps every key it showed (q Quit
    stayed out of sight while a key was kept)."""
    async with alice_with_bob(hub) as (pilot, app, bob, table_id):
        screen = table_screen(app)
        table = screen.table
        panel = screen.query_one("ChoicePanel")
        bar = screen.query_one("KeyBar")
        for _ in range(6):
            await until(pilot, lambda: panel.is_open or table.deciding == 1, "a decision")
            if table.deciding == 1:
                break
            await pilot.press("1")
            await until(pilot, lambda: not panel.is_open or table.deciding == 1, "answered")
        await pilot.pause()
        before = bar.labels_in_sight()
        await pilot.press("t")
        status = screen.query_one("#status")
        await until(pilot, lambda: "waits" in status.text.plain, "the key answered")
        await pilot.pause()
        assert bar.labels_in_sight() == before
        assert await bob.leave() == 0
