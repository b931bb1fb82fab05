"""The keys that move a list's cursor, alike in every list the app shows."""

from __future__ import annotations

from textual.binding import Binding

LIST_CURSOR_KEYS = (
    Binding("up", "cursor(-1)", "Up", show=False),
    Binding("down", "cursor(1)", "Down", show=False),
    Binding("home", "jump(0)", "First", show=False),
    Binding("end", "jump(-1)", "Last", show=False),
)
"""↑ and ↓ move the cursor a row, Home and End to the first and the last row: a list that binds
them has `action_cursor(step)` and `action_jump(row)` (row 0 the first, -1 the last)."""
