"""The screen shown while the terminal is smaller than the games need."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Label

from wish_tui.ui.screens.app_screen import AppModalScreen

MIN_WIDTH, MIN_HEIGHT = 40, 20


class TooSmallScreen(AppModalScreen[None]):
    """Shown while the terminal is smaller than the game needs."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen Label { width: 100%; content-align: center middle; text-style: bold; }
    """

    BINDINGS = [
        Binding("q,ctrl+q", "app.quit", "Quit", show=False),
        Binding("ctrl+c", "app.quit", "Quit", show=False, priority=True),
    ]

    def compose(self):
        yield Label(
            f"The terminal is too small: the games need at least {MIN_WIDTH}×{MIN_HEIGHT}. "
            "Please enlarge the window (q quits; a game in progress is kept)."
        )
