"""Every place the app reaches below Textual's public API, each behind one name here.

There are six, and `tests/ui/test_textual_adapter.py` fails on a Textual that changes any:

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
5. A strip's caches of what it made of itself (`Strip._crop_extend_cache`, `_divide_cache`):
   Textual keeps the strip itself there when a call leaves it as it is, a reference cycle, so that every such strip (with its seven caches and its segments) outlives
   its last use until the cyclic collector finds it (`keep_strips_out_of_cycles`).
6. A strip's seven caches, slots that `Strip.__init__` fills with a new `FIFOCache` each, all
   seven for every strip though most strips never use one (`make_strip_caches_lazily`).
"""

from __future__ import annotations

import contextlib
import time

from textual._compositor import ChopsUpdate, Compositor
from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.cache import FIFOCache
from textual.geometry import Region
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
    left out is one that Textual rendered and then did not send.
    """

    def render_partial_update(self) -> ChopsUpdate | None:
        update_regions = self._dirty_regions.copy()
        self._dirty_regions.clear()
        if not update_regions:
            return None
        crop = Region.from_union(update_regions).intersection(self.size.region)
        spans = list(self._regions_to_spans(update_regions))
        sent: dict[int, list[tuple[int, int]]] = {}
        for y, x1, x2 in spans:
            sent.setdefault(y, []).append((x1, x2))
        cuts = self.cuts
        chops: list[dict] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
        crop_overlaps = crop.overlaps
        for widget, (region, clip) in self.visible_widgets.items():
            if not crop_overlaps(clip):
                continue
            shown = region.intersection(clip)
            left, right = shown.x, shown.right
            # A piece of a row from x to `end` is sent when x <= x2 and end > x1 (ChopsUpdate).
            rows = [
                y
                for y in shown.line_range
                if any(x1 < right and left <= x2 for x1, x2 in sent.get(y, ()))
            ]
            if not rows:
                continue
            top, bottom = rows[0], rows[-1] + 1
            strips = widget.render_lines(
                Region(left - region.x, top - region.y, shown.width, bottom - top)
            )
            for y, strip in zip(range(top, bottom), strips, strict=False):
                if y not in sent:
                    continue
                line = chops[y]
                final_cuts = [cut for cut in cuts[y] if right >= cut >= left]
                pieces = strip.divide([cut - left for cut in final_cuts[1:]])
                for cut, piece in zip(final_cuts, pieces, strict=False):
                    if line.get(cut) is None:
                        line[cut] = piece
        return ChopsUpdate(chops, spans, [cut_set[1:] for cut_set in cuts])


def render_changed_rows_only(screen) -> None:
    """Have `screen` (before it is mounted) draw its frames with a `RowCroppingCompositor`."""
    screen._compositor = RowCroppingCompositor()


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
