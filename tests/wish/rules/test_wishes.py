"""Every Wish card does what its text in cards.toml says."""

from __future__ import annotations

import pytest

from wish_tui.wish import rules

from .helpers import act, area, crystals, names, patch
from .positions import ALL_WISHES, cost, fulfil, plus, settle, step_kind, table

THREE = ("fire", "earth", "air")
TYPE_VP = [
    ("True Love", "love", ("Charm", "Beauty"), "Hurt"),
    ("Sultan", "power", ("Glory", "Kingdom"), "Beauty"),
    ("Efreeti", "revenge", ("Hurt", "Hatred"), "Glory"),
    ("Abundance", "wealth", ("Jewelry", "Treasure"), "Hurt"),
    ("Immortality", "health", ("Remedy", "Long Life"), "Charm"),
    ("Inner Peace", "happiness", ("Fresh Start", "Forgiveness"), "Remedy"),
]
FULFIL_CRYSTAL = [
    ("Fall in Love", "red"),
    ("Glory", "blue"),
    ("Wreak Havoc", "purple"),
    ("More Gold", "white"),
    ("Make me Younger", "green"),
    ("Happily Ever After", "yellow"),
]
SHARE = [
    ("Sharing", "red"),
    ("Connections", "blue"),
    ("Steady Income", "white"),
    ("Cure Me", "green"),
    ("Friendship", "yellow"),
]
GAIN_ANY = [("Beauty", 1), ("Remedy", 2), ("Richest Merchant", 3)]
TELEPORT = ["Command", "To see the world"]


def ongoing(state, seat=0) -> int:
    return state.final_scores()["seats"][seat]["steps"]["ongoing"]


def one(colour: str) -> list[int]:
    return crystals(**{colour: 1})


# -- the six type-VP cards ---------------------------------------------------------------------
@pytest.mark.parametrize(("card", "kind", "same", "other"), TYPE_VP)
def test_type_vp_card_scores_each_wish_of_its_type_including_itself(card, kind, same, other):
    """Clarifications: "Abundance, Inner Peace, Immortality, Sultan, True Love, Efreeti": step 3."""
    state = table(fulfilled=[card, *same, other])
    assert all(rules.CATALOG.wishes[c].type == kind for c in (card, *same))
    assert ongoing(state) == 3
    assert ongoing(table(fulfilled=[card])) == 1
    assert ongoing(table(fulfilled=[*same, other])) == 0


def test_two_type_vp_cards_score_their_own_types():
    """Clarifications: each type-VP card counts the Wishes of its own type (Example 15)."""
    state = table(fulfilled=["Immortality", "Remedy", "Long Life", "Sultan", "Glory"])
    assert ongoing(state) == 3 + 2
    final = state.final_scores()["seats"][0]["steps"]
    assert final["wishes"] == sum(rules.CATALOG.wishes[c].vp for c in state.players[0].fulfilled)


# -- the six "gain a crystal after every Fulfill" cards ----------------------------------------
@pytest.mark.parametrize(("card", "colour"), FULFIL_CRYSTAL)
def test_fulfil_crystal_card_gains_its_colour_after_the_draw(card, colour):
    """Clarifications: "Fall in Love, ... Glory": after everything, drawing included, gain one."""
    state = table(hand=["Strength", "Sultan"], crystals=cost("Strength"), fulfilled=[card])
    state = act(state, "fulfill Strength #3")
    assert step_kind(state) == "draw_offer"
    assert state.players[0].crystals == [0] * 6
    state = act(state, "draw Vendetta")
    assert state.players[0].crystals == one(colour)
    assert state.current_player == 0 and not state.pending


@pytest.mark.parametrize(("card", "colour"), FULFIL_CRYSTAL)
def test_fulfil_crystal_card_does_not_trigger_on_itself(card, colour):
    """Clarifications: "Whenever you Fulfill a Wish" — the trigger starts with the next Fulfill."""
    state = fulfil(table(hand=[card, "Sultan"], crystals=cost(card)), card)
    assert state.players[0].crystals == [0] * 6


