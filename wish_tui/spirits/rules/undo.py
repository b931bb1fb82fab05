"""What may be undone: the acting seat's own decisions within its own turn, as long as nothing
hidden was revealed and no other seat decided since.

The undo walk over a history (`undo_target`, `why_no_undo`, `undo_points`) is core's
(`wish_tui.core.state`), with the policy below.

A step cannot be taken back when, between that point and now,

- the turn passed to another seat (or the game ended, or setup ended and the kept cards were
  revealed);
- another seat decided;
- something hidden was revealed: a Favor token came off the forest into the seat's hand, a solo
  tile was turned face up or a forest token revealed, or the seeded generator moved.

During setup a seat may take back its Wish keep before it keeps its Hex.
"""

from __future__ import annotations

from wish_tui.core.undo import UndoPolicy

__all__ = ["POLICY"]


def _same_turn(a, b) -> bool:
    return a.phase == b.phase and a.turn_no == b.turn_no


def _blocker(before, after, seat: int) -> str:
    """What the step from `before` to `after` revealed, so that it cannot be taken back."""
    if before.marks != after.marks:
        return "you have seen a Favor token since then"
    if before.solo and (before.lo != after.lo or before.hi != after.hi):
        return "a tile has been turned face up since then"
    if before.rng != after.rng:
        return "something hidden has been revealed since then"
    return ""


POLICY = UndoPolicy(_same_turn, _blocker)
"""The game's undo rules, which its State names (`StateParts.undo`) and core's undo walk reads."""
