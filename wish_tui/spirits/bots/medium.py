"""The medium level: a greedy plan of its own turn on a determinized position."""

from __future__ import annotations

from wish_tui.spirits.rules import Action

from .base import Bot, match
from .evaluate import MEDIUM
from .planner import greedy_action


class MediumBot(Bot):
    """Takes the tiles whose turn ends best by its judgement, then places its gemstone greedily."""

    level = "medium"
    weights = MEDIUM

    def _choose(self, view: dict, legal: list[Action]) -> Action:
        state = self.sample(view)
        return match(greedy_action(state, self.weights), legal)
