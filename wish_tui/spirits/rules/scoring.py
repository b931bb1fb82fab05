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

`projected_scores(state, seat)` (``projection.py``) is the same sheet as it would read if the game
ended now, counted on what `seat` may know; `final_scores` is that sheet with every secret counted,
so the two never disagree. Its seat entries also carry ``unknown``: what was left out (see
`score_sheet`).

A solo game adds ``"solo"``: ``level``, ``verdict`` ('win' or 'lose'), ``points`` (the seat's
total), ``title`` (the result table's row), ``opponent_counts`` (the forest's nine spirits) and
``lost_spirits`` (the spirits where the forest has more than you) and ``forgiven`` (how many of
those the level lets you lose and still win).
"""

from __future__ import annotations

from typing import NamedTuple

from wish_tui.core.ranking import tied_ranking

from . import solo as solomod
from .catalog import CATEGORIES, SPIRITS
from .counts import Figures, doubles, gems_owned, hex_hit, tile_counts, token_counts, wish_met

WISH_STEP = "wish"
HEX_STEP = "hex"
UNKNOWN = {
    "favor_tokens": "its face-down Favor tokens (only how many is known)",
    "wish": "its Wish card (not kept or not revealed yet)",
    "wish_reward": "the Favor token its Wish pays, not chosen yet",
    "hex": "its Hex card (not kept or not revealed yet)",
    "forest_tokens": "the forest's face-down Favor tokens (solo)",
}
"""What a seat entry's ``unknown`` may name: a secret the sheet leaves out."""


def _category_points(values: list[int], tiles: list[int], seat: int, c: int) -> int:
    best = max(values)
    points = values[seat] if best > 0 and values[seat] == best else 0
    return points - 3 if tiles[c] == 0 else points


def _card_known(st, seat: int, knows) -> bool:
    """True when the seat's kept cards count: revealed (after setup), or its own secret."""
    return st.phase != "setup" or knows is None or seat in knows


class Standing(NamedTuple):
    """Every seat's figures as if the game ended now, and what was left out of them."""

    before: list[Figures]
    """Before the Wish rewards (what the Wishes are checked on)."""
    after: list[Figures]
    """With the Wish rewards (what the categories and the Hexes are scored on)."""
    met: list[bool]
    """Per seat: its Wish is met."""
    unknown: list[list[str]]
    """Per seat: the UNKNOWN keys of what was left out."""


def standing(st, knows) -> Standing:
    """Count every seat as the end would: the Wishes checked, their rewards added.

    Counts the face-down Favor tokens of the seats in `knows` only (None: every seat's). The
    Wishes are checked as `cards.finish` checks them, on the counts before any reward, unless
    they were checked already (once the last tile is taken).
    """
    cat = st.catalog
    n = len(st.seats)
    checked = st.phase in ("reward", "over")
    before: list[Figures] = []
    unknown: list[list[str]] = [[] for _ in range(n)]
    for s in range(n):
        reward = st.reward_token[s]
        own = [t for t in st.held[s] if t != reward]
        counts = tile_counts(cat, st.tiles[s])
        if knows is None or s in knows:
            token_counts(cat, own, counts)
        elif st.held[s]:
            unknown[s].append("favor_tokens")
        figs = Figures(tuple(counts), len(own), gems_owned(st, s), doubles(cat, st.tiles[s]))
        before.append(figs)
    after: list[Figures] = []
    met: list[bool] = []
    for s in range(n):
        figs, is_met = _with_wish(st, s, before, knows, checked, unknown[s])
        after.append(figs)
        met.append(is_met)
    return Standing(before, after, met, unknown)


def _with_wish(st, s: int, before: list[Figures], knows, checked: bool, unknown: list[str]):
    """Seat `s`'s figures with its Wish's reward, and whether its Wish is met; adds to
    `unknown` what a seat outside `knows` cannot count."""
    cat = st.catalog
    counts = list(before[s].counts)
    favors = before[s].favors
    name = st.wish[s] if _card_known(st, s, knows) else ""
    if "wishes" in st.modules and not name:
        unknown.append("wish")
    card = cat.wishes[name] if name else None
    met = bool(st.met[s]) if checked else card is not None and wish_met(card, s, before)
    if met and card.reward == "spirit":
        counts[card.reward_spirit] += card.count
    elif met:
        token = st.reward_token[s]
        if token < 0:
            unknown.append("wish_reward")
        else:
            favors += 1
            category = cat.token_category[token]
            if category >= 0 and (knows is None or s in knows):
                counts[category] += 1
    if "hexes" in st.modules and not (st.hex[s] and _card_known(st, s, knows)):
        unknown.append("hex")
    return Figures(tuple(counts), favors, before[s].gems, before[s].doubles), met


