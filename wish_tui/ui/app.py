"""The app shell: screens, the too-small-terminal guard, and starting or resuming games."""

from __future__ import annotations

import sys

from textual.app import App
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Label

from wish_tui.cli import Launch

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(ModalScreen[None]):
    """Shown while the terminal is smaller than the game needs."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen Label { width: 100%; content-align: center middle; text-style: bold; }
    """

    def compose(self):
        yield Label(
            f"The terminal is too small: Wish needs at least {MIN_WIDTH}×{MIN_HEIGHT}. "
            "Please enlarge the window."
        )


class WishApp(App):
    """wish_tui: the board game Wish in the terminal."""

    CSS_PATH = "app.tcss"
    TITLE = "Wish"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False)]
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, launch: Launch | None = None, loaded=None) -> None:
        super().__init__()
        self.launch = launch or Launch()
        self.loaded = loaded
        """(record, state, warning) of a save opened from the command line."""

    def on_mount(self) -> None:
        launch = self.launch
        if self.loaded is not None:
            record, state, warning = self.loaded
            if launch.screen == "replay":
                self.show_replay(record)
            else:
                self.open_game(record, state, warning)
        elif launch.screen == "game":
            seats = [{"djinn": s.djinn, "who": s.who} for s in launch.seats]
            self.start_game(seats, launch.seed, launch.solo)
        elif launch.screen == "new-game":
            self.show_new_game(launch.seed)
        else:
            self.show_title()
        self.call_after_refresh(self._check_size)
        # Screens pushed later (a curtain, a choice) must not cover the too-small notice.
        self.set_interval(0.5, self._check_size)

    # -- the terminal's size -------------------------------------------------------------------
    def on_resize(self) -> None:
        self._check_size()

    def _check_size(self) -> None:
        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        if small and not isinstance(self.screen, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif not small:
            while isinstance(self.screen, TooSmallScreen):
                self.pop_screen()

    # -- screens -----------------------------------------------------------------------------------
    def _replace_all(self, screen) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)

    def show_title(self) -> None:
        """The title screen."""
        from .title import TitleScreen

        self._replace_all(TitleScreen())

    def show_new_game(self, seed: int | None = None) -> None:
        """The new-game screen."""
        from .new_game import NewGameScreen

        self._replace_all(NewGameScreen(seed))

    def show_load(self) -> None:
        """The list of saves."""
        from .load import LoadScreen

        self.push_screen(LoadScreen())

    def show_replay(self, record) -> None:
        """Step through a saved game."""
        from .replay import ReplayScreen

        self._replace_all(ReplayScreen(record))

    def start_game(self, seats: list[dict], seed: int | None, solo: str = "") -> None:
        """Set up a new game and show it."""
        import random

        from wish_tui import saves

        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        try:
            record, state = saves.GameRecord.new(seats, seed, solo)
        except ValueError as exc:
            self.notify(str(exc), severity="error")
            return
        self.open_game(record, state, None)

    def open_game(self, record, state, warning: str | None) -> None:
        """Show a game in progress."""
        from wish_tui.wish.ui.game_screen import GameScreen

        self._replace_all(GameScreen(record, state, warning))

    def continue_latest(self) -> None:
        """Resume the most recent save, or say there is none."""
        from wish_tui import saves

        info = saves.latest_save()
        if info is None:
            self.notify("There is no saved game yet: start a new one.", severity="warning")
            return
        self.open_path(str(info.path))

    def open_path(self, path: str) -> None:
        """Open a save file, or say in one sentence why it cannot be opened."""
        from wish_tui import saves

        try:
            record, state, warning = saves.load_game(path)
        except saves.SaveError as exc:
            self.notify(str(exc), severity="error")
            return
        self.open_game(record, state, warning)


def _load_for(launch: Launch):
    """Read the save a command asks for; exit 1 with one sentence when it cannot be read."""
    from wish_tui import saves

    if launch.screen == "continue":
        info = saves.latest_save()
        if info is None:
            sys.stderr.write(
                "wish-tui: there is no saved game to continue yet; start one with 'wish-tui new'.\n"
            )
            raise SystemExit(1)
        target = str(info.path)
    else:
        target = launch.path
    try:
        return saves.load_game(target)
    except saves.SaveError as exc:
        sys.stderr.write(f"wish-tui: {exc}\n")
        raise SystemExit(1) from None


def run_app(launch: Launch) -> int:
    """Start the terminal app for a launch request and return the exit status."""
    loaded = _load_for(launch) if launch.screen in ("continue", "load", "replay") else None
    WishApp(launch, loaded).run()
    return 0
