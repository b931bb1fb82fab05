"""The table server: every table of `wish-tui serve`, and the door the session apps come through.

One asyncio server on a Unix socket (mode 0600, in the data directory) that the per-session app
processes connect to. A session proves who it is with the one-time token the SSH front end gave
its process (`register_session`); from then on every request is checked against that person.
The hub applies actions through the tables (`tables.py`, the rules' front door), saves each table
after every change (`store.py`), runs the bots of the tables at a pace people can follow, and
sends each session only its own seat's view. No Textual here.

Messages (JSON lines, `protocol.py`), session → hub:

    hello {token}                       who this session is (first message, once)
    lobby                               list the tables (and keep me told of changes)
    new_table {game, seats: [{name, who: me|open|BOT}], solo, options}
    join {table, seat}   leave {table}   watch {table}   open {table}   close_table {table}
    play {table, action, expect}        undo {table}     chat {table, text}
    hint {table}                        why {table, action}
    hand_to_bot {table, seat, on}

and hub → session: ``welcome``, ``lobby`` (every table in a few words), ``table`` (the table as
this person sees it, in the seat API's shapes (`wish_tui.seat`): the seats and who is connected,
their view and their choices, new log and chat lines, whose decision it is), ``hint`` (the hard
bot's advice), ``why`` (the rules' sentence on an action), ``error`` (one sentence; nothing
changed).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import time
import traceback
from pathlib import Path

from wish_tui import games, saves
from wish_tui.bot_turns import BotTurns
from wish_tui.seat import SPECTATOR
from wish_tui.seeds import fresh_seed

from . import store
from . import tables as tablemod
from .protocol import MAX_REQUEST, ProtocolError, decode, encode, int_field, text_field
from .tables import Table, TableError

SOCKET = "serve.sock"
MAX_TABLES = 200
"""Tables the server keeps at most."""
MAX_TABLES_PER_PERSON = 8
"""Tables one person may own at once."""
CHAT_EVERY = 1.0
"""Seconds a person waits between two chat lines."""


class Session:
    """One connected app process: the person it is, and the table it has open."""

    def __init__(self, hub: Hub, writer: asyncio.StreamWriter) -> None:
        self.hub = hub
        self.writer = writer
        self.person = ""
        self.name = ""
        self.in_lobby = False
        self.table: str = ""
        """The table this session shows ('' in the lobby)."""
        self.log_count = 0
        self.chat_count = 0
        self.last_chat = 0.0
        self.hinting = False
        """True while a hint asked by this session is thought out."""

    def send(self, message: dict) -> None:
        if self.writer.is_closing():
            return
        try:
            self.writer.write(encode(message))
        except ProtocolError:
            self.writer.write(encode({"type": "error", "error": "An answer was too long to send."}))


class Hub:
    """Every table of the server and the sessions connected to it."""

    def __init__(
        self,
        data_dir: Path | None = None,
        *,
        bot_pace: float = 0.6,
        seat_timeout: float = 60.0,
        seed_source=fresh_seed,
    ) -> None:
        self.data_dir = data_dir or saves.data_dir()
        self.socket_path = self.data_dir / SOCKET
        self.bot_pace = bot_pace
        self.seat_timeout = seat_timeout
        """Seconds a person must be away before the owner may let a bot play their seat."""
        self.seed_source = seed_source
        self.tables: dict[str, Table] = {}
        self.tokens: dict[str, tuple[str, str]] = {}
        self.sessions: set[Session] = set()
        self.away_since: dict[str, float] = {}
        self.problems: list[str] = []
        self._server: asyncio.AbstractServer | None = None
        self._bots: dict[str, BotTurns] = {}
        self._thinking: set[asyncio.Task] = set()
        """Hints being thought out (kept so they are not collected mid-way)."""
        self._unsaved: dict[str, str | None] = {}
        """Per table, the text its file must get next (None: remove the file)."""
        self._writer: asyncio.Task | None = None

    # -- the front end's side ------------------------------------------------------------------
    def register_session(self, person: str, name: str) -> str:
        """A one-time token for the app process of a person who just connected."""
        token = secrets.token_urlsafe(24)
        self.tokens[token] = (person, name)
        return token

    def unregister_session(self, token: str) -> None:
        """The SSH session of that token ended (its app process is gone or going)."""
        self.tokens.pop(token, None)

    async def start(self) -> None:
        """Load every table and listen for sessions."""
        self.tables, self.problems = store.load_all(self.data_dir)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.socket_path)
        old_umask = os.umask(0o177)
        try:
            self._server = await asyncio.start_unix_server(
                self._serve, path=str(self.socket_path), limit=MAX_REQUEST + 2
            )
        finally:
            os.umask(old_umask)
        os.chmod(self.socket_path, 0o600)
        for table in self.tables.values():
            self._schedule_bot(table)

    async def close(self) -> None:
        """Stop listening, close every session, stop the bots, finish writing every table."""
        for bots in self._bots.values():
            bots.cancel()
        for task in self._thinking:
            task.cancel()
        await self.saved()
        if self._server is not None:
            self._server.close()
        for session in list(self.sessions):
            session.writer.close()
        with contextlib.suppress(OSError):
            os.unlink(self.socket_path)

    # -- a session -----------------------------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        session = Session(self, writer)
        self.sessions.add(session)
        try:
            while True:
                try:
                    line = await reader.readuntil(b"\n")
                except asyncio.LimitOverrunError:
                    session.send({"type": "error", "error": "That message is too long."})
                    break
                except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
                    break
                self.handle(session, line)
                await writer.drain()
        finally:
            self.sessions.discard(session)
            self._gone(session)
            writer.close()

    def handle(self, session: Session, line: bytes) -> None:
        """Answer one message; a refusal is one sentence and changes nothing."""
        try:
            message = decode(line)
            kind = message["type"]
            if not session.person and kind != "hello":
                raise ProtocolError("Say hello with your session's token first.")
            handler = getattr(self, f"_on_{kind}", None)
            if handler is None or kind.startswith("_"):
                raise ProtocolError(f"'{kind[:20]}' is not something the table server does.")
            handler(session, message)
        except (ProtocolError, TableError) as exc:
            session.send({"type": "error", "error": str(exc)})
        except Exception:  # noqa: BLE001  (one message must never end the session or the server)
            self.problems.append(traceback.format_exc(limit=8))
            session.send(
                {"type": "error", "error": "The table server could not do that; it was noted."}
            )

    def _on_hello(self, session: Session, message: dict) -> None:
        if session.person:
            raise ProtocolError("This session already said hello.")
        token = text_field(message, "token", "the session's token", limit=100)
        identity = self.tokens.pop(token, None)
        if identity is None:
            raise ProtocolError("That token is not valid (it is used once, by its own session).")
        session.person, session.name = identity
        self.away_since.pop(session.person, None)
        for table in self.tables.values():
            seat = table.seat_of(session.person)
            if seat is not None and table.seats[seat].zombie:
                table.seats[seat].zombie = ""  # back at the table: the bot steps aside
                self._changed(table)
        session.send(
            {
                "type": "welcome",
                "person": session.person,
                "name": session.name,
                "games": [{"name": g.name, "title": g.title} for g in games.GAMES.values()],
            }
        )

    def _on_lobby(self, session: Session, message: dict) -> None:
        session.in_lobby = True
        session.table = ""
        session.send(self._lobby(session))

    def _on_new_table(self, session: Session, message: dict) -> None:
        game = text_field(message, "game", "a game's name", limit=30)
        owned = sum(1 for t in self.tables.values() if t.owner == session.person)
        if owned >= MAX_TABLES_PER_PERSON:
            raise TableError(f"You already own {owned} tables; close one first.")
        if len(self.tables) >= MAX_TABLES:
            raise TableError("The server holds as many tables as it can; try again later.")
        solo = text_field(message, "solo", "a solo level", limit=20, required=False)
        options = message.get("options") or {}
        if not isinstance(options, dict):
            raise ProtocolError('"options" must be an object.')
        table_id = tablemod.new_table_id(self.tables)
        table = tablemod.create(
            table_id,
            game,
            message.get("seats"),
            session.person,
            session.name,
            self.seed_source(),
            solo,
            options,
        )
        self.tables[table_id] = table
        self._open(session, table)
        self._changed(table)

    def _table(self, message: dict) -> Table:
        table_id = text_field(message, "table", "a table's id", limit=20)
        table = self.tables.get(table_id)
        if table is None:
            raise TableError(f"There is no table {table_id!r} (it may have been closed).")
        return table

    def _on_join(self, session: Session, message: dict) -> None:
        table = self._table(message)
        seat = int_field(message, "seat", "a seat number", 0, 3)
        tablemod.join(table, seat, session.person, session.name)
        self._open(session, table)
        self._changed(table)

    def _on_leave(self, session: Session, message: dict) -> None:
        table = self._table(message)
        tablemod.leave(table, session.person)
        self._changed(table)

    def _on_watch(self, session: Session, message: dict) -> None:
        table = self._table(message)
        if table.record.solo:
            raise TableError("A solo game is played alone: it cannot be watched.")
        self._open(session, table)

    def _on_open(self, session: Session, message: dict) -> None:
        self._open(session, self._table(message))

    def _on_close_table(self, session: Session, message: dict) -> None:
        table = self._table(message)
        if table.owner != session.person:
            raise TableError("Only the table's owner can close it.")
        if (
            table.actions
            and not table.is_over
            and any(s.person and s.person != session.person for s in table.seats)
        ):
            raise TableError("Others play at this table: it can be closed once the game is over.")
        del self.tables[table.id]
        bots = self._bots.pop(table.id, None)
        if bots is not None:
            bots.cancel()
        self._write_later(table.id, None)
        for other in self.sessions:
            if other.table == table.id:
                other.table = ""
                other.send({"type": "closed", "table": table.id})
        self._tell_lobby()

    def _on_play(self, session: Session, message: dict) -> None:
        table = self._table(message)
        text = text_field(message, "action", "an action in notation", limit=120)
        expect = int_field(message, "expect", "the number of actions your screen saw", 0, 10**6)
        tablemod.play(table, session.person, text, expect)
        self._changed(table)

    def _on_undo(self, session: Session, message: dict) -> None:
        table = self._table(message)
        tablemod.undo(table, session.person)
        self._changed(table)

    def _on_hint(self, session: Session, message: dict) -> None:
        table = self._table(message)
        seat = table.seat_of(session.person)
        if seat is None or table.deciding() != seat or table.seats[seat].zombie:
            raise TableError("A hint is given when you are to decide.")
        if session.hinting:
            raise TableError("A hint is being thought out already.")
        session.hinting = True
        task = asyncio.get_running_loop().create_task(self._hint(session, table, seat))
        self._thinking.add(task)
        task.add_done_callback(self._thinking.discard)

    async def _hint(self, session: Session, table: Table, seat: int) -> None:
        loop = asyncio.get_running_loop()
        try:
            hint = await loop.run_in_executor(None, table.master.hint, seat, table.state)
        except TableError as exc:
            session.send({"type": "error", "table": table.id, "error": str(exc)})
            return
        finally:
            session.hinting = False
        session.send({"type": "hint", "table": table.id, **hint.to_json()})

    def _on_why(self, session: Session, message: dict) -> None:
        table = self._table(message)
        text = text_field(message, "action", "an action in notation", limit=120)
        reason = table.master.why(table.seat_of(session.person), text)
        session.send({"type": "why", "table": table.id, "action": text, "text": reason})

    def _on_chat(self, session: Session, message: dict) -> None:
        table = self._table(message)
        text = text_field(message, "text", "a line of text", limit=400)
        now = time.monotonic()
        if now - session.last_chat < CHAT_EVERY:
            raise TableError("Slow down: one chat line a second.")
        session.last_chat = now
        tablemod.chat(table, session.person, session.name, text)
        self._changed(table)

    def _on_hand_to_bot(self, session: Session, message: dict) -> None:
        table = self._table(message)
        seat = int_field(message, "seat", "a seat number", 0, 3)
        on = message.get("on")
        if not isinstance(on, bool):
            raise ProtocolError('"on" must be true or false.')
        place = table.seats[seat] if seat < len(table.seats) else None
        if on and place is not None and place.person:
            away = self.away_since.get(place.person)
            if away is None:
                raise TableError(
                    f"{table.seat_label(seat)} is here: only an absent person's seat can go to a bot."
                )
            waited = time.monotonic() - away
            if waited < self.seat_timeout:
                raise TableError(
                    f"{place.person_name} left {int(waited)} s ago; wait {int(self.seat_timeout - waited) + 1} s "
                    "more before a bot takes the seat."
                )
        tablemod.hand_to_bot(table, session.person, seat, on)
        self._changed(table)

    # -- what sessions are told --------------------------------------------------------------------
    def _open(self, session: Session, table: Table) -> None:
        session.in_lobby = False
        session.table = table.id
        session.log_count = 0
        session.chat_count = max(0, len(table.chat) - 10)
        self._send_table(session, table)

    def _connected(self, person: str) -> bool:
        return any(s.person == person for s in self.sessions)

    def _send_table(self, session: Session, table: Table) -> None:
        seat = table.seat_of(session.person)
        pov = SPECTATOR if seat is None else seat
        lines, session.log_count = table.log_since(pov, session.log_count)
        chat = list(table.chat)[session.chat_count :]
        session.chat_count = len(table.chat)
        deciding = table.deciding()
        waiting = ""
        if deciding is not None and deciding != seat:
            waiting = table.seat_label(deciding)
        seats = table.seat_infos(session.person, self._connected)
        session.send(
            {
                "type": "table",
                "table": table.id,
                "game": table.spec.name,
                "owner": table.owner == session.person,
                "seat": seat,
                "seats": [info.to_json() for info in seats],
                "record": {
                    "seats": table.record.seats,
                    "solo": table.record.solo,
                    "options": table.spec.options_to_json(table.record.options),
                },
                "actions": table.actions,
                "version": table.master.version,
                "view": table.view_for(pov),
                "choices": table.choices_for(seat).to_json(),
                "deciding": deciding,
                "waiting_for": waiting,
                "log": lines,
                "chat": chat,
                "over": table.is_over,
                "seed": table.record.seed if table.is_over else None,
            }
        )

    def _summary(self, table: Table, session: Session) -> dict:
        progress, _ = table.spec.summary(table.state)
        return {
            "table": table.id,
            "game": table.spec.name,
            "title": table.spec.title,
            "seats": [table.seat_label(i) for i in range(len(table.seats))],
            "open": table.open_seats(),
            "connected": [bool(s.person) and self._connected(s.person) for s in table.seats],
            "mine": table.seat_of(session.person) is not None,
            "owner": table.owner == session.person,
            "progress": progress,
            "solo": table.record.solo,
            "over": table.is_over,
        }

    def _lobby(self, session: Session) -> dict:
        return {
            "type": "lobby",
            "tables": [self._summary(t, session) for t in self.tables.values()],
            "you": session.name,
        }

    def _tell_lobby(self) -> None:
        for session in self.sessions:
            if session.in_lobby:
                session.send(self._lobby(session))

    def _changed(self, table: Table) -> None:
        """After any change: save the table, tell everyone looking at it, wake its bots."""
        for session in self.sessions:
            if session.table == table.id:
                self._send_table(session, table)
        self._write_later(table.id, store.encode(table))
        self._tell_lobby()
        self._schedule_bot(table)

    # -- the tables' files -----------------------------------------------------------------------
    def _write_later(self, table_id: str, text: str | None) -> None:
        """Have a table's file written (or removed) by a worker thread, in order.

        A save waits for the disk (an fsync), which must not hold up every table's news: the
        position is encoded now and written in the background; a table that changes again before
        its turn to be written is written once, as it stands last.
        """
        self._unsaved[table_id] = text
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_unsaved())

    async def _write_unsaved(self) -> None:
        while self._unsaved:
            table_id = next(iter(self._unsaved))
            text = self._unsaved.pop(table_id)
            try:
                if text is None:
                    await asyncio.to_thread(store.remove, table_id, self.data_dir)
                else:
                    await asyncio.to_thread(store.write, table_id, text, self.data_dir)
            except saves.SaveError as exc:
                self.problems.append(str(exc))

    async def saved(self) -> None:
        """Wait until every table's file holds its last change."""
        while self._writer is not None and not self._writer.done():
            await asyncio.shield(self._writer)

    def _gone(self, session: Session) -> None:
        if session.person and not self._connected(session.person):
            self.away_since[session.person] = time.monotonic()
            asyncio.get_running_loop().call_later(
                self.seat_timeout, self._tell_owners_away, session.person, session.name
            )
            for table in self.tables.values():
                if table.seat_of(session.person) is not None:
                    for other in self.sessions:
                        if other.table == table.id:
                            self._send_table(other, table)
            self._tell_lobby()

    def _tell_owners_away(self, person: str, name: str) -> None:
        """A person has been away for the seat timeout: tell the owners of their tables that a
        bot may play for them."""
        since = self.away_since.get(person)
        if since is None or self._connected(person):
            return
        minutes = max(1, int((time.monotonic() - since) // 60))
        for table in self.tables.values():
            seat = table.seat_of(person)
            if seat is None or table.is_over or table.owner == person or table.seats[seat].zombie:
                continue
            text = (
                f"{name} has been away for {minutes} minute{'s' if minutes > 1 else ''}: z lets a "
                f"bot play {table.spec.seat_title(table.seats[seat].name)} until they are back."
            )
            for session in self.sessions:
                if session.person == table.owner and session.table == table.id:
                    session.send({"type": "notice", "table": table.id, "text": text})

    # -- bots --------------------------------------------------------------------------------
    def _schedule_bot(self, table: Table) -> None:
        """Let the table's bot play, when a bot decides now (at a pace people can follow)."""
        if table.is_over:
            return
        bots = self._bots.get(table.id)
        if bots is None:
            bots = BotTurns(
                table.master,
                table.bot_for,
                lambda played, t=table: self._bot_played(t),
                pace=self.bot_pace,
                on_failure=lambda exc, t=table: self.problems.append(
                    f"Table {t.id}: a bot could not move ({exc!r})."
                ),
            )
            self._bots[table.id] = bots
        bots.wake()

    def _bot_played(self, table: Table) -> None:
        if self.tables.get(table.id) is table:
            self._changed(table)

    # -- browser links (`serve --web`: links.py, web.py) ---------------------------------------
    web_links = None
    """The web front end's sign-ins (`links.SignIns`), set by `serve --web`; None without it."""

    def _on_web_link(self, session: Session, message: dict) -> None:
        """A one-time link that signs a browser in as this session's person; the lobby shows it."""
        if self.web_links is None:
            raise TableError("This server has no web front end (it is started with --web PORT).")
        token = self.web_links.issue_link(session.person, session.name)
        answer = self._lobby(session)
        answer["web_link"] = {
            "url": self.web_links.url_for(token),
            "minutes": self.web_links.minutes,
        }
        session.send(answer)