@pytest.mark.parametrize(("card", "colour"), FULFIL_CRYSTAL)
def test_fulfil_crystal_card_resolves_after_an_instant(card, colour):
    """Clarifications: the crystal comes "after everything is resolved" (the Instant included)."""
    state = table(hand=["Beauty", "Sultan"], crystals=cost("Beauty"), fulfilled=[card])
    state = fulfil(state, "Beauty")
    assert step_kind(state) == "gain"
    assert state.players[0].crystals == [0] * 6
    other = "blue" if colour == "red" else "red"
    state = act(state, f"gain {other}")
    assert state.players[0].crystals == plus(one(other), one(colour))


@pytest.mark.parametrize(("card", "colour"), FULFIL_CRYSTAL)
def test_fulfil_crystal_card_resolves_before_jewelry(card, colour):
    """Clarifications: "Gain the Crystal before resolving Jewelry" (6 Crystals after it)."""
    five = crystals(red=1, blue=1, green=1, yellow=1, purple=1)
    hand = ["Strength", "Sultan"]
    with_card = table(hand=hand, crystals=plus(cost("Strength"), five), fulfilled=[card, "Jewelry"])
    assert fulfil(with_card, "Strength").players[0].vp_tokens == 1
    without = table(hand=hand, crystals=plus(cost("Strength"), five), fulfilled=["Jewelry"])
    assert fulfil(without, "Strength").players[0].vp_tokens == 0


# -- Jewelry -------------------------------------------------------------------------------------
def test_jewelry_gains_a_vp_token_with_six_crystals():
    """designed: see cards.toml (Jewelry: 1 VP token after a Fulfill when holding 6+ Crystals)."""
    six = crystals(red=2, blue=2, green=2)
    state = table(hand=["Strength"], crystals=plus(cost("Strength"), six), fulfilled=["Jewelry"])
    state = fulfil(state, "Strength")
    assert state.players[0].vp_tokens == 1
    five = crystals(red=2, blue=2, green=1)
    state = table(hand=["Strength"], crystals=plus(cost("Strength"), five), fulfilled=["Jewelry"])
    assert fulfil(state, "Strength").players[0].vp_tokens == 0


def test_jewelry_does_not_trigger_on_itself():
    """designed: see cards.toml (Jewelry is Ongoing: "whenever you fulfill a Wish" afterwards)."""
    six = crystals(red=2, blue=2, green=2)
    state = fulfil(table(hand=["Jewelry"], crystals=plus(cost("Jewelry"), six)), "Jewelry")
    assert state.players[0].vp_tokens == 0


# -- A Child -------------------------------------------------------------------------------------
def test_a_child_spends_one_crystal_for_one_of_another_colour():
    """Clarifications: "A Child: ... you may spend one Crystal to gain a Crystal of any other"."""
    state = table(
        hand=["Strength"], crystals=plus(cost("Strength"), one("blue")), fulfilled=["A Child"]
    )
    state = fulfil(state, "Strength")
    assert step_kind(state) == "a_child" and state.current_player == 0
    assert names(state.legal_actions()) == ["pay blue", "pass"]
    state = act(state, "pay blue")
    assert "gain blue" not in names(state.legal_actions())
    state = act(state, "gain red")
    assert state.players[0].crystals == one("red")


def test_a_child_may_pass():
    """Clarifications: A Child's exchange is optional ("you may")."""
    state = table(
        hand=["Strength"], crystals=plus(cost("Strength"), one("blue")), fulfilled=["A Child"]
    )
    state = act(fulfil(state, "Strength"), "pass")
    assert state.players[0].crystals == one("blue") and not state.pending


def test_a_child_comes_after_the_crystal_cards():
    """Clarifications: A Child resolves "after resolving everything" — Glory's Sapphire first."""
    state = table(hand=["Strength"], crystals=cost("Strength"), fulfilled=["A Child", "Glory"])
    state = fulfil(state, "Strength")
    assert step_kind(state) == "a_child"
    assert names(state.legal_actions()) == ["pay blue", "pass"]


