"""Every place the app reaches below Textual's public API, each behind one name here.

There are nine, and `tests/ui/test_textual_adapter.py` fails on a Textual that changes any:

1. Textual's parser of terminal input (`textual._xterm_parser.XTermParser`, whose end of input
   may raise `textual._parser.ParseError`): the drivers feed it and wait for its deadline (a lone
   Esc becomes a key once it passes: `_timeout_time`, on Textual's clock, `time.monotonic` on
   POSIX); the hosted driver's parser keeps no key in Textual's cache of parsed key sequences
   (`_parse_extended_key`, an `lru_cache` shared by the process).
2. A stylesheet's cache of parsed CSS (`Stylesheet._parse_cache`, whose entries depend on its
   `_variables`), shared by the apps of one process (`ui.parsed_css`).
3. The toast rack's holders (`textual.widgets._toast.ToastHolder`), which Textual leaves behind
   empty when it clears a toast (`ui.screens.table_toasts`).
4. A screen's compositor (`Screen._compositor`, a `textual._compositor.Compositor`), whose
   frame of changes renders every widget whose viewport meets the bounding box of the changes,
   each over its whole visible region: `RowCroppingCompositor` renders each widget over the rows
   of it the frame sends and only when it has some (`ui.screens.table_screen`).
5. A message pump's walk through its classes for a message's handlers
   (`MessagePump._get_dispatch_methods`), made for every message and idle turn: made once per
   kind of pump, handler and message (`cache_dispatch_lookups`).
6. A strip's caches of what it made of itself (`Strip._crop_extend_cache`, `_divide_cache`):
   Textual keeps the strip itself there when a call leaves it as it is, a reference cycle, so
   that every such strip (with its seven caches and its segments) outlives its last use until
   the cyclic collector finds it (`keep_strips_out_of_cycles`).
7. A strip's seven caches, slots that `Strip.__init__` fills with a new `FIFOCache` each, all
   seven for every strip though most strips never use one (`make_strip_caches_lazily`).
8. A widget's request for a layout (`Widget._check_refresh`, `_layout_required`) and its
   screen's compositor map (`Compositor._full_map` and the caches made from it): a widget placed
   on a layer of its own over the screen (the choice panel) that moves or changes its height
   has its own place in the map made again alone, as Textual's layout of the whole screen would
   make it (`lay_out_alone`).
9. The work of a widget's styles cache (`textual._styles_cache.StylesCache.render_widget`,
   which `Widget.render_lines` asks): a widget whose lines are its content alone hands them to
   the compositor without it, as that cache would give them (`render_lines_plainly`).
"""

from __future__ import annotations

import contextlib
import time
from types import FunctionType, MethodType
from typing import TypeVar

from textual import events
from textual._compositor import ChopsUpdate, Compositor
from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.cache import FIFOCache
from textual.color import Color
from textual.css.scalar import Unit
from textual.geometry import NULL_OFFSET, NULL_SPACING, Region
from textual.layout import WidgetPlacement
from textual.message import Message
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.strip import Strip
from textual.style import Style
from textual.widget import Widget


class KeyParser(XTermParser):
    """Textual's parser of the terminal's input, its deadline said in seconds from now."""

    def seconds_to_deadline(self) -> float | None:
        """Seconds until a lone Esc waiting to be a key is one (None: nothing waits)."""
        deadline = self._timeout_time
        return None if deadline is None else max(0.0, deadline - time.monotonic())

    def end_of_input(self) -> None:
        """The input ended: what the parser holds is dropped."""
        with contextlib.suppress(EOFError, ParseError):
            for _ in self.feed(""):
                pass


class UncachedKeyParser(KeyParser):
    """A `KeyParser` keeping no key of its app in the cache Textual shares across the process:
    the cache is keyed by the parser, and an app that has ended would stay alive in it, with
    all it holds, until a thousand later entries pushed it out."""

    # Replaces Textual's private method on purpose: the same function without its lru_cache
    # (tests/ui/test_textual_adapter.py fails on a Textual that changes it).
    _parse_extended_key = XTermParser._parse_extended_key.__wrapped__


