"""The order in which the game unfolds: setup decisions, turns, the end and its rewards."""

from __future__ import annotations

from . import cards, solo, turn


def legal(st) -> list:
    """Every legal action of the seat that decides now, in a deterministic order."""
    if st.pending:
        kind, seat = st.pending[0]
        if kind == "favor":
            return cards.favor_actions(st)
        return cards.keep_actions(st, kind, seat)
    if st.phase != "play":
        return []
    if st.solo:
        return solo.legal(st)
    return turn.legal(st)


def resolve(st, action) -> None:
    """Carry out a legal action on `st` (a fresh copy), then every automatic step after it."""
    if st.pending:
        kind, seat = st.pending.pop(0)
        if kind == "favor":
            cards.resolve_favor(st, seat, action)
        else:
            cards.resolve_keep(st, seat, action)
        if not st.pending and st.phase == "setup":
            st.phase = "play"
    elif st.solo:
        solo.resolve(st, action)
    elif turn.resolve(st, action):
        cards.finish(st)
    advance(st)


def advance(st) -> None:
    """Take the Favor rewards that leave no choice, and end the game once none is left to choose."""
    pending = st.pending
    while pending and pending[0][0] == "favor":
        options = cards.favor_actions(st)
        if len(options) > 1:
            st._legal = options
            return
        _, seat = pending.pop(0)
        cards.resolve_favor(st, seat, options[0])
    if st.phase == "reward":
        st.phase = "over"