def test_a_child_does_not_trigger_on_itself():
    """Clarifications: A Child acts "whenever you Fulfill a Wish" after it is in play."""
    state = table(hand=["A Child"], crystals=plus(cost("A Child"), one("blue")))
    state = fulfil(state, "A Child")
    assert not state.pending


# -- instant crystal gains -----------------------------------------------------------------------
@pytest.mark.parametrize(("card", "n"), GAIN_ANY)
def test_gain_any_cards_gain_crystals_of_any_colours(card, n):
    """Clarifications (Beauty: "Gain 1 Crystal of any color"); designed: see cards.toml."""
    state = fulfil(table(hand=[card], crystals=cost(card)), card)
    for colour in ("white", "white", "purple")[:n]:
        assert state.current_player == 0 and len(state.legal_actions()) == 6
        state = act(state, f"gain {colour}")
    assert not state.pending
    assert sum(state.players[0].crystals) == n


def test_celebration_gains_a_potion_and_a_crystal():
    """designed: see cards.toml (Celebration: 1 Potion token and 1 Crystal of any colour)."""
    state = fulfil(table(hand=["Celebration"], crystals=cost("Celebration")), "Celebration")
    assert state.players[0].potions == 1
    state = act(state, "gain green")
    assert state.players[0].crystals == one("green")


@pytest.mark.parametrize(("card", "colour"), SHARE)
def test_share_cards_gain_two_and_give_one_to_a_chosen_opponent(card, colour):
    """Clarifications: "Connections, Friendship, Sharing, Cure Me, Steady Income"."""
    state = fulfil(table(THREE, hand=[card], crystals=cost(card)), card)
    assert state.players[0].crystals == crystals(**{colour: 2})
    assert state.current_player == 0
    assert names(state.legal_actions()) == ["choose earth", "choose air"]
    state = act(state, "choose air")
    assert state.players[2].crystals == one(colour)
    assert state.players[1].crystals == [0] * 6


@pytest.mark.parametrize(("card", "colour"), SHARE)
def test_share_cards_with_one_opponent_give_to_them(card, colour):
    """Clarifications: with a single opponent the choice makes itself."""
    state = fulfil(table(hand=[card], crystals=cost(card)), card)
    assert state.players[1].crystals == one(colour)
    assert not state.pending


def test_authority_counts_the_power_wishes_of_all_players_itself_included():
    """Clarifications: "Authority: ... every Power Wish Fulfilled by all players including this"."""
    state = table(
        hand=["Authority"],
        crystals=cost("Authority"),
        fulfilled=["Sultan", "Beauty"],
        others={1: {"fulfilled": ["Glory", "Kingdom", "Hurt"]}},
    )
    state = fulfil(state, "Authority")
    assert state.players[0].crystals == crystals(blue=4)


def test_authority_alone_gains_one_sapphire():
    """Clarifications: Authority counts itself."""
    state = fulfil(table(hand=["Authority"], crystals=cost("Authority")), "Authority")
    assert state.players[0].crystals == crystals(blue=1)


def test_heal_them_gives_everyone_an_emerald_and_you_a_vp():
    """designed: see cards.toml (Heal Them)."""
    state = fulfil(table(THREE, hand=["Heal Them"], crystals=cost("Heal Them")), "Heal Them")
    assert [p.crystals for p in state.players] == [crystals(green=1)] * 3
    assert [p.vp_tokens for p in state.players] == [1, 0, 0]


# -- tokens and VP -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("card", "vp", "potions", "trickery"),
    [
        ("Kingdom", 0, 1, 1),
        ("Vendetta", 2, 0, 0),
        ("Treasure", 0, 1, 0),
        ("Fortune", 1, 0, 1),
        ("Strength", 0, 0, 1),
    ],
)
def test_token_cards(card, vp, potions, trickery):
    """designed: see cards.toml (Kingdom, Vendetta, Treasure, Fortune, Strength)."""
    state = table(hand=[card], crystals=cost(card), offer=["Sultan", "Glory", "Hurt"])
    state = fulfil(state, card)
    p = state.players[0]
    assert (p.vp_tokens, p.potions, p.trickery) == (vp, potions, trickery)
    assert not state.pending