def stylesheet_variables(stylesheet) -> dict:
    """The CSS variables a stylesheet parses with (Textual sets a new dict, never edits one)."""
    return stylesheet._variables


def give_parse_cache(stylesheet, cache) -> None:
    """Have `stylesheet` keep its parsed rules in `cache` (get, set and clear by Textual's key)."""
    stylesheet._parse_cache = cache


def sweep_empty_toast_holders(screen) -> None:
    """Remove the holders of toasts already gone from `screen`'s toast rack."""
    from textual.widgets._toast import ToastHolder

    for holder in screen.query(ToastHolder):
        if not holder.children:
            holder.remove()


class RowCroppingCompositor(Compositor):
    """Textual's compositor, whose frame of changes renders only what it sends.

    Textual renders, for a frame of changes, every widget whose viewport meets the bounding box
    of the changes, each over its whole visible region, and then keeps the rows the changes are
    on: at a table, a change of the tracks at the top and one of the log at the bottom rendered
    every container, the map, the Offer and the hand, whole. This one renders a widget only
    when some part of it lies on a changed row within a change's columns, and over those of its
    rows alone (first to last). What it sends is Textual's, cell for cell: a part of the screen
    left out is one that Textual rendered and then did not send, or whose pieces a widget in
    front of it had already given (a container beneath its children, the screen beneath all).
    """

    def render_partial_update(self) -> ChopsUpdate | None:
        update_regions = self._dirty_regions.copy()
        self._dirty_regions.clear()
        if not update_regions:
            return None
        crop = Region.from_union(update_regions).intersection(self.size.region)
        spans = list(self._regions_to_spans(update_regions))
        cuts = self.cuts
        wanted = _pieces_sent(cuts, spans)
        chops: list[dict] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
        crop_overlaps = crop.overlaps
        for widget, (region, clip) in self.visible_widgets.items():
            if not crop_overlaps(clip):
                continue
            shown = region.intersection(clip)
            left, right = shown.x, shown.right
            rows = _rows_to_fill(shown, wanted, chops)
            if not rows:
                continue
            top, bottom = rows[0], rows[-1] + 1
            strips = widget.render_lines(
                Region(left - region.x, top - region.y, shown.width, bottom - top)
            )
            for y, strip in zip(range(top, bottom), strips, strict=False):
                if y in wanted:
                    _fill(chops[y], cuts[y], strip, left, right)
        return ChopsUpdate(chops, spans, [cut_set[1:] for cut_set in cuts])


def _pieces_sent(cuts: list[list[int]], spans: list[tuple[int, int, int]]) -> dict[int, list]:
    """Per row a change is on, the pieces of it (each from a cut to the next, named by its cut)
    the frame sends: a piece from x to `end` is sent when x <= x2 and end > x1 (ChopsUpdate)."""
    sent: dict[int, list[tuple[int, int]]] = {}
    for y, x1, x2 in spans:
        sent.setdefault(y, []).append((x1, x2))
    return {
        y: [
            x
            for x, end in zip(cuts[y], cuts[y][1:], strict=False)
            if any(x <= x2 and end > x1 for x1, x2 in row_spans)
        ]
        for y, row_spans in sent.items()
    }


def _rows_to_fill(shown: Region, wanted: dict[int, list], chops: list[dict]) -> list[int]:
    """The rows of a widget's part `shown` where a piece sent within its columns is still to
    fill. The widgets come front first, and the first piece of a cut wins: a widget beneath
    another (a container beneath its children, the screen beneath all) gives none."""
    left, right = shown.x, shown.right
    return [
        y
        for y in shown.line_range
        if y in wanted and any(left <= x < right and chops[y][x] is None for x in wanted[y])
    ]


def _fill(line: dict, row_cuts: list[int], strip, left: int, right: int) -> None:
    """Give each piece of `line` between columns `left` and `right` that is still to fill its
    part of `strip` (a widget's row drawn from `left`)."""
    final_cuts = [cut for cut in row_cuts if right >= cut >= left]
    pieces = strip.divide([cut - left for cut in final_cuts[1:]])
    for cut, piece in zip(final_cuts, pieces, strict=False):
        if line.get(cut) is None:
            line[cut] = piece


