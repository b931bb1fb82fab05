"""What may be undone, for any game: a seat takes back its own decisions within its own turn.

Every game keeps that rule: a step cannot be taken back once it lies in an earlier turn or
another seat decided since. Each game says which states stand in the same turn (`same_turn`),
how a sentence names a seat (`seat_name`), and what else makes one step final (`blocker`: what
it revealed, '' when nothing). `UndoPolicy` walks a *history* (the states of a game in order,
``history[-1]`` the current one) with them and answers with an index into that list; each
game's ``rules.undo`` module names its policy, and `wish_tui.core.state` walks a history with
the policy of the State that ends it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["UndoPolicy"]


@dataclass(frozen=True)
class UndoPolicy:
    """One game's undo rules: the shared walk over a history, with the game's own judgements."""

    same_turn: Callable[[Any, Any], bool]
    """True when two states stand in the same turn (or stretch of play)."""
    blocker: Callable[[Any, Any, int], str]
    """Why the step from `before` to `after`, a decision of `seat` in its own turn, cannot be
    taken back ('' when it can): what it revealed."""
    seat_name: Callable[[Any, int], str] = lambda state, seat: state.seats[seat].capitalize()
    """How a reason names a seat of a state, e.g. 'the Water Djinn' (by default its name in
    `state.seats`, capitalised: 'Water')."""
    ends_turn: Callable[[Any, Any], bool] | None = None
    """True when the step from `before` to `after` ended the turn although both states stand in
    it (None: no step does)."""

    def why_final(self, before: Any, after: Any, seat: int) -> str:
        """Why the step from `before` to `after` cannot be taken back by `seat` ('' when it can)."""
        if not self.same_turn(before, after) or (
            self.ends_turn is not None and self.ends_turn(before, after)
        ):
            return "that was in an earlier turn"
        decider = before.current_player
        if decider != seat:
            return f"{self.seat_name(before, decider)} decided since then"
        return self.blocker(before, after, seat)

    def _scan(self, history: Sequence[Any]) -> tuple[list[int], str]:
        """Return (undo points, most recent first; why no earlier point is allowed)."""
        if not history:
            return [], "nothing"
        seat = history[-1].current_player
        if seat is None:
            return [], "over"
        points: list[int] = []
        for i in range(len(history) - 1, 0, -1):
            reason = self.why_final(history[i - 1], history[i], seat)
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
