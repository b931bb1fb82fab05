"""The medium policy: a greedy plan of one's own turn, judged by `evaluate`.

A turn is a few decisions of one seat: a tile (or two of one spirit), perhaps a gemstone given up
for another seat's reserved tile, then the gemstone step. `take_plans` lists every way to finish
the taking part of the turn with the position it reaches; the gemstone step is answered greedily
among the free tiles near a row end (`gem_options`), where a gemstone can matter soon.

Everything here works on a determinized State (see `rules.determinize`), never on the real one.
"""

from __future__ import annotations

from typing import NamedTuple

from wish_tui.core.bots import work_counter
from wish_tui.spirits.rules import Action
from wish_tui.spirits.rules.catalog import COLUMNS

from .evaluate import MEDIUM, Weights, keep_value, seat_value


class Plan(NamedTuple):
    """A line of actions of one seat, the position it reaches and that position's value."""

    value: float
    actions: tuple[Action, ...]
    state: object


def in_take_part(st, seat: int) -> bool:
    """True while `seat` is still taking tiles (or giving a gemstone up for one) this turn."""
    return (
        st.phase == "play"
        and not st.pending
        and not st.solo
        and st.current_player == seat
        and st.step in ("take", "more", "give")
    )


def take_plans(st, seat: int, w: Weights = MEDIUM) -> list[Plan]:
    """Every way for `seat` to finish the taking part of its turn, best first.

    A '+' token is considered only before the first action of the plan (spent later it brings
    the same gemstone back).
    """
    work = work_counter()
    out: list[Plan] = []
    stack: list[tuple[object, tuple[Action, ...]]] = [(st, ())]
    while stack:
        node, line = stack.pop()
        for action in node.legal_actions():
            if action.kind == "plus" and line:
                continue
            child = node.apply(action)
            work[0] += 1
            new_line = (*line, action)
            if action.kind == "plus" or in_take_part(child, seat):
                stack.append((child, new_line))
            else:
                out.append(Plan(seat_value(child, seat, w), new_line, child))
    out.sort(key=lambda p: -p.value)
    return out


def distinct_plans(plans: list[Plan]) -> list[Plan]:
    """The plans, best first, keeping one plan per position reached."""
    seen = set()
    out = []
    for plan in plans:
        st = plan.state
        key = (tuple(map(tuple, st.tiles)), tuple(st.gems), tuple(st.supply), tuple(st.lost))
        if key in seen:
            continue
        seen.add(key)
        out.append(plan)
    return out


def gem_options(
    st, seat: int, legal: list[Action] | None = None, depth: int = MEDIUM.gem_depth
) -> list[Action]:
    """The gemstone-step actions worth judging: a gem near a row end, skip, a '+' token."""
    legal = st.legal_actions() if legal is None else legal
    lo, hi = st.lo, st.hi
    out = []
    for action in legal:
        kind = action.kind
        if kind == "gem":
            place = action.a
        elif kind == "move":
            place = action.b
        else:
            out.append(action)
            continue
        row, col = divmod(place, COLUMNS)
        if min(col - lo[row], hi[row] - 1 - col) <= depth:
            out.append(action)
    return out or list(legal)


def best_of(st, seat: int, options: list[Action], w: Weights = MEDIUM) -> tuple[Action, float]:
    """The option that leaves `seat` best off, and its value (the first one wins ties)."""
    work = work_counter()
    best, best_value = options[0], None
    for action in options:
        work[0] += 1
        value = seat_value(st.apply(action), seat, w)
        if best_value is None or value > best_value + 1e-9:
            best, best_value = action, value
    return best, best_value


def greedy_action(st, w: Weights = MEDIUM) -> Action:
    """The medium policy's next action for whoever decides in `st`."""
    seat = st.current_player
    legal = st.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if in_take_part(st, seat):
        return take_plans(st, seat, w)[0].actions[0]
    if st.phase == "play" and not st.pending and st.step == "gem":
        return best_of(st, seat, gem_options(st, seat, legal, w.gem_depth), w)[0]
    if legal[0].kind == "keep":
        return max(legal, key=lambda a: keep_value(a.name, len(st.seats), w))
    return best_of(st, seat, legal, w)[0]


def play_turn(st, w: Weights = MEDIUM):
    """Play the deciding seat's whole turn (or one pending decision) by the medium policy."""
    seat = st.current_player
    work = work_counter()
    if st.solo:
        work[0] += 1
        return st.apply(greedy_action(st, w))
    if in_take_part(st, seat):
        st = take_plans(st, seat, w)[0].state
    while st.phase == "play" and not st.pending and st.current_player == seat and st.step == "gem":
        legal = st.legal_actions()
        action = best_of(st, seat, gem_options(st, seat, legal, w.gem_depth), w)[0]
        work[0] += 1
        st = st.apply(action)
    if st.current_player == seat and st.pending:
        work[0] += 1
        st = st.apply(greedy_action(st, w))
    return st
