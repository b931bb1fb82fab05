"""Every place the app reaches below Textual's public API, each behind one name here.

There are eight here, and `tests/ui/test_textual_adapter.py` fails on a Textual that changes any:

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
8. How `App._display` writes a frame of the compositor's (`ChopsUpdate`, `LayoutUpdate`): the
   text their `render_segments` gives, plus the cursor's move added to it, to the driver's
   `write`. For an app whose driver reads the pieces themselves (`hand_pieces_to`), that text
   is a `PiecesFrame`: the strips the frame writes on each row, never encoded to text and read
   back (`ui.terminal.frame_cells`, `ui.terminal.hosted_driver`).

Three more, of the table screen's layout and lines, live in `textual_layout.py` (a widget laid
out alone: `lay_out_alone`; lines handed to the compositor without the styles cache:
`render_lines_plainly`; where a widget's content begins, from its styles alone:
`offset_content_by_styles`; tested in `tests/ui/test_textual_layout.py`), one of a widget's
size kept with its place in the map in `textual_size.py` (`keep_sizes`; tested in
`tests/ui/test_textual_size.py`), one of a widget laid
out in its parent alone in `textual_column.py` (`lay_out_in_parent`; tested in
`tests/ui/test_wish_tracks_layout.py`), and five of Textual's
messages, frames, timers, idle turns and nodes' screens in `textual_pump.py` (tested in
`tests/ui/test_textual_pump.py`), and four of objects Textual leaves in reference cycles (a
closed widget, a cleared `LRUCache`, a node's component nodes, a compositor's arrangement) in
`textual_cycles.py` (tested in `tests/ui/test_textual_cycles.py`), and one, whether a screen
was laid out since a moment (its compositor's maps made anew), in `textual_marks.py` (tested in
`tests/ui/test_textual_marks.py`).
"""

from __future__ import annotations

import contextlib
import time
import weakref
from bisect import bisect_left, bisect_right
from collections.abc import Mapping
from types import FunctionType, MappingProxyType

from rich.color import ColorSystem
from rich.console import Console
from textual._compositor import ChopsUpdate, Compositor, LayoutUpdate
from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.cache import FIFOCache
from textual.geometry import Region
from textual.message import Message
from textual.message_pump import MessagePump
from textual.strip import Strip


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

    _kept_chop_ends: tuple[list, list] | None = None
    """The cuts the pieces' ends were last made from, and those ends (`_chop_ends`)."""

    def render_partial_update(self) -> ChopsUpdate | None:
        update_regions = self._dirty_regions.copy()
        self._dirty_regions.clear()
        if not update_regions:
            return None
        crop = Region.from_union(update_regions).intersection(self.size.region)
        spans = list(self._regions_to_spans(update_regions))
        cuts = self.cuts
        wanted = _pieces_sent(cuts, spans)
        rows_wanted = sorted(wanted)
        # The pieces of the rows the frame sends; a row it does not send is never read.
        chops: list = [NO_PIECES] * len(cuts)
        for y in rows_wanted:
            chops[y] = dict.fromkeys(cuts[y][:-1])
        crop_overlaps = crop.overlaps
        # `wanted` keeps, per row, the pieces still to fill: once none is, the widgets left
        # (those beneath, down to the screen) would give nothing.
        to_fill = sum(map(len, wanted.values()))
        for widget, (region, clip) in self.visible_widgets.items():
            if not to_fill:
                break
            if not crop_overlaps(clip):
                continue
            shown = region.intersection(clip)
            left, right = shown.x, shown.right
            rows = _rows_to_fill(shown, rows_wanted, wanted)
            if not rows:
                continue
            top, bottom = rows[0], rows[-1] + 1
            strips = widget.render_lines(
                Region(left - region.x, top - region.y, shown.width, bottom - top)
            )
            for y in rows:
                if y - top < len(strips):
                    line = chops[y]
                    _fill(line, cuts[y], strips[y - top], left, right)
                    still = [x for x in wanted[y] if line[x] is None]
                    to_fill -= len(wanted[y]) - len(still)
                    wanted[y] = still
        return ChopsUpdate(chops, spans, self._chop_ends(cuts))

    def _chop_ends(self, cuts: list[list[int]]) -> list[list[int]]:
        """Where each piece of each row ends (each row's cuts but its first), made again only
        when the cuts are (Textual keeps them until the widgets' places change)."""
        kept = self._kept_chop_ends
        if kept is None or kept[0] is not cuts:
            kept = self._kept_chop_ends = (cuts, [cut_set[1:] for cut_set in cuts])
        return kept[1]


