"""Wishland's screens (Textual): the game screen, its board (also shown by the replay) and its
help; the words they show are the game's `words` package, which imports no Textual."""

from __future__ import annotations

from wish_tui.wishland.words.help_text import KEYS, WATCH_MARKS
from wish_tui.wishland.words.help_text import reference_entries as rules_entries

from .board import WishlandBoard as Board
from .game_screen import GameScreen

__all__ = ["KEYS", "WATCH_MARKS", "Board", "GameScreen", "rules_entries"]
