"""Three places the table screen reaches below Textual's public API for its layout and lines.

Part of the adapter to Textual (`textual_adapter.py` lists every place; tested in
`tests/ui/test_textual_layout.py` and `test_textual_layout_alone.py`, which fail on a Textual
that changes what they rely on):

- A widget's request for a layout (`Widget._check_refresh`, `_layout_required`) and its
  screen's compositor map (`Compositor._full_map` and the caches made from it): a widget placed
  on a layer of its own over the screen (the choice panel) that moves or changes its height
  has its own place in the map made again alone, as Textual's layout of the whole screen would
  make it, Textual's layout of it alone made once for the same style rules and sizes
  (`lay_out_alone`).
- The work of a widget's styles cache (`textual._styles_cache.StylesCache.render_widget`,
  which `Widget.render_lines` asks): a widget whose lines are its content alone hands them to
  the compositor without it, as that cache would give them (`render_lines_plainly`); what
  it draws them on is worked out again only when a style of the widget or of an ancestor's
  has changed (`RenderStyles._cache_key`, which Textual changes with any style: `plain_looks`).
- Where a widget's content begins (`Widget.content_offset`, which `Widget._set_dirty` asks for
  every refresh of some of a widget's lines): its padding's and border's top left, without the
  scrollbars' gutter Textual works out and adds (`offset_content_by_styles`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from types import MethodType
from typing import NamedTuple, TypeVar

from rich.style import Style as RichStyle
from textual import events
from textual._compositor import Compositor
from textual.color import Color
from textual.css.scalar import Unit
from textual.geometry import NULL_OFFSET, NULL_SPACING, Offset, Region, Size
from textual.layout import WidgetPlacement
from textual.screen import Screen
from textual.strip import Strip
from textual.style import Style
from textual.widget import Widget

WidgetType = TypeVar("WidgetType", bound=Widget)


def lay_out_alone(widget: WidgetType) -> WidgetType:
    """Have `widget`'s changes of place and size lay out itself alone, not its whole screen.

    Textual lays the whole screen out again when any widget's place or size changes: every
    widget of the screen is placed anew, and the screen's map, its render order and its cuts
    are made again, though all but the one widget stay where they were. A widget given to this
    that is a child of its screen, absolutely placed (`position: absolute`, its height and width
    in cells or percentages, no margin) on a layer where nothing is docked, edits its own entry
    of the screen's map instead, with the region Textual's layout gives it, and repaints the
    rows it left and those it takes. Anywhere else (a screen to be laid out anyway, or
    scrolled, another layout, a screen not on top), Textual's layout does it. Such a widget is
    hidden by taking no rows (`height: 0`): Textual's `visibility` takes a widget out of the
    map, which only a layout of the screen puts it back in. Returns the widget.
    """
    widget._check_refresh = MethodType(partial(check_refresh_placed_first, _placed_alone), widget)
    return widget


def check_refresh_placed_first(placed: Callable[[Widget], bool], widget: Widget) -> None:
    """Textual's `_check_refresh`, the widget's layout made first by `placed` where it can be
    (`placed` returns False, having done nothing, where it cannot)."""
    if widget._layout_required and placed(widget):
        widget._layout_required = False
        widget._repaint_required = True  # the frame that shows it
    Widget._check_refresh(widget)


def _placed_alone(widget: Widget) -> bool:
    """Give `widget` the place in its screen's map that Textual's layout would give it, and have
    the rows it left and takes repainted; False (nothing done) where it cannot be placed alone."""
    screen = widget._parent
    if not isinstance(screen, Screen) or screen._layout_required or not screen.is_current:
        return False
    compositor = screen._compositor
    old = compositor._full_map.get(widget)
    if (
        old is None
        or compositor.root is not screen
        or compositor._visible_map is not None
        or compositor.size != screen.outer_size
    ):
        return False
    placed = _placement_alone(screen, widget, compositor.size)
    if placed is None or placed.order != old.order[-1][1]:
        return False
    region = placed.region + placed.offset
    new = old._replace(
        region=region,
        virtual_size=region.size,
        container_size=region.shrink(widget.styles.gutter).size,
        virtual_region=placed.region,
    )
    # What a layout does for the widget's ancestor: the screen's arrangement is made again
    # next time (it holds the widget's old place).
    screen._clear_arrangement_cache()
    screen._layout_updates += 1
    if new == old:
        return True
    _edit_map(compositor, widget, old, new)
    if widget._size_updated(new.region.size, new.virtual_size, new.container_size) and (
        new.region.size != old.region.size
    ):
        resize = events.Resize(new.region.size, new.virtual_size, new.container_size)
        if _heard(widget, resize):
            widget.post_message(resize)
    screen.screen_layout_refresh_signal.publish(screen)
    return True


def _heard(widget: Widget, message) -> bool:
    """True when a handler of `widget`'s would hear `message` (Textual's walk of its classes,
    `_get_dispatch_methods`, finds one): a message nobody hears is not posted (the choice
    panel hears no `Resize`: its lines follow its width as they are drawn)."""
    handlers = widget._get_dispatch_methods(message.handler_name, message)
    return next(iter(handlers), None) is not None


class Placed(NamedTuple):
    """Where the screen's layout places a widget (its `WidgetPlacement`, less the widget)."""

    region: Region
    offset: Offset
    order: int


