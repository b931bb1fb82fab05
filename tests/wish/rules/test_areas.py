"""The twelve Manifest abilities, and Earth's Providence after every Manifest."""

from __future__ import annotations

import pytest

from wish_tui.wish import rules

from .helpers import act, area, crystals, names
from .positions import step_kind, table

THREE = ("fire", "earth", "air")
HAND = ["Sultan", "Glory", "Charm"]


def test_every_area_has_its_own_manifest_ability():
    """Map Areas: twelve Areas, each with a different Manifest ability."""
    abilities = [a.ability for a in rules.CATALOG.areas]
    assert len(set(abilities)) == 12


def test_dark_temple_draws_the_top_of_the_discard_pile_then_discards():
    """Map Areas 1: "Draw a Wish card from the discard pile. Discard a Wish card"."""
    state = table(at="Dark Temple", hand=HAND, discard=["Hurt", "Efreeti"])
    assert state.current_player == 0
    state = act(state, "manifest #1")
    assert state.players[0].hand == [*HAND, "Efreeti"]
    assert state.discard == ["Hurt"]
    assert names(state.legal_actions()) == [f"discard {c}" for c in [*HAND, "Efreeti"]]
    state = act(state, "discard Glory")
    assert state.players[0].hand == ["Sultan", "Charm", "Efreeti"]
    assert state.discard == ["Hurt", "Glory"]


def test_dark_temple_needs_a_discard_pile():
    """Map Areas 1: with an empty discard pile there is nothing to draw."""
    state = table(at="Dark Temple", hand=HAND)
    assert "manifest #1" not in names(state.legal_actions())


def test_cataracts_gains_two_and_each_other_player_one():
    """Map Areas 2: "Gain 2 Crystals of any color(s). Each other player gains 1 Crystal"."""
    state = act(table(THREE, at="Cataracts"), "manifest #1")
    assert state.current_player == 0 and len(state.legal_actions()) == 6
    state = act(state, "gain red", "gain purple")
    assert state.current_player == 1
    state = act(state, "gain blue")
    assert state.current_player == 2
    state = act(state, "gain green")
    assert [p.crystals for p in state.players] == [
        crystals(red=1, purple=1),
        crystals(blue=1),
        crystals(green=1),
    ]
    assert state.current_player == 0 and not state.pending


def test_palace_gardens_draws_from_the_deck_then_discards():
    """Map Areas 3: "Draw a Wish card. Discard a Wish card"."""
    state = table(at="Palace Gardens", hand=HAND, deck_top=["Hurt"])
    state = act(state, "manifest #1")
    assert state.players[0].hand == [*HAND, "Hurt"]
    state = act(state, "discard Hurt")
    assert state.players[0].hand == HAND and state.discard == ["Hurt"]


def test_palace_looks_at_an_opponents_hand_and_may_swap():
    """Map Areas 4: "Look at an opponent's hand. You may swap a Wish card"."""
    theirs = ["Hurt", "Efreeti", "Remedy"]
    state = table(at="Palace", hand=HAND, others={1: {"hand": theirs}})
    state = act(state, "manifest #1")
    options = names(state.legal_actions())
    assert len(options) == 3 * 3 + 1 and options[-1] == "pass"
    assert "swap Glory with Efreeti" in options
    state = act(state, "swap Glory with Efreeti")
    assert sorted(state.players[0].hand) == sorted(["Sultan", "Charm", "Efreeti"])
    assert sorted(state.players[1].hand) == sorted(["Hurt", "Glory", "Remedy"])
    kept = act(table(at="Palace", hand=HAND, others={1: {"hand": theirs}}), "manifest #1", "pass")
    assert kept.players[0].hand == HAND and kept.players[1].hand == theirs


def test_palace_chooses_whose_hand_to_look_at():
    """Map Areas 4: "an opponent's hand" — with two opponents the player chooses."""
    state = act(table(THREE, at="Palace", hand=HAND), "manifest #1")
    assert names(state.legal_actions()) == ["look earth", "look air"]
    state = act(state, "look air")
    assert step_kind(state) == "palace_swap" and state.pending[0][2] == 2


def test_forest_gains_one_crystal_of_any_colour():
    """Map Areas 5: "Gain 1 Crystal of any color"."""
    state = act(table(at="Forest"), "manifest #1")
    assert len(state.legal_actions()) == 6
    state = act(state, "gain yellow")
    assert state.players[0].crystals == crystals(yellow=1) and not state.pending


def test_ruins_teleports_anywhere():
    """Map Areas 6: "Teleport anywhere on the map"."""
    state = act(table(at="Ruins"), "manifest #1")
    options = names(state.legal_actions())
    assert len(options) == 12 and "teleport Ruins" not in options
    assert act(state, "teleport Cataracts").players[0].area == area("Cataracts")


