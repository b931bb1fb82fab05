"""The medium level: greedy choices judged by a position evaluation, on a determinized view."""

from __future__ import annotations

from wish_tui.wishland.rules import Action

from . import policy
from .base import Bot, match
from .evaluate import MEDIUM
from .reasons import describe


class MediumBot(Bot):
    """Takes the action whose position is worth most by `evaluate.position_value`."""

    level = "medium"
    weights = MEDIUM
    """How positions are judged (benchmarks/wishland_weights.py measures other weights)."""

    def _choose(self, view: dict, legal: list[Action]) -> Action:
        state = self.sample(view)
        return match(policy.choose(state, self.weights), legal)

    def _reason(self, view: dict, action: Action) -> str:
        return describe(action, self.sample(view), view["seat"])