PLACEMENTS_KEPT = 512
"""The most places of widgets laid out alone kept, by what Textual's layout made them from."""
_PLACES: dict[tuple, Placed] = {}
"""Those places, shared by every widget of a kind in the process (a host's apps' panels)."""


def _placement_alone(screen: Screen, widget: Widget, size: Size) -> Placed | None:
    """Where the screen's layout places `widget` (Textual's, `apply_absolute` and
    `process_offset` made), or None where it may depend on more than the widget itself.

    Textual's layout of the widget alone (its box model, its offset) is made once for what it
    reads: the widget's kind and style rules, the screen's size and the app's
    (`_placement_key`); a widget that opens, moves and closes (the choice panel at a table,
    twice an action) goes back and forth between a few places, and the panels of the apps a
    process holds between the same few. The screen's checks (`_lays_out_plainly`,
    `_layer_plain`) are made again only when what they read changed (`_screen_stamp`), the
    widget's own (`_placed_by_itself`, which reads what the key holds) with its layout."""
    stamp = _screen_stamp(screen, widget)
    if widget.__dict__.get("_screen_checked") != stamp:
        if not (_lays_out_plainly(screen) and _layer_plain(screen, widget)):
            return None
        widget._screen_checked = stamp
    key = _placement_key(screen, widget, size)
    kept = _PLACES
    try:
        placed = kept.get(key)
    except TypeError:  # a rule's value that cannot be a key
        placed = key = None
    if placed is None:
        if not _placed_by_itself(widget):
            return None
        placed = _arranged_alone(screen, widget, size)
        if key is not None and placed is not None:
            if len(kept) >= PLACEMENTS_KEPT:
                kept.clear()
            kept[key] = placed
    return placed


def _layer_plain(screen: Screen, widget: Widget) -> bool:
    """True when nothing shown on `widget`'s layer of `screen` is docked, split or has a margin
    (Textual's layout of the layer would then place it with the others)."""
    layer = widget.layer
    for child in screen._nodes:
        if child.display and child.layer == layer:
            child_styles = child.styles
            if child_styles.is_docked or child_styles.is_split or child_styles.margin:
                return False
    return True


def _screen_stamp(screen: Screen, widget: Widget) -> tuple:
    """What the screen's checks (`_lays_out_plainly`, `_layer_plain`) read besides `widget`'s
    own styles: the screen's styles and its other children's (by `RenderStyles._cache_key`,
    which Textual changes with any style), which children it has (counted by its node list),
    whether it maximizes one, its scroll and its scrollbars. While it stays the same the checks
    made stand: a panel that opens and closes is not checked anew each time (no reference to
    a node is kept: the stamp makes no cycle)."""
    return (
        screen.styles._cache_key,
        screen._nodes._updates,
        screen.maximized is None,
        screen.scroll_offset,
        screen.show_vertical_scrollbar,
        screen.show_horizontal_scrollbar,
        widget.layer,
        tuple([child.styles._cache_key for child in screen._nodes if child is not widget]),
    )


def _arranged_alone(screen: Screen, widget: Widget, size: Size) -> Placed | None:
    """Textual's layout of `widget` alone on `screen` (see `_placement_alone`)."""
    placements = screen.process_layout(screen.layout.arrange(screen, [widget], size))
    WidgetPlacement.apply_absolute(placements)
    if len(placements) != 1 or placements[0].widget is not widget:
        return None
    placement = placements[0].process_offset(size.region, NULL_OFFSET)
    return Placed(placement.region, placement.offset, placement.order)


