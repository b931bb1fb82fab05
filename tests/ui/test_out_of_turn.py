"""A game key pressed while another seat decides says so in one sentence and changes nothing of
the person's: who decides, and that they will be told when it is their turn (the key still
hurries a bot, as the status line says any key does)."""

from __future__ import annotations

from wish_tui import saves
from wish_tui.cli import Launch
from wish_tui.games import GAMES
from wish_tui.tables import bot_turns
from wish_tui.ui.app import WishApp
from wish_tui.widgets.choice_panel import ChoicePanel

from ..wish.rules.helpers import started
from .helpers import refusals_of, settle
from .test_game_flow import game_of, status_of


def bot_to_move_app() -> tuple[WishApp, int]:
    """The app on a turn of a random bot, the other seat a person's; the person's seat."""
    state = started(("fire", "water"), seed=3)
    seats = [
        {"djinn": d, "who": "random" if s == state.current_player else "human"}
        for s, d in enumerate(state.djinns)
    ]
    record, _ = saves.GameRecord.new(seats, 3, games=GAMES)
    record.state = state.to_dict()
    return WishApp(Launch("load"), (record, state, None)), 1 - state.current_player


async def test_a_game_key_while_a_bot_decides_says_whose_turn_it_is(monkeypatch):
    monkeypatch.setattr(bot_turns, "BOT_PACE", 60.0)  # the bot waits for a key to hurry it
    app, mine = bot_to_move_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 5)
        game = game_of(app)
        bot = game.table.deciding
        assert bot != mine
        before = game.table.state.players[mine].to_dict()
        refusals = refusals_of(game)
        await pilot.press("t")
        await settle(pilot, 5)
        label = game.people.seat_label(bot)
        said = f"{label} is deciding now; you will be told when it is your turn."
        assert refusals == [said]
        assert not game.query_one(ChoicePanel).is_open
        assert game.table.state.players[mine].to_dict() == before
        if game.table.deciding == bot:  # the hurried bot played a step of its turn: still said
            assert status_of(game) == [f"✗ {said}"]
