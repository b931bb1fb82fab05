"""The app's side of `wish-tui serve`: its line to the table server, and a table held there.

`Connection` runs inside the Textual app of one SSH session (`wish-tui client`): it says hello
with the session's token, then hands every message of the table server to the app. `RemoteTable`
is what a game screen sits at when the table lives on the server: a client of the seat API
(`wish_tui.tables.seat`) that holds only what the server sent this person — their seat's view and
choices — and sends actions to the server instead of applying them.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Mapping

from wish_tui import games
from wish_tui.core import environment
from wish_tui.tables.base import TableBase
from wish_tui.tables.seat import Choices, Hint, Listener, Refused, SeatInfo

from .line_protocol import LineReader
from .lobby_diff import LobbyFollower
from .lobby_shared import SharedFollower, decode_line
from .protocol import MAX_MESSAGE, ProtocolError, encode
from .table_diff import Follower, changed_keys

SOCKET_ENV = "WISH_TUI_SERVE_SOCKET"
"""Where the table server listens, in the environment of a session's app process."""
TOKEN_ENV = "WISH_TUI_SERVE_TOKEN"
"""The session's one-time token, in the environment of its app process."""
PLAIN_ENV = "WISH_TUI_PLAIN"
"""Set (to anything but '' or '0') in the environment of a session's app: the plain client runs
instead of the terminal app. `wish-tui serve` sets it for the SSH user name `plain`, for a client
that sends it (`ssh -o SetEnv=WISH_TUI_PLAIN=1`), and for a person whose profile asks ('plain on'
in the plain lobby, the club's 'plain' setting); to `PLAIN_BY_LINES` when the session has no
terminal of its own (a script: its lines come as from a pipe)."""
PLAIN_BY_LINES = "lines"


def asks_plain(env: Mapping[str, str]) -> bool:
    """True when `env` asks a session's app to be the plain client (`PLAIN_ENV`)."""
    return env.get(PLAIN_ENV, "") not in ("", "0")


class Connection:
    """This session's line to the table server."""

    def __init__(
        self,
        socket_path: str,
        token: str,
        on_message: Callable[[dict], None],
        on_failure: Callable[[BaseException], None] | None = None,
    ) -> None:
        self.lobby_with_welcome = False
        """Ask in the hello for the lobby's list with the welcome (the app shows it first)."""
        self.socket_path = socket_path
        self.token = token
        self.on_message = on_message
        self.on_failure = on_failure
        """Told of a fault in `on_message` (the client's own error, not the line's); the line
        is then read no more. Without it, the error ends the line's reading task."""
        self._transport: asyncio.Transport | None = None
        self._reader: LineReader | None = None
        self.tables = Follower()
        """The last message of each table, from which the server's diffs are made whole."""
        self.lobby = LobbyFollower()
        """The last lobby list, from which the server's lobby diffs are made whole."""
        self.lobby_parts = SharedFollower()
        """The lobby's shared part and this session's own, from which each list is made."""

    @classmethod
    def from_environment(
        cls,
        on_message: Callable[[dict], None],
        on_failure: Callable[[BaseException], None] | None = None,
    ) -> Connection:
        """The connection the server's SSH front end prepared for this process.

        Raises:
            RuntimeError: the process was not started by `wish-tui serve`.
        """
        path, token = environment.get(SOCKET_ENV, ""), environment.get(TOKEN_ENV, "")
        if not path or not token:
            raise RuntimeError("'wish-tui client' is started by 'wish-tui serve' for each player.")
        return cls(path, token, on_message, on_failure)

    async def open(self) -> None:
        """Connect and say hello; messages then arrive at `on_message`.

        Raises:
            OSError: the table server cannot be reached.
        """
        loop = asyncio.get_running_loop()
        transport, reader = await loop.create_unix_connection(
            lambda: LineReader(self._line, self._lost, MAX_MESSAGE + 2), self.socket_path
        )
        self._transport, self._reader = transport, reader
        hello = {
            "type": "hello",
            "token": self.token,
            "diffs": True,
            "list_diffs": True,
            "lobby_diffs": True,
            "lobby_shared": True,
        }
        if self.lobby_with_welcome:
            hello["lobby"] = True
        self.send(hello)

    def _line(self, line: bytes) -> bool:
        """Hand on the message of one line; False when its handling failed."""
        try:
            message = decode_line(line, MAX_MESSAGE)
        except ProtocolError as exc:
            message = {"type": "error", "error": str(exc)}
        return self._hand_on(message)

    def _lost(self) -> None:
        self._hand_on({"type": "lost"})

    def _hand_on(self, message: dict) -> bool:
        """Hand `message` to the client, a table's diff made whole first; False when its
        handling failed (told `on_failure`)."""
        if message["type"] in ("table", "table_diff"):
            whole = self.tables.whole(message)
            if whole is None:  # a diff from a message this client lacks: the whole table, asked
                self.send({"type": "resend", "table": str(message.get("table", ""))})
                return True
            message = whole
        elif message["type"] in ("lobby", "lobby_diff", "lobby_shared", "lobby_yours"):
            whole = self._lobby_made(message)
            if whole is None:
                return True
            message = whole
        elif message["type"] == "welcome" and isinstance(message.get("lobby"), dict):
            self.lobby_parts.take(self.lobby.whole(message["lobby"]))
        try:
            self.on_message(message)
        except Exception as exc:
            if self.on_failure is None:
                raise
            self.on_failure(exc)
            return False
        return True

    def _lobby_made(self, message: dict) -> dict | None:
        """The lobby's list that `message` makes whole; None when there is none to show yet (its
        other part comes next), or it is made from a list this client lacks (the whole list is
        asked)."""
        if message["type"] in ("lobby", "lobby_diff"):
            whole = self.lobby.whole(message)
            made = None if whole is None else self.lobby_parts.take(whole)
        else:
            made = self.lobby_parts.take(message)
        if made is None:
            self.send({"type": "lobby_resend"})
        return None if made is None or made is SharedFollower.WAIT else made

    def send(self, message: dict) -> None:
        """Send one message (dropped when the line is closed)."""
        if self._transport is not None and not self._transport.is_closing():
            self._transport.write(encode(message))

    def close(self) -> None:
        """Close the line: nothing more is handed on, not even that it was lost."""
        if self._reader is not None:
            self._reader.stop()
            self._reader = None  # (it holds this connection's methods: a cycle)
        if self._transport is not None:
            with contextlib.suppress(Exception):
                self._transport.close()


