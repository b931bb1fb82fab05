"""The legend: what the glyphs of the cards' rewards and of the seats' columns mean, one line
under your park (the widest wording that fits)."""

from __future__ import annotations

from rich.text import Text

from wish_tui.widgets.view_text import ViewText
from wish_tui.wishland.ui.style import DIM
from wish_tui.wishland.words.cells import legend


class LegendView(ViewText):
    """One line of glyphs and their words."""

    DEFAULT_CSS = "LegendView { height: 1; }"

    def update_view(self) -> None:
        """Show the legend for the widget's width."""
        self.show(Text(legend(self.size.width or 80), DIM))

    def on_resize(self) -> None:
        self.update_view()
        super().on_resize()
