"""`to_dict` / `from_dict`: an exact JSON round trip, and `from_dict` accepts only a consistent
game, refusing anything else with a ValueError of one short sentence (DESIGN §3)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.json_data import SCALARS, json_values, paths_in
from wish_tui.wishland import rules
from wish_tui.wishland.rules import State

from .helpers import BLUE, RED, position

JSON = json_values(SCALARS, lists=6, dicts=6, keys=10, leaves=30)


def _sample_states() -> list[State]:
    states = []
    for seats, options in (
        (["red", "blue"], {}),
        (["red", "blue", "green", "yellow"], {"entrepreneurs": True, "achievement_tiles": True}),
        (["green"], {"solo": True, "entrepreneurs": True}),
        (["blue", "yellow", "red"], {"entrepreneurs": True}),
    ):
        rng = random.Random(len(seats))
        state = rules.new_game(seats, seed=21, **options)
        states.append(state)
        for step in range(400):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
            if step % 37 == 5:
                states.append(state)
        states.append(state)
    return states


SAMPLES = _sample_states()
DATA = [s.to_dict() for s in SAMPLES]


def refused(data, *words: str) -> str:
    """`from_dict(data)` must refuse with a short sentence containing `words`."""
    with pytest.raises(ValueError) as info:
        State.from_dict(data)
    message = str(info.value)
    assert message.startswith("not a Wishland state: ")
    assert len(message) < 140 and "\n" not in message
    for word in words:
        assert word in message, message
    return message


def test_round_trip_is_exact_through_json():
    for state, data in zip(SAMPLES, DATA, strict=True):
        text = json.dumps(data)
        again = State.from_dict(json.loads(text))
        assert again.to_dict() == data
        assert again == state
        assert again.legal_actions() == state.legal_actions()
        assert again.view(0) == state.view(0)


def test_editing_the_data_leaves_the_state_alone():
    state = SAMPLES[3]
    before = json.dumps(state.to_dict())
    data = state.to_dict()
    data["players"][0]["park"].append("Y1")
    data["market"][0][0] = None
    data["pending"].append(["x"])
    assert json.dumps(state.to_dict()) == before
    rebuilt = State.from_dict(json.loads(before))
    copy_ = json.loads(before)
    copy_["players"][0]["credits"] = 999
    assert json.dumps(rebuilt.to_dict()) == before


def _data():
    return copy.deepcopy(position(cards=["Y1"], players={RED: {"credits": 5}}).to_dict())


def test_every_card_must_be_in_one_place():
    data = _data()
    data["players"][BLUE]["park"].append("Y1")
    refused(data, "every card")
    data = _data()
    data["decks"][0].pop()
    refused(data, "every card")


def test_cards_must_lie_in_their_own_row():
    data = _data()
    ride, restaurant = data["decks"][0][-1], data["decks"][1][-1]
    data["decks"][0][-1], data["decks"][1][-1] = restaurant, ride
    refused(data, "another kind's row")


def test_workers_and_tickets_must_add_up():
    data = _data()
    data["players"][RED]["workers"] += 1
    refused(data, "Workers do not add up")
    data = _data()
    data["players"][RED]["tickets"] += 1
    refused(data, "Ticket Office")
    data = _data()
    data["players"][RED]["reserve"], data["players"][RED]["workers"] = 7, 3
    refused(data, "reserve")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(format="wish.state/1"), "format"),
        (lambda d: d.update(seats=["red", "red"]), "twice"),
        (lambda d: d.update(round=8), "round"),
        (lambda d: d.update(phase="lunch"), "phase"),
        (lambda d: d.update(stage="more"), "solo"),
        (lambda d: d.update(seed=True), "seed"),
        (lambda d: d.update(track=[0, 0, -1, -1, -1]), "twice"),
        (lambda d: d.update(first=2), "seat"),
        (lambda d: d["players"][0].update(happiness=11), "off a track"),
        (lambda d: d["players"][0].update(credits=-1), "credits"),
        (lambda d: d["players"][0].update(entrepreneur="E3"), "Entrepreneur"),
        (lambda d: d["players"][0].update(tile="T1"), "Tile"),
        (lambda d: d["players"][0]["park"].append("Z9"), "unknown card"),
        (lambda d: d.update(pending=[["gain", 1, "advertise"]]), "whose turn it is not"),
        (lambda d: d.update(pending=[["gain", 0, "sky"]]), "unknown source"),
        (lambda d: d.update(pending=[["shout", 0]]), "unknown kind"),
        (lambda d: d.update(achievements=["T1", *d["achievements"][1:]]), "Tiles"),
        (lambda d: d.update(claimed=[5] + d["claimed"][1:]), "seat"),
        (lambda d: d["stacks"][0].append([RED, 0]), "1 to 10"),
        (lambda d: d.update(solo=True), "solo"),
        (lambda d: d.pop("market"), "market"),
    ],
)
def test_inconsistent_data_is_refused(change, words):
    data = _data()
    change(data)
    refused(data, words)


def test_the_card_limit_is_checked():
    data = _data()
    data["players"][RED]["park"] = ["B1", "B2"]
    data["decks"][2] = [c for c in data["decks"][2] if c not in ("B1", "B2")]
    for row in data["market"]:
        for i, c in enumerate(row):
            if c in ("B1", "B2"):
                row[i] = None
    data["decks"][0].append("Y1")
    data["players"][RED]["park"] = ["B1", "B2"]
    refused(data, "Card Limit")


def test_a_state_must_wait_on_a_real_decision():
    data = _data()
    data.update(stage="after")
    # After its action a turn may wait with only `end` left (a free action was taken).
    assert rules.State.from_dict(data).legal_actions() == [rules.Action("end")]
    data = _data()
    data.update(stage="after", pending=[["acted", 0]])
    refused(data, "not a decision")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(JSON)
def test_any_json_is_refused_with_a_value_error(value):
    with pytest.raises(ValueError):
        State.from_dict(value)


def _mutate(data, path, how: int, value):
    data = copy.deepcopy(data)
    if not path:
        return value
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    old = parent[key]
    if how == 0:
        parent[key] = value
    elif how == 1 and isinstance(old, int) and not isinstance(old, bool):
        parent[key] = old + (1 if value else -1)
    elif how == 2 and isinstance(parent, dict):
        del parent[key]
    elif how == 3 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(old))
    elif how == 4 and isinstance(parent, list) and len(parent) > 1:
        j = (key + 1) % len(parent)
        parent[key], parent[j] = parent[j], parent[key]
    elif how == 5 and isinstance(parent, list):
        del parent[key]
    else:
        parent[key] = value
    return data


def _exercise(state: State) -> None:
    """An accepted state must work: every entry point, and each legal action applied."""
    legal = state.legal_actions()
    for seat in range(state.num_seats):
        json.dumps(state.view(seat))
    state.final_scores()
    assert State.from_dict(state.to_dict()).to_dict() == state.to_dict()
    for action in legal:
        after = state.apply(action)
        after.legal_actions()
        after.view(0)


@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_mutated_states_are_refused_or_work(data):
    base = data.draw(st.sampled_from(DATA))
    paths = list(paths_in(base))
    mutated = base
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        how = data.draw(st.integers(0, 5))
        value = data.draw(
            JSON
            | st.integers(-2, 12)
            | st.sampled_from(
                ["Y1", "G8", "K24", "E3", "T5", "A1", "red", "gain", "extra", "turns", "after"]
            )
        )
        try:
            mutated = _mutate(mutated, path, how, value)
        except (KeyError, IndexError, TypeError):
            continue
    try:
        state = State.from_dict(mutated)
    except ValueError as exc:
        assert str(exc).startswith("not a Wishland state: ") and len(str(exc)) < 140
        return
    _exercise(state)
