"""`State.from_dict` accepts only consistent games of Wish, and nothing else ever crashes it.

A save or an engine client can hand over any JSON: a state that lost a card, holds a card twice,
creates a Wishing Person from nothing, names a seat that is not there or is not even the right
shape. Each is refused with one short ValueError; a state that is accepted can be viewed by every
seat, sampled by a bot and played on.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.json_data import json_values, paths_in
from wish_tui.wish import rules
from wish_tui.wish.rules import State, determinize

from .helpers import started


def position(seed=3, djinns=("air", "water", "fire"), steps=60, solo=None):
    """A game some random steps in (past setup), as to_dict data."""
    rng = random.Random(seed)
    state = rules.new_game(list(djinns), seed=seed, solo=solo)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state.to_dict()


def refused(data) -> str:
    with pytest.raises(ValueError) as caught:
        State.from_dict(data)
    message = str(caught.value)
    assert message.startswith("not a Wish state: ") and "\n" not in message
    assert len(message) < 200
    return message


def test_a_real_position_is_accepted():
    data = position()
    assert State.from_dict(data).to_dict() == data


def test_a_lost_card_is_refused():
    data = position()
    data["deck"].pop()
    assert "missing" in refused(data)


def test_a_card_in_two_places_is_refused():
    data = position()
    data["discard"].append(data["players"][0]["hand"][0])
    assert "two places" in refused(data)


def test_a_wishing_person_from_nothing_is_refused():
    data = position()
    data["players"][1]["meeples"][2] += 1
    assert "four of each colour" in refused(data)


def test_another_games_cards_are_refused():
    data = position()
    data["deck"][0] = "Chess Opening"
    assert "unknown Wish" in refused(data)


def test_challenge_cards_only_in_solo():
    data = position()
    data["challenge_deck"] = ["Hurt"]
    refused(data)


def test_a_duplicated_destiny_is_refused():
    data = started(("air", "water")).to_dict()
    data["players"][1]["destiny"] = data["players"][0]["destiny"]
    assert "same Destiny" in refused(data)


def test_more_fiery_clones_than_the_box_holds_are_refused():
    """Components: 2 Fiery Clone tokens; a discarded one is gone (Example 8)."""
    data = position(djinns=("fire", "water"))
    data["clones"] = [0, 1]
    data["clones_discarded"] = 1
    assert "Fiery Clone" in refused(data)
    data = position(djinns=("air", "water"))
    data["clones_discarded"] = 1
    assert "Fiery Clone" in refused(data)


def test_a_state_of_format_1_is_read_with_no_clone_discarded():
    data = position()
    data["format"] = "wish.state/1"
    del data["clones_discarded"]
    state = State.from_dict(data)
    assert state.clones_discarded == 0 and state.to_dict()["format"] == "wish.state/2"


def test_a_badge_held_twice_is_refused():
    data = position()
    data["players"][0]["badges"] = ["Hidden Cave"]
    data["players"][1]["badges"] = ["Hidden Cave"]
    assert "same Badge" in refused(data)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("deck", [["Sultan"]]),
        ("order", [None, None, None]),
        ("offer", [{"a": 1}, None, None]),
        ("rng", 1 << 70),
        ("round", -1),
        ("pending", [["gain", 0, "many", 1]]),
        ("pending", [["travel", 0]]),
        ("pending", [["take", 0, 7]]),
        ("pending", [["gain", 5, 1, -1]]),
        ("monuments", [[9, [0, 0, 0, 0, 0, 0]]] + [None] * 11),
        ("djinns", ["air", "water", "moon"]),
        ("players", []),
    ],
)
def test_wrong_shapes_are_refused_with_one_sentence(field, value):
    data = position()
    data[field] = value
    refused(data)


def test_a_state_that_is_not_an_object_is_refused():
    for data in (None, [], "state", 7, {"format": "wish.state/1"}):
        refused(data)


def survives(state: State) -> None:
    """Everything the app and the bots do with an accepted state works."""
    for seat in range(state.num_seats):
        view = state.view(seat)
        json.dumps(view)
        if not state.is_over:
            determinize(view, seed=seat)
    for action in state.legal_actions()[:20]:
        state.apply(action)
    state.final_scores()


JSON = json_values(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12),
    lists=4,
    dicts=4,
    keys=8,
    leaves=12,
)
BASES = [
    position(seed, djinns)
    for seed, djinns in ((3, ("air", "water", "fire")), (5, ("earth", "fire")))
]
BASES.append(position(7, ("water",), solo="medium"))


PATHS = [[p for p in paths_in(base) if p] for base in BASES]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(BASES) - 1), st.data(), JSON)
def test_any_mutation_is_refused_or_playable(which, data, replacement):
    """Replace any one field of a real state by arbitrary JSON: a ValueError, or a sound game."""
    state = copy.deepcopy(BASES[which])
    path = data.draw(st.sampled_from(PATHS[which]))
    target = state
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = replacement
    try:
        loaded = State.from_dict(state)
    except ValueError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 200
        return
    survives(loaded)


@settings(max_examples=200, deadline=None)
@given(JSON)
def test_arbitrary_json_is_refused(value):
    with pytest.raises(ValueError):
        State.from_dict(value)
