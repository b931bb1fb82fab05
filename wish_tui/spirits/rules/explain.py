"""Why the rules refuse an action: one sentence that names the rule.

Refusals never name what the refused seat may not see (another seat's cards, the tokens set
aside, face-down tiles).
"""

from __future__ import annotations

from . import turn
from .actions import Action
from .catalog import COLUMNS, PLACES, ROWS, SEAT_NAMES, place_name

_STEP_HINTS = {
    "take": "take a row end, e.g. 'take 1 left'",
    "more": "take a second tile of the same spirit, or 'stop'",
    "give": "choose the gemstone to give up: 'give supply' or 'give PLACE'",
    "gem": "place a gemstone with 'gem PLACE' (or 'move gem FROM TO'), or 'skip'",
}


def seat_name(st, seat: int) -> str:
    """The element of a seat, capitalised ('seat 7' for a seat that does not play)."""
    if isinstance(seat, int) and 0 <= seat < len(st.seats):
        return SEAT_NAMES[st.seats[seat]]
    return f"seat {seat}"


def wrong_seat(st, seat) -> str:
    """Explain that `seat` may not act now."""
    if st.current_player is None:
        return "The game is over; no one acts any more."
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(st.seats):
        return f"There is no seat {str(seat)[:20]} in this game."
    return f"It is {seat_name(st, st.current_player)}'s decision now, not {seat_name(st, seat)}'s."


def why_illegal(st, action) -> str:
    """Explain why a refused action is not legal in `st`."""
    try:
        return _why(st, action)
    except (TypeError, ValueError, IndexError, KeyError, AttributeError):
        # An Action built by hand with fields of the wrong kind: no rule can even be named.
        return f"{str(action)[:40]!r} is not an action of this game."


def _why(st, action) -> str:
    if not isinstance(action, Action):
        return f"{str(action)[:40]!r} is not an action; parse notation with parse_action."
    if st.current_player is None:
        return "The game is over; no one acts any more."
    if st.pending:
        return _pending_reason(st, action)
    if action.kind in ("keep", "favor"):
        what = "Wish and Hex cards are kept at setup" if action.kind == "keep" else None
        what = what or "a Favor token is chosen as a Wish's reward when the game ends"
        return f"Not now: {what}."
    if st.solo:
        return _solo_reason(st, action)
    return _turn_reason(st, action) or f"'{action}' is not legal now."


def _pending_reason(st, action) -> str:
    kind, seat = st.pending[0]
    who = seat_name(st, seat)
    if kind == "favor":
        if action.kind != "favor":
            return f"{who} first chooses the Favor token its Wish won, e.g. 'favor moss'."
        return f"No {action.name[:20]!r} Favor token is among those set aside."
    card = "Wish" if kind == "wish" else "Hex"
    if action.kind != "keep":
        return f"Setup is not over: {who} keeps one of its two {card} cards ('keep {kind} NAME')."
    if action.a != (0 if kind == "wish" else 1):
        return f"{who} keeps a {card} card now ('keep {kind} NAME'); Wish first, then Hex."
    return f"{action.name[:30]!r} is not one of the two {card} cards dealt to {who}."


def _solo_reason(st, action) -> str:
    if action.kind != "take":
        return "In a solo game each turn takes one face-up end tile, e.g. 'take 1 left'."
    return _row_reason(st, action) or f"'{action}' is not legal now."


def _row_reason(st, action) -> str:
    row, end = action.a, action.b
    if not (isinstance(row, int) and 0 <= row < ROWS) or end not in (0, 1):
        return "Take a row end: 'take ROW left' or 'take ROW right', rows 1 to 4."
    if st.lo[row] >= st.hi[row]:
        return f"Row {row + 1} is empty."
    if end == 1 and st.hi[row] - st.lo[row] == 1:
        return f"Row {row + 1} has one tile left: take it with 'take {row + 1} left'."
    return ""


