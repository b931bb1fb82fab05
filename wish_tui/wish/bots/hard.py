"""The hard level: determinized look-ahead guided by the medium policy.

On its turn the bot asks the medium planner for its most promising first actions, then plays each
of them out on several determinizations of its view: the rest of its turn, every opponent's next
turn and its own next turn, all by the medium policy (its own turns judged with its own weights,
`JUDGEMENT`, the opponents' with the medium bot's). It keeps the action whose playouts end best
on average (its value minus the best opponent's). The think budget is counted in engine applies,
never in time: every candidate is played out on the same sampled deals (at least MIN_SAMPLES),
a new deal is sampled only while its playouts still fit in the budget, and each playout stops
after PLAYOUT_CAP applies, so a seed always replays the same choices and the worst decision is
bounded.
"""

from __future__ import annotations

from wish_tui.wish.rules import Action

from .base import Bot, match
from .evaluate import MEDIUM, Weights, position_value, seat_value
from .planner import END, greedy_decision, plan_turn, settle, work_counter

THINK_MS = 1000
"""Default think budget per decision."""
WORK_PER_MS = 9
"""Engine applies (see `planner.work_counter`) the search may make per millisecond of think
budget. One apply, with the evaluations around it, costs about 20-50 microseconds on the
reference 2-core machine (more late in a game), so the default budget's worst decision stays near
0.5 s even with both cores busy (see benchmarks/bots.md). Counting applies instead of time keeps
every choice independent of the clock."""
PLAYOUT_CAP = 1500
"""Applies after which a playout stops and its position is evaluated as it stands."""
MIN_SAMPLES = 2
"""Sampled deals every candidate is played out on, whatever the budget."""
CANDIDATES = 4
"""First actions compared by playouts."""
OWN_PLAN = (2, 3)
"""Beam width and depth of the bot's own turns in a playout (cheap: the candidates differ there)."""
JUDGEMENT = Weights(decay=0.65, missing=0.75, spare=0.25, tokens=0.5, monument=1.5)
"""How the hard bot judges positions for itself (its own plans and the ends of playouts): effort
towards a Wish costs more, loose crystals and tokens count less and a Monument in sight counts
more than in the medium bot's judgement. Chosen with benchmarks/weights.py: a medium bot judging
this way beats the medium bot in 58.8% of 800 games (see benchmarks/bots.md)."""
OPPONENT_PLAN = (4, 4)
"""Beam width and depth of opponents' turns in a playout: the medium bot's own, so that a playout
answers a candidate the way a medium opponent would."""


