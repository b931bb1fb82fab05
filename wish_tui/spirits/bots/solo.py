"""A quick policy for the solo game, for the hard bot's playouts to the end of a game.

Each solo turn is one choice among the face-up row ends: you get that tile, the forest the one at
the other end of the row. The quick policy looks only at those two tiles: it keeps level or ahead
in the most spirits, then gains the most symbols over the forest. It reads the row ends straight
from the forest, without applying each option, so a whole game plays out in about a millisecond.
"""

from __future__ import annotations

from wish_tui.spirits.rules.catalog import COLUMNS

from .evaluate import N_SPIRITS, TILE_SPIRIT, TILE_SYMBOLS, TOKEN_CATEGORY, tile_stats
from .planner import work_counter


def quick_action(st):
    """The quick policy's row end in the solo state `st` (one of its legal actions)."""
    mine = list(tile_stats(st.tiles[0])[0][:N_SPIRITS])
    for t in st.held[0]:
        mine[TOKEN_CATEGORY[t]] += 1
    theirs = list(tile_stats(st.opp_tiles)[0][:N_SPIRITS])
    for t in st.opp_tokens:
        theirs[TOKEN_CATEGORY[t]] += 1
    level = sum(1 for a, b in zip(mine, theirs, strict=True) if a >= b)
    forest, lo, hi = st.forest, st.lo, st.hi
    best, best_key = None, None
    for action in st.legal_actions():
        row, end = action.a, action.b
        left, right = row * COLUMNS + lo[row], row * COLUMNS + hi[row] - 1
        got, given = (right, left) if end else (left, right)
        t = forest[got]
        s, n = TILE_SPIRIT[t], TILE_SYMBOLS[t]
        gain = level - (mine[s] >= theirs[s]) + (mine[s] + n >= theirs[s])
        diff = n
        if given != got:
            u = forest[given]
            fs, fn = TILE_SPIRIT[u], TILE_SYMBOLS[u]
            mine_s = mine[fs] + (n if fs == s else 0)
            before = mine_s >= theirs[fs]
            gain += (mine_s >= theirs[fs] + fn) - before
            diff -= fn
        key = (gain, diff)
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best


def play_out(st):
    """Play the solo game in `st` to its end by the quick policy."""
    work = work_counter()
    while not st.is_over:
        work[0] += 1
        st = st.apply(quick_action(st))
    return st
