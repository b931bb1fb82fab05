"""Leaving a table: saving it under a name, and the ways out the quit window offers.

A part the table screen composes (`TableScreen.leaving`), kept in its own file: it asks the
table to save, says the saved name, and ends the app with the sentence that says how to come back.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from wish_tui.tables.seat import Refused

from .choice_screen import ChoiceScreen
from .final_scoring import GAME_OVER_EXIT


class TableLeaving:
    """Saving and leaving the table a screen sits at."""

    def __init__(self, screen) -> None:
        self.screen = screen
        """The table screen (a `TableScreen`): its table, app and refusals."""

    def save(self) -> Path | None:
        """Save the game under a new name; return its file (None, said, when it cannot be)."""
        screen = self.screen
        names = "-".join(s.name for s in screen.table.seats)
        name = f"{screen.spec.name}-{names}-{datetime.now():%Y%m%d-%H%M%S}"
        try:
            return screen.table.save(name)
        except Refused as exc:
            screen.refuse(str(exc))
            return None

    def ask(self) -> None:
        """Open the window of the ways to leave; the one chosen is done."""
        options = self.options()

        def answered(index: int | None) -> None:
            if index is not None:
                options[index][1]()

        title = "Leave the table?" if self.app_has_lobby() else "Quit the game?"
        self.screen.app.push_screen(ChoiceScreen(title, [label for label, _ in options]), answered)

    def app_has_lobby(self) -> bool:
        """True in the app of a session of `wish-tui serve` (its lobby lists the tables)."""
        return bool(getattr(self.screen.app, "has_lobby", False))

    def options(self) -> list[tuple[str, object]]:
        """The ways to leave the table now, each a label and what it does."""
        app, table = self.screen.app, self.screen.table
        options: list[tuple[str, object]] = []
        if self.app_has_lobby():
            options.append(("Back to the tables (your seat stays yours)", app.show_lobby))
        if not table.can_save:
            options.append(("Quit", app.exit))
        elif table.is_over:
            options.append(
                ("Quit (the finished game stays in the history: Load, r replays it)", self.quit)
            )
        else:
            options.append(("Save and quit", self.save_and_quit))
            options.append(("Quit (the autosave keeps this game for 'continue')", self.quit))
        return options

    def save_and_quit(self) -> None:
        """Save the game under a new name and quit, saying the name on the way out."""
        path = self.save()
        if path is not None:
            self.screen.app.exit(
                message=f"Saved as '{path.stem}': 'wish-tui load {path.stem}' opens it again."
            )

    def quit(self) -> None:
        """Quit the app, saying how the game can be found again."""
        if self.screen.table.is_over:
            self.screen.app.exit(message=GAME_OVER_EXIT)
        else:
            self.screen.app.exit(message="The game is autosaved: 'wish-tui continue' resumes it.")
