"""Replay: step through a saved game of any game, seen as one seat could see it (everything
once the game is over)."""

from __future__ import annotations

import contextlib

from textual.binding import Binding
from textual.css.query import NoMatches
from textual.events import Key

from wish_tui import saves
from wish_tui.records import SaveError
from wish_tui.tables.master import seat_view
from wish_tui.ui.screens.board_screen import BoardScreen
from wish_tui.ui.screens.choice_screen import ChoiceScreen
from wish_tui.widgets.game_log import GameLog
from wish_tui.widgets.key_bar import key_label
from wish_tui.widgets.view_text import ViewText

from .coaching import Coaching


def replay_moves(record, states: list) -> list[tuple[int, object]]:
    """Who played each recorded action, and the action itself."""
    parse = record.spec.rules.parse_action
    return [
        (before.current_player, parse(before, text))
        for before, text in zip(states, record.actions, strict=False)
    ]


class ReplayScreen(BoardScreen):
    """Forward, back, jump to a round, choose the seat to watch, play from here."""

    BINDINGS = [
        Binding("right,l", "forward", "Forward"),
        Binding("left,j", "back", "Back"),
        Binding("home", "start", "Start", show=False),
        Binding("end", "finish", "End", show=False),
        Binding("g", "jump", "Go to"),
        Binding("v", "watch", "Watch seat"),
        Binding("p", "play_here", "Play from here"),
        Binding("r", "review", "Review"),
        Binding("escape", "leave", "Back"),
        Binding("q", "quit_app", "Quit"),
    ]

    def __init__(
        self,
        record,
        states: list | None = None,
        at_end: bool = False,
        path: str | None = None,
        review: bool = False,
        club_game: int | None = None,
    ) -> None:
        super().__init__(record.spec.ui.Board)
        self.record = record
        self.spec = record.spec
        self.states = states if states is not None else saves.replay(record)
        self.moves = replay_moves(record, self.states)
        self.index = len(self.states) - 1 if at_end else 0
        """The position shown (a finished game of the club opens on its final table)."""
        self.seat = next((i for i, s in enumerate(record.seats) if s.get("who") == "human"), 0)
        self.path = path
        """The save the replay was opened from (where a review is stored), if any."""
        self.club_game = club_game
        """The number of a club's finished game (its reviews are made and kept at the server)."""
        self.club_progress = ""
        """How far the club's coach is with the review asked for, in a few words."""
        self.coaching: Coaching | None = None
        self._coach_stored()
        self._review_at_once = review

    def on_mount(self) -> None:
        self._show()
        if self._review_at_once:
            self.action_review()

    def on_key(self, event: Key) -> None:
        """Say that a letter or digit no key of the replay (nor of the app) takes does nothing."""
        if not event.is_printable or event.key in self.active_bindings:
            return
        self.notify(
            f"{key_label(event.key)} does nothing in the replay: the key bar shows its keys.",
            timeout=3,
        )

    def board_resized(self) -> None:
        self._show()

    def part_switched(self) -> None:
        self.call_after_refresh(self._show)

    def _label(self, seat: int) -> str:
        return self.spec.seat_title(self.record.seat_names[seat])

    def _show(self) -> None:
        state = self.states[self.index]
        view = seat_view(self.spec.rules, state, self.seat)
        self.query_one(self.spec.ui.Board).show(view, self.seat, self.compact)
        log = self.query_one(GameLog)
        log.clear()
        over = self.states[-1].is_over
        words = self.spec.log
        for line in words.opening_lines(self.record, self.states[0]):
            log.write(line)
        coaching = self.coaching
        for move, ((seat, action), before, after) in enumerate(
            zip(self.moves[: self.index], self.states, self.states[1:], strict=False)
        ):
            private = seat == self.seat or over
            for line in words.log_lines(self.record, before, action, after, seat, private):
                log.write(line)
            marked = coaching.mark_line(move) if coaching and seat == coaching.seat else ""
            if marked:
                log.write(marked)
        self.query_one("#status", ViewText).show(self.status_words(self._status(view)))
        self.parts.follow_turn(self.index)

    def _status(self, view: dict) -> str:
        """Where the replay is and whose view it shows; under a review, without the game's
        title (and the seat watched when the review names it), so the review's progress and
        its key fit the status line at 80 columns; so does the club's coach's progress."""
        coaching = self.coaching
        # The keys (→ ← g v p r) are on the key bar: the status says where the replay is.
        where = [f"action {self.index}/{len(self.moves)}"]
        if "round" in view:
            where.append(f"round {view['round']}")
        if (coaching is None or coaching.seat != self.seat) and not self.club_progress:
            where.append(f"watching {self._label(self.seat)}")
        title = "Replay" if coaching or self.club_progress else f"Replay of {self.spec.title}"
        after = ""
        if coaching:
            after += f" · {coaching.progress(self.index)}"
        if self.club_progress:
            after += f" · {self.club_progress}"
        status = f"{title}: {', '.join(where)}{after}"
        if len(status) > (self.size.width or 80) and "round" in view:
            # The round gives way (the board's top line says it), not the review's key.
            status = f"{title}: {', '.join(w for w in where if w[:5] != 'round')}{after}"
        return status

    def action_forward(self) -> None:
        """One action forward."""
        self.index = min(self.index + 1, len(self.states) - 1)
        self._show()

    def action_back(self) -> None:
        """One action back."""
        self.index = max(self.index - 1, 0)
        self._show()

    def action_start(self) -> None:
        """Back to the start of the game."""
        self.index = 0
        self._show()

    def action_finish(self) -> None:
        """To the last action."""
        self.index = len(self.states) - 1
        self._show()

    def action_jump(self) -> None:
        """Go to the start of a round (or to a tenth of the game, for games without rounds)."""
        if "round" in seat_view(self.spec.rules, self.states[0], self.seat):  # a game of rounds
            rounds = sorted({s.round for s in self.states})
            labels = [f"Round {r}" for r in rounds]
            targets = [next(k for k, s in enumerate(self.states) if s.round == r) for r in rounds]
        else:
            last = len(self.states) - 1
            targets = sorted({last * k // 10 for k in range(11)})
            labels = [f"Action {t}" for t in targets]

        def chosen(i: int | None) -> None:
            if i is not None:
                self.index = targets[i]
                self._show()

        self.app.push_screen(ChoiceScreen("Go to", labels), chosen)

    def action_watch(self) -> None:
        """Choose whose view to watch."""
        names = [self._label(i) for i in range(len(self.record.seats))]

        def chosen(i: int | None) -> None:
            if i is not None:
                self.seat = i
                if not (self.coaching and self.coaching.running):
                    self._coach_stored()
                self._show()

        self.app.push_screen(ChoiceScreen("Watch which seat?", names), chosen)

    def _coach_stored(self) -> None:
        """Show the stored review of the seat watched, if the game holds one."""
        name = self.record.seat_names[self.seat]
        stored = name in self.record.reviews
        self.coaching = Coaching(self.record, self.states, self.seat) if stored else None

    def action_review(self) -> None:
        """The expert's review of the seat watched: start or go on with it, stop it, or offer
        its costliest decisions once it is complete (a club's game: the server makes it)."""
        coaching = self.coaching
        if self.club_game is not None and not (coaching and coaching.review.complete):
            self._ask_club()
            return
        if coaching is None or coaching.seat != self.seat:
            if coaching is not None and coaching.running:
                coaching.stop()
                return
            coaching = self.coaching = Coaching(self.record, self.states, self.seat)
            if coaching.coach.warning:
                self.notify(coaching.coach.warning, severity="warning")
        if coaching.running:
            coaching.stop()
        elif coaching.review.complete:
            self._offer_costliest()
        else:
            app = self.app
            self.run_worker(lambda: self._review(coaching, app), thread=True, group="review")
        self._show()

    def _ask_club(self) -> None:
        """Ask the club's coach for the review of the seat watched (made once, kept there)."""
        name = self.record.seat_names[self.seat]
        self.app.server_send({"type": "review", "game_id": self.club_game, "seat": name})
        self.club_progress = f"the club's coach is asked for {self._label(self.seat)}'s review"
        self._show()

    def club_reviewed(self, message: dict) -> None:
        """The club's coach says how far the review is, or sends it whole (then it is shown)."""
        title = message.get("title", "")
        if not isinstance(message.get("review"), dict):
            waiting = message.get("waiting", 0)
            after = f", {waiting} before it" if waiting else ""
            done, total = message.get("done", 0), message.get("total", 0)
            self.club_progress = f"the club's coach: {title} {done}/{total}{after}"
            self._show()
            return
        self.club_progress = ""
        self.record.reviews = {**self.record.reviews, message.get("seat"): message["review"]}
        watched = self.record.seat_names[self.seat] == message.get("seat")
        if watched:
            self._coach_stored()
        self._show()
        if watched and self.coaching is not None:
            if self.coaching.coach.warning:
                self.notify(self.coaching.coach.warning, severity="warning")
            elif self.coaching.review.complete:
                self._offer_costliest()

    def _review(self, coaching: Coaching, app) -> None:
        """In a thread: judge the decisions left, the status following; then store and offer."""
        complete = coaching.run(lambda judged: self._from_thread(app, self._show))
        self._from_thread(app, self._reviewed, complete)

    def _from_thread(self, app, callback, *args) -> None:
        """`callback` on the app's loop, if the app still runs (it may close mid-review; the
        screen, once left, no longer knows its app)."""
        with contextlib.suppress(RuntimeError):
            app.call_from_thread(self._while_shown, callback, *args)

    def _while_shown(self, callback, *args) -> None:
        """`callback` while this screen is up; once it is left, only the review is kept."""
        if self.is_attached and self in self.app.screen_stack:
            with contextlib.suppress(NoMatches):  # the screen is being taken down
                callback(*args)
        elif callback == self._reviewed:
            self._store()

    def _reviewed(self, complete: bool) -> None:
        self._store()
        self._show()
        if complete:
            self._offer_costliest()

    def _offer_costliest(self) -> None:
        title, lines, moves = self.coaching.costliest()
        if not lines:
            self.notify(f"{title} No decision lost as much as an inaccuracy.")
            return

        def chosen(i: int | None) -> None:
            if i is not None:
                self.index = moves[i]
                self._show()

        self.app.push_screen(ChoiceScreen(f"{title} Go to:", lines), chosen)

    def _store(self) -> None:
        """Keep the review with the game: in the save it was opened from, or the finished
        game's own file in the history (a club's game keeps its own records)."""
        if self._at_server:
            return
        record = self.coaching.keep()
        try:
            if self.path is not None:
                saves.write_record(record, saves.save_path(self.path))
            elif self.states[-1].is_over:
                saves.autosave(record, finished=True)
        except SaveError as exc:
            self.notify(f"The review is not kept: {exc}", severity="error")

    def action_play_here(self) -> None:
        """Play on from this point with the same seats."""
        from wish_tui.records import new_id

        record = self.record.truncated(self.index, self.states[self.index])
        record.id, record.name = new_id(), ""  # a new game: its autosave must not replace this one
        self.app.open_game(record, self.states[: self.index + 1], None)

    @property
    def _at_server(self) -> bool:
        """True for a game of a server's club (replayed there, left for its tables)."""
        return self.app.has_lobby

    def action_leave(self) -> None:
        """Back to the title screen (at a server: to its tables)."""
        if self._at_server:
            self.app.show_lobby()
        else:
            self.app.show_title()

    def on_unmount(self) -> None:
        if self.coaching is not None:
            self.coaching.stop()

    def check_action(self, action: str, parameters) -> bool | None:
        # A game of a server's club is replayed there, not played on in its data directory.
        if action == "play_here" and self._at_server:
            return False
        return super().check_action(action, parameters)

    def action_quit_app(self) -> None:
        """Quit, as `q` does in a game (the replayed save is not changed)."""

        def answered(index: int | None) -> None:
            if index == 0:
                self.app.exit()
            elif index == 1:
                self.action_leave()

        back = "Back to the tables" if self._at_server else "Back to the title screen"
        labels = ["Quit", back]
        self.app.push_screen(ChoiceScreen("Quit the replay?", labels), answered)
