"""Textual's Footer, its keys in rows on a phone's narrow terminal instead of cut off.

Textual's Footer lays its keys out in one row, as many columns as keys (set on the widget itself:
no style sheet can undo it), and a narrow terminal loses the keys past its edge. On a terminal
below `NARROW_WIDTH` columns or `NARROW_HEIGHT` rows whose width the keys do not fit in one row,
this one lays them out in as many columns as its widest key allows, on as many rows as needed.
At 80x24 and larger it is Textual's Footer.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer

NARROW_WIDTH, NARROW_HEIGHT = 80, 24
"""Below either, the keys wrap when they do not fit one row."""


def key_width(key_display: str, description: str) -> int:
    """The columns a footer's key takes: its key, its words and their spaces."""
    return len(key_display) + len(description) + 3


class KeyFooter(Footer):
    """A footer whose keys wrap onto rows on a narrow terminal."""

    DEFAULT_CSS = """
    KeyFooter.-wrapped { layout: grid; height: auto; grid-columns: 1fr; grid-gutter: 0 1; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._columns = 0
        """The columns Textual's Footer gave its keys (one a key)."""
        self._widths: list[int] = []
        """The columns each key takes."""

    def compose(self) -> ComposeResult:
        yield from super().compose()
        # The keys Textual's Footer shows: one an action, the bindings the screen shows.
        shown: dict[str, int] = {}
        for _, binding, _, _ in self.screen.active_bindings.values():
            if binding.show and binding.action not in shown:
                shown[binding.action] = key_width(
                    self.app.get_key_display(binding), binding.description
                )
        self._columns = self.styles.grid_size_columns
        self._widths = list(shown.values())
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        width, height = self.app.size
        widths = self._widths
        narrow = width < NARROW_WIDTH or height < NARROW_HEIGHT
        wrapped = narrow and bool(widths) and sum(w + 1 for w in widths) > width
        self.set_class(wrapped, "-wrapped")
        columns = self._columns
        if wrapped:
            columns = max(1, min(len(widths), width // (max(widths) + 1)))
        self.styles.grid_size_columns = columns
