"""The one error every game's rules raise for an action they refuse.

Each game's ``rules.IllegalAction`` subclasses `IllegalAction`, so code that serves any game (the
shell, the engine, the table server) may catch this one class, and code that catches a game's own
class or `ValueError` keeps working.
"""

from __future__ import annotations

__all__ = ["IllegalAction"]


class IllegalAction(ValueError):
    """An action the rules refuse; the message names the rule that refuses it in one sentence."""
