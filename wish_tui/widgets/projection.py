"""What a seat would score if the game ended now, in the few characters a seat's row shows."""

from __future__ import annotations


def projected_total(view: dict, seat: int) -> str:
    """A seat's total if the game ended now (the view's ``projection``), '?' after it when part
    of it is not this view's to see; '-' when the view carries no projection."""
    projection = view.get("projection")
    if projection is None:
        return "-"
    entry = next(e for e in projection["seats"] if e["seat"] == seat)
    return f"{entry['total']}{'?' if entry.get('unknown') else ''}"
