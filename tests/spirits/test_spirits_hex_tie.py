"""A Hex whose least is tied says so ("✗ you tie for the least now"): "✗ you have the least"
read as if the seat alone had the least when it was tied for it. Correct by the rules (Hex
Cards: "all tied players are considered to have the least"; the module's example: "has the
least or is tied for the least favor tokens, and loses 6"), but a newcomer read it as wrong.
Silent Meadow's line, the longest, still fits 80 columns ("(tied)" after the words did not)."""

from __future__ import annotations

import pytest

from wish_tui.spirits.ui.cards_view import card_status
from wish_tui.spirits.words.text import section

from .rules.helpers import FOUR, endgame, tile

HELD = {
    True: {1: [0, 1, 2, 12], 2: [4, 5, 6, 13]},  # Air and Earth hold no Favor token
    False: {1: [0, 1, 12], 2: [4, 5, 13], 3: [3, 7]},  # Air alone holds none
}


@pytest.mark.parametrize("tied", [True, False])
def test_the_hexs_state_says_tied_when_the_least_is_tied(tied):
    state = endgame(FOUR, hexes={0: "Forsaken"}, held=HELD[tied], last=tile("spiders"))
    view = state.view(0)
    words, _ = card_status("hex", view["players"][0]["hex"], over=False)
    (line,) = [s for s in section(view, 0, "cards") if s.startswith("Your Hex")]
    assert len(f"Hex Silent Meadow: least Flowers+Web Spiders → −6 {words}") < 80
    if tied:
        assert words == "✗ you tie for the least now"
        assert line.endswith("It is not avoided: you tie for the least now."), line
    else:
        assert words == "✗ you have the least now"
        assert line.endswith("It is not avoided: you have the least now."), line