def in_order(log: list[str], chat: list[str], after) -> list[str]:
    """A table message's new log and chat lines as they were said: each chat line after the
    first `after[i]` log lines (a server that does not say, or says it wrongly: after them all)."""
    if not isinstance(after, list) or len(after) != len(chat):
        return log + chat
    lines, start = [], 0
    for line, at in zip(chat, after, strict=True):
        if isinstance(at, int) and not isinstance(at, bool):
            at = min(max(at, start), len(log))
            lines += log[start:at]
            start = at
        lines.append(line)
    return lines + log[start:]


def _changed_since(before: dict | None, message: dict, changes: dict | None) -> frozenset | None:
    """The keys of `message` that `changes` (the diff it was made from) changed, when it was
    made from `before` (the message just before on the line); else None."""
    if changes is None or before is None:
        return None
    number, last = message.get("n"), before.get("n")
    if not isinstance(number, int) or not isinstance(last, int) or number != last + 1:
        return None
    return changed_keys(changes)


def _view_changes(
    before: dict | None, message: dict, changes: dict | None, changed: frozenset | None
) -> tuple[dict, dict, frozenset] | None:
    """The view before, the view now and the keys of it that changed, when the diff says."""
    if changed is None or before is None:
        return None
    if "view" not in changed:
        return (before["view"], message["view"], frozenset())
    inner = changes.get("sub", {}).get("view")
    if inner is None:  # the view sent whole
        return None
    return (before["view"], message["view"], changed_keys(inner))