def _seat_entry(st, seat: int, now: Standing, knows) -> dict:
    cat = st.catalog
    table = now.after
    fig = table[seat]
    tiles = tile_counts(cat, st.tiles[seat])
    real = [_category_points([f.counts[c] for f in table], tiles, seat, c) for c in range(12)]
    # The categories as they would score without the seat's own Wish reward.
    base_counts = [list(f.counts) for f in table]
    base_counts[seat] = list(now.before[seat].counts)
    categories = {
        name: _category_points([counts[c] for counts in base_counts], tiles, seat, c)
        for c, name in enumerate(CATEGORIES)
    }
    # The rulebook's order: the Wish before scoring, the twelve categories, the Hex after.
    steps = {WISH_STEP: sum(real) - sum(categories.values()), **categories}
    known = _card_known(st, seat, knows)
    hex_name = st.hex[seat] if known else ""
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
        "wish": st.wish[seat] if known else "",
        "wish_met": now.met[seat],
        "hex": hex_name,
        "hex_met": bool(hex_name) and not hit,
        "unknown": now.unknown[seat],
    }


def _ranking(entries: list[dict]) -> list[list[int]]:
    """Highest total first; a tie goes to fewer tiles; then it is shared."""

    return tied_ranking(entries, lambda entry: (entry["total"], -entry["tiles"]))


def score_sheet(st, knows) -> dict:
    """Score every seat as if the game ended now, counting only the secrets in `knows`.

    Args:
        knows: the seats whose face-down Favor tokens (and, during setup, kept cards) count, or
            None for every secret (the real scoring).

    Returns:
        `final_scores`' sheet, each seat entry with ``unknown``: the UNKNOWN keys of what the
        sheet left out for that seat (empty when nothing was).
    """
    if st.solo:
        return _solo_scores(st, knows)
    now = standing(st, knows)
    entries = [_seat_entry(st, seat, now, knows) for seat in range(len(st.seats))]
    ranking = _ranking(entries)
    return {"seats": entries, "ranking": ranking, "winners": list(ranking[0])}


def without_markers(sheet: dict) -> dict:
    """`sheet` without its ``unknown`` markers (the shape of `final_scores`)."""
    seats = [{k: v for k, v in entry.items() if k != "unknown"} for entry in sheet["seats"]]
    return {**sheet, "seats": seats}


def final_scores(st) -> dict:
    """Score every seat (as if the game ended now, if it is not over yet) and rank them."""
    return without_markers(score_sheet(st, None))


def _solo_steps(mine: list[int], theirs: list[int], tiles: list[int]) -> dict[str, int]:
    """A solo game's points per category: a spirit's count where you hold its majority, 3 off
    for a spirit you have none of."""
    steps = {WISH_STEP: 0}
    for c, name in enumerate(CATEGORIES):
        points = 0
        if c < len(SPIRITS):
            points = mine[c] if mine[c] >= theirs[c] and mine[c] > 0 else 0
            points -= 3 if tiles[c] == 0 else 0
        steps[name] = points
    steps[HEX_STEP] = 0
    return steps


def _solo_scores(st, knows) -> dict:
    cat = st.catalog
    tiles = tile_counts(cat, st.tiles[0])
    # Your face-up tokens are gained at the end; the forest's face-down ones are all shown by then.
    mine = token_counts(cat, st.held[0], list(tiles))
    shown = st.opp_tokens if knows is None else solomod.revealed_tokens(st)
    theirs = token_counts(cat, shown, tile_counts(cat, st.opp_tiles))
    unknown = ["forest_tokens"] if len(shown) < len(st.opp_tokens) else []
    steps = _solo_steps(mine, theirs, tiles)
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
        "unknown": unknown,
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
