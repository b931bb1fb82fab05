"""The one error every game's rules raise for an action they refuse.

Each game's ``rules.IllegalAction`` subclasses `IllegalAction`, so code that serves any game (the
shell, the engine, the table server) may catch this one class, and code that catches a game's own
class or `ValueError` keeps working.
"""

from __future__ import annotations

__all__ = ["IllegalAction"]


class IllegalAction(ValueError):
    """An action the rules refuse; the message names the rule that refuses it in one sentence."""

    @classmethod
    def folded_notation(cls, text, example: str) -> str:
        """`text` as the rules compare notation: lower case, one space between its words.

        Raises:
            IllegalAction: of this class, when `text` is not text (the sentence shows `example`,
                e.g. 'buy Y3').
        """
        if not isinstance(text, str):
            raise cls(f"An action is written as text, e.g. '{example}'.")
        return " ".join(text.split()).lower()