def _placement_key(screen: Screen, widget: Widget, size: Size) -> tuple | None:
    """All that Textual's layout of `widget` alone reads (`_placed_by_itself` and
    `_lays_out_plainly` hold): its kind, its style rules, whence every style of it comes (the
    stylesheet's and its own, in the order they were set), the screen's size (its viewport)
    and the app's, and what else `_placed_by_itself` reads (children, an absolute offset,
    whether it is shown). None where the screen has a hook of its own into its layout
    (`pre_layout`, `process_layout`)."""
    screen_type = type(screen)
    if (
        screen_type.pre_layout is not Widget.pre_layout
        or screen_type.process_layout is not Widget.process_layout
    ):
        return None
    styles = widget.styles
    return (
        type(widget),
        size,
        screen.app.size,
        tuple(styles._base_styles._rules.items()),
        tuple(styles._inline_styles._rules.items()),
        bool(widget._nodes),
        widget.absolute_offset,
        widget.display,
    )


def _placed_by_itself(widget: Widget) -> bool:
    """True when `widget` is placed by its own styles alone: absolute, no children, sized in
    cells or percentages, nothing that moves it after its layout, not docked, split or given a
    margin (placed with the rest of its layer)."""
    styles = widget.styles
    return not (
        widget._nodes
        or widget.is_scrollable
        or not widget.display
        or styles.get_rule("position") != "absolute"
        or styles.overlay == "screen"
        or widget.absolute_offset is not None
        or styles.has_any_rules("constrain_x", "constrain_y")
        or styles.is_docked
        or styles.is_split
        or styles.margin
        or any(
            scalar is None or scalar.unit in (Unit.FRACTION, Unit.AUTO)
            for scalar in (styles.width, styles.height)
        )
    )


def _lays_out_plainly(screen: Screen) -> bool:
    """True when the screen places its children from its top left corner, as its vertical
    layout arranges them: no gutter, no scrolling, no alignment, nothing maximized."""
    styles = screen.styles
    return not (
        screen.layout.name != "vertical"
        or screen.maximized is not None
        or styles.gutter != NULL_SPACING
        or screen.scroll_offset != NULL_OFFSET
        or screen.show_vertical_scrollbar
        or screen.show_horizontal_scrollbar
        or (styles.align_horizontal, styles.align_vertical) != ("left", "top")
    )


def _edit_map(compositor: Compositor, widget: Widget, old, new) -> None:
    """Put `new` in place of `widget`'s `old` geometry in the map, drop what was made of the
    map, and mark the rows it left and takes dirty (as a layout marks a widget that moved)."""
    compositor._full_map[widget] = new
    compositor._layers = None
    compositor._layers_visible = None
    compositor._visible_widgets = _shown_after(compositor, widget, new)
    width = compositor.size.width
    shown = [geometry.clip.intersection(geometry.region) for geometry in (old, new)]
    if any(region and (region.x, region.width) != (0, width) for region in shown):
        compositor._cuts = None  # a full width's cuts (0 and the width) are every row's already
    if compositor.size.region not in compositor._dirty_regions:
        compositor._dirty_regions.update(region for region in shown if region)


def _shown_after(compositor: Compositor, widget: Widget, new) -> dict | None:
    """The compositor's widgets shown (`Compositor.visible_widgets`: each one's region and clip,
    in the order drawn) once `widget` is in the map at `new` (its order and clip as they were):
    those made before, `widget`'s own entry given its new region where it was and is still
    shown, or as they are where it was and is still hidden; None (made again from the map when
    asked) where it appears or goes, or none were made."""
    shown = compositor._visible_widgets
    if shown is None:
        return None
    region, clip = new.region, new.clip
    showing = compositor.size.region.overlaps(region) and clip.overlaps(region)
    if (widget in shown) != showing:
        return None
    if showing:
        shown[widget] = (region, clip)
    return shown


NO_BACKGROUND = Color(0, 0, 0, 0)
"""Where Textual's sum of the backgrounds beneath a widget starts (`DOMNode.background_colors`)."""


def render_lines_plainly(*classes: type[Widget]) -> None:
    """Have the widgets of `classes` (and of their subclasses) hand their lines to the compositor
    as they are, where Textual's styles cache would give the same lines.

    Textual renders a widget's lines through its styles cache: each time, it sums the
    backgrounds of every ancestor, walks them again for the opacity, looks the widget's region
    up twice, and makes each line anew with the widget's border, padding, outline, hatch, tint
    and opacity, then the app's line filters. A widget with none of these (no padding, no
    border but a top one, no outline, no hatch, no tint, opaque, no link to hover) gets from it
    its own lines under the top border's row, each made as wide as the widget on the inner
    background, the filters applied: that is what this makes, with what it draws them on
    worked out once until a style changes (`plain_looks`), keeping what the filters made of
    the lines it handed over lately (`_filtered_lines`: a line drawn before is not filtered
    again), the border's row left to Textual. Any other widget is rendered by Textual.
    A class that renders its lines itself is left as it is.
    """
    for cls in classes:
        if "render_lines" not in vars(cls):
            cls.render_lines = _render_lines_plainly


