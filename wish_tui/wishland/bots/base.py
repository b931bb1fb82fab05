"""What every Wishland bot shares: the common bot (`wish_tui.core.bots`) and a position drawn from
its seat's view."""

from __future__ import annotations

from wish_tui.core import bots
from wish_tui.core.bots import match
from wish_tui.wishland.rules import determinize

__all__ = ["Bot", "match"]


class Bot(bots.Bot):
    """A computer opponent of Wishland. Subclasses pick an action from what their seat may see."""

    def sample(self, view: dict):
        """A full State consistent with `view`, drawn with the bot's own generator."""
        return determinize(view, self.rng.getrandbits(48))
