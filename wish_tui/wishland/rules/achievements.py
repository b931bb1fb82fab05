"""Achievement requirements (rulebook, "Achievements" and "Optional Achievement Tiles")."""

from __future__ import annotations

from . import economy
from .tables import CAT, COST

ACHIEVEMENTS = CAT.achievements
_CONTROLLED = CAT.start_workers + CAT.reserve_workers
"""Workers a seat controls once none is left on the Reserve."""


def _test(a):
    """The requirement of Achievement `a` as a function of a seat's pieces."""
    n, arg = a.n, a.arg
    tests = {
        "happiness": lambda p: p.happiness >= n,
        "visitors": lambda p: p.visitors >= n,
        "workers": lambda p: _CONTROLLED - p.reserve >= n,
        "vp": lambda p: p.vp >= n,
        "colour": lambda p: p.counts[arg] >= n,
        "both_tracks": lambda p: p.happiness >= n and p.visitors >= n,
        "same_colour": lambda p: max(p.counts) >= n,  # Ticket Offices included
        "either_track": lambda p: p.happiness >= n or p.visitors >= n,
        "each_colour": lambda p: len(p.park) >= 5 * n and min(p.counts[:5]) >= n,
        "symbol_copies": lambda p: len(p.park) >= n and max(p.symbols) >= n,
        "distinct_symbols": lambda p: len(p.park) >= n and 12 - p.symbols.count(0) >= n,
        "cards": lambda p: len(p.park) + p.counts[5] >= n,
        "income": lambda p: economy.income(p) >= n,
        "credits": lambda p: p.credits >= n,
        "expensive": lambda p: len(p.park) >= n and sum(1 for c in p.park if COST[c] >= arg) >= n,
        "blank": lambda p: False,
    }
    return tests[a.test]


TESTS = {aid: _test(a) for aid, a in ACHIEVEMENTS.items()}
"""Achievement id -> its requirement, a function of a seat's pieces."""


def met(p, aid: str) -> bool:
    """True when the seat with pieces `p` meets the requirement of Achievement `aid`."""
    return TESTS[aid](p)


_BOARDS: dict = {}
"""The requirements of the nine spaces, by the Achievements on them (there are few boards)."""


def _board(ach: tuple[str, ...]) -> tuple:
    tests = _BOARDS.get(ach)
    if tests is None:
        if len(_BOARDS) > 64:  # boards read from untrusted data must not grow the cache
            _BOARDS.clear()
        tests = _BOARDS[ach] = tuple((i, aid, TESTS[aid]) for i, aid in enumerate(ach))
    return tests


def claimable(st, seat: int) -> list[str]:
    """Achievements the seat may claim now: unclaimed on the board, and its private tile."""
    p = st.players[seat]
    claimed = st.claimed
    found = []
    for i, aid, test in _board(st.ach):
        if claimed[i] < 0 and test(p):
            found.append(aid)
    if p.tile and not p.tile_claimed and TESTS[p.tile](p):
        found.append(p.tile)
    return found