def _render_lines_plainly(widget: Widget, crop: Region) -> list[Strip]:
    """`Widget.render_lines`, without the styles cache for a widget whose lines are its content
    (under a top border, whose rows Textual renders)."""
    looks = plain_looks(widget)
    if looks is None or widget.BLANK or (widget.auto_links and widget.hover_style._link_id):
        return Widget.render_lines(widget, crop)
    width, height = widget.outer_size  # (its region's size in the screen's map: `content_size`)
    if crop.bottom > height:
        return Widget.render_lines(widget, crop)
    top = looks.top  # the top border's row, if any
    bordered = []
    if crop.y < top:
        rows = min(crop.bottom, top) - crop.y
        bordered = Widget.render_lines(widget, Region(crop.x, crop.y, crop.width, rows))
    filters = widget.get_line_filters()
    background = looks.background
    filtered = _filtered_lines(widget, filters, background)
    strips = []
    for y in range(max(crop.y, top), crop.bottom):
        strip = widget.render_line(y - top)
        if strip.cell_length != width:
            strip = strip.adjust_cell_length(width, looks.inner)
        if filters:
            kept = filtered.get(id(strip))
            if kept is not None:
                strip = kept[1]
            else:
                made = strip
                for line_filter in filters:  # (`Strip.apply_filter`, without its cache)
                    made = Strip(line_filter.apply(made._segments, background), made._cell_length)
                if len(filtered) >= FILTERED_KEPT:
                    filtered.clear()
                filtered[id(strip)] = (strip, made)
                strip = made
        strips.append(strip)
    if crop.column_span != (0, width):
        left, right = crop.column_span
        strips = [strip.crop(left, right) for strip in strips]
    return bordered + strips


FILTERED_KEPT = 128
"""The most lines a widget keeps with what the app's line filters made of them."""


def _filtered_lines(widget: Widget, filters: list, background: Color) -> dict:
    """What the app's line filters made of the lines the widget handed over lately, by the
    line's `id`: (the line, the line filtered), while the filters and the background stay (up
    to `FILTERED_KEPT` lines, the line itself kept with its `id`).

    Textual's `Strip.apply_filter` keeps what a filter made of a strip in a cache the strip
    makes for it, for every new strip (most of a frame's are), to be read when the same strip
    is handed over again (a text's kept line, the log's lines as it scrolls): one dict a
    widget does it."""
    kept = widget.__dict__.get("_filtered_lines")
    if kept is None or kept[0] != filters or kept[1] != background:
        kept = widget._filtered_lines = (filters, background, {})
    return kept[2]


class PlainLooks(NamedTuple):
    """What Textual's styles cache would add to a widget's lines, worked out from the styles of
    the widget and its ancestors (`plain_looks`)."""

    background: Color
    """The sum of the backgrounds beneath and of the widget (`DOMNode.background_colors`)."""
    inner: RichStyle
    """The style of the cells a line narrower than the widget is made as wide as it with."""
    top: int
    """The rows of the widget's top border (0 or 1)."""
    rich_style: RichStyle
    """The widget's `DOMNode.rich_style`."""


def plain_looks(widget: Widget) -> PlainLooks | None:
    """What Textual's styles cache adds to the lines of `widget`, where it adds nothing but a
    top border's row: None when it adds more (padding, another border, an outline, a hatch, a
    tint, a text opacity, an opacity of its own or of an ancestor's). Worked out again only when
    a style of the widget or of an ancestor has changed since: kept on the widget with what
    says so (each node's `RenderStyles._cache_key`, which Textual changes with any style), and
    kept still where only inline styles that place a widget changed (`_looks_rules`)."""
    kept = widget.__dict__.get("_plain_looks")
    # A mounted widget keeps its parent, and so its ancestors, until it is removed.
    if kept is not None and len(kept[1]) > 1 and widget._parent is kept[1][1]:
        keys, nodes, looks, placed = kept
        now = [node.styles._cache_key for node in nodes]
        if keys == now:
            return looks
        if placed == [_looks_rules(node) for node in nodes]:  # moved or resized alone
            kept[0] = now
            return looks
    nodes = widget.ancestors_with_self
    looks = _looks_now(widget, nodes)
    widget._plain_looks = [
        [node.styles._cache_key for node in nodes],
        nodes,
        looks,
        [_looks_rules(node) for node in nodes],
    ]
    return looks


