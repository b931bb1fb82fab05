"""Helpers the rules tests of every game share: actions in notation, played or refused.

Each takes the game's rules package first; a game's own test helpers bind it.
"""

from __future__ import annotations

import random

import pytest

from wish_tui.tables.seat import SPECTATOR


def names(actions) -> list[str]:
    """The notation of each action."""
    return [str(a) for a in actions]


def play(rules, state, *texts: str):
    """Apply actions given in notation, one after the other."""
    for text in texts:
        state = state.apply(rules.parse_action(state, text))
    return state


def refused(rules, state, action, *words: str, seat: int | None = None) -> str:
    """Apply `action` expecting a refusal that mentions every word and changes nothing; return
    the message (which `why_illegal` gives too, unless the seat was the wrong one)."""
    if isinstance(action, str):
        action = rules.Action.parse(action)
    before = state.to_dict()
    with pytest.raises(rules.IllegalAction) as info:
        state.apply(action, seat=seat)
    assert state.to_dict() == before
    message = str(info.value)
    assert isinstance(info.value, ValueError)
    for word in words:
        assert word.lower() in message.lower(), (word, message)
    assert state.why_illegal(action) in ("", message) or seat is not None
    return message


def random_positions(state, seed: int, steps: int):
    """`state`, then each position of up to `steps` random legal actions from it (seeded)."""
    rng = random.Random(seed)
    yield state
    for _ in range(steps):
        if state.is_over:
            return
        state = state.apply(rng.choice(state.legal_actions()))
        yield state


def views_after_random_moves(table, seed: int, moves: int, made: list):
    """Play `moves` random legal moves at a table (a `GameTable`), seeded; after each, `made`
    emptied before the move, ask the views of seats 0 and 1 and a spectator's, and yield."""
    rng = random.Random(seed)
    for _ in range(moves):
        seat = table.deciding
        choice = rng.choice(table.choices(seat).actions).notation
        made.clear()
        table.play(seat, choice)
        for shown in (0, 1, SPECTATOR):
            table.view(shown)
        yield
