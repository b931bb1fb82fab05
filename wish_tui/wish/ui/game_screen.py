"""The game screen: holds the State, turns keys into Actions, and hands each widget the new view."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Footer

from wish_tui import saves
from wish_tui.ui.choice import ChoiceScreen
from wish_tui.ui.curtain import CurtainScreen
from wish_tui.wish import rules
from wish_tui.wish.rules import CATALOG, Action, IllegalAction, State

from .choice_panel import ChoicePanel
from .game_log import GameLog
from .hand_view import HandView, hand_status
from .key_groups import KEY_GROUPS, rules_group
from .map_view import MapView
from .offer_view import OfferView
from .player_board import PlayerBoard
from .style import DJINN_TITLE
from .table import compose_table
from .tracks_view import TracksView
from .view_text import ViewText
from .words import describe, describe_choice, log_line

BOT_PACE = 0.6
"""Seconds between two bot actions, so a person can follow them in the log."""


@dataclass
class SeatInfo:
    """Who plays a seat."""

    djinn: str
    who: str

    @property
    def is_human(self) -> bool:
        """True for a person at the keyboard."""
        return self.who == "human"


def save_name(record, state: State) -> str:
    """A readable name for a save: the Djinns, the round and the time."""
    from datetime import datetime

    djinns = "-".join(s["djinn"] for s in record.seats)
    return f"{djinns}-round{state.round}-{datetime.now():%Y%m%d-%H%M%S}"


class GameScreen(Screen):
    """A game of Wish in progress."""

    BINDINGS = [
        Binding("t", "travel", "Travel"),
        Binding("e", "empower", "Empower"),
        Binding("m", "manifest", "Manifest"),
        Binding("f", "fulfill", "Fulfill"),
        Binding("s", "special", "Special"),
        Binding("p", "potion", "Potion"),
        Binding("k", "trickery", "Trickery"),
        Binding("r", "trade", "Trade"),
        Binding("n", "end_turn", "End turn"),
        Binding("u", "undo", "Undo"),
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
        Binding("escape", "choice_cancel", "Back"),
        Binding("pageup", "log_scroll(-1)", show=False),
        Binding("pagedown", "log_scroll(1)", show=False),
    ]

    def __init__(self, record, state: State, warning: str | None = None) -> None:
        super().__init__(classes="table")
        self.record = record
        self.state = state
        self.seats = [SeatInfo(s["djinn"], s["who"]) for s in record.seats]
        self.history: list[State] = [state]
        """States since the start of the current decision run, for undo."""
        self.viewer = self._first_human()
        self.warning = warning
        self.busy = False
        """True while a modal, a curtain or a bot's move is in progress."""
        self.skip_pace = False
        self._bots: dict[int, object] = {}
        self._generation = 0
        self._options: list[Action] = []
        self._on_choice = None
        self._keys_shown: tuple = ()
        self._seed_told = False

    # -- layout ------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield from compose_table()
        yield ChoicePanel(id="choice")
        yield ViewText(id="status")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        log = self.query_one(GameLog)
        names = ", ".join(f"{DJINN_TITLE[s.djinn]} ({s.who})" for s in self.seats)
        log.write(f"A game of Wish: {names}.")
        self._replay_log(log)
        if self.warning:
            self.notify(self.warning, severity="warning", timeout=8)
        self.refresh_view()
        self.call_after_refresh(self.proceed)

    def on_resize(self) -> None:
        self.set_class(not self.compact, "roomy")
        self.refresh_view()

    def _replay_log(self, log: GameLog) -> None:
        """Write the log of the actions already in the record (a resumed game)."""
        if not self.record.actions:
            return
        try:
            states = saves.replay(self.record)
        except saves.SaveError:
            return
        humans = sum(1 for s in self.seats if s.is_human)
        for before, text in zip(states, self.record.actions, strict=False):
            seat = before.current_player
            action = rules.parse_action(before, text)
            private = humans == 1 and seat == self.viewer
            decision = before.pending[0][0] if before.pending else ""
            log.write(log_line(self.seats[seat].djinn, action, private, decision))

    @property
    def compact(self) -> bool:
        """True on small terminals (80x24 and the like)."""
        return self.size.height < 34 or self.size.width < 100

    # -- what the widgets show ---------------------------------------------------------------
    def _first_human(self) -> int:
        for seat, info in enumerate(self.seats):
            if info.is_human:
                return seat
        return 0

    def refresh_view(self) -> None:
        """Hand every widget the view of the seat at the keyboard."""
        view = self.state.view(self.viewer)
        compact = self.compact
        self.query_one(MapView).update_view(view)
        self.query_one(TracksView).update_view(view)
        self.query_one(OfferView).update_view(view, compact)
        self.query_one(PlayerBoard).update_view(view, self.viewer, compact)
        my_turn = self._human_main_turn()
        legal = self.state.legal_actions() if my_turn else []
        self.query_one(HandView).update_hand(
            hand_status(view, self.viewer, legal, my_turn), compact
        )
        self.query_one("#status", ViewText).show(Text(self._status_line()))
        keys = tuple(self.check_action(b.action, ()) for b in self.BINDINGS)
        if keys != self._keys_shown:
            # Only when a key's state changed: the footer redraws its whole line.
            self._keys_shown = keys
            self.refresh_bindings()

    def _status_line(self) -> str:
        st = self.state
        if st.is_over:
            return "The game is over."
        seat = st.current_player
        who = DJINN_TITLE[self.seats[seat].djinn]
        if not self.seats[seat].is_human:
            return f"{who} ({self.seats[seat].who} bot) is thinking… press any key to hurry it."
        if st.pending:
            return f"{who}: a decision is waiting — choose in the window."
        p = st.players[seat]
        left = 3 - p.markers_placed
        return f"{who}'s turn: {left} marker(s) left · keys below · ? all keys · F1 rules · q quit"

    # -- the flow of the game ------------------------------------------------------------------
    def proceed(self) -> None:
        """Decide what happens next: game over, a bot's move, a curtain, or a person's choice."""
        if self.busy:
            return
        st = self.state
        if st.is_over:
            self._show_game_over()
            return
        seat = st.current_player
        if not self.seats[seat].is_human:
            self.busy = True
            self.refresh_view()
            self._generation += 1
            self._think(seat, self._generation)
            return
        self.skip_pace = False
        if seat != self.viewer:
            self._pass_to(seat)
            return
        if st.pending:
            self._ask_decision()

    def _pass_to(self, seat: int) -> None:
        humans = sum(1 for s in self.seats if s.is_human)
        if humans <= 1:
            self.viewer = seat
            self.refresh_view()
            self.proceed()
            return
        self.busy = True
        step = self.state.pending[0][0] if self.state.pending else "turn"
        reason = "It is their turn." if step == "turn" else "They have a decision to take."

        def lifted(_: None) -> None:
            self.viewer = seat
            self.busy = False
            self.refresh_view()
            self.proceed()

        self.app.push_screen(CurtainScreen(DJINN_TITLE[self.seats[seat].djinn], reason), lifted)

    def _ask_decision(self) -> None:
        st = self.state
        view = st.view(self.viewer)
        decision = view["decision"] or {}
        options = st.legal_actions()
        title = decision.get("prompt") or "Choose."
        if decision.get("their_hand"):
            title += f" Their hand: {', '.join(decision['their_hand'])}."
        if decision.get("wish"):
            title += f" ({decision['wish']}: {CATALOG.wishes[decision['wish']].cost_letters})"
        self._choose(title, options, cancellable=False)

    def _choose(self, title: str, options: list[Action], cancellable: bool = True) -> None:
        self.busy = True
        self._options = options
        self._on_choice = None
        self.query_one(ChoicePanel).ask(title, [describe_choice(a) for a in options], cancellable)

    def _ask(self, title: str, labels: list[str], then) -> None:
        """Ask a choice that is not a game action; `then(index)` gets the answer."""
        self.busy = True
        self._options = []
        self._on_choice = then
        self.query_one(ChoicePanel).ask(title, labels, True)

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
        """Scroll the log by a page."""
        log = self.query_one(GameLog)
        log.scroll_relative(y=pages * max(1, log.size.height - 1), animate=False)

    def on_choice_panel_chosen(self, event: ChoicePanel.Chosen) -> None:
        self.busy = False
        if self._on_choice is not None:
            then, self._on_choice = self._on_choice, None
            if event.index is not None:
                then(event.index)
            self.proceed()
            return
        options, self._options = self._options, []
        if event.index is not None and event.index < len(options):
            self.play(options[event.index])
        else:
            self.refresh_bindings()
            self.proceed()

    def play(self, action: Action) -> None:
        """Apply an action of the seat deciding now, log it, autosave, and go on."""
        st = self.state
        seat = st.current_player
        try:
            self.record, new = self.record.play(st, action)
        except IllegalAction as exc:
            self.notify(str(exc), severity="error")
            return
        self.state = new
        humans = sum(1 for s in self.seats if s.is_human)
        private = humans == 1 and seat == self.viewer
        decision = st.pending[0][0] if st.pending else ""
        self.query_one(GameLog).write(log_line(self.seats[seat].djinn, action, private, decision))
        self._log_events(st, new)
        self.history.append(new)
        try:
            saves.autosave(self.record)
        except saves.SaveError as exc:
            self.notify(str(exc), severity="error")
        self.refresh_view()
        self.proceed()

    def _log_events(self, before: State, after: State) -> None:
        log = self.query_one(GameLog)
        if after.round != before.round and after.round:
            view = after.view(self.viewer)
            card = view["caravan"]["card"]
            log.write(
                f"— Round {after.round}: the Caravan moves {card['move'] if card else 0} "
                f"to {view['caravan']['area']}; trade {card['trade'] if card else '—'}."
            )
            if after.final_round:
                log.write("— The Caravan reached the Dock: this is the last round!")
        if after.solo and after.challenge_card != before.challenge_card and after.challenge_card:
            effect = CATALOG.wishes[after.challenge_card].effect
            what = CATALOG.challenge_effects.get(effect, "")
            log.write(f"— Challenge: {after.challenge_card}: {what}.")

    # -- bots --------------------------------------------------------------------------------
    def _bot(self, seat: int):
        if seat not in self._bots:
            from wish_tui.wish.bots import make_bot

            self._bots[seat] = make_bot(self.seats[seat].who, seed=self.record.seed * 10 + seat)
        return self._bots[seat]

    @work(thread=True, exclusive=True, group="bot")
    def _think(self, seat: int, generation: int) -> None:
        st = self.state
        action = self._bot(seat).choose(st.view(seat), st.legal_actions())
        self.app.call_from_thread(self._bot_ready, action, generation)

    def _bot_ready(self, action: Action, generation: int) -> None:
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

    # -- keys --------------------------------------------------------------------------------
    def _human_main_turn(self) -> bool:
        st = self.state
        if st.is_over or st.pending or self.busy:
            return False
        seat = st.current_player
        return self.seats[seat].is_human and seat == self.viewer

    def _group(self, name: str) -> list[Action]:
        test = KEY_GROUPS[name][1]
        return [a for a in self.state.legal_actions() if test(a)]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in KEY_GROUPS:
            if self._human_main_turn() and self._group(action):
                return True
            # Rarely possible actions stay out of the way; the usual ones show greyed.
            return False if action in ("potion", "trickery") else None
        if action == "undo":
            return True if self._undo_index() is not None else None
        if action.startswith("choice_"):
            panel = self.query_one(ChoicePanel)
            if action == "choice_cancel":
                return panel.is_open and panel.cancellable
            return panel.is_open
        return True

    def on_key(self, event: Key) -> None:
        """A game key that is not legal now: say why instead of doing nothing."""
        if not self._human_main_turn():
            if self.busy and self.state.current_player is not None:
                self.skip_pace = True
            return
        if event.key == "u" and self._undo_index() is None:
            event.stop()
            self.notify(rules.why_no_undo(self.history) or "Nothing to undo.", severity="warning")
            return
        for binding in self.BINDINGS:
            if binding.key == event.key and binding.action in KEY_GROUPS:
                if self._group(binding.action):
                    return
                event.stop()
                self.notify(self._why_not(binding.action), severity="warning")
                return

    def _why_not(self, group: str) -> str:
        return rules.why_not_now(self.state, rules_group(group))

    def _run_group(self, group: str) -> None:
        actions = self._group(group)
        if not actions:
            self.notify(self._why_not(group), severity="warning")
            return
        if len(actions) == 1:
            self.play(actions[0])
            return
        if group == "trade":
            self._choose("Trade crystals for which colour?", actions)
            return
        self._choose(f"{KEY_GROUPS[group][0]}: choose", actions)

    def action_travel(self) -> None:
        """Travel to an adjacent Area."""
        self._run_group("travel")

    def action_empower(self) -> None:
        """Gain the two Crystals of the Area."""
        self._run_group("empower")

    def action_manifest(self) -> None:
        """Use the Area's ability or trade with the Caravan."""
        self._run_group("manifest")

    def action_fulfill(self) -> None:
        """Fulfil a Wish or build a Monument."""
        self._run_group("fulfill")

    def action_special(self) -> None:
        """The Djinn's special action."""
        self._run_group("special")

    def action_potion(self) -> None:
        """A fourth action with a Potion token."""
        self._run_group("potion")

    def action_trickery(self) -> None:
        """Fulfil a Wish with a Trickery token recolouring a Wishing Person."""
        self._run_group("trickery")

    def action_trade(self) -> None:
        """Trade 3 Crystals (Air: 2) for 1 of another colour."""
        self._run_group("trade")

    def action_end_turn(self) -> None:
        """End the turn."""
        self._run_group("end_turn")

    # -- undo, save, quit, help ----------------------------------------------------------------
    def _undo_index(self) -> int | None:
        if self.busy or len(self.history) < 2:
            return None
        if not self.seats[self.state.current_player or 0].is_human:
            return None
        return rules.undo_target(self.history)

    def action_undo(self) -> None:
        """Take back the last action, when the rules allow it."""
        index = self._undo_index()
        if index is None:
            self.notify(rules.why_no_undo(self.history), severity="warning")
            return
        steps = len(self.history) - 1 - index
        self.history = self.history[: index + 1]
        self.state = self.history[-1]
        self.record = self.record.truncated(len(self.record.actions) - steps, self.state)
        self.query_one(GameLog).write(f"(undid {steps} action{'s' if steps > 1 else ''})")
        saves.autosave(self.record)
        self.refresh_view()
        self.proceed()

    def action_save(self) -> None:
        """Save the game under a name."""
        try:
            path = saves.save_game(self.record, save_name(self.record, self.state))
        except saves.SaveError as exc:
            self.notify(str(exc), severity="error")
            return
        self.notify(f"Saved as {path.stem}.")

    def action_quit_game(self) -> None:
        """Quit, offering to save first."""

        def answered(index: int | None) -> None:
            if index is None:
                return
            if index == 0:
                self.action_save()
            self.app.exit()

        labels = ["Save and quit", "Quit (the autosave keeps this game for 'continue')"]
        self.app.push_screen(ChoiceScreen("Quit the game?", labels), answered)

    def action_keys(self) -> None:
        """Show every key."""
        from wish_tui.ui.help import KeysScreen

        self.app.push_screen(KeysScreen())

    def action_rules(self) -> None:
        """Open the rules reference."""
        from wish_tui.ui.help import RulesScreen

        self.app.push_screen(RulesScreen())

    def action_info(self) -> None:
        """Show the full text of a card or Area on the table."""
        if self.busy:
            return
        view = self.state.view(self.viewer)
        me = view["players"][self.viewer]
        names = [f"Area: {me['area']}"]
        names += [f"Wish: {n}" for n in me.get("hand", [])]
        names += [f"Wish: {n}" for n in view["offer"] if n]
        if me.get("destiny"):
            names.append(f"Destiny: {me['destiny']}")
        names += [f"Area: {a['name']}" for a in view["areas"] if a["name"] != me["area"]]

        def show(index: int) -> None:
            from wish_tui.ui.help import RulesScreen

            self.app.push_screen(RulesScreen(search=names[index].split(": ", 1)[1]))

        self._ask("Which card or Area?", names, show)

    def action_hint(self) -> None:
        """Show what the strongest bot would do in your place (it thinks in the background)."""
        if not self._human_main_turn() and not (
            self.state.pending and self.query_one(ChoicePanel).is_open
        ):
            self.notify("A hint is given when you are to decide.", severity="warning")
            return
        self.notify("Thinking about a hint…", timeout=2)
        self._hint(self.state, self.viewer)

    @work(thread=True, exclusive=True, group="hint")
    def _hint(self, state: State, seat: int) -> None:
        from wish_tui.wish.bots import make_bot

        bot = make_bot("hard", seed=self.record.seed)
        action, reason = bot.hint(state.view(seat), state.legal_actions())
        self.app.call_from_thread(self._show_hint, state, action, reason)

    def _show_hint(self, state: State, action: Action, reason: str) -> None:
        if state is self.state:
            self.notify(f"Hint: {describe(action)} — {reason}", timeout=12)

    def _show_game_over(self) -> None:
        from .game_over import GameOverScreen

        if not self._seed_told:
            # The deal is no secret any more: the seed lets the game be dealt again.
            self._seed_told = True
            self.query_one(GameLog).write(f"— The game is over. Its seed was {self.record.seed}.")
        self.app.push_screen(GameOverScreen(self.state.view(self.viewer), self.record.seed))
