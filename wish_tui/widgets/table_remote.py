"""The table screen at a table of `wish-tui serve`: the server's news and refusals, chat, and a
bot for a person who left.

A part of `TableScreen` kept in its own file (mixed into it): a local table never calls it.
"""

from __future__ import annotations

from .choice_panel import ChoicePanel
from .game_log import GameLog
from .line_input import LineInput


class TableRemote:
    """What a `TableScreen` does at a server's table (`wish_tui.server.client.RemoteTable`)."""

    def on_table_message(self, message: dict) -> None:
        """The server's news of this table: the new view, log lines, chat; then go on."""
        self.table.update(message)
        if not self.is_mounted:
            return  # on_mount shows it all
        self._write_unread()
        self._clear_hint()
        if self.busy and not self.query_one(ChoicePanel).is_open:
            self.busy = False
        self.refresh_view()
        self.proceed()

    def on_server_error(self, text: str) -> None:
        """The server refused what this screen sent: say so; the table did not change."""
        self.notify(text, severity="error")
        if self.busy and not self.query_one(ChoicePanel).is_open:
            self.busy = False
            self.refresh_view()
            self.proceed()

    def _write_unread(self) -> None:
        log = self.query_one(GameLog)
        for line in self.table.take_unread():
            log.write(line)

    def action_chat(self) -> None:
        """Say something to the table (one line)."""
        if not self.table.remote:
            return

        def said(text: str | None) -> None:
            if text:
                self.table.send_chat(text)

        self.app.push_screen(LineInput("Say to the table (Enter sends, Esc cancels):", 200), said)

    def action_hand_to_bot(self) -> None:
        """The owner lets a bot play for a person who left (and gives the seat back)."""
        table = self.table
        if not table.remote or not table.is_owner:
            return
        seats = [i for i in range(table.num_seats) if table.is_human(i) and not table.is_mine(i)]
        if not seats:
            self.notify("No other person sits at this table.", severity="warning")
            return
        labels = []
        for seat in seats:
            entry = table.seats[seat]
            verb = "Give back to" if entry["zombie"] else "Let a bot play for"
            labels.append(f"{verb} {table.seat_label(seat)}")

        def chosen(index: int) -> None:
            seat = seats[index]
            table.send_hand_to_bot(seat, not table.seats[seat]["zombie"])

        self._ask("Which seat?", labels, chosen)
