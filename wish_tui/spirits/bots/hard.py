"""The hard level: determinized look-ahead guided by the medium policy.

At the start of its turn the bot lists every way to take its tiles (`planner.take_plans`), keeps
the CANDIDATES best by the medium judgement that end in different positions, and plays each out on
sampled determinizations of its view: the rest of its turn, every opponent's next turn and its
own next turn, all by the medium policy. It keeps the plan whose playouts end best on average (its
value against the best opponent's) and follows it through the turn. The gemstone step is compared
the same way among the places the medium judgement likes best. In a solo game the two row ends
the medium judgement likes best are played out to the end of the game by the medium policy (a flat
Monte Carlo search over the hidden tiles). A Favor reward is judged on several sampled positions;
the keep at setup by how often medium bots meet each Wish and are hit by each Hex
(`evaluate.KEEP_ODDS`).

The think budget is counted in engine applies, never in time: every candidate is played out on
the same sampled positions (at least one), and a new one is sampled only while its playouts still
fit in the budget, so a seed always replays the same choices.
"""

from __future__ import annotations

from wish_tui.spirits.rules import Action

from .base import Bot, match
from .evaluate import MEDIUM, Weights, seat_value
from .planner import (
    distinct_plans,
    gem_options,
    greedy_action,
    in_take_part,
    play_turn,
    take_plans,
    work_counter,
)
from .reasons import describe

THINK_MS = 100
"""Default think budget per decision."""
WORK_PER_MS = 12
"""Engine applies (see `planner.work_counter`) the search may make per millisecond of budget in
a two-seat game; with more seats each apply is judged against more opponents, so fewer."""
SOLO_WORK_PER_MS = 35
"""The same in a solo game, whose positions are judged about three times as fast."""
SAMPLE_WORK = 15
"""What sampling a position from the view costs, in engine applies."""
CANDIDATES = 5
"""Plans (or gemstone places) compared by playouts; a small budget compares fewer, one for each
CANDIDATE_WORK applies of budget but never fewer than two."""
CANDIDATE_WORK = 100
SOLO_CANDIDATES = 2
"""Row ends compared by playouts in a solo game. A playout to the end of the game is dear and
ends in a win or a loss, so the budget buys only a few per candidate; two candidates with more
playouts each won 51 of 100 standard solo games, all of them (five) 29, the medium bot 36."""
JUDGEMENT: Weights = MEDIUM
"""How the hard bot judges positions for itself."""


