"""What `ui/terminal/textual_adapter.py` takes from below Textual's public API is there and still
does what the app relies on: this fails on a Textual release that changes any of it."""

from __future__ import annotations

import sys
import time

import pytest

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
        if path.name in ("textual_adapter.py", "textual_pump.py"):
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


TEXTUAL_CODE_COPIED = {
    "Widget._check_refresh": "ad1c8196be9747bf",
    "Screen._on_update": "8d962c0761ddb02e",
    "Screen._on_idle": "05781131b10da971",
    "Timer._run": "60c942a84c1a8765",
    "Timer._tick": "131880e700f4ae71",
    "Screen._update_timer": "6736ab93692ef9ed",
    "MessagePump._on_message": "12c0b6eb18e5ca10",
    "Widget._on_idle": "dcb1c9d1e74be9b2",
}
"""The code of Textual's that `ui/terminal/textual_pump.py` does the work of, as it was read
(the start of the SHA-256 of its source)."""


def test_textuals_code_that_the_pump_module_does_the_work_of_is_as_it_was_read():
    """Fails on a Textual whose check of a refresh, screen update, idle screen or timer changed:
    `textual_pump` must then be read against it again (and these digests renewed)."""
    import hashlib
    import inspect

    from wish_tui.ui.terminal import textual_pump

    code = {
        "Widget._check_refresh": textual_pump.TEXTUALS_CHECK_REFRESH,
        "Screen._on_update": textual_pump.Screen._on_update,
        "Screen._on_idle": textual_pump.Screen._on_idle,
        "Timer._run": textual_pump.Timer._run,
        "Timer._tick": textual_pump.Timer._tick,
        "Screen._update_timer": textual_pump.TEXTUALS_UPDATE_TIMER.fget,
        "MessagePump._on_message": textual_pump.TEXTUALS_ON_MESSAGE,
        "Widget._on_idle": textual_pump.Widget._on_idle,
    }
    digests = {
        name: hashlib.sha256(inspect.getsource(function).encode()).hexdigest()[:16]
        for name, function in code.items()
    }
    assert digests == TEXTUAL_CODE_COPIED


def test_a_screen_uses_its_update_timer_only_to_pause_and_resume_it():
    """What `FrameTimer` answers: Textual's screen calls these two of its timer, and keeps it
    in the slot the adapter fills; the frame is a plain function."""
    import inspect
    import re

    import textual.screen
    from textual.screen import Screen

    from wish_tui.ui.terminal.textual_pump import UPDATE_PERIOD

    source = inspect.getsource(textual.screen)
    assert set(re.findall(r"_update_timer\.(\w+)", source)) == {"pause", "resume"}
    assert "self.__update_timer: Timer | None = None" in source
    assert not inspect.iscoroutinefunction(Screen._on_timer_update)
    assert UPDATE_PERIOD == textual.screen.UPDATE_PERIOD


async def test_a_refresh_checked_directly_tells_the_screen_what_textuals_check_tells_it():
    """For every refresh a widget may have been asked for, `check_refresh_directly` leaves the
    widget, its ancestors and its screen as Textual's check and the screen's handling of the
    messages it posts leave them, and posts no `Update`."""
    import itertools

    from textual import messages
    from textual.app import App
    from textual.containers import Vertical
    from textual.widgets import Static

    from wish_tui.ui.terminal import textual_pump

    class Boxed(App):
        def compose(self):
            with Vertical(id="box"):
                yield Static("text", id="text")

    textual_pump.draw_frames_without_a_task()  # (an active timer would have an Update sent)
    flags = ("_repaint_required", "_layout_required", "_scroll_required")

    async def checked(check, asked) -> tuple:
        app = Boxed()
        async with app.run_test(size=(40, 10)) as pilot:
            await pilot.pause()
            screen, widget = app.screen, app.query_one("#text")
            posted: list = []
            screen.post_message = posted.append
            for name, value in zip(flags, asked, strict=True):
                setattr(widget, name, value)
            screen._dirty_widgets.clear()
            try:
                check(widget)
            finally:
                del screen.post_message
            for message in posted:  # what the screen's handlers do with them
                if isinstance(message, messages.Update):
                    screen._dirty_widgets.add(message.widget)
            return (
                [getattr(widget, name) for name in flags],
                {w.id for w in screen._dirty_widgets},
                sorted(
                    type(m).__name__
                    for m in posted
                    if not isinstance(m, (messages.Update, messages.Prompt))
                ),
                app.query_one("#box")._layout_updates,
                [type(m).__name__ for m in posted if isinstance(m, messages.Update)],
                # (the screen prompted in place of the message, as its handler prompts it)
                sum(isinstance(m, (messages.Update, messages.Prompt)) for m in posted),
            )

    for asked in itertools.product((False, True), repeat=3):
        theirs = await checked(textual_pump.TEXTUALS_CHECK_REFRESH, asked)
        mine = await checked(textual_pump.check_refresh_directly, asked)
        assert mine[:4] == theirs[:4], asked
        assert mine[4] == [] and mine[5] == theirs[5], asked


