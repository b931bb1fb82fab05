"""The supply is what the box holds (Components): 12 crystals of each colour, 10 Potion and 10
Trickery tokens. A gain the supply cannot give is not made; an action that would gain nothing is
not offered (docs/rules-decisions.md, Supply)."""

from __future__ import annotations

import pytest

from wish_tui.wish import rules
from wish_tui.wish.rules import State

from .helpers import act, crystals, names
from .positions import step_kind, table


def test_empower_gains_only_what_the_supply_holds():
    """Empower: "Gain the two Crystals" of the Area -- the Volcano's Sapphire and Ruby (Example 8);
    with every Ruby in play only the Sapphire is gained."""
    state = table(others={1: {"crystals": crystals(red=12)}})
    state = act(state, "empower #3")
    assert state.players[0].crystals == crystals(blue=1)


def test_empower_with_nothing_left_to_gain_is_refused():
    state = table(
        others={1: {"crystals": crystals(red=6, blue=6), "nest": crystals(red=6, blue=6)}}
    )
    assert not any(a.kind == "empower" for a in state.legal_actions())
    with pytest.raises(rules.IllegalAction, match="left in the supply"):
        rules.parse_action(state, "empower #3")


def test_gains_of_any_colour_offer_the_colours_left():
    """Forest: "Gain 1 Crystal of any color" -- of a colour the supply still holds."""
    state = table(at="Forest", others={1: {"crystals": crystals(red=12, green=12)}})
    state = act(state, "manifest #1")
    assert step_kind(state) == "gain"
    assert names(state.legal_actions()) == ["gain blue", "gain yellow", "gain white", "gain purple"]


def test_a_trade_for_a_colour_the_supply_lacks_is_refused():
    """Trade: "gain 1 Crystal of any other color" from the supply."""
    state = table(crystals=crystals(blue=3), others={1: {"crystals": crystals(red=12)}})
    assert "trade red" not in names(state.legal_actions())
    with pytest.raises(rules.IllegalAction, match="No Ruby is left"):
        rules.parse_action(state, "trade red")


def test_no_potion_in_the_supply_closes_the_mountain_caves():
    """Mountain Caves: "Gain 1 Potion token" -- ten in the box."""
    state = table(at="Mountain Caves", others={1: {"potions": 10}})
    assert not any(a.kind == "manifest" for a in state.legal_actions())
    state = table(at="Mountain Caves", others={1: {"potions": 9}})
    assert act(state, "manifest #1").players[0].potions == 1


def test_frostflake_crystals_come_from_the_supply():
    """Frostflake token: the crystals gained match the Wish's cost and come from the supply."""
    state = table(
        ("fire", "water"),
        hand=["Strength"],
        crystals=rules.CATALOG.wishes["Strength"].cost,
        offer=["Treasure", "Vendetta", "Remedy"],
        frost=["Treasure"],
        others={1: {"crystals": crystals(blue=12)}},
    )
    state = act(state, "fulfill Strength #3", "draw Treasure")
    assert state.current_player == 1
    assert names(state.legal_actions()) == ["gain white", "pass"]


def test_more_than_the_box_holds_is_no_state():
    """Components: 72 Crystals (12 a colour), 10 Potions, 10 Trickery tokens."""
    data = table().to_dict()
    data["players"][0]["crystals"] = crystals(red=7)
    data["players"][1]["nest"] = crystals(red=6)
    with pytest.raises(ValueError, match="crystals of one colour"):
        State.from_dict(data)
    data = table().to_dict()
    data["players"][0]["potions"] = 11
    with pytest.raises(ValueError, match="Potions"):
        State.from_dict(data)


def test_the_view_shows_the_supply():
    state = table(crystals=crystals(red=2), others={1: {"potions": 3, "trickery": 1}})
    supply = state.view(1)["supply"]
    assert supply["crystals"]["red"] == 10 and supply["crystals"]["blue"] == 12
    assert supply["potions"] == 7 and supply["trickery"] == 9
