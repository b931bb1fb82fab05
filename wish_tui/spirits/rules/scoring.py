"""Scoring (base game, "Scoring"; the module's Wishes before it and Hexes after it; "Solo").

``final_scores()`` returns::

    {
      "seats": [one entry per seat, in seat order],
      "ranking": [[seats tied first], [seats tied next], ...],
      "winners": [seats],               # solo: [0] when the verdict is a win, else []
      "solo": {...},                    # solo games only, see below
    }

Each seat entry:

- ``seat``, ``djinn`` (the seat's element);
- ``steps``, in the rulebook's order: ``wish``, the points the seat's own Wish reward added (the
  Wishes are checked before scoring); the points of each of the twelve categories (``moss`` ...
  ``spiders``, ``moon``, ``sun``, ``fire``), the -3 for a category without a tile included;
  ``hex``, its Hex penalty (0 or -6, after scoring). The twelve categories are scored as they
  would be without the seat's own Wish reward, so that ``wish`` shows what the reward was worth
  and ``total == sum(steps.values())``;
- ``total``;
- ``counts``: per category, symbols on tiles plus matching Favor tokens plus Wish rewards;
- ``symbols``: per category, what its tiles alone show (the -3 looks only at these);
- ``tiles`` (the first tie-break: fewer is better), ``doubles`` (two-symbol tiles),
  ``favor_tokens``, ``gems``;
- ``majorities``: the categories it scores; ``penalties``: the categories it loses 3 for;
- ``wish``/``hex``: the kept card's name ('' without the module); ``wish_met``: its Wish was met
  when the last tile was taken; ``hex_met``: its Hex's request is met (it avoided the least, so
  no penalty).

A solo game adds ``"solo"``: ``level``, ``verdict`` ('win' or 'lose'), ``points`` (the seat's
total), ``title`` (the result table's row), ``opponent_counts`` (the forest's nine spirits) and
``lost_spirits`` (the spirits where the forest has more than you) and ``forgiven`` (how many of
those the level lets you lose and still win).
"""

from __future__ import annotations

from wish_tui.core.ranking import tied_ranking

from . import solo as solomod
from .catalog import CATEGORIES, SPIRITS
from .counts import Figures, all_figures, hex_hit, tile_counts, token_counts

WISH_STEP = "wish"
HEX_STEP = "hex"


def _category_points(values: list[int], tiles: list[int], seat: int, c: int) -> int:
    best = max(values)
    points = values[seat] if best > 0 and values[seat] == best else 0
    return points - 3 if tiles[c] == 0 else points


def _without_own_reward(st, table: list[Figures], seat: int) -> list[list[int]]:
    """Every seat's counts, with `seat`'s own Wish reward taken out."""
    counts = [list(fig.counts) for fig in table]
    mine = counts[seat]
    for c, b in enumerate(st.bonus[seat]):
        mine[c] -= b
    token = st.reward_token[seat]
    if token >= 0 and st.catalog.token_category[token] >= 0:
        mine[st.catalog.token_category[token]] -= 1
    return counts


def _seat_entry(st, seat: int, table: list[Figures]) -> dict:
    cat = st.catalog
    fig = table[seat]
    tiles = tile_counts(cat, st.tiles[seat])
    real = [_category_points([f.counts[c] for f in table], tiles, seat, c) for c in range(12)]
    base_counts = _without_own_reward(st, table, seat)
    categories = {
        name: _category_points([counts[c] for counts in base_counts], tiles, seat, c)
        for c, name in enumerate(CATEGORIES)
    }
    # The rulebook's order: the Wish before scoring, the twelve categories, the Hex after.
    steps = {WISH_STEP: sum(real) - sum(categories.values()), **categories}
    hex_name = st.hex[seat]
    hit = bool(hex_name) and hex_hit(cat.hexes[hex_name], seat, table)
    steps[HEX_STEP] = -cat.hexes[hex_name].penalty if hit else 0
    values = [[f.counts[c] for f in table] for c in range(12)]
    return {
        "seat": seat,
        "djinn": st.seats[seat],
        "steps": steps,
        "total": sum(steps.values()),
        "counts": dict(zip(CATEGORIES, fig.counts, strict=True)),
        "symbols": dict(zip(CATEGORIES, tiles, strict=True)),
        "tiles": len(st.tiles[seat]),
        "doubles": fig.doubles,
        "favor_tokens": fig.favors,
        "gems": fig.gems,
        "majorities": [
            name
            for c, name in enumerate(CATEGORIES)
            if max(values[c]) > 0 and values[c][seat] == max(values[c])
        ],
        "penalties": [name for c, name in enumerate(CATEGORIES) if tiles[c] == 0],
        "wish": st.wish[seat],
        "wish_met": bool(st.met[seat]),
        "hex": hex_name,
        "hex_met": bool(hex_name) and not hit,
    }


def _ranking(entries: list[dict]) -> list[list[int]]:
    """Highest total first; a tie goes to fewer tiles; then it is shared."""

    return tied_ranking(entries, lambda entry: (entry["total"], -entry["tiles"]))


def final_scores(st) -> dict:
    """Score every seat (as the game stands, if it is not over yet) and rank them."""
    if st.solo:
        return _solo_scores(st)
    table = all_figures(st)
    entries = [_seat_entry(st, seat, table) for seat in range(len(st.seats))]
    ranking = _ranking(entries)
    return {"seats": entries, "ranking": ranking, "winners": list(ranking[0])}


def _solo_scores(st) -> dict:
    cat = st.catalog
    tiles = tile_counts(cat, st.tiles[0])
    mine = token_counts(cat, st.held[0], list(tiles))
    theirs = solomod.opponent_counts(st)
    steps = {WISH_STEP: 0}
    for c, name in enumerate(CATEGORIES):
        points = 0
        if c < len(SPIRITS):
            points = mine[c] if mine[c] >= theirs[c] and mine[c] > 0 else 0
            points -= 3 if tiles[c] == 0 else 0
        steps[name] = points
    steps[HEX_STEP] = 0
    total = sum(steps.values())
    lost = [name for c, name in enumerate(SPIRITS) if theirs[c] > mine[c]]
    verdict = "lose" if len(lost) > cat.solo_levels[st.solo].forgiven else "win"
    title = cat.solo_loss
    if verdict == "win":
        title = next(t for low, t in cat.solo_results if total >= low)
    entry = {
        "seat": 0,
        "djinn": st.seats[0],
        "steps": steps,
        "total": total,
        "counts": dict(zip(CATEGORIES, mine, strict=True)),
        "symbols": dict(zip(CATEGORIES, tiles, strict=True)),
        "tiles": len(st.tiles[0]),
        "doubles": sum(1 for t in st.tiles[0] if cat.tile_symbols[t] == 2),
        "favor_tokens": len(st.held[0]),
        "gems": 0,
        "majorities": [
            name
            for c, name in enumerate(SPIRITS)
            if mine[c] >= theirs[c] > 0 or mine[c] > theirs[c]
        ],
        "penalties": [name for c, name in enumerate(SPIRITS) if tiles[c] == 0],
        "wish": "",
        "wish_met": False,
        "hex": "",
        "hex_met": False,
        "verdict": verdict,
    }
    return {
        "seats": [entry],
        "ranking": [[0]],
        "winners": [0] if verdict == "win" else [],
        "solo": {
            "level": st.solo,
            "verdict": verdict,
            "forgiven": cat.solo_levels[st.solo].forgiven,
            "points": total,
            "title": title,
            "opponent_counts": dict(zip(SPIRITS, theirs, strict=False)),
            "lost_spirits": lost,
        },
    }
