"""Where the Wishing Persons are: the sentence that says a Wish needs one of its colour where the
Djinn acts, and where to go for one (rulebook, "Fulfill": "they must be in an Area that has a
Wishing Person meeple of the same color as the Wish card"; "Wishing Person meeples on
Monuments ... remain available for Fulfilling a Wish of that specific Wishing Person color")."""

from __future__ import annotations

from .catalog import COLOURS


def colours_at(st, place: int) -> list[int]:
    """The colours of the Wishing Persons standing in Area `place`, on it or on its Monument."""
    here = st.area_meeples[place * 6 : place * 6 + 6]
    built = st.monuments[place]
    on_monument = built[1] if built else (0,) * 6
    return [c for c in range(6) if here[c] or on_monument[c]]


_TRAVELS: dict[tuple[int, int], tuple[tuple, dict[int, int]]] = {}
"""`travels_from` of each map (its Areas, by identity) and start, worked out once: a view asks
it for every Wish in the seat's hand that lacks its person (a breadth-first walk of the map each
time was a quarter of a hand's status)."""


def travels_from(st, start: int) -> dict[int, int]:
    """How many Travels each Area is from Area `start` (one dict for every caller asking of the
    same map: read it, never change it)."""
    areas = st.catalog.areas
    kept = _TRAVELS.get((id(areas), start))
    if kept is not None and kept[0] is areas:
        return kept[1]
    if len(_TRAVELS) > 256:  # (maps made anew and dropped, as tests do)
        _TRAVELS.clear()
    far = _travels(areas, start)
    _TRAVELS[id(areas), start] = (areas, far)
    return far


def _travels(areas, start: int) -> dict[int, int]:
    far = {start: 0}
    frontier = [start]
    while frontier:
        ahead = []
        for here in frontier:
            for n in areas[here].neighbours:
                if n not in far:
                    far[n] = far[here] + 1
                    ahead.append(n)
        frontier = ahead
    return far


def nearest_with(st, colour: int, start: int, skip: tuple[int, ...] = ()) -> list[int]:
    """The Areas holding a Wishing Person of `colour`, nearest to `start` first (`skip` left
    out)."""
    meeples, monuments = st.area_meeples, st.monuments
    found = [
        a
        for a in range(12)
        if a not in skip and (meeples[a * 6 + colour] or (monuments[a] and monuments[a][1][colour]))
    ]
    if len(found) < 2:  # (asked for every Wish in a hand that lacks its person, at every view)
        return found
    far = travels_from(st, start)
    return sorted(found, key=lambda a: (far.get(a, 99), a))


def _colour_list(colours: list[int]) -> str:
    names = [COLOURS[c] for c in colours]
    if not names:
        return "no one"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def needs_person(st, p, wish, where: list[int]) -> str:
    """'Cure Me needs a green Wishing Person in your Area; Forest has green and purple: go
    there' — the rule, and the nearest Area where the Djinn would find one (no full stop).

    `where`: the Areas the Djinn may fulfill from now (its own, and Fire's clones' Areas).
    """
    colour = wish.colour
    places = "in your Area" if len(where) == 1 else "in your Area or a Fiery Clone's"
    text = f"{wish.name} needs a {COLOURS[colour]} Wishing Person {places}"
    nearest = nearest_with(st, colour, p.area, tuple(where))
    if not nearest:
        return f"{text}; none is left on the map (a Trickery token recolours another)"
    area = nearest[0]
    name = st.catalog.areas[area].name
    holder = name if st.area_meeples[area * 6 + colour] else f"{name}'s Monument"
    text += f"; {holder} has {_colour_list(colours_at(st, area))}: go there"
    if len(nearest) > 1:
        text += f" (or {st.catalog.areas[nearest[1]].name})"
    return text
