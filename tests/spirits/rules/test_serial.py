"""`to_dict`/`from_dict`: an exact JSON round trip, and any JSON gives a consistent game or one
ValueError (a short sentence), never another exception."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.json_data import SCALARS, json_values, paths_in
from wish_tui.spirits import rules
from wish_tui.spirits.rules import State

JSON = json_values(SCALARS, lists=6, dicts=6, keys=10, leaves=40)


def _sample_states() -> list[State]:
    states = []
    for seats, modules, solo in (
        (["air", "water"], (), None),
        (["fire", "earth", "air"], ("wishes", "hexes"), None),
        (["air", "water", "fire", "earth"], ("wishes",), None),
        (["water", "air"], ("hexes",), None),
        (["earth"], (), "hard"),
    ):
        rng = random.Random(len(seats))
        state = rules.new_game(seats, seed=5, modules=modules, solo=solo)
        states.append(state)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            if rng.random() < 0.15 or state.is_over or state.phase == "reward":
                states.append(state)
    return states


SAMPLES = _sample_states()


def _short_sentence(exc: ValueError) -> None:
    message = str(exc)
    assert type(exc).__mro__[1] is ValueError or type(exc) is ValueError, type(exc)
    assert message and len(message) <= 160 and "\n" not in message, message


def test_round_trip_is_exact():
    for state in SAMPLES:
        data = state.to_dict()
        text = json.dumps(data)
        again = State.from_dict(json.loads(text))
        assert again.to_dict() == data
        assert again == state
        assert again.legal_actions() == state.legal_actions()
        assert again.final_scores() == state.final_scores()
        for seat in range(state.num_seats):
            assert again.view(seat) == state.view(seat)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=JSON)
def test_arbitrary_json_raises_only_value_error(data):
    try:
        State.from_dict(data)
    except ValueError as exc:
        _short_sentence(exc)
    else:
        raise AssertionError("arbitrary JSON became a state")


def _set(data, path, value):
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


def _delete(data, path):
    target = data
    for key in path[:-1]:
        target = target[key]
    del target[path[-1]]


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(0, len(SAMPLES) - 1),
    which=st.integers(0, 10**6),
    value=JSON,
    how=st.sampled_from(["set", "delete", "swap", "bump"]),
)
def test_mutated_states_raise_only_value_error(index, which, value, how):
    data = copy.deepcopy(SAMPLES[index].to_dict())
    paths = [p for p in paths_in(data) if p]
    path = paths[which % len(paths)]
    if how == "set":
        _set(data, path, value)
    elif how == "delete":
        _delete(data, path)
    elif how == "swap":
        other = paths[(which * 7 + 3) % len(paths)]
        a, b = _get(data, path), _get(data, other)
        try:
            _set(data, path, copy.deepcopy(b))
            _set(data, other, copy.deepcopy(a))
        except (IndexError, KeyError, TypeError):
            return
    else:
        current = _get(data, path)
        if isinstance(current, int) and not isinstance(current, bool):
            _set(data, path, current + (1 if which % 2 else -1))
    try:
        state = State.from_dict(data)
    except ValueError as exc:
        _short_sentence(exc)
        return
    # Accepted: it must be a working game.
    legal = state.legal_actions()
    assert bool(legal) == (not state.is_over)
    for seat in range(state.num_seats):
        json.dumps(state.view(seat))
    state.final_scores()
    assert State.from_dict(state.to_dict()).to_dict() == state.to_dict()
    if legal:
        state.apply(legal[0])


def _get(data, path):
    for key in path:
        data = data[key]
    return data


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(format="wish.state/1"), "format"),
        (lambda d: d["players"][0]["tiles"].append(d["players"][1]["tiles"][0]), "tile"),
        (lambda d: d["aside"].pop(), "Favor token"),
        (lambda d: d["players"][0].update(lost=d["players"][0]["lost"] + 1), "gemstones"),
        (lambda d: d.update(turn=(d["turn"] + 1) % len(d["seats"])), "turn"),
        (lambda d: d["pending"].append(["favor", 0]), "pending"),
        (lambda d: d.update(seats=["air", "air"]), "element"),
        (lambda d: d.update(step="dance"), "step"),
    ],
)
def test_inconsistent_states_are_refused_by_name(change, words):
    state = SAMPLES[1]
    data = copy.deepcopy(state.to_dict())
    change(data)
    with pytest.raises(ValueError) as info:
        State.from_dict(data)
    assert words in str(info.value)
    _short_sentence(info.value)


def test_a_gap_in_a_row_is_refused():
    data = copy.deepcopy(SAMPLES[0].to_dict())
    row = data["forest"][1]
    tile = row[5]
    row[5] = None
    data["players"][0]["tiles"].append(tile)
    data["gems"][1][5] = None
    data["marks"][1][5] = None
    with pytest.raises(ValueError, match="gap"):
        State.from_dict(data)
