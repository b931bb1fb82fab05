"""What `ui/terminal/textual_layout.py` takes from below Textual's public API (a widget laid out
alone, lines handed over without the styles cache) still gives what Textual's own layout and
styles cache give: this fails on a Textual release that changes any of it."""

from __future__ import annotations

from textual.strip import Strip
from textual.widget import Widget

from wish_tui.ui.terminal import textual_layout

from .helpers import layouts_counted


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
            textual_layout.lay_out_alone(panel)
            yield panel

    app = Screened()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()  # the first layouts made
        screen = app.screen
        panel = screen.query_one(Panel)
        layouts = layouts_counted(screen)
        for height, top in ((5, 10), (5, 8), (7, 8), (3, 12), (0, 12), (4, 2), (0, 2)):
            panel.told.clear()
            size_before = panel.size
            shown_before = screen._compositor.visible_widgets
            seen_before = panel in shown_before
            panel.styles.height = height
            panel.styles.offset = (0, top)
            await pilot.pause()
            compositor = screen._compositor
            kept = compositor._visible_widgets is shown_before
            assert compositor._full_map[panel].region == (0, top, 60, height)
            screen._clear_arrangement_cache()
            textuals_map, _ = compositor._arrange_root(screen, compositor.size, False)
            assert compositor._full_map == textuals_map
            textuals = type(compositor)()
            textuals.reflow(screen, compositor.size)
            # The widgets shown, in their order, kept and edited where the panel stays in them
            # (Textual makes them again from the map).
            assert kept == (seen_before == (panel in textuals.visible_widgets)), (height, top)
            assert list(compositor.visible_widgets.items()) == list(
                textuals.visible_widgets.items()
            )
            expected = textuals.render_full_update().render_segments(app.console)
            assert compositor.render_full_update().render_segments(app.console) == expected
            assert panel.told == ([] if size_before.height == height else [panel.size])
            assert layouts == [], (height, top)
            for widget in compositor.visible_widgets:
                assert textual_layout.content_size(widget) == widget.size, widget
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


async def test_a_widget_laid_out_alone_again_where_it_was_is_placed_without_a_layout():
    """A panel that goes back to a place it had (opened, closed, opened again) is placed where
    it was without Textual's layout of it made again; a change of any other style of it, of
    the order its styles were set in, or of the screen's size, is laid out by Textual, and every
    place is the one Textual's layout of the whole screen gives."""
    from textual.app import App
    from textual.layouts.vertical import VerticalLayout

    class Panel(Widget):
        DEFAULT_CSS = """
        Panel { layer: overlay; position: absolute; width: 100%; height: 0; }
        """

        def render_line(self, y):
            return Strip.blank(self.size.width, self.rich_style)

    class Screened(App):
        CSS = "Screen { layers: base overlay; }"

        def compose(self):
            yield Widget(id="table")
            yield textual_layout.lay_out_alone(Panel())

    app = Screened()
    arranged: list = []
    textuals_arrange = VerticalLayout.arrange

    def counted(layout, parent, children, *args, **kwargs):
        arranged.append([type(child).__name__ for child in children])
        return textuals_arrange(layout, parent, children, *args, **kwargs)

    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()  # the first layouts made
        screen = app.screen
        panel = screen.query_one(Panel)
        layouts = layouts_counted(screen)
        VerticalLayout.arrange = counted
        try:
            changes = [
                {"height": 5, "offset": (0, 10)},
                {"height": 0},
                {"height": 5},  # back where it was
                {"height": 0},
                {"height": 5},
                {"width": "50%"},  # another style: laid out by Textual
                {"width": "100%"},
                {"height": 0},
                {"height": 5},
                {"min_height": 7},
                {"min_height": None},  # back where it was, the same styles
                {"height": 0},
                {"height": 5},
                {"offset": None},
                {"offset": (0, 10)},  # where it was, its styles set in another order
            ]
            laid_out = []
            for change in changes:
                arranged.clear()
                for name, value in change.items():
                    setattr(panel.styles, name, value)
                await pilot.pause()
                laid_out.append(bool(arranged))
                compositor = screen._compositor
                screen._clear_arrangement_cache()
                textuals_map, _ = compositor._arrange_root(screen, compositor.size, False)
                assert compositor._full_map == textuals_map, change
            assert laid_out[:9] == [True, True, False, False, False, True, True, True, False]
            assert laid_out[9:] == [True, False, False, False, True, True]
            assert layouts == []
            await pilot.resize_terminal(50, 18)
            await pilot.pause()
            arranged.clear()
            panel.styles.height = 0
            await pilot.pause()
            assert arranged == [["Panel"]]
            compositor = screen._compositor
            assert compositor._full_map[panel].region == (0, 10, 50, 0)
        finally:
            VerticalLayout.arrange = textuals_arrange


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
            textual_layout.lay_out_alone(panel)
            yield panel

    app = Screened()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()  # the first layouts made
        screen = app.screen
        panel = screen.query_one("#panel")
        layouts = layouts_counted(screen)
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
    from textual.widget import Widget

    class Lines(Widget):
        DEFAULT_CSS = "Lines { height: 6; width: 30; background: $panel 60%; }"

        def render_line(self, y):
            styles = (Style(color="red"), Style(dim=True, color="green"), Style(bgcolor="blue"))
            text = f"line {y} " * (1 + y)
            return Strip([Segment(text[:30], styles[y % 3])]).crop_extend(0, y * 6, None)

    textual_layout.render_lines_plainly(Lines)

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
                plain = textual_layout._render_lines_plainly(lines, crop)
                textuals = Widget.render_lines(lines, crop)
                assert [list(strip) for strip in plain] == [list(strip) for strip in textuals], (
                    rule,
                    crop,
                )
            lines.border_title = None
            lines.BLANK = False
            app.query_one("#inner").styles.reset()
            lines.styles.reset()


