"""Spirits of the Forest's screens: the game screen, its board (also shown by the replay) and its
help texts."""

from .board import SpiritsBoard as Board
from .game_screen import GameScreen
from .help_text import KEYS
from .help_text import reference_entries as rules_entries

__all__ = ["KEYS", "Board", "GameScreen", "rules_entries"]