PLACING_RULES = frozenset(
    ("width", "height", "min_width", "min_height", "max_width", "max_height", "offset")
)
"""Inline styles that move or size a widget and change nothing of its looks (a window placed
over the table sets its height and offset as it opens, moves and closes)."""


def _looks_rules(node) -> tuple:
    """What of `node`'s styles its looks may follow: every change of its stylesheet's styles
    and of its own whole (counted by Textual), and its inline styles but those that only
    place it (`PLACING_RULES`)."""
    styles = node.styles
    inline = styles._inline_styles._rules
    return (
        styles._updates,
        styles._base_styles._updates,
        [(rule, value) for rule, value in inline.items() if rule not in PLACING_RULES],
    )


def own_rich_style(widget: Widget) -> RichStyle:
    """`widget.rich_style` (Textual sums it from every ancestor's styles each time it is asked),
    kept between frames with its looks where Textual's styles cache adds nothing to its lines
    but a top border (`plain_looks`)."""
    looks = plain_looks(widget)
    return widget.rich_style if looks is None else looks.rich_style


def content_size(widget: Widget) -> Size:
    """`Widget.size` (the size of the widget's content) of a widget in its screen's map (one
    being rendered), without looking its region up through its screen as `Widget.size` does:
    the size Textual gave it from the map at the screen's last layout (`Widget.outer_size`,
    as `lay_out_alone` gives it too), less its gutter. Kept on the widget with that size and
    the key of its styles (`RenderStyles._cache_key`, which Textual changes with any style):
    every line a widget hands over asks for it, and Textual sums the gutter anew each time."""
    outer = widget.outer_size
    key = widget.styles._cache_key
    kept = widget.__dict__.get("_content_size")
    if kept is not None and kept[0] is outer and kept[1] == key:
        return kept[2]
    size = outer - widget.styles.gutter.totals
    widget._content_size = (outer, key, size)
    return size


def _looks_now(widget: Widget, nodes: list) -> PlainLooks | None:
    if not _lines_are_content(widget):
        return None
    base_background, background, opacity = _backgrounds(nodes)
    if opacity != 1.0:
        return None
    inner = Style(background=base_background + background).rich_style
    return PlainLooks(background, inner, widget.styles.gutter.top, widget.rich_style)


def _lines_are_content(widget: Widget) -> bool:
    """True when the styles cache adds nothing to the widget's lines but its top border's row
    (a link to hover, and `BLANK`, are asked each time): no padding, no other border, no
    outline, hatch, tint or text opacity."""
    styles = widget.styles
    _, (right, _), (bottom, _), (left, _) = styles.border
    return not (
        right
        or bottom
        or left
        or any(styles.padding)
        or any(kind for kind, _ in styles.outline)
        or (styles.has_rule("hatch") and styles.hatch != "none")
        or styles.tint.a
        or styles.text_opacity != 1.0
    )


def _backgrounds(nodes: list) -> tuple[Color, Color, float]:
    """`DOMNode.background_colors` and `Widget.opacity` in one walk of the nodes (a widget and
    its ancestors, as `ancestors_with_self` gives them)."""
    base_background = background = NO_BACKGROUND
    opacity = 1.0
    for node in reversed(nodes):
        styles = node.styles
        base_background = background
        opacity *= styles.opacity
        background += styles.background.tint(styles.background_tint).multiply_alpha(opacity)
    return base_background, background, opacity


TEXTUALS_CONTENT_OFFSET = Widget.content_offset


def offset_content_by_styles() -> None:
    """Have every widget of the process find where its content begins from its styles alone.

    Textual's `content_offset` is the top left of the widget's gutter, its padding and border
    (`styles.gutter`) plus the scrollbars' (`scrollbar_gutter`), which it works out each time
    from the scrollbars' styles and whether they show. A scrollbar's gutter is on the right and
    at the bottom only (`Spacing(0, vertical, horizontal, 0)`): it adds nothing to the top left.
    A refresh of some lines of a widget asks for it (`Widget._set_dirty`): the key bar's keys,
    the texts' and the log's lines, every table message."""
    Widget.content_offset = property(_content_offset, doc=TEXTUALS_CONTENT_OFFSET.__doc__)


def _content_offset(widget: Widget) -> Offset:
    """Textual's `Widget.content_offset`, without the scrollbars' gutter's nothing."""
    gutter = widget.styles.gutter
    return Offset(gutter.left, gutter.top)
