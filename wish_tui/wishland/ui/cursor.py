"""The highlight of Wishland's screen: the cards it may rest on and where an arrow moves it.

A place is (row, column). With seats: rows 0-4 are the Marketplace rows (column: the card's
slot); in solo row 0 is your hand. Below them, as on the screen, row 10 + s is seat s's row of
the table, row 20 the Achievements (column: the Achievement's place, yours last) and row 30 your
park (column: the card's place in it). Pure functions over a seat's view; the game screen keeps the place, the board only
draws it.
"""

from __future__ import annotations

PARK_KINDS = ("ride", "restaurant", "actor", "hotel", "mascot")
"""The park's cards in this order, as the park line shows them."""
SEATS_ROW = 10
"""The row of the table's first seat (seat s is on SEATS_ROW + s)."""
ACHIEVEMENTS_ROW = 20
PARK_ROW = 30
ORDER_ROW = 40
"""The Turn Order Track's spaces (column: the space, from 1): a tap's place, never the
highlight's."""


MARKET_PART, TABLE_PART, PARK_PART = "marketplace", "table", "yours"
"""The board's parts (`WishlandBoard.PARTS`) that hold the highlight's places."""


def part_of(cursor: tuple[int, int]) -> str:
    """The part of the board the highlight's place lies in."""
    if cursor[0] >= PARK_ROW:
        return PARK_PART
    return TABLE_PART if cursor[0] >= SEATS_ROW else MARKET_PART


def park_row(view: dict) -> int:
    """The row of the park: under the table's seats and the Achievements."""
    return PARK_ROW


def on_table(cursor: tuple[int, int]) -> bool:
    """True when the highlight is on a seat's row, an Achievement or your park (not on a card
    that may be bought or played)."""
    return cursor[0] >= SEATS_ROW


def achievements(view: dict, seat: int) -> list[dict]:
    """The Achievements the highlight may rest on: the board's, then the seat's own Tile."""
    tile = view["players"][seat].get("tile")
    return [*view["achievements"], *([{**tile, "own": True}] if tile else [])]


def park_cards(view: dict, seat: int) -> list[dict]:
    """The seat's park, Rides first, as the park line lists it."""
    park = view["players"][seat]["park"]
    return [card for kind in PARK_KINDS for card in park[kind]]


def offered(view: dict, seat: int) -> dict[tuple[int, int], dict]:
    """The cards a key may buy (in solo: play from the hand), by place."""
    if view["solo"]:
        hand = view["players"][seat].get("hand", [])
        return {(0, i): card for i, card in enumerate(hand)}
    return {
        (r, c): card
        for r, row in enumerate(view["marketplace"])
        for c, card in enumerate(row["cards"])
        if card is not None
    }


def places(view: dict, seat: int) -> dict[tuple[int, int], dict]:
    """Every thing the highlight may rest on, by place: the cards offered, the seats' rows,
    the Achievements and your park's cards."""
    seats = {(SEATS_ROW + p["seat"], 0): p for p in view["players"]}
    feats = {(ACHIEVEMENTS_ROW, i): a for i, a in enumerate(achievements(view, seat))}
    owned = {(PARK_ROW, i): card for i, card in enumerate(park_cards(view, seat))}
    return {**offered(view, seat), **seats, **feats, **owned}


def step(cursor: tuple[int, int], here, dr: int, dc: int) -> tuple[int, int]:
    """The place an arrow moves the highlight to among the places `here`.

    Left and right go round the row; up and down go round the rows that hold a card, to the
    card nearest the highlight's column. With no card that way the highlight stays.
    """
    here = set(here)
    if not here:
        return cursor
    r, c = cursor
    if dc:
        row = sorted(p[1] for p in here if p[0] == r)
        if not row:
            return cursor
        later = [x for x in row if (x - c) * dc > 0]
        if later:
            return (r, min(later, key=lambda x: abs(x - c)))
        return (r, row[0] if dc > 0 else row[-1])
    rows = sorted({p[0] for p in here})
    later = [x for x in rows if (x - r) * dr > 0]
    target = min(later, key=lambda x: abs(x - r)) if later else (rows[0] if dr > 0 else rows[-1])
    if target == r:
        return cursor
    in_row = [p for p in here if p[0] == target]
    return min(in_row, key=lambda p: (abs(p[1] - c), p[1]))
