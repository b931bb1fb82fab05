"""What a seat would score if the game ended now, in the few characters a seat's row shows."""

from __future__ import annotations


def projected_total(view: dict, seat: int) -> str:
    """A seat's total if the game ended now (the view's ``projection``), '?' after it when part
    of it is not this view's to see; once it is over, its final total (the view's ``scores``);
    '-' when the view carries neither."""
    projection = view.get("projection")
    if projection is None and view.get("phase") == "over":
        projection = view.get("scores")
    if not isinstance(projection, dict) or not projection.get("seats"):
        return "-"
    entry = next(e for e in projection["seats"] if e["seat"] == seat)
    return f"{entry['total']}{'?' if entry.get('unknown') else ''}"
