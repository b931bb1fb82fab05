"""What every Wish bot shares: the common bot (`wish_tui.core.bots`), a position drawn from its
seat's view, and a limit on free Wind Blast moves."""

from __future__ import annotations

from wish_tui.core import bots
from wish_tui.core.bots import match
from wish_tui.wish.rules import Action, determinize

__all__ = ["FREE_MOVES", "Bot", "FreeMoves", "match"]

FREE_MOVES = 3
"""Free Wind Blast moves a bot makes in one turn before it stays."""


class FreeMoves:
    """Counts a bot's free Wind Blast moves in one turn, and stays once it has made FREE_MOVES."""

    def __init__(self) -> None:
        self._winds = 0
        self._wind_key: tuple = ()

    def stay(self, view: dict, legal: list[Action]) -> Action | None:
        """The action that stays (pass) when the bot has travelled on enough, else None."""
        decision = view.get("decision") or {}
        if len(legal) < 2 or decision.get("kind") != "wind":
            return None
        # Wind Blasts allow free travel any number of times; a bot stops after a few.
        key = (view.get("seat"), view.get("round"), view.get("turn_idx"))
        self._winds = self._winds + 1 if key == self._wind_key else 1
        self._wind_key = key
        if self._winds > FREE_MOVES:
            return next((a for a in legal if a.kind == "pass"), legal[-1])
        return None


class Bot(bots.Bot):
    """A computer opponent of Wish. Subclasses pick an action from what their seat may see."""

    def __init__(self, seed: int, think_ms: int | None = None) -> None:
        super().__init__(seed, think_ms)
        self.free_moves = FreeMoves()

    def choose(self, view: dict, legal: list[Action]) -> Action:
        """Return one of `legal` for the seat whose `view` is given.

        Raises:
            ValueError: there is nothing to choose from.
        """
        stay = self.free_moves.stay(view, legal)
        return stay if stay is not None else super().choose(view, legal)

    def sample(self, view: dict):
        """A full State consistent with `view`, drawn with the bot's own generator."""
        return determinize(view, self.rng.getrandbits(48))
