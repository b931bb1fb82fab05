"""The app's side of `wish-tui serve`: its line to the table server, and a table held there.

`Connection` runs inside the Textual app of one SSH session (`wish-tui client`): it says hello
with the session's token, then hands every message of the table server to the app. `RemoteTable`
is what a game screen sits at when the table lives on the server: it holds only this person's
view of their seat (and, so the game's screen can explain a refused key in the rules' words, a
position built from that view alone with `determinize`), and it sends actions to the server
instead of applying them.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable

from wish_tui import games

from .protocol import MAX_MESSAGE, ProtocolError, decode, encode

SOCKET_ENV = "WISH_TUI_SERVE_SOCKET"
TOKEN_ENV = "WISH_TUI_SERVE_TOKEN"


class Connection:
    """This session's line to the table server."""

    def __init__(self, socket_path: str, token: str, on_message: Callable[[dict], None]) -> None:
        self.socket_path = socket_path
        self.token = token
        self.on_message = on_message
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task | None = None

    @classmethod
    def from_environment(cls, on_message: Callable[[dict], None]) -> Connection:
        """The connection the server's SSH front end prepared for this process.

        Raises:
            RuntimeError: the process was not started by `wish-tui serve`.
        """
        path, token = os.environ.get(SOCKET_ENV, ""), os.environ.get(TOKEN_ENV, "")
        if not path or not token:
            raise RuntimeError("'wish-tui client' is started by 'wish-tui serve' for each player.")
        return cls(path, token, on_message)

    async def open(self) -> None:
        """Connect and say hello; messages then arrive at `on_message`.

        Raises:
            OSError: the table server cannot be reached.
        """
        reader, writer = await asyncio.open_unix_connection(self.socket_path, limit=MAX_MESSAGE + 2)
        self._writer = writer
        self.send({"type": "hello", "token": self.token})
        self._task = asyncio.get_running_loop().create_task(self._read(reader))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                line = await reader.readline()
                if not line:
                    break
                try:
                    message = decode(line, MAX_MESSAGE)
                except ProtocolError as exc:
                    message = {"type": "error", "error": str(exc)}
                self.on_message(message)
        except (ConnectionError, asyncio.LimitOverrunError, ValueError):
            pass
        self.on_message({"type": "lost"})

    def send(self, message: dict) -> None:
        """Send one message (dropped when the line is closed)."""
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(encode(message))

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._writer is not None:
            with contextlib.suppress(Exception):
                self._writer.close()


class RemoteTable:
    """A game held by the table server, as this person's seat sees it."""

    remote = True

    def __init__(self, connection: Connection, message: dict) -> None:
        self.connection = connection
        self.id = message["table"]
        self.spec = games.get(message["game"])
        self.rules = self.spec.rules
        self._state = None
        self._unread: list[str] = []
        self.update(message)

    def update(self, message: dict) -> None:
        """Take in what the server says of the table now."""
        self.message = message
        self._unread += message.get("log", [])
        self._unread += [f"💬 {line}" for line in message.get("chat", [])]
        self.my_seat: int | None = message["seat"]
        self.seats: list[dict] = message["seats"]
        self._view: dict = message["view"]
        self.actions: int = message["actions"]
        self.is_over: bool = message["over"]
        self.current_player: int | None = message["deciding"]
        self.waiting_for: str = message.get("waiting_for", "")
        self._can_undo: bool = bool(message.get("can_undo"))
        self._no_undo: str = message.get("why_no_undo", "")
        self.seed: int | None = message.get("seed")
        self.is_owner: bool = bool(message.get("owner"))
        self._state = None
        self._legal_text: list[str] = list(message.get("legal", []))

    # -- what the screen asks ------------------------------------------------------------------
    @property
    def record(self):
        """There is no record here: the server keeps it (and saves it after every action)."""
        return None

    @property
    def num_seats(self) -> int:
        return len(self.seats)

    def who(self, seat: int) -> str:
        return self.seats[seat]["who"]

    def is_human(self, seat: int) -> bool:
        return self.who(seat) == "human"

    def is_mine(self, seat: int | None) -> bool:
        return seat is not None and seat == self.my_seat

    def seat_name(self, seat: int) -> str:
        return self.seats[seat]["name"]

    def seat_label(self, seat: int) -> str:
        """'Water (bob)', with '(away)' when they are not connected."""
        entry = self.seats[seat]
        label = entry["label"]
        if entry["who"] == "human" and entry["person"] and not entry["connected"]:
            label += " — away"
        return label

    def view(self, seat: int) -> dict:
        """The view of this person's seat (the only one this process ever has)."""
        return self._view

    @property
    def state(self):
        """A position consistent with this seat's view (hidden cards sampled), for the game
        screen's explanations and, once the game is over, its final scoring; never the server's
        position."""
        if self._state is None and self.my_seat is not None:
            try:
                self._state = self.rules.determinize(self._view, 0)
            except (ValueError, KeyError, TypeError, IndexError):
                self._state = None
        return self._state

    def legal(self) -> list:
        """This seat's legal actions now (empty when it is not its decision)."""
        state = self.state
        if state is None or not self._legal_text:
            return []
        actions = []
        for text in self._legal_text:
            try:
                actions.append(self.rules.parse_action(state, text))
            except ValueError:
                continue
        return actions

    def take_unread(self) -> list[str]:
        """The log and chat lines not shown yet (each is given once)."""
        lines, self._unread = self._unread, []
        return lines

    def can_undo(self) -> bool:
        return self._can_undo

    def why_no_undo(self) -> str:
        return self._no_undo or "There is nothing of yours to undo."

    # -- what the screen does ------------------------------------------------------------------
    def send_play(self, action) -> None:
        self.connection.send(
            {"type": "play", "table": self.id, "action": str(action), "expect": self.actions}
        )

    def send_undo(self) -> None:
        self.connection.send({"type": "undo", "table": self.id})

    def send_chat(self, text: str) -> None:
        self.connection.send({"type": "chat", "table": self.id, "text": text})

    def send_hand_to_bot(self, seat: int, on: bool) -> None:
        self.connection.send({"type": "hand_to_bot", "table": self.id, "seat": seat, "on": on})

    def hint(self, seat: int, state=None) -> tuple[object, str]:
        """What the strongest bot would do for this seat, thought out here from its view."""
        state = state or self.state
        bot = self.spec.bots.make_bot("hard", seed=self.actions)
        return bot.hint(state.view(seat), state.legal_actions())
