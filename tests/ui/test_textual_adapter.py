"""What `ui/terminal/textual_adapter.py` takes from below Textual's public API is there and still
does what the app relies on: this fails on a Textual release that changes any of it."""

from __future__ import annotations

import sys
import time

import pytest
from textual.strip import Strip

from wish_tui.ui.terminal import textual_adapter
from wish_tui.ui.terminal.textual_adapter import KeyParser, UncachedKeyParser


def test_a_lone_esc_waits_for_the_parsers_deadline_on_the_monotonic_clock():
    parser = KeyParser(False)
    assert parser.seconds_to_deadline() is None
    assert list(parser.feed("\x1b")) == []  # a lone Esc: the start of a sequence, or a key
    left = parser.seconds_to_deadline()
    assert left is not None and 0.0 < left <= 1.0
    time.sleep(left + 0.01)
    assert [event.key for event in parser.tick()] == ["escape"]
    parser.end_of_input()


@pytest.mark.skipif(sys.platform == "win32", reason="Textual's clock is monotonic on POSIX")
def test_the_parsers_clock_is_the_monotonic_clock():
    from textual import _time

    assert _time.get_time is time.monotonic


def test_the_uncached_parser_reads_keys_without_textuals_cache():
    import functools

    cached = KeyParser._parse_extended_key
    assert isinstance(cached, functools._lru_cache_wrapper)
    assert not hasattr(UncachedKeyParser._parse_extended_key, "cache_info")
    keys = [event.key for event in UncachedKeyParser(False).feed("\x1b[97;5u")]
    assert keys == [event.key for event in KeyParser(False).feed("\x1b[97;5u")] == ["ctrl+a"]


def test_a_stylesheet_keeps_its_parsed_rules_where_it_is_given():
    from textual.css.stylesheet import Stylesheet

    stylesheet = Stylesheet()
    assert isinstance(textual_adapter.stylesheet_variables(stylesheet), dict)
    kept: dict = {}

    class Cache(dict):
        def __setitem__(self, key, rules):
            kept[key] = rules
            super().__setitem__(key, rules)

    textual_adapter.give_parse_cache(stylesheet, Cache())
    stylesheet.add_source("Screen { color: red; }", read_from=("test", ""))
    stylesheet.parse()
    assert kept, "the stylesheet parsed without asking the cache it was given"


async def test_the_empty_toast_holders_are_swept():
    from textual.app import App
    from textual.widgets._toast import ToastHolder

    app = App()
    async with app.run_test(notifications=True) as pilot:
        app.notify("one")
        await pilot.pause()
        assert [len(holder.children) for holder in app.screen.query(ToastHolder)] == [1]
        app.clear_notifications()
        await pilot.pause()
        holders = list(app.screen.query(ToastHolder))
        assert holders and not any(holder.children for holder in holders)
        textual_adapter.sweep_empty_toast_holders(app.screen)
        await pilot.pause()
        assert list(app.screen.query(ToastHolder)) == []


TEXTUAL_PRIVATE_NAMES = {
    "_timeout_time",
    "_parse_extended_key",
    "_parse_cache",
    "_variables",
    "_app",
    "_debug",
    "_mouse",
    "_driver",
    "_compositor",
    "_scroll_to",
    "_handle_exception",
    "_fatal_error",
    "_close_messages_no_wait",
}
"""Private names of Textual's objects the app used once, or might be tempted to."""


def test_nothing_else_reaches_below_textuals_public_api():
    """The adapter is the one module that imports a private module of Textual's or reads a
    private name of its objects."""
    import ast
    from pathlib import Path

    import wish_tui

    found = []
    for path in Path(wish_tui.__file__).parent.rglob("*.py"):
        if path.name in (
            "textual_adapter.py",
            "textual_pump.py",
            "textual_layout.py",
            "textual_cycles.py",
            "textual_marks.py",
            "textual_column.py",
            "textual_size.py",
        ):
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom):
                modules = [node.module or ""]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            else:
                modules = []
            for module in modules:
                parts = module.split(".")
                if parts[0] == "textual" and any(part.startswith("_") for part in parts):
                    found.append(f"{path.name}:{node.lineno} imports {module}")
            if isinstance(node, ast.Attribute) and node.attr in TEXTUAL_PRIVATE_NAMES:
                found.append(f"{path.name}:{node.lineno} reads .{node.attr}")
    assert found == []


