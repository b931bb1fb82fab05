"""Whether a screen was laid out since a moment: a place the table screen reaches below
Textual's public API, part of the adapter to Textual (`textual_adapter.py` lists the others;
tested in `tests/ui/test_textual_marks.py`, which fails on a Textual that changes what it
relies on).

Textual's layout of a screen makes its compositor's map anew (`Compositor.reflow` a new
`_full_map`, `reflow_visible` a new `_visible_map`, a map to be made again marked
`_full_map_invalidated`), never edits it in place (only `textual_layout.lay_out_alone` does,
for the one widget it lays out alone). A mark of the maps taken when something was placed
tells, after a frame, whether anything may have moved since (`layout_mark`, `LayoutMark.still`).
"""

from __future__ import annotations

from typing import NamedTuple

from textual.screen import Screen


class LayoutMark(NamedTuple):
    """The compositor's maps as a screen's last layout left them (`layout_mark`)."""

    full_map: object
    visible_map: object

    def still(self, screen: Screen) -> bool:
        """True when `screen` was not laid out since the mark was taken (nothing moved but a
        widget laid out alone); False when it may have been."""
        compositor = screen._compositor
        return (
            compositor._full_map is self.full_map
            and compositor._visible_map is self.visible_map
            and not compositor._full_map_invalidated
        )


def layout_mark(screen: Screen) -> LayoutMark:
    """A mark of `screen`'s layout as it stands, to tell later whether it was laid out since
    (`LayoutMark.still`)."""
    compositor = screen._compositor
    return LayoutMark(compositor._full_map, compositor._visible_map)
