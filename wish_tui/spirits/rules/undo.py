"""What may be undone: the acting seat's own decisions within its own turn, as long as nothing
hidden was revealed and no other seat decided since.

The functions read a *history*: the states of the game in order, ``history[0]`` the oldest kept
and ``history[-1]`` the current one, each the result of one action on the one before. They answer
with an index into that list:

    target = undo_target(history)          # one decision back, or None
    if target is None:
        notify(why_no_undo(history))       # one sentence
    else:
        history = history[: target + 1]

A step cannot be taken back when, between that point and now,

- the turn passed to another seat (or the game ended, or setup ended and the kept cards were
  revealed);
- another seat decided;
- something hidden was revealed: a Favor token came off the forest into the seat's hand, a solo
  tile was turned face up or a forest token revealed, or the seeded generator moved.

During setup a seat may take back its Wish keep before it keeps its Hex.
"""

from __future__ import annotations

__all__ = ["undo_points", "undo_target", "why_no_undo"]


def _same_turn(a, b) -> bool:
    return a.phase == b.phase and a.turn_no == b.turn_no


def _blocker(before, after, seat: int) -> str:
    """Why the step from `before` to `after` cannot be taken back by `seat` ('' when it can)."""
    if not _same_turn(before, after):
        return "that was in an earlier turn"
    if before.current_player != seat:
        return f"{before.seats[before.current_player].capitalize()} decided since then"
    if before.marks != after.marks:
        return "you have seen a Favor token since then"
    if before.solo and (before.lo != after.lo or before.hi != after.hi):
        return "a tile has been turned face up since then"
    if before.rng != after.rng:
        return "something hidden has been revealed since then"
    return ""


def _scan(history) -> tuple[list[int], str]:
    """Return (undo points, most recent first; why no earlier point is allowed)."""
    if not history:
        return [], "nothing"
    now = history[-1]
    seat = now.current_player
    if seat is None:
        return [], "over"
    points: list[int] = []
    for i in range(len(history) - 1, 0, -1):
        reason = _blocker(history[i - 1], history[i], seat)
        if reason:
            if not points and not _decided_this_turn(history, i, seat):
                return points, "nothing"
            return points, reason
        points.append(i - 1)
    return points, "nothing"


def _decided_this_turn(history, i: int, seat: int) -> bool:
    """True when `seat` made a decision in the current turn before history[i]."""
    now = history[-1]
    for j in range(i - 1, -1, -1):
        if not _same_turn(history[j], now):
            return False
        if history[j].current_player == seat:
            return True
    return False


def undo_points(history) -> list[int]:
    """Every index of `history` the current seat may go back to, the most recent first."""
    return _scan(history)[0]


def undo_target(history) -> int | None:
    """The index of the state one decision back, or None when undo is not allowed now."""
    points = undo_points(history)
    return points[0] if points else None


def why_no_undo(history) -> str:
    """One sentence on why the current seat cannot undo now ('' when it can)."""
    points, reason = _scan(history)
    if points:
        return ""
    if reason == "over":
        return "Nothing can be undone: the game is over."
    if reason == "nothing":
        return "Nothing can be undone: you have made no decision yet this turn."
    return f"You cannot undo your last decision: {reason}."
