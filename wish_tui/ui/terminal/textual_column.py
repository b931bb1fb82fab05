"""A widget whose height changes laid out in its parent alone, not its whole screen.

Part of the adapter to Textual (`textual_adapter.py` lists every place; tested in
`tests/ui/test_wish_tracks_layout.py`, which fails on a Textual that changes what this relies on):
a widget's request for a layout (`Widget._check_refresh`, `_layout_required`), its parent's
arrangement (`Widget.arrange`, `_get_scrollable_region`) and its screen's compositor map
(`Compositor._full_map`, `MapGeometry`, and the caches made from it), as Textual's layout of the
whole screen (`Compositor._arrange_root`) would make them.

Wish's tracks gain a line when a round's Caravan card is shown and lose it when the round ends:
Textual then places every widget of the screen again (its reflow, about 0.7 ms at a table),
though only the tracks and what lies below them in their column (the Offer) move. A column
whose size does not follow its children's places them again alone (`lay_out_in_parent`).
"""

from __future__ import annotations

from functools import partial
from types import MethodType
from typing import TypeVar

from textual import events
from textual._compositor import Compositor, MapGeometry
from textual.geometry import NULL_OFFSET
from textual.screen import Screen
from textual.widget import Widget

from .textual_layout import check_refresh_placed_first

WidgetType = TypeVar("WidgetType", bound=Widget)

OVERLAY_ORDER = ((1, 0, 0),)
"""The order Textual gives a widget placed over the screen (`overlay: screen`)."""


def lay_out_in_parent(widget: WidgetType) -> WidgetType:
    """Have `widget`'s changes of height lay out its parent's children alone where they can.

    Textual lays the whole screen out again when a widget's size changes. Where the widget's
    parent (not the screen) is a container whose size does not follow its children (no `auto`
    width or height, its overflow hidden, not scrolled) and whose children are widgets without
    children of their own, each shown, the parent's children are arranged again by Textual's
    arrangement and their entries in the screen's map (and the parent's) edited to what
    Textual's layout of the whole screen would make of them; the rows of every entry that
    changed are drawn again, and a widget whose size changed is told. Where a node above the
    widget is not displayed, Textual's layout would place nothing of it: nothing is placed.
    Anywhere else (a screen to be laid out anyway, a parent that scrolls or grows with its
    children), Textual's layout does it. Returns the widget.
    """
    widget._check_refresh = MethodType(
        partial(check_refresh_placed_first, _laid_out_in_parent), widget
    )
    return widget


def _laid_out_in_parent(widget: Widget) -> bool:
    """Make what Textual's layout of the whole screen would make of `widget`'s new size, where
    only its parent's children move or nothing does; False (nothing done) elsewhere."""
    parent = widget._parent
    if not isinstance(parent, Widget) or isinstance(parent, Screen) or widget._closing:
        return False
    screen = parent.screen
    compositor = screen._compositor
    if (
        screen._layout_required
        or not screen.is_current
        or compositor.root is not screen
        or compositor._visible_map is not None
        or compositor.size != screen.outer_size
    ):
        return False
    if _out_of_sight(widget):
        _arrangements_cleared(widget)
        screen.screen_layout_refresh_signal.publish(screen)
        return True
    geometry = compositor._full_map.get(parent)
    if geometry is None or not _sized_by_itself(parent):
        return False
    _arrangements_cleared(widget)
    placed = _children_placed(compositor, parent, geometry)
    if placed is None:
        return False
    _edit_map(compositor, placed)
    screen.screen_layout_refresh_signal.publish(screen)
    return True


def _out_of_sight(widget: Widget) -> bool:
    """True when `widget` or a node above it is not displayed (Textual arranges nothing of it)."""
    node = widget
    while isinstance(node, Widget) and not isinstance(node, Screen):
        if node.styles.display == "none":
            return True
        node = node._parent
    return False


def _arrangements_cleared(widget: Widget) -> None:
    """What Textual's `_check_refresh` does to the ancestors of a widget to be laid out: their
    arrangements made again, up to the first whose size does not follow its children."""
    for ancestor in widget.ancestors:
        if not isinstance(ancestor, Widget):
            break
        ancestor._clear_arrangement_cache()
        ancestor._layout_updates += 1
        if not ancestor.styles.auto_dimensions:
            break


