"""The table screen: any game's turns at any table — curtains, decisions, keys, undo, save, quit.

A game's screen subclasses `TableScreen` and supplies what is its own: the board widget that
renders a view (`BOARD`), its key groups' titles (`KEY_GROUPS`, from the game's `choices`
module), and its words (why a key is refused, what the status line says, the decision's title).
Everything else — whose turn it is, curtains between people sharing a keyboard, the choice panel,
undo, save, quit, hints, help and the end of the game — is here, once for every game.

The screen is a client of the seat API (`wish_tui.tables.seat`): it sits at a table (`LocalTable` here,
or a table of `wish-tui serve`), shows the view of the seat at the keyboard, offers the choices
that seat has, and plays by notation. It holds no game state and never asks which kind of table it
has: the table tells it of every change (`table_changed`), every refusal and every hint.
"""

from __future__ import annotations

import time
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget

from wish_tui.core.ranking import result_lines
from wish_tui.tables.seat import Hint

from .app_screen import AppScreen
from .choice_panel import ChoicePanel
from .clock_tick import ClockTick
from .curtain import CurtainScreen
from .detail_line import DetailLine
from .final_scoring import FinalScoringScreen
from .game_log import GameLog
from .key_bar import KeyBar, key_label
from .table_detail import TableDetail
from .table_help import TableHelp
from .table_key_bar import TableKeyBar
from .table_keys import TableKeys
from .table_leaving import TableLeaving
from .table_news import TableNews
from .table_people import TablePeople
from .table_status import TableStatus
from .table_toasts import TableToasts
from .view_text import ViewText

UNDO = Binding("u", "undo", "Undo")
"""The undo key: a game lists it after its own keys, so the footer shows the game's keys first."""
BELL_AFTER = 5.0
"""Seconds a person must have waited for their decision before the bell rings for it."""
HURRIED_KEY_SAID_FOR = 3.0
"""Seconds after a game key hurried a bot within which its loss is said, once it is one's turn."""
TABLE_CSS_PATH = Path(__file__).with_name("table.tcss")
"""The layout of every screen showing a table; read when the first one opens, so the title
screen starts without it."""


PARTS = (TableKeys, TableKeyBar, TablePeople, TableHelp, TableStatus, TableNews, TableDetail)
"""The parts of a table screen kept in files of their own (`table_*.py`)."""


