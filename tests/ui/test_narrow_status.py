"""The status line on a phone: below 50 columns it takes up to three lines before it ends in
'…', so that a sentence such as Wishland's "v claims the Achievement…" is read whole (issue 35)."""

from __future__ import annotations

import pytest

from wish_tui.ui.app import WishApp
from wish_tui.widgets.key_bar import KeyBar
from wish_tui.widgets.view_text import ViewText

from .helpers import settle
from .test_narrow_scroll import SOLOS

LONG = (
    "Mountain Caves is not next to Sandhills: travel goes to an Area next to yours "
    "or along a column of the map."
)
"""A refusal of three lines at 40 columns."""
LONGER = LONG[:-1] + ", here or there. Press t to see the Areas you may travel to now."
"""A refusal of three lines at 60 columns, of four at 40."""


@pytest.mark.parametrize(
    ("width", "words", "lines", "cut"),
    [(40, LONG, 3, False), (40, LONGER, 3, True), (60, LONGER, 2, True)],
)
async def test_a_long_status_takes_a_third_line_below_50_columns(width, words, lines, cut):
    app = WishApp(SOLOS["wish"])
    async with app.run_test(size=(width, 20)) as pilot:
        await settle(pilot, 8)
        screen = app.screen
        screen.refuse(words)
        await settle(pilot)
        shown = screen.query_one("#status", ViewText).text.plain.split("\n")
        assert len(shown) == lines, shown
        assert shown[-1].endswith("…") == cut, shown
        if not cut:
            assert " ".join(line.strip() for line in shown) == "✗ " + words
        status = screen.query_one("#status")
        assert status.region.height == lines
        assert status.region.bottom == screen.query_one(KeyBar).region.y  # just above the keys
        assert screen.query_one("#board-root").region.bottom <= status.region.y