def _sized_by_itself(parent: Widget) -> bool:
    """True when `parent`'s place and size do not follow its children's (so its own entry in
    the map stays but for its virtual size) and it shows no scrollbar and never will."""
    styles = parent.styles
    return not (
        styles.auto_dimensions
        or styles.overflow_x != "hidden"
        or styles.overflow_y != "hidden"
        or parent.show_vertical_scrollbar
        or parent.show_horizontal_scrollbar
        or parent.scroll_offset != NULL_OFFSET
        or parent._anchored
        or parent.loading
        or parent._cover_widget is not None
        or parent._render_widget is not parent
        or not parent.is_scrollable
        or styles.get_rule("visibility") is not None
    )


def _children_placed(
    compositor: Compositor, parent: Widget, geometry: MapGeometry
) -> dict[Widget, MapGeometry] | None:
    """The entries of `parent` and its children in the map as Textual's `_arrange_root` makes
    them, or None where a child is not a plain widget shown in the map already."""
    if geometry.order == OVERLAY_ORDER:
        return None
    container_region = geometry.region.shrink(parent.styles.gutter)
    child_region = parent._get_scrollable_region(container_region)
    arranged = parent.arrange(child_region.size)
    sub_clip = geometry.clip.intersection(child_region)
    offset = container_region.offset
    screen_region = compositor.size.region
    layers = {name: index for index, name in enumerate(parent.layers)}
    layer_order = geometry.order[-1][2]
    full_map = compositor._full_map
    placed = {}
    for placement in reversed(arranged.placements):
        child = placement.widget
        if (
            placement.overlay
            or child not in full_map
            or child._nodes
            or child.is_scrollable
            or child._render_widget is not child
            or not child._is_mounted
            or child.styles.get_rule("visibility") is not None
        ):
            return None
        moved = placement.process_offset(screen_region, offset)
        region = moved.region + moved.offset + offset
        placed[child] = MapGeometry(
            region,
            (*geometry.order, (layers.get(child.layer, 0), moved.order, layer_order)),
            sub_clip,
            region.size,
            region.shrink(child.styles.gutter).size,
            moved.region,
            arranged.scroll_spacing,
        )
        layer_order -= 1
    if any(child in full_map and child not in placed for child in parent._nodes):
        return None
    total = child_region.reset_offset.union(arranged.total_region)
    placed[parent] = geometry._replace(virtual_size=total.size)
    return placed


def _edit_map(compositor: Compositor, placed: dict[Widget, MapGeometry]) -> None:
    """Put the entries `placed` in the map where they changed, drop what was made of the map,
    mark the rows of each changed entry (before and after) dirty, and tell each widget its
    sizes (a `Resize` where its size changed), as Textual's reflow and layout do."""
    full_map = compositor._full_map
    changed = {widget: new for widget, new in placed.items() if full_map[widget] != new}
    if not changed:
        return
    screen_region = compositor.size.region
    shown = compositor._visible_widgets
    regions = set()
    for widget, new in changed.items():
        old = full_map[widget]
        full_map[widget] = new
        regions.update(geometry.clip.intersection(geometry.region) for geometry in (old, new))
        if shown is not None:
            showing = screen_region.overlaps(new.region) and new.clip.overlaps(new.region)
            if (widget in shown) != showing:
                shown = None
            elif showing:
                shown[widget] = (new.region, new.clip)
    compositor._layers = None
    compositor._layers_visible = None
    compositor._cuts = None
    compositor._visible_widgets = shown
    if screen_region not in compositor._dirty_regions:
        compositor._dirty_regions.update(region for region in regions if region)
    for widget, new in changed.items():
        resized = new.region.size != widget.outer_size
        widget._size_updated(new.region.size, new.virtual_size, new.container_size)
        if resized:
            widget.post_message(
                events.Resize(new.region.size, new.virtual_size, new.container_size)
            )
