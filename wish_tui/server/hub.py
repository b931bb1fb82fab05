"""The table server: every table of `wish-tui serve`, the club it keeps, and the door the session
apps come through.

One asyncio server on a Unix socket (mode 0600, in the data directory) that the per-session app
processes connect to. A session proves who it is with the one-time token the SSH front end (or
the web front end) gave its process (`register_session`); the club (`club/`, its database) knows
the person by that key, or a newcomer chooses a name; from then on every request is checked
against that player. The hub applies actions through the tables (`tables.py`, the rules' front
door); each change is in the club's database before anyone is told of it (`recorder.py`); bots
play at a pace people can follow; clocks run (`clocks.py`); each session gets only its own
seat's view. No Textual here. On a club several nodes share (PostgreSQL), every node keeps a copy
of every live table and the one holding a table's lease runs it (`nodes.py`, `copies.py`).

Messages (JSON lines, `protocol.py`), session → hub:

    hello {token}                       who this session is (first message, once)
    register {name}                     a newcomer's name (after a welcome that asks for one)
    lobby                               list the tables (and keep me told of changes)
    new_table {game, seats: [{name, who: me|open|BOT}], solo, options, kind, clock}
    join {table, seat}   leave {table}   watch {table}   open {table}   close_table {table}
    play {table, action, expect}        undo {table}     chat {table, text}
    hint {table}                        why {table, action}
    hand_to_bot {table, seat, on}       resign {table}   rematch {table}
    invite {table, name}                answer_invite {invitation, accept}
    history {mine, game, player, page}  archive {game_id}
    leaderboard {game, page}            player {name}    game_page {game}
    profile                             add_key {line}   settings {changes}   profile_text {text}
    web_link                            a one-time link signing a browser in as this person

and hub → session: ``welcome`` (or one asking for a name), ``lobby`` (every table in a few words,
who is online, invitations), ``table`` (the table as this person sees it, in the seat API's shapes
(`wish_tui.tables.seat`): the seats with their clocks and who is connected, their view and their
choices, new log and chat lines, whose decision it is, whether the game's end is kept:
``ended``), ``hint``, ``why``, ``notice`` (a sentence
to know), ``page`` (a club page: history, leaderboard, a player, a game, the profile),
``archive`` (a finished game's record), ``error`` (one sentence; nothing changed).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import secrets
import time
import traceback
from pathlib import Path

from wish_tui import games, saves
from wish_tui.seeds import fresh_seed
from wish_tui.tables.bot_turns import BotTurns
from wish_tui.tables.protocol import MAX_REQUEST, ProtocolError, decode, encode, text_field
from wish_tui.tables.seat import SPECTATOR

from . import tables as tablemod
from .club import LEASE_MS, ClubError, RateLimiter, start_club
from .club.rows import Player
from .copies import TableCopies
from .hub_club import NO_NEW_PLAYERS, ClubRequests, NoNewPlayers
from .hub_tables import TableRequests
from .keys import OPEN_PREFIX
from .nodes import NodeDuties
from .presence import TablePresence, others
from .recorder import Recorder, RecordFailed
from .tables import NotKept, Table, TableError, person_of

SOCKET = "serve.sock"
LOBBY_EVERY = 0.5
"""Seconds between two lobby lists sent to the sessions in the lobby (changes in between are
told once, as they stand last)."""
LOBBY_BACKGROUND_EVERY = 10.0
"""Seconds between two lobby lists sent to a session when all that changed is in the background:
who is online, and how far the other tables have got (at a club of hundreds, one of them changes
every moment, and each list sent is drawn again by every session in the lobby: at 200 sessions
these lists were nearly half of all the processor time the apps spent, every 5 s). Whatever
concerns the session itself (a new table, an open seat, its move) is told at once."""
LOBBY_BACKGROUND_BATCH = 16
"""The most sessions told only background news at one round of news (every LOBBY_EVERY)."""
BANNED = (
    "The keeper of this club has banned you: you cannot play here. Ask the keeper if you think "
    "it is a mistake."
)
"""What a banned member is told as they are let go."""
GUEST_PREFIX = "guest:"
"""A browser's guest with `--open` (the web front end's identity for one)."""


class Session:
    """One connected app process: the player it is, and the table it has open."""

    def __init__(self, hub: Hub, writer: asyncio.StreamWriter) -> None:
        self.hub = hub
        self.writer = writer
        self.person = ""
        """The player as the tables name them ('P12'), once known."""
        self.player: Player | None = None
        self.name = ""
        self.newcomer = ""
        """The key of a newcomer who is to choose a name (its fingerprint), else ''."""
        self.in_lobby = False
        self.lobby_with_welcome = False
        """The app asked in its hello for the lobby's list with the welcome (it shows the lobby
        first: one message and one frame instead of a round trip more)."""
        self.table: str = ""
        """The table this session shows ('' in the lobby)."""
        self.log_count = 0
        self.chat_count = 0
        self.hinting = False
        """True while a hint asked by this session is thought out."""
        self.lobby_told: dict | None = None
        """The last lobby list sent, its waiting times left out (`Hub._tell_lobby` sends a new
        one only when something else in it changed)."""
        self.lobby_told_at = 0.0
        """When it was sent (monotonic seconds)."""
        self.muted: set[str] = set()
        """The people whose chat this session's player muted for themselves."""
        self.sanctions: set[str] = set()
        """What the keeper did to this session's player ('mute', 'ban'), as last read."""
        self.sanctions_at = 0.0
        """When `sanctions` was read (monotonic seconds)."""

    def send(self, message: dict) -> None:
        if self.writer.is_closing():
            return
        try:
            self.writer.write(encode(message))
        except ProtocolError:
            self.writer.write(encode({"type": "error", "error": "An answer was too long to send."}))


