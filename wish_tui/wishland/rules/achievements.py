"""Achievement requirements (rulebook, "Achievements" and "Optional Achievement Tiles")."""

from __future__ import annotations

from . import economy
from .tables import CAT, CATEGORY, COST

ACHIEVEMENTS = CAT.achievements
_CONTROLLED = CAT.start_workers + CAT.reserve_workers
"""Workers a seat controls once none is left on the Reserve."""


def symbol_counts(park) -> list[int]:
    """Copies of each Category Symbol on the cards of a play area."""
    counts = [0] * 12
    for card in park:
        counts[CATEGORY[card]] += 1
    return counts


def _met(p, a) -> bool:
    test, n = a.test, a.n
    if test == "happiness":
        return p.happiness >= n
    if test == "visitors":
        return p.visitors >= n
    if test == "workers":
        return _CONTROLLED - p.reserve >= n
    if test == "vp":
        return p.vp >= n
    if test == "colour":
        return p.counts[a.arg] >= n
    if test == "both_tracks":
        return p.happiness >= n and p.visitors >= n
    if test == "same_colour":
        return max(p.counts) >= n
    if test == "either_track":
        return p.happiness >= n or p.visitors >= n
    if test == "each_colour":
        return min(p.counts[:5]) >= n
    if test == "symbol_copies":
        return len(p.park) >= n and max(symbol_counts(p.park)) >= n
    if test == "distinct_symbols":
        return len({CATEGORY[c] for c in p.park}) >= n
    if test == "cards":
        return len(p.park) + p.counts[5] >= n
    if test == "income":
        return economy.income(p) >= n
    if test == "credits":
        return p.credits >= n
    if test == "expensive":
        return sum(1 for c in p.park if COST[c] >= a.arg) >= n
    return False


def met(p, aid: str) -> bool:
    """True when the seat with pieces `p` meets the requirement of Achievement `aid`."""
    return _met(p, ACHIEVEMENTS[aid])


def claimable(st, seat: int) -> list[str]:
    """Achievements the seat may claim now: unclaimed on the board, and its private tile."""
    p = st.players[seat]
    found = [
        aid
        for aid, owner in zip(st.ach, st.claimed, strict=True)
        if owner < 0 and _met(p, ACHIEVEMENTS[aid])
    ]
    if p.tile and not p.tile_claimed and _met(p, ACHIEVEMENTS[p.tile]):
        found.append(p.tile)
    return found
