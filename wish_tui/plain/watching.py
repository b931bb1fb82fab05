"""A table watched from the rail, as the table server sends it to a spectator, for `PlainTable`.

A spectator holds no seat: the server's ``table`` messages carry the view every seat sees alike
and the log for anyone at the table. `WatchedTable` reads those messages (the same ones the game
screens' watcher reads) and answers what `PlainTable` asks of a table with no seat of its own:
who sits where, whose decision it is, the view, the news. It holds nothing else.
"""

from __future__ import annotations

import time

from wish_tui.seat import Listener, Refused, SeatInfo


class WatchedTable:
    """A server's table as its spectators see it."""

    can_save = False

    def __init__(self, message: dict) -> None:
        self.id = message["table"]
        self.game = message["game"]
        self.listeners: list[Listener] = []
        self._unread: list[str] = []
        self._read(message)

    def _read(self, message: dict) -> None:
        self._unread += [str(line) for line in message.get("log", [])]
        self._unread += [f"💬 {line}" for line in message.get("chat", [])]
        self._seats = [SeatInfo.from_json(s) for s in message["seats"]]
        self._view = message["view"]
        self._actions = int(message["actions"])
        self._version = int(message.get("version", self._actions))
        self._over = bool(message["over"])
        self.ended = bool(message.get("ended"))
        self._deciding = message["deciding"]
        self._seed = message.get("seed")
        self.kind = message.get("kind", "live")
        self.clock = message.get("clock")
        """The table's clock as the server last said (`clocks.seat_clock` reads it)."""
        self.clock_at = time.monotonic()

    def update(self, message: dict) -> None:
        """What the server says of the table now."""
        self._read(message)
        for listener in list(self.listeners):
            listener.table_changed()

    @property
    def seats(self) -> list[SeatInfo]:
        return self._seats

    @property
    def deciding(self) -> int | None:
        return self._deciding

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def actions(self) -> int:
        return self._actions

    @property
    def version(self) -> int:
        return self._version

    @property
    def seed(self) -> int | None:
        return self._seed

    def view(self) -> dict:
        """What anyone at the table may see."""
        return self._view

    def news(self) -> list[str]:
        lines, self._unread = self._unread, []
        return lines

    def seat(self, index: int):
        raise Refused("You are watching: you hold no seat at this table.")

    def listen(self, listener: Listener) -> None:
        self.listeners.append(listener)

    def save(self, name: str):
        raise Refused("The server saves this table after every action.")