def render_changed_rows_only(screen) -> None:
    """Have `screen` (before it is mounted) draw its frames with a `RowCroppingCompositor`."""
    screen._compositor = RowCroppingCompositor()


TEXTUALS_DISPATCH = MessagePump._get_dispatch_methods
"""Textual's walk for the handlers of a message (kept for pumps with decorated handlers)."""
_DISPATCH: dict[tuple[type, str, type], tuple] = {}
"""Per kind of pump, handler name and kind of message: the handlers found (each its class, the
name it has there and the function; None: a decorated handler applies, Textual's walk decides
each time) and the size of each class's namespace when they were found."""


def cache_dispatch_lookups() -> None:
    """Have every message pump of the process find a message's handlers through
    `_cached_dispatch_methods` (the same handlers, in the same order)."""
    MessagePump._get_dispatch_methods = _cached_dispatch_methods


def _cached_dispatch_methods(pump, method_name: str, message):
    """Textual's `_get_dispatch_methods`, its walk of the pump's classes made once (and again
    when a class of the pump gains, loses or replaces an attribute: a test's monkeypatch)."""
    key = (type(pump), method_name, type(message))
    entry = _DISPATCH.get(key)
    if entry is None or not _still_found(entry, key[0]):
        entry = _DISPATCH[key] = _find_handlers(*key)
    found = entry[0]
    if found is None:
        return TEXTUALS_DISPATCH(pump, method_name, message)
    return _bound_handlers(pump, found, message)


def _bound_handlers(pump, found: tuple, message):
    for cls, _name, method in found:
        if message._no_default_action:  # a handler prevented the default: no more of them
            break
        yield cls, method.__get__(pump, cls)


def _still_found(entry: tuple, pump_type: type) -> bool:
    found, sizes = entry
    return tuple(map(len, map(vars, pump_type.__mro__))) == sizes and (
        found is None or all(cls.__dict__.get(name) is method for cls, name, method in found)
    )


def _find_handlers(pump_type: type, method_name: str, message_type: type) -> tuple:
    """The handlers Textual's walk yields, as `_DISPATCH` keeps them."""
    sizes = tuple(map(len, map(vars, pump_type.__mro__)))
    message_mro = [kind for kind in message_type.__mro__ if issubclass(kind, Message)]
    found = []
    for cls in pump_type.__mro__:
        decorated = cls.__dict__.get("_decorated_handlers")
        if decorated and any(decorated.get(kind) for kind in message_mro):
            return None, sizes
        for name in (f"_{method_name}", method_name):
            method = cls.__dict__.get(name)
            if method:
                # A function decorated with `on` (Textual marks it) is a decorated handler.
                if not (isinstance(method, FunctionType) and vars(method).get("_textual_on")):
                    found.append((cls, name, method))
                break
    return tuple(found), sizes


_patched: list[type] = []
"""The classes `keep_strips_out_of_cycles` has patched (Textual's `Strip`, once)."""


def keep_strips_out_of_cycles() -> None:
    """Have a strip that a call leaves as it is answer itself without caching itself.

    Textual's `Strip.crop_extend` over the whole of it and `divide` at its end keep the strip
    in its own cache, so it refers to itself: it is freed only by a
    collection of the generation it has reached, and in a host of many apps most strips of a
    frame live long enough to reach the oldest, whose collections walk every object of every
    app. The answers are the same (the strip itself; `divide` gives a new list
    holding it each time). Patches the class once, for the process.
    """
    if _patched:
        return
    crop_extend = Strip.crop_extend
    divide = Strip.divide

    def crop_extend_acyclic(self, start, end, style):
        if start <= 0 and end == self.cell_length:
            return self
        return crop_extend(self, start, end, style)

    def divide_acyclic(self, cuts):
        cell_length = self.cell_length
        cuts = [cut for cut in cuts if cut <= cell_length]
        if cuts == [cell_length]:
            return [self]
        return divide(self, cuts)

    for name, method, original in (
        ("crop_extend", crop_extend_acyclic, crop_extend),
        ("divide", divide_acyclic, divide),
    ):
        method.__name__ = method.__qualname__ = name
        method.__doc__ = original.__doc__
        setattr(Strip, name, method)
    _patched.append(Strip)


