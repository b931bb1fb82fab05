"""What every game's final scoring window shares: its keys.

Esc goes back to the table to look at the final position (Enter there opens the window again),
`n` sets up a new game (a new table at a server), `q` leaves: the app, or at a server's table,
back to the server's tables.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.screen import ModalScreen


class FinalScoringScreen(ModalScreen[None]):
    """Base of a game's final scoring window."""

    GAME: str | None = None
    """The game a new game is set up for (the registry's name)."""
    BINDINGS = [
        Binding("escape", "back", "The table"),
        Binding("n", "new_game", "New game"),
        Binding("q", "leave", "Leave"),
    ]

    @property
    def online(self) -> bool:
        """True in the app of a session of `wish-tui serve`."""
        return getattr(self.app, "connection", None) is not None

    def action_back(self) -> None:
        """Look at the final position."""
        self.dismiss()

    def action_new_game(self) -> None:
        """Set up a new game (a new table when playing at a server)."""
        self.app.show_new_game(game=self.GAME, online=self.online)

    def action_leave(self) -> None:
        """Leave the app, or at a server's table go back to its tables."""
        if self.online:
            self.app.show_lobby()
        else:
            self.app.exit()
