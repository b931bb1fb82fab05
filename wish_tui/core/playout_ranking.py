"""The hard bots' last step: the candidates played out on the same sampled deals, ranked by their
average result, and the hint's words for the winner against the runner-up.

Common random numbers: every candidate is played out on each deal, so that a deal's luck falls
on them all alike; the game says when the deals are enough (its budget is counted in the
engine applies of `work_counter`, never in time).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .bots import work_counter

__all__ = ["playout_verdict", "rank_by_playouts"]

Ranked = list[tuple[float, int, Any]]
"""(average result, -index, candidate) per candidate, the best first (on equal averages, the
earlier candidate)."""


def rank_by_playouts(
    first: Any,
    candidates: Sequence[Any],
    playout: Callable[[Any, Any], float],
    resample: Callable[[], Any],
    enough: Callable[[int, int, int], bool],
    start: int,
) -> Ranked:
    """Rank `candidates` by `playout(deal, candidate)` averaged over `first` and the deals
    `resample()` draws, one deal after another until `enough(deals, used, dearest)`: `used` the
    work spent since `start`, `dearest` the most work a deal's playouts took."""
    work = work_counter()
    deal = first
    deals = 1
    totals = [0.0] * len(candidates)
    dearest = 0
    while True:
        before = work[0]
        for index, action in enumerate(candidates):
            totals[index] += playout(deal, action)
        dearest = max(dearest, work[0] - before)
        if enough(deals, work[0] - start, dearest):
            break
        deal = resample()
        deals += 1
    return sorted(
        (
            (total / deals, -index, action)
            for index, (total, action) in enumerate(zip(totals, candidates, strict=True))
        ),
        reverse=True,
    )


def playout_verdict(ranked: Ranked, how: str) -> str:
    """How the best of `ranked` (two or more) fared against the runner-up, `how` naming the
    playouts, e.g. "playing the game on, it ends 1.5 VP better than 'buy Y3'"."""
    margin = ranked[0][0] - ranked[1][0]
    against = f"'{ranked[1][2]}'"
    if margin < 0.05:
        return f"{how}, it does as well as {against}"
    return f"{how}, it ends {margin:.1f} VP better than {against}"
