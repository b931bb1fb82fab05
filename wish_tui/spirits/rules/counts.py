"""What each seat has, counted: symbols per category, Favor tokens, gemstones, two-symbol tiles.

And the checks of the module's cards on those counts: a Wish asks for the most of something, a Hex
for not the least (ties count as the most and as the least).
"""

from __future__ import annotations

from typing import NamedTuple

N_CATEGORIES = 12
POWER_SLICE = slice(9, 12)


class Figures(NamedTuple):
    """What one seat has, as the module's cards count it."""

    counts: tuple[int, ...]
    """Per category: symbols on its tiles, plus its matching Favor tokens and Wish rewards."""
    favors: int
    """Favor tokens held."""
    gems: int
    """Gemstones it still owns (supply and forest)."""
    doubles: int
    """Two-symbol tiles."""


def tile_counts(cat, tiles) -> list[int]:
    """Per category: the symbols (spirits) and icons (power sources) on `tiles`."""
    counts = [0] * N_CATEGORIES
    spirit, symbols, power = cat.tile_spirit, cat.tile_symbols, cat.tile_power
    for t in tiles:
        counts[spirit[t]] += symbols[t]
        if power[t] >= 0:
            counts[9 + power[t]] += 1
    return counts


def doubles(cat, tiles) -> int:
    """How many of `tiles` show two spirit symbols."""
    symbols = cat.tile_symbols
    return sum(1 for t in tiles if symbols[t] == 2)


def token_counts(cat, tokens, counts: list[int]) -> list[int]:
    """Add the categories of Favor `tokens` to `counts` (in place) and return it."""
    category = cat.token_category
    for t in tokens:
        if category[t] >= 0:
            counts[category[t]] += 1
    return counts


def gems_owned(st, seat: int) -> int:
    """Gemstones `seat` still owns: in its supply and on forest tiles."""
    return st.supply[seat] + st.gems.count(seat)


def figures(st, seat: int, rewards: bool = True) -> Figures:
    """What `seat` has; without `rewards`, as it stood before the Wishes paid out."""
    cat = st.catalog
    tiles = st.tiles[seat]
    held = st.held[seat]
    counts = tile_counts(cat, tiles)
    if rewards:
        counts = [c + b for c, b in zip(counts, st.bonus[seat], strict=True)]
    else:
        held = tuple(t for t in held if t != st.reward_token[seat])
    token_counts(cat, held, counts)
    return Figures(tuple(counts), len(held), gems_owned(st, seat), doubles(cat, tiles))


def all_figures(st, rewards: bool = True) -> list[Figures]:
    """`figures` of every seat."""
    return [figures(st, s, rewards) for s in range(len(st.seats))]


def wish_value(card, fig: Figures) -> int:
    """How much of what the Wish asks for a seat has."""
    request = card.request
    if request == "spirit":
        return fig.counts[card.spirit]
    if request == "favor":
        return fig.favors
    if request == "gems":
        return fig.gems
    return fig.doubles


def wish_met(card, seat: int, table: list[Figures]) -> bool:
    """True when `seat` has the most (ties included, and never with none) of what `card` asks."""
    values = [wish_value(card, fig) for fig in table]
    return values[seat] > 0 and values[seat] == max(values)


def hex_value(card, fig: Figures) -> int:
    """How much of what the Hex names a seat has."""
    if card.request == "spirits":
        a, b = card.spirits
        return fig.counts[a] + fig.counts[b]
    if card.request == "favor":
        return fig.favors
    return sum(fig.counts[POWER_SLICE])


def hex_hit(card, seat: int, table: list[Figures]) -> bool:
    """True when `seat` has the least (ties included) of what `card` names: it pays the penalty."""
    values = [hex_value(card, fig) for fig in table]
    return values[seat] == min(values)


def hex_tied(card, seat: int, table: list[Figures]) -> bool:
    """True when `seat` has the least of what `card` names together with another seat."""
    values = [hex_value(card, fig) for fig in table]
    return values[seat] == min(values) and values.count(values[seat]) > 1


def leaders(values: list[int]) -> list[int]:
    """The seats with the highest value, when it is above 0."""
    best = max(values)
    return [s for s, v in enumerate(values) if v == best] if best > 0 else []
