"""One outside bot at the table server: its sessions there, and its lines and events between.

The gateway is a client of the table server like any session app (`wish_tui.tables.protocol`
over its Unix socket, each session with a one-time token): one session stays in the lobby,
where the bot's challenges come from (invitations, seeks), and one more shows each table the bot
sits at, so the table server sends it that seat's view and choices and nothing else, exactly
what a person's seat gets. When the bot goes (its SSH channel or HTTP stream ends), every
session goes with it: the table server sees a person leave, whose clock runs on.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

from wish_tui.core.excerpt import excerpt
from wish_tui.tables.protocol import MAX_MESSAGE, encode

from .events import BotLineError, TableSeen, challenges_of, request_of, table_events

HELLO_WAIT = 10.0
"""Seconds the table server has to welcome a new session of the bot."""


class GatewayClosed(Exception):
    """The table server let the bot go; the text is its sentence."""


class HubLink:
    """One session of the table server over its socket."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, hub, person: str, name: str, **hello) -> tuple[HubLink, dict]:
        """A new session of `person`, welcomed: the link and its welcome.

        Raises:
            GatewayClosed: the table server refused it (one sentence).
        """
        reader, writer = await asyncio.open_unix_connection(
            str(hub.socket_path), limit=MAX_MESSAGE + 2
        )
        link = cls(reader, writer)
        link.send({"type": "hello", "token": hub.register_session(person, name), **hello})
        welcome = await asyncio.wait_for(link.welcome(), HELLO_WAIT)
        if welcome is None or welcome.get("type") != "welcome" or welcome.get("needs_name"):
            link.close()
            said = (welcome or {}).get("error") or "This key belongs to no member of the club."
            raise GatewayClosed(said)
        return link, welcome

    async def welcome(self) -> dict | None:
        """The table server's answer to the hello: its welcome or its refusal (a notice sent
        while the session is welcomed, an invitation's, comes before it and is let go)."""
        while (message := await self.receive()) is not None:
            if message.get("type") in ("welcome", "error"):
                return message
        return None

    def send(self, message: dict) -> None:
        if not self.writer.is_closing():
            self.writer.write(encode(message))

    async def receive(self) -> dict | None:
        """The next message, or None once the session has ended."""
        try:
            line = await self.reader.readuntil(b"\n")
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            return None
        return json.loads(line)

    def close(self) -> None:
        self.writer.close()