STRIP_CACHES = (
    "_divide_cache",
    "_crop_cache",
    "_style_cache",
    "_filter_cache",
    "_line_length_cache",
    "_crop_extend_cache",
    "_offsets_cache",
)
"""The slots of Textual's `Strip` holding a cache each."""
STRIP_SLOTS = (
    "_segments",
    "_cell_length",
    *STRIP_CACHES,
    "_render_cache",
    "_link_ids",
    "_cell_count",
)
"""Every slot of Textual's `Strip` (`make_strip_caches_lazily` sets the others in `__init__`)."""


def _lazy_cache(slot, size: int) -> property:
    """A property over the strip's `slot` that puts a `FIFOCache(size)` there on first use."""

    def cache(strip: Strip) -> FIFOCache:
        try:
            return slot.__get__(strip, Strip)
        except AttributeError:
            made = FIFOCache(size)
            slot.__set__(strip, made)
            return made

    return property(cache, slot.__set__, doc=f"The strip's {size}-entry cache, made on first use.")


def make_strip_caches_lazily() -> None:
    """Have a strip make each of its caches when it first uses it, not all seven as it is made.

    Of the strips two apps at a table make (`benchmarks/table_apps.py`), 94% of the caches
    were never written: seven tracked objects a strip that every young collection walks and,
    in a host of many apps, most of them promoted to the oldest generation with the strip,
    whose full collections walk every object of every app. The caches are made as Textual
    makes them (each the size Textual gives it) when first read. Patches the class once, and
    not at all where Textual's `Strip` has other slots than `STRIP_SLOTS`.
    """
    if Strip in _lazy or sorted(Strip.__slots__) != sorted(STRIP_SLOTS):
        return
    made = Strip([], 0)
    sizes = {name: Strip.__dict__[name].__get__(made, Strip)._maxsize for name in STRIP_CACHES}
    for name, size in sizes.items():
        setattr(Strip, name, _lazy_cache(Strip.__dict__[name], size))

    def init_without_caches(self, segments, cell_length=None):
        self._segments = list(segments)
        self._cell_length = cell_length
        self._render_cache = None
        self._link_ids = None
        self._cell_count = None

    init_without_caches.__name__ = "__init__"
    init_without_caches.__qualname__ = "Strip.__init__"
    init_without_caches.__doc__ = Strip.__init__.__doc__
    Strip.__init__ = init_without_caches
    _lazy.append(Strip)


_lazy: list[type] = []
"""The classes `make_strip_caches_lazily` has patched (Textual's `Strip`, once)."""


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
    widget._check_refresh = MethodType(_check_refresh_alone, widget)
    return widget


