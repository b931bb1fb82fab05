"""The Caravan: its sixteen cards (movement and trade), the final round at the Dock, the Oasis."""

from __future__ import annotations

import pytest

from wish_tui.wish import rules

from .helpers import act, area, crystals, names
from .positions import table

# number, move, what the Caravan asks, crystals it gives, VP, Potions, Trickery (caravan.toml)
CARDS = [
    (1, 1, crystals(purple=1, green=1, white=1), crystals(), 4, 0, 0),
    (2, 0, crystals(red=1, blue=1), crystals(), 0, 1, 0),
    (3, 1, crystals(yellow=1, white=1), crystals(), 0, 0, 1),
    (4, 1, crystals(red=2), crystals(blue=1, green=1, yellow=1), 0, 0, 0),
    (5, 1, crystals(blue=1, yellow=1, purple=1), crystals(), 4, 0, 0),
    (6, 0, crystals(green=1), crystals(red=1, white=1), 0, 0, 0),
    (7, 1, crystals(white=2), crystals(), 3, 0, 0),
    (8, 1, crystals(red=1, green=1, yellow=1), crystals(), 4, 0, 0),
    (9, 1, crystals(purple=1), crystals(yellow=1, blue=1), 0, 0, 0),
    (10, 1, crystals(blue=2), crystals(), 1, 1, 0),
    (11, 1, crystals(yellow=1), crystals(green=1, purple=1), 0, 0, 0),
    (12, 0, crystals(green=2), crystals(), 3, 0, 0),
    (13, 1, crystals(white=1), crystals(red=1, blue=1), 0, 0, 0),
    (14, 1, crystals(purple=2), crystals(), 1, 0, 1),
    (15, 2, crystals(red=1, yellow=1, white=1, blue=1), crystals(), 6, 0, 0),
    (16, 1, crystals(blue=1), crystals(white=1, yellow=1), 0, 0, 0),
]
ROUTE = rules.CATALOG.route
DOCK = len(ROUTE) - 1


def end_of_round(caravan_pos, deck):
    """Seat 1 (the last in turn order) is about to end the round; `deck` top is its last card."""
    return table(caravan_pos=caravan_pos, caravan_deck=list(deck), turn_idx=1)


def test_sixteen_caravan_cards():
    """Components: "16 x Caravan Cards"; Example 3 fixes card 1's trade."""
    assert len(rules.CATALOG.caravan_cards) == 16
    assert [c.number for c in rules.CATALOG.caravan_cards] == list(range(1, 17))


def test_every_order_of_the_caravan_deck_ends_the_game_in_8_to_12_rounds():
    """Game End: the rounds are "random"; designed: the game lasts 8-14 rounds
    (docs/rules-decisions.md, Game length). One card a round: the fastest order draws the largest
    moves first, the slowest the smallest first."""
    moves = sorted(card.move for card in rules.CATALOG.caravan_cards)
    steps = DOCK

    def rounds(order):
        total = 0
        for n, move in enumerate(order, 1):
            total += move
            if total >= steps:
                return n
        return len(order)  # the last card drawn makes the last round

    assert sum(moves) >= steps
    assert rounds(moves[::-1]) == 8
    assert rounds(moves) == 12


def test_the_caravan_route_starts_top_left_and_ends_at_the_dock():
    """Setup 5 and Caravan Cards: it starts top-left and ends at the Dock (the X)."""
    areas = rules.CATALOG.areas
    assert (areas[ROUTE[0]].row, areas[ROUTE[0]].col) == (0, 0)
    assert areas[ROUTE[-1]].name == "Dock"
    for a, b in zip(ROUTE, ROUTE[1:], strict=False):
        assert b in areas[a].neighbours


@pytest.mark.parametrize(("number", "move", "give", "get", "vp", "potions", "trickery"), CARDS)
def test_caravan_card_moves_the_caravan_at_the_start_of_the_round(
    number, move, give, get, vp, potions, trickery
):
    """Caravan Cards: "moves one Area if only one Travel icon is lit, and twice if both"."""
    state = act(end_of_round(2, [15 if number != 16 else 0, number - 1]), "end")
    assert state.round == 2
    assert state.caravan_card == number - 1
    assert state.caravan_pos == 2 + move
    assert state.current_player == 0 and not state.final_round


