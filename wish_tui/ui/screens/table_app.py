"""What a table screen and its windows ask of the app they run in, each answer declared with its
default: the app of a session of `wish-tui serve` (`ui.app.WishApp`) overrides what it does."""

from __future__ import annotations

from textual.app import App


class TableApp(App):
    """An app that shows tables: its bell, its lobby, its server's table and its best scores."""

    connection = None
    """The line to a table server (`wish_tui.tables.remote.Connection`); None: no server."""
    remote_table = None
    """The server's table this person sits at, on the screen (None elsewhere)."""

    @property
    def has_lobby(self) -> bool:
        """True in the app of a session of `wish-tui serve`: its lobby lists the tables."""
        return self.connection is not None

    @property
    def bell_on(self) -> bool:
        """True when the terminal's bell rings as a decision becomes the person's."""
        return True

    def set_bell(self, on: bool) -> None:
        """Ring the bell for decisions, or not."""

    def show_lobby(self, lobby: dict | None = None) -> None:
        """Show the server's tables (an app without a lobby has none to show)."""

    def keep_solo_score(self, table, view: dict):
        """Keep a finished solo game's score; return how it compares (None: no best scores)."""
        return None

    def best_solo_score(self, table, view: dict) -> int | None:
        """The best score kept for the setup of a solo game in progress (None: none)."""
        return None
