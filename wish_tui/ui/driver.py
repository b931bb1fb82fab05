"""The terminal driver: Textual's own, writing each frame as fewer bytes."""

from __future__ import annotations

import os

from textual.drivers.linux_driver import LinuxDriver

from wish_tui.core.screen_diff import ScreenDiff
from wish_tui.core.sgr import compact


class CompactDriver(LinuxDriver):
    """Textual's POSIX driver; each write keeps only the cells that change (`core.screen_diff`)
    and is compacted (`core.sgr`) before it leaves.

    Under ``NO_COLOR`` Textual still paints in shades of grey (its Monochrome filter, 256-colour
    codes); here every colour is dropped, so none reaches the terminal (no-color.org).
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Textual reads NO_COLOR the same way: present means no colour.
        self._colour = "NO_COLOR" not in os.environ
        self._screen = ScreenDiff()
        self._size: os.terminal_size | None = None

    def write(self, data: str) -> None:
        try:
            size = os.get_terminal_size(self.fileno)
        except OSError:
            size = None
        if size != self._size:  # a resized terminal may have moved or cleared what it showed
            self._size = size
            self._screen.forget()
        super().write(compact(self._screen.frame(data), self._colour))
