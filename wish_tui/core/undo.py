"""What may be undone, for any game: a seat takes back its own decisions within its own turn.

Each game says two things: which states stand in the same turn (`same_turn`), and why one step
cannot be taken back by a seat (`blocker`, '' when it can). `UndoPolicy` walks a *history* (the
states of a game in order, ``history[-1]`` the current one) with them and answers with an index
into that list; each game's ``rules.undo`` module exposes its policy's three methods.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["UndoPolicy"]


@dataclass(frozen=True)
class UndoPolicy:
    """One game's undo rules: the shared walk over a history, with the game's own judgements."""

    blocker: Callable[[Any, Any, int], str]
    """Why the step from `before` to `after` cannot be taken back by `seat` ('' when it can)."""
    same_turn: Callable[[Any, Any], bool]
    """True when two states stand in the same turn (or stretch of play)."""

    def _scan(self, history: Sequence[Any]) -> tuple[list[int], str]:
        """Return (undo points, most recent first; why no earlier point is allowed)."""
        if not history:
            return [], "nothing"
        seat = history[-1].current_player
        if seat is None:
            return [], "over"
        points: list[int] = []
        for i in range(len(history) - 1, 0, -1):
            reason = self.blocker(history[i - 1], history[i], seat)
            if reason:
                if not points and not self._decided_this_turn(history, i, seat):
                    return points, "nothing"
                return points, reason
            points.append(i - 1)
        return points, "nothing"

    def _decided_this_turn(self, history: Sequence[Any], i: int, seat: int) -> bool:
        """True when `seat` made a decision in the current turn before history[i]."""
        now = history[-1]
        for j in range(i - 1, -1, -1):
            if not self.same_turn(history[j], now):
                return False
            if history[j].current_player == seat:
                return True
        return False

    def undo_points(self, history: Sequence[Any]) -> list[int]:
        """Every index of `history` the current seat may go back to, the most recent first."""
        return self._scan(history)[0]

    def undo_target(self, history: Sequence[Any]) -> int | None:
        """The index of the state one decision back, or None when undo is not allowed now."""
        points = self.undo_points(history)
        return points[0] if points else None

    def why_no_undo(self, history: Sequence[Any]) -> str:
        """One sentence on why the current seat cannot undo now ('' when it can)."""
        points, reason = self._scan(history)
        if points:
            return ""
        if reason == "over":
            return "Nothing can be undone: the game is over."
        if reason == "nothing":
            return "Nothing can be undone: you have made no decision yet this turn."
        return f"You cannot undo your last decision: {reason}."
