"""The window confirming the end of a turn: no taller than its question and two answers, and the
detail line under it keeps what it said (it says nothing of 'Yes' and 'No, go back', and blanking
it would send its rows again when the window closes)."""

from __future__ import annotations

import pytest

from .helpers import settle
from .test_action_keys import app_for, turn_position
from .test_game_flow import game_of


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_two_answer_window_is_as_tall_as_it_needs_and_leaves_the_detail_line(size):
    state, seat = turn_position()
    app = app_for(state)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 5)
        game = game_of(app)
        detail = game.query_one("DetailLine")
        before = detail.words
        assert before
        await pilot.press("n")  # End turn: 'End the turn with 3 action markers unused?'
        await settle(pilot, 5)
        panel = game.query_one("ChoicePanel")
        assert panel.is_open
        question = sum(1 for option, _ in panel._rows if option < 0)
        assert panel.region.height == question + 2
        assert panel.region.bottom <= detail.region.y
        assert detail.words == before
        await pilot.press("2")  # No, go back
        await settle(pilot, 5)
        assert not panel.shown
        assert detail.words == before