# -- moving ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", TELEPORT)
def test_teleport_cards_go_anywhere_or_stay(card):
    """designed: see cards.toml (Command, To see the world: teleport to any Area)."""
    state = fulfil(table(hand=[card], crystals=cost(card)), card)
    options = names(state.legal_actions())
    assert len(options) == 12 and options[-1] == "pass"
    assert "teleport Volcano" not in options
    assert act(state, "teleport Forest").players[0].area == area("Forest")
    assert act(state, "pass").players[0].area == area("Volcano")


def test_soulmates_may_teleport_to_the_caravan():
    """Clarifications (Solo Mode): "When you play the Soulmates Wish card, you may teleport"."""
    state = table(hand=["Soulmates"], crystals=cost("Soulmates"), caravan_pos=4)
    state = fulfil(state, "Soulmates")
    assert names(state.legal_actions()) == ["teleport Mountain Caves", "pass"]
    assert act(state, "teleport Mountain Caves").players[0].area == area("Mountain Caves")
    assert act(state, "pass").players[0].area == area("Volcano")


def test_soulmates_in_the_caravans_area_asks_nothing():
    """Clarifications: Soulmates when already with the Caravan has nothing to do."""
    state = table(hand=["Soulmates"], crystals=cost("Soulmates"), caravan_pos=8)
    assert not fulfil(state, "Soulmates").pending


# -- cards: Wisdom and Fresh Start ---------------------------------------------------------------
def test_wisdom_draws_from_the_deck_then_discards():
    """designed: see cards.toml (Wisdom)."""
    state = table(
        hand=["Wisdom", "Sultan", "Glory"], crystals=cost("Wisdom"), deck_top=["Hurt", "Efreeti"]
    )
    state = fulfil(state, "Wisdom")
    assert "Hurt" in state.players[0].hand and len(state.players[0].hand) == 4
    assert step_kind(state) == "discard"
    state = act(state, "discard Sultan")
    assert state.players[0].hand == ["Glory", "Vendetta", "Hurt"]
    assert state.discard[-1] == "Sultan"


def test_fresh_start_swaps_any_number_of_cards_with_the_offer():
    """Clarifications: "Fresh Start: Discard Any Number ... draw that many cards from the offer"."""
    state = table(
        hand=["Fresh Start", "Sultan", "Glory"],
        crystals=cost("Fresh Start"),
        deck_top=["Efreeti", "Hurt", "Charm"],
    )
    state = fulfil(state, "Fresh Start", "Vendetta")
    assert state.offer == ["Charm", "Treasure", "Strength"]
    state = act(state, "discard Sultan", "discard Glory", "pass")
    assert state.discard[-2:] == ["Sultan", "Glory"]
    assert step_kind(state) == "draw_offer"
    state = act(state, "draw Charm")
    assert state.offer == ["Hurt", "Treasure", "Strength"]
    state = act(state, "draw Hurt")
    assert state.offer == ["Efreeti", "Treasure", "Strength"]
    assert sorted(state.players[0].hand) == ["Charm", "Hurt", "Vendetta"]
    assert not state.pending


def test_fresh_start_discarding_nothing_draws_nothing():
    """Clarifications: "Any Number" includes none."""
    state = table(hand=["Fresh Start", "Sultan", "Glory"], crystals=cost("Fresh Start"))
    state = act(fulfil(state, "Fresh Start"), "pass")
    assert sorted(state.players[0].hand) == ["Glory", "Sultan", "Vendetta"]
    assert not state.pending


