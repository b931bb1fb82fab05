"""The table screen: any game's turns at any table — curtains, decisions, keys, undo, save, quit.

A game's screen subclasses `TableScreen` and supplies what is its own: the board widget that
renders a view (`BOARD`), its key groups' titles (`KEY_GROUPS`, from the game's `choices`
module), and its words (why a key is refused, what the status line says, the decision's title).
Everything else (turns, curtains, windows, undo, save, quit, hints, help, the end) is here, once.

The screen is one Screen that composes the objects doing its jobs (no mixins), each in a
`table_*.py` of its own: the key router (`table_keys`), the key bar, the status line, the detail
line, the log's newest line kept in sight (`table_news`), the people at the table and its clock,
help and hints (`table_help`), the turns at one keyboard, its toasts and its ways out
(`table_leaving`), a tap on the board (`table_taps`), and on a narrow terminal the board's part
in sight (`table_parts`). Each asks the table what it can do (`wish_tui.tables.base.TableBase`
declares every capability) and the app what it is (`table_app.TableApp`); nothing probes.

A client of the seat API (`wish_tui.tables.seat`) at any table, local or a server's: it shows the
seat's view, offers its choices, plays by notation and holds no game state; the table tells it of
every change (`table_changed`), every refusal and every hint.
"""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Key
from textual.widgets import Static

from wish_tui.tables.seat import Hint
from wish_tui.ui.terminal.textual_adapter import render_changed_rows_only
from wish_tui.ui.terminal.textual_layout import lay_out_alone
from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.detail_line import DetailLine
from wish_tui.widgets.key_bar import KeyBar, key_label, with_key
from wish_tui.widgets.view_text import ViewText

from .board_screen import BoardScreen
from .clock_tick import ClockTick
from .one_frame import drawn_in_one_frame
from .table_board import TableBoard
from .table_detail import TableDetail
from .table_help import TableHelp
from .table_key_bar import TableKeyBar
from .table_keys import TableKeys
from .table_leaving import TableLeaving
from .table_news import TableNews
from .table_people import TablePeople
from .table_status import TableStatus
from .table_taps import TableTaps
from .table_toasts import TableToasts
from .table_turns import TableTurns

UNDO = Binding("u", "undo", "Undo")
"""The undo key: a game lists it after its own keys, so the footer shows the game's keys first."""


