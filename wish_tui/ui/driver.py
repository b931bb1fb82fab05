"""The terminal driver: Textual's own, writing each frame with fewer style codes."""

from __future__ import annotations

import os

from textual.drivers.linux_driver import LinuxDriver

from wish_tui.core.sgr import compact


class CompactDriver(LinuxDriver):
    """Textual's POSIX driver; each write is compacted (`core.sgr`) before it leaves.

    Under ``NO_COLOR`` Textual still paints in shades of grey (its Monochrome filter, 256-colour
    codes); here every colour is dropped, so none reaches the terminal (no-color.org).
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Textual reads NO_COLOR the same way: present means no colour.
        self._colour = "NO_COLOR" not in os.environ

    def write(self, data: str) -> None:
        super().write(compact(data, self._colour))
