"""Wish's board: the map with tracks and Offer on top, the player board and hand below, the log.

It renders one seat's view and holds nothing; the game screen and the replay both show it. On a
phone's narrow terminal it shows one of its four parts at a time (`PARTS`): the map, the tracks
and Offer, your board above your hand, the log. Each reads whole at 40 columns, abbreviated by
design where it must be (an Area's tiny name in the map, an action's first letters on the board);
the detail line says the whole of what the look cursor is on.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from wish_tui.ui.screens.table_board import TableBoard
from wish_tui.ui.terminal.textual_column import lay_out_in_parent
from wish_tui.widgets.game_log import GameLog

from .hand_view import HandView, hand_status
from .map_view import MapView
from .offer_view import OfferView
from .player_board import PlayerBoard
from .taps import WishTaps
from .tracks_view import TracksView


class WishBoard(TableBoard):
    """The whole table of Wish as one seat sees it."""

    DEFAULT_CSS = "WishBoard { height: 1fr; }"
    PARTS = (("map", "Map"), ("side", "Offer"), ("bottom", "You"), ("log", "Log"))
    TAPS = WishTaps

    def __init__(self, *, with_hand: bool = True, id: str | None = None) -> None:
        super().__init__(id=id)
        self.with_hand = with_hand

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield MapView(id="map")
            with Vertical(id="side"):
                # A line gained or lost (the round's trade) moves the Offer below it alone.
                yield lay_out_in_parent(TracksView(id="tracks"))
                yield OfferView(id="offer")
        with Horizontal(id="bottom"):
            yield PlayerBoard(id="board")
            if self.with_hand:
                yield HandView(id="hand")
        yield GameLog(id="log")

    def show_view(self, view: dict, seat: int, compact: bool, cursor: tuple | None = None) -> None:
        """Draw `view` as `seat` sees it, the look cursor (`wish.ui.look`) on `cursor`; the
        hand marks what can be fulfilled now from the view itself (the rules' `hand_status`).
        Each part is drawn only when what it reads of the view changed (`ViewParts`)."""
        kind, arg = (cursor[0], cursor[1] if len(cursor) > 1 else None) if cursor else ("", None)
        parts = self.view_parts
        area, offer = self.composed(MapView), self.composed(OfferView)
        tracks, board = self.composed(TracksView), self.composed(PlayerBoard)
        parts.show("map", area.update_view, view, arg if kind == "area" else None)
        parts.show("tracks", tracks.update_view, view, cursor, width=tracks.size.width)
        # On a narrow terminal the Offer, a part of its own, says what its width has room for.
        own_part = self.screen.has_class("narrow")
        cursor_slot = arg if kind == "offer" else None
        parts.show(
            "offer", offer.update_view, view, compact, cursor_slot, own_part, width=offer.size.width
        )
        mine = arg if kind == "board" else None
        parts.show("board", board.update_view, view, seat, compact, mine, width=board.size.width)
        if self.with_hand:
            parts.show(
                "hand", self._show_hand, view, seat, compact, arg if kind == "hand" else None
            )

    def _show_hand(self, view: dict, seat: int, compact: bool, cursor: int | None) -> None:
        self.composed(HandView).update_hand(hand_status(view, seat), compact, cursor)
