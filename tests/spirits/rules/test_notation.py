"""Notation: every action's text parses back to it, in any case; refusals explain themselves."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from wish_tui.spirits import rules
from wish_tui.spirits.rules import Action
from wish_tui.spirits.rules.actions import GEM, GIVE, GIVE_SUPPLY, MOVE, SIMPLE, TAKE

from .helpers import act, endgame, tile


def test_every_table_action_round_trips_through_its_notation():
    actions = [*SIMPLE.values(), GIVE_SUPPLY]
    actions += [a for row in TAKE for a in row] + list(GEM) + list(GIVE)
    actions += [MOVE[p][q] for p in range(0, 48, 5) for q in range(48)]
    for action in actions:
        assert Action.parse(str(action)) == action
        assert Action.parse(str(action).upper()) == action


def test_examples_of_the_notation():
    assert str(TAKE[1][0]) == "take 2 left" and str(TAKE[2][1]) == "take 3 right"
    assert str(GEM[4]) == "gem r1c5" and str(MOVE[4][31]) == "move gem r1c5 r3c8"
    assert str(GIVE[18]) == "give r2c7" and str(GIVE_SUPPLY) == "give supply"
    assert str(Action("keep", a=0, name="Morning Dew")) == "keep wish Morning Dew"
    assert str(Action("keep", a=1, name="Dry Spell")) == "keep hex Dry Spell"
    assert str(Action("favor", name="moss")) == "favor moss"


def test_card_names_and_token_kinds_parse_in_any_case_and_spelling():
    state = rules.new_game(["air", "water"], seed=1, modules=rules.MODULES)
    keep = state.legal_actions()[0]
    assert rules.parse_action(state, str(keep).upper()) == keep
    assert rules.parse_action(state, "  " + str(keep).lower().replace(" ", "   ") + " ") == keep
    ended = act(
        endgame(
            ("air", "water"),
            modules=("wishes",),
            wishes={0: "Gem Hoard"},
            lost={1: 1},
            last=tile("spiders"),
        ),
        "take 1 left",
    )
    kinds = [a.name for a in ended.legal_actions()]
    if "dewdrops" in kinds:
        assert rules.parse_action(ended, "favor Dew Drops").name == "dewdrops"
    if "spiders" in kinds:
        assert rules.parse_action(ended, "favor web spiders").name == "spiders"


def test_a_place_names_a_row_end():
    state = rules.new_game(["air", "water"], seed=1)
    assert rules.parse_action(state, "take r3c12") == TAKE[2][1]
    assert rules.parse_action(state, "TAKE R1C1") == TAKE[0][0]


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(max_size=40)
    | st.sampled_from(
        [
            "take 1 left",
            "take 9 left",
            "gem r1c1",
            "move gem r1c1 r1c2",
            "keep wish x",
            "favor",
            "give",
            "plus plus",
            "take r2c2",
            "stop",
            "pass",
        ]
    )
)
def test_parse_action_raises_only_illegal_action(text):
    rng = random.Random(len(text))
    state = rules.new_game(["air", "water", "fire"], seed=len(text), modules=rules.MODULES)
    for _ in range(rng.randrange(40)):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    try:
        action = rules.parse_action(state, text)
    except rules.IllegalAction as exc:
        message = str(exc)
        assert message.endswith(".") and "\n" not in message and message.lower() != "illegal."
    else:
        assert action in state.legal_actions()