NO_PIECES: Mapping[int, Strip | None] = MappingProxyType({})
"""The pieces of a row a frame of changes does not send (`ChopsUpdate` reads its spans' rows)."""


def _pieces_sent(cuts: list[list[int]], spans: list[tuple[int, int, int]]) -> dict[int, list]:
    """Per row a change is on, the pieces of it (each from a cut to the next, named by its cut)
    the frame sends: a piece from x to `end` is sent when x <= x2 and end > x1 (ChopsUpdate).
    A row's cuts rise, so a span's pieces are those from the one holding x1 to the one holding
    x2, found by bisection (two spans on a row: their pieces together, in order)."""
    sent: dict[int, list[int]] = {}
    for y, x1, x2 in spans:
        row = cuts[y]
        first = max(0, bisect_right(row, x1) - 1)
        pieces = row[first : min(bisect_right(row, x2), len(row) - 1)]
        before = sent.get(y)
        if before is None:
            sent[y] = pieces
        elif pieces:
            sent[y] = sorted({*before, *pieces})
    return sent


def _rows_to_fill(shown: Region, rows_wanted: list[int], to_fill: dict[int, list]) -> list[int]:
    """The rows of a widget's part `shown` where a piece sent within its columns is still to
    fill (`to_fill`: per row, the pieces sent still to fill, in order; `rows_wanted`: its rows,
    in order). The widgets come front first, and the first piece of a cut wins: a widget beneath
    another (a container beneath its children, the screen beneath all) gives none."""
    left, right = shown.x, shown.right
    first = bisect_left(rows_wanted, shown.y)
    last = bisect_left(rows_wanted, shown.bottom, first)
    rows = []
    for y in rows_wanted[first:last]:
        pieces = to_fill[y]
        at = bisect_left(pieces, left)
        if at < len(pieces) and pieces[at] < right:
            rows.append(y)
    return rows


def _fill(line: dict, row_cuts: list[int], strip, left: int, right: int) -> None:
    """Give each piece of `line` between columns `left` and `right` that is still to fill its
    part of `strip` (a widget's row drawn from `left`)."""
    # (a row's cuts are in order: those from `left` to `right` are a slice of them)
    final_cuts = row_cuts[bisect_left(row_cuts, left) : bisect_right(row_cuts, right)]
    pieces = strip.divide([cut - left for cut in final_cuts[1:]])
    for cut, piece in zip(final_cuts, pieces, strict=False):
        if line.get(cut) is None:
            line[cut] = piece


# -- frames handed to the driver as the compositor's pieces ----------------------------------

_TAKE_PIECES: weakref.WeakSet[Console] = weakref.WeakSet()
"""The consoles of the apps whose driver takes a frame as its pieces (`PiecesFrame`)."""
TEXTUALS_RENDER_SEGMENTS = {
    ChopsUpdate: ChopsUpdate.render_segments,
    LayoutUpdate: LayoutUpdate.render_segments,
}
"""How Textual encodes each kind of frame of its compositor's to text."""


