"""Facts of the board a position's judgement reads, kept: the distances between Areas, the
turns left before the Caravan reaches the Dock, and how far each colour of Wishing Person is.

A state's lists are never changed once `apply` has returned it (later states copy a list before
changing it), so a list object stands for its contents while a cache holds it.
"""

from __future__ import annotations

CACHE_SIZE = 4096
"""Entries kept by each of the caches below before they are emptied."""
_PACE: dict[int, tuple] = {}
_STEPS: dict[tuple[int, int], tuple] = {}
_STEPS_NAMED: dict[tuple, list] = {}


def clear() -> None:
    """Empty the caches of this module (they refill as positions are judged)."""
    for cache in (_PACE, _STEPS, _STEPS_NAMED):
        cache.clear()


_TABLES: dict[int, dict] = {}


def tables(catalog) -> dict:
    """Facts derived from the catalog once: distances between Areas (and from each Area to the
    nearest source of each crystal colour), Caravan moves."""
    found = _TABLES.get(id(catalog))
    if found is not None and found["catalog"] is catalog:
        return found
    n = len(catalog.areas)
    dist = [[99] * n for _ in range(n)]
    for a in range(n):
        dist[a][a] = 0
        frontier = [a]
        while frontier:
            nxt = []
            for b in frontier:
                for c in catalog.areas[b].neighbours:
                    if dist[a][c] == 99:
                        dist[a][c] = dist[a][b] + 1
                        nxt.append(c)
            frontier = nxt
    sources = [[a.index for a in catalog.areas if c in a.crystals] for c in range(6)]
    found = {
        "catalog": catalog,
        "dist": dist,
        "moves": [c.move for c in catalog.caravan_cards],
        "source_steps": [[min(dist[a][s] for s in sources[c]) for c in range(6)] for a in range(n)],
    }
    _TABLES[id(catalog)] = found
    return found


def turns_left(st, seat: int) -> float:
    """Expected number of turns `seat` still starts after the current one."""
    cat = st.catalog
    if st.phase == "over":
        return 0.0
    if st.phase == "setup":
        return 9.0
    if st.final_round:
        rounds = 0.0
    else:
        cards, mean = _caravan_pace(st)
        distance = len(cat.route) - 1 - st.caravan_pos
        rounds = min(cards, max(1.0, distance / max(mean, 0.3)))
    # A seat still to play this round has one more turn.
    pos = st.order.index(seat)
    if pos > st.turn_idx:
        rounds += 1
    return rounds


def _caravan_pace(st) -> tuple[int, float]:
    """Caravan cards left and their mean move, kept per Caravan deck.

    A state's lists are never changed once `apply` has returned it (later states copy a list
    before changing it), so a list object stands for its contents while the cache holds it.
    """
    deck = st.caravan_deck
    found = _PACE.get(id(deck))
    if found is None or found[0] is not deck:
        moves = tables(st.catalog)["moves"]
        mean = sum(moves[i] for i in deck) / len(deck) if deck else 1.0
        if len(_PACE) >= CACHE_SIZE:
            _PACE.clear()
        found = _PACE[id(deck)] = (deck, len(deck), mean)
    return found[1], found[2]


def colour_steps(st, dist, area: int) -> list[int]:
    """Steps from `area` to the nearest Wishing Person of each colour, on the map or on a built
    Monument (9 where there is none); kept per map of Persons and Monuments (see `_caravan_pace`).
    Callers must not change the list returned."""
    meeples, monuments = st.area_meeples, st.monuments
    key = (id(meeples), id(monuments))
    found = _STEPS.get(key)
    if found is None or found[0] is not meeples or found[1] is not monuments:
        if len(_STEPS) >= CACHE_SIZE:
            _STEPS.clear()
        found = _STEPS[key] = (meeples, monuments, _rows_named(meeples, monuments, dist))
    rows = found[2]
    row = rows[area]
    if row is None:
        near = dist[area]
        row = [
            min([d for d, m in zip(near, meeples[c::6], strict=True) if m], default=9)
            for c in range(6)
        ]
        for where, built in enumerate(monuments):
            if built:
                d = near[where]
                for c in range(6):
                    if built[1][c] and d < row[c]:
                        row[c] = d
        rows[area] = row
    return row


def _rows_named(meeples, monuments, dist) -> list:
    """The rows of `_colour_steps` for a map of Persons and Monuments, kept by its contents too:
    a map another position holds in a list of its own is not measured again."""
    key = (id(dist), tuple(meeples), tuple(b and (b[0], tuple(b[1])) for b in monuments))
    rows = _STEPS_NAMED.get(key)
    if rows is None:
        if len(_STEPS_NAMED) >= CACHE_SIZE:
            _STEPS_NAMED.clear()
        rows = _STEPS_NAMED[key] = [None] * len(dist)
    return rows
