"""The base every game's State stands on: the rules' front door, equality and the undo walk.

Shaped like OpenSpiel's Python games, where a game supplies only ``_legal_actions`` and
``_apply_action`` and the base keeps the contract: here `apply` checks who may act and whether
the action is legal before any effect runs (boardgame.io's reducer), answers a refusal with the
game's `IllegalAction` and its one sentence, and returns a new State, the old one untouched.

A game's State subclasses `BaseState`, names its rule modules in one `StateParts`, and
supplies two methods:

    _legal_actions()          every legal action now (called once per position, then cached)
    _apply_action(action)     the effects of a legal action on a fresh copy (`_successor`)

`undo_points`, `undo_target` and `why_no_undo` below walk any game's history with the undo
policy of the State that ends it; each rules package exposes them as its own. A *history* is the
states of a game in order, ``history[0]`` the oldest kept and ``history[-1]`` the current one,
each the result of one action on the one before (as ``GameRecord`` and the engine keep them); the
walk answers with an index into that list:

    target = undo_target(history)          # one decision back, or None
    if target is None:
        notify(why_no_undo(history))       # one sentence
    else:
        history = history[: target + 1]    # and drop as many actions from the record

``undo_points(history)`` lists every state the current seat may go back to, the most recent first.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType
from typing import ClassVar

from .illegal import IllegalAction
from .undo import UndoPolicy

__all__ = [
    "BaseState",
    "StateParts",
    "shared_parts",
    "undo_points",
    "undo_target",
    "views_kept",
    "views_shared",
    "why_no_undo",
]

_KEPT: dict[int, tuple[BaseState, dict]] = {}
"""The states whose views are kept while `views_kept` runs, by id, each with its views by seat
(the state is held, so its id stays its own)."""


@contextmanager
def views_kept(*states: BaseState, known: dict | None = None) -> Iterator[None]:
    """While it runs, each view of `states` is made once and the same dict handed to every
    caller (read it, never change it): a table's action, whose log's words and table message
    read the same views of the positions before and after it.

    Args:
        known: views of the first of `states` made before, by seat (`state.view(seat)` of that
            very state: the view its table message showed), handed out instead of made again.
    """
    added = [st for st in states if id(st) not in _KEPT]
    for st in added:
        _KEPT[id(st)] = (st, dict(known or {}) if st is states[0] else {})
    try:
        yield
    finally:
        for st in added:
            _KEPT.pop(id(st), None)


_SHARED: dict[int, tuple[BaseState, dict]] = {}
"""The states whose views may share their parts while `views_shared` runs, by id, each with
the parts made so far (the state is held, so its id stays its own)."""


@contextmanager
def views_shared(state: BaseState, parts: dict) -> Iterator[None]:
    """While it runs, the views of `state` made share what is the same for every seat (a game's
    views module keeps it in `parts`, `shared_parts`): a caller that reads the views only, never
    changing them, and keeps `parts` for the position (a table's master, which makes each seat's
    view of a position: Wish's twelve Areas are made once, not once a seat)."""
    key = id(state)
    before = _SHARED.get(key)
    _SHARED[key] = (state, parts)
    try:
        yield
    finally:
        if before is None:
            _SHARED.pop(key, None)
        else:
            _SHARED[key] = before


def shared_parts(state: BaseState) -> dict | None:
    """Where the views of `state` keep the parts they share between seats while `views_shared`
    runs (a game's views module: made once, then handed to each view); None: each view makes
    its own, and its caller owns every part of it."""
    shared = _SHARED.get(id(state)) if _SHARED else None
    return None if shared is None else shared[1]


@dataclass(frozen=True)
class StateParts:
    """The modules of a game's rules that its State answers with."""

    game: str
    """The game's name, as a state's repr shows it."""
    illegal: type[IllegalAction]
    """The game's refusal, raised by the front door."""
    undo: UndoPolicy
    """What the game lets a seat take back (see `wish_tui.core.undo`)."""
    explain: ModuleType
    """wrong_seat(st, seat) and why_illegal(st, action): the sentences of a refusal."""
    views: ModuleType
    """view(st, seat): what a seat (None: anyone) may see."""
    scoring: ModuleType
    """final_scores(st): the final scoring."""
    serial: ModuleType
    """to_dict(st) and from_dict(cls, data): the state as JSON-safe data, and back."""


class BaseState:
    """A position of a game. Treat it as immutable: `apply` returns a new State."""

    __slots__ = ()

    PARTS: ClassVar[StateParts]
    """The game's rule modules."""

    _legal: list | None
    """The legal actions of this position once asked for (every game declares the slot)."""
    phase: str
    seats: tuple[str, ...]
    _buf: tuple

    # -- what the game supplies ------------------------------------------------------------
    def _legal_actions(self) -> list:
        raise NotImplementedError

    def _apply_action(self, action) -> None:
        raise NotImplementedError

    def _successor(self):
        """A copy of this state, ready to take the effects of one action."""
        return self.copy()

    def _as_action(self, action):
        """`action` as the game's Action, or the game's refusal (any value passes by default)."""
        return action

    # -- who decides now -------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat that must decide now (not always the seat whose turn it is), or None once
        the game is over."""
        if self.phase == "over":
            return None
        if self.pending:
            return self.pending[0][1]
        return self._turn_player()

    def _turn_player(self) -> int:
        """The seat deciding when no decision is pending."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        """True once the final scoring has happened."""
        return self.phase == "over"

    @property
    def num_seats(self) -> int:
        """How many seats play (1 in a solo game)."""
        return len(self.seats)

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
            raise self.PARTS.illegal(self.PARTS.explain.wrong_seat(self, seat))
        action = self._as_action(action)
        if action not in self._legal_now():
            raise self.PARTS.illegal(self.PARTS.explain.why_illegal(self, action))
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
        return self.PARTS.explain.why_illegal(self, action)

    # -- building blocks for the rule modules ----------------------------------------------
    @classmethod
    def made(cls, **fields):
        """A State with `fields` set and its legal actions not known yet: the start of a setup,
        or of a save being read, whose code sets the other fields."""
        st = cls.__new__(cls)
        st._legal = None
        for name, value in fields.items():
            setattr(st, name, value)
        return st

    def push(self, *steps: tuple) -> None:
        """Queue steps to resolve before anything already pending, in the order given (a game
        that queues steps declares the `_buf` slot, a tuple)."""
        self._buf += steps

    def flush(self) -> None:
        """Put the queued steps in front of the pending ones."""
        if self._buf:
            self.pending[0:0] = self._buf
            self._buf = ()

    # -- what may each seat see ------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        """Return what `seat` may see, as JSON-safe data (None: `public_view`)."""
        kept = _KEPT.get(id(self)) if _KEPT else None
        if kept is None:
            return self.PARTS.views.view(self, seat)
        views = kept[1]
        if seat not in views:
            views[seat] = self.PARTS.views.view(self, seat)
        return views[seat]

    def public_view(self) -> dict:
        """Return what anyone at the table may see (a spectator), as JSON-safe data: every
        seat's public pieces and counts, nothing any one seat keeps hidden."""
        return self.PARTS.views.view(self, None)

    def final_scores(self) -> dict:
        """The final scoring: every step per seat, the totals and the ranking."""
        return self.PARTS.scoring.final_scores(self)

    # -- serialisation -----------------------------------------------------------------------
    def to_dict(self) -> dict:
        """Return the whole state as JSON-safe data (hidden information included)."""
        return self.PARTS.serial.to_dict(self)

    @classmethod
    def from_dict(cls, data: dict):
        """Rebuild a state from `to_dict` output, validating it.

        Raises:
            ValueError: the data is not a consistent state of this game.
        """
        return cls.PARTS.serial.from_dict(cls, data)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    pending: list

    def copy(self):
        raise NotImplementedError


def undo_points(history: Sequence[BaseState]) -> list[int]:
    """Every index of `history` (oldest first, current last) the current seat may go back to,
    the most recent first."""
    return history[-1].PARTS.undo.undo_points(history) if history else []


def undo_target(history: Sequence[BaseState]) -> int | None:
    """The index of the state one decision back, or None when undo is not allowed now."""
    return history[-1].PARTS.undo.undo_target(history) if history else None


def why_no_undo(history: Sequence[BaseState]) -> str:
    """One sentence on why the current seat cannot undo now ('' when it can)."""
    if not history:
        return "Nothing can be undone: you have made no decision yet this turn."
    return history[-1].PARTS.undo.why_no_undo(history)