async def test_the_row_cropping_compositor_sends_what_textuals_sends():
    """Over a screen of containers (one showing between its children), texts side by side, a
    bordered text and an overlay, for changes of one or a few regions (rows far apart, runs
    touching a widget's edge), the frame of the compositor that renders only the rows it sends
    is Textual's, byte for byte."""
    import random

    from textual.app import App
    from textual.containers import Horizontal, Vertical
    from textual.geometry import Region
    from textual.widgets import Static

    class Screened(App):
        CSS = """
        Screen { layers: base overlay; }
        #top { height: 6; padding: 0 1; } #left { width: 20; border: solid red; }
        #right { width: 1fr; }
        #panel { layer: overlay; position: absolute; offset: 4 8; width: 30; height: 4;
                 background: blue; }
        #log { height: 1fr; }
        """

        def compose(self):
            with Vertical():
                with Horizontal(id="top"):
                    yield Static("left\n" * 4, id="left")
                    yield Static("right side " * 30, id="right")
                yield Static("\n".join(f"line {i} " * 5 for i in range(12)), id="log")
            yield Static("the panel\nover the log", id="panel")

    app = Screened()
    async with app.run_test(size=(60, 20)):
        textuals = app.screen._compositor
        cropping = textual_adapter.RowCroppingCompositor.__new__(
            textual_adapter.RowCroppingCompositor
        )
        cropping.__dict__.update(textuals.__dict__)
        cropping._dirty_regions = set()
        rng = random.Random(7)
        screen = Region(0, 0, 60, 20)  # Textual's changes are cut to the screen
        for _ in range(200):
            regions = [
                Region(
                    rng.randrange(60), rng.randrange(20), rng.randint(1, 30), rng.randint(1, 3)
                ).intersection(screen)
                for _ in range(rng.randint(1, 3))
            ]
            textuals._dirty_regions.update(regions)
            cropping._dirty_regions.update(regions)
            expected = textuals.render_partial_update().render_segments(app.console)
            assert cropping.render_partial_update().render_segments(app.console) == expected


def test_the_pieces_a_frame_sends_and_the_rows_a_widget_fills_are_as_defined():
    """The row-cropping compositor's pieces sent per row (a piece from x to `end` when x <= x2
    and end > x1 for a span of its row, as ChopsUpdate sends it) and a widget's rows with a
    piece still to fill within its columns, found by bisection, are those the definitions
    give, rows in the same order, over rows of random cuts and spans."""
    import random
    from bisect import bisect_left

    from textual.geometry import Region

    def pieces_defined(cuts, spans):
        sent = {}
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

    def rows_defined(shown, rows_wanted, to_fill):
        first = bisect_left(rows_wanted, shown.y)
        last = bisect_left(rows_wanted, shown.bottom, first)
        return [
            y
            for y in rows_wanted[first:last]
            if any(shown.x <= x < shown.right for x in to_fill[y])
        ]

    rng = random.Random(38)
    for _ in range(3000):
        width, height = rng.randint(1, 30), rng.randint(1, 8)
        cuts = [
            sorted({0, width, *rng.sample(range(1, width + 1), rng.randint(0, min(width, 6)))})
            for _ in range(height)
        ]
        spans = []
        for _ in range(rng.randint(0, 5)):
            y, x1 = rng.randrange(height), rng.randrange(width)
            spans.append((y, x1, rng.randint(x1, width - 1)))
        sent = textual_adapter._pieces_sent(cuts, spans)
        assert sent == pieces_defined(cuts, spans)
        assert list(sent) == list(pieces_defined(cuts, spans))
        shown = Region(
            rng.randrange(width), rng.randrange(height), rng.randint(0, width), rng.randint(0, 8)
        )
        rows = sorted(sent)
        assert textual_adapter._rows_to_fill(shown, rows, sent) == rows_defined(shown, rows, sent)