# -- opponents deciding -------------------------------------------------------------------------
def test_charm_each_opponent_chooses_the_crystal_they_give():
    """Clarifications: "Charm: Each opponent choses a Crystal they have. Gain those Crystals"."""
    state = table(
        THREE,
        hand=["Charm"],
        crystals=cost("Charm"),
        others={
            1: {"crystals": crystals(red=1, blue=1)},
            2: {"crystals": crystals(green=1, white=2)},
        },
    )
    state = fulfil(state, "Charm")
    assert state.current_player == 1
    assert names(state.legal_actions()) == ["give red", "give blue"]
    state = act(state, "give blue")
    assert state.current_player == 2
    assert names(state.legal_actions()) == ["give green", "give white"]
    state = act(state, "give white")
    assert state.players[0].crystals == crystals(blue=1, white=1)
    assert state.players[1].crystals == crystals(red=1)
    assert state.players[2].crystals == crystals(green=1, white=1)
    assert state.current_player == 0 and not state.pending


def test_charm_skips_an_opponent_without_crystals_and_forces_a_single_colour():
    """Clarifications: Charm takes a Crystal "they have"; one option resolves by itself."""
    state = table(
        THREE,
        hand=["Charm"],
        crystals=cost("Charm"),
        others={2: {"crystals": crystals(purple=2)}},
    )
    state = fulfil(state, "Charm")
    assert state.players[0].crystals == crystals(purple=1)
    assert state.players[2].crystals == crystals(purple=1)
    assert not state.pending


def test_broken_heart_takes_a_crystal_of_your_choice_from_each_opponent():
    """Clarifications: "Broken Heart: For each opponent choose a crystal they possess. Gain it"."""
    state = table(
        THREE,
        hand=["Broken Heart"],
        crystals=cost("Broken Heart"),
        others={
            1: {"crystals": crystals(red=1, blue=1)},
            2: {"crystals": crystals(green=2, purple=1)},
        },
    )
    state = fulfil(state, "Broken Heart")
    assert state.current_player == 0
    assert names(state.legal_actions()) == ["take red", "take blue"]
    whose = state.view(0)["decision"]["their_djinn"]  # the view names whose Crystal it is
    assert whose == state.djinns[1]
    state = act(state, "take blue")
    assert state.current_player == 0
    assert names(state.legal_actions()) == ["take green", "take purple"]
    assert state.view(0)["decision"]["their_djinn"] == state.djinns[2]
    state = act(state, "take purple")
    assert state.players[0].crystals == crystals(blue=1, purple=1)
    assert state.players[1].crystals == crystals(red=1)
    assert state.players[2].crystals == crystals(green=2)


def test_broken_heart_cannot_take_from_the_nest():
    """Earth Djinn: "Crystals on your Nest token cannot be spent, given, or stolen"."""
    state = table(
        hand=["Broken Heart"],
        crystals=cost("Broken Heart"),
        others={1: {"nest": crystals(red=2)}},
    )
    state = fulfil(state, "Broken Heart")
    assert state.players[0].crystals == [0] * 6
    assert state.players[1].nest == crystals(red=2)


def test_hurt_chosen_opponent_loses_two_crystals_of_your_choice():
    """designed: see cards.toml (Hurt)."""
    state = table(
        THREE,
        hand=["Hurt"],
        crystals=cost("Hurt"),
        others={1: {"crystals": crystals(red=1)}, 2: {"crystals": crystals(green=2, purple=1)}},
    )
    state = fulfil(state, "Hurt")
    assert names(state.legal_actions()) == ["choose earth", "choose air"]
    state = act(state, "choose air")
    assert state.current_player == 0
    assert names(state.legal_actions()) == ["remove green", "remove purple"]
    state = act(state, "remove purple")
    state = settle(state)
    assert state.players[2].crystals == crystals(green=1)
    assert state.players[0].crystals == [0] * 6


def test_hurt_only_targets_opponents_with_crystals():
    """designed: see cards.toml (Hurt needs Crystals to remove)."""
    state = table(THREE, hand=["Hurt"], crystals=cost("Hurt"), others={2: {"crystals": one("red")}})
    state = fulfil(state, "Hurt")
    assert state.players[2].crystals == [0] * 6
    assert not state.pending


