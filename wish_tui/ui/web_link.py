"""The window that shows a browser link: its address and its QR code, to open on another device.

The lobby asks the table server for the link (key b); the server answers with a one-time address
that signs one browser in as this person within a few minutes. Esc or Enter closes the window.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label

from wish_tui.ui.screens.app_screen import AppModalScreen
from wish_tui.widgets.qr_code import QrCode


class WebLinkScreen(AppModalScreen[None]):
    """A one-time browser link, as an address and as a QR code."""

    DEFAULT_CSS = """
    WebLinkScreen { align: center middle; }
    WebLinkScreen > Vertical {
        width: auto; max-width: 100%; height: auto; max-height: 100%;
        background: $surface; padding: 0 1; align-horizontal: center;
    }
    WebLinkScreen Label { width: auto; max-width: 78; }
    WebLinkScreen #web-link-url { text-style: bold; }
    WebLinkScreen #web-link-help { color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape,enter,q", "close", "Close", show=True),
    ]

    def __init__(self, url: str, minutes: int) -> None:
        super().__init__()
        self.url = url
        self.minutes = minutes

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(
                f"Open this in a browser within {self.minutes} minutes; it signs that browser "
                "in as you, once:",
                id="web-link-title",
            )
            yield Label(self.url, id="web-link-url")
            yield QrCode(self.url, id="web-link-qr")
            yield Label("Esc or Enter closes; b in the lobby gives a new link.", id="web-link-help")

    def action_close(self) -> None:
        """Close the window (the link stays valid until it is used or expires)."""
        self.dismiss(None)
