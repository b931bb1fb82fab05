"""A turn of the game between seats (base game, "A turn"): collect, Favor tokens, gemstone.

Steps of a turn, each a decision of the seat whose turn it is:

- ``take``: take a row end (or ``pass`` when no tile can be taken);
- ``give``: after taking another seat's reserved tile, which of your gems to give up (only asked
  when there is a choice);
- ``more``: after a one-symbol tile, a second one-symbol tile of the same spirit, or ``stop``
  (only asked when such a tile can be taken; never in the very first turn of the game);
- ``gem``: put a gemstone, move one (with none in your supply), or ``skip`` (only asked when a
  gemstone can go somewhere).

A '+' token can be spent in any of these steps while its holder has lost a gemstone.
"""

from __future__ import annotations

from .actions import GEM, GIVE, GIVE_SUPPLY, MOVE, PASS, PLUS, SKIP, STOP, TAKE

COLUMNS = 12
PLAY_FIELDS = ("phase", "first", "turn", "turn_no", "step", "took")
"""Where play stands: the State's fields that a save and a view both give as they are."""


def has_gem_to_give(st, seat: int) -> bool:
    """True when `seat` has a gemstone to give up (in its supply or on a forest tile)."""
    return st.supply[seat] > 0 or seat in st.gems


def can_spend_plus(st, seat: int) -> bool:
    """True when `seat` holds a '+' token and has lost a gemstone it could take back."""
    if not st.lost[seat]:
        return False
    plus = st.catalog.plus_tokens
    return any(t in plus for t in st.held[seat])


def take_actions(st, seat: int, spirit: int) -> list:
    """The row ends `seat` may take: any (spirit -1), or one-symbol tiles of `spirit`."""
    forest, gems, lo, hi = st.forest, st.gems, st.lo, st.hi
    can_pay = st.supply[seat] > 0 or seat in gems
    if spirit >= 0:
        tile_spirit, tile_symbols = st.catalog.tile_spirit, st.catalog.tile_symbols
    out = []
    for r in range(4):
        left, right = lo[r], hi[r]
        if left >= right:
            continue
        ends = TAKE[r]
        p = r * COLUMNS + left
        g = gems[p]
        if (g < 0 or g == seat or can_pay) and (
            spirit < 0 or (tile_symbols[forest[p]] == 1 and tile_spirit[forest[p]] == spirit)
        ):
            out.append(ends[0])
        if right - left > 1:
            p = r * COLUMNS + right - 1
            g = gems[p]
            if (g < 0 or g == seat or can_pay) and (
                spirit < 0 or (tile_symbols[forest[p]] == 1 and tile_spirit[forest[p]] == spirit)
            ):
                out.append(ends[1])
    return out


def give_actions(st, seat: int) -> list:
    """The gemstones `seat` may give up: from its supply, or one of its gems in the forest."""
    out = [GIVE_SUPPLY] if st.supply[seat] else []
    gems = st.gems
    if seat in gems:
        out.extend(GIVE[p] for p in range(48) if gems[p] == seat)
    return out


def gem_actions(st, seat: int) -> list:
    """The gemstone step's options: place (or move, with an empty supply) a gem, or skip."""
    forest, gems = st.forest, st.gems
    free = [p for p in range(48) if gems[p] < 0 and forest[p] >= 0]
    if st.supply[seat]:
        out = [GEM[p] for p in free]
    else:
        mine = [p for p in range(48) if gems[p] == seat]
        out = [MOVE[a][b] for a in mine for b in free]
    out.append(SKIP)
    return out


def has_gem_step(st, seat: int) -> bool:
    """True when a gemstone of `seat` could go on a free tile (a '+' token may bring one back)."""
    gems = st.gems
    if not (st.supply[seat] or seat in gems or can_spend_plus(st, seat)):
        return False
    return st.tiles_left > 48 - gems.count(-1)


def legal(st) -> list:
    """Every legal action of the seat whose turn it is."""
    seat = st.turn
    step = st.step
    if step == "take":
        out = take_actions(st, seat, -1) or [PASS]
    elif step == "more":
        out = take_actions(st, seat, st.spirit)
        out.append(STOP)
    elif step == "gem":
        out = gem_actions(st, seat)
    else:
        out = give_actions(st, seat)
    if st.lost[seat] and can_spend_plus(st, seat):
        out.append(PLUS)
    return out


def resolve(st, action) -> bool:
    """Carry out a legal turn action on `st` (a fresh copy); return True when the forest is empty."""
    seat = st.turn
    kind = action.kind
    if kind == "take":
        return _take(st, seat, action.a, action.b)
    if kind == "give":
        _give(st, seat, action.a)
        return _after_take(st)
    if kind == "gem":
        st.supply[seat] -= 1
        st.gems[action.a] = seat
    elif kind == "move":
        st.gems[action.a] = -1
        st.gems[action.b] = seat
    elif kind == "plus":
        spend_plus(st, seat)
        return False
    elif kind == "stop":
        _gem_step(st)
        return False
    # gem, move, skip, pass: the turn is over.
    end_turn(st)
    return False


def spend_plus(st, seat: int) -> None:
    """Spend one of `seat`'s '+' tokens: a lost gemstone comes back to its supply."""
    plus = st.catalog.plus_tokens
    held = st.held[seat]
    token = min(t for t in held if t in plus)
    st.held[seat] = tuple(t for t in held if t != token)
    st.spent = (*st.spent, token)
    st.lost[seat] -= 1
    st.supply[seat] += 1


def _take(st, seat: int, row: int, end: int) -> bool:
    lo, hi = st.lo, st.hi
    if end == 0:
        col = lo[row]
        lo[row] = col + 1
    else:
        col = hi[row] - 1
        hi[row] = col
    p = row * COLUMNS + col
    tile = st.forest[p]
    st.forest[p] = -1
    st.tiles[seat] = (*st.tiles[seat], tile)
    token = st.marks[p]
    if token >= 0:
        st.marks[p] = -1
        st.held[seat] = (*st.held[seat], token)
    if st.took == 0:
        st.spirit = st.catalog.tile_spirit[tile] if st.catalog.tile_symbols[tile] == 1 else -1
    st.took += 1
    owner = st.gems[p]
    if owner >= 0:
        st.gems[p] = -1
        st.supply[owner] += 1
        if owner != seat:
            options = give_actions(st, seat)
            if len(options) > 1:
                st.step = "give"
                return False
            _give(st, seat, options[0].a)
    return _after_take(st)


def _give(st, seat: int, place: int) -> None:
    """`seat` gives up a gemstone (from its supply when `place` is -1): it leaves the game."""
    if place < 0:
        st.supply[seat] -= 1
    else:
        st.gems[place] = -1
    st.lost[seat] += 1


def _after_take(st) -> bool:
    """After a tile (and any gem given for it): a second tile, the gemstone step, or the end."""
    lo, hi = st.lo, st.hi
    if lo[0] == hi[0] and lo[1] == hi[1] and lo[2] == hi[2] and lo[3] == hi[3]:
        return True
    second = st.took == 1 and st.spirit >= 0 and st.turn_no > 0
    if second and take_actions(st, st.turn, st.spirit):
        st.step = "more"
        return False
    _gem_step(st)
    return False


def _gem_step(st) -> None:
    if has_gem_step(st, st.turn):
        st.step = "gem"
    else:
        end_turn(st)


def end_turn(st) -> None:
    """Pass the turn to the next seat."""
    st.turn = (st.turn + 1) % len(st.seats)
    st.turn_no += 1
    st.took = 0
    st.spirit = -1
    st.step = "take"
