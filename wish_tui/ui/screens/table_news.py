"""The newest news in sight: what lies over a table screen's log never hides its newest line.

One object the `TableScreen` composes (`screen.news`). Panels over the table (a question, a
lesson's step) end above `panels_bottom()`: the status line's row (or the detail line's) less
the rows the log's newest line takes, kept free for it when the log reaches down to it. Each time
something over the table moves, `keep_in_sight()` tells the log which screen rows are covered
(`TableScreen.rows_over_table`, which a lesson adds its panel to), and the log keeps its newest
line out from under them.
"""

from __future__ import annotations

from textual.css.query import NoMatches

from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.game_log import GameLog

MOST_NEWS_ROWS = 3
"""The most rows kept free for the newest line (a longer line shows its last rows there)."""


class TableNews:
    """Keeps the newest line of a `TableScreen`'s log in sight."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.number_told = False
        """True once the log said the number of a server's table opened with a seat open."""

    def log(self) -> GameLog | None:
        """The screen's log (None while it is not mounted): Textual keeps what `query_one`
        found, where a `query` walks every widget of the screen each time."""
        try:
            return self.screen.composed(GameLog)
        except NoMatches:
            return None

    def write_unread(self) -> None:
        """Write in the log what the seat at the keyboard has not read yet (and, as a table
        opened for a friend opens, its number: the status line may have no room for it on
        the opener's own turn)."""
        log = self.screen.composed(GameLog)
        log.write_lines(self.screen.seat.news())
        if not self.number_told:
            self.number_told = True
            table = self.screen.table
            if table.id and any(s.is_human and not s.person for s in table.seats):
                log.write(
                    f"— Table {table.id}: a seat waits for a friend, who joins it by its number."
                )

    def overlay_bottom(self) -> int:
        """The screen row the panels over the table end above when they can: the detail line's
        first (`TableDetail.rows`; it rises with a refusal of two lines), else the status
        line's."""
        screen = self.screen
        return screen.status_top() - screen.detail.rows()

    def panels_bottom(self) -> int:
        """The screen row the panels over the table end above: the status line's, or, when the
        log reaches down to the rows just above it (or to the detail line), the log's newest
        line's first row."""
        return self._bottoms()[0]

    def _bottoms(self) -> tuple[int, int]:
        """`panels_bottom()` and `news_top()`, the log measured once for both."""
        screen = self.screen
        top = screen.status_top()
        log = self.log()
        if log is None:
            return top, 0
        region = log.content_region
        base = min(top, self.overlay_bottom())
        if not region.height:
            return (base if screen.parts.narrow else top), 0
        news = max(1, min(MOST_NEWS_ROWS, log.newest_height(), region.height))
        if region.bottom < base:
            # The log ends higher up: the panels lie over none of its last rows. On a narrow
            # terminal they end above the detail line, which says what they highlight.
            return (base if screen.parts.narrow else top), region.y + news
        return min(base, region.bottom) - news, region.y + news

    def news_top(self) -> int:
        """The first row a question short of room may take (`ChoicePanel.keep_above`'s
        `floor_top`): just under the rows of the log's newest line, shown at its top."""
        return self._bottoms()[1]

    def rows_over_table(self) -> set[int]:
        """The screen rows something lies over the table on: the status line's second row, an
        open question."""
        screen = self.screen
        rows = set(range(screen.status_top(), screen.status_line.bottom()))
        rows.update(screen.detail.rows_risen())
        rows.update(screen.composed(ChoicePanel).rows_over_table())
        return rows

    def place_panels(self) -> None:
        """The status line moved: an open question ends above it (or the detail line), leaving
        the log's newest line in sight."""
        screen = self.screen
        with screen.status_line.measured():
            bottom, news_top = self._bottoms()
            rest = min(bottom, self.overlay_bottom())
            panel = screen.composed(ChoicePanel)
            panel.keep_above(bottom, rest, screen.status_top(), news_top)
            panel.spare_above(screen.parts.places_bottom())
            screen.detail.rise_with_status()
            self.keep_in_sight()

    def place_again(self) -> None:
        """The terminal changed size: an open question is placed anew where it now fits."""
        self.place_panels()
        self.screen.query_one(ChoicePanel).place_again()
        self.keep_in_sight()

    def close_answered(self, detail_shown: bool = False) -> None:
        """Close the choice panel once answered: the screen does it when the table has said what
        came of the action (a next decision of the same keyboard is asked in the panel still
        open, in place: closing and opening it again would lay the screen out twice).
        `detail_shown`: the detail line already says what it will with the panel closed (an
        answered panel is not open: the detail line speaks of the view, not of its options)."""
        panel = self.screen.composed(ChoicePanel)
        if panel.shown and not panel.is_open:
            panel.close()
            if not detail_shown:
                self.screen.detail.show()  # now, in the panel's frame (its message comes later)
            self.keep_in_sight()

    def keep_in_sight(self) -> None:
        """Tell the log what lies over it now."""
        with self.screen.status_line.measured():
            covered = self.screen.rows_over_table()
        log = self.log()
        if log is not None:
            log.cover(covered)
