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
                yield TracksView(id="tracks")
                yield OfferView(id="offer")
        with Horizontal(id="bottom"):
            yield PlayerBoard(id="board")
            if self.with_hand:
                yield HandView(id="hand")
        yield GameLog(id="log")

    def show_view(self, view: dict, seat: int, compact: bool, cursor: tuple | None = None) -> None:
        """Draw `view` as `seat` sees it, the look cursor (`wish.ui.look`) on `cursor`; the
        hand marks what can be fulfilled now from the view itself (the rules' `hand_status`)."""
        kind, arg = (cursor[0], cursor[1] if len(cursor) > 1 else None) if cursor else ("", None)
        self.query_one(MapView).update_view(view, arg if kind == "area" else None)
        self.query_one(TracksView).update_view(view, cursor)
        own_part = self.screen.has_class("narrow")
        offer = arg if kind == "offer" else None
        self.query_one(OfferView).update_view(view, compact, offer, own_part)
        self.query_one(PlayerBoard).update_view(
            view, seat, compact, arg if kind == "board" else None
        )
        if self.with_hand:
            status = hand_status(view, seat)
            self.query_one(HandView).update_hand(status, compact, arg if kind == "hand" else None)
