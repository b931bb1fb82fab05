"""The seat names a new game is given, checked alike in every game's setup."""

from __future__ import annotations

from .excerpt import excerpt


def check_seat_names(names: tuple, allowed: tuple[str, ...], what: str, each: str) -> None:
    """Refuse a name that is not one of `allowed`, or one named twice, in one sentence.

    Args:
        names: the seat names given, in seat order.
        allowed: the names a seat may take.
        what: a seat name in the refusal of an unknown one, e.g. 'a Djinn'.
        each: a seat name in the refusal of one named twice, e.g. 'Djinn'.

    Raises:
        ValueError: '<name> is not <what>; choose from …' or 'Each <each> can be played by one
            seat only.'
    """
    for name in names:
        if name not in allowed:
            raise ValueError(f"{excerpt(name)} is not {what}; choose from {', '.join(allowed)}.")
    if len(set(names)) != len(names):
        raise ValueError(f"Each {each} can be played by one seat only.")
