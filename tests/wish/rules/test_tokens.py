"""The symmetrical abilities: the 3:1 trade, Potion and Trickery tokens, the Lock token."""

from __future__ import annotations

from .helpers import act, crystals, meeples_in, names
from .positions import cost, fulfil, plus, table


# -- Trade ------------------------------------------------------------------------------------
def test_example_11_three_crystals_for_one():
    """Example 11: "trade a Ruby, a Sapphire, and an Emerald to gain an Amethyst"."""
    state = table(("water", "fire"), at="Cataracts", crystals=crystals(red=1, blue=1, green=1))
    state = act(state, "trade purple", "pay red", "pay blue")
    assert state.players[0].crystals == crystals(purple=1)
    assert state.players[0].markers == ["", "", "", ""]


def test_trade_is_free_and_repeatable():
    """Trade: "as a free action any number of times"."""
    state = table(crystals=crystals(red=6))
    state = act(state, "trade blue")
    state = act(state, "trade green", "pay red", "pay red", "pay red")
    assert state.players[0].crystals == crystals(blue=1, green=1)
    assert state.players[0].markers == ["", "", "", ""]


def test_trade_pays_with_other_colours_only():
    """Trade: "to gain 1 Crystal of any other color"."""
    state = table(crystals=crystals(red=3, blue=2))
    assert "trade red" not in names(state.legal_actions())
    assert "trade blue" in names(state.legal_actions())


def test_trade_needs_three_crystals():
    """Trade: three Crystals for one (two for the Air Djinn)."""
    state = table(crystals=crystals(red=1, blue=1))
    assert not any(a.kind == "trade" for a in state.legal_actions())
    state = act(table(crystals=crystals(red=2, blue=1)), "trade green")
    assert names(state.legal_actions()) == ["pay red", "pay blue"]


def test_trade_options_exclude_the_gained_colour():
    """Trade: the Crystals given are not of the colour gained."""
    state = act(table(crystals=crystals(red=3, blue=3, green=1)), "trade blue")
    assert names(state.legal_actions()) == ["pay red", "pay green"]
    state = act(table(crystals=crystals(red=3, blue=3)), "trade blue")
    assert state.players[0].crystals == crystals(blue=4)


# -- Potion -----------------------------------------------------------------------------------
def test_potion_is_a_fourth_action_after_all_three_markers():
    """Potion tokens: "after they used all their action markers, to perform a fourth action"."""
    state = table(others={0: {"potions": 2}})
    assert not any(a.potion for a in state.legal_actions())
    state = table(others={0: {"potions": 2, "markers": ["manifest", "", "empower", "special"]}})
    potions = names(a for a in state.legal_actions() if a.potion)
    assert "potion travel Ruins #1" in potions and "potion travel Dock #1" in potions
    for used in ("potion manifest #1", "potion empower #3", "potion clone"):
        assert not any(p.startswith(used) for p in potions), used
    state = act(state, "potion travel Dock #1")
    p = state.players[0]
    assert p.potions == 1 and p.area != 8


def test_example_12_potion_not_for_an_action_a_marker_performed():
    """Example 12: "a Potion token could be used to perform an Empower, Fulfill, or Special action.
    It could not be used for a Travel or Manifest action as they have an action marker on them."
    The three markers are on Travel and Manifest only: a board with two Manifest symbols (Earth's,
    unlocked)."""
    state = table(
        ("earth", "water"),
        hand=["Strength"],
        crystals=cost("Strength"),
        others={
            0: {
                "potions": 1,
                "unlocked": True,
                "nest": crystals(red=1),
                "markers": ["travel", "manifest", "manifest", ""],
            }
        },
    )
    kinds = {a.kind for a in state.legal_actions() if a.potion}
    assert kinds == {"empower", "fulfill", "harvest"}


def test_potion_never_repeats_an_action_a_marker_performed():
    """Potion tokens: "not an action that was performed by an action marker". Water's board
    (Player Board) has Empower on columns 1 and 2: after a marker Empowered on column 2, a Potion
    cannot Empower on column 1 either; Fulfill and Ice Dibs stay open."""
    state = table(
        ("water", "fire"),
        at="Cataracts",
        hand=["Strength"],
        crystals=cost("Strength"),
        others={
            0: {"potions": 1, "unlocked": True, "markers": ["manifest", "empower", "travel", ""]}
        },
    )
    kinds = {a.kind for a in state.legal_actions() if a.potion}
    assert kinds == {"fulfill", "icedibs"}


