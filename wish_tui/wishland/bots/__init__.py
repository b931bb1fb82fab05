"""Computer opponents for Wishland that see only what their seat may see.

bot = make_bot("hard", seed=7)
action = bot.choose(state.view(seat), state.legal_actions())
action, reason = bot.hint(state.view(seat), state.legal_actions())

Levels: random (uniform), easy (random with sense), medium (greedy choices judged by a position
evaluation), hard (determinized look-ahead: the medium bot's best actions compared by playouts
of the medium policy, within a think budget). A bot is given a seat's view and the legal
actions, never the State; hidden cards are sampled with `rules.determinize`. Each bot draws its
chance from `random.Random(seed)` only, and think budgets count engine applies, never time.
"""

from __future__ import annotations

from .base import Bot
from .hard import HardBot
from .medium import MediumBot
from .simple import EasyBot, RandomBot

LEVELS = ("random", "easy", "medium", "hard")
"""The bot levels, weakest first."""

_CLASSES = {"random": RandomBot, "easy": EasyBot, "medium": MediumBot, "hard": HardBot}

__all__ = ["LEVELS", "Bot", "make_bot"]


def make_bot(level: str, seed: int, think_ms: int | None = None) -> Bot:
    """Return a bot of `level` whose choices depend only on `seed` and what it is shown.

    Args:
        level: random, easy, medium or hard.
        seed: the seed of the bot's own generator.
        think_ms: the hard bot's think budget per decision (default 1000), turned into a fixed
            number of engine applies for its look-ahead so that results never depend on the clock.

    Raises:
        ValueError: the level is unknown or think_ms is not positive.
    """
    cls = _CLASSES.get(level)
    if cls is None:
        raise ValueError(f"'{level}' is not a bot level; choose from {', '.join(LEVELS)}.")
    if think_ms is not None and think_ms <= 0:
        raise ValueError("think_ms must be a positive number of milliseconds.")
    return cls(seed, think_ms)
