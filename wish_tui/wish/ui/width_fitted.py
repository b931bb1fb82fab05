"""A text of Wish's board whose words depend on its width: shown again when the width changes."""

from __future__ import annotations

from collections.abc import Callable

from wish_tui.widgets.view_text import ViewText


class WidthFitted(ViewText):
    """A `ViewText` that draws itself again, with what it was last given, at a new width."""

    _shown: tuple[Callable, tuple] | None = None
    """How it was last drawn: the method and its arguments."""

    def remember(self, method: Callable, *arguments) -> None:
        """Keep how the widget is being drawn, to draw it so again at a new width."""
        self._shown = (method, arguments)

    _fitted_width = 0
    """The width it was last drawn again for."""

    def on_resize(self) -> None:
        # ViewText clears its drawn lines on a new width too (Textual calls both handlers); a
        # new height alone (a line more) fits the same words.
        if self._shown is not None and self.size.width != self._fitted_width:
            self._fitted_width = self.size.width
            method, arguments = self._shown
            method(*arguments)