class ServerTable(TableBase):
    """What the table server last said of a table (its ``table`` messages), as any client of
    it reads them: who sits where, whose decision it is, the view, the log lines not read yet,
    the clock. `RemoteTable` (a seat) and the plain client's watched table build on it."""

    in_club_history = True

    def __init__(self, message: dict) -> None:
        self.id = message["table"]
        self.game = message["game"]
        self.listeners: list[Listener] = []
        self._unread: list[str] = []
        self.message: dict | None = None
        self._read(message, None)

    def _read(self, message: dict, changes: dict | None) -> None:
        before, self.message = self.message, message
        self.changed = changed = _changed_since(before, message, changes)
        """The keys of the message that changed since the one before (None: read whole)."""
        self._unread += in_order(
            [str(line) for line in message.get("log", [])],
            [f"💬 {line}" for line in message.get("chat", [])],
            message.get("chat_after"),
        )
        if changed is None or "seats" in changed:
            self._seats = [SeatInfo.from_json(s) for s in message["seats"]]
        self._view: dict = message["view"]
        self.view_changes = _view_changes(before, message, changes, changed)
        self._actions: int = int(message["actions"])
        self._version: int = int(message.get("version", self._actions))
        self._over: bool = bool(message["over"])
        self.ended: bool = bool(message.get("ended"))
        """True once the server keeps the game's end: it is over, or it ended early (no person
        left, a seat given up at two seats, an aborted game; no bot plays on, though the
        position is not over). The view's "scores" are then the final scoring as the club
        settled it (`core.ranking.settled`): its ranking is the one the history keeps."""
        self._deciding: int | None = message["deciding"]
        self._seed: int | None = message.get("seed")
        self.kind: str = message.get("kind", "live")
        self.clock: dict | None = message.get("clock")
        """The table's clock as the server last said (seconds left per seat, whose runs)."""
        self.clock_at = time.monotonic()
        """When `clock` was read (the running seat's time has gone down since)."""

    def update(self, message: dict, changes: dict | None = None) -> None:
        """Take in what the server says of the table now, and tell the listeners. `changes`:
        the diff `message` was made from (`table_diff.Follower.changes_of`), if any: what it
        did not change is kept as it was read."""
        self._read(message, changes)
        self._tell("table_changed")

    def _tell(self, event: str, *args) -> None:
        for listener in list(self.listeners):
            handler = getattr(listener, event, None)
            if handler is not None:
                handler(*args)

    @property
    def seats(self) -> list[SeatInfo]:
        return self._seats

    @property
    def deciding(self) -> int | None:
        return self._deciding

    @property
    def is_over(self) -> bool:
        """True once the game is over by its rules, or ended early at the server."""
        return self._over or self.ended

    @property
    def actions(self) -> int:
        return self._actions

    @property
    def version(self) -> int:
        return self._version

    @property
    def seed(self) -> int | None:
        """The game's seed, once the game is over."""
        return self._seed

    def seat_news(self, message: dict) -> None:
        """Read in a notice which seat's person has been away long enough for a bot to play
        for them (``away``), or is back (``back``)."""
        for key, seats in (("away", self.away_long.add), ("back", self.away_long.discard)):
            seat = message.get(key)
            if isinstance(seat, int) and not isinstance(seat, bool):
                seats(seat)

    def listen(self, listener: Listener) -> None:
        self.listeners.append(listener)

    def save(self, name: str):
        raise Refused("The server saves this table after every action.")

    def news(self) -> list[str]:
        """The log and chat lines not shown yet (each is given once)."""
        lines, self._unread = self._unread, []
        return lines

    def clock_left(self, seat: int) -> float | None:
        """Seconds `seat` has left now, as the server's clock counts (None: no clock)."""
        clock = self.clock
        if clock is None:
            return None
        left = clock["left"][seat]
        if clock.get("running") == seat:
            left -= time.monotonic() - self.clock_at
        return max(0.0, left)


