"""The four Djinns' passive abilities and special actions (Djinn Abilities)."""

from __future__ import annotations

import pytest

from wish_tui.wish import rules

from .helpers import act, area, crystals, names, patch
from .positions import cost, fulfil, step_kind, table


# -- Water ------------------------------------------------------------------------------------
def test_water_keeps_four_cards_and_skips_the_setup_discard():
    """Water Djinn, Ocean's Plenty; Setup 16: everyone but Water discards a Wish."""
    state = rules.new_game(["water", "air", "fire"], seed=11)
    discards = []
    while state.phase == "setup":
        if state.pending[0][0] == "setup_discard":
            discards.append(state.current_player)
        state = state.apply(state.legal_actions()[0])
    assert sorted(discards) == [1, 2]
    assert [len(p.hand) for p in state.players] == [4, 3, 3]
    assert len(state.discard) == 2


def water_turn(**fields):
    return table(("water", "fire"), at="Cataracts", **fields)


def test_ice_dibs_puts_a_frostflake_on_an_offer_card():
    """Water Djinn, Ice Dibs: "Place a Frostflake token on a Wish card in the Offer"."""
    state = water_turn()
    assert names(a for a in state.legal_actions() if a.kind == "icedibs") == [
        "icedibs Vendetta #4",
        "icedibs Treasure #4",
        "icedibs Strength #4",
    ]
    state = act(state, "icedibs Treasure #4")
    assert state.frost == ["Treasure"]
    assert state.players[0].markers[3] == "special"


def test_ice_dibs_has_three_frostflakes_one_per_card():
    """Components: "3 x Frostflake Tokens"; a card carries one token."""
    state = water_turn(frost=["Vendetta", "Treasure"])
    assert names(a for a in state.legal_actions() if a.kind == "icedibs") == ["icedibs Strength #4"]
    state = water_turn(frost=["Vendetta", "Treasure", "Strength"])
    assert not any(a.kind == "icedibs" for a in state.legal_actions())


def test_frostflake_drawn_by_water_itself_gives_one_crystal():
    """Water Djinn, Frostflake token: "gain 1 Crystal" matching the Wish's cost."""
    state = water_turn(hand=["Remedy"], crystals=cost("Remedy"), frost=["Treasure"])
    state = act(state, "fulfill Remedy #3", "draw Treasure")
    assert step_kind(state) == "frost" and state.current_player == 0
    assert names(state.legal_actions()) == ["gain blue", "gain white", "pass"]
    state = act(state, "gain white")
    assert state.players[0].crystals == crystals(white=1)
    assert state.frost == []
    assert step_kind(state) == "gain"  # Remedy's own gains follow


def _fire_draws_the_frosted_wish():
    """Fire fulfills Strength and draws To see the world, which carries Water's Frostflake."""
    state = table(
        ("fire", "water"),
        hand=["Strength"],
        crystals=cost("Strength"),
        offer=["To see the world", "Vendetta", "Treasure"],
        frost=["To see the world"],
    )
    return fulfil(state, "Strength", "To see the world")


def test_frostflake_drawn_by_an_opponent_gives_two_crystals_in_their_turn():
    """Water Djinn, Frostflake token: "If it was drawn by an opponent, gain 2 Crystals instead"."""
    state = _fire_draws_the_frosted_wish()
    assert state.current_player == 1 and state.turn_seat == 0
    gains = ["gain red", "gain blue", "gain yellow", "gain purple"]
    assert names(state.legal_actions()) == [*gains, "pass"]
    state = act(state, "gain red")
    assert names(state.legal_actions()) == ["gain blue", "gain yellow", "gain purple", "pass"]
    state = act(state, "gain purple")
    assert state.players[1].crystals == crystals(red=1, purple=1)
    assert state.current_player == 0 and not state.pending


def test_example_6_water_may_decline_the_frostflake_crystals():
    """Example 6: "The Water Djinn player may gain 2 Crystals": a choice, so it can be declined,
    at the first crystal or the second."""
    state = act(_fire_draws_the_frosted_wish(), "pass")
    assert state.players[1].crystals == [0] * 6
    assert state.current_player == 0 and not state.pending
    state = act(_fire_draws_the_frosted_wish(), "gain red", "pass")
    assert state.players[1].crystals == crystals(red=1)
    assert state.current_player == 0 and not state.pending


def test_example_6_two_citrines_are_allowed():
    """Example 6, Note: "may gain 2 Citrine ... but not 2 of Ruby or Amethyst or Sapphire"."""
    state = _fire_draws_the_frosted_wish()
    state = act(state, "gain yellow")
    assert "gain yellow" in names(state.legal_actions())
    state = act(state, "gain yellow")
    assert state.players[1].crystals == crystals(yellow=2)