def test_oasis_trades_with_the_caravan_from_afar():
    """Map Areas 7: "Trade with the Caravan. As if you were in the same Area"."""
    state = table(at="Oasis", caravan_pos=9, caravan_card=6, crystals=crystals(white=2))
    state = act(state, "manifest #1")
    assert state.players[0].vp_tokens == 3 and state.players[0].crystals == [0] * 6


def test_sandhills_replaces_the_offer_then_draws_and_discards():
    """Map Areas 8: "Discard all cards in the Offer and replace them with 3 cards ..."."""
    state = table(at="Sandhills", hand=HAND, deck_top=["Hurt", "Efreeti", "Remedy", "Beauty"])
    old = list(state.offer)
    state = act(state, "manifest #1")
    assert state.discard == old
    assert state.offer == ["Beauty", "Remedy", "Efreeti"]
    assert state.players[0].hand == [*HAND, "Hurt"]
    state = act(state, "discard Sultan")
    assert state.players[0].hand == ["Glory", "Charm", "Hurt"]
    assert state.discard == [*old, "Sultan"]


@pytest.mark.parametrize(
    ("name", "vp", "potions", "trickery"),
    [("Mountain Caves", 0, 1, 0), ("Volcano", 1, 0, 0), ("Dock", 0, 0, 1)],
)
def test_token_areas(name, vp, potions, trickery):
    """Map Areas 9, 10, 12: a Potion, 1 VP, a Trickery token (Example 7: Volcano 1 VP)."""
    state = act(table(at=name), "manifest #1")
    p = state.players[0]
    assert (p.vp_tokens, p.potions, p.trickery) == (vp, potions, trickery)
    assert not state.pending


def test_trade_market_spends_one_for_two_of_other_colours():
    """Map Areas 11: "Spend 1 Crystal. Gain 2 Crystals of any other color(s)"."""
    state = table(at="Trade Market", crystals=crystals(red=1, blue=1))
    state = act(state, "manifest #1")
    assert names(state.legal_actions()) == ["pay red", "pay blue"]
    state = act(state, "pay red")
    options = names(state.legal_actions())
    assert "gain red" not in options and len(options) == 5
    state = act(state, "gain green")
    assert "gain red" not in names(state.legal_actions())
    state = act(state, "gain green")
    assert state.players[0].crystals == crystals(blue=1, green=2)


def test_trade_market_needs_a_crystal():
    """Map Areas 11: nothing to spend, nothing to trade."""
    assert "manifest #1" not in names(table(at="Trade Market").legal_actions())


# -- Earth's Providence ------------------------------------------------------------------------
AREAS = [a.name for a in rules.CATALOG.areas]


def earth_at(name):
    return table(
        ("earth", "fire"),
        at=name,
        hand=HAND,
        crystals=crystals(white=1, purple=1),
        caravan_card=12,
        caravan_pos=8,
        discard=["Hurt"],
    )


@pytest.mark.parametrize("name", AREAS)
def test_providence_after_every_manifest(name):
    """Earth Djinn, Providence: "Whenever you Manifest, after concluding the Manifest action"."""
    state = act(earth_at(name), "manifest #3")
    while step_kind(state) != "nest":
        assert state.pending, "Providence never came"
        state = state.apply(state.legal_actions()[0])
    assert state.current_player == 0
    assert names(state.legal_actions()) == [f"nest {c}" for c in rules.COLOURS]
    assert len(state.pending) == 1
    before = list(state.players[0].crystals)
    state = act(state, "nest purple")
    assert state.players[0].nest == crystals(purple=1)
    assert state.players[0].crystals == before
    assert not state.pending


def test_providence_after_a_caravan_trade():
    """Earth Djinn, Providence: trading with the Caravan is a Manifest action."""
    state = act(earth_at("Volcano"), "caravan #3")
    assert state.players[0].crystals == crystals(red=1, blue=1, purple=1)
    assert step_kind(state) == "nest"
    state = act(state, "nest red")
    assert state.players[0].nest == crystals(red=1)


def test_example_7_volcano_then_providence_then_harvest():
    """Example 7: Manifest in the Volcano (1 VP), a Citrine on the Nest, then Harvest (on the
    Earth Djinn's column 2, unlocked)."""
    state = table(("earth", "fire"), at="Volcano", others={0: {"unlocked": True}})
    state = act(state, "manifest #3", "nest yellow")
    assert state.players[0].vp_tokens == 1 and state.players[0].nest == crystals(yellow=1)
    state = act(state, "harvest #2")
    assert state.players[0].crystals == crystals(yellow=1)
    assert state.players[0].nest == [0] * 6


def test_no_providence_for_other_djinns_or_other_actions():
    """Earth Djinn, Providence: only the Earth Djinn, only after a Manifest."""
    assert not act(table(at="Volcano"), "manifest #1").pending
    assert not act(table(("earth", "fire"), at="Volcano"), "empower #1").pending