class TableScreen(BoardScreen):
    """A game in progress at a table, seen by the seat at the keyboard.

    Composed of `router` (keys), `key_bar`, `status_line`, `detail`, `news`, `people`, `guide`
    (help and hints), `turns`, `toasts` and `leaving`; the game's screen overrides only the hooks
    below ("what a game supplies")."""

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
        Binding("slash", "chat", "Chat", show=False),
        Binding("z", "hand_to_bot", "Seat to a bot", show=False),
        Binding("o", "people", "People", show=False),
        Binding("ctrl+g", "bell", "Bell on/off", show=False),
        Binding("w", "score_now", "Score now", show=False),
        Binding("x", "resign", "Resign", show=False),
    ]

    BOARD: type[TableBoard] = TableBoard
    """The game's board widget: composes its table and shows a view (`show(view, seat, ...)`);
    it declares its parts on a narrow terminal (`TableBoard.PARTS`)."""
    KEY_GROUPS: dict[str, tuple] = {}
    """Per game key's action name: its title first (the game's `choices.KEY_GROUPS`)."""
    RARE_GROUPS: frozenset[str] = frozenset()
    """Key groups hidden from the footer unless possible (the rest show greyed when not)."""
    DETAIL_ROWS: int = 0
    """Lines of the detail line under the board, saying what is highlighted (0: it has none)."""
    DETAIL_OF_VIEW: bool = False
    """True when `detail_words` reads the view and the game's cursor alone, nothing else."""

    def __init__(self, table, warning: str | None = None) -> None:
        super().__init__(self.BOARD)
        render_changed_rows_only(self)  # a frame renders the rows it sends, no others
        self.table = table
        """The table this screen sits at (a `wish_tui.tables.seat.TableClient`)."""
        self.viewer = self._first_mine()
        """The seat whose view is on the screen (the person at the keyboard)."""
        self.warning = warning
        self.busy = False
        """True while a window, a curtain or the table's answer to an action is awaited."""
        self._options: list = []
        self._on_choice = None
        self._switchable = False
        """True while the open window was opened by a key of the person's turn: another game
        key then takes its place (the keys stay live, the key bar unchanged)."""
        self._asked_at = 0.0
        self._asked_version = -1
        self._hinted = None
        """The action the hint on the screen names (a window that offers it opens on it)."""
        self._parsed: tuple = (None, [], {})
        self.router = TableKeys(self)
        self.key_bar = TableKeyBar(self)
        self.status_line = TableStatus(self)
        self.clock_tick = ClockTick(self)
        """While the table's clock runs, the status line counts it down as its words change."""
        self.detail = TableDetail(self)
        self.news = TableNews(self)
        self.people = TablePeople(self)
        self.guide = TableHelp(self)
        self.toasts = TableToasts(self)
        self.leaving = TableLeaving(self)
        self.turns = TableTurns(self)
        self.taps = TableTaps(self)

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

    def info_detail(self, view: dict, search: str) -> str:
        """What the detail line says of a card or place `i` offers (its reference search)."""
        return ""

    def option_reference(self, action) -> str:
        """The reference search for the card or place a window's option names ('' none)."""
        return ""

    def game_over_screen(self, view: dict, seed: int | None, best=None):
        """The final scoring window (`best`: how a solo score compares with the best ones)."""
        raise NotImplementedError

    def board_marks(self, view: dict, legal: list) -> dict:
        """Extra keyword arguments for the board's `show`: what the screen highlights on the
        table (e.g. a cursor over the places its keys may choose), never game state."""
        return {}

    def detail_words(self, view: dict) -> str:
        """The detail line while no window is open: what the board's cursor is on ('' none)."""
        return ""

    def option_detail(self, action) -> str:
        """The detail line for a window's highlighted option, a legal action ('' for none)."""
        return ""

    def kept_rows(self) -> int:
        """How many rows at the screen's top a panel over the table leaves in sight (a game's
        map: a lesson's panel goes under them); 0 for none."""
        return 0

    def rows_over_table(self) -> set[int]:
        """The screen rows something lies over the table on (a lesson adds its panel's)."""
        return self.news.rows_over_table()

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield self.parts.tabs()
        yield self.BOARD(id="board-root")
        if self.DETAIL_ROWS:
            yield DetailLine(self.DETAIL_ROWS, id="detail")
        yield lay_out_alone(ChoicePanel(id="choice"))  # its opening lays out no other widget
        yield ViewText(id="status", classes="rising")
        yield Static(id="status-room")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.key_bar.set_up()
        self.news.write_unread()
        if self.warning:
            self.toast(self.warning, severity="warning", timeout=8)
        self.refresh_view()
        self.table.listen(self)
        self.opened()
        self.call_after_refresh(self.proceed)
        self.clock_tick.start()

    def opened(self) -> None:
        """The screen is up: a game may say something at the start (Textual calls every class's
        `on_mount`, so a game overrides this instead)."""

    def board_resized(self) -> None:
        self.detail.fit()
        self.refresh_view()
        self.call_after_refresh(self.news.place_again)

    def part_switched(self) -> None:
        # The part's widgets know their width once laid out: what fits it is shown then.
        self.call_after_refresh(self.board_resized)

    def on_key_bar_rows_changed(self) -> None:
        self.status_line.show()

    def _mine(self) -> list[int]:
        """The seats played at this keyboard."""
        return [i for i, s in enumerate(self.table.seats) if s.mine]

    def _first_mine(self) -> int:
        held = self.table.held_seats  # a seat given up for good still shows its own view
        return held[0] if held else 0

    def _is_mine(self, seat: int | None) -> bool:
        return seat is not None and self.table.seats[seat].mine

    # -- what the table tells (the seat API's Listener) -----------------------------------------
    @drawn_in_one_frame
    def table_changed(self) -> None:
        """The table changed (an action, an undo, a seat, a chat line): show it, then go on."""
        self.status_line.drop_stale_refusal()
        self.news.write_unread()
        self.guide.drop_stale_hint()
        panel = self.composed(ChoicePanel)
        gone = self.table.version != self._asked_version or not self._is_mine(self.table.deciding)
        if panel.is_open and self._options and gone:
            # The question was about a position that is gone, or is no longer this keyboard's
            # to answer (a bot took the seat: a timeout, a resignation).
            self._options, self._on_choice = [], None
            panel.close()
        if not panel.is_open:
            self.busy = False
            self.guide.clear_hint()
        self.turns.ring_if_called()
        self.clock_tick.follow()
        self.refresh_view()
        self.proceed(detail_shown=True)

    def action_score_now(self) -> None:
        """The final scoring as it would stand if the game ended now."""
        self.leaving.score_now()

    def action_bell(self) -> None:
        """Turn the bell for a decision on or off."""
        self.turns.toggle_bell()

    def table_refused(self, sentence: str) -> None:
        """What this screen asked was refused; the table did not change."""
        self.refuse(sentence)
        if self.busy and not self.composed(ChoicePanel).is_open:
            self.busy = False
            self.refresh_view()
            self.proceed(detail_shown=True)

    def table_notice(self, sentence: str) -> None:
        """Something the person should know (an autosave not written, a person away)."""
        self.people.notice(sentence)

    def table_hint(self, hint: Hint) -> None:
        """A hint asked for is ready (one for a position that is gone is dropped)."""
        self.guide.told(hint)

    def table_failed(self, error: BaseException) -> None:
        """The table failed inside: the app's crash handling takes over."""

        def fail() -> None:
            raise error

        self.call_later(fail)

    def open_record(self) -> dict | None:
        """The game's record, for a crash report (None when it is held elsewhere)."""
        return self.table.open_record()

    # -- what the widgets show -------------------------------------------------------------------
    def refresh_view(self) -> None:
        """Hand the board the view of the seat at the keyboard."""
        view = self.view()
        my_turn = self._human_main_turn()
        legal = self.legal() if my_turn else []
        board = self.composed(self.BOARD)
        board.view_parts.follow(self.table.view_changes)  # what a server's diff says changed
        board.show(view, self.viewer, self.compact, legal, my_turn, **self.board_marks(view, legal))
        self.parts.follow(self.taps.board.pointed())
        self.status_line.show(view)
        self.key_bar.update()
        self.detail.show(view)

    # -- the flow of the game ------------------------------------------------------------------
    def proceed(self, detail_shown: bool = False) -> None:
        """Decide what happens next: game over, a curtain, or a person's choice."""
        self.turns.proceed()
        self.news.close_answered(detail_shown)  # the answered panel goes

    def _ask_decision(self, view: dict) -> None:
        self._choose(self.decision_title(view), self.legal(), cancellable=False)

    def _choose(self, title: str, options: list, cancellable: bool = True) -> None:
        self._switchable = cancellable and self.router.live()
        self.busy = True
        self._options = options
        self._on_choice = None
        self._asked_version = self.table.version
        self._open_panel(title, [self.label(a) for a in options], cancellable)
        if self._hinted in options:
            panel = self.composed(ChoicePanel)
            panel.move(options.index(self._hinted) - panel.highlighted)

    def _ask(self, title: str, labels: list[str], then, details: list[str] = ()) -> None:
        """Ask a choice that is not a game action; `then(index)` gets the answer. `details`:
        what the detail line says of each option."""
        self._switchable = self.router.live()
        self.busy = True
        self._options = []
        self._on_choice = then
        self.detail.asked = list(details)
        self._open_panel(title, labels, True)

    def _open_panel(self, title: str, labels: list[str], cancellable: bool) -> None:
        # Keys pressed before the question was on the screen must not answer it.
        self._asked_at = time.monotonic()
        self.composed(ChoicePanel).ask(title, labels, cancellable)
        self.detail.show_opened()  # now, in the panel's frame (its message comes a turn later)
        self.status_line.show()  # and what lies over the table placed, the log kept in sight
        self.key_bar.update()

    def _drop_question(self) -> None:
        """Close the open window without an answer (nothing is chosen)."""
        panel = self.composed(ChoicePanel)
        if panel.is_open:
            self._options, self._on_choice = [], None
            panel.close()
            self.detail.show()
            self.news.keep_in_sight()
            self.busy = False
            self.status_line.show()

    def action_choice_digit(self, digit: int) -> None:
        """A digit of the number of an option of the open choice."""
        self.composed(ChoicePanel).digit(digit)

    def action_choice_move(self, delta: int) -> None:
        """Move the highlight of the open choice."""
        self.composed(ChoicePanel).move(delta)

    def action_choice_confirm(self) -> None:
        """Choose the highlighted option."""
        self.composed(ChoicePanel).confirm()

    def action_choice_cancel(self) -> None:
        """Close the open choice without choosing."""
        self.composed(ChoicePanel).cancel()

    def on_choice_panel_chosen(self, event: ChoicePanel.Chosen) -> None:
        event.stop()
        if self._on_choice is None and (event.index is None or event.index >= len(self._options)):
            self.news.close_answered()  # an action played: the panel stays until the table says
        self.busy = False
        if self._on_choice is not None:
            then, self._on_choice = self._on_choice, None
            if event.index is not None:
                then(event.index)
            panel = self.composed(ChoicePanel)
            if self.busy and panel.shown and not panel.is_open:
                return  # the answer played an action: the panel stays until the table says
            self.news.close_answered()
            self.status_line.show()
            self.key_bar.update()
            self.proceed()
            return
        options, self._options = self._options, []
        if event.index is not None and event.index < len(options):
            self.play(options[event.index])
        else:
            self.status_line.show()
            self.key_bar.update()
            self.proceed()

    def play(self, action) -> None:
        """Play an action of the seat at the keyboard; the table tells what came of it."""
        self.busy = True
        self.guide.clear_hint()
        self.key_bar.update_unless_answered()
        self.seat.play(str(action))

    def on_choice_panel_highlighted(self, event: ChoicePanel.Highlighted) -> None:
        event.stop()  # the screen's alone: the app has nothing to do with it
        self.detail.show()

    def on_table_board_place_tapped(self, event: TableBoard.PlaceTapped) -> None:
        self.taps.tapped(event.place)

    # -- undo, save, quit ----------------------------------------------------------------------
    def action_undo(self) -> None:
        """Take back the last actions of this turn, as far as the rules allow."""
        self.router.undo()

    def action_save(self) -> None:
        """Save the game under a name."""
        self.leaving.save_as_named()

    def action_quit_game(self) -> None:
        """Leave the table: back to the server's tables, save and quit, or quit."""
        self.leaving.ask_to_leave()

    def leave_options(self) -> list[tuple[str, object]]:
        """The ways to leave the table now, each a label and what it does."""
        return self.leaving.options()

    @classmethod
    def base_bindings(cls, *keys: str) -> list[Binding]:
        """The table screen's own bindings of `keys`, which a game that binds those keys too
        (arrows, Enter, digits, Esc) lists first in its BINDINGS: Textual lets a subclass's
        binding of a key replace its base's, and the choice panel keeps them while it is open."""
        return [b for b in TableScreen.BINDINGS if set(b.key.split(",")) & set(keys)]

    # -- what the composed parts do, as Textual and the games ask the screen ------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.router.check(action)

    def on_key(self, event: Key) -> None:
        self.router.on_key(event)

    def _human_main_turn(self) -> bool:
        """True when the person at the keyboard may use the game's keys now."""
        return self.router.human_main_turn()

    def run_group(self, group: str) -> None:
        """A game key: take its action, or ask which of its actions."""
        self.router.run_group(group)

    def highlighted_action(self, group: str):
        """The legal action `group`'s key takes now on what the highlight is on, for a key
        that acts on the highlight (Wishland's b buys the highlighted card); None for a key
        that asks which, or a highlight on nothing the key may take. By default None."""
        return None

    def option_steps(self, group: str) -> tuple:
        """How a long window of `group`'s actions is split, one step at a time: pairs of the
        step's question and a function naming each action's part. None by default: one window."""
        return ()

    def refuse(self, sentence: str) -> None:
        """Say in the status line why what was asked is refused."""
        self.status_line.refuse(sentence)

    def status_top(self) -> int:
        """The screen row the status line begins at."""
        return self.status_line.top()

    def status_placed(self, top: int) -> None:
        """The status line now begins at screen row `top`: what lies just above it moves (a
        game's overlay may follow it too), keeping the log's newest line in sight."""
        self.news.place_panels()

    def name_hint_keys(self, hint: str) -> None:
        """A hint now says `hint` ('' when it went): the keys it names show in the key bar."""
        self.key_bar.name_hint_keys(hint)

    def toast(self, message: str, *, severity: str = "information", **kwargs) -> None:
        """A notification; a refusal takes the place of the words before it."""
        self.toasts.toast(message, severity=severity, **kwargs)

    def table_keys_text(self) -> str:
        """The table's own keys, for `?` (those that work at this table)."""
        return self.people.keys_text()

    def action_chat(self) -> None:
        """Say something to the table (one line)."""
        self.people.chat()

    def action_people(self) -> None:
        """Mute or unmute another person's chat; a player turns the spectators' chat off or on."""
        self.people.people()

    def action_hand_to_bot(self) -> None:
        """Let a bot play for a person who left the table (and give the seat back)."""
        self.people.hand_to_bot()

    def action_resign(self) -> None:
        """Give the game up: it counts as lost (the question says what follows)."""
        self.people.resign()

    def action_keys(self) -> None:
        """Show every key."""
        self.guide.keys()

    def action_rules(self) -> None:
        """Open the rules reference."""
        self.guide.rules()

    def action_info(self) -> None:
        """Show the full text of a card or place on the table."""
        self.guide.info()

    def action_hint(self) -> None:
        """Ask what the strongest bot would do in your place."""
        self.guide.hint()

    def hint_words(self, action, words: str) -> str:
        """A hinted action in words, with the game key that offers it ('Manifest (m)'); a game
        whose keys act on a highlight says it otherwise."""
        choice = self.choice_of(action)
        if choice is None or not choice.groups or self.asks_in_panel(self.view()):
            return words
        binding = next(b for b in self.key_bar.all_bindings() if b.action == choice.groups[0])
        return with_key(words, key_label(binding.key_display or binding.key))

    def hinted(self, action) -> None:
        """A hint arrived for the position on the screen; a game may highlight its action."""