def test_sandhills_pays_one_crystal_per_frostflake():
    """Water Djinn, Frostflake token: "with the Sandhills manifest ability ... 1 Crystal each"."""
    state = table(
        ("fire", "water"), at="Sandhills", frost=["Vendetta", "Treasure"], hand=["Sultan"]
    )
    state = act(state, "manifest #1")
    assert state.frost == []
    gained = []
    while step_kind(state) == "frost":
        assert state.current_player == 1
        choice = state.legal_actions()[0]
        gained.append(choice.arg)
        state = state.apply(choice)
        assert step_kind(state) != "frost" or state.pending[0][3] == 1
    assert len(gained) == 2
    assert sum(state.players[1].crystals) == 2
    assert step_kind(state) == "discard" and state.current_player == 0


def test_a_frostflake_token_can_be_used_again_once_its_card_left():
    """designed: see docs/rules-decisions.md (Frostflake returns when its card leaves)."""
    state = water_turn(frost=["Vendetta", "Treasure", "Strength"])
    state = patch(state, frost=["Vendetta", "Treasure"])
    assert any(a.kind == "icedibs" for a in state.legal_actions())


# -- Earth ------------------------------------------------------------------------------------
def test_harvest_gains_every_crystal_on_the_nest():
    """Earth Djinn, Harvest: "Gain all Crystals on your Nest token"."""
    nest = crystals(red=2, blue=1)
    state = table(("earth", "fire"), at="Forest", others={0: {"nest": nest, "unlocked": True}})
    state = act(state, "harvest #2")
    assert state.players[0].crystals == crystals(red=2, blue=1)
    assert state.players[0].nest == [0] * 6


def test_harvest_needs_crystals_on_the_nest():
    """designed: see docs/rules-decisions.md (a marker goes only on an action that does something)."""
    state = table(("earth", "fire"), at="Forest")
    assert not any(a.kind == "harvest" for a in state.legal_actions())


def test_nest_crystals_cannot_be_spent():
    """Earth Djinn, Nest token: "Crystals on your Nest token cannot be spent"."""
    state = table(("earth", "fire"), hand=["Strength"], others={0: {"nest": cost("Strength")}})
    assert not any(a.kind == "fulfill" for a in state.legal_actions())
    state = table(("earth", "fire"), others={0: {"nest": crystals(red=5)}})
    assert not any(a.kind == "trade" for a in state.legal_actions())


def test_nest_crystals_cannot_be_given_to_charm():
    """Earth Djinn, Nest token: "cannot be spent, given, or stolen"."""
    state = table(
        hand=["Charm"], crystals=cost("Charm"), others={1: {"nest": crystals(red=1, blue=1)}}
    )
    state = fulfil(state, "Charm")
    assert not state.pending and state.players[1].nest == crystals(red=1, blue=1)


# -- Fire ---------------------------------------------------------------------------------------
def test_fiery_clone_places_up_to_two_tokens_then_moves_them():
    """Fire Djinn, Fiery Clone: "Place or move a Fiery Clone token anywhere on the map"."""
    state = table()
    clones = [a for a in state.legal_actions() if a.kind == "clone"]
    assert len(clones) == 12 and not any(a.arg2 for a in clones)
    state = act(state, "clone Dock #4")
    assert state.clones == [area("Dock")]
    state = table(clones=["Dock", "Forest"])
    options = names(a for a in state.legal_actions() if a.kind == "clone")
    assert "clone Palace #4" not in options
    assert "clone Palace from Dock #4" in options and "clone Palace from Forest #4" in options
    state = act(state, "clone Palace from Dock #4")
    assert sorted(state.clones) == sorted([area("Forest"), area("Palace")])


def test_example_8_empower_from_a_clone_removes_it():
    """Example 8: Empower "as if they were in the Volcano Area" and discard the clone."""
    state = table(at="Cataracts", clones=["Volcano", "Forest"])
    state = act(state, "empower @Volcano #3")
    assert state.players[0].crystals == crystals(blue=1, red=1)
    assert state.clones == [area("Forest")]
    assert state.players[0].area == area("Cataracts")


def test_manifest_from_a_clone_removes_it():
    """Fire Djinn, Omnipotent: "You may ... Manifest ... from an Area with a Fiery Clone"."""
    state = table(at="Cataracts", clones=["Volcano"])
    state = act(state, "manifest @Volcano #1")
    assert state.players[0].vp_tokens == 1 and state.clones == []


