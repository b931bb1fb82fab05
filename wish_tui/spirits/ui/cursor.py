"""The forest cursor: which places a key may highlight now, and where an arrow key moves it.

Pure functions over the legal actions and place numbers (row * 12 + column, from 0); the game
screen keeps the highlighted place and the board only draws it.
"""

from __future__ import annotations

from wish_tui.spirits.rules import Action

COLUMNS = 12


def take_targets(view: dict, legal: list[Action]) -> dict[int, Action]:
    """The row ends that may be taken now, by place."""
    targets = {}
    for action in legal:
        if action.kind != "take":
            continue
        row = view["forest"][action.a]
        cols = [c for c, entry in enumerate(row) if entry is not None]
        if not cols:
            continue
        col = cols[0] if action.b == 0 else cols[-1]
        targets[action.a * COLUMNS + col] = action
    return targets


def gem_targets(legal: list[Action], move_from: int | None = None) -> dict[int, Action | None]:
    """Where the gemstone step may go now, by place.

    With gemstones in the supply: the free tiles (each a `gem` action). With none: first the
    places of the seat's own gemstones (None: choose it to move it), then, once `move_from` is
    chosen, the free tiles it may move to.
    """
    targets: dict[int, Action | None] = {}
    for action in legal:
        if action.kind == "gem":
            targets[action.a] = action
        elif action.kind == "move":
            if move_from is None:
                targets.setdefault(action.a, None)
            elif action.a == move_from:
                targets[action.b] = action
    return targets


def moving(legal: list[Action]) -> bool:
    """True when the gemstone step moves a gemstone (the supply is empty)."""
    return any(a.kind == "move" for a in legal)


def step(cursor: int, places, dx: int, dy: int) -> int:
    """The place an arrow key moves the cursor to among `places` (it stays when none is that way).

    Left and right stay in the row; up and down go to the nearest row that has a place, to its
    place nearest the cursor's column.
    """
    row, col = divmod(cursor, COLUMNS)
    places = list(places)
    if dy == 0:
        same = [p for p in places if p // COLUMNS == row and (p % COLUMNS - col) * dx > 0]
        if not same:
            return cursor
        return min(same, key=lambda p: abs(p % COLUMNS - col))
    r = row + dy
    while 0 <= r < 4:
        there = [p for p in places if p // COLUMNS == r]
        if there:
            return min(there, key=lambda p: (abs(p % COLUMNS - col), p))
        r += dy
    return cursor


def settle(cursor: int | None, places) -> int | None:
    """Keep the cursor where it is if it may stay, else move it to the nearest place (None when
    there is none)."""
    places = sorted(places)
    if not places:
        return None
    if cursor is None:
        return places[0]
    if cursor in places:
        return cursor
    row, col = divmod(cursor, COLUMNS)
    return min(places, key=lambda p: (abs(p // COLUMNS - row) * 3 + abs(p % COLUMNS - col), p))


def row_ends(view: dict) -> dict[int, None]:
    """Both ends of every row of the forest, by place: what the highlight moves over while
    another seat decides (nothing is taken then)."""
    ends: dict[int, None] = {}
    for row, entries in enumerate(view["forest"]):
        cols = [c for c, entry in enumerate(entries) if entry is not None]
        for col in (cols[0], cols[-1]) if cols else ():
            ends[row * COLUMNS + col] = None
    return ends


def in_row(row: int, places) -> list[int]:
    """The places of `row` among `places`, left to right."""
    return sorted(p for p in places if p // COLUMNS == row)
