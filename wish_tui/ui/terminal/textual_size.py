"""A widget's size (`Widget.size`) without its region worked out anew at each look-up: a place
the app reaches below Textual's public API, part of the adapter to Textual
(`textual_adapter.py` lists the others; tested in `tests/ui/test_textual_size.py`, which fails
on a Textual that changes what it relies on).

Textual's `Widget.size` is the size of the widget's content region: its screen found through
its parents, its region looked up in the screen's compositor map (`Compositor.find_widget`:
`_full_map` while the map is not to be made again), shrunk by its padding and border
(`styles.gutter`), a new region and size made each time; (0, 0) for a widget with no screen or
out of the map (a part hidden on a narrow terminal, which several callers read as "not
shown"). A table action asks it about 30 times (the log's rows, the texts' lines, the board's
parts' widths, the key bar, Textual's own `_set_dirty`), mostly of widgets the last layout
placed and left where they were.
"""

from __future__ import annotations

from textual.widget import NoScreen, Widget

TEXTUALS_SIZE = Widget.__dict__["size"]
"""Textual's size of a widget's content, a property (kept for the tests)."""


def keep_sizes() -> None:
    """Have every widget of the process give its size through `_kept_size` (the same size)."""
    Widget.size = property(_kept_size, doc=TEXTUALS_SIZE.__doc__)


def _kept_size(widget: Widget):
    """Textual's `Widget.size`, kept on the widget with what it was worked out from: its entry
    in its screen's map (a `MapGeometry`, made anew by each layout that places the widget, and
    never changed in place) and the key of its styles (`RenderStyles._cache_key`, which Textual
    changes with any style, its padding and border among them). A widget out of its screen's
    map, or a map to be made again, is asked of Textual."""
    try:
        compositor = widget.screen._compositor
    except NoScreen:
        return TEXTUALS_SIZE.fget(widget)
    if compositor.root is None or compositor._full_map_invalidated:
        return TEXTUALS_SIZE.fget(widget)
    geometry = compositor._full_map.get(widget)
    if geometry is None:
        return TEXTUALS_SIZE.fget(widget)
    key = widget.styles._cache_key
    kept = widget.__dict__.get("_kept_size")
    if kept is not None and kept[0] is geometry and kept[1] == key:
        return kept[2]
    size = geometry.region.shrink(widget.styles.gutter).size
    widget._kept_size = (geometry, key, size)
    return size
