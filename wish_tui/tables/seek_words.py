"""A seek in words, said alike by both clients' lobbies: 'Seek 3 by alice: Wish, 2 seats, live
10 minutes and 5 seconds a move, ratings 0 to 10.'"""

from __future__ import annotations


def _bound(value) -> str:
    return "any" if value is None else f"{value:g}"


def seek_line(seek: dict) -> str:
    """One seek of the lobby's list in a sentence (without what to type to take it)."""
    clock = seek.get("clock") or {}
    how = "live" if seek.get("kind") == "live" else "turn-based"
    if clock.get("type") == "live":
        how += f", {clock['minutes']} minutes and {clock['increment']} seconds a move"
    elif clock.get("type") == "turn":
        how += f", {clock['hours']} hours a move"
    parts = [seek["title"], f"{seek['seats']} seats", how]
    if seek.get("range"):
        low, high = seek["range"]
        parts.append(f"ratings {_bound(low)} to {_bound(high)}")
    if seek.get("takers"):
        parts.append("with " + ", ".join(seek["takers"]))
    if seek.get("yours"):
        return f"Your seek {seek['id']}: {', '.join(parts)}."
    return f"Seek {seek['id']} by {seek['by']}: {', '.join(parts)}."
