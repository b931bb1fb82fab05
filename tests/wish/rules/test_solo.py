"""Solo Mode: the Challenge deck, the sliding Offer, the Palace and the Destiny by difficulty."""

from __future__ import annotations

import pytest

from wish_tui.wish import rules

from .helpers import act, crystals, names, started
from .positions import cost, fulfil, plus, step_kind, table
from .rulebook import CHALLENGE


def solo(**fields):
    return table(("fire",), solo="hard", **fields)


def next_turn_with(card, **fields):
    """End the solo turn so that the next turn reveals `card` from the Challenge deck."""
    deck = ["Hurt", card] if card != "Hurt" else ["Charm", card]
    shown = next(c for c in CHALLENGE if c not in deck)
    state = solo(challenge_deck=deck, challenge_card=shown, **fields)
    return act(state, "end")


def test_the_challenge_deck_is_taken_out_of_the_wish_deck():
    """Solo Mode: "From the Wish deck, separate the following cards ... the Challenge deck"."""
    state = rules.new_game(["fire"], seed=5, solo="easy")
    assert sorted(rules.CATALOG.challenge) == sorted(CHALLENGE)
    cards = state.deck + [c for c in state.offer if c] + state.players[0].hand
    assert len(cards) == 42 - 10
    assert not set(cards) & set(CHALLENGE)


def test_a_challenge_card_is_revealed_every_turn():
    """Solo Mode: "At the start of each turn ... reveal the top card from the Challenge deck"."""
    state = started(("fire",), seed=5, solo="hard")
    first = state.challenge_card
    assert first in CHALLENGE and len(state.challenge_deck) == 9
    while state.pending:
        state = state.apply(state.legal_actions()[0])
    state = act(state, "end")
    while state.pending:
        state = state.apply(state.legal_actions()[0])
    assert state.round == 2
    assert len(state.challenge_deck) == 8
    assert state.challenge_card in CHALLENGE and state.challenge_card != first


@pytest.mark.parametrize(
    ("card", "colour"),
    [
        ("Connections", "blue"),
        ("Steady Income", "white"),
        ("Sharing", "red"),
        ("Cure Me", "green"),
        ("Friendship", "yellow"),
        ("Heal Them", "green"),
    ],
)
def test_challenge_gifts_give_the_player_one_crystal(card, colour):
    """Solo Mode: resolve the card "as if another player has just played it" (you are chosen)."""
    state = next_turn_with(card)
    assert state.challenge_card == card
    assert state.players[0].crystals == crystals(**{colour: 1})
    assert not state.pending


@pytest.mark.parametrize(("card", "lost"), [("Charm", 1), ("Broken Heart", 1), ("Hurt", 2)])
def test_challenge_thefts_cost_crystals_of_the_players_choice(card, lost):
    """Solo Mode: "if the card requires a decision ... you make the decision"."""
    state = next_turn_with(card, crystals=crystals(red=2, blue=2))
    assert state.current_player == 0 and step_kind(state) in ("give", "lose")
    assert names(state.legal_actions()) == [
        f"{state.legal_actions()[0].kind} red",
        f"{state.legal_actions()[0].kind} blue",
    ]
    while state.pending:
        state = state.apply(state.legal_actions()[0])
    assert sum(state.players[0].crystals) == 4 - lost


def test_challenge_theft_with_no_crystals_takes_nothing():
    """Solo Mode: the Challenge card can only take Crystals the player has."""
    state = next_turn_with("Hurt")
    assert not state.pending and state.players[0].crystals == [0] * 6


def test_challenge_hatred_penalises_fulfils_near_the_caravan_for_the_rest_of_the_game():
    """Solo Mode, Clarifications: "you lose one Crystal whenever you Fulfill a Wish" near it."""
    state = next_turn_with("Hatred")
    assert state.solo_hatred
    near = solo(
        hand=["Strength"],
        crystals=plus(cost("Strength"), crystals(red=1)),
        solo_hatred=True,
        caravan_pos=7,
        challenge_deck=[],
    )
    assert fulfil(near, "Strength").players[0].crystals == [0] * 6
    far = solo(
        hand=["Strength"],
        crystals=plus(cost("Strength"), crystals(red=1)),
        solo_hatred=True,
        caravan_pos=2,
        challenge_deck=[],
    )
    assert fulfil(far, "Strength").players[0].crystals == crystals(red=1)


def test_hatred_penalty_lasts_after_later_challenge_cards():
    """Solo Mode, Clarifications: Hatred's penalty stays once revealed."""
    state = next_turn_with("Hatred")
    state = act(state, "end")
    assert state.challenge_card == "Hurt" and state.solo_hatred


def test_exhausted_challenge_deck_reveals_nothing():
    """Clarifications: "If the Challenge deck runs out ... you do not draw from the Challenge deck"."""
    state = act(solo(challenge_deck=[], crystals=crystals(red=2)), "end")
    assert state.round == 2
    assert state.challenge_card == ""
    assert not state.pending and state.players[0].crystals == crystals(red=2)


def test_the_offer_slides_at_the_end_of_each_round():
    """Solo Mode: "discard the rightmost Wish card of the Offer, slide the remaining two"."""
    state = solo(offer=["Sultan", "Glory", "Remedy"], deck_top=["Beauty"], challenge_deck=[])
    state = act(state, "end")
    assert state.offer == ["Beauty", "Sultan", "Glory"]
    assert state.discard[-1] == "Remedy"


def test_palace_swaps_with_the_offer():
    """Solo Mode: "When you use the Palace Manifest ability, you can swap ... with the Offer"."""
    state = solo(
        at="Palace", hand=["Beauty", "Efreeti", "Wisdom"], offer=["Sultan", "Glory", "Remedy"]
    )
    state = act(state, "manifest #1")
    options = names(state.legal_actions())
    assert len(options) == 3 * 3 + 1 and options[-1] == "pass"
    state = act(state, "swap Efreeti with Glory")
    assert sorted(state.players[0].hand) == ["Beauty", "Glory", "Wisdom"]
    assert state.offer == ["Sultan", "Efreeti", "Remedy"]


def test_cataracts_gives_no_opponent_anything_in_solo():
    """Map Areas 2 in Solo Mode: there is no other player."""
    state = act(solo(at="Cataracts"), "manifest #1", "gain red", "gain red")
    assert state.players[0].crystals == crystals(red=2) and not state.pending


@pytest.mark.parametrize(("level", "destiny"), [("easy", "Arcanist"), ("hard", "Royalty")])
def test_easy_and_hard_have_one_destiny(level, destiny):
    """Solo Mode: "Easy: Arcanist ... Hard: Royalty" instead of setup step 15."""
    state = rules.new_game(["earth"], seed=2, solo=level)
    assert state.players[0].destiny == destiny
    assert all(step[0] != "destiny" for step in state.pending)


def test_medium_chooses_among_four_destinies():
    """Solo Mode: "Medium: Shaman, Stolen Goods, Open Sesame, Wishmaster"."""
    state = rules.new_game(["earth"], seed=2, solo="medium")
    assert step_kind(state) == "destiny"
    assert names(state.legal_actions()) == [
        "keep Shaman",
        "keep Stolen Goods",
        "keep Open Sesame",
        "keep Wishmaster",
    ]
    state = act(state, "keep Open Sesame")
    assert state.players[0].destiny == "Open Sesame"
