"""The game log: every seat's action in words, newest last, PageUp/PageDown to read back.

Drawn with Textual's line API and written for slow links: a new line is drawn on its own empty row
without moving the others, and only when the log is full does it turn the page (the last third of
the old page stays on top), one redraw for many lines instead of moving every row at each new
line as a scrolling log does. Over SSH this is most of the bytes a game sends.
"""

from __future__ import annotations

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

MAX_LINES = 4000
"""Lines kept; the oldest go first."""
PLAIN = Style()


class GameLog(Widget):
    """A log of the game that the person can page back through."""

    DEFAULT_CSS = "GameLog { height: 1fr; min-height: 2; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        # Never focused: a focus change would repaint the whole screen.
        self.can_focus = False
        self._texts: list[str] = []
        """Every line written, unwrapped."""
        self._rows: list[Strip] = []
        """The lines wrapped to the widget's width."""
        self._starts: list[bool] = []
        """Per row: True where a line begins (not the rest of a wrapped one)."""
        self._width = 0
        self._page_top = 0
        """The first row of the page new lines are written on."""
        self.top = 0
        """The index in `_rows` of the row shown first."""
        self._measure = Console(width=200, color_system=None)

    @property
    def lines(self) -> list[Strip]:
        """Every row of the log as drawn (wrapped), oldest first."""
        return list(self._rows)

    # -- writing -----------------------------------------------------------------------------
    def write(self, text: str | Text) -> None:
        """Add a line at the bottom."""
        plain = text.plain if isinstance(text, Text) else str(text)
        self._texts.append(plain)
        if len(self._texts) > MAX_LINES:
            drop = len(self._texts) - MAX_LINES
            self._texts = self._texts[drop:]
            self._rewrap()
            self._redraw_rows()
            return
        first_new = len(self._rows)
        self._add(plain)
        self._show_rows(first_new)

    def clear(self) -> None:
        """Remove every line."""
        self._texts.clear()
        self._rows.clear()
        self._starts.clear()
        self.top = self._page_top = 0
        self._redraw_rows()

    def _wrap(self, plain: str) -> list[Strip]:
        width = max(10, self._width or self.size.width or 80)
        wrapped = Text(plain).wrap(self._measure, width)
        return [Strip([Segment(line.plain, PLAIN)]) for line in wrapped] or [Strip([])]

    def _add(self, plain: str) -> None:
        rows = self._wrap(plain)
        self._rows.extend(rows)
        self._starts.extend([True] + [False] * (len(rows) - 1))

    def _rewrap(self) -> None:
        self._rows, self._starts = [], []
        for text in self._texts:
            self._add(text)
        newest = len(self._rows) - max(1, self.size.height)
        self._page_top = self._line_start(max(0, newest), len(self._rows) - 1)
        self.top = self._page_top

    def _line_start(self, row: int, limit: int) -> int:
        """The first row at or after `row` (and not after `limit`) where a line begins: a page
        shown from it opens on a whole line, not on the tail of one."""
        while row < limit and not self._starts[row]:
            row += 1
        return row

    def _show_rows(self, first_new: int) -> None:
        """Make the rows from `first_new` on visible, redrawing as little as possible."""
        height = max(1, self.size.height)
        last_new = len(self._rows) - 1
        reading_back = self.top != self._page_top
        if last_new >= self._page_top + height:
            # Turn the page: the last third of the page before stays on top for context, the
            # new rows follow, and the next lines again fill empty rows one at a time.
            top = max(first_new - max(1, height // 3), last_new - height + 1, 0)
            self._page_top = self._line_start(top, first_new)
        elif not reading_back:
            self.refresh(Region(0, first_new - self.top, self.size.width, last_new - first_new + 1))
            return
        self.top = self._page_top
        self._redraw_rows()

    # -- reading back --------------------------------------------------------------------------
    def scroll_page(self, pages: int) -> None:
        """Show an earlier or later page (PageUp: -1, PageDown: 1); never past the live page."""
        height = max(1, self.size.height)
        self.top = max(0, min(self.top + pages * max(1, height - 1), self._page_top))
        self._redraw_rows()

    # -- drawing -----------------------------------------------------------------------------
    def _redraw_rows(self) -> None:
        """Redraw the rows, not the border above them (a page turn need not resend it)."""
        self.refresh(Region(0, 0, self.size.width, max(1, self.size.height)))

    def on_resize(self) -> None:
        if self.size.width != self._width:
            self._width = self.size.width
            self._rewrap()
        else:
            # A new height (a status line of two lines, a taller terminal) keeps the page where
            # it is while its newest row still shows: moving it would resend every row.
            live = self.top == self._page_top
            newest = len(self._rows) - max(1, self.size.height)
            self._page_top = max(0, min(self._page_top, len(self._rows) - 1), newest)
            self.top = self._page_top if live else min(self.top, self._page_top)
        self.refresh()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(2, container.height)

    def render_line(self, y: int) -> Strip:
        index = self.top + y
        if 0 <= index < len(self._rows):
            return self._rows[index].crop_extend(0, self.size.width, PLAIN)
        return Strip.blank(self.size.width, PLAIN)
