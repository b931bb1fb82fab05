"""wish_tui: the board game Wish in the terminal."""

__version__ = "0.1.0"
