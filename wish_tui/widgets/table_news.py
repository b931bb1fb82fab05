"""The newest news in sight: what lies over a table screen's log never hides its newest line.

A part of `TableScreen` kept in its own file (mixed into it). Panels over the table (a question,
a lesson's step) end above `panels_bottom()`: the status line's row (or the detail line's) less
the rows the log's newest line takes, kept free for it when the log reaches down to it. Each time
something over the table moves, `keep_news_in_sight()` tells the log which screen rows are
covered, and the log keeps its newest line out from under them.
"""

from __future__ import annotations

from .choice_panel import ChoicePanel
from .game_log import GameLog

MOST_NEWS_ROWS = 3
"""The most rows kept free for the newest line (a longer line shows its last rows there)."""


class TableNews:
    """Keeps the newest line of a `TableScreen`'s log in sight."""

    def kept_rows(self) -> int:
        """How many rows at the screen's top a panel over the table leaves in sight (a game's
        map: a lesson's panel goes under them); 0 for none."""
        return 0

    def panels_bottom(self) -> int:
        """The screen row the panels over the table end above: the status line's, or, when the
        log reaches down to the rows just above it (or to the detail line), the log's newest
        line's first row."""
        top = self.status_top()
        logs = self.query(GameLog)
        if not logs:
            return top
        log = logs.first()
        region = log.content_region
        base = min(top, self.overlay_bottom())
        if not region.height or region.bottom < base:
            return top  # the log ends higher up: the panels lie over none of its last rows
        news = max(1, min(MOST_NEWS_ROWS, log.newest_height(), region.height))
        return min(base, region.bottom) - news

    def news_top(self) -> int:
        """The first row a question short of room may take (`ChoicePanel.keep_above`'s
        `floor_top`): just under the rows of the log's newest line, shown at its top."""
        logs = self.query(GameLog)
        if not logs or not logs.first().content_region.height:
            return 0
        log = logs.first()
        region = log.content_region
        return region.y + max(1, min(MOST_NEWS_ROWS, log.newest_height(), region.height))

    def rows_over_table(self) -> set[int]:
        """The screen rows something lies over the table on: the status line's second row, an
        open question (a game's overlay adds its own)."""
        rows = set(range(self.status_top(), self.size.height - 1))
        rows.update(self.query_one(ChoicePanel).rows_over_table())
        return rows

    def keep_news_in_sight(self) -> None:
        """Tell the log what lies over it now."""
        for log in self.query(GameLog):
            log.cover(self.rows_over_table())