@pytest.mark.parametrize(("number", "move", "give", "get", "vp", "potions", "trickery"), CARDS)
def test_caravan_card_trade(number, move, give, get, vp, potions, trickery):
    """Manifest: "pay what the Caravan requests to gain what the Caravan offers" (Example 3)."""
    state = table(at="Sandhills", caravan_card=number - 1, crystals=give)
    state = act(state, "caravan #1")
    p = state.players[0]
    assert p.crystals == get
    assert (p.vp_tokens, p.potions, p.trickery) == (vp, potions, trickery)
    assert p.markers[0] == "manifest"
    assert not state.pending


@pytest.mark.parametrize(("number", "move", "give", "get", "vp", "potions", "trickery"), CARDS)
def test_caravan_trade_needs_the_whole_request(number, move, give, get, vp, potions, trickery):
    """Manifest: the trade needs everything the Caravan requests."""
    short = list(give)
    short[next(c for c in range(6) if short[c])] -= 1
    state = table(at="Sandhills", caravan_card=number - 1, crystals=short)
    assert "caravan #1" not in names(state.legal_actions())


def test_example_3_amethyst_emerald_diamond_for_4_vp():
    """Example 3: "They spend an Amethyst, an Emerald, and a Diamond to gain 4VP"."""
    state = table(
        at="Sandhills", caravan_card=0, crystals=crystals(purple=1, green=1, white=1, red=1)
    )
    state = act(state, "caravan #1")
    assert state.players[0].vp_tokens == 4
    assert state.players[0].crystals == crystals(red=1)


def test_trading_needs_the_caravans_area():
    """Manifest: "If you are in the same Area as the Caravan meeple"."""
    state = table(at="Ruins", caravan_card=12, crystals=crystals(white=1))
    assert not any(a.kind == "caravan" for a in state.legal_actions())


def test_oasis_trades_as_if_in_the_caravans_area():
    """Map Areas 7: "Oasis: Trade with the Caravan. As if you were in the same Area"."""
    state = table(at="Oasis", caravan_pos=8, caravan_card=12, crystals=crystals(white=1))
    assert "caravan #1" not in names(state.legal_actions())
    state = act(state, "manifest #1")
    assert state.players[0].crystals == crystals(red=1, blue=1)


def test_oasis_cannot_manifest_without_the_caravans_request():
    """Map Areas 7: the Oasis trade still needs what the Caravan requests."""
    state = table(at="Oasis", caravan_pos=8, caravan_card=12, crystals=crystals(red=1))
    assert "manifest #1" not in names(state.legal_actions())


def test_reaching_the_dock_makes_the_round_the_last():
    """Game End: "Once the Caravan reaches the final marked position ... the final round"."""
    state = act(end_of_round(8, [1, 0]), "end")
    assert state.caravan_pos == DOCK
    assert state.final_round and not state.is_over
    assert state.current_player == 0
    state = act(state, "end")
    assert state.current_player == 1 and not state.is_over
    state = act(state, "end")
    assert state.is_over and state.phase == "over"
    assert state.current_player is None
    assert state.legal_actions() == []
    assert state.round == 2
    assert state.final_scores()["winners"]


def test_the_caravan_stops_at_the_dock():
    """Caravan Cards: the Dock is the end of the route (a 2-move card from the Volcano)."""
    state = act(end_of_round(8, [1, 14]), "end")
    assert state.caravan_pos == DOCK and state.final_round


def test_one_step_short_of_the_dock_the_game_goes_on():
    """Game End: only reaching the X makes the final round."""
    state = act(end_of_round(7, [1, 0]), "end")
    assert state.caravan_pos == 8 and not state.final_round
    state = act(state, "end", "end")
    assert state.round == 3 and not state.is_over


def test_a_zero_move_card_at_the_start_does_not_end_the_game():
    """Caravan Cards: "does not move if no Travel icons are lit up"."""
    state = act(end_of_round(0, [5, 1]), "end")
    assert state.caravan_pos == 0 and not state.final_round


def test_the_last_caravan_card_makes_the_last_round():
    """designed: see docs/rules-decisions.md (Caravan deck running out)."""
    state = act(end_of_round(0, [1]), "end")
    assert state.caravan_deck == [] and state.final_round
    state = act(state, "end", "end")
    assert state.is_over


def test_the_caravan_card_is_active_until_the_next_round():
    """Caravan Cards: "this card is active until a new card is drawn" (Oasis at round two)."""
    state = table(
        at="Oasis", caravan_card=12, caravan_deck=[0, 8], crystals=crystals(white=1, purple=1)
    )
    state = act(state, "manifest #1", "end", "end")
    assert state.caravan_card == 8
    assert state.players[0].crystals == crystals(red=1, blue=1, purple=1)
    assert state.players[0].area == area("Oasis")
