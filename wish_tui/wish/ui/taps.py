"""Wish's board under a tap: which Area, card or line of one's board each action is about.

The places are the look cursor's targets (`look`): an Area of the map, a card of the Offer or
of the hand, a line of one's board, a seat; the actions are about Areas and cards (a crystal's
colour is chosen in the window: one's board shows the crystals on one line). A tap on one moves the look cursor there, as the
arrows do; a second tap takes the action it is about (`ui.screens.table_taps`).
"""

from __future__ import annotations

from wish_tui.ui.screens.table_taps import BoardTaps
from wish_tui.widgets.detail_line import DetailLine
from wish_tui.wish.rules import CATALOG
from wish_tui.wish.words.words import IN_AREA

from . import look


class WishTaps(BoardTaps):
    """The places of Wish's board: the look cursor's targets."""

    def places(self, view: dict, action) -> tuple:
        me = view["players"][self.screen.viewer]
        hand, offer = me.get("hand", []), view["offer"]
        found = []
        for name in (action.arg, action.at):
            if name in CATALOG.area_index:
                found.append(("area", CATALOG.area_index[name]))
        if action.kind in IN_AREA and not action.at:
            found.append(("area", CATALOG.area_index[me["area"]]))
        for name in (action.arg, action.arg2):
            if name and name in hand:
                found.append(("hand", hand.index(name)))
            if name and name in offer:
                found.append(("offer", offer.index(name) + 1))
        return tuple(found)

    def point(self, place, actions: list) -> bool:
        screen = self.screen
        if not look.valid(screen.view(), screen.viewer, place):
            return False
        screen.look_at = place
        screen.refresh_view()
        return True

    def pointed(self):
        return self.screen._look_target(self.screen.view())

    def name(self, view: dict, place) -> str:
        kind, arg = place[0], place[1] if len(place) > 1 else None
        if kind == "area":
            return CATALOG.areas[arg].name
        if kind == "hand":
            return view["players"][self.screen.viewer]["hand"][arg]
        if kind == "offer":
            return view["offer"][arg - 1] or ""
        return ""

    def words(self, view: dict, place) -> str:
        fits = self.screen.query_one(DetailLine).fits
        return look.target_words(view, self.screen.viewer, tuple(place), fits)
