"""The look cursor: ←→↑↓ move a highlight over what is on Wish's table (the Areas of the map,
the tracks, the Offer, one's own board and hand) and the detail line says what it is.

A target is a small tuple: ("area", index), ("offer", slot), ("hand", position), ("seat", seat),
("caravan",), ("round",), ("challenge",) or ("board", part). Each has a place on a rough grid of
the screen (the map's four columns, then the side column; rows as the widgets draw them), and an
arrow goes to the nearest target that way. The cursor is the screen's own, never the game's.
"""

from __future__ import annotations

from wish_tui.wish.rules import CATALOG
from wish_tui.wish.words.details import (
    area_words,
    board_words,
    caravan_words,
    challenge_words,
    hand_card_words,
    offer_card_words,
    round_words,
    seat_words,
)
from wish_tui.wish.words.fit import Fits

BOARD_PARTS = ("djinn", "columns", "crystals", "tokens")
"""The lines of one's own board, top to bottom."""
BOARD_TOP = 13
"""The row the board and the hand begin at (the map is 13 rows)."""
SIDE = 4
"""The side column's place, right of the map's four columns."""


def targets(view: dict, seat: int) -> list[tuple[tuple, int, int]]:
    """Every target on the table as (target, column, row)."""
    found: list[tuple[tuple, int, int]] = []
    for area in CATALOG.areas:
        found.append((("area", area.index), area.col, area.row * 4 + 2))
    row = 0
    found.append((("round",), SIDE, row))
    found.append((("caravan",), SIDE, row + 1))
    row += 3 if view["caravan"]["card"] else 2
    if view.get("challenge"):
        found.append((("challenge",), SIDE, row))
        row += 1
    for p in view["players"]:
        found.append((("seat", p["seat"]), SIDE, row))
        row += 1
    row += 1  # the Offer's title
    for slot in range(1, len(view["offer"]) + 1):
        found.append((("offer", slot), SIDE, row))
        row += 1
    for i, part in enumerate(BOARD_PARTS):
        found.append((("board", part), 0, BOARD_TOP + i))
    for i, _ in enumerate(view["players"][seat].get("hand", [])):
        found.append((("hand", i), SIDE, BOARD_TOP + 1 + i))
    return found


def home(view: dict, seat: int) -> tuple:
    """Where the cursor rests before it is moved: the Area of the seat's Djinn."""
    return ("area", CATALOG.area_index[view["players"][seat]["area"]])


def moved(view: dict, seat: int, current: tuple, dx: int, dy: int) -> tuple:
    """The target an arrow goes to from `current` (dx, dy: -1, 0 or 1)."""
    places = targets(view, seat)
    spot = next(((x, y) for t, x, y in places if t == current), None)
    if spot is None:
        return home(view, seat)
    x0, y0 = spot
    best, best_score = current, None
    for target, x, y in places:
        ahead = (x - x0) * dx if dx else (y - y0) * dy
        if ahead <= 0:
            continue
        # Along the arrow a step is cheap; across it dear, so ↓ stays in its column.
        score = abs(x - x0) + 2 * abs(y - y0) if dx else abs(y - y0) + 3 * abs(x - x0)
        if best_score is None or score < best_score:
            best, best_score = target, score
    return best


def target_words(view: dict, seat: int, target: tuple, fits: Fits = None) -> str:
    """What the detail line says of a target (`fits`: the detail line's test)."""
    kind = target[0]
    if kind == "area":
        return area_words(view, target[1], seat, fits)
    if kind == "offer":
        slot = target[1]
        name = view["offer"][slot - 1] if slot <= len(view["offer"]) else None
        return offer_card_words(view, seat, slot, name, fits)
    if kind == "hand":
        hand = view["players"][seat].get("hand", [])
        return hand_card_words(view, seat, hand[target[1]], fits) if target[1] < len(hand) else ""
    if kind == "seat":
        return seat_words(view, target[1], seat, fits)
    if kind == "caravan":
        return caravan_words(view, fits)
    if kind == "round":
        return round_words(view)
    if kind == "challenge":
        return challenge_words(view) if view.get("challenge") else ""
    return board_words(view, seat, target[1], fits)


def valid(view: dict, seat: int, target: tuple | None) -> bool:
    """True when `target` is on the table now (a hand card played is gone)."""
    return target is not None and any(t == target for t, _, _ in targets(view, seat))
