"""A State never changes after it is made: not through `apply`, `to_dict` or `view`, although
states share the pieces they do not change (DESIGN §3)."""

from __future__ import annotations

import json
import random

from wish_tui.wishland import rules

from .helpers import RED, act, position


def test_apply_leaves_every_earlier_state_alone():
    rng = random.Random(2)
    state = rules.new_game(
        ["red", "blue", "green", "yellow"], seed=2, entrepreneurs=True, achievement_tiles=True
    )
    history = []
    while not state.is_over:
        history.append((state, json.dumps(state.to_dict())))
        state = state.apply(rng.choice(state.legal_actions()))
    for old, text in history[::5]:
        assert json.dumps(old.to_dict()) == text


def test_editing_outputs_leaves_the_state_alone():
    state = act(position(), "advertise")
    before = json.dumps(state.to_dict())
    data = state.to_dict()
    data["players"][RED]["park"].append("Y1")
    data["stacks"][5].append([1, 1])
    view = state.view(RED)
    view["players"][RED]["workers"]["hand"] = 99
    view["marketplace"][0]["cards"].clear()
    legal = state.legal_actions()
    legal.clear()
    assert json.dumps(state.to_dict()) == before
    assert state.legal_actions()


def test_states_compare_by_content():
    a = position()
    b = rules.State.from_dict(a.to_dict())
    assert a == b and a is not b
    assert a != act(a, "collect")
    assert a != "state"
