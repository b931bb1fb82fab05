"""The legend: what the glyphs of the cards' rewards and of the seats' columns mean, one line
under your park (the widest wording that fits); on a narrow screen the whole legend, wrapped."""

from __future__ import annotations

from rich.text import Text

from wish_tui.widgets.view_text import NARROW_BELOW, ViewText, wrapped
from wish_tui.wishland.ui.style import DIM
from wish_tui.wishland.words.cells import LEGENDS, legend


class LegendView(ViewText):
    """One line of glyphs and their words."""

    DEFAULT_CSS = "LegendView { height: auto; }"

    def update_view(self, width: int = 0) -> None:
        """Show the legend for `width` cells (0: the widget's width)."""
        width = width or self.size.width or 80
        if width < NARROW_BELOW:
            self.show(wrapped(Text(LEGENDS[0], DIM), width))
        else:
            self.show(Text(legend(width), DIM))

    def on_resize(self) -> None:
        self.update_view()
        super().on_resize()
