"""The hot-seat curtain: hides the table until the next person is at the keyboard."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label


class CurtainScreen(ModalScreen[None]):
    """'Pass to …': nothing of the game shows until Enter is pressed."""

    DEFAULT_CSS = """
    CurtainScreen { align: center middle; background: $background; }
    CurtainScreen > Vertical { width: 60; height: auto; border: double $accent; padding: 1 2; }
    CurtainScreen Label { width: 100%; content-align: center middle; }
    """
    BINDINGS = [Binding("enter", "reveal", "I am here")]

    def __init__(self, who: str, reason: str) -> None:
        super().__init__()
        self.who = who
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Pass to {self.who}", id="curtain-title")
            yield Label(self.reason)
            yield Label("Press Enter when only they can see the screen.")

    def action_reveal(self) -> None:
        """Lift the curtain."""
        self.dismiss(None)