class HardBot(Bot):
    """Compares the medium planner's best plans by playouts over sampled hidden information."""

    level = "hard"

    def __init__(self, seed: int, think_ms: int | None = None) -> None:
        super().__init__(seed, think_ms)
        self.budget = THINK_MS if think_ms is None else think_ms
        self.work = 0
        self.last_reason = ""
        self._plan: tuple[Action, ...] = ()
        self._plan_key: tuple = ()

    def _reason(self, view: dict, action: Action) -> str:
        return self.last_reason or describe(view, action)

    def _choose(self, view: dict, legal: list[Action]) -> Action:
        seat = view["seat"]
        key = (seat, view["turn_no"])
        self.last_reason = ""
        if self._plan and self._plan_key == key and self._plan[0] in legal:
            action, self._plan = self._plan[0], self._plan[1:]
            return action
        self._plan = ()
        if view["solo"]:
            self.work = self.budget * SOLO_WORK_PER_MS
        else:
            self.work = self.budget * WORK_PER_MS * 2 // len(view["seats"])
        start = work_counter()[0]
        first = self.sample(view)
        if first.solo:
            ranked = self._ranked(first, seat, first.legal_actions(), SOLO_CANDIDATES)
            lines = [(a,) for a in ranked]
            return match(self._compare(view, first, lines, start)[0], legal)
        if in_take_part(first, seat):
            plans = distinct_plans(take_plans(first, seat, JUDGEMENT))
            lines = [plan.actions for plan in plans[: self._candidates()]]
            best = self._compare(view, first, lines, start)
            self._plan, self._plan_key = best[1:], key
            return match(best[0], legal)
        if first.phase == "play" and not first.pending:
            options = gem_options(first, seat, first.legal_actions(), JUDGEMENT.gem_depth)
            lines = [(a,) for a in self._ranked(first, seat, options)]
            return match(self._compare(view, first, lines, start)[0], legal)
        if legal[0].kind == "keep":
            best = greedy_action(first, JUDGEMENT)
            self.last_reason = describe(view, best)
            return match(best, legal)
        return match(self._decide(view, first, start), legal)

    def _candidates(self) -> int:
        return max(2, min(CANDIDATES, self.work // CANDIDATE_WORK))

    def _ranked(
        self, st, seat: int, options: list[Action], most: int | None = None
    ) -> list[Action]:
        """The options the medium judgement likes best: `most`, or as many as the budget compares."""
        work_counter()[0] += len(options)
        ranked = sorted(options, key=lambda a: -seat_value(st.apply(a), seat, JUDGEMENT))
        return ranked[: most or self._candidates()]

    def _decide(self, view: dict, first, start: int) -> Action:
        """A Favor reward: the option best on average over the sampled positions."""
        seat = view["seat"]
        options = first.legal_actions()
        totals = [0.0] * len(options)
        work = work_counter()
        st = first
        while True:
            for i, action in enumerate(options):
                work[0] += 1
                totals[i] += seat_value(st.apply(action), seat, JUDGEMENT)
            if work[0] - start + len(options) + SAMPLE_WORK > self.work // 8:
                break
            work[0] += SAMPLE_WORK
            st = self.sample(view)
        best = max(range(len(options)), key=lambda i: (totals[i], -i))
        self.last_reason = describe(view, options[best])
        return options[best]

    def _compare(self, view: dict, first, lines: list[tuple[Action, ...]], start: int):
        """The line whose playouts end best on average, over the same sampled positions."""
        if len(lines) == 1:
            self.last_reason = describe(view, lines[0][0], lines[0])
            return lines[0]
        seat = view["seat"]
        work = work_counter()
        totals = [0.0] * len(lines)
        samples = 0
        dearest = 0
        st = first
        while True:
            before = work[0]
            for i, line in enumerate(lines):
                totals[i] += _playout(st, seat, line)
            samples += 1
            dearest = max(dearest, work[0] - before)
            if work[0] - start + dearest + SAMPLE_WORK > self.work:
                break
            work[0] += SAMPLE_WORK
            st = self.sample(view)
        order = sorted(range(len(lines)), key=lambda i: (-totals[i], i))
        best = lines[order[0]]
        margin = (totals[order[0]] - totals[order[1]]) / samples
        reason = describe(view, best[0], best)
        if margin >= 0.05 and not first.solo:
            second = lines[order[1]][0]
            reason += f"; playing the game on, it ends {margin:.1f} points better than '{second}'"
        self.last_reason = reason
        return best


def _playout(state, seat: int, line: tuple[Action, ...]) -> float:
    """Play `line`, then on by the medium policy, and judge where it ends for `seat`.

    Between seats: the rest of the turn, one turn of every other seat and the bot's own next
    turn. Solo: to the end of the game, judged by its result.
    """
    work = work_counter()
    st = state
    for action in line:
        if st.is_over or st.current_player != seat or action not in st.legal_actions():
            break
        work[0] += 1
        st = st.apply(action)
    return seat_value(play_on(st, seat), seat, JUDGEMENT)


def play_on(st, seat: int):
    """On by the medium policy from `st` (`seat` judging as the hard bot): the rest of the turn,
    one turn of every other seat and `seat`'s next turn; solo, to the end of the game."""
    if st.solo:
        while not st.is_over:
            st = play_turn(st, JUDGEMENT)
        return st
    turns = len(st.seats) + (1 if st.current_player == seat else 0)
    while turns > 0 and not st.is_over:
        mover = st.current_player
        st = play_turn(st, JUDGEMENT if mover == seat else MEDIUM)
        if st.current_player != mover or st.is_over:
            turns -= 1
    return st
