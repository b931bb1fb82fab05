"""Helpers the bot tests of every game share."""

from __future__ import annotations

import copy
import json


class Spy:
    """Wraps a bot and records exactly what it is given."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.calls: list[tuple] = []

    def choose(self, view, legal):
        self.calls.append((copy.deepcopy(view), list(legal)))
        return self.bot.choose(view, legal)


def checked_choice(spy: Spy, state):
    """The choice of `spy`'s bot for the seat deciding in `state`, checked: it is legal, and
    the bot was given exactly that seat's view (JSON-safe) and the legal actions. Returns the
    action and the view the bot was given."""
    seat = state.current_player
    view, legal = state.view(seat), state.legal_actions()
    action = spy.choose(state.view(seat), list(legal))
    assert action in legal
    got_view, got_legal = spy.calls[-1]
    assert got_view == view and got_legal == legal
    assert json.loads(json.dumps(got_view)) == got_view
    return action, got_view


def check_hints_change_nothing(plain, hinted, state, decisions: int) -> None:
    """Two bots alike, one asked for a hint before each decision, choose alike for `decisions`
    decisions from `state`."""
    for _ in range(decisions):
        view, legal = state.view(state.current_player), state.legal_actions()
        hinted.hint(view, legal)
        action = plain.choose(view, legal)
        assert hinted.choose(view, legal) == action
        state = state.apply(action)
