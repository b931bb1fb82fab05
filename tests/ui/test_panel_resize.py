"""A window open when the terminal changes size is placed again, as if opened at the new size
(it kept its old rows, ending over empty space above the status line)."""

from __future__ import annotations

import pytest

from wish_tui.widgets.choice_panel import ChoicePanel

from .helpers import settle
from .test_action_keys import app_for, turn_position
from .test_game_flow import game_of


def placed(panel: ChoicePanel) -> tuple[int, int]:
    """The panel's first screen row and its height."""
    return int(panel.styles.offset.y.value), int(panel.styles.height.value)


@pytest.mark.parametrize("start, end", [((80, 24), (80, 40)), ((100, 40), (100, 26))])
async def test_an_open_window_is_placed_again_when_the_terminal_changes_size(start, end):
    state, _ = turn_position()
    app = app_for(state)
    async with app.run_test(size=start) as pilot:
        await settle(pilot)
        game = game_of(app)
        panel = game.query_one(ChoicePanel)
        await pilot.press("t")
        await settle(pilot)
        assert panel.is_open and panel.title_text.startswith("Travel")
        await pilot.resize_terminal(*end)
        await settle(pilot, 5)
        resized = placed(panel)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        assert panel.is_open and resized == placed(panel)
