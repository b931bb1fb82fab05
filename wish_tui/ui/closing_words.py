"""What the app says as it closes: its exit message, or one sentence for an error it stopped on.

Textual prints, once the app has closed, its exit message or the traceback of an error nothing
caught, on the app's error console. Here that console writes into memory instead of the
terminal: a traceback goes to a crash report, with the record of the game that was open, and
never over the terminal, which at a server is a stranger's. A person at a server (SSH, the
browser) is told the game stopped and that it was reported, and nothing of the server's files;
a person at their own machine is told where the report is.
"""

from __future__ import annotations

import io
from pathlib import Path

from rich.text import Text

from wish_tui.crash import crash_sentence, keep_report


class ClosingWords:
    """The app's error console, held in memory, and the screens that were open.

    Args:
        console: the app's error console (Textual's `App.error_console`); it writes here from now on.
    """

    def __init__(self, console) -> None:
        self._said = io.StringIO()
        console.file = self._said
        self._screens: list = []
        self.failing = False
        """True once the app ends itself with a failure status (not a crash)."""
        self.report: Path | None = None
        """The crash report, once written."""

    def remember_screens(self, screens: list) -> None:
        """The screens open now (a crash report keeps the game of the topmost that has one)."""
        self._screens = list(screens)

    def words(self, return_code: int | None, served: bool) -> str:
        """What to tell the person once the app has run: its exit message, or for a crash (a
        failure status the app did not choose) one sentence, the report written first."""
        said = Text.from_ansi(self._said.getvalue()).plain.strip()
        if not return_code or self.failing:
            return said
        self.report = keep_report(said, self._open_record())
        if self.report is None and not served:
            return said  # the traceback, as Textual prints it, is better than nothing
        return crash_sentence(self.report, served)

    def _open_record(self) -> dict | None:
        """The record of the game open when the app stopped, if any."""
        from .replay import ReplayScreen
        from .screens.table_screen import TableScreen

        for screen in reversed(self._screens):
            if isinstance(screen, TableScreen):
                return screen.open_record()
            if isinstance(screen, ReplayScreen):
                return screen.record.to_json()
        return None
