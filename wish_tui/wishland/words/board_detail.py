"""The detail line's words for a seat's row of the table and for an Achievement.

A seat's row reads its short columns in words, each with the column's heading ('End 12: the VP
Final Scoring would give now', 'lim 3: the Card Limit'), so the headings are learned by looking;
an Achievement reads its requirement, its reward and who claimed it. No Textual.
"""

from __future__ import annotations

from collections.abc import Callable

from .marks import ACHIEVEMENT_SHORT, ACHIEVEMENT_WORDS, SEAT_TITLE
from .words import entrepreneur_gist

ROW_KINDS = (("yellow", "Y"), ("red", "R"), ("blue", "B"), ("green", "G"), ("black", "K"))


def seat_detail(
    view: dict,
    seat: int,
    viewer: int,
    end: str,
    full: str = "",
    fits: Callable[[str], bool] | None = None,
) -> str:
    """The detail line of `seat`'s row, as `viewer` sees it; `end` is its End column, `full`
    the row letters at which it stands at its Card Limit. With `fits` (the line's test of a
    whole text), the fullest wording that fits: each column said shorter, then without the
    Workers and then the Income (the row shows both under their headings), so that an
    Entrepreneur is read whole; the End and the Card Limit kept."""
    for short, left_out in SHORTER_SEAT:
        words = _seat_words(view, seat, viewer, end, full, short, left_out)
        if fits is None or fits(words):
            break
    return words


SHORTER_SEAT = ((False, ()), (True, ()), (True, ("workers",)), (True, ("workers", "income")))
"""The wordings of a seat's row, fullest first: whether each column is said shorter, and
what is left out."""


def _seat_words(
    view: dict, seat: int, viewer: int, end: str, full: str, short: bool, left_out: tuple = ()
) -> str:
    p = view["players"][seat]
    # One who watches (a view of no seat) is not the seat shown.
    mine = seat == viewer and view.get("seat", viewer) is not None
    you = " (you)" if mine and len(view["seats"]) > 1 else ""
    w = p["workers"]
    unknown = end.endswith("?")
    if short:
        head = f"End {end}: VP if it ended now" + (" (? unknown)" if unknown else "")
        workers = f"rsv {w['reserve']}: Reserve Workers, out {w['on_board']} placed"
    else:
        head = f"End {end}: VP if the game ended now" + (" (? part unknown)" if unknown else "")
        workers = f"rsv {w['reserve']}: Workers in the Reserve, out {w['on_board']} on the board"
    parts = [f"{SEAT_TITLE[p['colour']]}{you}", head]
    parts += [] if "workers" in left_out else [workers]
    parts += [] if "income" in left_out else [f"inc {p['income']}: Income"]
    parts.append(f"lim {p['card_limit']}: Card Limit" + (f" ({full}! at it)" if full else ""))
    ent = p["entrepreneur"]
    if ent:
        parts.append(f"Ent {entrepreneur_gist(ent['id'])}")
    elif p.get("entrepreneur_chosen"):
        parts.append("Ent kept: an Entrepreneur shown at the first Income")
    return " · ".join(parts) + "."


def achievement_detail(aid: str, view: dict, claimed_by: int | None, claimable: bool) -> str:
    """The detail line of Achievement `aid`: what it asks, its reward, who has claimed it."""
    short = ACHIEVEMENT_SHORT.get(aid, aid)
    words = f"Achievement {short} ({aid}): {ACHIEVEMENT_WORDS.get(aid, aid)}; +1 VP to claim"
    if claimed_by is not None:
        return f"{words}. Claimed by {SEAT_TITLE[view['seats'][claimed_by]]}."
    if claimable:
        return f"{words}. You may claim it now (! beside it): v claims it, free, any time in your turn."
    return f"{words}, once, by the first to reach it; free, on your turn (v)."


def private_achievement_detail(tile: dict, claimable: bool) -> str:
    """The detail line of a seat's own Achievement (Entrepreneur #3's Tile)."""
    aid = tile["id"]
    words = f"Your own Achievement {ACHIEVEMENT_SHORT.get(aid, aid)} ({aid}): "
    words += f"{ACHIEVEMENT_WORDS.get(aid, aid)}; +1 VP, for you alone"
    if tile["claimed"]:
        return f"{words}. Claimed (✓)."
    return f"{words}. " + ("You may claim it now: v." if claimable else "Not reached yet (·).")


__all__ = ["achievement_detail", "private_achievement_detail", "seat_detail"]