class HardBot(Bot):
    """Compares the medium planner's best first actions by playouts over sampled hidden cards."""

    level = "hard"

    def __init__(self, seed: int, think_ms: int | None = None) -> None:
        super().__init__(seed, think_ms)
        budget = THINK_MS if think_ms is None else think_ms
        self.work = budget * WORK_PER_MS
        self._plan: list[Action] = []
        self._plan_key: tuple = ()
        self.last_reason = ""

    def hint(self, view: dict, legal: list[Action]) -> tuple[Action, str]:
        """Return the action the hard bot would take and why, in one line."""
        self._plan = []
        action = self.choose(view, legal)
        if len(legal) == 1:
            return action, "the only legal action"
        return action, self.last_reason or "the best choice found"

    def _choose(self, view: dict, legal: list[Action]) -> Action:
        if view["decision"] is not None:
            state = self.sample(view)
            action = greedy_decision(state, state.legal_actions(), weights=JUDGEMENT)
            self.last_reason = _describe(action, state, view["seat"])
            return match(action, legal)
        key = (view["seat"], view["round"], view["turn_idx"])
        if self._plan and self._plan_key == key and self._plan[0] in legal:
            return self._plan.pop(0)
        seat = view["seat"]
        work = work_counter()
        start = work[0]
        samples = [self.sample(view)]
        plan = plan_turn(samples[0], width=5, depth=4, weights=JUDGEMENT)
        ranked = sorted(plan.by_first.items(), key=lambda kv: -kv[1])
        candidates = [a for a, _ in ranked if a in legal][:CANDIDATES]
        if plan.actions[0] not in candidates:
            candidates.insert(0, plan.actions[0])
        if len(candidates) == 1:
            self._remember(key, plan.actions)
            self.last_reason = _describe(candidates[0], samples[0], seat)
            return match(candidates[0], legal)
        # Common random numbers: every candidate is played out on the same sampled deals. A new
        # deal is sampled only while the dearest deal so far still fits in the budget.
        totals = [0.0] * len(candidates)
        dearest = 0
        while True:
            sample = samples[-1]
            before = work[0]
            for index, action in enumerate(candidates):
                totals[index] += _playout(sample, seat, action)
            dearest = max(dearest, work[0] - before)
            used = work[0] - start
            if len(samples) >= MIN_SAMPLES and used + dearest > self.work:
                break
            samples.append(self.sample(view))
        scores = [
            (total / len(samples), -index, action)
            for index, (total, action) in enumerate(zip(totals, candidates, strict=True))
        ]
        scores.sort(reverse=True)
        best = scores[0][2]
        margin = scores[0][0] - scores[1][0]
        self._remember(key, plan.actions if best == plan.actions[0] else [best])
        self.last_reason = (
            f"{_describe(best, samples[0], seat)}; over {len(samples)} sampled deals it leads "
            f"the next best ('{scores[1][2]}') by {margin:.1f} VP after the coming round"
        )
        return match(best, legal)

    def _remember(self, key: tuple, actions: list[Action]) -> None:
        self._plan = list(actions[1:])
        self._plan_key = key


def _playout(state, seat: int, action: Action) -> float:
    """Play `action`, then everyone by the medium policy until `seat` has had one more turn.

    A playout stops after PLAYOUT_CAP applies and is evaluated where it stands.
    """
    work = work_counter()
    stop = work[0] + PLAYOUT_CAP
    work[0] += 1
    st = settle(state.apply(action), seat, weights=JUDGEMENT)
    turns_ended = 0
    while not st.is_over and turns_ended < 2 and work[0] < stop:
        if st.pending:
            weights = JUDGEMENT if st.current_player == seat else MEDIUM
            st = st.apply(greedy_decision(st, st.legal_actions(), weights=weights))
            work[0] += 1
            continue
        mover = st.current_player
        width, depth = OWN_PLAN if mover == seat else OPPONENT_PLAN
        weights = JUDGEMENT if mover == seat else MEDIUM
        line = plan_turn(st, width=width, depth=depth, weights=weights).actions
        for step in line:
            if st.is_over or st.current_player != mover or st.pending:
                break
            if step not in st.legal_actions():
                break
            work[0] += 1
            st = settle(st.apply(step), mover, weights=weights)
        if not st.is_over and st.current_player == mover and not st.pending:
            work[0] += 1
            st = st.apply(END)
        if mover == seat:
            turns_ended += 1
    return seat_value(st, seat, rivalry=1.0, weights=JUDGEMENT)


def _describe(action: Action, state, seat: int) -> str:
    """A short reason for an action, in the words of the game."""
    cat = state.catalog
    kind = action.kind
    if kind == "fulfill":
        wish = cat.wishes[action.arg]
        return f"fulfil {wish.name} now for {wish.vp} VP"
    if kind == "build":
        return f"build the {action.arg} for {cat.monument_by_name[action.arg].vp} VP"
    if kind == "travel":
        return f"travel to {action.arg} to reach the Wishing Persons your hand needs"
    if kind == "empower":
        return "empower to gather crystals for the Wishes in your hand"
    if kind == "caravan":
        return "trade with the Caravan while it is here"
    if kind == "manifest":
        return "use this Area's Manifest ability"
    if kind == "end":
        return "nothing left that improves your position this turn"
    if kind == "trade":
        return f"trade for {action.arg} to complete a Wish's cost"
    value = position_value(state, seat)
    return f"it leaves your position best (about {value:.0f} VP in sight)"