async def test_lines_handed_over_plainly_follow_a_change_of_any_style_beneath_them():
    """What is kept of a widget's looks between frames (`plain_looks`) is made again when a
    style of the widget or of an ancestor's changes, however it changes: an ancestor's inline
    background, a class the stylesheet gives a background and a colour, an opacity, a theme;
    its `rich_style` is Textual's each time."""
    from rich.segment import Segment
    from rich.style import Style
    from textual.app import App
    from textual.containers import Vertical
    from textual.geometry import Region
    from textual.widget import Widget

    class Shaded(Widget):
        DEFAULT_CSS = "Shaded { height: 3; width: 20; } Shaded.lit { background: $accent 40%; }"

        def render_line(self, y):
            return Strip([Segment(f"row {y}", Style(bold=y == 1))])

    textual_layout.render_lines_plainly(Shaded)

    class Screened(App):
        CSS = "#outer { background: $panel; } #outer.warm { color: red; background: red 20%; }"

        def compose(self):
            with Vertical(id="outer"):
                yield Shaded()

    def same_as_textuals(widget) -> bool:
        crop = Region(0, 0, 20, 3)
        plain = textual_layout._render_lines_plainly(widget, crop)
        textuals = Widget.render_lines(widget, crop)
        looks = textual_layout.plain_looks(widget)
        return [list(s) for s in plain] == [list(s) for s in textuals] and (
            looks is None or looks.rich_style == widget.rich_style
        )

    app = Screened()
    async with app.run_test(size=(40, 10)) as pilot:
        shaded, outer = app.query_one(Shaded), app.query_one("#outer")
        assert same_as_textuals(shaded)
        for change in (
            lambda: setattr(outer.styles, "background", "green 50%"),
            lambda: outer.add_class("warm"),
            lambda: shaded.add_class("lit"),
            lambda: setattr(app.screen.styles, "background", "blue"),
            lambda: setattr(outer.styles, "opacity", 0.5),
            lambda: setattr(outer.styles, "opacity", 1.0),
            lambda: setattr(app, "theme", "textual-light"),
            lambda: shaded.remove_class("lit"),
        ):
            kept = textual_layout.plain_looks(shaded)
            change()
            await pilot.pause()
            assert textual_layout.plain_looks(shaded) is not kept, "made again"
            assert same_as_textuals(shaded)


