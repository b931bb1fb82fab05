"""The terminal driver: Textual's own, writing each frame with fewer style codes."""

from __future__ import annotations

from textual.drivers.linux_driver import LinuxDriver

from wish_tui.core.sgr import compact


class CompactDriver(LinuxDriver):
    """Textual's POSIX driver; each write is compacted (`core.sgr`) before it leaves."""

    def write(self, data: str) -> None:
        super().write(compact(data))
