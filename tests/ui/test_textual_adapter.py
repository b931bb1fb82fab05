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
        if path.name == "textual_adapter.py":
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


async def test_a_widget_laid_out_alone_is_where_textuals_layout_puts_it():
    """A panel over the screen that opens, moves, grows, shrinks and closes edits its own place
    in the screen's map, laying out nothing else: the map is the one Textual's layout of the
    whole screen makes, the screen drawn from it is Textual's, and so are the sizes the panel
    is told."""
    from textual.app import App
    from textual.css.scalar import ScalarOffset
    from textual.widget import Widget
    from textual.widgets import Static

    class Panel(Widget):
        DEFAULT_CSS = """
        Panel { layer: overlay; position: absolute; width: 100%; height: 0;
                background: blue; }
        """
        told: list = []

        def render_line(self, y):
            from textual.strip import Strip

            return Strip.blank(self.size.width, self.rich_style)

        def on_resize(self, event) -> None:
            self.told.append(event.size)

    class Screened(App):
        CSS = """
        Screen { layers: base overlay; }
        #top { height: 6; } #log { height: 1fr; }
        #status { layer: overlay; position: absolute; offset: 0 17; height: auto; width: 100%; }
        """

        def compose(self):
            yield Static("top " * 40, id="top")
            yield Static("\n".join(f"line {i} " * 5 for i in range(20)), id="log")
            yield Static("the status line", id="status")
            panel = Panel()
            textual_adapter.lay_out_alone(panel)
            yield panel

    app = Screened()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()  # the first layouts made
        screen = app.screen
        panel = screen.query_one(Panel)
        layouts = []
        textuals_layout = screen._refresh_layout

        def counted(*args, **kwargs):
            layouts.append(1)
            return textuals_layout(*args, **kwargs)

        screen._refresh_layout = counted
        for height, top in ((5, 10), (5, 8), (7, 8), (3, 12), (0, 12), (4, 2), (0, 2)):
            panel.told.clear()
            size_before = panel.size
            panel.styles.height = height
            panel.styles.offset = (0, top)
            await pilot.pause()
            compositor = screen._compositor
            assert compositor._full_map[panel].region == (0, top, 60, height)
            screen._clear_arrangement_cache()
            textuals_map, _ = compositor._arrange_root(screen, compositor.size, False)
            assert compositor._full_map == textuals_map
            textuals = type(compositor)()
            textuals.reflow(screen, compositor.size)
            expected = textuals.render_full_update().render_segments(app.console)
            assert compositor.render_full_update().render_segments(app.console) == expected
            assert panel.told == ([] if size_before.height == height else [panel.size])
            assert layouts == [], (height, top)
        # A layout asked for without a repaint: the rows it takes are drawn all the same.
        panel.styles.height = 6
        await pilot.pause()
        panel.styles.set_rule("offset", ScalarOffset.from_offset((0, 5)))
        panel.refresh(layout=True, repaint=False)
        await pilot.pause()
        assert screen._compositor._full_map[panel].region == (0, 5, 60, 6)
        assert not screen._compositor._dirty_regions
        assert layouts == []
        screen.refresh(layout=True)  # a layout of the whole screen later puts it where it is
        await pilot.pause()
        assert layouts and screen._compositor._full_map[panel].region == (0, 5, 60, 6)


async def test_a_widget_that_cannot_be_laid_out_alone_is_laid_out_by_textual():
    """With a margin (which Textual's layout gives the widget with those of the whole layer),
    the widget's change lays the screen out as Textual does."""
    from textual.app import App
    from textual.widgets import Static

    class Screened(App):
        CSS = """
        Screen { layers: base overlay; }
        #panel { layer: overlay; position: absolute; width: 100%; height: 0; margin: 1; }
        """

        def compose(self):
            yield Static("the table", id="table")
            panel = Static("the panel", id="panel")
            textual_adapter.lay_out_alone(panel)
            yield panel

    app = Screened()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()  # the first layouts made
        screen = app.screen
        panel = screen.query_one("#panel")
        layouts = []
        textuals_layout = screen._refresh_layout

        def counted(*args, **kwargs):
            layouts.append(1)
            return textuals_layout(*args, **kwargs)

        screen._refresh_layout = counted
        panel.styles.height = 3
        await pilot.pause()
        compositor = screen._compositor
        assert layouts and compositor._full_map[panel].region.height == 3
        assert compositor._full_map == compositor._arrange_root(screen, compositor.size, False)[0]


async def test_lines_handed_over_plainly_are_textuals():
    """A widget's lines handed to the compositor without the styles cache are Textual's, segment
    for segment: lines as wide as the widget or narrower, dim and ANSI colours (which the app's
    filter turns to true colours on the background beneath), backgrounds of the ancestors seen
    through each other, whole rows and parts of them, under a top border with a title; and with
    a border on another side, padding, an outline, a hatch, a tint, a text opacity, an ancestor's
    opacity or as a blank widget, Textual renders."""
    from rich.segment import Segment
    from rich.style import Style
    from textual.app import App
    from textual.containers import Vertical
    from textual.geometry import Region
    from textual.strip import Strip
    from textual.widget import Widget

    class Lines(Widget):
        DEFAULT_CSS = "Lines { height: 6; width: 30; background: $panel 60%; }"

        def render_line(self, y):
            styles = (Style(color="red"), Style(dim=True, color="green"), Style(bgcolor="blue"))
            text = f"line {y} " * (1 + y)
            return Strip([Segment(text[:30], styles[y % 3])]).crop_extend(0, y * 6, None)

    textual_adapter.render_lines_plainly(Lines)

    class Screened(App):
        CSS = "#outer { background: red 30%; } #inner { background: $surface 50%; }"

        def compose(self):
            with Vertical(id="outer"), Vertical(id="inner"):
                yield Lines()

    app = Screened()
    async with app.run_test(size=(60, 20)) as pilot:
        lines = app.query_one(Lines)
        assert lines.get_line_filters(), "the app's filter turns ANSI colours to true colours"
        crops = [
            Region(0, 0, 30, 6),
            Region(0, 2, 30, 1),
            Region(3, 0, 20, 4),
            Region(29, 5, 1, 1),
            Region(0, 0, 30, 1),
        ]
        for rule, value in (
            (None, None),
            ("border_top", ("solid", "green")),
            ("border_right", ("solid", "green")),
            ("border_bottom", ("solid", "green")),
            ("border_left", ("solid", "green")),
            ("padding", (0, 1)),
            ("outline", ("solid", "green")),
            ("hatch", ("/", "green")),
            ("tint", "green 40%"),
            ("text_opacity", 0.5),
            ("border_title", "title"),
            ("opacity", 0.5),
            ("BLANK", True),
        ):
            if rule == "border_top":
                lines.styles.border_top = value
                lines.border_title = "title"
            elif rule == "border_title":
                lines.border_title = value
            elif rule == "BLANK":
                lines.BLANK = value
                lines.refresh()
            elif rule == "opacity":
                app.query_one("#inner").styles.opacity = value
            elif rule is not None:
                setattr(lines.styles, rule, value)
            await pilot.pause()
            for crop in crops:
                plain = textual_adapter._render_lines_plainly(lines, crop)
                textuals = Widget.render_lines(lines, crop)
                assert [list(strip) for strip in plain] == [list(strip) for strip in textuals], (
                    rule,
                    crop,
                )
            lines.border_title = None
            lines.BLANK = False
            app.query_one("#inner").styles.reset()
            lines.styles.reset()
