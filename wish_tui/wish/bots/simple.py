"""The random and easy levels."""

from __future__ import annotations

from wish_tui.wish.rules import Action

from .base import Bot

MARKER_KINDS = frozenset(
    ("travel", "empower", "manifest", "caravan", "fulfill", "build", "icedibs", "clone", "blast")
    + ("harvest",)
)


class RandomBot(Bot):
    """Uniform over the legal actions."""

    level = "random"

    def _choose(self, view: dict, legal: list[Action]) -> Action:
        return self.rng.choice(legal)


class EasyBot(Bot):
    """Random with sense: fulfills or builds when it can and never leaves a marker unused."""

    level = "easy"

    def _choose(self, view: dict, legal: list[Action]) -> Action:
        scoring = [a for a in legal if a.kind in ("fulfill", "build")]
        if scoring:
            return self.rng.choice(scoring)
        markers = [a for a in legal if a.kind in MARKER_KINDS]
        if markers:
            return self.rng.choice(markers)
        if view.get("decision") is None:
            # Only trades and the end of the turn are left: trading at random wastes crystals.
            return next((a for a in legal if a.kind == "end"), legal[0])
        return self.rng.choice(legal)
