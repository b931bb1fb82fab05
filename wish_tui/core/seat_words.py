"""How a game's sentences name a seat, for every game's words alike."""

from __future__ import annotations


def seat_label(title: str, seat: int, viewer: int | None, seats: int) -> str:
    """A seat's name in sentences: '(you)' follows the reader's own when others play too."""
    return f"{title} (you)" if seat == viewer and seats > 1 else title
