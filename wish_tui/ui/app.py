"""The app shell: screens, the too-small-terminal guard, and starting or resuming games.

It knows no game by name: new games, saves and replays go through the registry
(`wish_tui.games`), and each game's package supplies its own game screen and board.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys

from textual.binding import Binding

from wish_tui.games import GAMES
from wish_tui.launch import Launch
from wish_tui.no_terminal import why_no_terminal
from wish_tui.ui.screens.table_app import TableApp

from .too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

WELCOME_WAIT = 0.25
"""Seconds a session's app waits for the table server's welcome before its first screen."""


def _remember_for_the_form(launch: Launch) -> None:
    """A game started from the command line is where the new-game form starts next, as a game
    started from the form is (its `n` after the final scoring: the same game again)."""
    from . import preferences

    rows = [(seat.name, seat.who) for seat in launch.seats][:4]
    rows += [("random", "none")] * (4 - len(rows))
    options = {key: list(v) if isinstance(v, tuple) else v for key, v in launch.options.items()}
    preferences.remember_form(GAMES[launch.game or "wish"].name, rows, launch.solo or "", options)


class WishApp(TableApp):
    """wish_tui: board games in the terminal."""

    CSS_PATH = "app.tcss"
    """Rules for every screen; a table's layout is read with its first screen (TABLE_CSS_PATH)."""
    TITLE = "wish_tui"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False)]
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self, launch: Launch | None = None, loaded=None, terminal_fd: int | None = None
    ) -> None:
        from wish_tui.core import environment

        self.terminal_fd = terminal_fd
        """The terminal of an app that shares its process with others (`hosted_driver`)."""
        self.hosted_driver = None
        """Its driver, once it runs."""
        with environment.as_process_environment():  # Textual reads NO_COLOR and TERM here
            super().__init__()
        from wish_tui.widgets.choice_panel import ChoicePanel
        from wish_tui.widgets.detail_line import DetailLine
        from wish_tui.widgets.game_log import GameLog
        from wish_tui.widgets.key_bar import KeyBar
        from wish_tui.widgets.part_tabs import PartTabs
        from wish_tui.widgets.view_text import ViewText

        from .parsed_css import share_parsed_css
        from .terminal.textual_adapter import (
            cache_dispatch_lookups,
            keep_strips_out_of_cycles,
            make_strip_caches_lazily,
        )
        from .terminal.textual_cycles import (
            free_closed_widgets,
            hand_on_arranged_maps,
            hold_component_nodes,
            unlink_dropped_caches,
        )
        from .terminal.textual_layout import offset_content_by_styles, render_lines_plainly
        from .terminal.textual_pump import (
            check_refreshes_in_one_turn,
            dispatch_without_unread_logs,
            draw_frames_without_a_task,
            find_screens_quickly,
            tell_screens_directly,
        )
        from .terminal.textual_size import keep_sizes

        share_parsed_css(self.stylesheet)
        tell_screens_directly()  # a repaint added to the screen's dirty widgets, no message
        check_refreshes_in_one_turn()  # widgets prompted together checked in one callback
        find_screens_quickly()  # a node's screen found through its parents' weak references
        draw_frames_without_a_task()  # a screen's frames on Textual's ticks, without a task
        dispatch_without_unread_logs()  # no devtools' log line a message when none reads it
        cache_dispatch_lookups()  # each message's handlers found once per kind, not every time
        keep_strips_out_of_cycles()
        make_strip_caches_lazily()
        # A closed widget, a cleared cache, a restyled node's component styles: freed at once,
        # not left in reference cycles for the collector.
        free_closed_widgets()
        unlink_dropped_caches()
        hold_component_nodes()
        hand_on_arranged_maps()
        offset_content_by_styles()  # a refresh of some lines skips the scrollbars' gutter
        keep_sizes()  # a widget's size kept with its place in the map, not worked out anew
        # The table's texts, log, key bar, window, detail line and part tabs: their lines as
        # they are.
        render_lines_plainly(ViewText, GameLog, KeyBar, ChoicePanel, DetailLine, PartTabs)
        self.launch = launch or Launch()
        self.loaded = loaded
        """(record, history or state, warning) of a save opened from the command line."""
        from .closing_words import ClosingWords

        self.closing = ClosingWords(self.error_console)
        """What the app says once it has closed (an error it stopped on goes to a report)."""
        self._early: list[dict] | None = None
        """What the table server said before the first screen was up (None: told at once)."""
        self._first_word = asyncio.Event()
        """Set once the table server has said something (its welcome, as a rule)."""
        from wish_tui.tables.messages import ServerMessages

        from .server_screens import ServerScreens
        from .server_words import ServerWords

        self._server_words = ServerWords(self, self._tell_screens)
        """What the table server said, told in order once the screens shown are up."""

        self.remote_table = None
        """The server's table this person sits at, on the screen (None elsewhere)."""
        self.person_name = ""
        """The name this person goes by at the table server ('' elsewhere)."""
        self._bell: bool | None = None
        """The bell's setting, read when first asked (None: not yet)."""
        self.watching = None
        """The screen of the server's table this person watches (None elsewhere)."""
        self.server_messages = ServerMessages(
            ServerScreens(self).handlers(), lambda: self.remote_table
        )
        """What the table server says, routed to the screen or the table it concerns."""

    def get_css_variables(self) -> dict[str, str]:
        """Textual's CSS variables of the theme, one dict for every app of the process."""
        from .parsed_css import shared_variables

        return shared_variables(super().get_css_variables())

    def get_driver_class(self):
        """Textual's driver for this platform; on POSIX terminals, one that writes less; on a
        terminal of its own in a process shared with other apps, one that reads it on the loop."""
        if self.terminal_fd is not None:
            from .terminal.hosted_driver import HostedDriver

            return HostedDriver
        driver = super().get_driver_class()
        if (
            f"{driver.__module__}.{driver.__qualname__}"
            == "textual.drivers.linux_driver.LinuxDriver"
        ):
            from .terminal.driver import CompactDriver

            return CompactDriver
        return driver

    def get_default_screen(self):
        """The title screen when the app starts on it: no blank screen is laid out first."""
        if self.loaded is None and self.launch.screen == "title":
            from .title import TitleScreen

            return TitleScreen()
        welcome = self._early[0] if self._early else {}
        if welcome.get("type") == "welcome" and isinstance(welcome.get("lobby"), dict):
            from .lobby import LobbyScreen

            self._early.pop(0)
            self.person_name = welcome.get("name", "")
            return LobbyScreen(self.person_name, welcome["lobby"])
        return super().get_default_screen()

    async def on_load(self) -> None:
        """A session of `wish-tui serve` says hello before the terminal is even set up: the
        table server's welcome, with the lobby, is then at hand for the first frame."""
        if self.launch.screen == "client" and self.loaded is None:
            self._early = []
            await self._connect()
            # The welcome comes in a few milliseconds: with it the lobby is the first screen
            # laid out, with no blank one before it.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._first_word.wait(), WELCOME_WAIT)

    def on_mount(self) -> None:
        launch = self.launch
        # Tidying the saves folder can wait until the first screen is up.
        self.call_after_refresh(self._remove_stale_temporaries)
        if self.loaded is not None:
            record, history, warning = self.loaded
            if launch.screen == "replay":
                self.show_replay(record, launch.path)
            else:
                self.open_game(record, history, warning)
        elif launch.screen == "game":
            seats = [{"name": s.name, "who": s.who} for s in launch.seats]
            _remember_for_the_form(launch)
            self.start_game(seats, launch.seed, launch.solo, launch.game, launch.options)
        elif launch.screen == "new-game":
            self.show_new_game(launch.seed, launch.game)
        elif launch.screen == "learn":
            if not self.start_lesson(launch.game, launch.lesson):
                self.show_title()
        elif launch.screen == "client":
            self._tell_early()
        elif launch.screen != "title":
            self.show_title()
        self.call_after_refresh(self._check_size)
        # Screens pushed later (a curtain, a choice) must not cover the too-small notice.
        self.screen_change_signal.subscribe(self, self._on_screen_change)
        self.closing.remember_screens(self.screen_stack)

    # -- the terminal's size -------------------------------------------------------------------
    def on_resize(self) -> None:
        self.call_after_refresh(self._check_size)

    def _on_screen_change(self, screen) -> None:
        self.closing.remember_screens(self.screen_stack)
        if not isinstance(screen, TooSmallScreen):
            self.call_after_refresh(self._check_size)

    def _check_size(self) -> None:
        if not self.is_running or not self.screen_stack:
            # Shutting down: the screens go before the interval timer stops (under Pilot, or
            # after a crash, Textual's timers do not skip a tick as they do after `exit`).
            return
        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        if small and not isinstance(self.screen, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif not small:
            while isinstance(self.screen, TooSmallScreen):
                self.pop_screen()

    # -- screens -----------------------------------------------------------------------------------
    def show_alone(self, screen) -> None:
        """Show `screen` alone: every screen above the first is closed first."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)

    def show_title(self) -> None:
        """The title screen (the first screen of the stack, when the app started on it)."""
        from .title import TitleScreen

        if isinstance(self.screen_stack[0], TitleScreen):
            while len(self.screen_stack) > 1:
                self.pop_screen()
        else:
            self.show_alone(TitleScreen())

    def _remove_stale_temporaries(self) -> None:
        from wish_tui import saves

        with contextlib.suppress(OSError):
            saves.remove_stale_temporaries()

    def show_new_game(
        self,
        seed: int | None = None,
        game: str | None = None,
        online: bool = False,
        over_this: bool = False,
    ) -> None:
        """The new-game screen (for `game`); `online`: a new table at the server; `over_this`:
        over the screen shown, to which Esc goes back (the final scoring)."""
        from .new_game import NewGameScreen

        form = NewGameScreen(seed, game, online=online, goes_back=over_this)
        if over_this:
            self.push_screen(form)
        else:
            self.show_alone(form)

    def show_load(self) -> None:
        """The list of saves."""
        from .load import LoadScreen

        self.push_screen(LoadScreen())

    def show_replay(self, record, path: str | None = None, review: bool = False) -> None:
        """Step through a saved game (from `path`), its review under way with `review`."""
        from .replay import ReplayScreen

        self.show_alone(ReplayScreen(record, at_end=review, path=path, review=review))

    def start_game(
        self,
        seats: list[dict],
        seed: int | None,
        solo: str = "",
        game: str | None = None,
        options: dict | None = None,
    ) -> None:
        """Set up a new game and show it."""
        from wish_tui import saves
        from wish_tui.seeds import fresh_seed

        if seed is None:
            seed = fresh_seed()
        try:
            record, state = saves.GameRecord.new(seats, seed, solo, game, options, games=GAMES)
        except ValueError as exc:
            self.notify(str(exc), severity="error")
            return
        self.open_game(record, [state], None)

    def open_game(self, record, history, warning: str | None) -> None:
        """Show a game in progress; `history` is its states so far (or just the position)."""
        from wish_tui.tables.local import LocalTable

        if not isinstance(history, list):
            history = [history]
        screen = record.spec.ui.GameScreen(LocalTable(record, history, games=GAMES), warning)
        self.show_alone(screen)

    def start_lesson(self, game: str | None = None, number: int = 1) -> bool:
        """Start lesson `number` of `game` (the registry's default for None; 1 is its first
        game): the lesson's seeded game against an easy bot, from its opening, autosaved like
        any game. False (said) when the game has no such lesson that can be read."""
        from wish_tui import games, lessons
        from wish_tui.tables.local import LocalTable

        from .lesson import lesson_screen

        try:
            spec = games.get(game)
            lesson = lessons.load(spec, number)
            record, history = lessons.start(lesson, GAMES)
        except (KeyError, lessons.LessonError, ValueError) as exc:
            self.notify(str(exc.args[0]), severity="error")  # a KeyError's is its sentence
            return False
        self.show_alone(lesson_screen(spec, LocalTable(record, history), lesson))
        return True

    def keep_solo_score(self, table, view: dict):
        """Add a finished solo game's score to the best scores of its setup; return how it
        compares (None when the game keeps no best scores, or is held by a server)."""
        spec = table.spec
        record = table.open_record()
        kept = spec.solo_score(view["scores"]) if record is not None and view.get("solo") else None
        if kept is None:
            return None
        from wish_tui import best_scores

        setup, score = kept
        return best_scores.record_score(spec.name, setup, score, record["id"], record["seed"])

    def best_solo_score(self, table, view: dict) -> int | None:
        """The best score kept for the setup of a solo game in progress (None: none yet, or the
        game keeps none, or it is held by a server)."""
        spec = table.spec
        setup = spec.solo_setup(view) if view.get("solo") and table.can_save else None
        if setup is None:
            return None
        from wish_tui import best_scores

        return best_scores.best(spec.name, setup)

    @property
    def bell_on(self) -> bool:
        """True when the terminal's bell rings as a decision becomes the person's."""
        if self._bell is None:
            from . import preferences

            self._bell = True if self.has_lobby else preferences.bell()
        return self._bell

    def set_bell(self, on: bool) -> None:
        """Ring the bell for decisions, or not (kept for next time, at this machine)."""
        self._bell = on
        if not self.has_lobby:
            from . import preferences

            preferences.set_bell(on)

    @property
    def has_lobby(self) -> bool:
        """True in the app of a session of `wish-tui serve`: its lobby lists the tables."""
        return self.connection is not None

    def continue_latest(self) -> None:
        """Resume the most recent save, or say there is none."""
        from wish_tui import saves

        info = saves.latest_save(games=GAMES)
        if info is None:
            words = saves.nothing_to_continue(
                games=GAMES, start="start a new one", load="Load opens one"
            )
            self.notify(words[0].upper() + words[1:] + ".", severity="warning")
            return
        self.open_path(str(info.path))

    def open_path(self, path: str) -> None:
        """Open a save file, or say in one sentence why it cannot be opened."""
        from wish_tui import saves

        try:
            record, history, warning = saves.load_with_history(path, games=GAMES)
        except saves.SaveError as exc:
            self.notify(str(exc), severity="error")
            return
        self.open_game(record, history, warning)

    # -- a session of `wish-tui serve` ----------------------------------------------------------
    async def _connect(self) -> None:
        """Reach the table server this session's process was started for."""
        import signal

        from wish_tui.tables.remote import Connection

        if self.terminal_fd is None:
            # The server stops a session's own process this way: leave the terminal tidy. (An
            # app sharing a process is told by its host instead.)
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGTERM, signal.SIGHUP):
                loop.add_signal_handler(sig, self.exit)
        self.person_name = ""
        try:
            self.connection = Connection.from_environment(self.on_server_message, self._crash_on)
            self.connection.lobby_with_welcome = True
            await self.connection.open()
        except (RuntimeError, OSError) as exc:
            self.fail(f"wish-tui: the table server cannot be reached ({exc}).")

    def _crash_on(self, error: BaseException) -> None:
        """What the table server said could not be handled (a fault of the app): the app stops
        on it as on any crash, its report kept, instead of no longer hearing the server."""

        def again() -> None:
            raise error

        self.call_later(again)

    def _tell_early(self) -> None:
        """Hand on, in order, what the table server said before the app was mounted."""
        early, self._early = self._early or [], None
        for message in early:
            self.on_server_message(message)

    def fail(self, sentence: str, status: int = 1) -> None:
        """End the app with `status` and `sentence` (a failure it says, not a crash)."""
        self.closing.failing = True
        self.exit(return_code=status, message=sentence)

    def disconnect(self) -> None:
        """Close the line to the table server (an app sharing its process, once it ends: the
        line's reading task would otherwise keep the app alive)."""
        connection = self.connection
        if connection is not None:
            connection.close()

    def server_send(self, message: dict) -> None:
        """Send a message to the table server."""
        connection = self.connection
        if connection is not None:
            connection.send(message)

    def on_server_message(self, message: dict) -> None:
        """Everything the table server says, handed in order to the screen it concerns."""
        if self._early is not None:
            self._early.append(message)  # before the first screen: told once it is up
            self._first_word.set()
            return
        self._server_words.hand_on(message)

    def _tell_screens(self, message: dict) -> None:
        """Hand what the table server said to the screen it concerns (every screen is up)."""
        if not self.screen_stack:
            return  # the app is closing: nothing is shown any more
        self.server_messages.dispatch(message)

    def show_lobby(self, lobby: dict | None = None) -> None:
        """The tables of the server (`lobby`: their list, when the server sent it already)."""
        from .lobby import LobbyScreen

        self.remote_table = self.watching = None
        base = self.screen_stack[0] if self.screen_stack else None
        if isinstance(base, LobbyScreen):  # the app's first screen: back to it, brought up to date
            while len(self.screen_stack) > 1:
                self.pop_screen()
            if lobby is not None:
                base.show(lobby)
            else:
                self.server_send({"type": "lobby"})
            return
        self.show_alone(LobbyScreen(self.person_name, lobby))

    def new_table(
        self,
        game: str,
        seats: list[dict],
        solo: str,
        options: dict,
        kind: str = "live",
        clock: dict | None = None,
    ) -> None:
        """Ask the server for a new table (live or turn-based, with its clock)."""
        self.server_send(
            {
                "type": "new_table",
                "game": game,
                "seats": seats,
                "solo": solo,
                "options": options,
                "kind": kind,
                "clock": clock or {"type": "none"},
            }
        )

    def replay_path(self, path: str) -> None:
        """Step through a saved game, or say in one sentence why it cannot be replayed."""
        from wish_tui import saves

        try:
            record, _ = saves.load_for_replay(path, games=GAMES)
        except saves.SaveError as exc:
            self.notify(str(exc), severity="error")
            return
        self.show_replay(record, path)