def test_no_second_travel_by_potion():
    """Potion tokens: after a marker Travelled on column 1, Fire's other Travel symbol (column 4)
    is no Potion Travel."""
    state = table(others={0: {"potions": 1, "markers": ["travel", "", "empower", "special"]}})
    kinds = {a.kind for a in state.legal_actions() if a.potion}
    assert kinds == {"manifest"}


def test_only_one_potion_per_turn():
    """Potion tokens: "You can use only one Potion token per turn"."""
    state = table(others={0: {"potions": 3, "markers": ["manifest", "", "empower", "special"]}})
    state = act(state, "potion travel Dock #1")
    assert not any(a.potion for a in state.legal_actions())
    assert state.players[0].potions == 2


def test_potion_allowance_comes_back_next_turn():
    """Potion tokens: one per turn, so again on the next turn."""
    state = table(others={0: {"potions": 2, "markers": ["manifest", "", "empower", "special"]}})
    state = act(state, "potion travel Dock #1", "end", "end")
    assert state.turn_seat == 0 and state.players[0].potion_used == ""
    assert state.players[0].markers == ["", "", "", ""]


# -- Trickery -----------------------------------------------------------------------------------
RED_ONLY = [2, 0, 0, 0, 0, 0]


def test_example_13_trickery_recolours_the_wishing_person_for_the_fulfil():
    """Example 13: red Wishing Person to white, to Fulfill "Richest Merchant"."""
    rich = cost("Richest Merchant")
    state = table(hand=["Richest Merchant"], crystals=rich, people=RED_ONLY)
    assert not any(a.kind == "fulfill" for a in state.legal_actions())
    state = table(
        hand=["Richest Merchant"], crystals=rich, people=RED_ONLY, others={0: {"trickery": 1}}
    )
    assert "fulfill Richest Merchant trickery red #3" in names(state.legal_actions())
    state = fulfil(state, "Richest Merchant", how="trickery red")
    p = state.players[0]
    assert p.trickery == 0 and p.trickery_used
    assert p.meeples == crystals(red=1)
    assert meeples_in(state, "Volcano") == crystals_dict(red=1)


def crystals_dict(**counts):
    from wish_tui.wish.rules import COLOURS

    return dict(zip(COLOURS, crystals(**counts), strict=True))


def test_trickery_only_once_per_turn():
    """Trickery tokens: "You can use only one Trickery token per turn"."""
    state = table(
        ("water", "fire"),
        hand=["Treasure", "Jewelry"],
        crystals=plus(cost("Treasure"), cost("Jewelry")),
        people=RED_ONLY,
        offer=["Sultan", "Glory", "Hurt"],
        others={0: {"trickery": 2}},
    )
    state = fulfil(state, "Treasure", how="trickery red #3")
    assert not any(a.kind == "fulfill" for a in state.legal_actions())
    assert state.players[0].trickery == 1


def test_trickery_not_needed_for_a_matching_wishing_person():
    """Trickery tokens are spent only when chosen."""
    state = table(hand=["Beauty"], crystals=cost("Beauty"), others={0: {"trickery": 1}})
    state = fulfil(state, "Beauty")
    assert state.players[0].trickery == 1 and not state.players[0].trickery_used


# -- Lock ---------------------------------------------------------------------------------------
def test_example_10_third_wish_unlocks_the_middle_column_the_same_turn():
    """Lock token, Example 10: "You can use the unlocked column the same turn"."""
    state = table(
        hand=["Kingdom"],
        crystals=cost("Kingdom"),
        fulfilled=["Hurt", "Sultan"],
        offer=["Charm", "Efreeti", "Remedy"],
    )
    assert "empower #2" not in names(state.legal_actions())
    state = fulfil(state, "Kingdom")
    assert state.players[0].unlocked
    assert "empower #2" in names(state.legal_actions())
    state = act(state, "empower #2")
    assert state.players[0].crystals == crystals(blue=1, red=1)


def test_second_wish_keeps_the_lock():
    """Lock token: the third Wish, not the second, unlocks."""
    state = table(hand=["Kingdom"], crystals=cost("Kingdom"), fulfilled=["Glory"])
    state = fulfil(state, "Kingdom")
    assert not state.players[0].unlocked
    assert "empower #2" not in names(state.legal_actions())


def test_still_three_markers_with_the_column_unlocked():
    """Lock token: "The player still performs 3 actions each turn"."""
    state = table(others={0: {"unlocked": True}})
    state = act(state, "empower #2", "empower #3", "manifest #1")
    assert {a.kind for a in state.legal_actions()} <= {"trade", "end"}
