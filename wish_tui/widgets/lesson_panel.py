"""The lesson panel: the step of a guided first game, over the bottom of the table.

It lies on the overlay layer just above the status line, or just above the choice panel while a
question is open, so the step and the question it talks about are on the screen together. The
first line is a rule with the lesson's title and step, so the panel stands apart from the table
beneath it without colours (NO_COLOR); the step's text is wrapped below it. Drawn with the line
API; it holds no game state, only the words it was given.
"""

from __future__ import annotations

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget

MAX_TEXT_LINES = 5
"""The most lines of text the panel shows (a lesson's texts fit in four at 80 columns)."""
_MEASURE = Console(width=400, color_system=None)


class LessonPanel(Widget):
    """The title and text of a lesson's step; `place(bottom)` puts it just above row `bottom`."""

    DEFAULT_CSS = """
    LessonPanel {
        layer: overlay; position: absolute; width: 100%; height: 3;
        background: $panel; color: $text;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.heading = ""
        """The rule's words: the lesson and its step."""
        self.words = ""
        """The step's text."""
        self._lines: list[str] = []

    def show(self, title: str, text: str) -> None:
        """Show a step (or the free-play sentence) under a title."""
        self.heading, self.words = title, text
        self._lines = self._wrap(self._width())
        self.styles.height = 1 + len(self._lines)
        self.display = True
        self.refresh()

    @property
    def lines(self) -> list[str]:
        """The text as wrapped on the screen, title first."""
        return [self._rule(self._width()), *self._lines]

    def place(self, bottom: int) -> None:
        """Put the panel's last line just above row `bottom` of the screen."""
        height = 1 + len(self._lines)
        self.styles.offset = (0, max(0, bottom - height))

    def _width(self) -> int:
        return max(20, (self.screen.size.width if self.is_attached else 80) or 80)

    def _wrap(self, width: int) -> list[str]:
        lines = [line.plain for line in Text(self.words).wrap(_MEASURE, width - 2)]
        if len(lines) > MAX_TEXT_LINES:
            lines = lines[:MAX_TEXT_LINES]
            lines[-1] = lines[-1][: width - 3] + "…"
        return lines

    def _rule(self, width: int) -> str:
        head = f"── {self.heading} "
        return head + "─" * max(0, width - len(head))

    def on_resize(self) -> None:
        lines = self._wrap(self._width())
        if lines != self._lines:
            self._lines = lines
            self.styles.height = 1 + len(lines)
            self.refresh()

    def render_line(self, y: int) -> Strip:
        base = self.rich_style
        width = self.size.width
        if y == 0:
            return Strip([Segment(self._rule(width), base + Style(bold=True))]).crop_extend(
                0, width, base
            )
        if y - 1 < len(self._lines):
            return Strip([Segment(" " + self._lines[y - 1], base)]).crop_extend(0, width, base)
        return Strip.blank(width, base)
