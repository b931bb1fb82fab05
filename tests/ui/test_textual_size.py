"""What `ui/terminal/textual_size.py` takes from below Textual's public API (a widget's size
is its region in its screen's compositor map, shrunk by its gutter) still holds: this fails on
a Textual release whose `Widget.size` gives another size, or finds it otherwise."""

from __future__ import annotations

from textual.app import App
from textual.containers import Vertical
from textual.widgets import Static

from wish_tui.ui.terminal import textual_size

from .helpers import settle


class Sized(App):
    CSS = """
    #box { height: 8; padding: 1 2; border: solid red; }
    #inner { height: 2; }
    #hidden { display: none; }
    """

    def compose(self):
        with Vertical(id="box"):
            yield Static("inner", id="inner")
        yield Static("plain", id="plain")
        yield Static("hidden", id="hidden")


def _sizes(app) -> dict:
    """Each widget's size as `Widget.size` gives it now, and as Textual's own property does."""
    widgets = [app.query_one(f"#{name}") for name in ("box", "inner", "plain", "hidden")]
    return {widget.id: (widget.size, textual_size.TEXTUALS_SIZE.fget(widget)) for widget in widgets}


async def test_a_widgets_size_is_textuals_through_every_change():
    """Laid out, restyled (padding, border), hidden, shown again, resized, removed: the size
    kept is Textual's at each step; asked again with nothing changed, it is not looked up in
    the map through the screen again."""
    textual_size.keep_sizes()
    app = Sized()
    async with app.run_test(size=(40, 20)) as pilot:
        await settle(pilot)
        box = app.query_one("#box")
        changes = [
            lambda: None,
            lambda: setattr(box.styles, "padding", (0, 1)),
            lambda: setattr(box.styles, "border", ("heavy", "blue")),
            lambda: setattr(box.styles, "height", 5),
            lambda: setattr(app.query_one("#inner").styles, "display", "none"),
            lambda: setattr(app.query_one("#hidden").styles, "display", "block"),
            lambda: setattr(app.query_one("#inner").styles, "display", "block"),
        ]
        for change in changes:
            change()
            # Asked before the layout (a map to be made, or stale) and after it.
            for sizes in (_sizes(app), None):
                if sizes is None:
                    await settle(pilot)
                    sizes = _sizes(app)
                assert all(kept == textuals for kept, textuals in sizes.values()), sizes
        assert _sizes(app)["hidden"][0].width == 40
        await pilot.resize_terminal(30, 12)
        await settle(pilot)
        sizes = _sizes(app)
        assert all(kept == textuals for kept, textuals in sizes.values()), sizes
        assert sizes["box"][0] == (30 - 2 - 2, 5 - 2)  # the border's and padding's (0 1) off
        # Kept: asked again, the screen's map is not asked (Textual's `find_widget`).
        compositor = app.screen._compositor
        asked = []
        find = compositor.find_widget
        compositor.find_widget = lambda widget: asked.append(widget) or find(widget)
        plain = app.query_one("#plain")
        assert plain.size == textual_size.TEXTUALS_SIZE.fget(plain)
        asked.clear()
        assert plain.size == (30, 1)
        assert asked == []
        inner = app.query_one("#inner")
        await inner.remove()
        assert inner.size == (0, 0) == textual_size.TEXTUALS_SIZE.fget(inner)
