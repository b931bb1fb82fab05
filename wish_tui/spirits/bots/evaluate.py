"""How good a position is for each seat: an estimate of its final score from what it holds now.

Every category (nine spirits, three power sources) is a race: a seat scores its count if it has
the most, ties included, and loses 3 without a tile of it. `seat_values` turns the counts so far
and the symbols still in the forest into a chance of holding each majority (a logistic curve in
the lead, widened by the square root of what is left), adds the Wish's reward weighted by the
chance of meeting it, the Hex's -6 weighted by the chance of being hit, a little for gemstones,
and reads a reserved tile as partly its owner's already (more when it is near a row end).

Everything reads a determinized State; nothing here changes one. The solo game has its own
judgement (`solo_value`): the chance of a win first, then the points.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from wish_tui.spirits.rules import CATALOG
from wish_tui.spirits.rules.catalog import COLUMNS, SPIRITS

CAT = CATALOG
N_CATEGORIES = 12
N_SPIRITS = len(SPIRITS)
TILE_SPIRIT = CAT.tile_spirit
TILE_SYMBOLS = CAT.tile_symbols
TILE_POWER = CAT.tile_power
TOKEN_CATEGORY = CAT.token_category
PLUS_TOKENS = CAT.plus_tokens
TOTAL = tuple(
    sum(TILE_SYMBOLS[t] for t in range(len(TILE_SPIRIT)) if TILE_SPIRIT[t] == c) for c in range(9)
) + tuple(sum(1 for p in TILE_POWER if p == k) for k in range(3))
"""Per category: the symbols (spirits) or icons (power sources) in the whole deck."""
TILES_WITH = tuple(sum(1 for s in TILE_SPIRIT if s == c) for c in range(9)) + TOTAL[9:]
"""Per category: the tiles that show it."""
DOUBLES = sum(1 for s in TILE_SYMBOLS if s == 2)


class Weights(NamedTuple):
    """The knobs of the judgement; the defaults are the medium bot's."""

    spread: float = 1.1
    """How far the lead in a race may swing per square root of the symbols still to take."""
    share: float = 0.55
    """Share of the symbols still to take a seat is expected to add to a race it holds."""
    reserve: tuple[float, ...] = (0.3, 0.2, 0.1, 0.05, 0.0)
    """How much of a reserved tile counts as its owner's, by its distance from a row end."""
    none_decay: float = 0.55
    """Chance, per tile of a category still in the forest, of never getting one (the -3)."""
    gems: tuple[float, ...] = (7.0, 6.0, 5.0, 4.0)
    """Value of the first, second, ... gemstone still owned, while the forest is at least half
    full (falling to 0 at the end): a seat without one cannot take a reserved tile."""
    safe: float = 1.5
    """How much more of a reserved tile counts as its owner's when no other seat can pay for it."""
    spirit_reward: float = 1.5
    """Value of a Wish reward of one spirit symbol."""
    favor_reward: float = 1.5
    """Value of a Wish reward of one Favor token."""
    tile: float = 0.02
    """Cost of a tile (fewer tiles win a tie)."""
    rivalry: float = 1.0
    """Weight of the best opponent's value against one's own."""
    gem_depth: int = 1
    """The gemstone step considers free tiles at most this far from a row end."""
    field: float = 0.0
    """Weight of the other opponents' mean value against one's own (three and four seats)."""
    solo_win: float = 300.0
    """Solo: points a certain win is worth against a certain loss, so many that the points only
    break ties between equal chances (the medium bot wins 15% of standard games judging a win
    worth 30 points, 42% with 300: benchmarks/spirits-bots.md)."""
    solo_taken: float = 0.75
    """Solo: share of the tiles still in the forest that will be taken before one row is left."""


MEDIUM = Weights()

CACHE_SIZE = 2_000
"""Entries each cache below may hold before it is emptied. The caches pay within one decision
(a hard bot's search is as fast with 100 entries as with 50,000), while a big one cost every
decision it was emptied in 15-25 ms and every full garbage collection, which walks it, 5-10 ms."""

_STATS: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...], int]] = {}


