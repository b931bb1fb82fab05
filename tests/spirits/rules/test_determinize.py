"""`determinize(view, seed)`: a full State consistent with one seat's view, for bots."""

from __future__ import annotations

import random

import pytest

from wish_tui.spirits import rules

CONFIGS = [
    (["air", "water"], (), None),
    (["air", "water", "fire"], ("wishes", "hexes"), None),
    (["air", "water", "fire", "earth"], ("wishes",), None),
    (["water", "fire"], ("hexes",), None),
    (["earth"], (), "standard"),
    (["air"], (), "hard"),
]


@pytest.mark.parametrize(("seats", "modules", "solo"), CONFIGS)
def test_a_determinized_state_shows_the_same_view(seats, modules, solo):
    rng = random.Random(4)
    state = rules.new_game(seats, seed=9, modules=modules, solo=solo)
    step = 0
    while True:
        if step % 4 == 0 or state.is_over:
            for seat in range(len(seats)):
                view = state.view(seat)
                sampled = rules.determinize(view, seed=step)
                assert sampled.view(seat) == view
                assert (
                    sampled.legal_actions() == state.legal_actions()
                    or sampled.current_player != seat
                )
                if sampled.current_player == seat:
                    assert sampled.legal_actions() == state.legal_actions()
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
        step += 1


def test_the_same_view_and_seed_give_the_same_state_and_seeds_vary_it():
    state = rules.new_game(["air", "water", "fire"], seed=1, modules=rules.MODULES)
    while state.phase == "setup":
        state = state.apply(state.legal_actions()[0])
    view = state.view(0)
    a, b = rules.determinize(view, 5), rules.determinize(view, 5)
    assert a.to_dict() == b.to_dict()
    others = {tuple(rules.determinize(view, s).to_dict()["aside"]) for s in range(20)}
    assert len(others) > 1


def test_a_determinized_game_plays_to_its_end():
    state = rules.new_game(["air", "water", "fire", "earth"], seed=6, modules=rules.MODULES)
    sampled = rules.determinize(state.view(2), 3)
    while not sampled.is_over:
        sampled = sampled.apply(sampled.legal_actions()[-1])
    assert sampled.final_scores()["winners"]


def test_not_a_view_is_refused():
    with pytest.raises(ValueError):
        rules.determinize({"game": "wish"}, 1)
    with pytest.raises(ValueError):
        rules.determinize({"game": "spirits"}, 1)


def test_while_rewards_are_chosen_the_sample_agrees_with_the_wish_checks():
    found = 0
    for seed in range(60):
        state = rules.new_game(["air", "water", "fire", "earth"], seed=seed, modules=("wishes",))
        rng = random.Random(seed)
        while not state.is_over:
            if state.phase == "reward":
                found += 1
                for seat in range(4):
                    view = state.view(seat)
                    sampled = rules.determinize(view, seed)
                    assert sampled.view(seat) == view
                    assert sampled.met == state.met
            state = state.apply(rng.choice(state.legal_actions()))
        if found >= 6:
            break
    assert found >= 6
