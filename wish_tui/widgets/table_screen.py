"""The table screen: runs any game's turns — bots, hot-seat curtains, decisions, keys, undo, save.

A game's screen subclasses `TableScreen` and supplies what is its own: the board widget that
renders a view (`BOARD`), its key groups (`KEY_GROUPS`: a key's action name → a title and a test
of which legal actions it offers), and its words (how actions read in menus and the log, why a key
is refused, what the status line says). Everything else — whose turn it is, thinking bots in the
background at a pace a person can follow, curtains between people sharing a keyboard, the choice
panel, undo, save, quit, hints, help and the end of the game — is here, once for every game.

The screen holds no game state of its own: it sits at a table and hands the board the view of the
seat at the keyboard after every change. A `wish_tui.table.LocalTable` holds the game here and the
screen runs its bots; a `wish_tui.server.client.RemoteTable` is a seat at a table of `wish-tui
serve`: actions go to the server, whose answers (`on_table_message`) bring the new view, the log
lines written for this seat and the chat; `c` chats and the owner's `z` lets a bot play for an
absent person.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from .choice_panel import ChoicePanel
from .choice_screen import ChoiceScreen
from .curtain import CurtainScreen
from .final_scoring import FinalScoringScreen
from .game_log import GameLog
from .key_bar import KeyBar
from .table_help import TableHelp
from .table_keys import TableKeys
from .table_remote import TableRemote
from .view_text import ViewText

UNDO = Binding("u", "undo", "Undo")
"""The undo key: a game lists it after its own keys, so the footer shows the game's keys first."""
BOT_PACE = 0.6
"""Seconds between two bot actions, so a person can follow them in the log."""


@dataclass(frozen=True)
class SeatInfo:
    """A seat's name and who plays it."""

    name: str
    who: str

    @property
    def is_human(self) -> bool:
        return self.who == "human"


TABLE_CSS_PATH = Path(__file__).with_name("table.tcss")
"""The layout of every screen showing a table; read when the first one opens, so the title
screen starts without it."""


