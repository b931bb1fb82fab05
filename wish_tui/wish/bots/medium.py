"""The medium level: a greedy one-turn plan on a determinized position."""

from __future__ import annotations

from wish_tui.wish.rules import Action

from .base import Bot, match
from .evaluate import MEDIUM
from .planner import greedy_decision, plan_turn


class MediumBot(Bot):
    """Plans the rest of its turn by beam search and answers decisions greedily."""

    level = "medium"
    width = 4
    depth = 4
    work_limit = 700
    """Engine applies a turn's plan may make in a two-seat game (fewer than 1 in 100 plans reach
    it); with more seats each apply is judged against more opponents, so the limit shrinks in
    proportion. The worst decision stays near 25 ms on the reference machine (benchmarks/bots.md).
    """

    weights = MEDIUM
    """How positions are judged (benchmarks/weights.py measures other weights this way)."""

    def __init__(self, seed: int, think_ms: int | None = None) -> None:
        super().__init__(seed, think_ms)
        self._plan: list[Action] = []
        self._plan_key: tuple = ()

    def _choose(self, view: dict, legal: list[Action]) -> Action:
        if view["decision"] is not None:
            state = self.sample(view)
            return match(greedy_decision(state, state.legal_actions(), weights=self.weights), legal)
        key = (view["seat"], view["round"], view["turn_idx"])
        if self._plan and self._plan_key == key and self._plan[0] in legal:
            return self._plan.pop(0)
        state = self.sample(view)
        limit = self.work_limit * 2 // len(state.players)
        plan = plan_turn(state, self.width, self.depth, weights=self.weights, limit=limit)
        self._plan = plan.actions[1:]
        self._plan_key = key
        return match(plan.actions[0], legal)
