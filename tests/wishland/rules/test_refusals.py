"""Refused actions: IllegalAction names the rule (and who decides), and the refused state is
left as it was."""

from __future__ import annotations

import pytest

from tests import rules_helpers
from wish_tui.wishland import rules
from wish_tui.wishland.rules import Action

from .helpers import BLUE, RED, act, cards_where, position, set_workers


def refused(state, action, *words: str, seat: int | None = None) -> str:
    """Apply `action` expecting a refusal that mentions every word; return the message."""
    return rules_helpers.refused(rules, state, action, *words, seat=seat)


def test_only_the_deciding_seat_may_act():
    state = position()
    message = refused(state, "collect", "Red's decision now", "not Blue's", seat=BLUE)
    assert message == "It is Red's decision now, not Blue's."
    refused(state, "collect", "seat 7", seat=7)
    assert state.apply(Action("collect"), seat=RED).current_player == BLUE


def test_a_decision_must_be_answered_first():
    state = act(position(), "advertise")
    refused(state, "collect", "must first decide", "Happiness")


def test_buying_refusals():
    ride = cards_where("ride", cost=8)[0]
    state = position(market=[ride], players={RED: {"credits": 2}})
    refused(state, f"buy {ride}", "costs 8 Credits", "you have 2")
    refused(state, "buy Y99", "not a card")
    gone = next(c for c in cards_where("ride") if rules.CATALOG.by_id[c].index not in state.market)
    refused(state, f"buy {gone}", "not face up")
    crowded = position(
        market=[ride],
        fn=lambda d: (
            d["stacks"][0].append([BLUE, 1]),
            d["players"][BLUE].update(reserve=5),
            d["stacks"][1].append([RED, 3]),
            set_workers(d, RED, 1, 6),
        ),
        players={RED: {"credits": 9}},
    )
    refused(crowded, f"buy {ride}", "needs 2 Workers", "1 at hand")


def test_turn_refusals():
    state = position()
    refused(state, "end", "Take your action first")
    refused(state, "order 2", "no 'order' decision")
    refused(state, "move", "solo rule")
    refused(state, "collect paid", "Hotel #16")
    after = act(position(players={RED: {"happiness": 7}}), "advertise", "gain visitor")
    assert after.current_player == RED
    refused(after, "collect", "taken your action")
    refused(after, "claim A2", "not met A2")


def test_extra_worker_refusals():
    ride = cards_where("ride", cost=5)[0]
    state = position(
        market=[ride], fn=lambda d: set_workers(d, RED, 10, 0), players={RED: {"credits": 3}}
    )
    after = act(state, f"buy {ride}")
    refused(after, "extra 1", "between 2 and 3")


def test_turn_order_refusals():
    state = rules.new_game(["red", "blue"], seed=1)
    state = act(state, "order 2")
    refused(state, "order 2", "taken by")
    refused(state, "order 6", "spaces 1 to 5")
    refused(state, "collect", "Turn Order space")


def test_keep_refusal():
    state = rules.new_game(["red", "blue"], seed=1, entrepreneurs=True)
    mine = state.players[state.current_player].ent_options
    other = next(e for e in range(1, 13) if e not in mine)
    refused(state, f"keep E{other}", "not one of your two Entrepreneurs")


def test_the_game_over_refuses_everything():
    state = position()
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(next((a for a in legal if a.kind == "collect"), legal[0]))
    refused(state, "collect", "game is over")
    refused(state, "collect", "game is over", seat=RED)


def test_non_actions_are_refused():
    state = position()
    with pytest.raises(rules.IllegalAction):
        state.apply("collect")
    with pytest.raises(rules.IllegalAction):
        state.apply(None)
    assert state.apply(("collect",)).current_player == BLUE
    assert "not an action" in state.why_illegal(42)
