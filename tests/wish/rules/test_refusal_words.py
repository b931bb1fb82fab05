"""The refusals a newcomer met in issue 34 say which rule refuses, and where to go.

"Special is not possible here and now." came with Clones left on the screen and column 4 free;
"no g here" was all a hand said of the Wishing Person a Wish needs.
"""

from __future__ import annotations

import textwrap

import pytest

from wish_tui.wish import rules

from .helpers import crystals
from .positions import cost, table

NO_GREEN = [1, 1, 0, 1, 1, 1]
"""One Wishing Person of each colour but green."""


def _refusal(state, text: str) -> str:
    with pytest.raises(rules.IllegalAction) as info:
        rules.parse_action(state, text)
    return str(info.value)


def test_fire_with_both_clones_used_up_hears_why_its_special_is_closed():
    """Fiery Clone token: "Whenever you Empower, Manifest, or Fulfill from an Area with a Fiery
    Clone token, remove the token" — Example 8: "by discarding a Fiery Clone token"; Fire has two
    (Components). Column 4 (Fulfill or Fiery Clone) is free, yet no clone is left to place."""
    state = table(("fire", "earth"), clones=[], clones_discarded=2)
    assert rules.why_not_now(state, "special") == (
        "Both Fiery Clone tokens are used up: a clone is discarded once you Empower, Manifest "
        "or Fulfill from its Area (Example 8), and Fire has two."
    )


def test_water_with_every_frostflake_placed_hears_where_they_are():
    """Water Djinn, Ice Dibs: three Frostflake tokens (setup step 10)."""
    state = table(("water", "fire"), frost=["Vendetta", "Treasure", "Strength"])
    assert "All three Frostflakes lie on Offer cards" in rules.why_not_now(state, "special")


def test_earth_with_an_empty_nest_hears_how_it_fills():
    """Earth Djinn, Providence: "Whenever you Manifest ... place 1 Crystal ... on your Nest";
    Harvest gains them. Harvest is on column 2, open here."""
    state = table(("earth", "fire"), others={0: {"unlocked": True}})
    assert rules.why_not_now(state, "special") == (
        "Your Nest is empty: Providence puts a Crystal on it after each Manifest."
    )


def test_a_wish_refused_for_its_wishing_person_names_the_rule_and_where_to_go():
    """Fulfill: "they must be in an Area that has a Wishing Person meeple of the same color as
    the Wish card"; Cards: "Health Wishes need a green Wishing Person meeple"."""
    state = table(at="Volcano", hand=["Cure Me"], crystals=cost("Cure Me"), people=NO_GREEN)
    message = _refusal(state, "fulfill Cure Me #3")
    assert message.startswith("Cure Me needs a green Wishing Person in your Area; ")
    assert ": go there" in message
    nearest = message.split("; ")[1].split(" has ")[0]
    assert nearest in ("Forest", "Cataracts")  # the two Areas with green people at the start
    assert rules.explain.hand_status(state, 0)["Cure Me"]["why"] == message


def test_the_hand_says_the_price_and_the_wishing_person_in_one_sentence():
    state = table(at="Volcano", hand=["Cure Me"], crystals=crystals(blue=1), people=NO_GREEN)
    why = rules.explain.hand_status(state, 0)["Cure Me"]["why"]
    assert why.startswith("You still need 1 Emerald to afford Cure Me, and a green Wishing Person")


def test_no_wishing_person_of_the_colour_left_on_the_map_is_said():
    """The four green Wishing Persons all collected by Earth: none is left to fulfill with."""
    earth = {"meeples": [0, 0, 4, 0, 0, 0], "fulfilled": ["Heal Them", "Remedy", "Long Life"]}
    state = table(
        at="Volcano",
        hand=["Cure Me"],
        crystals=cost("Cure Me"),
        people=NO_GREEN,
        others={1: earth},
    )
    assert not any(state.to_dict()["area_meeples"][2::6])
    assert "none is left on the map" in _refusal(state, "fulfill Cure Me #3")


def test_a_manifest_that_cannot_be_used_says_why():
    """Mountain Caves: "Gain 1 Potion token" — ten Potion tokens in the box (Components)."""
    state = table(at="Mountain Caves", others={1: {"potions": 10}})
    reason = rules.why_not_now(state, "manifest")
    assert "The Manifest of Mountain Caves cannot be used: no Potion token is left" in reason
    assert "the Caravan trades only in its Area" in reason


def test_a_manifest_refused_on_its_column_says_why():
    """Dark Temple: "Draw a Wish card from the discard pile" — none when it is empty."""
    state = table(at="Dark Temple", discard=[])
    assert "the discard pile is empty" in _refusal(state, "manifest #1")


def test_the_clones_left_count_leaves_out_the_used_up_ones():
    """Issue 34: the board said 'Clones left 2' when both had been used up (Example 8)."""
    from wish_tui.wish.words.text import section

    state = table(("fire", "earth"), clones=[], clones_discarded=2)
    board = " ".join(section(state.view(0), 0, "board"))
    assert "Fiery Clones left 0" in board


def test_a_refused_fulfill_key_says_the_nearest_wish_whole_in_two_lines_at_80_columns():
    """At 80x24 'No Wish in your hand can be fulfilled now.' took the room of the place to go."""
    state = table(at="Volcano", hand=["Cure Me"], crystals=crystals(blue=1), people=NO_GREEN)
    reason = rules.why_not_now(state, "fulfill")
    assert reason.startswith("You still need 1 Emerald to afford Cure Me, and a green Wishing")
    assert len(textwrap.wrap("✗ " + reason, 78)) <= 2
