"""The window that shows a browser link: its address and its QR code, to open on another device.

The lobby asks the table server for the link (key b); the server answers with a one-time address
that signs one browser in as this person within a few minutes. Esc or Enter closes the window.
On a phone's narrow terminal the sentences and the address wrap; a QR code wider than the window
gives way to a sentence saying how wide a window it needs.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Size
from textual.widgets import Label

from wish_tui.ui.screens.app_screen import AppModalScreen
from wish_tui.widgets.qr_code import QrCode

ROOMY = Size(10_000, 10_000)
"""Room enough to measure the QR code's own width."""


class WebLinkScreen(AppModalScreen[None]):
    """A one-time browser link, as an address and as a QR code."""

    DEFAULT_CSS = """
    WebLinkScreen { align: center middle; }
    WebLinkScreen > Vertical {
        width: auto; max-width: 100%; height: auto; max-height: 100%; overflow-y: auto;
        background: $surface; padding: 0 1; align-horizontal: center;
    }
    WebLinkScreen Label { width: auto; max-width: 78; }
    WebLinkScreen.-slim > Vertical { width: 100%; }
    WebLinkScreen.-slim Label { width: 1fr; }
    WebLinkScreen #web-link-url { text-style: bold; }
    WebLinkScreen #web-link-help, WebLinkScreen #web-link-narrow { color: $text-muted; }
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
                f"Open in a browser within {self.minutes} minutes to sign that browser in as "
                "you, once:",
                id="web-link-title",
            )
            yield Label(self.url, id="web-link-url")
            yield QrCode(self.url, id="web-link-qr")
            yield Label("", id="web-link-narrow")
            yield Label("Esc or Enter closes; b in the lobby gives a new link.", id="web-link-help")

    def on_resize(self) -> None:
        qr = self.query_one(QrCode)
        needed = qr.get_content_width(ROOMY, ROOMY) + 2  # the window's padding
        fits = needed <= self.size.width
        qr.display = fits
        narrow = self.query_one("#web-link-narrow", Label)
        narrow.display = not fits
        narrow.update(
            f"The QR code needs a window {needed} columns wide; open the address above instead."
        )

    def action_close(self) -> None:
        """Close the window (the link stays valid until it is used or expires)."""
        self.dismiss(None)