class Hub(TableRequests, ClubRequests, NodeDuties, TableCopies):
    """Every table of the server, its club and the sessions connected to it.

    Args:
        data_dir: where the club's database and the socket live.
        bot_pace: seconds before a bot's move.
        seat_timeout: seconds a person must be away before the owner may hand their seat to a
            bot.
        seed_source: makes each new table's seed.
        clock: the time in seconds (tests inject their own, for the tables' clocks).
        rate_limits: per kind of request ('move', 'chat', 'table', 'invite', 'name'), how many a
            person may make (`club.rate_limit.DEFAULT_LIMITS` by default; a kind left out of a
            given dict is not limited: scripted players and benchmarks).
        database: a PostgreSQL URL: the club is that database, shared with the other nodes
            that name it (`nodes.py`); None: the SQLite file of the data directory.
        node_id: this node's name among the club's nodes (by default its host and process id).
        lease_ms: how long this node's leases on its tables last unless renewed.
        new_club: make a new club of an empty database file (`serve --new-club`).
    """

    web_links = None
    """The web front end's sign-ins (`links.SignIns`), set by `serve --web`; None without it."""

    def __init__(
        self,
        data_dir: Path | None = None,
        *,
        bot_pace: float = 0.6,
        seat_timeout: float = 60.0,
        seed_source=fresh_seed,
        clock=time.time,
        rate_limits: dict | None = None,
        database: str | None = None,
        node_id: str | None = None,
        lease_ms: int = LEASE_MS,
        new_club: bool = False,
    ) -> None:
        self.data_dir = data_dir or saves.data_dir()
        self.new_club = new_club
        self.database = database
        self.node_id = node_id
        self.lease_ms = lease_ms
        self.socket_path = self.data_dir / SOCKET
        self.bot_pace = bot_pace
        self.seat_timeout = seat_timeout
        self.seed_source = seed_source
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.tokens: dict[str, tuple[str, str]] = {}
        self.sessions: set[Session] = set()
        self.away_since: dict[str, float] = {}
        self.presence = TablePresence(self)
        self.problems: list[str] = []
        self.club = None
        self.recorder: Recorder | None = None
        self.limiter = RateLimiter(rate_limits)
        self._lock = None
        self._server: asyncio.AbstractServer | None = None
        self._bots: dict[str, BotTurns] = {}
        self._bots_waiting: set[str] = set()
        """Tables whose bot waits for room on the disk to keep its move."""
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task] = set()
        self._lobby_due: asyncio.TimerHandle | None = None
        self._node_setup()

    # -- the front end's side ------------------------------------------------------------------
    def register_session(self, person: str, name: str) -> str:
        """A one-time token for the app process of a person who just connected: `person` is a
        key's fingerprint, 'open:NAME' (admitted by name), 'guest:…' (a browser's guest) or a
        player of the club ('P12', a browser signed in by that player's link)."""
        token = secrets.token_urlsafe(24)
        self.tokens[token] = (person, name)
        return token

    def unregister_session(self, token: str) -> None:
        """The session of that token ended (its app process is gone or going)."""
        self.tokens.pop(token, None)

    def knows_key(self, fingerprint: str) -> str | None:
        """The name of the club's player whose key this is (a key added from a profile), or
        None: what the SSH front end admits besides its keys file."""
        if self.club is None:
            return None
        player = self.club.players.by_key(fingerprint)
        return player.name if player is not None and not player.is_removed else None

    def prefers_plain(self, person: str) -> bool:
        """True when the player who connects as `person` (a key's fingerprint, or 'open:NAME'
        with `--open`) asked on their profile for the plain-text client (the 'plain' setting):
        what the SSH front end asks before it starts a session's app."""
        if self.club is None:
            return False
        players = self.club.players
        if person.startswith(OPEN_PREFIX):
            player = players.by_name(person[len(OPEN_PREFIX) :])
            player = player if player is not None and player.is_guest else None
        else:
            player = players.by_key(person)
        return bool(player is not None and player.settings.get("plain") is True)

    async def start(self) -> None:
        """Open the club (refused while another server runs on this data directory), resume
        every unfinished table, and listen for sessions.

        Raises:
            ClubError: another server holds the club, or its database cannot be used.
        """
        loop = asyncio.get_running_loop()
        opening = functools.partial(
            start_club,
            self.data_dir,
            database=self.database,
            node_id=self.node_id,
            lease_ms=self.lease_ms,
            new_club=self.new_club,
        )
        self.club, self._lock, problems = await loop.run_in_executor(None, opening)
        self.problems.extend(problems)
        self.recorder = Recorder(self.club)
        await self._listen()  # a shared club: every node's changes heard before tables are read
        # not through the recorder: a database too damaged to list its tables stops the start
        loaded, problems = await loop.run_in_executor(None, self.club.tables.load_unfinished)
        self.problems.extend(problems)
        quiet = await self.recorder.call(self.club.moderation.quiet_tables)
        now = self.clock()
        for entry in loaded:
            table = tablemod.restore(entry)
            table.spectator_chat = table.club_id not in quiet
            self.tables[table.id] = table
            table.since = now
            self._run_clock(table, decided=False)
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
        self.spawn(self._clock_loop())
        await self._start_node()

    async def close(self) -> None:
        """Stop listening, close every session, stop the bots, finish every write; on a shared
        club, let this node's tables go to the other nodes at once."""
        await self._stop_listening()
        for bots in self._bots.values():
            bots.cancel()
        for timer in self._timers.values():
            timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        await self._keep_clocks()  # so that a restart resumes each running clock where it stood
        await self._leave()
        if self._server is not None:
            self._server.close()
        for session in list(self.sessions):
            session.writer.close()
        if self.recorder is not None:
            await self.recorder.close()
        if self._lock is not None:
            self._lock.release()
        with contextlib.suppress(OSError):
            os.unlink(self.socket_path)

    async def saved(self) -> None:
        """Wait until every change asked so far is in the database."""
        if self.recorder is not None:
            await self.recorder.call(lambda: None)

    def spawn(self, coro) -> asyncio.Task:
        """Run `coro` as a task `close` waits for."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def record(self, fn, *args, **kwargs):
        """Write (or read) through the club, off the event loop, in order.

        Raises:
            TableError: the club refused, or the database failed (one sentence).
        """
        try:
            return await self.recorder.call(fn, *args, **kwargs)
        except RecordFailed as exc:
            raise NotKept(str(exc)) from None
        except ClubError as exc:
            raise TableError(str(exc)) from None

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
                await self.handle(session, line)
                try:
                    await writer.drain()
                except ConnectionError:
                    break
        finally:
            self.sessions.discard(session)
            self._gone(session)
            writer.close()

    async def handle(self, session: Session, line: bytes) -> None:
        """Answer one message; a refusal is one sentence and changes nothing."""
        try:
            message = decode(line)
            kind = message["type"]
            if not session.person and kind not in ("hello", "register"):
                raise ProtocolError(
                    "Choose your name first."
                    if session.newcomer
                    else "Say hello with your session's token first."
                )
            handler = getattr(self, f"_on_{kind}", None)
            if handler is None or kind.startswith("_"):
                raise ProtocolError(f"'{kind[:20]}' is not something the table server does.")
            if session.player is not None and "ban" in await self._sanctions(session):
                self._turn_away(session)
                return
            answer = handler(session, message)
            if asyncio.iscoroutine(answer):
                await answer
        except (ProtocolError, TableError, ClubError) as exc:
            session.send({"type": "error", "error": str(exc)})
        except Exception:  # noqa: BLE001  (one message must never end the session or the server)
            self.problems.append(traceback.format_exc(limit=8))
            session.send(
                {"type": "error", "error": "The table server could not do that; it was noted."}
            )

    async def _on_hello(self, session: Session, message: dict) -> None:
        if session.person or session.newcomer:
            raise ProtocolError("This session already said hello.")
        token = text_field(message, "token", "the session's token", limit=100)
        identity = self.tokens.pop(token, None)
        if identity is None:
            raise ProtocolError("That token is not valid (it is used once, by its own session).")
        who, name = identity
        session.lobby_with_welcome = message.get("lobby") is True
        try:
            player = await self.arriving(who, name)
        except NoNewPlayers as exc:
            session.send({"type": "error", "error": str(exc)})
            session.writer.close()
            return
        if player is not None and "ban" in await self.record(
            self.club.moderation.sanctions_of, player.id
        ):
            self._turn_away(session)
            return
        if player is None:
            session.newcomer = who
            session.send(
                {
                    "type": "welcome",
                    "needs_name": True,
                    "suggested": name,
                    "text": "Welcome to the club! Choose the name others will know you by "
                    "(2 to 20 letters, digits, spaces or signs).",
                }
            )
            return
        await self._admit(session, player)

    async def _on_register(self, session: Session, message: dict) -> None:
        if not session.newcomer:
            raise ProtocolError("Only a newcomer chooses a name, once.")
        name = text_field(message, "name", "the name you choose", limit=40)
        self.limiter.check(session.newcomer, "name")
        try:
            player = await self.record(self.club.players.register, session.newcomer, name)
        except NotKept:
            raise TableError(NO_NEW_PLAYERS) from None
        session.newcomer = ""
        self._welcome(session, player)

    def _turn_away(self, session: Session) -> None:
        """A member the keeper banned: told so in one sentence, and let go."""
        session.send({"type": "error", "error": BANNED, "final": True})
        session.writer.close()

    async def _admit(self, session: Session, player: Player) -> None:
        """Welcome a member, with the chat they muted."""
        muted = await self.record(self.club.moderation.muted_by, player.id)
        session.muted = {person_of(player_id) for player_id in muted}
        self._welcome(session, player)

    def _welcome(self, session: Session, player: Player) -> None:
        session.player = player
        session.person = person_of(player.id)
        session.name = player.name
        self.away_since.pop(session.person, None)
        self._here(session, True)
        for table in self.tables.values():
            seat = table.seat_of(session.person)
            if seat is None:
                continue
            place = table.seats[seat]
            self.presence.back_at_server(session, table)
            if place.zombie and not place.for_good:
                place.zombie = ""  # back: the bot steps aside (what it chose is told at the table)
                self.spawn(self._store_seat(table, seat))
                title = table.spec.seat_title(place.name)
                back = f"{session.name} is back and plays {title} again."
                self.notice(table, back, others(table, session.person))
                self._changed(table)
            else:
                for other in self.sessions:
                    if other.table == table.id:
                        self._send_table(other, table)  # shown connected again
        welcome = {
            "type": "welcome",
            "person": session.person,
            "name": session.name,
            "guest": player.is_guest,
            "settings": dict(player.settings),
            "games": [{"name": g.name, "title": g.title} for g in games.GAMES.values()],
        }
        if session.lobby_with_welcome:
            session.in_lobby = True
            self.presence.show_table(session, "")
            lobby = self._lobby(session)
            session.lobby_told, session.lobby_told_at = _without_waiting(lobby), time.monotonic()
            welcome["lobby"] = lobby
        session.send(welcome)
        self._tell_lobby()

    def _on_lobby(self, session: Session, message: dict) -> None:
        session.in_lobby = True
        self.presence.show_table(session, "")
        lobby = self._lobby(session)
        self._tell_session_lobby(session, lobby, _without_waiting(lobby), time.monotonic())

    # -- what sessions are told ------------------------------------------------------------------
    def _open(self, session: Session, table: Table) -> None:
        session.in_lobby = False
        left = self.presence.arrived(session.person, table.id)
        self.presence.show_table(session, table.id)
        session.log_count = 0
        session.chat_count = max(0, table.chat_since(0)[1] - 10)
        seat = table.seat_of(session.person)
        stepped_aside = False
        if seat is not None:
            table.seats[seat].seen = table.actions
            stepped_aside = self.presence.bot_steps_aside(table, seat)
        self._send_table(session, table)
        if seat is not None:
            self.presence.back_at_table(session, table, seat, left, stepped_aside)

    def _connected(self, person: str) -> bool:
        """True when `person` has a session here, or on another node of a shared club."""
        return person in self._elsewhere or any(s.person == person for s in self.sessions)

    def _send_table(self, session: Session, table: Table) -> None:
        seat = table.seat_of(session.person)
        pov = SPECTATOR if seat is None else seat
        lines, session.log_count = table.log_since(pov, session.log_count)
        chat, session.chat_count = table.chat_since(session.chat_count, session.muted)
        deciding = table.deciding()
        waiting = ""
        if deciding is not None and deciding != seat:
            waiting = table.seat_label(deciding)
        if seat is not None:
            table.seats[seat].seen = table.actions
        seats = table.seat_infos(session.person, self._connected)
        view = table.view_for(pov)
        ended = table.finished and table.result is not None
        if ended:  # the final scoring as the club settled it: every client reads this ranking
            view = {**view, "scores": table.result}
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
                "kind": table.kind,
                "clock": table.clock.to_json(self.clock()),
                "actions": table.actions,
                "version": table.master.version,
                "view": view,
                "choices": table.choices_for(seat).to_json(),
                "deciding": deciding,
                "waiting_for": waiting,
                "log": lines,
                "chat": chat,
                "over": table.is_over,
                "ended": ended,
                "seed": table.record.seed if table.is_over or ended else None,
                "spectator_chat": table.spectator_chat,
                "muted": sorted(
                    {s.person_name for s in table.seats if s.person and s.person in session.muted}
                ),
            }
        )

    def _common_summary(self, table: Table, here: set[str]) -> dict:
        """What the lobby says of `table` to everyone (`here`: the people connected)."""
        progress, _ = table.spec.summary(table.state)
        return {
            "table": table.id,
            "game": table.spec.name,
            "title": table.spec.title,
            "seats": [table.seat_label(i) for i in range(len(table.seats))],
            "open": table.open_seats(),
            "connected": [bool(s.person) and s.person in here for s in table.seats],
            "progress": progress,
            "solo": table.record.solo,
            "over": table.is_over,
            "ended": table.finished,
            "kind": table.kind,
            "clock": dict(table.clock.setting) if table.clock.is_on else None,
        }

    def _summary(self, table: Table, common: dict, session: Session) -> dict:
        """What the lobby says of `table` to `session`: `common`, and what the table is to it."""
        seat = table.seat_of(session.person)
        your_move = seat is not None and table.deciding() == seat and not table.seats[seat].zombie
        return {
            **common,
            "mine": seat is not None,
            "owner": table.owner == session.person,
            "your_move": your_move,
            "since": round(self.clock() - table.since) if your_move else None,
            "new": your_move and table.seats[seat].seen < table.actions,
        }

    def _lobby_common(self) -> tuple[list[tuple[Table, dict]], list[dict]]:
        """What every session's lobby list shares: each table's summary, and who is online."""
        people = {other.person: other.name for other in self.sessions if other.person}
        everyone = {**self._elsewhere, **people}
        here = set(everyone)
        tables_of: dict[str, list[str]] = {}
        for table in self.tables.values():
            for place in table.seats:
                if place.person and table.id not in tables_of.setdefault(place.person, []):
                    tables_of[place.person].append(table.id)
        online: dict[str, list[str]] = {}
        for person, name in everyone.items():
            online.setdefault(name, tables_of.get(person, []))
        summaries = [(t, self._common_summary(t, here)) for t in self.tables.values()]
        return summaries, [{"name": n, "tables": t} for n, t in sorted(online.items())]

    def _lobby(self, session: Session, common=None) -> dict:
        """The lobby's list as `session` sees it (`common`: `_lobby_common()`, if at hand)."""
        summaries, online = common or self._lobby_common()
        entries = [self._summary(table, shared, session) for table, shared in summaries]
        # Where it is your move first (the longest waiting first), then your tables, then others.
        entries.sort(key=lambda e: (not e["your_move"], -(e["since"] or 0), not e["mine"]))
        return {
            "type": "lobby",
            "tables": entries,
            "you": session.name,
            "online": online,
            "invitations": self.invitations_for(session),
        }

    def _tell_lobby(self) -> None:
        """Have the lobby's list sent to every session in the lobby, at most every LOBBY_EVERY
        seconds (a burst of changes is told once, as it stands last)."""
        if self._lobby_due is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return

        def send() -> None:
            self._lobby_due = None
            common = self._lobby_common()
            now = time.monotonic()
            later = False
            background = []
            for session in list(self.sessions):
                if session.in_lobby and session.person:
                    lobby = self._lobby(session, common)
                    # A list that only waited longer is not news (each client counts on).
                    unchanged = _without_waiting(lobby)
                    if unchanged == session.lobby_told:
                        continue
                    if session.lobby_told is not None and _foreground(unchanged) == _foreground(
                        session.lobby_told
                    ):
                        if now - session.lobby_told_at < LOBBY_BACKGROUND_EVERY:
                            later = True  # told with the next news, or when it is due
                        else:
                            background.append((session.lobby_told_at, session, lobby, unchanged))
                        continue
                    self._tell_session_lobby(session, lobby, unchanged, now)
            # The background of many sessions is due at once: told a few at a time, those told
            # longest ago first, spread over the round, so that no moment is spent drawing the
            # lobby everywhere (a person's keypress would wait behind every app woken at once).
            background.sort(key=lambda due: due[0])
            for i, (_, session, lobby, unchanged) in enumerate(background[:LOBBY_BACKGROUND_BATCH]):
                delay = i * LOBBY_EVERY / LOBBY_BACKGROUND_BATCH
                loop.call_later(delay, self._tell_background, session, lobby, unchanged, now)
            later = later or len(background) > LOBBY_BACKGROUND_BATCH
            if later and self._lobby_due is None:
                self._lobby_due = loop.call_later(LOBBY_EVERY, send)

        self._lobby_due = loop.call_later(LOBBY_EVERY, send)

    def _tell_background(self, session: Session, lobby: dict, unchanged: dict, then: float) -> None:
        """Background news worked out at `then`, told now: unless the session has left the lobby
        or been told a newer list since."""
        if session.in_lobby and session.lobby_told_at <= then and session in self.sessions:
            self._tell_session_lobby(session, lobby, unchanged, time.monotonic())

    @staticmethod
    def _tell_session_lobby(session: Session, lobby: dict, unchanged: dict, now: float) -> None:
        session.lobby_told, session.lobby_told_at = unchanged, now
        session.send(lobby)

    def _changed(self, table: Table) -> None:
        """After any change (already in the database): tell everyone looking at the table, run
        its clock, wake its bots, and let the lobby know."""
        for session in self.sessions:
            if session.table == table.id:
                self._send_table(session, table)
        self._tell_lobby()
        self._schedule_bot(table)

    def notice(self, table: Table, text: str, people: list[str] | None = None) -> None:
        """Tell the sessions looking at `table` (or only `people`'s) one sentence."""
        for session in self.sessions:
            if session.table == table.id and (people is None or session.person in people):
                session.send({"type": "notice", "table": table.id, "text": text})

    def _gone(self, session: Session) -> None:
        if not session.person:
            return
        if session.table:
            self.presence.left_table(session.person, session.name, session.table)
        if not any(s.person == session.person for s in self.sessions):
            self._here(session, False)
        if not self._connected(session.person):
            self._away(session.person, session.name)

    def _away(self, person: str, name: str) -> None:
        """`person` has no session left anywhere: their tables show it, and their players are
        told after the seat timeout that a bot may play for them."""
        self.away_since[person] = time.monotonic()
        for table in self.tables.values():
            if table.seat_of(person) is not None:
                for other in self.sessions:
                    if other.table == table.id:
                        self._send_table(other, table)
        self.presence.away(person, name)
        self._tell_lobby()

    # -- browser links (`serve --web`: links.py, web.py) ---------------------------------------
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


def _without_waiting(lobby: dict) -> dict:
    """A lobby list without how long each move has waited (what changes every second)."""
    return {**lobby, "tables": [{**t, "since": None} for t in lobby["tables"]]}


def _foreground(lobby: dict) -> dict:
    """A lobby list without its background: who is online, and how far each table has got."""
    return {
        **lobby,
        "online": None,
        "tables": [{**t, "progress": None} for t in lobby["tables"]],
    }