def test_frostflake_on_a_drawn_card_lets_water_decide_in_an_opponents_turn():
    """Water Djinn, Frostflake token: "If it was drawn by an opponent, gain 2 Crystals instead"."""
    state = table(("fire", "water"), hand=["Strength"], crystals=cost("Strength"))
    state = act(state, "fulfill Strength #3")
    state = patch(state, frost=["Treasure"])
    state = act(state, "draw Treasure")
    assert state.current_player == 1 and step_kind(state) == "frost"
    assert names(state.legal_actions()) == ["gain blue", "gain white", "pass"]
    state = act(state, "gain white", "gain white")
    assert state.players[1].crystals == crystals(white=2)
    assert state.current_player == 0


# -- Eye for an Eye -------------------------------------------------------------------------------
def test_eye_for_an_eye_takes_a_crystal_when_you_fulfil_a_revenge_wish():
    """Clarifications: "Eye for an Eye: When you Fulfill a Revenge Wish choose a Crystal"."""
    state = table(
        hand=["Efreeti"],
        crystals=cost("Efreeti"),
        fulfilled=["Eye for an Eye"],
        others={1: {"crystals": crystals(red=1, yellow=1)}},
    )
    state = fulfil(state, "Efreeti")
    assert state.current_player == 0
    assert names(state.legal_actions()) == ["take red", "take yellow"]
    state = act(state, "take yellow")
    assert state.players[0].crystals == one("yellow")
    assert state.players[1].crystals == one("red")


def test_eye_for_an_eye_ignores_other_wish_types():
    """Clarifications: Eye for an Eye acts on Revenge Wishes only."""
    state = table(
        hand=["Strength"],
        crystals=cost("Strength"),
        fulfilled=["Eye for an Eye"],
        others={1: {"crystals": crystals(red=1, yellow=1)}},
    )
    state = fulfil(state, "Strength")
    assert not state.pending and state.players[1].crystals == crystals(red=1, yellow=1)


def test_eye_for_an_eye_does_not_trigger_on_itself():
    """Clarifications: Eye for an Eye is Ongoing; fulfilling it takes nothing."""
    state = table(
        hand=["Eye for an Eye"],
        crystals=cost("Eye for an Eye"),
        others={1: {"crystals": crystals(red=1, yellow=1)}},
    )
    state = fulfil(state, "Eye for an Eye")
    assert not state.pending and state.players[1].crystals == crystals(red=1, yellow=1)


def test_eye_for_an_eye_chooses_among_opponents_with_crystals():
    """Clarifications: "choose a Crystal an opponent has"."""
    state = table(
        THREE,
        hand=["Efreeti"],
        crystals=cost("Efreeti"),
        fulfilled=["Eye for an Eye"],
        others={1: {"crystals": one("red")}, 2: {"crystals": one("blue")}},
    )
    state = fulfil(state, "Efreeti")
    assert names(state.legal_actions()) == ["choose earth", "choose air"]
    state = act(state, "choose air")
    assert state.players[0].crystals == one("blue")


# -- Hatred ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("caravan_pos", "loses"), [(8, True), (7, True), (9, True), (0, False)])
def test_hatred_costs_an_opponent_a_crystal_near_the_caravan(caravan_pos, loses):
    """designed: see cards.toml (Hatred: in the Caravan's Area or an adjacent one)."""
    state = table(
        hand=["Strength"],
        crystals=plus(cost("Strength"), crystals(red=1, blue=1)),
        others={1: {"fulfilled": ["Hatred"]}},
        caravan_pos=caravan_pos,
    )
    state = fulfil(state, "Strength")
    if loses:
        assert state.current_player == 0 and step_kind(state) == "lose"
        assert names(state.legal_actions()) == ["lose red", "lose blue"]
        state = act(state, "lose blue")
        assert state.players[0].crystals == one("red")
    else:
        assert not state.pending
        assert state.players[0].crystals == crystals(red=1, blue=1)


def test_hatred_does_not_hurt_its_owner():
    """designed: see cards.toml (Hatred acts on opponents)."""
    state = table(
        hand=["Strength"],
        crystals=plus(cost("Strength"), crystals(red=1, blue=1)),
        fulfilled=["Hatred"],
        caravan_pos=8,
    )
    state = fulfil(state, "Strength")
    assert state.players[0].crystals == crystals(red=1, blue=1)