async def test_a_widget_placed_by_its_inline_styles_alone_keeps_its_looks():
    """A window moved, resized and closed by its inline height and offset keeps what was worked
    out of its looks (it opens and closes at every action of a table); an inline style that
    changes its looks (a background, a padding) has them made again, as before."""
    from rich.segment import Segment
    from textual.app import App
    from textual.geometry import Region
    from textual.widget import Widget

    class Placed(Widget):
        DEFAULT_CSS = "Placed { height: 3; width: 20; background: $panel; }"

        def render_line(self, y):
            return Strip([Segment(f"row {y}")])

    textual_layout.render_lines_plainly(Placed)

    class Screened(App):
        def compose(self):
            yield Placed()

    app = Screened()
    async with app.run_test(size=(40, 10)) as pilot:
        placed = app.query_one(Placed)
        kept = textual_layout.plain_looks(placed)
        for height, top in ((4, 2), (0, 0), (2, 5)):
            placed.styles.height = height
            placed.styles.offset = (0, top)
            await pilot.pause()
            assert textual_layout.plain_looks(placed) is kept, "kept"
        for change in (
            lambda: setattr(placed.styles, "background", "red"),
            lambda: setattr(placed.styles, "padding", (0, 1)),
            lambda: setattr(placed.styles, "padding", 0),
        ):
            change()
            await pilot.pause()
            made = textual_layout.plain_looks(placed)
            assert made is not kept, "made again"
            kept = made
            crop = Region(0, 0, 20, 2)
            if made is not None:
                plain = textual_layout._render_lines_plainly(placed, crop)
                assert [list(s) for s in plain] == [
                    list(s) for s in Widget.render_lines(placed, crop)
                ]


async def test_a_widget_in_the_map_has_the_size_textual_gives_it_without_a_look_up():
    """`content_size` is `Widget.size` for every widget of the screen's map, with a border,
    padding or neither, after a layout of the screen, a change of a widget's height or
    gutter (its own or its stylesheet's, by a class), a widget shown and hidden, and a new
    size of the terminal."""
    from textual.app import App
    from textual.containers import Vertical
    from textual.widgets import Static

    class Screened(App):
        CSS = """
        #boxed { border: round red; padding: 0 2; height: 5; }
        #titled { border-top: solid green; height: 4; }
        #rest { height: 1fr; }
        .wide { padding: 0 4; }
        """

        def compose(self):
            with Vertical():
                yield Static("boxed", id="boxed")
                yield Static("titled", id="titled")
                yield Static("the rest", id="rest")

    def same_sizes(app) -> bool:
        widgets = app.screen._compositor.visible_widgets
        return len(widgets) > 3 and all(
            textual_layout.content_size(widget) == widget.size
            # asked again with nothing changed (every line asks it): the size kept
            and textual_layout.content_size(widget) is textual_layout.content_size(widget)
            for widget in widgets
        )

    app = Screened()
    async with app.run_test(size=(50, 20)) as pilot:
        await pilot.pause()
        assert same_sizes(app)
        boxed, titled = app.query_one("#boxed"), app.query_one("#titled")
        for change in (
            lambda: setattr(boxed.styles, "height", 7),
            lambda: setattr(titled.styles, "padding", (1, 3)),
            lambda: setattr(boxed.styles, "display", "none"),
            lambda: setattr(boxed.styles, "display", "block"),
            lambda: setattr(titled.styles, "border_left", ("solid", "blue")),
            lambda: titled.add_class("wide"),  # a style of the stylesheet's
            lambda: titled.remove_class("wide"),
        ):
            change()
            await pilot.pause()
            assert same_sizes(app)
        await pilot.resize_terminal(70, 24)
        await pilot.pause()
        assert same_sizes(app)


