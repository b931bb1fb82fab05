"""Replay: step through a saved game, seen as one seat could see it (everything after the end)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static

from wish_tui import saves
from wish_tui.wish import rules
from wish_tui.wish.ui.game_log import GameLog
from wish_tui.wish.ui.map_view import MapView
from wish_tui.wish.ui.offer_view import OfferView
from wish_tui.wish.ui.player_board import PlayerBoard
from wish_tui.wish.ui.style import DJINN_TITLE
from wish_tui.wish.ui.table import compose_table
from wish_tui.wish.ui.tracks_view import TracksView
from wish_tui.wish.ui.words import log_line

from .choice import ChoiceScreen


def replay_moves(record, states: list[rules.State]) -> list[tuple[int, rules.Action]]:
    """Who played each recorded action, and the action itself."""
    return [
        (before.current_player, rules.parse_action(before, text))
        for before, text in zip(states, record.actions, strict=False)
    ]


class ReplayScreen(Screen):
    """Forward, back, jump to a round, choose the seat to watch, play from here."""

    BINDINGS = [
        Binding("right,l", "forward", "Forward"),
        Binding("left,j", "back", "Back"),
        Binding("g", "jump", "Go to round"),
        Binding("v", "watch", "Watch seat"),
        Binding("p", "play_here", "Play from here"),
        Binding("q,escape", "leave", "Leave"),
    ]

    def __init__(self, record) -> None:
        super().__init__(classes="table")
        self.record = record
        self.states = saves.replay(record)
        self.moves = replay_moves(record, self.states)
        self.index = 0
        self.seat = 0

    def compose(self) -> ComposeResult:
        yield from compose_table(with_hand=False)
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        state = self.states[self.index]
        view = state.view(self.seat)
        self.query_one(MapView).update_view(view)
        self.query_one(TracksView).update_view(view)
        compact = self.size.height < 34 or self.size.width < 100
        self.query_one(OfferView).update_view(view, compact)
        self.query_one(PlayerBoard).update_view(view, self.seat, compact)
        log = self.query_one(GameLog)
        log.clear()
        for seat, action in self.moves[: self.index]:
            private = seat == self.seat or self.states[-1].is_over
            log.write(log_line(self.record.seats[seat]["djinn"], action, private))
        watched = DJINN_TITLE[self.record.seats[self.seat]["djinn"]]
        self.query_one("#status", Static).update(
            f"Replay: action {self.index}/{len(self.moves)}, round {state.round}, watching {watched}."
        )

    def action_forward(self) -> None:
        """One action forward."""
        self.index = min(self.index + 1, len(self.states) - 1)
        self._show()

    def action_back(self) -> None:
        """One action back."""
        self.index = max(self.index - 1, 0)
        self._show()

    def action_jump(self) -> None:
        """Go to the start of a round."""
        rounds = sorted({s.round for s in self.states})

        def chosen(i: int | None) -> None:
            if i is not None:
                self.index = next(k for k, s in enumerate(self.states) if s.round == rounds[i])
                self._show()

        self.app.push_screen(ChoiceScreen("Go to round", [f"Round {r}" for r in rounds]), chosen)

    def action_watch(self) -> None:
        """Choose whose view to watch."""
        names = [DJINN_TITLE[s["djinn"]] for s in self.record.seats]

        def chosen(i: int | None) -> None:
            if i is not None:
                self.seat = i
                self._show()

        self.app.push_screen(ChoiceScreen("Watch which seat?", names), chosen)

    def action_play_here(self) -> None:
        """Start a new game from this point with the same seats."""
        record = self.record.truncated(self.index, self.states[self.index])
        self.app.open_game(record, self.states[self.index], None)

    def action_leave(self) -> None:
        """Back to the title screen."""
        self.app.show_title()
