"""The table of Wishland: the round and Turn Order Track, the Marketplace, every seat's tracks,
the Achievements, your park, the log.

It renders one seat's view and holds nothing of the game; the game screen and the replay both
show it. The screen passes the cards its keys may buy (`buyable`), the highlighted card and the
Achievements that may be claimed now.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Size

from wish_tui.ui.screens.table_board import TableBoard
from wish_tui.widgets.game_log import GameLog

from .achievements_view import AchievementsView
from .cursor import (
    ACHIEVEMENTS_ROW,
    MARKET_PART,
    PARK_PART,
    SEATS_ROW,
    TABLE_PART,
    park_row,
)
from .legend_view import LegendView
from .market_view import MarketView
from .park_view import ParkView
from .round_view import RoundView
from .seats_view import SeatsView
from .taps import WishlandTaps


class WishlandBoard(TableBoard):
    """The whole table of Wishland as one seat sees it."""

    DEFAULT_CSS = """
    WishlandBoard { height: 1fr; }
    WishlandBoard > .part { height: auto; }
    WishlandBoard MarketView { border-bottom: none; }
    WishlandBoard.roomy SeatsView { border-top: solid $panel; }
    WishlandBoard.roomy SeatsView, WishlandBoard.roomy ParkView { margin-top: 1; }
    """
    PARTS = ((MARKET_PART, "Market"), (TABLE_PART, "Seats"), (PARK_PART, "Park"), ("log", "Log"))
    TAPS = WishlandTaps
    """A phone shows one at a time: the round and the Marketplace (in solo your hand) with your
    Credits and Workers, where every purchase is made; the seats and the Achievements; your
    park and the legend; the log."""

    def compose(self) -> ComposeResult:
        with Vertical(id=MARKET_PART, classes="part"):
            yield RoundView(id="round")
            yield MarketView(id="market")
        with Vertical(id=TABLE_PART, classes="part"):
            yield SeatsView(id="seats")
            yield AchievementsView(id="achievements")
        with Vertical(id=PARK_PART, classes="part"):
            yield ParkView(id="park")
            yield LegendView(id="legend")
        yield GameLog(id="log")

    def show_view(
        self, view: dict, seat: int, compact: bool, buyable=(), cursor=None, claimable=()
    ) -> None:
        """Render `view` as `seat` sees it, marking what the keys may choose now. Each part is
        drawn only when what it reads of the view changed (`ViewParts`)."""
        self.set_class(not compact, "roomy")
        parts = self.view_parts
        width = self.size.width or 80
        parts.show("round", self.composed(RoundView).update_view, view, seat, width)
        # A phone shows the Marketplace as a part of its own: your Credits and Workers with it.
        own_part = self.screen.has_class("narrow")
        market = (buyable, cursor, width, own_part, self.screen.size)
        parts.show("market", self._show_market, view, seat, *market)
        row, column = cursor if cursor is not None else (None, None)
        highlighted_seat = (
            row - SEATS_ROW if row is not None and SEATS_ROW <= row < ACHIEVEMENTS_ROW else None
        )
        parts.show(
            "seats", self.composed(SeatsView).update_view, view, seat, highlighted_seat, width
        )
        feat = column if row == ACHIEVEMENTS_ROW else None
        achievements = self.composed(AchievementsView).update_view
        parts.show("achievements", achievements, view, seat, claimable, feat, width)
        park = cursor[1] if cursor is not None and cursor[0] == park_row(view) else None
        parts.show(
            "park", self.composed(ParkView).update_view, view, seat, not compact, park, width
        )
        parts.show("legend", self._show_legend, view, width)

    def _show_market(
        self, view: dict, seat: int, buyable, cursor, width: int, own_part: bool, screen: Size
    ) -> None:
        """The Marketplace, whose cards take two lines each on a large `screen`."""
        self.composed(MarketView).update_view(view, seat, buyable, cursor, width, own_part)

    def _show_legend(self, view: dict, width: int) -> None:
        """The legend, which says the same whatever the view."""
        self.composed(LegendView).update_view(width)
