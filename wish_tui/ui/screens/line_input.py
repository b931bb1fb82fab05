"""A one-line input window: a chat line, a name. Enter gives the text, Esc gives None."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label

from wish_tui.widgets.line_field import LineField

from .app_screen import AppModalScreen


class LineInput(AppModalScreen[str | None]):
    """Ask for one line of text, at most `limit` characters."""

    DEFAULT_CSS = """
    LineInput { align: center bottom; }
    LineInput > Vertical { width: 100%; height: auto; background: $surface; padding: 0 1;
        border-top: heavy $accent; margin-bottom: 2; }
    LineInput Label { width: 100%; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, prompt: str, limit: int, value: str = "", cancellable: bool = True) -> None:
        super().__init__()
        self.prompt = prompt
        self.limit = limit
        self.value = value
        self.cancellable = cancellable
        self.cancelled = False
        """True once Esc closed it (its answer is None, as an empty line's is)."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.prompt)
            # No blinking cursor (over SSH each blink is a redraw); typing goes after the text.
            field = LineField(value=self.value[: self.limit], max_length=self.limit)
            field.select_on_focus = False
            field.cursor_blink = False
            yield field

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        """Close without sending (when a question may be left unanswered)."""
        if self.cancellable:
            self.cancelled = True
            self.dismiss(None)
