"""Wishland's board under a tap: which card or Achievement each action is about.

The places are the highlight's (`cursor`): a card of the Marketplace (in solo of your hand), a
seat's row, an Achievement, a card of your park; and the Turn Order Track's spaces. A tap on one
moves the highlight there (or the window's, to the space's option), as the arrows do; a second
tap buys (plays, claims, takes) it, as Enter does (`ui.screens.table_taps`).
"""

from __future__ import annotations

from wish_tui.ui.screens.table_taps import BoardTaps
from wish_tui.wishland.words.marks import card_title

from . import cursor as places


class WishlandTaps(BoardTaps):
    """The places of Wishland's table: the highlight's."""

    def places(self, view: dict, action) -> tuple:
        seat = self.screen.viewer
        if action.kind in ("buy", "play"):
            cards = places.offered(view, seat).items()
            return tuple(place for place, card in cards if card["id"] == action.arg)
        if action.kind == "order":
            return ((places.ORDER_ROW, int(action.arg)),)
        if action.kind == "claim":
            feats = enumerate(places.achievements(view, seat))
            return tuple((places.ACHIEVEMENTS_ROW, i) for i, a in feats if a["id"] == action.arg)
        return ()

    def point(self, place, actions: list) -> bool:
        screen = self.screen
        place = tuple(place)
        if place not in places.places(screen.view(), screen.viewer):
            return False
        screen.cursor = place
        screen.refresh_view()
        return True

    def pointed(self):
        return self.screen.cursor

    def name(self, view: dict, place) -> str:
        card = places.offered(view, self.screen.viewer).get(tuple(place))
        return card_title(card["id"]) if card else ""

    def words(self, view: dict, place) -> str:
        return ""
