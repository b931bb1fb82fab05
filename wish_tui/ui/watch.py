"""Watching a table of `wish-tui serve`: the board as every seat sees it alike, the log and chat.

A spectator holds no seat, so the server sends only what all the seats see the same way: no hand,
no secret card, no seat's decision. The screen shows it on the game's own board, and once the game
is over its final scoring, as the players see it (Enter shows it again).
"""

from __future__ import annotations

import contextlib

from textual.binding import Binding

from wish_tui import games
from wish_tui.tables.remote import ServerTable
from wish_tui.ui.screens.board_screen import BoardScreen
from wish_tui.ui.screens.choice_screen import ChoiceScreen
from wish_tui.ui.screens.clock_tick import ClockTick
from wish_tui.ui.screens.line_input import LineInput
from wish_tui.ui.screens.table_people import ask_whom_to_mute, clock_line, mute_options
from wish_tui.widgets.game_log import GameLog
from wish_tui.widgets.view_text import ViewText

WATCH_KEYS = """\
/  chat with the table         o  mute a player's chat (for you alone)
v  another seat's board        Enter  the final scoring, once it is over
q  Esc  back to the tables     PageUp/PageDown  scroll the log
Tab  another part of the board (a narrow terminal)
"""
"""A watcher's keys, for `?` (the board's marks follow, as a watcher reads them)."""


class WatchScreen(BoardScreen):
    """A table watched from the rail."""

    BINDINGS = [
        Binding("slash", "chat", "Chat", key_display="/"),
        Binding("v", "seat", "Seat shown"),
        Binding("o", "people", "Mute chat"),
        Binding("q,escape", "leave", "Back to the tables"),
        Binding("enter", "scoring", show=False),
        Binding("question_mark", "keys", "Keys", key_display="?"),
    ]

    def __init__(self, message: dict) -> None:
        spec = games.get(message["game"])
        super().__init__(spec.ui.Board)
        self.table_id = message["table"]
        self.spec = spec
        self.message = message
        self.table = ServerTable(message)
        """The table as the server last said (its clock, the log and chat lines not shown)."""
        self.clock_tick = ClockTick(self, WatchScreen._show)
        """While the table's clock runs, the status line counts it down as its words change."""
        self.shown_seat = 0
        self.scoring_shown = False
        """True once the final scoring opened by itself (then only Enter opens it)."""

    def on_mount(self) -> None:
        self.call_after_refresh(self._told)
        self.clock_tick.start()

    def board_resized(self) -> None:
        self._show()

    def part_switched(self) -> None:
        self.call_after_refresh(self._show)

    def on_table_message(self, message: dict) -> None:
        """The server's news of the table (shown once the screen is mounted)."""
        self.message = message
        self.table.update(message)
        if self.is_mounted:
            self._told()

    def _told(self) -> None:
        """Show the table's news: its new log and chat lines, the board, the clock."""
        log = self.query_one(GameLog)
        for line in self.table.news():
            log.write(line)
        self._show()
        self.clock_tick.follow()
        if self._is_over() and not self.scoring_shown:
            self.scoring_shown = True
            self.action_scoring()

    def _is_over(self) -> bool:
        return bool(self.message["over"] or self.message.get("ended"))

    def _show(self) -> None:
        message = self.message
        view = message["view"]
        # A board that needs a seat's own cards shows what it can.
        with contextlib.suppress(KeyError, IndexError, TypeError):
            self.query_one(self.spec.ui.Board).show(view, self.shown_seat, self.compact)
        seats = message["seats"]
        if self._is_over() and self._scoring_open():
            status = "The game is over: its final scoring is shown; Esc there shows the board."
        elif self._is_over():
            status = "The game is over: Enter shows the final scoring."
        elif message["waiting_for"]:
            status = f"Watching table {self.table_id}: waiting for {message['waiting_for']}."
        else:
            status = f"Watching table {self.table_id}."
        shown = seats[self.shown_seat]["label"] if seats else ""
        words = f"{status} Board of {shown} · v another seat · / chat · o mute · q back"
        clock = clock_line(self.table)
        if clock:
            words = f"{clock} │ {words}"
        self.query_one("#status", ViewText).show(self.status_words(words))
        self.parts.follow_turn(message["waiting_for"])

    def action_scoring(self) -> None:
        """The final scoring, once the game is over (Esc there looks at the board again)."""
        from wish_tui.core.ranking import result_lines
        from wish_tui.tables.seat import SeatInfo

        message = self.message
        view = message["view"]
        if not self._is_over() or self._scoring_open():
            return
        if "scores" not in view:  # the club's settled scoring not told yet: as it stands
            view = {**view, "scores": view["projection"]}
        window = self.spec.ui.GameScreen.final_scoring(view, message.get("seed"))
        labels = [SeatInfo.from_json(seat).named for seat in message["seats"]]
        window.notes = tuple(result_lines(view["scores"], labels))
        window.online = True
        # The status line under the window says it is shown, and again when it closes.
        self.app.push_screen(window, lambda _: self._show() if self.is_mounted else None)
        self._show()

    def _scoring_open(self) -> bool:
        """True while a final scoring window is open over the board."""
        from wish_tui.ui.screens.final_scoring import FinalScoringScreen

        return any(isinstance(shown, FinalScoringScreen) for shown in self.app.screen_stack)

    def action_keys(self) -> None:
        """Show a watcher's keys and the board's marks."""
        from wish_tui.ui.screens.help_screens import KeysScreen

        text = WATCH_KEYS + self.spec.ui.WATCH_MARKS
        self.app.push_screen(KeysScreen(text, f"Keys of {self.spec.title}, watched"))

    def action_seat(self) -> None:
        """Show the next seat's board (what all may see of it)."""
        self.shown_seat = (self.shown_seat + 1) % max(1, len(self.message["seats"]))
        self._show()

    def action_chat(self) -> None:
        """Say something to the table."""

        def said(text: str | None) -> None:
            if text:
                self.app.server_send({"type": "chat", "table": self.table_id, "text": text})

        self.app.push_screen(LineInput("Say to the table (Enter sends, Esc cancels):", 200), said)

    def action_people(self) -> None:
        """Mute or unmute a player's chat (for you alone), or anyone's by name."""
        players = [seat["person"] for seat in self.message["seats"] if seat.get("person")]
        options = mute_options(players, self.message.get("muted") or (), self._mute)
        options.append(
            ("Mute someone else by name…", lambda: ask_whom_to_mute(self.app, self._mute))
        )

        def chosen(index: int | None) -> None:
            if index is not None:
                options[index][1]()

        labels = [label for label, _ in options]
        self.app.push_screen(ChoiceScreen("The people at this table", labels), chosen)

    def _mute(self, name: str, on: bool) -> None:
        self.app.server_send({"type": "mute", "name": name, "on": on})

    def action_leave(self) -> None:
        """Back to the tables."""
        self.app.show_lobby()
