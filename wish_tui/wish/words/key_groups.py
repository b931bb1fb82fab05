"""The game keys: which legal actions each key offers."""

from __future__ import annotations

KEY_GROUPS = {
    "travel": ("Travel", lambda a: a.kind == "travel" and not a.potion),
    "empower": ("Empower", lambda a: a.kind == "empower" and not a.potion),
    "manifest": ("Manifest", lambda a: a.kind in ("manifest", "caravan") and not a.potion),
    "fulfill": (
        "Fulfill",
        lambda a: a.kind in ("fulfill", "build") and not a.trick and not a.potion,
    ),
    "special": (
        "Special",
        lambda a: a.kind in ("icedibs", "clone", "blast", "harvest") and not a.potion,
    ),
    "potion": ("Potion", lambda a: a.potion),
    "trickery": ("Trickery", lambda a: a.kind == "fulfill" and bool(a.trick) and not a.potion),
    "trade": ("Trade", lambda a: a.kind == "trade"),
    "end_turn": ("End turn", lambda a: a.kind == "end"),
}
"""Each game key's action group: its name and which legal actions belong to it."""


def rules_group(key_action: str) -> str:
    """The rules' name (for `rules.why_not_now`) of a key's group of actions."""
    return "end" if key_action == "end_turn" else key_action
