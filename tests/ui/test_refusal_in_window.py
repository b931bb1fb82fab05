"""A game key pressed in a window that must be answered is refused in one line at 80 columns:
a refusal of two lines rises over the window's last row, and in a window of one option (Spirits
of the Forest's 'Pass: no tile can be taken') it hid the only option while it asked to pick one."""

from __future__ import annotations

from wish_tui.widgets.choice_panel import ChoicePanel

from .helpers import app_of, lift_curtain, settle
from .test_game_flow import status_of
from .test_spirits_flow import game_of, record_of

INDENT = 2
"""The refusal's mark and space before its words."""


async def test_a_key_refused_in_a_window_leaves_its_options_in_sight_at_80_columns():
    record, history = record_of()
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        panel = game.query_one(ChoicePanel)
        assert panel.is_open
        before = panel.region
        await pilot.press("g")
        await settle(pilot)
        assert len(status_of(game)) == 1, status_of(game)
        assert "choose" in status_of(game)[0].lower() or "pick" in status_of(game)[0].lower()
        assert panel.region == before


def test_the_window_refusal_fits_one_line_at_80_columns_with_undo_too():
    from wish_tui.ui.screens.table_keys import TableKeys

    keys = TableKeys.__new__(TableKeys)
    for undo in (False, True):
        keys.undo_possible = lambda undo=undo: undo
        assert len(keys.answer_first()) <= 80 - INDENT, keys.answer_first()