class BotGateway:
    """One connected outside bot: its lines in (`feed`), its events out (`emit`).

    Args:
        hub: the table server (`socket_path`, `register_session`).
        person: how the table server knows the bot member ('P12').
        name: its name in the club.
        emit: sends one event to the bot (a JSON-safe dict).
    """

    def __init__(self, hub, person: str, name: str, emit: Callable[[dict], None]) -> None:
        self.hub, self.person, self.name, self.emit = hub, person, name, emit
        self.lobby: HubLink | None = None
        self.tables: dict[str, HubLink] = {}
        self.seen: dict[str, TableSeen] = {}
        self.told: set[str] = set()
        """The challenges told so far (each once)."""
        self._tasks: set[asyncio.Task] = set()
        self._closed = asyncio.Event()
        self._welcomed = asyncio.Event()
        """Set once the welcome is sent: the bot's lines are answered after it, never before."""

    async def run(self) -> None:
        """Welcome the bot and follow its lobby until it goes or the table server ends.

        Raises:
            GatewayClosed: the table server refused the bot (one sentence).
        """
        self.lobby, welcome = await HubLink.open(self.hub, self.person, self.name, lobby=True)
        self.emit(
            {
                "type": "welcome",
                "name": welcome.get("name"),
                "games": [g["name"] for g in welcome.get("games", [])],
                "protocol": 1,
            }
        )
        self._welcomed.set()
        if isinstance(welcome.get("lobby"), dict):
            self._on_lobby(welcome["lobby"])
        reading = self._spawn(self._follow(self.lobby, None))
        closing = asyncio.ensure_future(self._closed.wait())
        try:
            await asyncio.wait([reading, closing], return_when=asyncio.FIRST_COMPLETED)
        finally:
            closing.cancel()
            await self.close()

    async def ready(self) -> bool:
        """Wait until the bot is welcomed (True), or its gateway closed first (False)."""
        if not self._welcomed.is_set():
            welcomed = asyncio.ensure_future(self._welcomed.wait())
            closing = asyncio.ensure_future(self._closed.wait())
            await asyncio.wait([welcomed, closing], return_when=asyncio.FIRST_COMPLETED)
            welcomed.cancel()
            closing.cancel()
        return self._welcomed.is_set() and not self._closed.is_set()

    async def feed(self, line: bytes) -> None:
        """Answer one line of the bot, after its welcome: sent on to the table server, or one
        error event."""
        if not await self.ready():
            return
        try:
            request = self.check(line)
        except BotLineError as exc:
            said = excerpt(line.rstrip(b"\r\n").decode("utf-8", "replace"))
            self.emit({"type": "error", "error": str(exc), "line": said})
            return
        self.forward(request)

    def check(self, line: bytes) -> dict | None:
        """The table server's request for a bot's line (None: a ping).

        Raises:
            BotLineError: the line is not a message of the protocol (one sentence).
        """
        expected = {t: s.actions for t, s in self.seen.items() if s.turn is not None}
        return request_of(line, expected)

    def forward(self, request: dict | None) -> None:
        """Send a checked request on to the session it belongs to (None: answer a ping)."""
        if request is None:
            self.emit({"type": "pong"})
            return
        link = self.tables.get(request.get("table", "")) or self.lobby
        if link is not None:
            link.send(request)

    async def close(self) -> None:
        """End every session of the bot (its seats stay; its clocks run)."""
        self._closed.set()
        links = [self.lobby, *self.tables.values()]
        for link in links:
            if link is not None:
                link.close()
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    # -- inside ----------------------------------------------------------------------------------
    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _follow(self, link: HubLink, table: str | None) -> None:
        """Pass on what the table server says to one session, until it ends."""
        try:
            await self._pass_on(link, table)
        except (ValueError, KeyError, TypeError) as exc:  # a message this gateway cannot read
            self.emit(
                {"type": "error", "error": f"The server's news was lost ({exc!r}).", **_at(table)}
            )
        if table is None:
            self._closed.set()  # the lobby's session ended: the table server let the bot go

    async def _pass_on(self, link: HubLink, table: str | None) -> None:
        while (message := await link.receive()) is not None:
            kind = message.get("type")
            if kind == "lobby":
                self._on_lobby(message)
            elif kind == "table":
                await self._on_table(link, message)
            elif kind == "error":
                self.emit({"type": "error", "error": message.get("error", ""), **_at(table)})
                if message.get("final"):
                    self._closed.set()
                    return
            elif kind == "notice":
                self.emit({"type": "notice", "text": message.get("text", ""), **_at(table)})

    def _on_lobby(self, lobby: dict) -> None:
        for event in challenges_of(lobby, self.told):
            self.emit(event)
        tables = [t for t in lobby.get("tables", []) if t.get("mine")]
        mine = {t["table"] for t in tables}
        playing = {t["table"] for t in tables if not t.get("ended")}
        for table_id in playing - set(self.tables):
            self._spawn(self._open_table(table_id))
        for table_id, seen in list(self.seen.items()):
            if table_id not in mine and not seen.ended:
                seen.ended = True
                self.emit({"type": "end", "table": table_id, "scores": None, "closed": True})
                link = self.tables.pop(table_id, None)
                if link is not None:
                    link.close()

    async def _on_table(self, link: HubLink, message: dict) -> None:
        table_id = message.get("table", "")
        if link is self.lobby:
            # Seated from the lobby (a challenge taken): the table gets a session of its own
            # before the lobby's goes back to the lobby, so the bot never leaves the table.
            if table_id not in self.tables:
                await self._open_table(table_id)
            link.send({"type": "lobby"})
            return
        seen = self.seen.setdefault(table_id, TableSeen())
        for event in table_events(message, seen):
            self.emit(event)
        if seen.ended and self.tables.get(table_id) is link:
            # The game is over: its session goes, so a bot that plays for days holds none of
            # the tables it finished (its lobby still lists them, ended: never opened again).
            del self.tables[table_id]
            link.close()

    async def _open_table(self, table_id: str) -> None:
        if table_id in self.tables:
            return
        try:
            link, _ = await HubLink.open(self.hub, self.person, self.name)
        except (TimeoutError, GatewayClosed, OSError) as exc:
            self.emit(
                {
                    "type": "error",
                    "error": f"Table {table_id} could not be opened: {exc}",
                    "table": table_id,
                }
            )
            return
        if table_id in self.tables or self._closed.is_set():
            link.close()
            return
        self.tables[table_id] = link
        link.send({"type": "open", "table": table_id})
        self._spawn(self._follow(link, table_id))


def _at(table: str | None) -> dict:
    return {} if table is None else {"table": table}
