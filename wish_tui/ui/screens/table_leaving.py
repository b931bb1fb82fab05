"""The table screen's ways out: saving under a name, leaving or quitting, and the final scoring
once the game is over (or as it would stand now).

One object the `TableScreen` composes (`screen.leaving`); it asks the table what it can do
(`can_save`, `is_over`) and the app whether it has a lobby to go back to.
"""

from __future__ import annotations

from pathlib import Path

from wish_tui.core.ranking import result_lines
from wish_tui.tables.seat import Refused
from wish_tui.widgets.game_log import GameLog

from .choice_screen import ChoiceScreen
from .final_scoring import GAME_OVER_EXIT, FinalScoringScreen


class TableLeaving:
    """Save, quit and the final scoring of a `TableScreen`."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.seed_told = False
        """True once the log said the finished game's seed."""

    def score_now(self) -> None:
        """The final scoring as it would stand if the game ended now, step by step (what this
        seat may know of it: others' secrets are left out and marked)."""
        screen = self.screen
        if screen.table.is_over:
            self.show_game_over(again=True)
            return
        view = screen.view()
        projection = view.get("projection")
        if projection is None:
            return
        window = screen.game_over_screen({**view, "scores": projection}, None, None)
        window.projected = True
        self._open(window)

    def save_as_named(self) -> None:
        """Save the game under a name, saying it."""
        path = self.save()
        if path is not None:
            self.screen.toast(f"Saved as {path.stem}.")

    def save(self) -> Path | None:
        """Save the game under a new name; return its file (None, said, when it cannot be)."""
        from datetime import datetime

        screen = self.screen
        names = "-".join(s.name for s in screen.table.seats)
        name = f"{screen.spec.name}-{names}-{datetime.now():%Y%m%d-%H%M%S}"
        try:
            return screen.table.save(name)
        except Refused as exc:
            screen.refuse(str(exc))
            return None

    def ask_to_leave(self) -> None:
        """Leave the table: back to the server's tables, save and quit, or quit."""
        options = self.options()

        def answered(index: int | None) -> None:
            if index is not None:
                options[index][1]()

        app = self.screen.app
        title = "Leave the table?" if app.has_lobby else "Quit the game?"
        app.push_screen(ChoiceScreen(title, [label for label, _ in options]), answered)

    def options(self) -> list[tuple[str, object]]:
        """The ways to leave the table now, each a label and what it does."""
        app, table = self.screen.app, self.screen.table
        options: list[tuple[str, object]] = []
        if app.has_lobby:  # (a seat is kept only in a game going on, where one can resign)
            kept = " (your seat stays yours)" if table.can_resign else ""
            options.append((f"Back to the tables{kept}", app.show_lobby))
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
        """Quit the app, saying how the game is found again."""
        if self.screen.table.is_over:
            self.screen.app.exit(message=GAME_OVER_EXIT)
        else:
            self.screen.app.exit(message="The game is autosaved: 'wish-tui continue' resumes it.")

    def show_game_over(self, again: bool = False) -> None:
        """Open the final scoring window: once when the game ends, then when asked (Enter)."""
        screen = self.screen
        app, table = screen.app, screen.table
        seed = table.seed
        if not self.seed_told:
            # The deal is no secret any more: the seed lets the game be dealt again.
            self.seed_told = True
            if seed is not None:
                screen.query_one(GameLog).write(f"— The game is over. Its seed was {seed}.")
        elif not again:
            return  # shown already; Esc closed it to look at the table
        if self.scoring_shown():
            return
        screen.toasts.clear()  # no earlier word may cover the final scoring
        view = screen.view()
        if "scores" not in view:  # a server's game whose end is not kept yet: as it stands
            view = {**view, "scores": view["projection"]}
        window = screen.game_over_screen(view, seed, app.keep_solo_score(table, view))
        # At a server, the scores are those the club settled: a given-up seat is last, an
        # aborted game has no ranking; say so under the verdict.
        window.notes = tuple(result_lines(view["scores"], [s.named for s in table.seats]))
        self._open(window)

    def scoring_shown(self) -> bool:
        """True while a final scoring window is open over the table."""
        return any(isinstance(shown, FinalScoringScreen) for shown in self.screen.app.screen_stack)

    def _open(self, window: FinalScoringScreen) -> None:
        """Open a final scoring window over the table it scores; the status line under it
        says so while it is open (it said that Enter shows it)."""
        screen = self.screen
        window.table = screen.table
        window.online = screen.app.has_lobby

        def closed(_result: None) -> None:
            if screen.is_mounted:
                screen.status_line.show()

        screen.app.push_screen(window, closed)
        screen.status_line.show()