def _load_for(launch: Launch):
    """Read the save a command asks for; exit 1 with one sentence when it cannot be read."""
    from wish_tui import saves

    if launch.screen == "replay":
        try:
            record, _ = saves.load_for_replay(launch.path, games=GAMES)
        except saves.SaveError as exc:
            sys.stderr.write(f"wish-tui: {exc}\n")
            raise SystemExit(1) from None
        return record, None, None

    if launch.screen == "continue":
        info = saves.latest_save(games=GAMES)
        if info is None:
            words = saves.nothing_to_continue(
                games=GAMES,
                start="start one with 'wish-tui new'",
                load="'wish-tui load NAME' opens one",
            )
            sys.stderr.write(f"wish-tui: {words}.\n")
            raise SystemExit(1)
        target = str(info.path)
    else:
        target = launch.path
    try:
        return saves.load_with_history(target, games=GAMES)
    except saves.SaveError as exc:
        sys.stderr.write(f"wish-tui: {exc}\n")
        raise SystemExit(1) from None


def run_app(launch: Launch) -> int:
    """Start the terminal app for a launch request and return the exit status.

    A crash exits with status 1 and one sentence: at the person's own machine it names the
    crash report; in a session of `wish-tui serve` (SSH, the browser) it says the game stopped
    and was reported, on standard output, where the browser's page takes its closing words.
    """
    loaded = _load_for(launch) if launch.screen in ("continue", "load", "replay") else None
    if no_terminal := why_no_terminal(launch.screen):
        sys.stderr.write(f"wish-tui: {no_terminal}.\n")
        return 1
    app = WishApp(launch, loaded)
    app.run()
    served = launch.screen == "client"
    words = app.closing.words(app.return_code, served)
    if words:
        (sys.stdout if served else sys.stderr).write(words + "\n")
    return app.return_code or 0
