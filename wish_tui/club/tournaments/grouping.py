"""Players in rank order grouped into tables, meeting no one again where it can be avoided.

The shared step of a Swiss round and an arena's pairing. Tables hold `seats` players where the
count allows; otherwise some hold one fewer (never fewer than `min_seats`), the smaller ones at
the bottom of the ranking (Board Game Arena's Swiss for several seats does the same). The top
player left is seated with the next ones in rank order (the Monrad system at two seats: 1 with 2,
3 with 4), skipping anyone they met before; a search goes back when that leaves the players below
no way to avoid a rematch, and only when none exists within its budget does it seat rematches,
as few as it can at each table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

SEARCH_BUDGET = 10_000
"""Candidate tables tried before the search gives up on avoiding every rematch."""
WINDOW = 12
"""Players below the top one that a table seating rematches is chosen from."""

Met = Callable[[int, int], bool]


def table_sizes(count: int, seats: int, min_seats: int = 2) -> tuple[tuple[int, ...], int]:
    """The sizes of the tables for `count` players (largest first) and how many are left over.

    Args:
        count: players to seat.
        seats: the seats a table has when the count allows.
        min_seats: the fewest a table may have (2: no game of one in a tournament).
    """
    if count < min_seats or seats < min_seats:
        return (), count
    tables = -(-count // seats)
    while tables and min(count, tables * seats) // tables < min_seats:
        tables -= 1
    seated = min(count, tables * seats)
    base, extra = divmod(seated, tables)
    return tuple(base + 1 if i < extra else base for i in range(tables)), count - seated


def rematches_at(table: Sequence[int], met: Met) -> int:
    """Pairs at a table who met before."""
    return sum(1 for a, b in combinations(table, 2) if met(a, b))


def group(
    ranked: Sequence[int], sizes: Sequence[int], met: Met
) -> tuple[tuple[tuple[int, ...], ...], int]:
    """Tables of the given sizes from players in rank order, and the rematches they seat.

    Args:
        ranked: every player to seat, best first; `sum(sizes)` of them.
        sizes: each table's size, in the order tables are filled (the top one first).
        met: whether two players met before.
    """
    budget = [SEARCH_BUDGET]
    found = _without_rematch(tuple(ranked), tuple(sizes), met, budget)
    if found is not None:
        return found, 0
    tables = _fewest_rematches(tuple(ranked), tuple(sizes), met)
    return tables, sum(rematches_at(t, met) for t in tables)


def _without_rematch(ranked, sizes, met, budget):
    if not sizes:
        return ()
    top, rest = ranked[0], ranked[1:]
    fresh = [p for p in rest if not met(top, p)]
    for others in combinations(fresh, sizes[0] - 1):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if rematches_at(others, met):
            continue
        table = (top, *others)
        left = tuple(p for p in rest if p not in others)
        below = _without_rematch(left, sizes[1:], met, budget)
        if below is not None:
            return (table, *below)
        if budget[0] < 0:
            return None
    return None


def _fewest_rematches(ranked, sizes, met):
    tables = []
    left = ranked
    for size in sizes:
        top, rest = left[0], left[1:]
        others = min(
            combinations(rest[:WINDOW], size - 1),
            key=lambda o: rematches_at((top, *o), met),
            default=(),
        )
        tables.append((top, *others))
        left = tuple(p for p in rest if p not in others)
    return tuple(tables)
