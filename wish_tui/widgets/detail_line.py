"""The detail line: what the highlighted thing is, in words, just above the status line.

A table screen whose game describes its pieces (`TableScreen.DETAIL_ROWS`) shows it under the
board: the card, place or option under the cursor or highlighted in a window, with its full name
and what it does, so that a short label or a letter on the table is never all a person can read
of it. It starts with a mark (it reads as the detail without colour, under NO_COLOR), wraps its
words over its rows and ends a longer text in '…'. Drawn with the line API; it redraws only when
its words change, and holds nothing but them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget

from wish_tui.ui.terminal.textual_layout import content_size, own_rich_style

MARK = "▸ "
"""What the detail line begins with."""
_MEASURE = Console(width=400, color_system=None)
WRAPS_KEPT = 256
"""The most wrapped texts a detail line keeps."""
DRAWN_KEPT = 64
"""The most lines drawn a detail line keeps."""


class DetailLine(Widget):
    """Up to `rows` lines of words about one thing; `say(words)` replaces them."""

    DEFAULT_CSS = """
    DetailLine { width: 100%; height: 2; background: $boost; color: $text; }
    """

    def __init__(self, rows: int = 2, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows = rows
        """How many lines the detail takes (always: the layout never moves)."""
        self.words = ""
        """What the line says ('' when nothing is highlighted)."""
        self._lines: list[str] = []
        self._wrapped: dict[tuple[str, int], list[str]] = {}
        """Words already wrapped, by words and width: a game's detail tries the same texts
        for what fits each time the table changes."""
        self.styles.height = rows
        self._drawn: dict[tuple, Strip] = {}
        """Lines drawn, by the style, width, place (first or not) and words they were drawn
        with, up to `DRAWN_KEPT`."""
        self._held_width: int | None = None
        """The width the words wrap to, asked once for a text built of many tries (`held`)."""

    def say(self, words: str) -> None:
        """Say `words` about the highlighted thing ('' clears the line)."""
        words = " ".join(words.split())
        if words == self.words:
            return
        self.words = words
        self._rewrap()

    def set_rows(self, rows: int) -> None:
        """Take `rows` lines from now on (more on a phone's narrow terminal)."""
        if rows != self.rows:
            self.rows = rows
            self.styles.height = rows
            self._lines = []
            self._rewrap()

    def fits(self, words: str) -> bool:
        """True when `words` wrap into the line's rows whole."""
        return len(self._wrap(" ".join(words.split()))) <= self.rows

    @contextlib.contextmanager
    def held(self) -> Iterator[int]:
        """Within, the line's width is asked once (given): a detail's words test many texts
        with `fits`, in one handler, where the width does not change."""
        if self._held_width is not None:
            yield self._held_width
            return
        self._held_width = content_size(self).width  # in the map: no look-up through it
        try:
            yield self._held_width
        finally:
            self._held_width = None

    def _wrap(self, words: str) -> list[str]:
        held = self._held_width
        width = max(10, ((self.size.width if held is None else held) or 80) - len(MARK))
        if not words:
            return []
        if cell_len(words) <= width:
            return [words.rstrip()]  # one line: most tests of what fits are
        key = (words, width)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) >= WRAPS_KEPT:
                self._wrapped.clear()
            lines = [line.plain.rstrip() for line in Text(words).wrap(_MEASURE, width)]
            self._wrapped[key] = lines
        return list(lines)

    @property
    def lines(self) -> list[str]:
        """The lines as on the screen."""
        return list(self._lines)

    def _rewrap(self) -> None:
        with self.held() as held:
            width = max(10, (held or 80) - len(MARK))
            lines = self._wrap(self.words)
        if len(lines) > self.rows:
            lines = lines[: self.rows]
            lines[-1] = lines[-1][: width - 1].rstrip() + "…"
        if lines != self._lines:
            self._lines = lines
            self.refresh()

    def on_resize(self) -> None:
        self._lines = []
        self._rewrap()

    def render_line(self, y: int) -> Strip:
        base = own_rich_style(self)
        width = content_size(self).width
        if y >= len(self._lines):
            return Strip.blank(width, base)
        # A line's words come back (the cursor back on a place, a window's option again):
        # drawn once for the style and width it was drawn at.
        held = (base, width, y == 0, self._lines[y])
        strip = self._drawn.get(held)
        if strip is None:
            lead = MARK if y == 0 else " " * len(MARK)
            segments = [Segment(lead, base + Style(bold=True)), Segment(self._lines[y], base)]
            strip = Strip(segments).crop_extend(0, width, base)
            if len(self._drawn) >= DRAWN_KEPT:
                self._drawn.clear()
            self._drawn[held] = strip
        return strip
