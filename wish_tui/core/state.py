"""The base every game's State stands on: the rules' front door, equality and the undo walk.

Shaped like OpenSpiel's Python games, where a game supplies only ``_legal_actions`` and
``_apply_action`` and the base keeps the contract: here `apply` checks who may act and whether
the action is legal before any effect runs (boardgame.io's reducer), answers a refusal with the
game's `IllegalAction` and its one sentence, and returns a new State, the old one untouched.

A game's State subclasses `BaseState` and supplies, as methods or module functions named in its
class body:

    _legal_actions()          every legal action now (called once per position, then cached)
    _apply_action(action)     the effects of a legal action on a fresh copy (`_successor`)
    _wrong_seat(seat)         the sentence refusing a seat that does not decide now
    _why_illegal(action)      the sentence refusing an action that is not legal now
    _view(seat), _final_scores(), _to_dict(), _from_dict(cls, data)

and the class attributes `GAME` (its name), `ILLEGAL` (its IllegalAction) and `UNDO` (its
`UndoPolicy`). `undo_points`, `undo_target` and `why_no_undo` below walk any game's history with
the policy of the State that ends it; each rules package exposes them as its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from .illegal import IllegalAction
from .undo import UndoPolicy

__all__ = ["BaseState", "undo_points", "undo_target", "why_no_undo"]


class BaseState:
    """A position of a game. Treat it as immutable: `apply` returns a new State."""

    __slots__ = ()

    GAME: ClassVar[str] = ""
    """The game's name, as a state's repr shows it."""
    ILLEGAL: ClassVar[type[IllegalAction]] = IllegalAction
    """The game's refusal, raised by the front door."""
    UNDO: ClassVar[UndoPolicy]
    """What the game lets a seat take back (see `wish_tui.core.undo`)."""

    _legal: list | None
    """The legal actions of this position once asked for (every game declares the slot)."""
    phase: str

    # -- what the game supplies ------------------------------------------------------------
    def _legal_actions(self) -> list:
        raise NotImplementedError

    def _apply_action(self, action) -> None:
        raise NotImplementedError

    def _wrong_seat(self, seat) -> str:
        raise NotImplementedError

    def _why_illegal(self, action) -> str:
        raise NotImplementedError

    def _successor(self):
        """A copy of this state, ready to take the effects of one action."""
        return self.copy()

    def _as_action(self, action):
        """`action` as the game's Action, or the game's refusal (any value passes by default)."""
        return action

    # -- who decides now -------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True once the final scoring has happened."""
        return self.phase == "over"

    # -- what may they do ------------------------------------------------------------------
    def _legal_now(self) -> list:
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.phase == "over" else self._legal_actions()
        return legal

    def legal_actions(self) -> list:
        """Every legal action of the current seat, in a deterministic order ([] once over)."""
        return self._legal_now()

    # -- what happens if they do it: the front door ----------------------------------------
    def apply(self, action, seat: int | None = None):
        """Return the state after `action` by the current seat; this state is never changed.

        Args:
            action: one of `legal_actions()`.
            seat: when given, the seat that means to act; refused unless it decides now.

        Raises:
            IllegalAction: the game's; the action is not legal now, or `seat` does not decide
                now; the message names the rule.
        """
        if seat is not None and seat != self.current_player:
            raise self.ILLEGAL(self._wrong_seat(seat))
        action = self._as_action(action)
        if action not in self._legal_now():
            raise self.ILLEGAL(self._why_illegal(action))
        new = self._successor()
        new._apply_action(action)
        return new

    def why_illegal(self, action) -> str:
        """One sentence on why `action` is refused now ('' when it is legal)."""
        try:
            action = self._as_action(action)
        except IllegalAction as exc:
            return str(exc)
        if action in self._legal_now():
            return ""
        return self._why_illegal(action)

    # -- what may each seat see ------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        """Return what `seat` may see, as JSON-safe data (None: `public_view`)."""
        return self._view(seat)

    def public_view(self) -> dict:
        """Return what anyone at the table may see (a spectator), as JSON-safe data: every
        seat's public pieces and counts, nothing any one seat keeps hidden."""
        return self._view(None)

    def final_scores(self) -> dict:
        """The final scoring: every step per seat, the totals and the ranking."""
        return self._final_scores()

    # -- serialisation -----------------------------------------------------------------------
    def to_dict(self) -> dict:
        """Return the whole state as JSON-safe data (hidden information included)."""
        return self._to_dict()

    @classmethod
    def from_dict(cls, data: dict):
        """Rebuild a state from `to_dict` output, validating it.

        Raises:
            ValueError: the data is not a consistent state of this game.
        """
        return cls._from_dict(cls, data)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    # Declared for type checkers; each game names its functions in its class body.
    _view: Any
    _final_scores: Any
    _to_dict: Any
    _from_dict: Any
    current_player: Any

    def copy(self):
        raise NotImplementedError


def undo_points(history: Sequence[BaseState]) -> list[int]:
    """Every index of `history` (oldest first, current last) the current seat may go back to,
    the most recent first."""
    return history[-1].UNDO.undo_points(history) if history else []


def undo_target(history: Sequence[BaseState]) -> int | None:
    """The index of the state one decision back, or None when undo is not allowed now."""
    return history[-1].UNDO.undo_target(history) if history else None


def why_no_undo(history: Sequence[BaseState]) -> str:
    """One sentence on why the current seat cannot undo now ('' when it can)."""
    if not history:
        return "Nothing can be undone: you have made no decision yet this turn."
    return history[-1].UNDO.why_no_undo(history)
