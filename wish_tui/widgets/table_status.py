"""The table screen's status line: whose turn it is and what to do, or why a key was refused.

A part of `TableScreen` kept in its own file (mixed into it). A refusal takes the status line's
place, marked `✗` and in warning style, in at most two lines (the second over the log's last
row: the layout never moves), until the next key or the next change at the table; the next
refusal replaces it. A toast over the seats' rows said it before: as it came and went it
repainted the rows under it, most of the bytes a refused key sent.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from .choice_panel import ChoicePanel
from .view_text import ViewText

REFUSED_MARK = "✗ "
"""What begins a refusal: it reads as refused without colour (NO_COLOR, a screen reader)."""
REFUSAL_LINES = 2
"""The most lines a refusal takes; a longer one ends in '…'."""
_MEASURE = Console(width=400, color_system=None)


class TableStatus:
    """The status line of a `TableScreen` (its `#status`)."""

    _refusal: str | None = None
    """The sentence of the refusal the status line shows (None: it shows the turn's status)."""

    def refuse(self, sentence: str) -> None:
        """Say in the status line why what was asked is refused (replacing an earlier refusal)."""
        self._refusal = sentence
        self._show_status()

    def clear_refusal(self) -> None:
        """Take the refusal off the status line (a key was pressed, the table changed)."""
        if self._refusal is not None:
            self._refusal = None
            self._show_status()

    def _show_status(self, view: dict | None = None) -> None:
        """Show the status line: the refusal when there is one, else the turn's status."""
        status = self.query_one("#status", ViewText)
        if self._refusal is None:
            text = Text(self._status_line(self.view() if view is None else view))
        else:
            text = Text("\n".join(self._refusal_lines(status.size.width or self.size.width)))
        status.set_class(self._refusal is not None, "-refused")
        status.show(text)
        self.name_keys(text.plain)
        top = self.status_top()
        status.styles.offset = (0, max(0, top))
        self.status_placed(top)

    def status_top(self) -> int:
        """The screen row the status line begins at: just above the key bar, the screen's last
        row (a refusal of two lines rises over the log's last row)."""
        lines = self.query_one("#status", ViewText).text.plain.count("\n") + 1
        return self.size.height - 1 - lines

    def _refusal_lines(self, width: int) -> list[str]:
        words = self._with_clock(REFUSED_MARK + self._refusal)
        indent = " " * len(REFUSED_MARK)
        lines = [line.plain for line in Text(words).wrap(_MEASURE, max(10, width - len(indent)))]
        if len(lines) > REFUSAL_LINES:
            lines = lines[:REFUSAL_LINES]
            lines[-1] = lines[-1][: width - len(indent) - 1].rstrip() + "…"
        return [lines[0], *(indent + line for line in lines[1:])]

    def status_placed(self, top: int) -> None:
        """The status line now begins at screen row `top`: what lies just above it moves (a
        game's overlay may follow it too), keeping the log's newest line in sight."""
        bottom, rest = self.panels_bottom(), min(self.panels_bottom(), self.overlay_bottom())
        self.query_one(ChoicePanel).keep_above(bottom, rest, self.status_top(), self.news_top())
        self.keep_news_in_sight()

    def overlay_bottom(self) -> int:
        """The screen row the panels over the table end above when they can: the detail line's
        first (`TableScreen.DETAIL_ROWS`), else the status line's."""
        return min(self.status_top(), self.size.height - 2 - self.DETAIL_ROWS)

    def _status_line(self, view: dict) -> str:
        return self._with_clock(self._status_words(view))

    def _with_clock(self, words: str) -> str:
        """`words` after the table's clock, when it has one."""
        clock = self.clock_line()
        return f"{clock} │ {words}" if clock else words

    def _status_words(self, view: dict) -> str:
        table = self.table
        if table.is_over:
            return "The game is over: Enter shows the final scoring, q leaves."
        seat = table.deciding
        info = table.seats[seat]
        who = self._seat_label(seat)
        if not info.mine:
            if not info.is_human and getattr(table, "hurries_bots", False):
                return f"{who} is thinking… press any key to hurry it."
            return f"Waiting for {who}." + self.waiting_keys()
        if seat != self.viewer:
            return f"Waiting for {who}."
        if self.asks_in_panel(view):
            return f"{info.title}: a decision is waiting — choose in the window."
        return f"{info.title}: " + self.turn_status(view)
