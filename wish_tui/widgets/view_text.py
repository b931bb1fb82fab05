"""A Static that redraws only when its text really changed (fewer bytes over SSH)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class ViewText(Static):
    """Base of the text widgets of the game screen."""

    _shown: Text | None = None

    def show(self, text: Text) -> None:
        """Display `text`; skip the redraw when it is what is already shown, and the layout pass
        when the number of lines is unchanged."""
        old = self._shown
        if old is not None and old == text:
            return
        same_height = old is not None and old.plain.count("\n") == text.plain.count("\n")
        self._shown = text
        self.update(text, layout=not same_height)
