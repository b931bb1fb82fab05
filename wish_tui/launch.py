"""What the terminal app should open with: the command line's request, as plain data."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Seat:
    """One seat of a new game: its name (a Djinn, an element, a colour) and who plays it."""

    name: str
    who: str

    @property
    def djinn(self) -> str:
        """The seat's name (Wish calls its seats Djinns)."""
        return self.name


@dataclass(frozen=True)
class Launch:
    """What the terminal app should open with."""

    screen: str = "title"
    """'title', 'new-game', 'game', 'learn' (a guided first game), 'continue', 'load' or
    'replay'."""
    seats: tuple[Seat, ...] = ()
    seed: int | None = None
    solo: str = ""
    path: str = ""
    game: str | None = None
    """The game of a new game (a name in `wish_tui.games`; None: the registry's default, or on
    the new-game screen the game it last started)."""
    options: dict = field(default_factory=dict)
    """The new game's setup options in their normal form."""
    lesson: int = 1
    """Which lesson 'learn' starts: 1 the first game, 2, 3, … those of Learn more."""
