"""The game log: every seat's action in words, newest last, PageUp/PageDown to read back.

Drawn with Textual's line API and written for slow links: a new line is drawn on its own empty row
without moving the others, and only when the log is full does it turn the page (the last third of
the old page stays on top), one redraw for many lines instead of moving every row at each new
line as a scrolling log does. Over SSH this is most of the bytes a game sends.

Something may lie over the log's rows (a lesson's panel, an open question, a refusal of two
lines): the screen says which (`cover`), and the newest line keeps out from under it. The page
then ends at the first row covered; when the newest line has no room there, it ends on the
lowest rows nothing lies over (the screen keeps some free just above its status line).
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from wish_tui.ui.terminal.textual_layout import content_size

from .plain_lines import plain_lines

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
        """The index in `_rows` of the row shown first (below 0: blank rows come first, when
        the newest line of a short log is kept low, out from under what covers the log)."""
        self._covered: frozenset[int] = frozenset()
        """The screen rows something lies over (`cover`)."""
        self._reading_back = False
        """True while PageUp shows an earlier page (a new line brings the live page back)."""
        self._shown_top = 0
        """The row the page laid out for new lines shows first (`_page_rows`)."""
        self._measure = Console(width=200, color_system=None)

    @property
    def lines(self) -> list[Strip]:
        """Every row of the log as drawn (wrapped), oldest first."""
        return list(self._rows)

    @property
    def line_starts(self) -> list[bool]:
        """Per row of `lines`: True where a line begins (not the rest of a wrapped one)."""
        return list(self._starts)

    def newest_height(self) -> int:
        """How many rows the newest line takes (0 for an empty log)."""
        return len(self._rows) - self._newest_start() if self._rows else 0

    def _newest_start(self) -> int:
        """The row the newest line begins on."""
        row = len(self._starts) - 1
        while row > 0 and not self._starts[row]:
            row -= 1
        return max(0, row)

    # -- writing -----------------------------------------------------------------------------
    def write(self, text: str | Text) -> None:
        """Add a line at the bottom."""
        self.write_lines([text])

    def write_lines(self, texts: Iterable[str | Text]) -> None:
        """Add lines at the bottom, in order: the page laid out as `write` of each in turn lays
        it out, and Textual asked the log's size and told what to redraw once for them all."""
        shown: tuple[int, int, int, int] | None = None
        """(first row new, the log's width, its height, the span's rows) once a line is shown."""
        for text in texts:
            plain = text.plain if isinstance(text, Text) else str(text)
            self._texts.append(plain)
            if len(self._texts) > MAX_LINES:
                drop = len(self._texts) - MAX_LINES
                self._texts = self._texts[drop:]
                self._rewrap()
                self._redraw_rows()
                shown = None
                continue
            first_new = len(self._rows)
            self._add(plain)
            if shown is None:
                width, height = self.size
                if not height:
                    # Not on the screen (a phone shows another part of the board): the page
                    # is laid out when the log shows again; turned now, it would keep only the
                    # newest row.
                    continue
                shown = (first_new, width, height, self._span(height))
            self._page_rows(first_new, shown[3])
        if shown is not None:
            first_new, width, height, _ = shown
            if self.top != self._shown_top or self._reading_back:
                self._reading_back = False
                self.top = self._shown_top
                self.refresh(Region(0, 0, width, max(1, height)))
            else:
                last_new = len(self._rows) - 1
                self.refresh(Region(0, first_new - self.top, width, last_new - first_new + 1))

    def clear(self) -> None:
        """Remove every line."""
        self._texts.clear()
        self._rows.clear()
        self._starts.clear()
        self.top = self._page_top = 0
        self._reading_back = False
        self._redraw_rows()

    def _wrap(self, plain: str) -> list[Strip]:
        width = max(10, self._width or self.size.width or 80)
        wrapped = plain_lines(plain, width, self._measure)
        return [Strip([Segment(line, PLAIN)]) for line in wrapped] or [Strip([])]

    def _add(self, plain: str) -> None:
        rows = self._wrap(plain)
        self._rows.extend(rows)
        self._starts.extend([True] + [False] * (len(rows) - 1))

    def _rewrap(self) -> None:
        self._rows, self._starts = [], []
        for text in self._texts:
            self._add(text)
        newest = len(self._rows) - max(1, self._span())
        self._page_top = self._line_start(max(0, newest), len(self._rows) - 1)
        self._reading_back = False
        self.top = self._live_top()

    def _line_start(self, row: int, limit: int) -> int:
        """The first row at or after `row` (and not after `limit`) where a line begins: a page
        shown from it opens on a whole line, not on the tail of one."""
        while row < limit and not self._starts[row]:
            row += 1
        return row

    def _page_rows(self, first_new: int, rows_free: int) -> None:
        """Lay the page out for the rows from `first_new` on, the newest (`rows_free`: what
        `_span` says): the row then shown first is `_shown_top`."""
        span = max(1, rows_free)
        last_new = len(self._rows) - 1
        if last_new >= self._page_top + span:
            # Turn the page: the last third of the page before stays on top for context, the
            # new rows follow, and the next lines again fill empty rows one at a time.
            top = max(first_new - max(1, span // 3), last_new - span + 1, 0)
            self._page_top = self._line_start(top, first_new)
        self._shown_top = self._live_top(rows_free)

    # -- what lies over it ---------------------------------------------------------------------
    def cover(self, rows: Iterable[int]) -> None:
        """Say which screen rows something lies over (a panel, a refusal's second line): the
        newest line keeps out from under them."""
        covered = frozenset(rows)
        if covered == self._covered:
            return
        self._covered = covered
        if not self._reading_back:
            span = self._span()
            self._fit_page(span)
            top = self._live_top(span)
            if top != self.top:
                self.top = top
                self._redraw_rows()

    def _hidden(self) -> frozenset[int]:
        """The log's own rows (0 is its first) that something lies over."""
        region = self.content_region
        return frozenset(row - region.y for row in self._covered if region.y <= row < region.bottom)

    def _span(self, height: int | None = None) -> int:
        """How many rows the page may fill: down to the first row something lies over
        (`height`: the log's, when known)."""
        height = max(1, self.size.height if height is None else height)
        hidden = self._hidden()
        return next((y for y in range(height) if y in hidden), height)

    def _fit_page(self, span: int) -> None:
        """Lay the page out anew for the rows left in sight (`span`, as `_span` says): the
        newest line on its last row, the lines before it above (a page opened under a window
        of its own height keeps its context once the window goes)."""
        last = len(self._rows) - 1
        if self._rows and self.newest_height() <= span:
            self._page_top = self._line_start(max(0, last - span + 1), self._newest_start())

    def _live_top(self, span: int | None = None) -> int:
        """The row shown first while the log follows its newest line: the page's, unless the
        newest line has no room above what covers the log; then it ends on the lowest rows
        that nothing lies over (`span`: what `_span` says, when known)."""
        need = self.newest_height()
        span = self._span() if span is None else span
        if need <= span:
            return self._page_top
        height, hidden = max(1, self.size.height), self._hidden()
        last = len(self._rows) - 1
        for rows in (need, 1):
            for end in range(height - 1, rows - 2, -1):
                if not any(end - k in hidden for k in range(rows)):
                    return last - end
        return last - (height - 1)

    # -- reading back --------------------------------------------------------------------------
    def scroll_page(self, pages: int) -> None:
        """Show an earlier or later page (PageUp: -1, PageDown: 1); never past the live page."""
        height = max(1, self.size.height)
        live = self._live_top()
        self.top = max(min(0, live), min(self.top + pages * max(1, height - 1), live))
        self._reading_back = self.top != live
        self._redraw_rows()

    # -- drawing -----------------------------------------------------------------------------
    def _redraw_rows(self) -> None:
        """Redraw the rows, not the border above them (a page turn need not resend it)."""
        width, height = self.size  # (Textual looks the widget's region up each time)
        self.refresh(Region(0, 0, width, max(1, height)))

    def on_resize(self) -> None:
        if self.size.width != self._width:
            self._width = self.size.width
            self._rewrap()
        else:
            # A new height (a status line of two lines, a taller terminal) keeps the page where
            # it is while its newest row still shows: moving it would resend every row.
            newest = len(self._rows) - max(1, self._span())
            self._page_top = max(0, min(self._page_top, len(self._rows) - 1), newest)
            live = self._live_top()
            self.top = min(self.top, live) if self._reading_back else live
            self._reading_back = self.top != live
        self.refresh()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(2, container.height)

    def render_line(self, y: int) -> Strip:
        index = self.top + y
        width = content_size(self).width
        if 0 <= index < len(self._rows):
            return self._rows[index].crop_extend(0, width, PLAIN)
        return Strip.blank(width, PLAIN)
