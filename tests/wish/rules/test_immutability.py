"""A State never changes after it is made: not through `apply`, `to_dict` or `view` (DESIGN §3)."""

from __future__ import annotations

import json
import random

import pytest

from wish_tui.wish import rules

from .helpers import act, patch, started
from .positions import table


@pytest.mark.parametrize(
    ("djinns", "solo"),
    [(("air", "water", "fire", "earth"), ""), (("fire", "earth"), ""), (("water",), "hard")],
)
def test_apply_leaves_the_state_it_is_given_alone(djinns, solo):
    """`apply` shares lists and pieces with the state it copies: none of them may change."""
    for seed in range(3):
        rng = random.Random(seed)
        state = rules.new_game(list(djinns), seed=seed, solo=solo)
        while not state.is_over:
            before = json.dumps(state.to_dict())
            after = state.apply(rng.choice(state.legal_actions()))
            assert json.dumps(state.to_dict()) == before, f"seed {seed} round {state.round}"
            state = after


def test_editing_to_dict_output_leaves_the_state_alone():
    state = started(("air", "water"))
    before = json.dumps(state.to_dict())
    data = state.to_dict()
    data["players"][0]["crystals"][0] = 99
    data["players"][0]["hand"].append("Kingdom")
    data["offer"][0] = None
    assert json.dumps(state.to_dict()) == before


def test_editing_a_view_leaves_the_state_alone():
    state = table(("air", "fire"), at="Mountain Caves", wind=["Trade Market"])
    state = act(state, "travel Trade Market #1")
    before = json.dumps(state.to_dict())
    view = state.view(0)
    for step in view["pending"]:
        for item in step:
            if isinstance(item, list):
                item.append(99)
    view["players"][0]["crystals"]["red"] = 99
    assert json.dumps(state.to_dict()) == before


def test_from_dict_does_not_share_the_callers_lists():
    state = table(("air", "fire"), at="Mountain Caves", wind=["Trade Market"])
    data = act(state, "travel Trade Market #1").to_dict()
    rebuilt = type(state).from_dict(data)
    before = json.dumps(rebuilt.to_dict())
    data["pending"][0][2].append(99)
    data["players"][0]["crystals"][0] = 99
    assert json.dumps(rebuilt.to_dict()) == before


def test_hand_size_holds_when_no_card_is_left_to_draw():
    """Rulebook, Cards: "you have the exact number of Wish cards in hand as you started the game
    with" — a draw-then-discard with nothing to draw discards nothing (Sandhills, Wisdom)."""
    air = 0
    state = patch(started(("air", "water")), order=[0, 1], turn_idx=0)
    everything = set(state.catalog.wishes)
    in_hands = set(state.players[0].hand) | set(state.players[1].hand)
    offer = [c for c in state.offer if c]
    rest = sorted(everything - in_hands - set(offer))
    state = patch(
        state, deck=[], discard=[], players={1: {"fulfilled": rest}, air: {"area": "Sandhills"}}
    )
    hand = len(state.players[air].hand)
    after = act(state, "manifest #3")
    while after.pending and after.current_player == air:  # e.g. a discard that should not come
        after = after.apply(after.legal_actions()[0])
    assert len(after.players[air].hand) == hand
