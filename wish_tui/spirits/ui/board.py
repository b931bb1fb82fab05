"""The table of Spirits of the Forest: the forest on top, every seat's collection, your cards and
tokens, the log.

It renders one seat's view and holds nothing of the game; the game screen and the replay both
show it. The screen passes the places its keys may choose (`targets`) and the highlighted one.
"""

from __future__ import annotations

from textual.app import ComposeResult

from wish_tui.ui.screens.table_board import TableBoard
from wish_tui.widgets.game_log import GameLog

from .cards_view import CardsView
from .forest_view import ForestView
from .seats_view import SeatsView, code_names
from .taps import SpiritsTaps

LOG_ROWS_KEPT = 4
"""The codes' names show under the table only where the log keeps this many rows beside them."""


class SpiritsBoard(TableBoard):
    """The whole table of Spirits of the Forest as one seat sees it."""

    DEFAULT_CSS = """
    SpiritsBoard { height: 1fr; }
    SpiritsBoard SeatsView, SpiritsBoard CardsView { text-wrap: nowrap; text-overflow: ellipsis; }
    SpiritsBoard #cards { padding: 0 0 0 1; }
    """
    PARTS = (("forest", "Forest"), ("seats", "Seats"), ("cards", "Cards"), ("log", "Log"))
    """A phone shows one at a time: the forest (where every take and gemstone is chosen), the
    seats' collections, your Wish, Hex and Favor tokens, the log."""
    TAPS = SpiritsTaps

    def compose(self) -> ComposeResult:
        yield ForestView(id="forest")
        yield SeatsView(id="seats")
        yield CardsView(id="cards")
        yield GameLog(id="log")

    def show_view(self, view: dict, seat: int, compact: bool, targets=(), cursor=None) -> None:
        """Render `view` as `seat` sees it, marking `targets` and the `cursor` place. Each part
        is drawn only when what it reads of the view changed (`ViewParts`)."""
        parts = self.view_parts
        forest = self.composed(ForestView)
        spaced = not compact
        parts.show(
            "forest", forest.update_view, view, targets, cursor, spaced, width=forest.size.width
        )
        seats = self.composed(SeatsView)
        # The rows the log would have without the names (the layout so far is the judge); a
        # phone shows the seats as a part of their own, with room for the names.
        free = self.composed(GameLog).size.height + seats.names_rows
        width = self.size.width
        own_part = self.screen.has_class("narrow")
        named = width and (own_part or free - len(code_names(width)) >= LOG_ROWS_KEPT)
        names_width = width if named else 0
        parts.show("seats", seats.update_view, view, seat, compact, names_width, width or 80)
        # A part of their own on a phone has room for the others' cards too.
        others = not compact or own_part
        cards = self.composed(CardsView)
        parts.show("cards", cards.update_view, view, seat, not others, width or 80)
