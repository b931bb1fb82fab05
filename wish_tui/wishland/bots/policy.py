"""The medium policy on a (determinized) State: greedy choices judged by `position_value`.

Each action of a turn is tried, the seat's own decisions that follow it (extra Workers, Hotel
#19, a choice of Happiness, Visitor or Worker) are settled greedily, and the action whose
position is worth most is taken. Achievements are claimed as soon as they are met. In solo the
cards drawn are unknown, so drawing follows a fixed shape (`solo_turn`) and only playing is
judged.
"""

from __future__ import annotations

from wish_tui.core.bots import work_counter
from wish_tui.wishland.rules import Action

from .evaluate import MEDIUM, Weights, position_value

END = Action("end")
PASS = Action("pass")
COLLECT = Action("collect")
ADVERTISE = Action("advertise")
DRAW = Action("draw")
MOVE = Action("move")

ENTREPRENEUR_VP = {
    "E7": 9.9,
    "E9": 4.9,
    "E1": 1.2,
    "E6": -0.6,
    "E2": -0.8,
    "E11": -1.1,
    "E8": -1.1,
    "E3": -1.4,
    "E4": -1.4,
    "E10": -2.1,
    "E5": -3.9,
    "E12": -4.9,
}
"""How each Entrepreneur's keeper scored against the table's mean, in VP: how the bots keep one.
Measured in 150 four-seat games of medium bots that kept one of their two at random
(docs/rules-decisions.md, "Balance with the bots (measured)")."""


def _value(st, seat: int, w: Weights, rivalry: float) -> float:
    value = position_value(st, seat, w)
    if rivalry:
        others = [position_value(st, s, MEDIUM) for s in range(len(st.players)) if s != seat]
        if others:
            value -= rivalry * max(others)
    return value


def settle(st, seat: int, w: Weights = MEDIUM, rivalry: float = 0.0):
    """Resolve `seat`'s own pending decisions greedily (the rest of its action).

    Hotel #8's purchase in Final Scoring is left pending: it is a choice of its own, among
    every card of the supply, which `position_value` prices by the Credits left for it.
    """
    work = work_counter()
    while st.pending and st.current_player == seat and st.pending[0][0] != "bonus":
        legal = st.legal_actions()
        work[0] += 1
        st = st.apply(greedy_decision(st, legal, w, rivalry))
    return st


def greedy_decision(st, legal: list[Action], w: Weights = MEDIUM, rivalry: float = 0.0) -> Action:
    """The option of a pending decision that leaves the deciding seat best off.

    An Entrepreneur is kept by `ENTREPRENEUR_VP`, which a position cannot show at setup.
    """
    if legal[0].kind == "keep":
        return max(legal, key=lambda a: ENTREPRENEUR_VP.get(a.arg, 0.0))
    seat = st.current_player
    work = work_counter()
    work[0] += len(legal)
    best, best_value = legal[0], None
    for action in legal:
        value = _value(st.apply(action), seat, w, rivalry)
        if best_value is None or value > best_value + 1e-9:
            best, best_value = action, value
    return best


def ranked(st, w: Weights = MEDIUM, rivalry: float = 0.0) -> list[tuple[float, Action]]:
    """Every legal action of the deciding seat with the value it leads to, best first.

    A turn action is followed by the seat's own decisions, settled greedily; claims come first
    whatever they are worth (an Achievement is 1 VP that can only be lost by waiting).
    """
    seat = st.current_player
    legal = st.legal_actions()
    work = work_counter()
    out = []
    for i, action in enumerate(legal):
        work[0] += 1
        after = st.apply(action)
        if after.current_player == seat and after.pending:
            after = settle(after, seat, w, rivalry)
        value = _value(after, seat, w, rivalry)
        if action.kind == "claim":
            value += 100.0
        out.append((value, -i, action))
    out.sort(reverse=True)
    return [(value, action) for value, _, action in out]


def choose(st, w: Weights = MEDIUM, rivalry: float = 0.0) -> Action:
    """The medium policy's action in `st` for the seat that decides now."""
    legal = st.legal_actions()
    if len(legal) == 1:
        return legal[0]
    for action in legal:
        if action.kind == "claim":
            return action
    if st.pending:
        return greedy_decision(st, legal, w, rivalry)
    if st.solo and st.phase == "turns":
        return solo_turn(st, legal, w)
    return ranked(st, w, rivalry)[0][1]


def solo_turn(st, legal: list[Action], w: Weights = MEDIUM) -> Action:
    """Solo: draw, look at more cards with the free draws, then play the best card or advertise.

    The cards still to be drawn are hidden, so drawing is not judged by the sample: the turn
    draws one card with a Worker, uses a free draw while fewer than three cards are in hand
    (one a turn, so that every turn of the round has a choice), draws again with a Worker only
    when nothing in hand is worth playing, and collects when no Worker is at hand.
    """
    seat = st.current_player
    p = st.players[seat]
    kinds = {a.kind for a in legal}
    if st.stage == "start":
        if "move" in kinds and len(p.hand) < 2 and _free_draws(st, seat) > _turns_in_round(st):
            return MOVE
        return DRAW if "draw" in kinds else COLLECT
    if st.stage == "more":
        if "move" in kinds and len(p.hand) < 3 and _free_draws(st, seat) >= _turns_in_round(st):
            return MOVE
        best = _best_play(st, seat, legal, w)
        if best == ADVERTISE and "draw" in kinds and p.workers >= 2:
            return DRAW
        return best
    # After the action: only free actions and the end are left.
    if "move" in kinds and _free_draws(st, seat) > _turns_in_round(st) + 1:
        return MOVE
    return END if END in legal else legal[-1]


def _best_play(st, seat: int, legal: list[Action], w: Weights) -> Action:
    """Solo: the card in hand whose play leaves the best position, or advertising."""
    work = work_counter()
    best, best_value = ADVERTISE, None
    for action in (a for a in legal if a.kind in ("play", "advertise")):
        work[0] += 1
        value = position_value(settle(st.apply(action), seat, w), seat, w)
        if best_value is None or value > best_value + 1e-9:
            best, best_value = action, value
    return best


def _free_draws(st, seat: int) -> int:
    """Solo: free draws left this round (spaces to the right of the Player Token)."""
    return 4 - st.track.index(seat) if seat in st.track else 0


def _turns_in_round(st) -> int:
    """Solo: turns left in this round after the current one."""
    return 4 - st.turn