def test_fulfil_from_a_clone_takes_its_wishing_person_and_removes_it():
    """Fire Djinn, Omnipotent: Fulfill from the clone's Area with its Wishing Person."""
    state = table(
        at="Cataracts",
        clones=["Dock"],
        hand=["Strength"],
        crystals=cost("Strength"),
        people=[0] * 6,
    )
    assert not any(a.kind == "fulfill" for a in state.legal_actions())
    state = patch(state, area_meeples=_with(state, "Dock", green=1))
    state = fulfil(state, "Strength @Dock")
    assert state.clones == []
    assert state.players[0].meeples == crystals(green=1)
    assert state.to_dict()["area_meeples"][area("Dock") * 6 + 2] == 0


def test_acting_in_the_own_area_uses_up_a_clone_standing_there():
    """Fiery Clone token: "Whenever you Empower, Manifest, or Fulfill from an Area with a Fiery
    Clone token, remove the token from that Area" -- Fire's own Area included."""
    state = table(at="Volcano", clones=["Volcano", "Dock"])
    assert not any(a.at == "Volcano" for a in state.legal_actions())
    state = act(state, "empower #3")
    assert state.clones == [area("Dock")] and state.clones_discarded == 1


def test_travel_keeps_a_clone():
    """Fiery Clone token: only Empower, Manifest and Fulfill use a clone up."""
    for start, to in (("Volcano", "Dock"), ("Dock", "Volcano")):
        state = act(table(at=start, clones=["Volcano"]), f"travel {to} #1")
        assert state.clones == [area("Volcano")] and state.clones_discarded == 0


def test_a_used_clone_is_discarded_not_returned():
    """Example 8: "by discarding a Fiery Clone token from that Area"; Components: 2 tokens. A
    clone used up leaves the game: Fire can place only the tokens it still has."""
    state = act(table(at="Cataracts", clones=["Volcano", "Forest"]), "empower @Volcano #3")
    assert state.clones_discarded == 1
    clones = [a for a in state.legal_actions() if a.kind == "clone"]
    assert clones and all(a.arg2 == "Forest" for a in clones)
    state = act(
        table(at="Cataracts", clones=["Volcano"], clones_discarded=1), "manifest @Volcano #1"
    )
    assert state.clones == [] and state.clones_discarded == 2
    assert not any(a.kind == "clone" for a in state.legal_actions())
    assert state.view(1)["clones_discarded"] == 2
    with pytest.raises(rules.IllegalAction, match="used up"):
        rules.parse_action(state, "clone Dock #4")


def test_other_djinns_never_use_up_a_clone():
    """Fiery Clone tokens are Fire's: another Djinn acting in their Area leaves them."""
    state = table(("earth", "fire"), at="Volcano", clones=["Volcano"])
    state = act(state, "empower #1")
    assert state.clones == [area("Volcano")]


def test_other_djinns_cannot_act_from_clones():
    """Fire Djinn, Omnipotent is Fire's passive ability."""
    state = table(("earth", "fire"), at="Forest", clones=["Volcano"])
    assert not any(a.at for a in state.legal_actions())


def _with(state, name, **counts):
    meeples = list(state.to_dict()["area_meeples"])
    i = area(name)
    meeples[i * 6 : i * 6 + 6] = crystals(**counts)
    return meeples


# -- Air -----------------------------------------------------------------------------------------
def test_sky_blessing_trades_two_for_one():
    """Air Djinn, Sky's Blessing: "trade 2 Crystals of any color(s) to gain a Crystal"."""
    state = table(("air", "fire"), at="Sandhills", crystals=crystals(red=1, blue=1, purple=1))
    assert "trade purple" in names(state.legal_actions())
    state = act(state, "trade white")
    assert names(state.legal_actions()) == ["pay red", "pay blue", "pay purple"]
    state = act(state, "pay red", "pay purple")
    assert state.players[0].crystals == crystals(blue=1, white=1)
    assert state.players[0].markers == ["", "", "", ""]


def test_sky_blessing_needs_two_crystals_of_other_colours():
    """Air Djinn, Sky's Blessing: the Crystals given are of another colour than the one gained."""
    state = table(("air", "fire"), at="Sandhills", crystals=crystals(red=1, blue=1))
    trades = names(a for a in state.legal_actions() if a.kind == "trade")
    assert trades == ["trade green", "trade yellow", "trade white", "trade purple"]


def test_cloudbearer_places_up_to_five_wind_blasts_then_moves_them():
    """Air Djinn, Cloudbearer; Components: "5 x Wind Blast Tokens"."""
    state = table(("air", "fire"), at="Sandhills")
    state = act(state, "blast Dock #4")
    assert state.wind == [area("Dock")]
    five = ["Dock", "Forest", "Palace", "Ruins", "Oasis"]
    state = table(("air", "fire"), at="Sandhills", wind=five)
    blasts = [a for a in state.legal_actions() if a.kind == "blast"]
    assert blasts and all(a.arg2 for a in blasts)
    state = act(state, "blast Volcano from Forest #4")
    assert area("Volcano") in state.wind and area("Forest") not in state.wind


