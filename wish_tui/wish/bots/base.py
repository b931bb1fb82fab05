"""What every bot shares: it sees one seat's view and the legal actions, nothing else."""

from __future__ import annotations

import random

from wish_tui.wish.rules import Action, determinize

FREE_MOVES = 3
"""Free Wind Blast moves a bot makes in one turn before it stays."""


class Bot:
    """A computer opponent. Subclasses pick an action from what their seat may see."""

    level = "base"

    def __init__(self, seed: int, think_ms: int | None = None) -> None:
        self.seed = seed
        self.think_ms = think_ms
        self.rng = random.Random(seed)
        """The bot's only source of chance, so a seed replays its choices."""
        self._winds = 0
        self._wind_key: tuple = ()

    def choose(self, view: dict, legal: list[Action]) -> Action:
        """Return one of `legal` for the seat whose `view` is given.

        Raises:
            ValueError: there is nothing to choose from.
        """
        if not legal:
            raise ValueError("a bot was asked to choose from no legal actions")
        if len(legal) == 1:
            return legal[0]
        decision = view.get("decision") or {}
        if decision.get("kind") == "wind":
            # Wind Blasts allow free travel any number of times; a bot stops after a few.
            key = (view.get("seat"), view.get("round"), view.get("turn_idx"))
            self._winds = self._winds + 1 if key == self._wind_key else 1
            self._wind_key = key
            if self._winds > FREE_MOVES:
                return next((a for a in legal if a.kind == "pass"), legal[-1])
        return self._choose(view, list(legal))

    def hint(self, view: dict, legal: list[Action]) -> tuple[Action, str]:
        """Return the action this bot would take and a one-line reason."""
        action = self.choose(view, legal)
        return action, f"{self.level} bot's choice"

    def _choose(self, view: dict, legal: list[Action]) -> Action:
        raise NotImplementedError

    def sample(self, view: dict):
        """A full State consistent with `view`, drawn with the bot's own generator."""
        return determinize(view, self.rng.getrandbits(48))


def match(action: Action, legal: list[Action]) -> Action:
    """Return `action` if legal, else the legal action with the same notation, else the first."""
    if action in legal:
        return action
    text = str(action)
    for candidate in legal:
        if str(candidate) == text:
            return candidate
    return legal[0]
