"""What may be undone: Board Game Arena's undo policy, decided by the rules, not the screen.

A seat may take back its own decisions within its own turn (or its own Turn Order choice with
the reward it asked for), back to any earlier point, as long as nothing between that point and
now

- revealed hidden information: no card came off a Deck (a solo draw, Hotel #8's bonus card, a
  Marketplace refill), no seeded chance was used (the generator moved: shuffles, the tile of
  Entrepreneur #3), and no Entrepreneur was revealed;
- involved another seat's decision, because that seat has already acted on what it saw;
- ended the turn (the next turn, the next Turn Order choice or the next phase began).

The functions read a *history*: the states of the game in order, ``history[0]`` the oldest kept
and ``history[-1]`` the current one, each the result of one action on the one before. They answer
with an index into that list:

    target = undo_target(history)          # one decision back, or None
    if target is None:
        notify(why_no_undo(history))       # one sentence
    else:
        history = history[: target + 1]    # and drop as many actions from the record

``undo_points(history)`` lists every state the current seat may go back to, the most recent first.
"""

from __future__ import annotations

__all__ = ["undo_points", "undo_target", "why_no_undo"]

_GROUP = {"setup": "setup", "order": "round", "income": "round", "turns": "turns"}
"""Choosing Turn Order and the Income Phase that follows it at once are one stretch of play."""


def _unit(state) -> tuple:
    """Which seat's stretch of play a state belongs to."""
    return (_GROUP.get(state.phase, state.phase), state.round, state.turn, state.current_player)


def _blocker(before, after, seat: int) -> str:
    """Why the step from `before` to `after` cannot be taken back by `seat` ('' when it can)."""
    if _unit(before) != _unit(after):
        return "that was in an earlier turn"
    if before.current_player != seat:
        return f"{before.seats[before.current_player].capitalize()} decided since then"
    if before.rng != after.rng:
        return "cards have been shuffled or drawn at random since then"
    if [len(d) for d in before.decks] != [len(d) for d in after.decks]:
        return "a card has been drawn from a Deck since then"
    if before.tile_box != after.tile_box:
        return "an Achievement Tile has been drawn since then"
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
            if not points and not _decided_here(history, i, seat):
                return points, "nothing"
            return points, reason
        points.append(i - 1)
    return points, "nothing"


def _decided_here(history, i: int, seat: int) -> bool:
    """True when `seat` made a decision in the current stretch of play before history[i]."""
    now = _unit(history[-1])
    for j in range(i - 1, -1, -1):
        if _unit(history[j]) != now:
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