def hand_pieces_to(console: Console) -> None:
    """Have every frame of the compositor's (`ChopsUpdate`, `LayoutUpdate`) drawn for the app
    of `console` (its `App.console`) reach its driver's `write` as a `PiecesFrame`, not as the
    text Textual encodes it to. Patches the two classes once, for the process: for the
    consoles of other apps they encode frames as Textual does."""
    _TAKE_PIECES.add(console)
    if _handing:
        return
    for kind, rows in ((ChopsUpdate, _chops_rows), (LayoutUpdate, _layout_rows)):
        kind.render_segments = _render_segments_for(kind, rows)
    _handing.append(True)


_handing: list[bool] = []
"""Whether `hand_pieces_to` has patched Textual's frames (once)."""


def _render_segments_for(kind: type, rows) -> FunctionType:
    textuals = TEXTUALS_RENDER_SEGMENTS[kind]

    def render_segments(self, console: Console) -> str:
        if console in _TAKE_PIECES:
            return PiecesFrame(self, console, rows, textuals)
        return textuals(self, console)

    render_segments.__doc__ = textuals.__doc__
    render_segments.__qualname__ = f"{kind.__name__}.render_segments"
    return render_segments


class PiecesFrame(str):
    """A frame of the compositor's, before Textual encodes it: what `App._display` hands the
    driver's `write` for an app that takes pieces (`hand_pieces_to`). As a string it is empty,
    then the cursor's move Textual adds to it; `rows` gives its pieces row by row, `text` the
    text Textual would have written."""

    cursor: str
    """What Textual added after the frame (the cursor's move)."""

    def __new__(cls, update, console: Console, rows, textuals, cursor: str = "") -> PiecesFrame:
        frame = super().__new__(cls, "")
        frame._made = (update, console, rows, textuals)
        frame.cursor = cursor
        return frame

    def __add__(self, other: str) -> PiecesFrame:  # (`App._display` adds the cursor's move)
        return PiecesFrame(*self._made, self.cursor + other)

    def __radd__(self, other: str) -> str:  # (text before it: the frame as text after it)
        return other + self.text()

    def __reduce__(self):  # (kept or copied as what it stands for: its text)
        return str, (self.text(),)

    def rows(self) -> dict[int, list[tuple[int, tuple]]]:
        """Each row the frame writes, and what: its pieces in the order Textual writes them,
        each its column and the strips written there one after the other."""
        update, _, rows, _ = self._made
        return rows(update)

    def text(self) -> str:
        """The frame as Textual writes it: its text, then the cursor's move."""
        update, console, _, textuals = self._made
        return textuals(update, console) + self.cursor

    @property
    def colour_system(self) -> ColorSystem:
        """The colours Textual writes the frame's styles in (as `Strip.render` says them)."""
        return self._made[1]._color_system or ColorSystem.TRUECOLOR


def _chops_rows(update: ChopsUpdate) -> dict[int, list[tuple[int, tuple]]]:
    """The pieces a frame of changes writes (`ChopsUpdate.render_segments`), row by row: each
    after a move to its column."""
    rows: dict[int, list[tuple[int, tuple]]] = {}
    chops, chop_ends = update.chops, update.chop_ends
    for y, x1, x2 in update.spans:
        row = rows.setdefault(y, [])
        for end, (x, strip) in zip(chop_ends[y], chops[y].items(), strict=False):
            if strip is None or x > x2 or end <= x1:
                continue
            if not (x2 > x >= x1 and end <= x2):
                strip = strip.crop(0, min(end, x2) - x)
            row.append((x, (strip,)))
    return rows


def _layout_rows(update: LayoutUpdate) -> dict[int, list[tuple[int, tuple]]]:
    """The pieces a frame of the whole screen writes (`LayoutUpdate.render_segments`), row by
    row: a row's strips after one move."""
    x = update.region.x
    return {y: [(x, tuple(line))] for y, line in enumerate(update.strips, update.region.y)}


def render_changed_rows_only(screen) -> None:
    """Have `screen` (before it is mounted) draw its frames with a `RowCroppingCompositor`."""
    screen._compositor = RowCroppingCompositor()