async def test_the_row_cropping_compositor_renders_no_widget_hidden_behind_the_change():
    """A change inside one text renders that text alone: the containers beneath it and the
    screen beneath all give no piece of what is sent (the first piece of a cut wins)."""
    from textual.app import App
    from textual.containers import Horizontal, Vertical
    from textual.geometry import Region
    from textual.widgets import Static

    class Screened(App):
        CSS = "#top { height: 6; } #left { width: 20; } #log { height: 1fr; }"

        def compose(self):
            with Vertical():
                with Horizontal(id="top"):
                    yield Static("left\n" * 4, id="left")
                    yield Static("right side " * 30, id="right")
                yield Static("\n".join(f"line {i} " * 5 for i in range(12)), id="log")

    app = Screened()
    async with app.run_test(size=(60, 20)):
        textuals = app.screen._compositor
        cropping = textual_adapter.RowCroppingCompositor.__new__(
            textual_adapter.RowCroppingCompositor
        )
        cropping.__dict__.update(textuals.__dict__)
        cropping._dirty_regions = set()
        rendered: list[str] = []
        for widget in cropping.visible_widgets:

            def render_lines(crop, widget=widget, render=widget.render_lines):
                rendered.append(widget.id or type(widget).__name__)
                return render(crop)

            widget.render_lines = render_lines
        for region, expected in (
            (Region(3, 8, 20, 2), ["log"]),  # rows of the log
            (Region(0, 1, 60, 1), ["right", "left"]),  # a row across the top's two texts
        ):
            rendered.clear()
            cropping._dirty_regions.add(region)
            cropping.render_partial_update()
            assert rendered == expected


def test_the_cached_dispatch_finds_the_handlers_textuals_walk_finds():
    """For the app's own screens and widgets and Textual's, and messages with and without
    handlers (a decorated one among them), the handlers are Textual's, in Textual's order."""
    from textual import events, messages, on
    from textual.message_pump import MessagePump
    from textual.widget import Widget
    from textual.widgets import Static

    from wish_tui.widgets.choice_panel import ChoicePanel
    from wish_tui.widgets.game_log import GameLog
    from wish_tui.wish.ui.game_screen import GameScreen

    class Decorated(Static):
        @on(events.Click)
        def clicked(self) -> None:
            pass

        def on_idle(self) -> None:
            pass

    textuals = textual_adapter.TEXTUALS_DISPATCH
    cached = textual_adapter._cached_dispatch_methods
    assert MessagePump._get_dispatch_methods in (textuals, cached)
    kinds = (GameScreen, GameLog, ChoicePanel, Static, Widget, Decorated)
    for kind in kinds:
        pump = kind.__new__(kind)
        pump._repaint_required = True  # asked for a refresh: its idle turns have handlers
        for message in (
            events.Idle(),
            events.Mount(),
            events.Click(None, 0, 0, 0, 0, 1, False, False, False),
            events.Callback(callback=None),
            messages.Update(Widget()),
            ChoicePanel.Chosen(1),
        ):
            for _ in range(2):  # found, then kept
                name = "on_idle" if isinstance(message, events.Idle) else message.handler_name
                mine = [(cls, m.__func__) for cls, m in cached(pump, name, message)]
                theirs = [(cls, m.__func__) for cls, m in textuals(pump, name, message)]
                assert mine == theirs, (kind, type(message))


