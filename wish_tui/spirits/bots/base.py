"""What every Spirits of the Forest bot shares: the common bot (`wish_tui.core.bots`), a position
drawn from its seat's view, and reasons in the game's words."""

from __future__ import annotations

from wish_tui.core import bots
from wish_tui.core.bots import match
from wish_tui.spirits.rules import Action, determinize

from .reasons import describe

__all__ = ["Bot", "match"]


class Bot(bots.Bot):
    """A computer opponent of Spirits of the Forest. Subclasses pick an action from what their
    seat may see."""

    def _reason(self, view: dict, action: Action) -> str:
        return describe(view, action)

    def sample(self, view: dict):
        """A full State consistent with `view`, drawn with the bot's own generator."""
        return determinize(view, self.rng.getrandbits(48))
