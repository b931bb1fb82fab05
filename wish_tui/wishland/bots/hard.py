"""The hard level: determinized look-ahead guided by the medium policy.

Before each choice of a turn or of the Turn Order, the bot ranks the legal actions the way the
medium bot does and keeps the most promising few (`CANDIDATES`). Each is played out on the same
sampled deals (`rules.determinize` of its view): everyone plays on by the medium policy to the
end of the round (the next one too when the current round is nearly over), and the position
reached is judged as the bot's value minus the best opponent's. The candidate whose playouts end
best on average is taken. Within a round a multi-seat game hides nothing that matters (the
Decks only refill the Marketplace between rounds), so the deals differ only after it.

The think budget is counted in engine applies, never in time: every candidate is played out on
at least `MIN_SAMPLES` deals and a new deal is sampled only while its playouts still fit in the
budget, so a seed always replays the same choices and the worst decision is bounded.
"""

from __future__ import annotations

from wish_tui.core.playout_ranking import playout_verdict, rank_by_playouts
from wish_tui.wishland.rules import Action

from . import policy
from .base import Bot, match
from .evaluate import MEDIUM, Weights, position_value
from .policy import work_counter
from .reasons import describe

THINK_MS = 1000
"""Default think budget per decision."""
WORK_PER_MS = 5
"""Engine applies (see `policy.work_counter`) the search may make per millisecond of budget.
One apply, with the evaluations around it, costs 80-110 microseconds on the reference 2-core
machine; with the default budget the worst decision measured was 0.33 s of CPU time
(benchmarks/wishland-bots.md).
Counting applies instead of time keeps every choice independent of the clock."""
MIN_SAMPLES = 1
"""Sampled deals every candidate is played out on, whatever the budget."""
MAX_SAMPLES = 6
"""Sampled deals beyond which more would change little."""
CANDIDATES = 4
"""Actions compared by playouts."""
WITHIN = 4.0
"""Candidates further than this many VP below the medium policy's best are not played out."""
SEARCHED = frozenset(("gain",))
"""Pending decisions compared by playouts like turn actions; the others are greedy."""


class HardBot(Bot):
    """Compares the medium policy's best actions by playouts over sampled hidden cards."""

    level = "hard"
    weights = MEDIUM

    def __init__(self, seed: int, think_ms: int | None = None) -> None:
        super().__init__(seed, think_ms)
        budget = THINK_MS if think_ms is None else think_ms
        self.work = budget * WORK_PER_MS
        self.last_reason = ""

    def _reason(self, view: dict, action: Action) -> str:
        return self.last_reason or "the best choice found"

    def _choose(self, view: dict, legal: list[Action]) -> Action:
        seat = view["seat"]
        start = work_counter()[0]
        sample = self.sample(view)
        for action in legal:
            if action.kind == "claim":
                self.last_reason = describe(action, sample, seat)
                return action
        kind = view["decision"]["kind"]
        if kind not in ("turn", "order") and kind not in SEARCHED:
            best = policy.choose(sample, self.weights)
            self.last_reason = describe(best, sample, seat)
            return match(best, legal)
        if sample.solo and kind == "turn" and sample.stage != "more":
            best = policy.choose(sample, self.weights)
            self.last_reason = describe(best, sample, seat)
            return match(best, legal)
        ranked = policy.ranked(sample, self.weights)
        top = ranked[0][0]
        candidates = [a for v, a in ranked if v >= top - WITHIN and a in legal][:CANDIDATES]
        if len(candidates) < 2:
            best = candidates[0] if candidates else ranked[0][1]
            self.last_reason = describe(best, sample, seat)
            return match(best, legal)
        return match(self._compare(view, sample, candidates, start), legal)

    def _compare(self, view: dict, first, candidates: list[Action], start: int) -> Action:
        """The candidate whose playouts end best on average, over the same sampled deals."""
        seat = view["seat"]
        cap = max(1, self.work // len(candidates))
        # Within a round a multi-seat game hides nothing the playouts use: one deal is enough.
        hidden = first.solo or first.phase == "setup" or horizon(first) > first.round + 1

        def enough(deals: int, used: int, dearest: int) -> bool:
            return deals >= MIN_SAMPLES and (
                not hidden or used + dearest > self.work or deals >= MAX_SAMPLES
            )

        scores = rank_by_playouts(
            first,
            candidates,
            playout=lambda deal, action: playout(deal, seat, action, self.weights, cap),
            resample=lambda: self.sample(view),
            enough=enough,
            start=start,
        )
        best = scores[0][2]
        verdict = playout_verdict(scores, "playing the game on")
        self.last_reason = f"{describe(best, first, seat)}; {verdict}"
        return best


def horizon(st) -> int:
    """The round whose start ends a playout from `st` (8: the end of the game)."""
    if st.phase in ("setup",):
        return 2
    if st.phase == "turns" and st.turn >= 3:
        return st.round + 2
    return st.round + 1


def playout(state, seat: int, action: Action, weights: Weights = MEDIUM, cap: int = 4000) -> float:
    """Play `action`, then everyone by the medium policy to the horizon; judge the position.

    A playout stops after `cap` applies (its share of the think budget) and is judged where it
    stands. Returns the seat's value minus the best opponent's (in solo, the seat's value).
    """
    work = work_counter()
    stop = work[0] + cap
    until = horizon(state)
    work[0] += 1
    st = play_on(state.apply(action), seat, weights, until, stop)
    return margin(st, seat, weights)


def play_on(st, seat: int, weights: Weights, until: int, stop: int):
    """Everyone by the medium policy (`seat` judging with `weights`) until round `until` starts,
    the game ends or the work counter reaches `stop`."""
    work = work_counter()
    while not st.is_over and work[0] < stop:
        if st.round >= until and st.phase == "order":
            break
        mover = st.current_player
        move = policy.choose(st, weights if mover == seat else MEDIUM)
        work[0] += 1
        st = st.apply(move)
    return st


def margin(st, seat: int, weights: Weights = MEDIUM) -> float:
    """The seat's value minus the best opponent's (its final score margin once over)."""
    if st.is_over:
        totals = [s["total"] for s in st.final_scores()["seats"]]
        mine = totals[seat]
        others = [t for s, t in enumerate(totals) if s != seat]
        return mine - max(others) if others else float(mine)
    mine = position_value(st, seat, weights)
    others = [position_value(st, s, MEDIUM) for s in range(len(st.players)) if s != seat]
    return mine - max(others) if others else mine
