"""Wish's screens: the game screen, its board (also shown by the replay), its help and log words.

The screens import Textual; `log` and `words` do not, so the table server can use them: the names
below are imported when first asked for.
"""

from __future__ import annotations

from wish_tui.core.lazy import game_screens

__all__ = ["KEYS", "Board", "GameScreen", "rules_entries"]

__getattr__ = game_screens(__name__, board="WishBoard")