def test_the_cached_dispatch_stops_where_a_handler_prevents_the_default_and_sees_new_handlers():
    from textual import events
    from textual.widget import Widget

    class Base(Widget):
        def on_idle(self, event) -> None:
            event.prevent_default()

    class Child(Base):
        pass

    def handlers(pump) -> list:
        return list(textual_adapter._cached_dispatch_methods(pump, "on_idle", events.Idle()))

    pump = Child.__new__(Child)
    event = events.Idle()
    found = textual_adapter._cached_dispatch_methods(pump, "on_idle", event)
    cls, handler = next(found)
    assert cls is Base
    handler(event)
    assert list(found) == []  # Widget's own on_idle is not called once the default is prevented
    assert [cls for cls, _ in handlers(pump)] == [Base, Widget]

    def on_idle(self, event) -> None:
        pass

    Child.on_idle = on_idle  # a handler added after the first dispatch (as a test patches one)
    assert [cls for cls, _ in handlers(pump)] == [Child, Base, Widget]
    Child.on_idle = lambda self, event: None  # and replaced
    assert handlers(pump)[0][1].__func__ is Child.__dict__["on_idle"]
    del Child.on_idle  # and removed
    assert [cls for cls, _ in handlers(pump)] == [Base, Widget]

    class Mixin:  # a class of the pump that is no message pump's
        pass

    class Mixed(Mixin, Base):
        pass

    mixed = Mixed.__new__(Mixed)
    assert [cls for cls, _ in handlers(mixed)] == [Base, Widget]
    Mixin.on_idle = on_idle
    assert [cls for cls, _ in handlers(mixed)] == [Mixin, Base, Widget]
    assert type(Widget).__dict__["__setattr__"].__module__ == textual_adapter.__name__


def _strip(text: str):
    from rich.segment import Segment
    from rich.style import Style
    from textual.strip import Strip

    return Strip([Segment(text[:3], Style(bold=True)), Segment(text[3:], Style(italic=True))])


def _texts(strips) -> list[str]:
    return [strip.text for strip in strips]


def test_a_strip_left_as_it_is_by_a_call_is_freed_without_the_cyclic_collector():
    import gc

    textual_adapter.keep_strips_out_of_cycles()
    gc.collect()
    gc.disable()
    try:
        strip = _strip("abcdefgh")
        assert strip.crop_extend(0, 8, None) is strip
        assert strip.divide([8]) == [strip]
        assert strip.divide(iter([8, 9])) == [strip]
        del strip
        assert gc.collect() == 0, "a strip referred to itself after a call left it as it was"
    finally:
        gc.enable()


def test_a_strip_answers_as_textual_does_where_it_changes():
    textual_adapter.keep_strips_out_of_cycles()
    strip = _strip("abcdefgh")
    assert strip.crop_extend(2, 10, None).text == "cdefgh  "
    assert strip.crop_extend(0, 4, None).text == "abcd"
    assert _texts(strip.divide([3, 8])) == ["abc", "defgh"]
    assert _texts(strip.divide([2, 5, 8])) == ["ab", "cde", "fgh"]
    assert strip.crop_extend(0, 8, None) is strip.crop(0, 8) is strip


def test_a_strip_has_the_slots_the_adapter_sets_and_caches_of_textuals_sizes():
    from textual.cache import FIFOCache
    from textual.strip import Strip

    assert sorted(Strip.__slots__) == sorted(textual_adapter.STRIP_SLOTS), "other slots now"
    textual_adapter.make_strip_caches_lazily()
    strip = _strip("abcdefgh")
    sizes = {name: getattr(strip, name)._maxsize for name in textual_adapter.STRIP_CACHES}
    assert all(isinstance(getattr(strip, name), FIFOCache) for name in sizes)
    assert sizes["_crop_cache"] == sizes["_style_cache"] == 16
    assert sizes["_divide_cache"] == sizes["_filter_cache"] == 4


def test_a_strip_makes_a_cache_only_when_it_uses_one():
    import gc

    from textual.strip import Strip

    textual_adapter.make_strip_caches_lazily()
    strip = _strip("abcdefgh")
    referred = gc.get_referents(strip)
    assert not [r for r in referred if type(r).__name__ == "FIFOCache"]
    assert strip.crop(1, 4).text == "bcd"
    assert strip.crop(1, 4) is strip.crop(1, 4), "the crop was not cached"
    assert len([r for r in gc.get_referents(strip) if type(r).__name__ == "FIFOCache"]) == 1
    assert Strip.join([strip, _strip("12345")]).text == "abcdefgh12345"