class TableScreen(TableKeys, TableRemote, TableHelp, Screen):
    """A game in progress at a table, seen by the seat at the keyboard."""

    CSS_PATH = TABLE_CSS_PATH

    BINDINGS = [
        Binding("h", "hint", "Hint", show=False),
        Binding("i", "info", "Card info", show=False),
        Binding("question_mark", "keys", "Keys", show=False),
        Binding("f1", "rules", "Rules", show=False),
        Binding("ctrl+s", "save", "Save", show=False),
        Binding("q", "quit_game", "Quit", show=False),
        *(Binding(str(d), f"choice_pick({d - 1})", show=False) for d in range(1, 10)),
        Binding("up", "choice_move(-1)", show=False),
        Binding("down", "choice_move(1)", show=False),
        Binding("enter", "choice_confirm", "Choose", show=False),
        Binding("escape", "choice_cancel", "Back", show=False),
        Binding("pageup", "log_scroll(-1)", show=False),
        Binding("pagedown", "log_scroll(1)", show=False),
        Binding("c", "chat", "Chat", show=False),
        Binding("z", "hand_to_bot", "Seat to a bot", show=False),
    ]

    BOARD: type = None  # type: ignore[assignment]
    """The game's board widget: composes its table and shows a view (`show(view, seat, ...)`)."""
    KEY_GROUPS: dict[str, tuple[str, Callable]] = {}
    """Per game key's action name: its title and which legal actions it offers."""
    RARE_GROUPS: frozenset[str] = frozenset()
    """Key groups hidden from the footer unless possible (the rest show greyed when not)."""

    def __init__(self, table, warning: str | None = None) -> None:
        super().__init__(classes="table")
        self.table = table
        self.viewer = self._first_human()
        """The seat whose view is on the screen (the person at the keyboard)."""
        self.warning = warning
        self.busy = False
        """True while a modal, a curtain or a bot's move is in progress."""
        self.skip_pace = False
        self._generation = 0
        self._options: list = []
        self._on_choice = None
        self._asked_at = 0.0
        self._seed_told = False
        self._hint_shown = False

    # -- what a game supplies ------------------------------------------------------------------
    @classmethod
    def describe(cls, action) -> str:
        """An action in words, for notifications and hints."""
        return str(action)

    @classmethod
    def describe_choice(cls, action) -> str:
        """An action in words for a menu (may say what the card does)."""
        return cls.describe(action)

    @classmethod
    def log_lines(cls, record, before, action, after, seat: int, private: bool) -> list[str]:
        """The log lines of one action (and what it caused); `private` shows the seat's secrets.

        The game's own log module writes them (`Game.log`), as it does for the table server.
        """
        return record.spec.log.log_lines(record, before, action, after, seat, private)

    @classmethod
    def opening_lines(cls, record, state) -> list[str]:
        """The log's first lines: the game, the seats, who starts (from the game's log module)."""
        return record.spec.log.opening_lines(record, state)

    def asks_in_panel(self, view: dict) -> bool:
        """True when the pending decision of the seat at the keyboard is asked in the choice panel
        (False: the game's keys answer it, as in a turn)."""
        decision = view.get("decision") or {}
        return decision.get("seat") == self.viewer

    def decision_title(self, view: dict) -> str:
        """The title of the choice panel for the pending decision of the seat at the keyboard."""
        decision = view.get("decision") or {}
        return decision.get("prompt") or "Choose."

    def curtain_reason(self, view: dict) -> str:
        """Why the keyboard passes to the seat whose `view` this is (the curtain's second line)."""
        return "They have a decision to take." if view.get("decision") else "It is their turn."

    def why_not(self, group: str) -> str:
        """One sentence: why the actions of a key group cannot be taken now."""
        return f"{self.KEY_GROUPS[group][0]} is not possible now."

    def group_title(self, group: str) -> str:
        """The choice panel's title when a key offers several actions."""
        return f"{self.KEY_GROUPS[group][0]}: choose"

    def turn_status(self, view: dict) -> str:
        """The status line in the seat's own turn."""
        return "Your turn · keys below · ? all keys · F1 rules · q quit"

    def confirm_end(self, action) -> str:
        """A question to confirm before `action` (e.g. ending a turn early), or '' for none."""
        return ""

    def keys_text(self) -> str:
        """Every key of the game, for `?`."""
        return ""

    def rules_entries(self) -> list[tuple[str, str]]:
        """The rules reference: (title, text) of every rule, card and place."""
        return []

    def info_targets(self, view: dict) -> list[tuple[str, str]]:
        """For `i`: (label, reference search) of each card or place on the table."""
        return []

    def game_over_screen(self, view: dict, seed: int):
        """The final scoring window."""
        raise NotImplementedError

    def board_marks(self, view: dict, legal: list) -> dict:
        """Extra keyword arguments for the board's `show`: what the screen highlights on the
        table (e.g. a cursor over the places its keys may choose), never game state."""
        return {}

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield self.BOARD(id="board-root")
        yield ChoicePanel(id="choice")
        yield ViewText(id="status")
        yield KeyBar(id="keys")

    @property
    def state(self):
        """The current position (for this screen's hooks and tests)."""
        return self.table.state

    @property
    def record(self):
        """The record of the game (what the crash report and saves carry)."""
        return self.table.record

    @property
    def history(self) -> list:
        return self.table.history

    @property
    def seats(self) -> list[SeatInfo]:
        """Who plays each seat."""
        return [
            SeatInfo(self.table.seat_name(i), self.table.who(i))
            for i in range(self.table.num_seats)
        ]

    @property
    def spec(self):
        return self.table.spec

    def _shown_bindings(self) -> list[Binding]:
        """The keys of the key bar, in order. A key with several meanings (Enter takes a tile or
        places a gemstone) has one entry per meaning; `check_action` hides those that do not
        apply now."""
        seen, shown = set(), []
        for binding in self._all_bindings():
            if binding.show and (binding.key, binding.action) not in seen:
                seen.add((binding.key, binding.action))
                shown.append(binding)
        return shown

    def on_mount(self) -> None:
        self.query_one(KeyBar).set_keys(
            [(b.key_display or b.key, b.description) for b in self._shown_bindings()]
        )
        log = self.query_one(GameLog)
        if self.table.remote:
            self._write_unread()
        else:
            for line in self.opening_lines(self.record, self.table.history[0]):
                log.write(line)
            self._replay_log(log)
        if self.warning:
            self.notify(self.warning, severity="warning", timeout=8)
        self.refresh_view()
        self.call_after_refresh(self.proceed)

    def on_resize(self) -> None:
        self.set_class(not self.compact, "roomy")
        self.refresh_view()

    @property
    def compact(self) -> bool:
        """True on small terminals (80x24 and the like)."""
        return self.size.height < 34 or self.size.width < 100

    def _humans(self) -> int:
        return sum(1 for seat in range(self.table.num_seats) if self.table.is_human(seat))

    def _private(self, seat: int) -> bool:
        """Whether the log may show this seat's secrets (only one person at the keyboard)."""
        return self._humans() == 1 and seat == self.viewer

    def _replay_log(self, log: GameLog) -> None:
        """Write the log of the actions already in the record (a resumed game)."""
        record = self.record
        if not record.actions:
            return
        history = self.table.history
        if len(history) == len(record.actions) + 1:
            states = history
        else:
            from wish_tui import records

            try:
                states = records.replay(record)
            except records.SaveError:
                return
        parse = self.spec.rules.parse_action
        for before, after, text in zip(states, states[1:], record.actions, strict=False):
            seat = before.current_player
            action = parse(before, text)
            private = self._private(seat)
            for line in self.log_lines(record, before, action, after, seat, private):
                log.write(line)

    def _first_human(self) -> int:
        for seat in range(self.table.num_seats):
            if self.table.is_mine(seat):
                return seat
        return 0

    # -- what the widgets show -------------------------------------------------------------------
    def refresh_view(self) -> None:
        """Hand the board the view of the seat at the keyboard."""
        view = self.table.view(self.viewer)
        my_turn = self._human_main_turn()
        legal = self.table.legal() if my_turn else []
        marks = self.board_marks(view, legal)
        self.query_one(self.BOARD).show(view, self.viewer, self.compact, legal, my_turn, **marks)
        self.query_one("#status", ViewText).show(Text(self._status_line(view)))
        self._update_footer()

    def _update_footer(self) -> None:
        """Show in the key bar which keys can be used now (it redraws only the keys that changed)."""
        # An action may carry arguments ("cursor(-1, 0)"); check_action is asked its name.
        states = [self.check_action(b.action.partition("(")[0], ()) for b in self._shown_bindings()]
        self.query_one(KeyBar).show_states(states)

    def _all_bindings(self) -> list[Binding]:
        """Every binding of the screen, the game's own first."""
        return [b for cls in type(self).__mro__ for b in cls.__dict__.get("BINDINGS", [])]

    def _seat_label(self, seat: int) -> str:
        return self.table.seat_label(seat)

    def _status_line(self, view: dict) -> str:
        table = self.table
        if table.is_over:
            return "The game is over: Enter shows the final scoring, q leaves."
        seat = table.current_player
        who = self._seat_label(seat)
        if table.remote and not table.is_mine(seat):
            return f"Waiting for {who}. c chats · q back to the tables"
        if not table.is_human(seat):
            return f"{who} ({table.who(seat)} bot) is thinking… press any key to hurry it."
        if seat != self.viewer:
            return f"Waiting for {who}."
        if self.asks_in_panel(view):
            return f"{who}: a decision is waiting — choose in the window."
        return f"{who}: " + self.turn_status(view)

    # -- the flow of the game ------------------------------------------------------------------
    def proceed(self) -> None:
        """Decide what happens next: game over, a bot's move, a curtain, or a person's choice."""
        if self.busy:
            return
        table = self.table
        if table.is_over:
            self._show_game_over()
            return
        seat = table.current_player
        if table.remote and not table.is_mine(seat):
            return  # the server plays its bots and tells what others do
        if not table.is_human(seat):
            self.busy = True
            self.refresh_view()
            self._generation += 1
            self._think(seat, self._generation)
            return
        self.skip_pace = False
        if seat != self.viewer:
            self._pass_to(seat)
            return
        view = self.table.view(seat)
        if self.asks_in_panel(view):
            self._ask_decision(view)

    def _pass_to(self, seat: int) -> None:
        if self._humans() <= 1:
            self.viewer = seat
            self.refresh_view()
            self.proceed()
            return
        self.busy = True
        reason = self.curtain_reason(self.table.view(seat))

        def lifted(_: None) -> None:
            self.viewer = seat
            self.busy = False
            self.refresh_view()
            self.proceed()

        self.app.push_screen(CurtainScreen(self._seat_label(seat), reason), lifted)

    def _ask_decision(self, view: dict) -> None:
        self._choose(self.decision_title(view), self.table.legal(), cancellable=False)

    def _choose(self, title: str, options: list, cancellable: bool = True) -> None:
        self.busy = True
        self._options = options
        self._on_choice = None
        self._open_panel(title, [self.describe_choice(a) for a in options], cancellable)

    def _ask(self, title: str, labels: list[str], then) -> None:
        """Ask a choice that is not a game action; `then(index)` gets the answer."""
        self.busy = True
        self._options = []
        self._on_choice = then
        self._open_panel(title, labels, True)

    def _open_panel(self, title: str, labels: list[str], cancellable: bool) -> None:
        # Keys pressed before the question was on the screen must not answer it.
        self._asked_at = time.monotonic()
        self.query_one(ChoicePanel).ask(title, labels, cancellable)
        self._update_footer()

    def action_choice_pick(self, index: int) -> None:
        """Pick option `index` of the open choice."""
        self.query_one(ChoicePanel).pick(index)

    def action_choice_move(self, delta: int) -> None:
        """Move the highlight of the open choice."""
        self.query_one(ChoicePanel).move(delta)

    def action_choice_confirm(self) -> None:
        """Choose the highlighted option."""
        self.query_one(ChoicePanel).confirm()

    def action_choice_cancel(self) -> None:
        """Close the open choice without choosing."""
        self.query_one(ChoicePanel).cancel()

    def action_log_scroll(self, pages: int) -> None:
        """Show an earlier or later page of the log."""
        self.query_one(GameLog).scroll_page(pages)

    def on_choice_panel_chosen(self, event: ChoicePanel.Chosen) -> None:
        self.query_one(ChoicePanel).close()
        self.busy = False
        if self._on_choice is not None:
            then, self._on_choice = self._on_choice, None
            if event.index is not None:
                then(event.index)
            self._update_footer()
            self.proceed()
            return
        options, self._options = self._options, []
        if event.index is not None and event.index < len(options):
            self.play(options[event.index])
        else:
            self._update_footer()
            self.proceed()

    def play(self, action) -> None:
        """Apply an action of the seat deciding now, log it, and go on."""
        if self.table.remote:
            # The server applies it; its answer (on_table_message) brings the result.
            self.busy = True
            self.table.send_play(action)
            self._clear_hint()
            self._update_footer()
            return
        try:
            played = self.table.play(action)
        except ValueError as exc:
            self.notify(str(exc), severity="error")
            return
        self._clear_hint()
        self._log_played(played, action)
        self.refresh_view()
        self.proceed()

    def _clear_hint(self) -> None:
        if self._hint_shown:
            # A hint is about the position before: it must not cover the next question.
            self._hint_shown = False
            self._clear_notifications()

    def _log_played(self, played, action) -> None:
        log = self.query_one(GameLog)
        private = self._private(played.seat)
        lines = self.log_lines(
            self.record, played.before, action, played.after, played.seat, private
        )
        for line in lines:
            log.write(line)
        if played.save_problem:
            self.notify(played.save_problem, severity="error")

    def _clear_notifications(self) -> None:
        """Take every notification off the screen.

        Textual's toast rack removes a cleared toast but keeps the holder around it; the empty
        holders pile up at the top of the rack and push later toasts below the screen's edge
        (a hint then never shows). The empty holders are removed once the rack has been redrawn.
        """
        self.app.clear_notifications()

        def sweep() -> None:
            try:
                from textual.widgets._toast import ToastHolder
            except ImportError:  # a Textual without holders has nothing to sweep
                return
            for holder in self.app.screen.query(ToastHolder):
                if not holder.children:
                    holder.remove()

        self.app.call_after_refresh(sweep)

    # -- bots --------------------------------------------------------------------------------
    @work(thread=True, exclusive=True, group="bot")
    def _think(self, seat: int, generation: int) -> None:
        action = self.table.bot_choice(seat, self.state)
        self.app.call_from_thread(self._bot_ready, action, generation)

    def _bot_ready(self, action, generation: int) -> None:
        if generation != self._generation:
            return
        delay = 0.0 if self.skip_pace else BOT_PACE

        def move() -> None:
            self.busy = False
            if generation == self._generation:
                self.play(action)

        if delay:
            self.set_timer(delay, move)
        else:
            move()

    # -- undo, save, quit, help ----------------------------------------------------------------
    def _undo_possible(self) -> bool:
        if self.busy and not self.query_one(ChoicePanel).is_open:
            return False
        seat = self.table.current_player
        if seat is None or not self.table.is_mine(seat):
            return False
        return self.table.can_undo()

    def action_undo(self) -> None:
        """Take back the last actions of this turn, as far as the rules allow."""
        if not self._undo_possible():
            self.notify(self.table.why_no_undo(), severity="warning")
            return
        panel = self.query_one(ChoicePanel)
        if panel.is_open:
            # Undo inside a decision closes the question first; nothing is chosen.
            self._options, self._on_choice = [], None
            panel.close()
            self.busy = False
        if self.table.remote:
            self.busy = True
            self.table.send_undo()
            return
        try:
            steps = self.table.undo()
        except ValueError as exc:
            self.notify(str(exc), severity="warning")
            return
        self.query_one(GameLog).write(f"(undid {steps} action{'s' if steps > 1 else ''})")
        self.refresh_view()
        self.proceed()

    def action_save(self) -> None:
        """Save the game under a name."""
        from datetime import datetime

        if self.table.remote:
            self.notify("The server saves this table after every action.")
            return
        names = "-".join(self.record.seat_names)
        name = f"{self.spec.name}-{names}-{datetime.now():%Y%m%d-%H%M%S}"
        try:
            path = self.table.save(name)
        except Exception as exc:  # noqa: BLE001  (a SaveError: one sentence from saves)
            self.notify(str(exc), severity="error")
            return
        self.notify(f"Saved as {path.stem}.")

    def action_quit_game(self) -> None:
        """Quit, offering to save first (at a server's table: back to the tables, or quit)."""
        if self.table.remote:

            def left(index: int | None) -> None:
                if index == 0:
                    self.app.show_lobby()
                elif index == 1:
                    self.app.exit()

            labels = ["Back to the tables (your seat stays yours)", "Quit"]
            self.app.push_screen(ChoiceScreen("Leave the table?", labels), left)
            return

        def answered(index: int | None) -> None:
            if index is None:
                return
            if index == 0:
                self.action_save()
            self.app.exit()

        labels = ["Save and quit", "Quit (the autosave keeps this game for 'continue')"]
        self.app.push_screen(ChoiceScreen("Quit the game?", labels), answered)

    @classmethod
    def base_bindings(cls, *keys: str) -> list[Binding]:
        """The table screen's own bindings of `keys`, for a game screen that binds those keys too.

        Textual lets a subclass's bindings of a key replace its base's, so a game that gives the
        arrows, Enter, digits or Esc a meaning on its board lists these first in its BINDINGS:
        the choice panel keeps them while it is open.
        """
        return [b for b in TableScreen.BINDINGS if set(b.key.split(",")) & set(keys)]

    def _show_game_over(self, again: bool = False) -> None:
        """Open the final scoring window: once when the game ends, then when asked (Enter)."""
        seed = self.table.seed
        if not self._seed_told:
            # The deal is no secret any more: the seed lets the game be dealt again.
            self._seed_told = True
            self.query_one(GameLog).write(f"— The game is over. Its seed was {seed}.")
        elif not again:
            return  # shown already; Esc closed it to look at the table
        if any(isinstance(screen, FinalScoringScreen) for screen in self.app.screen_stack):
            return
        self._clear_notifications()  # no earlier word may cover the final scoring
        view = self.table.view(self.viewer)
        self.app.push_screen(self.game_over_screen(view, seed))
