"""The browser's driver: Textual's web driver, writing each frame with fewer style codes."""

from __future__ import annotations

from textual.drivers.web_driver import WebDriver

from wish_tui.core.sgr import compact


class CompactWebDriver(WebDriver):
    """Textual's web driver (as textual-serve runs apps); each write is compacted (`core.sgr`)."""

    def write(self, data: str) -> None:
        super().write(compact(data))
