"""The clock's mark is drawn by the browser's fonts too: '⏱' (U+23F1) is in neither Roboto Mono,
the web page's font, nor the monospace fonts a browser falls back to (DejaVu Sans Mono, Menlo),
and headless Chromium drew the status line's clock as a blank. The mark is now one of the
Geometric Shapes, the block the board already draws with (● ▶ ◆), which those fonts carry."""

from __future__ import annotations

from types import SimpleNamespace

from rich.cells import cell_len

from wish_tui.tables.seat import SeatInfo
from wish_tui.ui.screens.table_people import CLOCK_MARK, TablePeople


def test_the_clock_line_marks_the_clock_with_a_geometric_shape_of_one_cell():
    assert "\u25a0" <= CLOCK_MARK <= "\u25ff" and cell_len(CLOCK_MARK) == 1
    seat = SeatInfo(name="earth", title="Earth", label="Earth", who="human", person="ann")
    clock = {"setting": {"type": "live"}, "running": 0, "left": [300.0]}
    table = SimpleNamespace(clock=clock, seats=[seat], clock_left=lambda s: 300.0)
    line = TablePeople.clock_line(SimpleNamespace(table=table))
    assert line == f"{CLOCK_MARK} ▶Earth 5:00" and "⏱" not in line
