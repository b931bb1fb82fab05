"""Helpers the rules tests of every game share: actions in notation, played or refused.

Each takes the game's rules package first; a game's own test helpers bind it.
"""

from __future__ import annotations

import pytest


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