def tile_stats(tiles: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Per category the symbols on `tiles` and how many of them show it; the two-symbol tiles.

    Cached on the tuple: a seat's tiles are shared by every state copied from one position.
    """
    found = _STATS.get(tiles)
    if found is not None:
        return found
    # A seat's tiles grow one at a time: start from the tuple without the last tile when known.
    before = _STATS.get(tiles[:-1]) if tiles else None
    if before is not None:
        counts, present, doubles = list(before[0]), list(before[1]), before[2]
        tiles_to_add = tiles[-1:]
    else:
        counts = [0] * N_CATEGORIES
        present = [0] * N_CATEGORIES
        doubles = 0
        tiles_to_add = tiles
    for t in tiles_to_add:
        s = TILE_SPIRIT[t]
        n = TILE_SYMBOLS[t]
        counts[s] += n
        present[s] += 1
        doubles += n == 2
        p = TILE_POWER[t]
        if p >= 0:
            counts[9 + p] += 1
            present[9 + p] += 1
    if len(_STATS) > CACHE_SIZE:
        _STATS.clear()
    found = _STATS[tiles] = (tuple(counts), tuple(present), doubles)
    return found


def chance(lead: float, left: float, spread: float) -> float:
    """The chance that a seat `lead` ahead (ties winning) is still ahead when `left` is taken."""
    if left <= 0.0:
        return 1.0 if lead >= -1e-9 else 0.0
    z = (lead + 0.5) / (spread * math.sqrt(left))
    if z > 12.0:
        return 1.0
    if z < -12.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-1.7 * z))


_COUNTS: dict[tuple, tuple[int, ...]] = {}


def counts_of(st, seat: int) -> tuple[int, ...]:
    """Per category: what `seat` counts now (tiles, Favor tokens, Wish rewards)."""
    key = (st.tiles[seat], st.held[seat], st.bonus[seat])
    found = _COUNTS.get(key)
    if found is not None:
        return found
    counts = list(tile_stats(st.tiles[seat])[0])
    for c, b in enumerate(st.bonus[seat]):
        counts[c] += b
    for t in st.held[seat]:
        c = TOKEN_CATEGORY[t]
        if c >= 0:
            counts[c] += 1
    if len(_COUNTS) > CACHE_SIZE:
        _COUNTS.clear()
    counts = tuple(counts)
    _COUNTS[key] = counts
    return counts


def _reserved(st, n: int, reserve: tuple[float, ...], safe: float) -> list[list[float]] | None:
    """Per seat and category: the share of reserved tiles counted as its owner's."""
    gems = st.gems
    if gems.count(-1) == len(gems):
        return None
    out = [[0.0] * N_CATEGORIES for _ in range(n)]
    forest, lo, hi = st.forest, st.lo, st.hi
    last = len(reserve) - 1
    payers = [s for s in range(n) if st.supply[s] or s in gems]
    for g in range(n):
        p = -1
        for _ in range(gems.count(g)):
            p = gems.index(g, p + 1)
            row, col = divmod(p, COLUMNS)
            depth = min(col - lo[row], hi[row] - 1 - col)
            a = reserve[depth if depth < last else last]
            if not any(s != g for s in payers):
                a = min(1.0, a * safe)
            t = forest[p]
            mine = out[g]
            mine[TILE_SPIRIT[t]] += a * TILE_SYMBOLS[t]
            power = TILE_POWER[t]
            if power >= 0:
                mine[9 + power] += a
    return out


def seat_values(st, w: Weights = MEDIUM) -> list[float]:
    """Each seat's expected final score, as judged from `st` (a game between seats)."""
    n = len(st.seats)
    seats = range(n)
    stats = [tile_stats(st.tiles[s]) for s in seats]
    counts = [counts_of(st, s) for s in seats]
    left_tiles = st.tiles_left
    taken = [sum(col) for col in zip(*(stat[0] for stat in stats), strict=True)]
    present = [sum(col) for col in zip(*(stat[1] for stat in stats), strict=True)]
    left = [t - k for t, k in zip(TOTAL, taken, strict=True)]
    reserved = _reserved(st, n, w.reserve, w.safe) if left_tiles else None
    if reserved is None:
        eff = counts
    else:
        eff = [[a + b for a, b in zip(counts[s], reserved[s], strict=True)] for s in seats]
        for r in reserved:
            left = [a - b for a, b in zip(left, r, strict=True)]
    values = [0.0] * n
    steep = 1.7 / w.spread
    share = w.share
    exp, sqrt = math.exp, math.sqrt
    if n == 2:
        _duel(eff[0], eff[1], left, values, steep, share)
    for c in range(N_CATEGORIES if n != 2 else 0):
        rest = left[c]
        column = [e[c] for e in eff]
        top = max(column)
        second = sorted(column)[-2] if n > 1 else 0.0
        if rest <= 1e-9:
            for s in seats:
                x = column[s]
                if x >= (second if x == top else top) - 1e-9:
                    values[s] += x
            continue
        k = steep / sqrt(rest)
        bonus = share * rest
        for s in seats:
            x = column[s]
            z = (x - (second if x == top else top) + 0.5) * k
            if z > -30.0:
                values[s] += (x + bonus) / (1.0 + exp(-z))
    decay = w.none_decay
    for s in seats:
        mine = stats[s][1]
        for c in range(N_CATEGORIES):
            if not mine[c]:
                rest = TILES_WITH[c] - present[c]
                values[s] -= 3.0 if rest <= 0 else 3.0 * decay**rest
    if any(st.wish) or any(st.hex):
        _cards(st, w, counts, stats, values, left_tiles)
    scale = min(1.0, left_tiles / 8.0)
    gem_values = w.gems
    top = len(gem_values) - 1
    for s in seats:
        owned = owned_gems(st, s)
        if st.lost[s] and left_tiles:
            owned += min(st.lost[s], sum(1 for t in st.held[s] if t in PLUS_TOKENS))
        for g in range(owned):
            values[s] += scale * gem_values[g if g < top else top]
        values[s] -= w.tile * len(st.tiles[s])
    return values


def _duel(mine, theirs, left, values: list[float], steep: float, share: float) -> None:
    """`seat_values`' races for two seats (the same sums, written out for speed)."""
    exp, sqrt = math.exp, math.sqrt
    va = vb = 0.0
    for a, b, rest in zip(mine, theirs, left, strict=True):
        if rest <= 1e-9:
            if a >= b - 1e-9:
                va += a
            if b >= a - 1e-9:
                vb += b
            continue
        k = steep / sqrt(rest)
        bonus = share * rest
        z = (a - b + 0.5) * k
        if z > -30.0:
            va += (a + bonus) / (1.0 + exp(-z))
        z = (b - a + 0.5) * k
        if z > -30.0:
            vb += (b + bonus) / (1.0 + exp(-z))
    values[0] += va
    values[1] += vb


def owned_gems(st, seat: int) -> int:
    """Gemstones `seat` still owns: in its supply and on forest tiles."""
    return st.supply[seat] + st.gems.count(seat)


def _cards(st, w: Weights, counts, stats, values: list[float], left_tiles: int) -> None:
    """Add each seat's Wish (its reward by the chance of meeting it) and Hex (-6 by its chance)."""
    n = len(st.seats)
    wishes, hexes = CAT.wishes, CAT.hexes
    spread = w.spread
    marks_left = sum(1 for m in st.marks if m >= 0) if left_tiles else 0
    over = left_tiles == 0
    for s in range(n):
        name = st.wish[s]
        if name:
            card = wishes[name]
            worth = w.spirit_reward if card.reward == "spirit" else w.favor_reward
            if over:
                # Checked when the last tile went: a spirit reward is in the counts already.
                if st.met[s] and card.reward == "favor" and st.reward_token[s] < 0:
                    values[s] += worth
            else:
                mine, best, left = _wish_race(st, card, s, counts, stats, marks_left)
                if mine > 0 or left > 0:
                    values[s] += worth * chance(mine - best, left, spread)
        name = st.hex[s]
        if name:
            card = hexes[name]
            mine, least, left = _hex_race(st, card, s, counts, marks_left)
            values[s] -= card.penalty * chance(least - mine, left, spread)


def _wish_race(st, card, s: int, counts, stats, marks_left: int) -> tuple[int, int, int]:
    """(seat's count, the best other count, what is still to take) for a Wish's request."""
    n = len(st.seats)
    request = card.request
    if request == "spirit":
        c = card.spirit
        values = [counts[o][c] for o in range(n)]
        left = TOTAL[c] - sum(stats[o][0][c] for o in range(n))
    elif request == "favor":
        values = [len(st.held[o]) for o in range(n)]
        left = marks_left
    elif request == "gems":
        values = [owned_gems(st, o) for o in range(n)]
        left = 1 if st.tiles_left else 0
    else:
        values = [stats[o][2] for o in range(n)]
        left = DOUBLES - sum(values)
    mine = values[s]
    best = max((values[o] for o in range(n) if o != s), default=0)
    return mine, best, left


def _hex_race(st, card, s: int, counts, marks_left: int) -> tuple[int, int, int]:
    """(seat's count, the least other count, what is still to take) for a Hex's request."""
    n = len(st.seats)
    if card.request == "spirits":
        a, b = card.spirits
        values = [counts[o][a] + counts[o][b] for o in range(n)]
        left = (
            TOTAL[a] + TOTAL[b] - sum(tile_stats(t)[0][a] + tile_stats(t)[0][b] for t in st.tiles)
        )
    elif card.request == "favor":
        values = [len(st.held[o]) for o in range(n)]
        left = marks_left
    else:
        values = [sum(counts[o][9:]) for o in range(n)]
        left = sum(TOTAL[9:]) - sum(sum(tile_stats(t)[0][9:]) for t in st.tiles)
    mine = values[s]
    least = min((values[o] for o in range(n) if o != s), default=0)
    return mine, least, left


KEEP_ODDS = {
    "Morning Dew": (0.594, 0.444, 0.413),
    "Mossy Hollow": (0.541, 0.438, 0.325),
    "Blossom Song": (0.505, 0.523, 0.429),
    "Orchard Feast": (0.500, 0.493, 0.365),
    "Fairy Ring": (0.565, 0.452, 0.379),
    "Silken Web": (0.466, 0.406, 0.259),
    "Whispered Secrets": (0.641, 0.442, 0.333),
    "Keeper of Favors": (0.674, 0.500, 0.396),
    "Gem Hoard": (0.645, 0.521, 0.570),
    "Glittering Path": (0.714, 0.647, 0.670),
    "Twin Spirits": (0.481, 0.542, 0.253),
    "Double Harvest": (0.519, 0.429, 0.398),
    "Withered Glade": (0.503, 0.149, 0.049),
    "Silent Meadow": (0.549, 0.140, 0.096),
    "Barren Bough": (0.559, 0.182, 0.120),
    "Tangled Roots": (0.496, 0.087, 0.074),
    "Dry Spell": (0.596, 0.160, 0.088),
    "Fading Colours": (0.535, 0.182, 0.077),
    "Forsaken": (0.686, 0.355, 0.336),
    "Waning Light": (0.553, 0.208, 0.179),
}
"""Per card, for two, three and four seats: how often medium bots that kept it met the Wish or
were hit by the Hex (`python benchmarks/spirits_cards.py --games 600|300|300 --seats 2|3|4`).
At setup every race is even, so the position says nothing about a card; these odds do."""


def keep_value(name: str, seats: int, w: Weights = MEDIUM) -> float:
    """What keeping the Wish or Hex `name` is worth at setup, in points expected."""
    odds = KEEP_ODDS[name][min(max(seats, 2), 4) - 2]
    card = CAT.wishes.get(name)
    if card is not None:
        return odds * (w.spirit_reward if card.reward == "spirit" else w.favor_reward)
    return -odds * CAT.hexes[name].penalty


def relative(values: list[float], seat: int, w: Weights = MEDIUM) -> float:
    """`seat`'s value against its opponents': the best one's, and the others' mean."""
    mine = values[seat]
    others = [v for o, v in enumerate(values) if o != seat]
    if not others:
        return mine
    best = max(others)
    value = mine - w.rivalry * best
    if w.field and len(others) > 1:
        value -= w.field * (sum(others) - best) / (len(others) - 1)
    return value


def seat_value(st, seat: int, w: Weights = MEDIUM) -> float:
    """How good `st` is for `seat`: its expected score against its opponents' (solo: its own)."""
    if st.solo:
        return solo_value(st, w)
    return relative(seat_values(st, w), seat, w)


# -- solo ----------------------------------------------------------------------------------------


_FOREST: dict[tuple, tuple[float, ...]] = {}


def solo_forest_counts(st) -> tuple[float, ...]:
    """Per spirit: the forest's tiles, its revealed tokens and its hidden ones in expectation."""
    rows = sum(1 for r in range(4) if st.lo[r] >= st.hi[r])
    key = (st.opp_tiles, st.opp_tokens, rows, st.held[0])
    found = _FOREST.get(key)
    if found is not None:
        return found
    theirs = [float(x) for x in tile_stats(st.opp_tiles)[0][:N_SPIRITS]]
    shown = st.opp_tokens[:rows]
    for t in shown:
        theirs[TOKEN_CATEGORY[t]] += 1
    hidden = len(st.opp_tokens) - len(shown)
    if hidden:
        # The seat cannot tell its hidden tokens from those set aside: count them evenly.
        held = set(st.held[0]) | set(shown)
        pool = [TOKEN_CATEGORY[t] for t in CAT.spirit_tokens if t not in held]
        each = hidden / len(pool)
        for c in pool:
            theirs[c] += each
    if len(_FOREST) > CACHE_SIZE:
        _FOREST.clear()
    theirs = tuple(theirs)
    _FOREST[key] = theirs
    return theirs


def solo_chances(st, w: Weights = MEDIUM) -> tuple[list[float], list[float], list[int]]:
    """Per spirit: the chance of ending level or ahead, the forest's count and the seat's."""
    stats = tile_stats(st.tiles[0])
    mine = stats[0][:N_SPIRITS]
    if st.held[0]:
        mine = list(mine)
        for t in st.held[0]:
            mine[TOKEN_CATEGORY[t]] += 1
    theirs = solo_forest_counts(st)
    opp = tile_stats(st.opp_tiles)[0]
    over = st.phase == "over"
    steep = 1.7 / w.spread
    exp, sqrt = math.exp, math.sqrt
    chances = []
    for c in range(N_SPIRITS):
        lead = mine[c] - theirs[c]
        left = 0.0 if over else (TOTAL[c] - stats[0][c] - opp[c]) * w.solo_taken
        if left <= 1e-9:
            chances.append(1.0 if lead >= -1e-9 else 0.0)
        else:
            chances.append(1.0 / (1.0 + exp(-(lead + 0.5) * steep / sqrt(left))))
    return chances, theirs, mine


def solo_win_chance(st, chances: list[float]) -> float:
    """The chance of a solo win: of losing at most the level's forgiven spirits, each spirit
    held with its chance in `chances` (a Poisson binomial, small)."""
    forgiven = CAT.solo_levels[st.solo].forgiven
    if forgiven == 0:
        win = 1.0
        for p in chances:
            win *= p
        return win
    dist = [1.0] + [0.0] * forgiven
    for p in chances:
        q = 1.0 - p
        for k in range(forgiven, 0, -1):
            dist[k] = dist[k] * p + dist[k - 1] * q
        dist[0] *= p
    return sum(dist)


def solo_value(st, w: Weights = MEDIUM) -> float:
    """The chance of a win (worth `w.solo_win` points) plus the points expected."""
    chances, _, mine = solo_chances(st, w)
    win = solo_win_chance(st, chances)
    present = tile_stats(st.tiles[0])[1]
    opp_present = tile_stats(st.opp_tiles)[1]
    over = st.phase == "over"
    points = 0.0
    for c in range(N_SPIRITS):
        points += chances[c] * mine[c]
        if not present[c]:
            rest = TILES_WITH[c] - opp_present[c]
            points -= 3.0 if rest <= 0 or over else 3.0 * w.none_decay**rest
    return w.solo_win * win + points