def _check_refresh_alone(widget: Widget) -> None:
    """Textual's `_check_refresh`, a layout of the widget alone made first where it can be."""
    if widget._layout_required and _placed_alone(widget):
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
    placement = _placement_alone(screen, widget, compositor.size)
    if placement is None or placement.order != old.order[-1][1]:
        return False
    region = placement.region + placement.offset
    new = old._replace(
        region=region,
        virtual_size=region.size,
        container_size=region.shrink(widget.styles.gutter).size,
        virtual_region=placement.region,
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
        widget.post_message(events.Resize(new.region.size, new.virtual_size, new.container_size))
    screen.screen_layout_refresh_signal.publish(screen)
    return True


def _placement_alone(screen: Screen, widget: Widget, size) -> WidgetPlacement | None:
    """The placement the screen's layout gives `widget` (Textual's, `apply_absolute` and
    `process_offset` made), or None where it may depend on more than the widget itself."""
    if not (_placed_by_itself(widget) and _lays_out_plainly(screen)):
        return None
    layer = widget.layer
    for child in screen._nodes:
        if child.display and child.layer == layer:
            child_styles = child.styles
            if child_styles.is_docked or child_styles.is_split or child_styles.margin:
                return None
    placements = screen.process_layout(screen.layout.arrange(screen, [widget], size))
    WidgetPlacement.apply_absolute(placements)
    if len(placements) != 1 or placements[0].widget is not widget:
        return None
    return placements[0].process_offset(size.region, NULL_OFFSET)


def _placed_by_itself(widget: Widget) -> bool:
    """True when `widget` is placed by its own styles alone: absolute, no children, sized in
    cells or percentages, nothing that moves it after its layout."""
    styles = widget.styles
    return not (
        widget._nodes
        or widget.is_scrollable
        or not widget.display
        or styles.get_rule("position") != "absolute"
        or styles.overlay == "screen"
        or widget.absolute_offset is not None
        or styles.has_any_rules("constrain_x", "constrain_y")
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
    compositor._visible_widgets = None
    width = compositor.size.width
    shown = [geometry.clip.intersection(geometry.region) for geometry in (old, new)]
    if any(region and (region.x, region.width) != (0, width) for region in shown):
        compositor._cuts = None  # a full width's cuts (0 and the width) are every row's already
    if compositor.size.region not in compositor._dirty_regions:
        compositor._dirty_regions.update(region for region in shown if region)


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
    background, the filters applied: that is what this makes, in one walk of the ancestors,
    keeping what a filter made of a line in the widget's own strip (a line drawn before is not
    filtered again), the border's row left to Textual. Any other widget is rendered by Textual.
    A class that renders its lines itself is left as it is.
    """
    for cls in classes:
        if "render_lines" not in vars(cls):
            cls.render_lines = _render_lines_plainly


def _render_lines_plainly(widget: Widget, crop: Region) -> list[Strip]:
    """`Widget.render_lines`, without the styles cache for a widget whose lines are its content
    (under a top border, whose rows Textual renders)."""
    if not _lines_are_content(widget):
        return Widget.render_lines(widget, crop)
    base_background, background, opacity = _backgrounds(widget)
    width, height = widget.region.size
    if opacity != 1.0 or crop.bottom > height:
        return Widget.render_lines(widget, crop)
    top = widget.styles.gutter.top  # the top border's row, if any
    bordered = []
    if crop.y < top:
        rows = min(crop.bottom, top) - crop.y
        bordered = Widget.render_lines(widget, Region(crop.x, crop.y, crop.width, rows))
    filters = widget.get_line_filters()
    inner = None
    strips = []
    for y in range(max(crop.y, top), crop.bottom):
        strip = widget.render_line(y - top)
        if strip.cell_length != width:
            if inner is None:
                inner = Style(background=base_background + background).rich_style
            strip = strip.adjust_cell_length(width, inner)
        for line_filter in filters:
            strip = strip.apply_filter(line_filter, background)
        strips.append(strip)
    if crop.column_span != (0, width):
        left, right = crop.column_span
        strips = [strip.crop(left, right) for strip in strips]
    return bordered + strips


def _lines_are_content(widget: Widget) -> bool:
    """True when the styles cache adds nothing to the widget's lines but its top border's row:
    no padding, no other border, no outline, hatch, tint or text opacity, no link to hover."""
    styles = widget.styles
    _, (right, _), (bottom, _), (left, _) = styles.border
    return not (
        widget.BLANK
        or right
        or bottom
        or left
        or any(styles.padding)
        or any(kind for kind, _ in styles.outline)
        or (styles.has_rule("hatch") and styles.hatch != "none")
        or styles.tint.a
        or styles.text_opacity != 1.0
        or (widget.auto_links and widget.hover_style._link_id)
    )


def _backgrounds(widget: Widget) -> tuple[Color, Color, float]:
    """`DOMNode.background_colors` and `Widget.opacity` in one walk of the ancestors."""
    base_background = background = NO_BACKGROUND
    opacity = 1.0
    for node in reversed(widget.ancestors_with_self):
        styles = node.styles
        base_background = background
        opacity *= styles.opacity
        background += styles.background.tint(styles.background_tint).multiply_alpha(opacity)
    return base_background, background, opacity
