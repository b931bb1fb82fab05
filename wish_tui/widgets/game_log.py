"""The game log: every seat's action in words, newest last, scrollable."""

from __future__ import annotations

from textual.widgets import RichLog


class GameLog(RichLog):
    """A scrollable log of the game."""

    DEFAULT_CSS = "GameLog { height: 1fr; min-height: 2; scrollbar-size-vertical: 0; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, max_lines=2000)
        # Never focused: a focus change would repaint the whole screen; PageUp/PageDown scroll it.
        self.can_focus = False
