"""What `ui/terminal/textual_layout.py`'s layout of a widget alone takes from below Textual's
public API to spare its work (its screen checked by a stamp of what the checks read, a `Resize`
posted only where a handler hears it) still gives what Textual's layout gives: this fails on a
Textual release that changes what the stamp or the handlers' walk rely on."""

from __future__ import annotations

from textual.strip import Strip
from textual.widget import Widget

from wish_tui.ui.terminal import textual_layout

from .helpers import layouts_counted


async def test_a_widget_laid_out_alone_is_checked_once_and_told_only_what_it_hears():
    """A panel that opens and closes again and again has its screen checked once, not at
    each change, and is posted no `Resize` it has no handler for; a change of another widget
    of its layer (docked) has the next change laid out by Textual, whose map it is."""
    from textual.app import App
    from textual.events import Resize

    class Deaf(Widget):
        DEFAULT_CSS = """
        Deaf { layer: overlay; position: absolute; width: 100%; height: 0; }
        """

        def render_line(self, y):
            return Strip.blank(self.size.width, self.rich_style)

    class Screened(App):
        CSS = "Screen { layers: base overlay; } #status { layer: overlay; height: 1; }"

        def compose(self):
            yield Widget(id="table")
            yield Widget(id="status")
            yield textual_layout.lay_out_alone(Deaf())

    app = Screened()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()  # the first layouts made
        screen = app.screen
        panel = screen.query_one(Deaf)
        layouts = layouts_counted(screen)
        checked: list = []
        resized: list = []
        textuals_check = textual_layout._lays_out_plainly
        textual_layout._lays_out_plainly = lambda screen: (
            checked.append(1) or textuals_check(screen)
        )
        post = panel.post_message
        panel.post_message = lambda message: (
            (resized.append(message) if isinstance(message, Resize) else None) or post(message)
        )
        try:
            for height in (5, 0, 5, 0, 7, 0):
                panel.styles.height = height
                panel.styles.offset = (0, 10)
                await pilot.pause()
                assert screen._compositor._full_map[panel].region == (0, 10, 60, height)
            assert len(checked) == 1 and resized == [] and layouts == []
            screen.query_one("#status").styles.dock = "top"
            await pilot.pause()
            layouts.clear()
            panel.styles.height = 5
            await pilot.pause()
            assert layouts
            compositor = screen._compositor
            screen._clear_arrangement_cache()
            assert (
                compositor._full_map == compositor._arrange_root(screen, compositor.size, False)[0]
            )
        finally:
            textual_layout._lays_out_plainly = textuals_check
