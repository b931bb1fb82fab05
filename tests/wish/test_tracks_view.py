"""The seats' line of the tracks: once the game is over it shows the final scoring's totals, not
the VP on the table (a newcomer saw 27 VP there and 33 in the final scoring)."""

from __future__ import annotations

import random

from wish_tui.wish import rules
from wish_tui.wish.ui.tracks_view import seat_line, trade_line


def finished_view(seed: int) -> dict:
    rng = random.Random(seed)
    state = rules.new_game(["air", "water"], seed=seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state.view(0)


def test_a_finished_games_seat_lines_show_the_final_totals():
    view = finished_view(4)
    for entry in view["scores"]["seats"]:  # as when Destinies add to the table's VP
        entry["total"] += 6 + entry["seat"]
    totals = {e["seat"]: e["total"] for e in view["scores"]["seats"]}
    for p in view["players"]:
        assert totals[p["seat"]] != p["visible_score"]
        assert f"{totals[p['seat']]:>3}VP" in seat_line(p, view).plain


def test_each_caravan_trade_is_written_with_single_spaces():
    """A Caravan card that gives no crystal read 'Trade GG →  3VP' (nothing before its VP)."""
    for card in rules.CATALOG.caravan_cards:
        line = trade_line(card).plain
        assert "  " not in line and not line.endswith(" "), line