def test_example_9_free_travel_on_entering_a_wind_blast():
    """Example 9: Mountain Caves to the Trade Market (Wind Blast), then on to the Dock for free."""
    state = table(("air", "fire"), at="Mountain Caves", wind=["Trade Market"])
    state = act(state, "travel Trade Market #1")
    assert step_kind(state) == "wind" and state.current_player == 0
    options = names(state.legal_actions())
    assert "wind Dock" in options and options[-1] == "pass"
    state = act(state, "wind Dock")
    assert state.players[0].area == area("Dock")
    assert state.players[0].markers == ["travel", "", "", ""]
    assert not state.pending


def test_wind_blasts_chain_any_number_of_times():
    """Air Djinn, Wind Blast token: "You may do this any number of times each round"."""
    state = table(("air", "fire"), at="Mountain Caves", wind=["Trade Market", "Dock"])
    state = act(state, "travel Trade Market #1", "wind Dock")
    assert step_kind(state) == "wind"
    state = act(state, "wind Volcano")
    assert state.players[0].area == area("Volcano") and not state.pending


def test_a_wind_blast_chain_never_re_enters_an_area_it_passed():
    """Designed reading (docs/rules-decisions.md, Wind Blast): a run of free travels never goes
    back into an Area it already passed through, so Air cannot blow back and forth for ever."""
    state = table(("air", "fire"), at="Mountain Caves", wind=["Trade Market", "Dock"])
    state = act(state, "travel Trade Market #1", "wind Dock")
    options = names(state.legal_actions())
    assert "wind Trade Market" not in options
    assert "wind Volcano" in options and options[-1] == "pass"


def test_wind_blast_may_be_declined():
    """Air Djinn, Wind Blast token: "you may Travel for free"."""
    state = table(("air", "fire"), at="Mountain Caves", wind=["Trade Market"])
    state = act(state, "travel Trade Market #1", "pass")
    assert state.players[0].area == area("Trade Market")


def test_wind_blast_at_the_start_of_airs_turn():
    """Air Djinn, Wind Blast token: "Whenever you ... start your turn in an Area with" one."""
    state = table(("fire", "air"), others={1: {"area": "Palace"}}, wind=["Palace"])
    state = act(state, "end")
    assert state.turn_seat == 1 and step_kind(state) == "wind"
    state = act(state, "wind Mountain Caves")
    assert state.players[1].area == area("Mountain Caves")
    assert state.players[1].markers == ["", "", "", ""]


def test_wind_blasts_do_not_carry_other_djinns():
    """Air Djinn, Wind Blast token: Air's passive benefit only."""
    state = table(("fire", "air"), at="Ruins", wind=["Volcano"])
    state = act(state, "travel Volcano #1")
    assert not state.pending


def test_teleporting_onto_a_wind_blast_offers_the_free_travel():
    """designed: see docs/rules-decisions.md (Wind Blast after every move into its Area)."""
    state = table(("air", "fire"), at="Ruins", wind=["Cataracts"])
    state = act(state, "manifest #3", "teleport Cataracts")
    assert step_kind(state) == "wind"


def test_frostflake_pays_when_the_solo_offer_slides_it_out():
    """Frostflake token: "leaves the Offer for any reason" — the solo round-end discard."""
    state = table(
        ("water",),
        solo="easy",
        at="Cataracts",
        offer=["Sultan", "Glory", "Treasure"],
        frost=["Treasure"],
        challenge_deck=[],
    )
    state = act(state, "end")
    assert state.discard[-1] == "Treasure" and state.frost == []
    assert step_kind(state) == "frost"
    state = act(state, "gain white")
    assert state.players[0].crystals == crystals(white=1) and not state.pending


def test_frostflake_pays_when_a_solo_palace_swap_takes_the_card():
    """Frostflake token: the solo Palace swap takes the card out of the Offer."""
    state = table(
        ("water",),
        solo="easy",
        at="Palace",
        hand=["Beauty", "Efreeti", "Wisdom", "Remedy"],
        offer=["Sultan", "Glory", "Treasure"],
        frost=["Treasure"],
    )
    state = act(state, "manifest #1", "swap Efreeti with Treasure")
    assert state.offer == ["Sultan", "Glory", "Efreeti"] and state.frost == []
    assert step_kind(state) == "frost"
    assert names(state.legal_actions()) == ["gain blue", "gain white", "pass"]
