"""How a game's sentences name a seat, for every game's words alike."""

from __future__ import annotations


def seat_label(title: str, seat: int, viewer: int | None, seats: int) -> str:
    """A seat's name in sentences: '(you)' follows the reader's own when others play too."""
    return f"{title} (you)" if seat == viewer and seats > 1 else title


def seat_titles(names: tuple[str, ...]) -> dict[str, str]:
    """Each seat name as shown, e.g. {'air': 'Air'} (as `Game.seat_title` shows it)."""
    return {name: name.capitalize() for name in names}


def seat_letters(names: tuple[str, ...]) -> dict[str, str]:
    """Each seat name's letter, its first in upper case, e.g. {'air': 'A'}; the seats of every
    game start with different letters."""
    letters = {name: name[0].upper() for name in names}
    if len(set(letters.values())) != len(names):
        raise ValueError(f"two seats of {', '.join(names)} start with the same letter")
    return letters
