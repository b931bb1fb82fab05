"""The table server: every table of `wish-tui serve`, the club it keeps, and the door the session
apps come through.

One asyncio server on a Unix socket (mode 0600, in the data directory) that the per-session app
processes connect to. A session proves who it is with the one-time token the SSH front end (or
the web front end) gave its process (`register_session`); the club (`wish_tui.club`, its
database) knows the person by that key, or a newcomer chooses a name; from then on every request
is checked against that player, and answered by the handler its type names in one explicit table
(`Hub._handlers`). No Textual here.

The hub holds what is shared (the tables, the sessions, the club and the line to it) and composes
one service per job, each reaching the others through it: the requests at the tables
(`seating`: `table_requests.py`, through the rules' front door: `table.py`), the clocks
(`clocks`), the bots (`bots`), each game's end and rematch (`endings`), the lobby's lists
(`lobby_lists`), who is at which table (`presence`), the club's requests (`club_service`:
`wish_tui.club.service`), and on a club several nodes share (PostgreSQL) this node's leases
(`node`) and its copies of every live table (`copies`). Each change is in the club's database
before anyone is told of it (`wish_tui.club.recorder`); each session gets only its own seat's
view (`table_message.py`).

The messages both ways are listed in `wish_tui.tables.protocol`.
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
from wish_tui.club import LEASE_MS, ClubError, RateLimiter, start_club
from wish_tui.club.coach_requests import ClubCoach
from wish_tui.club.identity import OPEN_PREFIX, person_of
from wish_tui.club.recorder import Recorder, RecordFailed
from wish_tui.club.rows import Player
from wish_tui.club.service import NO_NEW_PLAYERS, ClubService, NoNewPlayers
from wish_tui.seeds import fresh_seed
from wish_tui.tables.protocol import MAX_REQUEST, ProtocolError, decode, text_field

from . import seating as tablemod
from .clock_keeper import ClockKeeper
from .copies import TableCopies
from .endings import TableEndings
from .friends import Friends
from .lobby import LobbyLists
from .nodes import NodeDuties
from .people_here import PeopleHere
from .presence import TablePresence, others
from .seeks import Seeks
from .session import Lookers, Session
from .table import NotKept, Table, TableError
from .table_bots import TableBots
from .table_news import TableNews
from .table_requests import TableRequests
from .tournament_runner import TournamentRunner
from .turn_alerts import TurnAlerts
from .vacations import Vacations

SOCKET = "serve.sock"
BANNED = (
    "The keeper of this club has banned you: you cannot play here. Ask the keeper if you think "
    "it is a mistake."
)
"""What a banned member is told as they are let go."""


class Hub:
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
        mail: the keeper's SMTP relay for turn alerts by email (`serve --smtp`); None: no email.
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
        mail=None,
    ) -> None:
        self.mail = mail
        """The SMTP relay (`smtp_relay.SmtpRelay`) turn alerts by email go through, or None."""
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
        self.lookers = Lookers()
        """The sessions showing each table (each session's `table`, kept as it changes)."""
        self.people = PeopleHere(self)
        self.away_since: dict[str, float] = {}
        self.problems: list[str] = []
        self.club = None
        self.recorder: Recorder | None = None
        self.limiter = RateLimiter(rate_limits)
        self._lock = None
        self._server: asyncio.AbstractServer | None = None
        self._tasks: set[asyncio.Task] = set()
        self._table_locks: dict[str, asyncio.Lock] = {}
        self._failing: set[str] = set()
        # The services the hub composes, each of one job; they reach one another through it.
        self.seating = TableRequests(self)
        """The requests at the tables: new tables, seats, actions, undo, chat, hints, resigning."""
        self.clocks = ClockKeeper(self)
        self.bots = TableBots(self)
        self.endings = TableEndings(self)
        """Each game's end kept in the club, and its rematch."""
        self.lobby_lists = LobbyLists(self)
        self.presence = TablePresence(self)
        self.table_news = TableNews(self)
        """Who is told of a table's change: its players now, its spectators a few times a
        second at most."""
        self.node = NodeDuties(self)
        """This node of a club several nodes share (PostgreSQL): leases, who is online elsewhere."""
        self.copies = TableCopies(self)
        """This node's copies of the club's tables, kept up to date with every node's changes."""
        self.club_service = ClubService(self)
        """The club's requests: invitations, who may say what, its pages, profiles."""
        self.tournaments = TournamentRunner(self)
        self.coach = ClubCoach(self)
        """The reviews of finished games, made here once and kept with them."""
        self.alerts = TurnAlerts(self)
        self.vacations = Vacations(self)
        self.friends = Friends(self)
        self.seeks = Seeks(self)
        seating = self.seating
        self._handlers = {
            "hello": self._hello,
            "register": self._register,
            "lobby": self.lobby_lists.open,
            "lobby_resend": self.lobby_lists.resend,
            "web_link": self.lobby_lists.web_link,
            "new_table": seating.new_table,
            "join": seating.join_request,
            "leave": seating.leave,
            "watch": seating.watch,
            "open": seating.open,
            "resend": seating.resend,
            "close_table": seating.close_table,
            "play": seating.play,
            "undo": seating.undo,
            "hint": seating.hint,
            "why": seating.why,
            "chat": seating.chat,
            "hand_to_bot": seating.hand_to_bot,
            "resign": seating.resign,
            "rematch": self.endings.rematch,
            **self.club_service.handlers(),
            **self.tournaments.handlers(),
            **self.coach.handlers(),
            **self.alerts.handlers(),
            **self.vacations.handlers(),
            **self.friends.handlers(),
            **self.seeks.handlers(),
        }
        """Every request a session may make, by its type, and what answers it."""

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
        await self.vacations.load()  # before the clocks run: a vacation's clocks wait
        await self.node.listen()  # a shared club: every node's changes heard before tables are read
        # not through the recorder: a database too damaged to list its tables stops the start
        loaded, problems = await loop.run_in_executor(None, self.club.tables.load_unfinished)
        self.problems.extend(problems)
        quiet = await self.recorder.call(self.club.moderation.quiet_tables)
        for entry in loaded:
            table = tablemod.restore(entry)
            table.spectator_chat = table.club_id not in quiet
            self.tables[table.id] = table
            self.clocks.run(table, decided=False)
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
            self.bots.wake(table)
        self.spawn(self.clocks.keep_every_while())
        self.spawn(self.tournaments.pair_every_while())
        self.spawn(self.alerts.alert_every_while())
        self.spawn(self.vacations.look_every_while())
        self.spawn(self.seeks.look_every_while())
        await self.node.start()

    async def close(self) -> None:
        """Stop listening, close every session, stop the bots, finish every write; on a shared
        club, let this node's tables go to the other nodes at once."""
        await self.node.stop_listening()
        self.bots.stop_all()
        self.clocks.stop_all()
        for news in (self.table_news, self.lobby_lists, self.presence):
            news.close()  # no timer of theirs fires once the store has closed
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.clocks.keep()  # so that a restart resumes each running clock where it stood
        await self.node.leave()
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

    async def read_beside(self, fn, *args):
        """`fn(club, *args)` on the read-only connection of the pages, beside the writes."""
        return await self.tournaments.pages.read(fn, *args)

    def problem(self, key: str, text: str) -> None:
        """Note a problem once while it lasts (`solved(key)` ends it)."""
        if key not in self._failing:
            self._failing.add(key)
            self.problems.append(text)

    def solved(self, key: str) -> None:
        self._failing.discard(key)

    # -- what the services share ---------------------------------------------------------------
    def table(self, message: dict) -> Table:
        """The table a request names.

        Raises:
            TableError: there is no such table (one sentence).
        """
        table_id = text_field(message, "table", "a table's id", limit=20)
        table = self.tables.get(table_id)
        if table is None:
            raise TableError(f"There is no table {table_id!r} now: the lobby lists the open ones.")
        return table

    def lock_of(self, table: Table) -> asyncio.Lock:
        """The lock every change of `table` is made under."""
        if table.id not in self._table_locks:
            self._table_locks[table.id] = asyncio.Lock()
        return self._table_locks[table.id]

    def let_go_lock(self, table_id: str) -> None:
        """Forget the lock of a table this node no longer holds (closed, dropped, or let go)."""
        self._table_locks.pop(table_id, None)

    @property
    def is_shared(self) -> bool:
        """True when the club is shared with other nodes (PostgreSQL)."""
        return self.node.is_shared

    def runs(self, table: Table) -> bool:
        """True when this node runs `table` (its bots, clocks and end): always on SQLite."""
        return self.node.runs(table)

    async def join(self, session: Session, table_id: str, seat: int) -> None:
        """Sit the session's person at an open seat of a table."""
        await self.seating.join(session, table_id, seat)

    def lobby(self, session: Session) -> dict:
        """The lobby's list as `session` sees it."""
        return self.lobby_lists.for_session(session)

    def tell_lobby(self) -> None:
        """Have the lobby's list sent again to every session in the lobby (paced)."""
        self.lobby_lists.tell()

    # -- a session -----------------------------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        session = Session(writer, self.lookers)
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
            session.gone()
            self.people.gone(session)
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
            handler = self._handlers.get(kind)
            if handler is None:
                raise ProtocolError(f"'{kind[:20]}' is not something the table server does.")
            if session.player is not None and "ban" in await self.club_service.sanctions(session):
                self.turn_away(session)
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

    async def _hello(self, session: Session, message: dict) -> None:
        if session.person or session.newcomer:
            raise ProtocolError("This session already said hello.")
        token = text_field(message, "token", "the session's token", limit=100)
        identity = self.tokens.pop(token, None)
        if identity is None:
            raise ProtocolError("That token is not valid (it is used once, by its own session).")
        who, name = identity
        session.lobby_with_welcome = message.get("lobby") is True
        session.asked_in_hello(message)
        try:
            player = await self.club_service.arriving(who, name)
        except NoNewPlayers as exc:
            self._let_go(session, str(exc))
            return
        if player is not None and "ban" in await self.record(
            self.club.moderation.sanctions_of, player.id
        ):
            self.turn_away(session)
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

    async def _register(self, session: Session, message: dict) -> None:
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

    def turn_away(self, session: Session) -> None:
        """A member the keeper banned: told so in one sentence, and let go."""
        self._let_go(session, BANNED)

    def _let_go(self, session: Session, sentence: str) -> None:
        """Say the server's last word to a session (its client ends with it), and close it."""
        session.send({"type": "error", "error": sentence, "final": True})
        session.writer.close()

    async def _admit(self, session: Session, player: Player) -> None:
        """Welcome a member, with the chat they muted, whom they follow and block."""
        muted = await self.record(self.club.moderation.muted_by, player.id)
        session.muted = {person_of(player_id) for player_id in muted}
        session.player = player
        await self.friends.load(session)
        self._welcome(session, player)

    def _welcome(self, session: Session, player: Player) -> None:
        session.player = player
        session.person = person_of(player.id)
        session.name = player.name
        self.people.arrived(session)
        self.away_since.pop(session.person, None)
        self.node.here(session, True)
        for table in self.tables.values():
            seat = table.seat_of(session.person)
            if seat is None:
                continue
            place = table.seats[seat]
            self.presence.back_at_server(session, table)
            if place.zombie and not place.for_good:
                place.zombie = ""  # back: the bot steps aside (what it chose is told at the table)
                self.spawn(self.seating.store_seat(table, seat))
                title = table.spec.seat_title(place.name)
                back = f"{session.name} is back and plays {title} again."
                self.notice(table, back, others(table, session.person), back=seat)
                self.changed(table)
            else:
                self.tell_table(table)  # shown connected again
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
            welcome["lobby"] = session.lobby_whole(self.lobby_lists.list_told(session))
        session.send(welcome)
        self.tell_lobby()

    # -- what sessions are told ------------------------------------------------------------------
    def open_table(self, session: Session, table: Table) -> None:
        """Show `table` to `session`: its person arrives there (and a bot playing for them while
        they were away steps aside)."""
        session.in_lobby = False
        self.lobby_lists.left(session)
        left = self.presence.arrived(session.person, table.id)
        self.presence.show_table(session, table.id)
        session.log_count = 0
        session.chat_count = max(0, table.chat_since(0)[1] - 10)
        if session.teller is not None:
            session.teller.forget()
        seat = table.seat_of(session.person)
        stepped_aside = False
        if seat is not None:
            table.seats[seat].seen = table.actions
            stepped_aside = self.presence.bot_steps_aside(table, seat)
        self.send_table(session, table)
        if seat is not None:
            self.presence.back_at_table(session, table, seat, left, stepped_aside)
        self.presence.tell_arrival(session, table)

    def connected(self, person: str) -> bool:
        """True when `person` has a session here, or on another node of a shared club."""
        return self.people.here(person) or person in self.node.elsewhere

    def send_table(self, session: Session, table: Table, hidden=frozenset()) -> None:
        """Send `session` the table as its person sees it now (what is new since the last;
        `hidden`: people whose chat is left out besides those it mutes)."""
        hidden = hidden | self.table_news.held_mutes(session, table.id) | session.blocked
        session.send_table(table.message_for(session, self.connected, self.clock(), hidden))

    def changed(self, table: Table, action: bool = False) -> None:
        """After any change (already in the database): tell everyone looking at the table, run
        its clock, wake its bots, and let the lobby know (`action`: an action played was all)."""
        self.tell_table(table)
        self.lobby_lists.tell(moved=table if action else None)
        self.bots.wake(table)

    def tell_table(self, table: Table) -> None:
        """Send `table` again to every session looking at it (its spectators a few times a
        second at most: `table_news.py`)."""
        self.table_news.tell(table)

    def notice(self, table: Table, text: str, people: list[str] | None = None, **about) -> None:
        """Tell the sessions looking at `table` (or only `people`'s) one sentence (`about`: what
        a client may read of it besides, e.g. ``away``: the seat a bot may now play)."""
        for session in self.lookers.of(table.id):
            if people is None or session.person in people:
                session.send({"type": "notice", "table": table.id, "text": text, **about})

    def away(self, person: str, name: str) -> None:
        """`person` has no session left anywhere: their tables show it, and their players are
        told after the seat timeout that a bot may play for them."""
        self.away_since[person] = time.monotonic()
        for table in self.tables.values():
            if table.seat_of(person) is not None:
                self.tell_table(table)
        self.presence.away(person, name)
        self.tell_lobby()
