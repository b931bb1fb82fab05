"""How a game's side of the search (`core.ismcts`) turns its judgement into rewards and priors.

A reward is a seat's chance of winning, in [0, 1]: the game's result once it is over, else read
from the seat's lead over the best other seat on a logistic curve. A prior says how promising a
move is against the best move of the node, in (0, 1].
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["WIN_SCALE", "final_rewards", "lead_rewards", "leads", "priors_from", "solo_reward"]

WIN_SCALE = 4.0
"""Points of lead over the best other seat that make a seat about 73% sure of winning."""


def final_rewards(scores: dict, seats: int) -> list[float]:
    """Each seat's reward for a finished game: 1 for a winner (shared by tied winners), else 0.

    `scores` is the rules' `final_scores()` (its "winners"; in a solo game [0] when won).
    """
    winners = scores["winners"]
    if not winners:
        return [0.0] * seats
    share = 1.0 / len(winners)
    return [share if s in winners else 0.0 for s in range(seats)]


def leads(values: Sequence[float]) -> list[float]:
    """Each seat's lead over the best other seat (its value alone when it plays alone)."""
    if len(values) < 2:
        return list(values)
    ordered = sorted(values, reverse=True)
    first, second = ordered[0], ordered[1]
    return [v - (second if v == first else first) for v in values]


def lead_rewards(
    values: Sequence[float], scale: float = WIN_SCALE, centers: Sequence[float] | None = None
) -> list[float]:
    """Each seat's chance of winning read from its lead over the best other seat's value.

    A lead of `scale` gives about 73%, none 50%. With `centers` (each seat's lead where the
    search began), a reward reads the lead gained or lost since then instead: as good a
    position as the decision's own is worth 0.5.
    """
    out = []
    exp = math.exp
    for s, lead in enumerate(leads(values)):
        z = (lead - (centers[s] if centers is not None else 0.0)) / scale
        out.append(1.0 / (1.0 + exp(-z)) if z > -30.0 else 0.0)
    return out


def solo_reward(value: float, target: float, scale: float) -> float:
    """A solo seat's reward for reaching `value` where `target` is an even chance."""
    z = (value - target) / scale
    return 1.0 / (1.0 + math.exp(-z)) if z > -30.0 else 0.0


def priors_from(values: Sequence[float], temperature: float) -> list[float]:
    """Priors for moves judged `values` (higher is better): 1 for the best, falling by e for
    each `temperature` below it."""
    best = max(values)
    exp = math.exp
    return [exp((v - best) / temperature) for v in values]
