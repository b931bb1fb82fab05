"""The lesson panel: the step of a guided first game, over the bottom of the table.

It lies on the overlay layer just above the status line, or just above the choice panel while a
question is open, so the step and the question it talks about are on the screen together and the
table above stays in view. The first line is a rule with the lesson's title and step, so the panel
stands apart from the table beneath it without colours (NO_COLOR); the step's text is wrapped
below it, and a hint said after a wrong key is its last line, in reverse video, until the next
right key. Drawn with the line API; it holds no game state, only the words it was given.
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
HINT_MARK = "✗ "
"""What a hint line starts with (it also shows in reverse video)."""
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
        self.hint = ""
        """The hint said after a wrong key ('' when none is shown)."""
        self._lines: list[str] = []
        self._hint_lines: list[str] = []
        self._bottom: int | None = None
        """The row the panel keeps above (None until placed)."""

    def show(self, title: str, text: str) -> None:
        """Show a step (or the free-play sentence) under a title, without a hint."""
        self.heading, self.words, self.hint = title, text, ""
        self.display = True
        self._rewrap()

    def say(self, hint: str) -> None:
        """Show a hint as the last line (in place of any shown before)."""
        if hint != self.hint:
            self.hint = hint
            self._rewrap()

    def unsay(self) -> None:
        """Take the hint away."""
        self.say("")

    @property
    def lines(self) -> list[str]:
        """The panel's lines as on the screen: the rule, the text, the hint."""
        hint = [(HINT_MARK if i == 0 else "  ") + line for i, line in enumerate(self._hint_lines)]
        return [self._rule(self._width()), *self._lines, *hint]

    @property
    def rows(self) -> int:
        """How many lines the panel takes."""
        return 1 + len(self._lines) + len(self._hint_lines)

    def place(self, bottom: int) -> None:
        """Put the panel's last line just above row `bottom` of the screen."""
        self._bottom = bottom
        self.styles.offset = (0, max(0, bottom - self.rows))

    def rows_over_table(self) -> range:
        """The screen rows the panel lies over (none while it is hidden)."""
        if not self.display:
            return range(0)
        top = int(self.styles.offset.y.value)
        return range(top, top + self.rows)

    def _width(self) -> int:
        return max(20, (self.screen.size.width if self.is_attached else 80) or 80)

    def _wrap(self, text: str, width: int, most: int) -> list[str]:
        lines = [line.plain for line in Text(text).wrap(_MEASURE, width)] if text else []
        if len(lines) > most:
            lines = lines[:most]
            lines[-1] = lines[-1][: width - 1] + "…"
        return lines

    def _rewrap(self) -> None:
        width = self._width()
        lines = self._wrap(self.words, width - 2, MAX_TEXT_LINES)
        hint_lines = self._wrap(self.hint, width - 2 - len(HINT_MARK), 2)
        if (lines, hint_lines) != (self._lines, self._hint_lines):
            self._lines, self._hint_lines = lines, hint_lines
            self.styles.height = self.rows
            bottom = self._bottom
            if bottom is not None:
                self.place(bottom)
        self.refresh()

    def _rule(self, width: int) -> str:
        head = f"── {self.heading} "
        return head + "─" * max(0, width - len(head))

    def on_resize(self) -> None:
        self._rewrap()

    def render_line(self, y: int) -> Strip:
        base = self.rich_style
        width = self.size.width
        lines = self.lines
        if y >= len(lines):
            return Strip.blank(width, base)
        if y == 0:
            segments = [Segment(lines[0], base + Style(bold=True))]
        elif y <= len(self._lines):
            segments = [Segment(" " + lines[y], base)]
        else:
            segments = [
                Segment(" ", base),
                Segment(lines[y], base + Style(bold=True, reverse=True)),
            ]
        return Strip(segments).crop_extend(0, width, base)
