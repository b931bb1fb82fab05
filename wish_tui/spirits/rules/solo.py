"""The solo game (base game, "Solo"): you against the forest.

Tiles lie face down but for the two ends of each row. Each turn you take one face-up end; the
forest takes the opposite end of the same row; the new ends turn face up. The first and second
time a row runs empty, the forest reveals its next face-down token (the hard level's third comes
with the third empty row). The game ends when one row remains. No gemstones, no power sources.
"""

from __future__ import annotations

from .actions import TAKE
from .counts import tile_counts, token_counts

COLUMNS = 12


def empty_rows(st) -> int:
    """How many rows have run empty."""
    lo, hi = st.lo, st.hi
    return sum(1 for r in range(4) if lo[r] >= hi[r])


def revealed_tokens(st) -> tuple[int, ...]:
    """The forest's tokens revealed so far, in order."""
    return st.opp_tokens[: empty_rows(st)]


def is_face_up(st, place: int) -> bool:
    """True when the tile at `place` shows its face (a row end, in a solo game)."""
    row, col = divmod(place, COLUMNS)
    return col == st.lo[row] or col == st.hi[row] - 1


def opponent_counts(st) -> list[int]:
    """Per category: what the forest has (its tiles and revealed tokens)."""
    cat = st.catalog
    return token_counts(cat, revealed_tokens(st), tile_counts(cat, st.opp_tiles))


def legal(st) -> list:
    """The face-up row ends you may take."""
    lo, hi = st.lo, st.hi
    out = []
    for r in range(4):
        if hi[r] - lo[r] >= 1:
            out.append(TAKE[r][0])
            if hi[r] - lo[r] > 1:
                out.append(TAKE[r][1])
    return out


def resolve(st, action) -> None:
    """You take a row end, the forest the opposite one; the game ends with one row left."""
    row, end = action.a, action.b
    lo, hi = st.lo, st.hi
    mine = _pop(st, row, end)
    st.tiles[0] = (*st.tiles[0], mine)
    if lo[row] < hi[row]:
        st.opp_tiles = (*st.opp_tiles, _pop(st, row, 1 - end))
    st.turn_no += 1
    if empty_rows(st) >= 3:
        st.phase = "over"


def _pop(st, row: int, end: int) -> int:
    if end == 0:
        col = st.lo[row]
        st.lo[row] = col + 1
    else:
        col = st.hi[row] - 1
        st.hi[row] = col
    p = row * COLUMNS + col
    tile = st.forest[p]
    st.forest[p] = -1
    return tile