# -- Forgiveness ---------------------------------------------------------------------------------
def test_forgiveness_gives_up_to_two_crystals_for_two_vp_each():
    """Clarifications: "Forgiveness: Give up to 2 Crystals to one opponent. Gain 2 VP for each"."""
    state = table(THREE, hand=["Forgiveness"], crystals=plus(cost("Forgiveness"), crystals(red=3)))
    state = fulfil(state, "Forgiveness")
    state = act(state, "choose earth")
    assert names(state.legal_actions()) == ["give red", "pass"]
    state = act(state, "give red")
    assert state.players[0].vp_tokens == 2
    state = act(state, "give red")
    assert not state.pending
    assert state.players[0].vp_tokens == 4
    assert state.players[0].crystals == one("red")
    assert state.players[1].crystals == crystals(red=2)


def test_forgiveness_may_stop_after_one_crystal():
    """Clarifications: "up to 2 Crystals"."""
    state = table(hand=["Forgiveness"], crystals=plus(cost("Forgiveness"), crystals(red=3)))
    state = act(fulfil(state, "Forgiveness"), "give red", "pass")
    assert state.players[0].vp_tokens == 2
    assert state.players[1].crystals == one("red")


def test_forgiveness_in_solo_spends_crystals():
    """Solo Mode, Clarifications: "you can spend up to two Crystals to gain 2VP for each"."""
    state = table(
        ("fire",),
        solo="hard",
        hand=["Forgiveness"],
        crystals=plus(cost("Forgiveness"), crystals(red=1, blue=1)),
    )
    state = fulfil(state, "Forgiveness")
    state = act(state, "give red", "give blue")
    assert state.players[0].vp_tokens == 4
    assert state.players[0].crystals == [0] * 6


# -- Long Life -----------------------------------------------------------------------------------
def test_long_life_gains_an_emerald_after_every_manifest():
    """designed: see cards.toml (Long Life: an Emerald after each Manifest)."""
    state = table(fulfilled=["Long Life"])
    state = act(state, "manifest #1")
    assert state.players[0].vp_tokens == 1
    assert state.players[0].crystals == crystals(green=1)


def test_long_life_counts_a_caravan_trade_as_a_manifest():
    """designed: see cards.toml; "Manifest ... Trade with the Caravan" is a Manifest (Actions)."""
    state = table(fulfilled=["Long Life"], at="Sandhills", caravan_card=12, crystals=one("white"))
    state = act(state, "caravan #1")
    assert state.players[0].crystals == crystals(red=1, blue=1, green=1)


def test_long_life_does_not_act_after_a_fulfil():
    """designed: see cards.toml (Long Life triggers on Manifest only)."""
    state = table(hand=["Strength"], crystals=cost("Strength"), fulfilled=["Long Life"])
    assert fulfil(state, "Strength").players[0].crystals == [0] * 6


# -- hand size -------------------------------------------------------------------------------------
FILLERS = ("Abundance", "Immortality", "Inner Peace", "Sultan")


@pytest.mark.parametrize("card", ALL_WISHES)
@pytest.mark.parametrize(("djinn", "size"), [("fire", 3), ("water", 4)])
def test_hand_size_never_changes_after_a_fulfil(card, djinn, size):
    """Cards, Note: "you have the exact number of Wish cards in hand as you started" (3; Water 4)."""
    hand = [card, *[c for c in FILLERS if c != card][: size - 1]]
    others = {1: {"crystals": crystals(red=1, blue=1)}}
    state = table((djinn, "earth"), hand=hand, crystals=cost(card), others=others)
    state = act(state, f"fulfill {card} #3")
    state = settle(state)
    assert len(state.players[0].hand) == size
    assert card in state.players[0].fulfilled and card not in state.players[0].hand
    every = (
        [c for p in state.players for c in p.hand + p.fulfilled]
        + [c for c in state.offer if c]
        + state.deck
        + state.discard
    )
    assert sorted(every) == sorted(ALL_WISHES)
