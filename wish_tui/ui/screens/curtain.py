"""The hot-seat curtain: hides the table until the next person is at the keyboard.

Behind it, a person may save the game (`ctrl+s`) or leave (`q`) without lifting it.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label

from .app_screen import AppModalScreen


class CurtainScreen(AppModalScreen[None]):
    """'Pass to …': nothing of the game shows until Enter is pressed."""

    DEFAULT_CSS = """
    CurtainScreen { align: center middle; background: $background; }
    CurtainScreen > Vertical { width: 60; height: auto; border: double $accent; padding: 1 2; }
    CurtainScreen Label { width: 100%; content-align: center middle; }
    CurtainScreen.-slim > Vertical { width: 100%; padding: 1 1; }
    """
    BINDINGS = [
        Binding("enter", "reveal", "I am here"),
        Binding("ctrl+s", "save", "Save", show=False),
        Binding("q", "leave", "Quit", show=False),
    ]

    def __init__(
        self,
        who: str,
        reason: str,
        save: Callable[[], None] | None = None,
        leave: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.who = who
        self.reason = reason
        self._save = save
        self._leave = leave

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Pass to {self.who}", id="curtain-title")
            yield Label(self.reason)
            yield Label("Press Enter when only they can see the screen.")
            keys = [
                k for k, there in (("ctrl+s saves", self._save), ("q quits", self._leave)) if there
            ]
            if keys:
                yield Label(" · ".join(keys) + " (the table stays hidden)")

    def action_save(self) -> None:
        """Save the game, the table still hidden."""
        if self._save is not None:
            self._save()

    def action_leave(self) -> None:
        """Leave (the game's own question), the table still hidden."""
        if self._leave is not None:
            self._leave()

    def action_reveal(self) -> None:
        """Lift the curtain."""
        self.dismiss(None)
