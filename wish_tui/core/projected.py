"""A seat's total if the game ended now, as a clause of a sentence (the plain-text views)."""

from __future__ import annotations


def projected_clause(view: dict, seat: int, total_words: str) -> str:
    """', 34 points if the game ended now' for `seat` from the view's ``projection`` (`total_words`
    says what follows the number: ' points', ' at the end'); '' once the game is over or when
    the view carries none."""
    projection = view.get("projection") or {}
    entry = next((e for e in projection.get("seats", []) if e["seat"] == seat), None)
    if entry is None or view["phase"] == "over":
        return ""
    unknown = " (with what you cannot see left out)" if entry.get("unknown") else ""
    return f", {entry['total']}{total_words} if the game ended now{unknown}"
