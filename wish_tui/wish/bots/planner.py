"""The medium policy: greedy decisions and a beam search over the rest of one's own turn.

Everything here works on a determinized State (see `rules.determinize`), never on the real one.
"""

from __future__ import annotations

from wish_tui.core.bots import work_counter
from wish_tui.wish.rules import COLOURS, Action

from .evaluate import MEDIUM, Weights, seat_value
from .rivals import RivalCache

END = Action("end")
PASS = Action("pass")
MAX_TRADES = 2
"""Free trades a plan may make in one turn (more only shuffle crystals around)."""


def greedy_decision(
    st,
    legal: list[Action],
    rivalry: float = 0.3,
    weights: Weights = MEDIUM,
    rivals: RivalCache | None = None,
) -> Action:
    """Answer a pending decision with the option that leaves the decider best off (by `weights`).

    Passing wins ties, so that free moves (Wind Blasts between two Areas) cannot loop forever.
    """
    return greedy_step(st, legal, rivalry, weights, rivals)[0]


def greedy_step(
    st,
    legal: list[Action],
    rivalry: float = 0.3,
    weights: Weights = MEDIUM,
    rivals: RivalCache | None = None,
) -> tuple[Action, object, float | None]:
    """`greedy_decision`'s choice, the position it leads to (made while judging it) and its
    `seat_value` for the decider (None for an only option, which is not judged).

    The options are judged against the best opponent through one `RivalCache` (the one given,
    when it is the decider's): most options leave the opponents as they were, and the cache
    answers exactly what judging them again would. An only option is not judged.
    """
    seat = st.current_player
    legal = sorted(legal, key=lambda a: a.kind != "pass")
    work_counter()[0] += len(legal)
    if len(legal) == 1:
        return legal[0], st.apply(legal[0]), None
    if rivals is None or rivals.seat != seat or rivals.weights is not weights:
        rivals = RivalCache(seat, weights)
    best, best_state, best_value = legal[0], None, None
    for action in legal:
        after = st.apply(action)
        value = seat_value(after, seat, rivalry, weights, rivals)
        if best_value is None or value > best_value:
            best, best_state, best_value = action, after, value
    return best, best_state, best_value


SETTLE_LIMIT = 60
"""Decisions `settle` makes before it passes whenever it may (a guard against free-move loops)."""


def settle(
    st,
    seat: int,
    rivalry: float = 0.3,
    weights: Weights = MEDIUM,
    rivals: RivalCache | None = None,
    caches: dict | None = None,
):
    """Resolve pending decisions greedily until `seat` acts on its turn again (or the game ends).

    `caches` (decider -> RivalCache judging with `weights`) may be kept by the caller from one
    call to the next: a cache answers what judging the opponents again would, whatever it holds.
    """
    if caches is None:
        caches = {}
    if rivals is not None and rivals.weights is weights:
        caches[rivals.seat] = rivals
    return _settle(st, seat, rivalry, weights, caches)[0]


def rival_cache(caches: dict, seat: int, weights: Weights) -> RivalCache:
    """The RivalCache of `caches` for `seat` judging with `weights` (a new one if there is none)."""
    cache = caches.get(seat)
    if cache is None or cache.weights is not weights:
        cache = caches[seat] = RivalCache(seat, weights)
    return cache


def _settle(st, seat: int, rivalry: float, weights: Weights, caches: dict):
    """`settle`'s position, and its `seat_value` for `seat` when the last decision settled was
    `seat`'s and judged it (else None)."""
    value = None
    made = 0
    work = work_counter()
    while st.pending and not st.is_over:
        legal = st.legal_actions()
        made += 1
        work[0] += 1
        if made > SETTLE_LIMIT and PASS in legal:
            st, value = st.apply(PASS), None
            continue
        decider = st.current_player
        cache = rival_cache(caches, decider, weights)
        _, st, value = greedy_step(st, legal, rivalry, weights, cache)
        if decider != seat:
            value = None
    return st, value


class Plan:
    """A sequence of turn actions, the value it reaches, and the best value per first action."""

    __slots__ = ("actions", "value", "by_first")

    def __init__(self, actions: list[Action], value: float, by_first: dict) -> None:
        self.actions = actions
        self.value = value
        self.by_first = by_first


def plan_turn(
    st,
    width: int = 4,
    depth: int = 4,
    rivalry: float = 0.3,
    weights: Weights = MEDIUM,
    limit: int | None = None,
) -> Plan:
    """Search the rest of the current seat's turn, keeping the `width` best lines at each step.

    Returns the best line found (ending with ``end``) and, for each first action tried, the best
    value any line starting with it reached. With a `limit`, the search stops expanding lines
    once it has made that many engine applies and keeps the best line found so far.
    """
    seat = st.current_player
    rivals = RivalCache(seat, weights)
    caches = {seat: rivals}
    best_value = seat_value(st, seat, rivalry, weights, rivals)
    best = [END]
    by_first: dict[Action, float] = {END: best_value}
    beam = [(st, [], 0)]
    work = work_counter()
    stop = work[0] + limit if limit is not None else None
    out_of_work = False
    for _ in range(depth):
        children = []
        for node, line, trades in beam:
            wanted = _wanted_colours(node, seat) if trades < MAX_TRADES else ()
            for action in node.legal_actions():
                kind = action.kind
                if kind == "end" or (kind == "trade" and action.arg not in wanted):
                    continue
                if stop is not None and work[0] >= stop:
                    out_of_work = True
                    break
                work[0] += 1
                child, value = _settle(node.apply(action), seat, rivalry, weights, caches)
                if child.is_over or child.current_player != seat:
                    continue
                if value is None:
                    value = seat_value(child, seat, rivalry, weights, rivals)
                new_line = [*line, action]
                first = new_line[0]
                if value > by_first.get(first, -1e9):
                    by_first[first] = value
                children.append((value, len(children), child, new_line, trades + (kind == "trade")))
            if out_of_work:
                break
        if not children:
            break
        children.sort(key=lambda c: (-c[0], c[1]))
        if children[0][0] > best_value + 1e-9:
            best_value = children[0][0]
            best = [*children[0][3], END]
        if out_of_work:
            break
        beam = [(c[2], c[3], c[4]) for c in children[:width]]
    return Plan(best, best_value, by_first)


def _wanted_colours(st, seat: int) -> set[str]:
    """Colours a trade could complete a Wish with: short for some Wish in hand."""
    p = st.players[seat]
    wishes = st.catalog.wishes
    wanted = set()
    for name in p.hand:
        cost = wishes[name].cost
        short = [c for c in range(6) if cost[c] > p.crystals[c]]
        if 0 < sum(cost[c] - p.crystals[c] for c in short) <= 2:
            wanted.update(COLOURS[c] for c in short)
    return wanted