class TableScreen(*PARTS, TableToasts, AppScreen):
    """A game in progress at a table, seen by the seat at the keyboard."""

    CSS_PATH = TABLE_CSS_PATH

    BINDINGS = [
        Binding("h", "hint", "Hint", show=False),
        Binding("i", "info", "Card info", show=False),
        Binding("question_mark", "keys", "Keys", show=False),
        Binding("f1", "rules", "Rules", show=False),
        Binding("ctrl+s", "save", "Save", show=False),
        Binding("q", "quit_game", "Quit", show=False),
        *(Binding(str(d), f"choice_digit({d})", show=False) for d in range(10)),
        Binding("up", "choice_move(-1)", show=False),
        Binding("down", "choice_move(1)", show=False),
        Binding("enter", "choice_confirm", "Choose", show=False),
        Binding("escape", "choice_cancel", "Back", show=False),
        Binding("pageup", "log_scroll(-1)", show=False),
        Binding("pagedown", "log_scroll(1)", show=False),
        Binding("slash", "chat", "Chat", show=False),
        Binding("z", "hand_to_bot", "Seat to a bot", show=False),
        Binding("o", "people", "People", show=False),
        Binding("ctrl+g", "bell", "Bell on/off", show=False),
        Binding("w", "score_now", "Score now", show=False),
        Binding("x", "resign", "Resign", show=False),
    ]

    BOARD: type = None  # type: ignore[assignment]
    """The game's board widget: composes its table and shows a view (`show(view, seat, ...)`)."""
    KEY_GROUPS: dict[str, tuple] = {}
    """Per game key's action name: its title first (the game's `choices.KEY_GROUPS`)."""
    RARE_GROUPS: frozenset[str] = frozenset()
    """Key groups hidden from the footer unless possible (the rest show greyed when not)."""

    def __init__(self, table, warning: str | None = None) -> None:
        super().__init__(classes="table")
        self.table = table
        """The table this screen sits at (a `wish_tui.tables.seat.TableClient`)."""
        self.viewer = self._first_mine()
        """The seat whose view is on the screen (the person at the keyboard)."""
        self.warning = warning
        self.busy = False
        """True while a window, a curtain or the table's answer to an action is awaited."""
        self._clock_tick = ClockTick(table, self._show_status)
        self._options: list = []
        self._on_choice = None
        self._ask_details: list[str] = []
        """What the detail line says of each option of a window that asks no game action."""
        self._switchable = False
        """True while the open window was opened by a key of the person's turn: another game
        key then takes its place (the keys stay live, the key bar unchanged)."""
        self._asked_at = 0.0
        self._asked_version = -1
        self._seed_told = False
        self._hint_shown = False
        self._hint_version = -1
        """The table's version the hint on the screen was given for."""
        self._hinted = None
        """The action the hint on the screen names (a window that offers it opens on it)."""
        self._parsed: tuple = (None, [], {})
        self._waiting_since: float | None = None
        """Since when this keyboard has waited for others to decide (None while it decides)."""
        self.hurried_by: tuple[str, float] | None = None
        """The game key that last hurried a bot, and when: said to be lost once it is ours."""
        self.leaving = TableLeaving(self)
        """Saving the game and the ways to leave the table."""

    # -- the seat at the keyboard --------------------------------------------------------------
    @property
    def seat(self):
        """The client of the seat at the keyboard (`wish_tui.tables.seat.Seat`)."""
        return self.table.seat(self.viewer)

    @property
    def spec(self):
        """The game (the registry's description of it)."""
        return self.table.spec

    def view(self) -> dict:
        """What the seat at the keyboard sees now."""
        return self.seat.view()

    def choices(self):
        """What the seat at the keyboard may do now."""
        return self.seat.choices()

    def _legal_pairs(self) -> list[tuple]:
        """Each legal action of the seat at the keyboard (read back from its notation) with the
        `Choice` it came from."""
        choices = self.choices()
        if self._parsed[0] is not choices:
            parse = self.spec.rules.Action.parse
            pairs = [(parse(c.notation), c) for c in choices.actions]
            self._parsed = (choices, pairs, dict(pairs))
        return self._parsed[1]

    def legal(self) -> list:
        """The legal actions of the seat at the keyboard."""
        return [action for action, _ in self._legal_pairs()]

    def choice_of(self, action):
        """The `Choice` a legal action came from (its words), or None."""
        self._legal_pairs()
        return self._parsed[2].get(action)

    def label(self, action) -> str:
        """A legal action as a menu shows it."""
        choice = self.choice_of(action)
        return choice.label if choice is not None else str(action)

    def describe(self, action) -> str:
        """A legal action in words."""
        choice = self.choice_of(action)
        return choice.words if choice is not None else str(action)

    # -- what a game supplies ------------------------------------------------------------------
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
        reason = self.choices().closed.get(group)
        return reason or f"{self.KEY_GROUPS[group][0]} is not possible now."

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

    def game_over_screen(self, view: dict, seed: int | None, best=None):
        """The final scoring window (`best`: how a solo score compares with the best ones)."""
        raise NotImplementedError

    def board_marks(self, view: dict, legal: list) -> dict:
        """Extra keyword arguments for the board's `show`: what the screen highlights on the
        table (e.g. a cursor over the places its keys may choose), never game state."""
        return {}

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield self.BOARD(id="board-root")
        if self.DETAIL_ROWS:
            yield DetailLine(self.DETAIL_ROWS, id="detail")
        yield ChoicePanel(id="choice")
        yield ViewText(id="status", classes="rising")
        yield Widget(id="status-room")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.set_up_key_bar()
        self._write_news()
        if self.warning:
            self.toast(self.warning, severity="warning", timeout=8)
        self.refresh_view()
        self.table.listen(self)
        self.opened()
        self.call_after_refresh(self.proceed)
        self._clock_tick.start(self)

    def opened(self) -> None:
        """The screen is up: a game may say something at the start (Textual calls every class's
        `on_mount`, so a game overrides this instead)."""

    def on_resize(self) -> None:
        self.set_class(not self.compact, "roomy")
        self.refresh_view()
        self.call_after_refresh(self.keep_news_in_sight)

    @property
    def compact(self) -> bool:
        """True on small terminals (80x24 and the like)."""
        return self.size.height < 34 or self.size.width < 100

    def _mine(self) -> list[int]:
        """The seats played at this keyboard."""
        return [i for i, s in enumerate(self.table.seats) if s.mine]

    def _first_mine(self) -> int:
        mine = self._mine()
        return mine[0] if mine else 0

    def _is_mine(self, seat: int | None) -> bool:
        return seat is not None and self.table.seats[seat].mine

    def _write_news(self) -> None:
        log = self.query_one(GameLog)
        for line in self.seat.news():
            log.write(line)

    # -- what the table tells (the seat API's Listener) -----------------------------------------
    def table_changed(self) -> None:
        """The table changed (an action, an undo, a seat, a chat line): show it, then go on."""
        if not self.is_mounted or not self.query(GameLog):
            return  # on_mount shows it all; or the app is closing, its widgets already gone
        self._refusal = None  # it was about the position before; refresh_view shows the turn
        self._say_hurried_key()
        self._write_news()
        # The newest line's rows are known once the log has laid it out: what lies over the
        # table then keeps clear of them.
        self.call_after_refresh(lambda: self.status_placed(self.status_top()))
        if self.table.version != self._hint_version:
            self._clear_hint()  # the position it spoke of is gone, whatever window is open
        panel = self.query_one(ChoicePanel)
        gone = self.table.version != self._asked_version or not self._is_mine(self.table.deciding)
        if panel.is_open and self._options and gone:
            # The question was about a position that is gone, or is no longer this keyboard's
            # to answer (a bot took the seat: a timeout, a resignation).
            self._options, self._on_choice = [], None
            panel.close()
        if not panel.is_open:
            self.busy = False
            self._clear_hint()
        self._ring_if_called()
        self._clock_tick.follow()
        self.refresh_view()
        self.proceed()

    def _say_hurried_key(self) -> None:
        """A game key that only hurried a bot, just before the decision became this keyboard's,
        is said to be lost (rather than taken in a position its presser has not seen)."""
        if self.hurried_by is None or self.table.is_over:
            return
        if not self._is_mine(self.table.deciding):
            return
        key, at = self.hurried_by
        self.hurried_by = None
        if time.monotonic() - at <= HURRIED_KEY_SAID_FOR:
            self._refusal = f"Your {key_label(key)} came while a bot decided; press it again."

    def _ring_if_called(self) -> None:
        """Ring the terminal's bell once when a decision becomes this keyboard's after a wait,
        so a person who looked away knows (ctrl+g turns it off)."""
        now = time.monotonic()
        if self.table.is_over or not self._is_mine(self.table.deciding):
            if self._waiting_since is None:
                self._waiting_since = now
            return
        waited, self._waiting_since = self._waiting_since, None
        if waited is not None and now - waited >= BELL_AFTER and self.bell_on():
            self.app.bell()

    def bell_on(self) -> bool:
        """True when the bell rings for a decision (the app's setting)."""
        return bool(getattr(self.app, "bell_on", True))

    def action_score_now(self) -> None:
        """The final scoring as it would stand if the game ended now, step by step (what this
        seat may know of it: others' secrets are left out and marked)."""
        if self.table.is_over:
            self._show_game_over(again=True)
            return
        view = self.view()
        projection = view.get("projection")
        if projection is None:
            return
        window = self.game_over_screen({**view, "scores": projection}, None, None)
        window.projected = True
        self.app.push_screen(window)

    def action_bell(self) -> None:
        """Turn the bell for a decision on or off."""
        on = not self.bell_on()
        setter = getattr(self.app, "set_bell", None)
        if setter is not None:
            setter(on)
        self.toast(
            "The bell rings when a decision becomes yours (ctrl+g turns it off)."
            if on
            else "The bell is off (ctrl+g turns it on)."
        )

    def table_refused(self, sentence: str) -> None:
        """What this screen asked was refused; the table did not change."""
        self.refuse(sentence)
        if self.busy and not self.query_one(ChoicePanel).is_open:
            self.busy = False
            self.refresh_view()
            self.proceed()

    def table_notice(self, sentence: str) -> None:
        """Something the person should know: an autosave that could not be written, a person
        away long enough for a bot to take their seat."""
        self.toast(sentence, severity="warning", timeout=10)
        if self.table.rematch_offer:
            for screen in self.app.screen_stack:
                if isinstance(screen, FinalScoringScreen):
                    screen.show_rematch_offer(self.table.rematch_offer)

    def table_hint(self, hint: Hint) -> None:
        """A hint asked for is ready (one for a position that is gone is dropped)."""
        if hint.actions != self.table.actions or self.table.deciding != self.viewer:
            return
        action = self.spec.rules.Action.parse(hint.notation)
        words = f"Hint: {self.hint_words(action, hint.words)} — {hint.reason}"
        self.toast(words, timeout=12)
        self.name_hint_keys(words)
        self._hint_shown = True
        self._hint_version = self.table.version
        self._hinted = action
        self.hinted(action)

    def table_failed(self, error: BaseException) -> None:
        """The table failed inside: the app's crash handling takes over."""

        def fail() -> None:
            raise error

        self.call_later(fail)

    def open_record(self) -> dict | None:
        """The game's record, for a crash report (None when it is held elsewhere)."""
        opener = getattr(self.table, "open_record", None)
        return opener() if opener is not None else None

    # -- what the widgets show -------------------------------------------------------------------
    def refresh_view(self) -> None:
        """Hand the board the view of the seat at the keyboard."""
        view = self.view()
        my_turn = self._human_main_turn()
        legal = self.legal() if my_turn else []
        marks = self.board_marks(view, legal)
        self.query_one(self.BOARD).show(view, self.viewer, self.compact, legal, my_turn, **marks)
        self._show_status(view)
        self._update_footer()
        self.show_detail(view)

    def _seat_label(self, seat: int) -> str:
        info = self.table.seats[seat]
        if info.person and not info.connected and not info.by_bot:
            return f"{info.label} — away"
        return info.label

    # -- the flow of the game ------------------------------------------------------------------
    def proceed(self) -> None:
        """Decide what happens next: game over, a curtain, or a person's choice (a bot, or a
        person elsewhere, moves by itself and the table tells of it). Nothing once the screen
        is gone (the table closed, left) before a step it had put off."""
        if self.busy or self not in self.app.screen_stack:
            return
        table = self.table
        if table.is_over:
            self._show_game_over()
            return
        seat = table.deciding
        if not self._is_mine(seat):
            return
        if seat != self.viewer:
            self._pass_to(seat)
            return
        view = self.view()
        if self.asks_in_panel(view):
            self._ask_decision(view)

    def _pass_to(self, seat: int) -> None:
        if len(self._mine()) <= 1:
            self.viewer = seat
            self.refresh_view()
            self.proceed()
            return
        self.busy = True
        reason = self.curtain_reason(self.table.seat(seat).view())

        def lifted(_: None) -> None:
            self.viewer = seat
            self.busy = False
            self._write_news()
            self.refresh_view()
            self.proceed()

        curtain = CurtainScreen(
            self._seat_label(seat),
            reason,
            save=self.action_save if self.table.can_save else None,
            leave=self.action_quit_game,
        )
        self.app.push_screen(curtain, lifted)

    def _ask_decision(self, view: dict) -> None:
        self._choose(self.decision_title(view), self.legal(), cancellable=False)

    def _choose(self, title: str, options: list, cancellable: bool = True) -> None:
        self._switchable = cancellable and self._keys_live()
        self.busy = True
        self._options = options
        self._on_choice = None
        self._asked_version = self.table.version
        self._open_panel(title, [self.label(a) for a in options], cancellable)
        if self._hinted in options:
            panel = self.query_one(ChoicePanel)
            panel.move(options.index(self._hinted) - panel.highlighted)

    def _ask(self, title: str, labels: list[str], then, details: list[str] = ()) -> None:
        """Ask a choice that is not a game action; `then(index)` gets the answer. `details`:
        what the detail line says of each option."""
        self._switchable = self._keys_live()
        self.busy = True
        self._options = []
        self._on_choice = then
        self._ask_details = list(details)
        self._open_panel(title, labels, True)

    def _open_panel(self, title: str, labels: list[str], cancellable: bool) -> None:
        # Keys pressed before the question was on the screen must not answer it.
        self._asked_at = time.monotonic()
        self.query_one(ChoicePanel).ask(title, labels, cancellable)
        self.keep_news_in_sight()
        self._update_footer()

    def _drop_question(self) -> None:
        """Close the open window without an answer (nothing is chosen)."""
        panel = self.query_one(ChoicePanel)
        if panel.is_open:
            self._options, self._on_choice = [], None
            panel.close()
            self.keep_news_in_sight()
            self.busy = False

    def action_choice_digit(self, digit: int) -> None:
        """A digit of the number of an option of the open choice."""
        self.query_one(ChoicePanel).digit(digit)

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
        self.keep_news_in_sight()
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
        """Play an action of the seat at the keyboard; the table tells what came of it."""
        self.busy = True
        self._clear_hint()
        self._update_footer()
        self.seat.play(str(action))

    def _clear_hint(self) -> None:
        self._hinted = None
        if self._hint_shown:
            # A hint is about the position before: it must not cover the next question.
            self._hint_shown = False
            self._clear_notifications()
            self.name_hint_keys("")

    # -- undo, save, quit ----------------------------------------------------------------------
    def _undo_possible(self) -> bool:
        if self.busy and not self.query_one(ChoicePanel).is_open:
            return False
        if not self._is_mine(self.table.deciding):
            return False
        return self.choices().can_undo

    def _why_no_undo(self) -> str:
        return self.choices().why_no_undo or "There is nothing of yours to undo."

    def action_undo(self) -> None:
        """Take back the last actions of this turn, as far as the rules allow."""
        if not self._undo_possible():
            self.refuse(self._why_no_undo())
            return
        # Undo inside a decision closes the question first; nothing is chosen.
        self._drop_question()
        self.busy = True
        self.seat.undo()

    def action_save(self) -> None:
        """Save the game under a name."""
        path = self.leaving.save()
        if path is not None:
            self.toast(f"Saved as {path.stem}.")

    def action_quit_game(self) -> None:
        """Leave the table: back to the server's tables, save and quit, or quit."""
        self.leaving.ask()

    def leave_options(self) -> list[tuple[str, object]]:
        """The ways to leave the table now, each a label and what it does."""
        return self.leaving.options()

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
            if seed is not None:
                self.query_one(GameLog).write(f"— The game is over. Its seed was {seed}.")
        elif not again:
            return  # shown already; Esc closed it to look at the table
        if any(isinstance(screen, FinalScoringScreen) for screen in self.app.screen_stack):
            return
        self._clear_notifications()  # no earlier word may cover the final scoring
        view = self.view()
        if "scores" not in view:  # a server's game whose end is not kept yet: as it stands
            view = {**view, "scores": view["projection"]}
        keep = getattr(self.app, "keep_solo_score", None)
        best = keep(self.table, view) if keep is not None else None
        window = self.game_over_screen(view, seed, best)
        window.finished_table = self.table  # `r` there reviews a game of this app's own
        # The club's scores: a given-up seat last, an aborted game unranked (under the verdict).
        window.notes = tuple(result_lines(view["scores"], [s.named for s in self.table.seats]))
        self.app.push_screen(window)
