"""Notation: `str(action)` and `parse_action` round-trip, read case-insensitively, and a refusal
explains itself in one sentence."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wish_tui.wishland import rules
from wish_tui.wishland.rules import Action, IllegalAction

from .helpers import RED, position


def _states():
    out = []
    for seats, options in (
        (["red", "blue", "green"], {"entrepreneurs": True, "achievement_tiles": True}),
        (["yellow"], {"solo": True}),
    ):
        rng = random.Random(5)
        state = rules.new_game(seats, seed=5, **options)
        while not state.is_over:
            out.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return out[::7]


STATES = _states()


def test_every_legal_action_round_trips_in_any_case():
    kinds = set()
    for state in STATES:
        for action in state.legal_actions():
            kinds.add(action.kind)
            text = str(action)
            assert Action.parse(text) == action
            for variant in (text.upper(), text.lower(), f"  {text}  ".replace(" ", "   ")):
                assert rules.parse_action(state, variant) == action
    assert kinds >= {
        "keep",
        "order",
        "buy",
        "advertise",
        "collect",
        "gain",
        "draw",
        "play",
        "move",
        "end",
    }


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("buy y3", Action("buy", "Y3")),
        ("CLAIM t10", Action("claim", "T10")),
        ("keep e12", Action("keep", "E12")),
        ("gain Worker", Action("gain", "worker")),
        ("collect PAID", Action("collect", "paid")),
        ("order 4", Action("order", "4")),
        ("end", Action("end")),
    ],
)
def test_parse_reads_shapes_without_a_state(text, action):
    assert Action.parse(text) == action
    assert str(Action.parse(text)) == str(action)


@pytest.mark.parametrize("text", ["", "   ", "buy", "buy Y3 now", "42", "b", "buy #3", None, 3])
def test_shapeless_text_is_refused(text):
    state = position()
    with pytest.raises(IllegalAction) as info:
        rules.parse_action(state, text)
    assert str(info.value).endswith(".")


def test_a_refusal_names_the_rule():
    state = position(players={RED: {"credits": 0}})
    with pytest.raises(IllegalAction) as info:
        rules.parse_action(state, "draw")
    assert "solo" in str(info.value)
    with pytest.raises(IllegalAction) as info:
        rules.parse_action(state, "claim A4")
    assert "You have not met A4 yet" in str(info.value)
    with pytest.raises(IllegalAction) as info:
        rules.parse_action(state, "fly away")
    assert "not an action of Wishland" in str(info.value)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(0, len(STATES) - 1),
    text=st.text(max_size=30) | st.from_regex(r"[a-z]{2,9}( [A-Za-z0-9]{1,4})?", fullmatch=True),
)
def test_any_text_parses_to_a_legal_action_or_a_one_sentence_refusal(index, text):
    state = STATES[index]
    try:
        action = rules.parse_action(state, text)
    except IllegalAction as exc:
        message = str(exc)
        assert message and len(message) < 300 and "\n" not in message
        assert message.endswith((".", ")", "?")) or message.endswith(".'"), message
        return
    assert action in state.legal_actions()
