"""Spirits of the Forest's board under a tap: which forest place each action is about.

A place is a forest place number (row * 12 + column, from 0): a row end that may be taken, a tile
a gemstone may go to, one's own gemstone to move or give up. A tap on one highlights it, as the
arrows and number keys do; a second tap takes it, as Enter does (`ui.screens.table_taps`).
"""

from __future__ import annotations

from wish_tui.spirits.words.marks import place_words
from wish_tui.ui.screens.table_taps import BoardTaps

from . import cursor as nav

GEM_KINDS = frozenset({"gem", "move"})
"""The gemstone step's actions: chosen on the forest once its highlight is up (`g`)."""


class SpiritsTaps(BoardTaps):
    """The places of the forest."""

    def places(self, view: dict, action) -> tuple:
        if action.kind == "take":
            return tuple(p for p, a in nav.take_targets(view, [action]).items() if a == action)
        if action.kind in ("gem", "give") and action.a >= 0:
            return (action.a,)
        if action.kind == "move" and action.a == self._source():
            return (action.b,)
        return ()

    def _source(self) -> int | None:
        """The gemstone a tap moves: the one chosen, or one's only gemstone that may move."""
        screen = self.screen
        if screen.move_from is not None:
            return screen.move_from
        sources = {a.a for a in screen.legal() if a.kind == "move"}
        return next(iter(sources)) if len(sources) == 1 else None

    def point(self, place, actions: list) -> bool:
        screen = self.screen
        legal = screen.legal() if screen.router.live() else []
        kinds = {a.kind for a in actions}
        if "take" in kinds:
            screen.cursor = place
        elif kinds & GEM_KINDS:
            screen.gem_mode, screen.move_from, screen.cursor = True, self._source(), place
        elif place in {a.a for a in legal if a.kind == "move"}:
            # One's own gemstone: the one to move, as Enter on it chooses it.
            screen.gem_mode, screen.move_from, screen.cursor = True, place, place
        else:
            return False
        screen.refresh_view()
        return True

    def pointed(self):
        return self.screen.cursor

    def name(self, view: dict, place) -> str:
        return place_words(place).capitalize()

    def words(self, view: dict, place) -> str:
        entry = view["forest"][place // 12][place % 12]
        if entry is None:
            return f"{place_words(place).capitalize()}: no tile is left there."
        what = self.screen._place_text(view, place)
        if entry["end"] or not any(a.kind == "take" for a in self.screen.legal()):
            return what
        return f"{what}: only a row's end tiles may be taken."