def test_the_frame_timer_ticks_on_textuals_grid():
    """The first tick one period after the first resume; a resume once the next tick is due
    draws at once when nothing waits, after what waits otherwise; a resume before it waits for
    it; a pause drops the tick to come; ticks skipped land where Textual's timer lands them."""
    from wish_tui.ui.terminal import textual_pump
    from wish_tui.ui.terminal.textual_pump import UPDATE_PERIOD, FrameTimer

    period = UPDATE_PERIOD
    clock = [100.0]
    drawn: list[float] = []

    class Loop:
        def __init__(self) -> None:
            self._ready: list = []
            self.armed: list = []

        def time(self) -> float:
            return clock[0]

        def call_at(self, when, callback):
            self.armed.append((when, callback))
            return Handle(self.armed, (when, callback))

        def call_soon(self, callback):
            self._ready.append(callback)
            return Handle(self._ready, callback)

    class Handle:
        def __init__(self, where: list, what) -> None:
            self.where, self.what = where, what

        def cancel(self) -> None:
            self.where.remove(self.what)

    class Screen:
        _closing = _closed = False
        _pending_message = None
        _next_callbacks: list = []

        class app:  # noqa: N801
            _exit = False

        class _message_queue:  # noqa: N801
            @staticmethod
            def empty() -> bool:
                return True

        def _on_timer_update(self) -> None:
            timer.pause()
            drawn.append(clock[0])

    loop = Loop()
    textual_pump.asyncio = type("asyncio", (), {"get_running_loop": staticmethod(lambda: loop)})
    textual_pump.get_time = lambda: clock[0]
    try:
        screen = Screen()
        timer = FrameTimer(screen)
        timer.resume()
        assert drawn == [] and [when for when, _ in loop.armed] == [100.0 + period]
        clock[0] = 100.0 + period
        loop.armed.pop()[1]()
        assert drawn == [100.0 + period]
        clock[0] += period / 2  # too soon: the next tick on the grid
        timer.resume()
        assert [when for when, _ in loop.armed] == [100.0 + 2 * period]
        timer.pause()
        assert loop.armed == []
        clock[0] = 100.0 + 10.5 * period  # long after: at once, and the next as Textual's
        timer.resume()
        assert drawn[-1] == clock[0] and timer._next == 100.0 + 12 * period
        loop._ready.append(print)  # something waits: after it
        clock[0] = 100.0 + 20 * period
        timer.resume()
        assert drawn[-1] != clock[0] and loop._ready[-1] == timer._tick
    finally:
        import asyncio

        from textual._time import get_time

        textual_pump.asyncio, textual_pump.get_time = asyncio, get_time


async def test_a_screen_draws_its_frames_without_a_timer_task():
    """An app whose screens have a `FrameTimer` shows what it is told, and runs no update
    timer's task."""
    import asyncio

    from textual.app import App
    from textual.widgets import Static

    from wish_tui.ui.terminal import textual_pump

    textual_pump.draw_frames_without_a_task()
    textual_pump.tell_screens_directly()

    class Shown(App):
        def compose(self):
            yield Static("before", id="text")

    app = Shown()
    async with app.run_test(size=(30, 5)) as pilot:
        await pilot.pause()
        app.query_one("#text").update("after")
        await pilot.pause(0.1)
        assert isinstance(app.screen._update_timer, textual_pump.FrameTimer)
        assert "after" in "".join(strip.text for strip in app.screen._compositor.render_strips())
        assert not [t for t in asyncio.all_tasks() if t.get_name() == "screen_update"]


async def test_a_message_dispatched_without_unread_logs_reaches_the_handlers_textuals_reaches():
    """A message from a widget runs its handlers and bubbles up as with Textual's dispatch
    (stopped by a handler, or where its sender is the parent), and Textual's own dispatch runs
    while the devtools are connected."""
    from textual.app import App
    from textual.containers import Vertical
    from textual.message import Message
    from textual.message_pump import MessagePump
    from textual.widgets import Static

    from wish_tui.ui.terminal import textual_pump

    class Said(Message):
        def __init__(self, stop_at: str) -> None:
            super().__init__()
            self.stop_at = stop_at

    heard: list[tuple[str, str]] = []

    class Node(Static):
        def on_said(self, message: Said) -> None:
            heard.append((self.id, message.stop_at))
            if message.stop_at == self.id:
                message.stop()

    class Outer(Vertical):
        def on_said(self, message: Said) -> None:
            heard.append((self.id, message.stop_at))

    class Nested(App):
        def compose(self):
            with Outer(id="outer"):
                yield Node("inner", id="inner")

        def on_said(self, message: Said) -> None:
            heard.append(("app", message.stop_at))

    async def played(dispatch) -> list:
        heard.clear()
        MessagePump._on_message = dispatch
        try:
            app = Nested()
            async with app.run_test() as pilot:
                inner = app.query_one("#inner")
                for stop_at in ("", "inner", "outer"):
                    inner.post_message(Said(stop_at))
                    await pilot.pause()
                with app.query_one("#outer")._context():  # sent by the parent: heard last there
                    inner.post_message(Said("from the parent"))
                await pilot.pause()
        finally:
            MessagePump._on_message = textual_pump.TEXTUALS_ON_MESSAGE
        return list(heard)

    theirs = await played(textual_pump.TEXTUALS_ON_MESSAGE)
    assert theirs and await played(textual_pump._on_message_without_unread_logs) == theirs

    class Connected:
        is_connected = True

    called = []

    async def textuals(pump, message) -> None:
        called.append(type(message).__name__)

    app = Nested()
    app.devtools = Connected()
    token = textual_pump.active_app.set(app)
    original = textual_pump.TEXTUALS_ON_MESSAGE
    textual_pump.TEXTUALS_ON_MESSAGE = textuals
    try:
        await textual_pump._on_message_without_unread_logs(app, Said(""))
    finally:
        textual_pump.TEXTUALS_ON_MESSAGE = original
        textual_pump.active_app.reset(token)
    assert called == ["Said"]


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
