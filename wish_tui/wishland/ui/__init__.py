"""Wishland's screens: the game screen, its board (also shown by the replay), its help and log
words.

The screens import Textual; `log`, `words` and `style` do not, so the table server can use them:
the names below are imported when first asked for.
"""

from __future__ import annotations

import importlib

_LAZY = {
    "Board": (".board", "WishlandBoard"),
    "GameScreen": (".game_screen", "GameScreen"),
    "KEYS": (".help_text", "KEYS"),
    "rules_entries": (".help_text", "reference_entries"),
}

__all__ = ["KEYS", "Board", "GameScreen", "rules_entries"]


def __getattr__(name: str):
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, attribute = _LAZY[name]
    return getattr(importlib.import_module(module, __name__), attribute)