def test_textuals_content_offset_adds_nothing_from_the_scrollbars():
    """`offset_content_by_styles` leaves out the scrollbars' gutter, which Textual's
    `content_offset` adds to the padding and border: it must stay at the right and bottom."""
    import hashlib
    import inspect

    from textual.widget import Widget

    read = {
        "content_offset": textual_layout.TEXTUALS_CONTENT_OFFSET,  # as read, before the app's
        "gutter": Widget.gutter,
        "scrollbar_gutter": Widget.scrollbar_gutter,
    }
    sources = {
        name: hashlib.sha256(inspect.getsource(prop.fget).encode()).hexdigest()[:16]
        for name, prop in read.items()
    }
    assert sources == {
        "content_offset": "5ede95b6765e859f",
        "gutter": "9ab0f9d924d56524",
        "scrollbar_gutter": "71bafcf865078e5a",
    }


async def test_a_widgets_content_offset_is_textuals():
    """Widgets with and without padding, border and scrollbars (shown or stable) find where
    their content begins where Textual's `content_offset` says, and a refresh of some lines
    marks the same regions dirty."""
    from textual.app import App
    from textual.containers import ScrollableContainer, VerticalScroll
    from textual.geometry import Region
    from textual.widgets import Static

    class Offsets(App):
        CSS = """
        #padded { padding: 1 2; } #bordered { border: round red; padding: 0 1; }
        #scrolled { height: 9; border: solid blue; padding: 1; overflow: auto auto; }
        #scrolled Static { width: 300; }
        #stable { height: 4; scrollbar-gutter: stable; padding: 0 3; }
        """

        def compose(self):
            yield Static("plain")
            yield Static("padded", id="padded")
            yield Static("bordered", id="bordered")
            with ScrollableContainer(id="scrolled"):
                yield Static("\n".join("x" * 200 for _ in range(20)))
            with VerticalScroll(id="stable"):
                yield Static("y")

    app = Offsets()
    async with app.run_test(size=(40, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()  # the scrollbars shown
        widgets = list(app.screen.walk_children())
        theirs = [textual_layout.TEXTUALS_CONTENT_OFFSET.fget(w) for w in widgets]
        mine = [textual_layout._content_offset(w) for w in widgets]
        assert mine == theirs
        assert {offset for offset in mine} != {(0, 0)}
        scrolled = app.screen.query_one("#scrolled")
        assert scrolled.show_vertical_scrollbar and scrolled.show_horizontal_scrollbar
        dirty, before = [], Widget.content_offset
        for ours in (False, True):
            Widget.content_offset = textual_layout.TEXTUALS_CONTENT_OFFSET
            if ours:
                textual_layout.offset_content_by_styles()
            try:
                scrolled._dirty_regions.clear()
                scrolled.refresh(Region(0, 1, 5, 1), Region(0, 3, 5, 2))
                dirty.append(set(scrolled._dirty_regions))
            finally:
                Widget.content_offset = before
        assert dirty[0] == dirty[1] and dirty[0]


async def test_a_widgets_looks_stay_kept_as_it_moves_and_changes_size():
    """What is kept of a widget's looks (`plain_looks`) stays as the widget's place and size
    alone change (the choice panel's height and offset as it opens, moves and closes), and is
    made again when another style of its own changes after; its lines are Textual's."""
    from rich.segment import Segment
    from rich.style import Style
    from textual.app import App
    from textual.geometry import Region

    class Panel(Widget):
        DEFAULT_CSS = """
        Panel { layer: overlay; position: absolute; width: 100%; height: 0;
                background: $surface; color: $text; }
        Panel.lit { color: yellow; }
        """

        def render_line(self, y):
            return Strip([Segment(f"option {y}", Style(bold=y == 1))])

    textual_layout.render_lines_plainly(Panel)

    class Screened(App):
        CSS = "Screen { layers: base overlay; }"

        def compose(self):
            yield Widget(id="table")
            yield textual_layout.lay_out_alone(Panel())

    def same_as_textuals(widget) -> bool:
        crop = Region(0, 0, widget.size.width, widget.size.height)
        plain = textual_layout._render_lines_plainly(widget, crop)
        textuals = Widget.render_lines(widget, crop)
        return [list(s) for s in plain] == [list(s) for s in textuals] and (
            textual_layout.plain_looks(widget).rich_style == widget.rich_style
        )

    app = Screened()
    async with app.run_test(size=(60, 20)) as pilot:
        panel = app.query_one(Panel)
        panel.styles.height = 3
        await pilot.pause()
        kept = textual_layout.plain_looks(panel)
        assert kept is not None and same_as_textuals(panel)
        for height, top in ((5, 2), (2, 10), (4, 10), (6, 0)):
            panel.styles.height = height
            panel.styles.offset = (0, top)
            panel.styles.max_height = 8
            await pilot.pause()
            assert textual_layout.plain_looks(panel) is kept, (height, top)
            assert same_as_textuals(panel)
        for change in (
            lambda: setattr(panel.styles, "background", "red 30%"),
            lambda: setattr(panel.styles, "color", "green"),
            lambda: panel.styles.clear_rule("color"),
            lambda: panel.add_class("lit"),
            lambda: setattr(panel.styles, "text_style", "italic"),
        ):
            kept = textual_layout.plain_looks(panel)
            change()
            panel.styles.height = 3
            await pilot.pause()
            assert textual_layout.plain_looks(panel) is not kept
            assert same_as_textuals(panel)


async def test_a_line_handed_over_again_is_not_filtered_again_nor_given_a_filter_cache():
    """The app's line filter's work on a widget's line is kept on the widget with the line
    itself (the same line handed over again, on its row or another, is the same filtered
    line), not in a cache the line makes; a change of the background beneath, or a new line,
    is filtered again, and every line is Textual's."""
    from rich.segment import Segment
    from rich.style import Style
    from textual.app import App
    from textual.containers import Vertical
    from textual.geometry import Region

    class Kept(Widget):
        DEFAULT_CSS = "Kept { height: 3; width: 20; }"
        lines: dict = {}

        def render_line(self, y):
            if y not in self.lines:
                style = (Style(dim=True, color="red"), Style(color="green"))[y % 2]
                self.lines[y] = Strip([Segment(f"row {y}".ljust(20), style)], 20)
            return self.lines[y]

    textual_layout.render_lines_plainly(Kept)

    class Screened(App):
        CSS = "#outer { background: $panel; }"

        def compose(self):
            with Vertical(id="outer"):
                yield Kept()

    crop = Region(0, 0, 20, 3)
    app = Screened()
    async with app.run_test(size=(40, 10)) as pilot:
        kept, outer = app.query_one(Kept), app.query_one("#outer")
        assert kept.get_line_filters()
        first = textual_layout._render_lines_plainly(kept, crop)
        again = textual_layout._render_lines_plainly(kept, crop)
        assert all(a is b for a, b in zip(first, again, strict=True))
        assert not any(len(strip._filter_cache) for strip in kept.lines.values())
        textuals = Widget.render_lines(kept, crop)
        assert [list(s) for s in first] == [list(s) for s in textuals]
        outer.styles.background = "blue"
        await pilot.pause()
        after = textual_layout._render_lines_plainly(kept, crop)
        assert [list(s) for s in after] == [list(s) for s in Widget.render_lines(kept, crop)]
        assert after[0] is not first[0]
        kept.lines[1] = Strip([Segment("a new row 1".ljust(20), Style(color="blue"))], 20)
        kept.refresh()  # (Textual's styles cache keeps its lines until then)
        newer = textual_layout._render_lines_plainly(kept, crop)
        assert newer[0] is after[0] and newer[1] is not after[1]
        assert [list(s) for s in newer] == [list(s) for s in Widget.render_lines(kept, crop)]
        kept.lines[0], kept.lines[2] = kept.lines[2], kept.lines[0]  # (as a log scrolls)
        swapped = textual_layout._render_lines_plainly(kept, crop)
        assert swapped[0] is newer[2] and swapped[2] is newer[0]
