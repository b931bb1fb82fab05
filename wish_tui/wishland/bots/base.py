"""What every bot shares: it sees one seat's view and the legal actions, nothing else."""

from __future__ import annotations

import random

from wish_tui.wishland.rules import Action, determinize


class Bot:
    """A computer opponent. Subclasses pick an action from what their seat may see."""

    level = "base"

    def __init__(self, seed: int, think_ms: int | None = None) -> None:
        self.seed = seed
        self.think_ms = think_ms
        self.rng = random.Random(seed)
        """The bot's only source of chance, so a seed replays its choices."""

    def choose(self, view: dict, legal: list[Action]) -> Action:
        """Return one of `legal` for the seat whose `view` is given.

        Raises:
            ValueError: there is nothing to choose from.
        """
        if not legal:
            raise ValueError("a bot was asked to choose from no legal actions")
        if len(legal) == 1:
            return legal[0]
        return self._choose(view, list(legal))

    def hint(self, view: dict, legal: list[Action]) -> tuple[Action, str]:
        """Return the action this bot would take and a one-line reason.

        Asking for a hint leaves the bot's generator as it was, so hints never change the
        choices a seed replays.
        """
        saved = self.rng.getstate()
        try:
            action = self.choose(view, legal)
            if len(legal) == 1:
                return action, "the only legal action"
            return action, self._reason(view, action)
        finally:
            self.rng.setstate(saved)

    def _reason(self, view: dict, action: Action) -> str:
        return f"the {self.level} bot's choice"

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
