"""The browser's driver: Textual's web driver, writing each frame with fewer style codes."""

from __future__ import annotations

from textual.drivers.web_driver import WebDriver

from wish_tui.ui.terminal.sgr import compact


class CompactWebDriver(WebDriver):
    """Textual's web driver (as textual-serve runs apps); each write is compacted (`ui.terminal.sgr`)."""

    def write(self, data: str) -> None:
        super().write(compact(data))
