"""Whether the app has a terminal to read keys from: the screens need one, the plain client not.

Started with its standard input from /dev/null or a pipe, Textual's terminal driver failed with a
traceback (and the command exited 0); the command says so in one sentence instead.
"""

from __future__ import annotations

import sys

from wish_tui.core import environment

COMMANDS = {"game": "new", "new-game": "new"}
"""The command that opens each of the app's first screens, where it is not the screen's name."""


def why_no_terminal(screen: str) -> str:
    """One sentence when the app, opening on `screen` (a Launch's), would start without a
    terminal to read keys from, else '' (a browser's session brings its own driver)."""
    if environment.get("TEXTUAL_DRIVER"):
        return ""
    try:
        if sys.stdin is not None and sys.stdin.isatty():
            return ""
    except (OSError, ValueError):
        pass
    command = "" if screen == "title" else f" {COMMANDS.get(screen, screen)}"
    return (
        f"'wish-tui{command}' needs a terminal, and its standard input is not one; "
        "'wish-tui plain' plays in plain lines of text (a pipe, a screen reader)"
    )