async def test_a_frame_reaches_a_driver_that_takes_pieces_as_its_pieces():
    """`App._display` hands the driver's `write` what the compositor's frame gives for the app's
    console with the cursor's move added (`PiecesFrame.__add__`): for an app whose driver takes
    pieces, the frame's strips row by row, whose text is Textual's; for any other app, Textual's
    text."""
    from textual.app import App
    from textual.driver import Driver
    from textual.widgets import Static

    writes: dict[int, list] = {}

    class Recording(Driver):
        def write(self, data: str) -> None:
            writes.setdefault(id(self._app), []).append(data)

        def flush(self) -> None:
            pass

        def start_application_mode(self) -> None:
            pass

        def disable_input(self) -> None:
            pass

        def stop_application_mode(self) -> None:
            pass

    class Shown(App):
        def compose(self):
            yield Static("[b]Round[/b] 4 · 🔒 [reverse]keys[/reverse]")

        def on_mount(self) -> None:
            self.set_timer(0.2, self.exit)

    taking, other = Shown(driver_class=Recording), Shown(driver_class=Recording)
    textual_adapter.hand_pieces_to(taking.console)
    await taking.run_async()
    await other.run_async()
    frames = [data for data in writes[id(taking)] if isinstance(data, textual_adapter.PiecesFrame)]
    assert frames, "no frame reached the driver as its pieces"
    assert not any(isinstance(data, textual_adapter.PiecesFrame) for data in writes[id(other)])
    shown = [data for data in writes[id(other)] if "Round" in data]
    assert shown
    assert [frame.text() for frame in frames if "Round" in frame.text()] == shown
    for frame in frames:
        assert frame == "" and frame.cursor.startswith("\x1b[") and frame.cursor.endswith("H")
        rows = frame.rows()
        assert rows and all(
            isinstance(x, int) and all(isinstance(strip, Strip) for strip in strips)
            for pieces in rows.values()
            for x, strips in pieces
        )


def test_a_frame_as_its_pieces_is_kept_as_its_text():
    """A `PiecesFrame` pickled (a benchmark keeping what a driver was written), or written
    after other text (as `App._display` writes an inline app's frame), is its text."""
    import pickle

    from rich.console import Console
    from rich.segment import Segment
    from textual._compositor import LayoutUpdate
    from textual.geometry import Region

    console = Console(color_system="truecolor")
    textual_adapter.hand_pieces_to(console)
    update = LayoutUpdate([[Strip([Segment("Round 4")])]], Region(2, 1, 7, 1))
    frame = update.render_segments(console) + "\x1b[1;1H"
    assert isinstance(frame, textual_adapter.PiecesFrame)
    assert pickle.loads(pickle.dumps(frame)) == "\x1b[2;3HRound 4\x1b[1;1H" == frame.text()
    after = "\x1b[A" + frame
    assert type(after) is str and after == "\x1b[A\x1b[2;3HRound 4\x1b[1;1H"


def test_an_idle_widget_asked_for_no_refresh_is_given_no_handler():
    """Textual's `Widget._on_idle` only checks the widget's refresh: an idle turn of a widget
    whose one idle handler it is, and that was asked for no refresh, is given none; one asked
    for a refresh, or with an idle handler of its own, is given Textual's."""
    from textual import events
    from textual.widget import Widget
    from textual.widgets import Static

    class Own(Static):
        def on_idle(self) -> None:
            pass

    flags = (
        "_repaint_required",
        "_layout_required",
        "_scroll_required",
        "_refresh_styles_required",
    )

    def handlers(pump) -> list:
        found = textual_adapter._cached_dispatch_methods(pump, "on_idle", events.Idle())
        return [(cls, method.__func__) for cls, method in found]

    import hashlib
    import inspect

    source = inspect.getsource(Widget._on_idle)  # as it was read: it only checks the refresh
    assert hashlib.sha256(source.encode()).hexdigest()[:16] == "dcb1c9d1e74be9b2"
    textuals = (Widget, Widget.__dict__["_on_idle"])
    for kind in (Static, Widget):
        widget = kind()
        for name in flags:
            setattr(widget, name, False)
        assert handlers(widget) == []
        for name in flags:
            setattr(widget, name, True)
            assert handlers(widget) == [textuals], (kind, name)
            setattr(widget, name, False)
    own = Own()
    for name in flags:
        setattr(own, name, False)
    assert [cls for cls, _ in handlers(own)] == [Own, Widget]