def _end_place(st, row: int, end: int) -> int:
    return row * COLUMNS + (st.lo[row] if end == 0 else st.hi[row] - 1)


def _turn_reason(st, action) -> str:
    seat = st.turn
    step = st.step
    kind = action.kind
    hint = _STEP_HINTS[step]
    if kind == "plus":
        if not any(t in st.catalog.plus_tokens for t in st.held[seat]):
            return "You hold no '+' Favor token."
        return "You have lost no gemstone; a '+' token only takes back a lost one."
    if step == "give" and kind != "give":
        return f"You took a reserved tile: first {hint}."
    if kind == "take":
        return _take_reason(st, seat, action, hint)
    if kind == "stop":
        if step == "take":
            return "'stop' ends the collection after a first tile; take a tile first."
        return f"The collection is over this turn; now {hint}."
    if kind == "pass":
        return "You can take a tile; 'pass' is only for a turn when no tile can be taken."
    if kind in ("gem", "move", "skip"):
        return _gem_reason(st, seat, action, hint)
    if kind == "give":
        return _give_reason(st, seat, action)
    return f"'{action}' is not an action of this game."


def _take_reason(st, seat: int, action, hint: str) -> str:
    if st.step == "gem":
        if st.turn_no == 0:
            return "The very first turn of the game takes only one tile; now place a gemstone."
        return f"The collection is over this turn; now {hint}."
    reason = _row_reason(st, action)
    if reason:
        return reason
    p = _end_place(st, action.a, action.b)
    tile = st.forest[p]
    cat = st.catalog
    owner = st.gems[p]
    if owner >= 0 and owner != seat and not turn.has_gem_to_give(st, seat):
        return (
            f"The tile at {place_name(p)} is reserved by {seat_name(st, owner)}'s gemstone "
            "and you have no gemstone to give up."
        )
    if st.step == "more":
        if cat.tile_symbols[tile] == 2:
            return "A second tile must show one spirit symbol; two-symbol tiles are taken alone."
        wanted = cat.spirit_names[st.spirit]
        if cat.tile_spirit[tile] != st.spirit:
            shown = cat.spirit_names[cat.tile_spirit[tile]]
            return f"The second tile must be {wanted} like the first; {place_name(p)} is {shown}."
    return ""


def _gem_reason(st, seat: int, action, hint: str) -> str:
    if st.step != "gem":
        if st.turn_no == 0 and st.step == "take":
            return "The gemstone step comes after taking a tile."
        return f"The gemstone step comes after collecting; now {hint}."
    kind = action.kind
    if kind == "skip":
        return ""
    if kind == "gem":
        if not st.supply[seat]:
            return "Your supply has no gemstone; move one of yours with 'move gem FROM TO'."
        return _free_reason(st, action.a)
    if st.supply[seat]:
        return "You still have a gemstone in your supply; only with none left may you move one."
    if not (isinstance(action.a, int) and 0 <= action.a < PLACES) or st.gems[action.a] != seat:
        return f"There is no gemstone of yours at {_place(action.a)}."
    return _free_reason(st, action.b)


def _place(p) -> str:
    return place_name(p) if isinstance(p, int) and 0 <= p < PLACES else str(p)[:12]


def _free_reason(st, p) -> str:
    if not (isinstance(p, int) and 0 <= p < PLACES) or st.forest[p] < 0:
        return f"There is no tile at {_place(p)} to put a gemstone on."
    if st.gems[p] >= 0:
        return f"The tile at {place_name(p)} is already reserved by {seat_name(st, st.gems[p])}."
    return ""


def _give_reason(st, seat: int, action) -> str:
    if st.step != "give":
        return "You give up a gemstone only when you take a tile another seat reserved."
    if action.a < 0:
        return "Your supply is empty; give up one of your gemstones in the forest."
    return f"There is no gemstone of yours at {_place(action.a)}."