class RemoteTable(ServerTable):
    """A table held by the table server, as this person's seat sees it (`wish_tui.tables.seat`).

    It holds what the server last said of the table — this seat's view and choices, who sits
    where, the log lines not read yet — and sends what the person does; the server's answer comes
    back as a new message (`update`), a refusal (`refused`) or a hint (`hinted`), each told to the
    listeners.
    """

    can_chat = True
    """Others sit at a server's table to chat with."""

    def __init__(self, connection: Connection, message: dict) -> None:
        self.connection = connection
        self.spec = games.get(message["game"])
        self._untold: list[str] = []
        self.away_long: set[int] = set()
        super().__init__(message)

    # -- what the server says ------------------------------------------------------------------
    def refused(self, sentence: str) -> None:
        """The server refused what was sent; nothing changed."""
        self._tell("table_refused", sentence)

    def noticed(self, sentence: str) -> None:
        """Something the server tells this person of the table (a person away a while); one
        told before the table's screen listens waits for it (a rematch's invitations sent,
        what a bot chose while you were away)."""
        if not self.listeners:
            self._untold.append(sentence)
            return
        self._tell("table_notice", sentence)

    def listen(self, listener: Listener) -> None:
        super().listen(listener)
        untold, self._untold = self._untold, []
        for sentence in untold:
            self._tell("table_notice", sentence)

    def hinted(self, message: dict) -> None:
        """A hint asked for has come."""
        try:
            hint = Hint.from_json(message)
        except (KeyError, TypeError, ValueError):
            return
        self._tell("table_hint", hint)

    def explained(self, message: dict) -> None:
        """The rules' sentence on an action asked about with `why`."""
        self._tell("table_why", str(message.get("action", "")), str(message.get("text", "")))

    def _read(self, message: dict, changes: dict | None) -> None:
        self.my_seat: int | None = message["seat"]
        super()._read(message, changes)
        if self.changed is None or not self.changed.isdisjoint(("choices", "seat")):
            self._choices = Choices.from_json(message.get("choices") or {"seat": self.my_seat})
        self.is_owner: bool = bool(message.get("owner"))
        self.spectator_chat: bool = message.get("spectator_chat", True) is not False
        """True while those who watch the table may chat (its players may turn it off)."""
        self.muted: list[str] = [str(name) for name in message.get("muted") or ()]
        """The people of this table whose chat this person muted."""

    # -- the table as a client sees it ---------------------------------------------------------
    def seat(self, index: int) -> RemoteSeat:
        """This person's seat (the only one this process may sit at)."""
        if index != self.my_seat or index is None:
            raise Refused("You hold no other seat at this table.")
        return RemoteSeat(self, index)

    def chat(self, text: str) -> None:
        self.connection.send({"type": "chat", "table": self.id, "text": text})

    @property
    def held_seats(self) -> list[int]:
        # A seat given up for good is no longer `mine` (its person plays it no more), but the
        # server still says it is this person's (`seat`).
        return [] if self.my_seat is None else [self.my_seat]

    @property
    def can_resign(self) -> bool:
        """True while this person plays a seat of a game not over (they may give it up)."""
        return not self.is_over and self.my_seat is not None and self._seats[self.my_seat].mine

    @property
    def can_hand_to_bot(self) -> bool:
        """True for the owner and the players of the table: they may let a bot play for a
        person who left it (`z`; the server says when that person has been away long enough)."""
        return self.is_owner or (self.my_seat is not None and self._seats[self.my_seat].mine)

    def resign(self) -> None:
        self.connection.send({"type": "resign", "table": self.id})

    def rematch(self) -> None:
        self.connection.send({"type": "rematch", "table": self.id})

    def hand_to_bot(self, seat: int, on: bool) -> None:
        self.connection.send({"type": "hand_to_bot", "table": self.id, "seat": seat, "on": on})

    def mute(self, name: str, on: bool) -> None:
        """Hide (or show again) a member's chat, for this person alone, at every table."""
        self.connection.send({"type": "mute", "name": name, "on": on})

    def set_spectator_chat(self, on: bool) -> None:
        """Let those who watch the table chat, or not (a player's call)."""
        self.connection.send({"type": "spectator_chat", "table": self.id, "on": on})


class RemoteSeat:
    """This person's seat at a `RemoteTable`: what the server last said of it, and what the
    person does, sent to the server."""

    def __init__(self, table: RemoteTable, seat: int) -> None:
        self.table = table
        self.seat = seat
        self.connection = table.connection
        self.id = table.id

    def view(self) -> dict:
        """The view of this person's seat (the only one this process ever has)."""
        return self.table._view

    def choices(self) -> Choices:
        return self.table._choices

    def play(self, notation: str) -> None:
        self.connection.send(
            {"type": "play", "table": self.id, "action": notation, "expect": self.table.actions}
        )

    def undo(self) -> None:
        self.connection.send({"type": "undo", "table": self.id})

    def hint(self) -> None:
        self.connection.send({"type": "hint", "table": self.id})

    def why(self, notation: str) -> str | None:
        """The rules' sentence on why `notation` is not legal now ('' when it is), when this
        client knows it; else None, and the server's answer comes as `table_why`."""
        choices = self.table._choices
        if choices.find(notation) is not None:
            return ""
        if notation in choices.refusals:
            return choices.refusals[notation]
        self.connection.send({"type": "why", "table": self.id, "action": notation})
        return None

    def news(self) -> list[str]:
        """The log and chat lines not shown yet (each is given once)."""
        return self.table.news()