TEXTUALS_DISPATCH = MessagePump._get_dispatch_methods
"""Textual's walk for the handlers of a message (kept for pumps with decorated handlers)."""
_DISPATCH: dict[tuple[type, str, type], tuple] = {}
"""Per kind of pump, handler name and kind of message: the handlers found (each its class, the
name it has there and the function; None: a decorated handler applies, Textual's walk decides
each time), `_CLASS_CHANGES` when they were found, the size of the namespace of each class
of the pump that is no message pump's (other than `object`) then, and whether the one handler is
Textual's `Widget._on_idle` (which checks the widget's refresh: an idle turn of a widget asked
for none is given no handler)."""
_PUMP_META = type(MessagePump)
"""The metaclass of Textual's message pumps: every class of one but its mixins has it."""
_CLASS_CHANGES = [0]
"""How many times a class of message pump gained, lost or replaced an attribute (a test's
monkeypatch, as a rule) since `_count_class_changes`: a handler found before may be stale."""


def cache_dispatch_lookups() -> None:
    """Have every message pump of the process find a message's handlers through
    `_cached_dispatch_methods` (the same handlers, in the same order)."""
    MessagePump._get_dispatch_methods = _cached_dispatch_methods


def _cached_dispatch_methods(pump, method_name: str, message):
    """Textual's `_get_dispatch_methods`, its walk of the pump's classes made once (and again
    when a class of the pump gains, loses or replaces an attribute: a test's monkeypatch)."""
    key = (type(pump), method_name, type(message))
    entry = _DISPATCH.get(key)
    if entry is None or not _still_found(entry):
        entry = _DISPATCH[key] = _found_now(*key)
    found = entry[0]
    if found is None:
        return TEXTUALS_DISPATCH(pump, method_name, message)
    if entry[3] and not _refresh_asked(pump):
        return ()  # Textual's Widget._on_idle would find nothing to do
    return _bound_handlers(pump, found, message)


def _refresh_asked(widget) -> bool:
    """Whether `Widget._check_refresh` has anything to do for `widget`."""
    return (
        widget._repaint_required
        or widget._layout_required
        or widget._scroll_required
        or widget._refresh_styles_required
    )


def _bound_handlers(pump, found: tuple, message):
    for cls, _name, method in found:
        if message._no_default_action:  # a handler prevented the default: no more of them
            break
        yield cls, method.__get__(pump, cls)


def _still_found(entry: tuple) -> bool:
    _found, changes, mixins, _idle_check = entry
    return changes == _CLASS_CHANGES[0] and (
        not mixins or all(len(vars(cls)) == n for cls, n in mixins)
    )


def _found_now(pump_type: type, method_name: str, message_type: type) -> tuple:
    """A `_DISPATCH` entry: the handlers Textual's walk yields now, and what tells them stale."""
    _count_class_changes()
    found, _sizes = _find_handlers(pump_type, method_name, message_type)
    mixins = tuple(
        (cls, len(vars(cls)))
        for cls in pump_type.__mro__
        if cls is not object and not isinstance(cls, _PUMP_META)
    )
    from textual.widget import Widget

    only_idle_check = method_name == "on_idle" and found == (
        (Widget, "_on_idle", Widget.__dict__["_on_idle"]),
    )
    return found, _CLASS_CHANGES[0], mixins, only_idle_check


def _count_class_changes() -> None:
    """Have every setting or deletion of an attribute of a message pump's class counted in
    `_CLASS_CHANGES` (once for the process)."""
    if "__setattr__" in vars(_PUMP_META):
        return

    def __setattr__(cls, name, value) -> None:  # noqa: N807 (the metaclass's own)
        _CLASS_CHANGES[0] += 1
        type.__setattr__(cls, name, value)

    def __delattr__(cls, name) -> None:  # noqa: N807
        _CLASS_CHANGES[0] += 1
        type.__delattr__(cls, name)

    _PUMP_META.__setattr__ = __setattr__
    _PUMP_META.__delattr__ = __delattr__


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
