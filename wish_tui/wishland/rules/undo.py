"""What may be undone: Board Game Arena's undo policy, decided by the rules, not the screen.

A seat may take back its own decisions within its own turn (or its own Turn Order choice with
the reward it asked for), back to any earlier point, as long as nothing between that point and
now

- revealed hidden information: no card came off a Deck (a solo draw, Hotel #8's bonus card, a
  Marketplace refill), no seeded chance was used (the generator moved: shuffles, the tile of
  Entrepreneur #3), and no Entrepreneur was revealed;
- involved another seat's decision, because that seat has already acted on what it saw;
- ended the turn (the next turn, the next Turn Order choice or the next phase began).

The undo walk over a history (`undo_target`, `why_no_undo`, `undo_points`) is core's
(`wish_tui.core.state`), with the policy below.
"""

from __future__ import annotations

from wish_tui.core.undo import UndoPolicy

__all__ = ["POLICY"]

_GROUP = {"setup": "setup", "order": "round", "income": "round", "turns": "turns"}
"""Choosing Turn Order and the Income Phase that follows it at once are one stretch of play."""


def _unit(state) -> tuple:
    """Which seat's stretch of play a state belongs to."""
    return (_GROUP.get(state.phase, state.phase), state.round, state.turn, state.current_player)


def _same_turn(a, b) -> bool:
    return _unit(a) == _unit(b)


def _blocker(before, after, seat: int) -> str:
    """What the step from `before` to `after` revealed, so that it cannot be taken back."""
    if before.rng != after.rng:
        return "cards have been shuffled or drawn at random since then"
    if [len(d) for d in before.decks] != [len(d) for d in after.decks]:
        return "a card has been drawn from a Deck since then"
    if before.tile_box != after.tile_box:
        return "an Achievement Tile has been drawn since then"
    return ""


POLICY = UndoPolicy(_same_turn, _blocker)
"""The game's undo rules, which its State names (`StateParts.undo`) and core's undo walk reads."""
