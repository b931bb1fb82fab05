"""A refusal of two lines leaves the detail line whole: where the detail line lies just above
the status line (a window open over a Wish table), the detail line rises with the refusal over
the row above it, instead of the refusal's first line hiding the detail's last.

Seen at 100x30: Esc in a window that cannot be dismissed ('The game goes on once this is
chosen: …, or u takes back your last move.') was drawn over the detail line's second row, which
then read cut off mid-sentence.
"""

from __future__ import annotations

import pytest

from wish_tui.ui.app import WishApp
from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.detail_line import DetailLine
from wish_tui.widgets.view_text import ViewText

from .helpers import settle
from .test_game_flow import HOTSEAT, choice_open, status_of, through_setup

LONG = (
    "The game goes on once this is chosen: pick an option by its number or ↑↓ Enter, or u "
    "takes back your last move, and this refusal runs on past a line."
)


@pytest.mark.parametrize("size", [(100, 30), (80, 24)])
async def test_a_two_line_refusal_leaves_the_detail_line_whole_and_goes(size):
    app = WishApp(HOTSEAT)
    async with app.run_test(size=size) as pilot:
        game = await through_setup(app, pilot)
        await pilot.press("t")
        await settle(pilot)
        assert choice_open(app)
        detail = game.query_one(DetailLine)
        panel = game.query_one(ChoicePanel)
        before = (detail.region, panel.region, list(detail.lines))
        game.refuse(LONG)
        await settle(pilot)
        status = game.query_one("#status", ViewText)
        assert len(status_of(game)) == 2 and status.region.height == 2
        assert not detail.region.overlaps(status.region), (detail.region, status.region)
        assert detail.region.bottom == status.region.y
        assert not panel.region.overlaps(detail.region), (panel.region, detail.region)
        assert detail.lines == before[2] and detail.lines
        await pilot.press("down")  # the next key takes the refusal away: all as it was
        await settle(pilot)
        await pilot.press("up")
        await settle(pilot)
        assert len(status_of(game)) == 1
        assert (detail.region, panel.region) == before[:2]
