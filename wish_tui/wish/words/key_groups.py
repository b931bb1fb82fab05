"""The game keys: each key's letter and words, and which legal actions it offers."""

from __future__ import annotations

from wish_tui.core.game_keys import GameKey, key_groups

GAME_KEYS = (
    # In the key bar's order: Potion and Trickery are seldom usable and hidden until they are,
    # so they come last, and their showing up moves no other key.
    GameKey("t", "travel", "Travel", "Travel", lambda a: a.kind == "travel" and not a.potion),
    GameKey("e", "empower", "Empower", "Empower", lambda a: a.kind == "empower" and not a.potion),
    GameKey(
        "m",
        "manifest",
        "Manifest",
        "Manifest",
        lambda a: a.kind in ("manifest", "caravan") and not a.potion,
    ),
    GameKey(
        "f",
        "fulfill",
        "Fulfill",
        "Fulfill",
        lambda a: a.kind in ("fulfill", "build") and not a.trick and not a.potion,
    ),
    GameKey(
        "s",
        "special",
        "Special",
        "Special",
        lambda a: a.kind in ("icedibs", "clone", "blast", "harvest") and not a.potion,
    ),
    GameKey("r", "trade", "Trade", "Trade", lambda a: a.kind == "trade"),
    GameKey("n", "end_turn", "End turn", "End turn", lambda a: a.kind == "end"),
    GameKey("p", "potion", "Potion", "Potion", lambda a: a.potion, rare=True),
    GameKey(
        "k",
        "trickery",
        "Trickery",
        "Trickery",
        lambda a: a.kind == "fulfill" and bool(a.trick) and not a.potion,
        rare=True,
    ),
)
"""Wish's turn keys, in the key bar's order (undo's key goes before the first rare one)."""

KEY_GROUPS = key_groups(
    GAME_KEYS,
    (
        "travel",
        "empower",
        "manifest",
        "fulfill",
        "special",
        "potion",
        "trickery",
        "trade",
        "end_turn",
    ),
)
"""Each game key's action group, in the seat API's order: its name and which legal actions
belong to it."""


def rules_group(key_action: str) -> str:
    """The rules' name (for `rules.why_not_now`) of a key's group of actions."""
    return "end" if key_action == "end_turn" else key_action
