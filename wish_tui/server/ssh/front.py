"""The SSH front end of `wish-tui serve`: who may connect, how many, and one app per terminal.

Every connection is counted from its first byte: past `Limits.max_connections` in all, or
`Limits.max_per_address` from one address (one IPv6 /64, which one home holds), it is turned
away with a sentence that says why: after its key exchange, as the login banner (OpenSSH prints
it in the terminal) and the disconnect's reason; cut at its first byte, the client would only
say "Broken pipe". A connection must log in within
`Limits.login_timeout`, and one that sends no key for `Limits.idle_timeout` is closed with a
sentence.

Logging in is by public key (`keys.AuthorizedKeys`) or, with `--open`, by name alone (no
password is ever asked). Each connection may hold one session at a time and open a few in all;
what a session does is `session.AppSession`. Every forwarding (TCP both ways, Unix sockets,
agent, X11, TUN/TAP) is refused at its request. The server stops by giving each child its grace
time to exit, then ending each session with a sentence and closing each connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import shlex
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import asyncssh

from wish_tui.server import child as child_module
from wish_tui.server.pool.link import PoolUnavailable, SessionPool
from wish_tui.server.ssh.bot_session import BotSession, is_bot_login
from wish_tui.server.ssh.keys import AuthorizedKeys, Person, open_person
from wish_tui.server.ssh.lean import keep_alive, lean_connection
from wish_tui.server.ssh.plain_login import read_user
from wish_tui.server.ssh.session import AppSession, accept_only_listed_env
from wish_tui.tables.remote import asks_plain

CLIENT_COMMAND = (sys.executable, "-P", "-m", "wish_tui", "client")
"""The child app of each session: a thin client of the table server. `-P`: the code the
server runs, not a `wish_tui` folder of the directory the server was started in (which
`python -m` would put first on the import path)."""
SESSIONS_AT_ONCE = 1
"""Sessions one connection may hold open at the same time."""
SESSIONS_PER_CONNECTION = 8
"""Sessions one connection may open in all (each one starts a process)."""
REFUSED_AT_ONCE = 16
"""Connections turned away by a limit that are kept long enough to be told why (the key
exchange done, the sentence sent as the login banner); past them, one is cut at once."""
KEEPALIVE_S = 60
KEEPALIVES_UNANSWERED = 2
"""A connection that sent nothing for KEEPALIVE_S seconds is asked whether it is there, and cut
after KEEPALIVES_UNANSWERED questions unanswered: two minutes. The kernel asks (TCP keepalive
probes, `lean.keep_alive`), which wakes no one; asyncssh's requests, where the kernel cannot be
told, were a packet each way and both ends woken (at 200 sessions in a lobby, 3 a second)."""
CIPHERS = (
    "aes128-gcm@openssh.com",
    "aes256-gcm@openssh.com",
    "aes128-ctr",
    "aes192-ctr",
    "aes256-ctr",
)
"""The ciphers offered. Not ChaCha20-Poly1305, which clients (OpenSSH's, asyncssh's) ask for first
and get when it is offered: asyncssh makes three cipher objects in Python for each of its packets,
about 14 us a packet each way, against 2.5 us for AES (in OpenSSL, with the processor's AES
instructions); a session's every frame and key is a packet or more."""
MACS = (
    "hmac-sha2-256-etm@openssh.com",
    "hmac-sha2-512-etm@openssh.com",
    "hmac-sha2-256",
    "hmac-sha2-512",
)
"""The MACs offered with AES-CTR (AES-GCM has its own): not UMAC, which OpenSSH's client asks for
first and asyncssh computes at twice the cost of HMAC-SHA-256, nor SHA-1."""


class Hub(Protocol):
    """What the front end needs of the table server."""

    socket_path: Path
    problems: list[str]
    """What went wrong, one sentence each; at the start, the tables that cannot be resumed."""

    def register_session(self, person: str, name: str) -> str: ...

    def unregister_session(self, token: str) -> None: ...


@dataclass(frozen=True)
class Limits:
    """How much one stranger, and all of them, may take of the server."""

    max_connections: int = 32
    """Connections at once in all, logged in or not."""
    max_per_address: int = 4
    """Connections at once from one address (an IPv6 address counts by its /64)."""
    login_timeout: float = 30.0
    """Seconds from connecting to being logged in."""
    idle_timeout: float = 1800.0
    """Seconds without a key from the client before its connection is closed."""
    stop_grace: float = child_module.STOP_GRACE
    """Seconds a child has to exit after SIGTERM before SIGKILL."""
    apps_per_process: int = 20
    """Sessions' apps that share one process of the session pool (1: a process each)."""


def address_group(address: str) -> str:
    """The key that connections from `address` are counted under for `Limits.max_per_address`."""
    try:
        ip = ipaddress.ip_address(address.partition("%")[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def _log_to_stderr(message: str) -> None:
    sys.stderr.write(f"wish-tui serve: {message}\n")
    sys.stderr.flush()


class FrontEnd:
    """The SSH server: admits people and runs one child app per terminal session.

    Args:
        hub: the table server (`socket_path`, `register_session`, `unregister_session`).
        host_key: the server's private host key.
        keys: the admitted keys; None admits anyone by name (`--open`).
        data_dir: the data directory the children use.
        limits: the limits of connections and sessions.
        command: the child app's program and arguments, when it starts as a fresh process.
        log: where one line about each connection goes.
        pool: the session pool the apps are forked from; without one (or once it has stopped),
            each app starts as a fresh process of `command`.
        bots: the way in of outside bots (`outside_bots.door.BotDoor`) for `ssh -T bot@HOST`;
            None: this server takes no bots.
    """

    def __init__(
        self,
        hub: Hub,
        host_key: asyncssh.SSHKey,
        keys: AuthorizedKeys | None,
        data_dir: Path,
        limits: Limits = Limits(),  # noqa: B008 (frozen)
        command: Sequence[str] = CLIENT_COMMAND,
        log: Callable[[str], None] = _log_to_stderr,
        pool: SessionPool | None = None,
        bots=None,
    ) -> None:
        self.hub = hub
        self.bots = bots
        self.pool = pool
        self.host_key = host_key
        self.keys = keys
        self.data_dir = Path(data_dir)
        self.limits = limits
        self.command = tuple(command)
        self.log = log
        self.port = 0
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._per_group: Counter[str] = Counter()
        self._connections: set[_Connection] = set()
        self._refused: set[_Connection] = set()
        self._tasks: set[asyncio.Task] = set()
        self._closing = False

    @property
    def is_open(self) -> bool:
        """True when anyone is admitted by name."""
        return self.keys is None

    @property
    def is_closing(self) -> bool:
        """True once `close` has begun: no new connection or app starts."""
        return self._closing

    @property
    def connection_count(self) -> int:
        """Connections counted now."""
        return len(self._connections)

    async def start(self, host: str, port: int) -> None:
        """Listen on `host`:`port` (0: a free port, then in `port`).

        Raises:
            OSError: the address cannot be listened on.
        """
        self._acceptor = await asyncssh.create_server(
            lambda: _Connection(self),
            host,
            port,
            server_host_keys=[self.host_key],
            server_version="wish_tui",
            encryption_algs=CIPHERS,
            mac_algs=MACS,
            config=None,
            login_timeout=self.limits.login_timeout,
            keepalive_interval=0,  # asked by the kernel instead (`keep_alive`)
            encoding=None,
            line_editor=False,
            allow_pty=True,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            password_auth=False,
            kbdint_auth=False,
            host_based_auth=False,
            gss_host=None,
        )
        self.port = self._acceptor.get_port()

    async def close(self) -> None:
        """Stop listening, end every session (their children stop) and close every connection."""
        self._closing = True
        if self._acceptor is not None:
            self._acceptor.close()
        for connection in list(self._connections):
            connection.leave("the server is shutting down")
        tasks = list(self._tasks)
        if tasks:
            # Each child first gets its grace time to exit and put the client's terminal back.
            await asyncio.wait(tasks, timeout=self.limits.stop_grace + child_module.DRAIN_TIME + 1)
        for connection in list(self._connections):
            if connection.conn is not None:
                connection.conn.close()
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
        if self._acceptor is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._acceptor.wait_closed(), 5)

    def how_to_connect(
        self, address: str, name: str = "", terminal: bool = False, plain: bool = False
    ) -> str:
        """The ssh command that reaches this server at `address` (as `name` with `--open`).

        Args:
            terminal: ask for a terminal even where ssh would not (`-t`).
            plain: for the plain-text client (the user name `plain`, `plain+NAME` with `--open`).
        """
        flags = "-t " if terminal else ""
        flags += "" if self.port == 22 else f"-p {self.port} "
        if not (name and self.is_open):
            return f"ssh {flags}{'plain@' if plain else ''}{address}"
        # A name the shell would split or expand is shown as NAME: the command stays one to copy.
        shown = name if shlex.quote(name) == name else "NAME"
        return f"ssh {flags}{'plain+' if plain else ''}{shown}@{address}"

    # Book-keeping of connections

    def tell_refused(self, connection: _Connection, joining: bool) -> bool:
        """Count a turned-away connection that is told why in (True) while fewer than
        REFUSED_AT_ONCE are; `joining` False counts it out."""
        if not joining:
            self._refused.discard(connection)
            return False
        if len(self._refused) >= REFUSED_AT_ONCE:
            return False
        self._refused.add(connection)
        return True

    def admit(self, connection: _Connection) -> str:
        """Count `connection` in; return '' or the sentence that turns it away."""
        if self._closing:
            return "the server is shutting down"
        if len(self._connections) >= self.limits.max_connections:
            return "the server is full; try again later"
        if self._per_group[connection.group] >= self.limits.max_per_address:
            return "too many connections from your address; close one and try again"
        self._connections.add(connection)
        self._per_group[connection.group] += 1
        return ""

    def forget(self, connection: _Connection) -> None:
        """Count `connection` out (once)."""
        if connection in self._connections:
            self._connections.discard(connection)
            self._per_group[connection.group] -= 1
            if self._per_group[connection.group] <= 0:
                del self._per_group[connection.group]

    async def start_app(
        self, terminal: int, env: Mapping[str, str], group: str
    ) -> child_module.AppProcess:
        """Start one session's app on `terminal`: forked by the pool while it runs, else fresh.

        Raises:
            child_module.AppRefused: the pool is at a limit for all or for `group`.
            OSError: no process could be started.
        """
        if self.pool is not None and self.pool.is_alive:
            with contextlib.suppress(PoolUnavailable):
                shared = not asks_plain(env)  # the plain client reads its terminal itself
                return await self.pool.spawn((terminal, terminal, terminal), env, group, shared)
        return await child_module.start_fresh(self.command, terminal, env)

    def prefers_plain(self, person: Person) -> bool:
        """True when `person`'s profile in the club asks for the plain-text client (the table
        server's `prefers_plain`; False for a table server that keeps no profiles)."""
        ask = getattr(self.hub, "prefers_plain", None)
        try:
            return bool(ask is not None and ask(person.person))
        except Exception as exc:  # a club that cannot answer must not keep anyone out
            self.log(f"the plain-text setting of {person.name} could not be read: {exc!r}")
            return False

    def run_task(self, coro) -> asyncio.Task:
        """Run `coro` as a task that `close` waits for."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task


class _Connection(asyncssh.SSHServer):
    """One SSH connection: its count, its login, its idle clock and its sessions."""

    def __init__(self, front: FrontEnd) -> None:
        self.front = front
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = ""
        self.group = ""
        self.username = ""
        self.plain = False
        """True when the user name asked for the plain-text client (`plain_login`)."""
        self.bot = False
        """True when the user name asked for the bot protocol (`bot_session`)."""
        self.person: Person | None = None
        self._key_person: Person | None = None
        self.sessions: set[AppSession] = set()
        self.sessions_started = 0
        self._counted = False
        self._last_input = 0.0
        self._idle_timer: asyncio.TimerHandle | None = None
        self._close_timer: asyncio.TimerHandle | None = None
        self._leaving = False
        self.refusal = ""
        """Why a limit turned this connection away: said at login, then it is cut."""

    # The connection

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        lean_connection(conn)
        peer = conn.get_extra_info("peername") or ("", 0)
        self.address = str(peer[0])
        self.group = address_group(self.address)
        refusal = self.front.admit(self)
        if refusal:
            self.front.log(f"turned away {self.address}: {refusal}")
            if self.front.tell_refused(self, True):
                # Cut now, the client is in its key exchange and says only "Broken pipe": the
                # sentence goes as the login banner, then the disconnect (`begin_auth`).
                self.refusal = refusal
                return
            asyncio.get_running_loop().call_soon(
                conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS, refusal
            )
            return
        self._counted = True

    def connection_lost(self, exc: Exception | None) -> None:
        if self.refusal:
            self.front.tell_refused(self, False)
        for timer in (self._idle_timer, self._close_timer):
            if timer is not None:
                timer.cancel()
        self._idle_timer = self._close_timer = None
        if self._counted:
            self.front.forget(self)
            self._counted = False
            if self.person is not None:
                self.front.log(f"{self.person.name} ({self.person.person}) left")

    def leave(self, sentence: str) -> None:
        """End every session with `sentence` once its child has stopped, then the connection."""
        if self.conn is None:
            return
        if not self.sessions:
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, sentence)
            return
        self._leaving = True
        for session in list(self.sessions):
            session.close_with(sentence, 1)
        # A client that keeps the connection after its sessions end is closed all the same.
        grace = self.front.limits.stop_grace + child_module.DRAIN_TIME + 2
        self._close_timer = asyncio.get_running_loop().call_later(grace, self.conn.close)

    def session_closed(self, session) -> None:
        """Forget `session`; the last one of a connection that is leaving closes it."""
        self.sessions.discard(session)
        if self._leaving and not self.sessions and self.conn is not None:
            self.conn.close()

    # Logging in

    def begin_auth(self, username: str) -> bool:
        if self.refusal:
            assert self.conn is not None
            self.conn.send_auth_banner(f"wish-tui: {self.refusal}.\r\n")
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, self.refusal)
            return True
        self.username, self.plain = read_user(username)
        self.bot = is_bot_login(username)
        return not self.front.is_open

    def public_key_auth_supported(self) -> bool:
        return not self.front.is_open and not self.refusal

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.refusal:
            return False
        keys = self.front.keys
        person = keys.lookup(key, self.username) if keys is not None else None
        if person is not None:
            # asyncssh validates the key of each attempt right before checking its signature,
            # so the last key admitted is the one a successful login used.
            self._key_person = person
        return person is not None

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def auth_completed(self) -> None:
        if self.front.is_open:
            self.person = open_person(self.username)
        else:
            self.person = self._key_person
        who = f"{self.person.name} ({self.person.person})" if self.person else "an unusable name"
        self.front.log(f"{who} logged in from {self.address}")
        assert self.conn is not None
        # (after the login: asyncssh reads its options again for the user, keepalives with them)
        keep_alive(self.conn, KEEPALIVE_S, KEEPALIVES_UNANSWERED)
        self.touch()
        self._idle_timer = asyncio.get_running_loop().call_later(
            self.front.limits.idle_timeout, self._check_idle
        )

    # Idleness

    def touch(self) -> None:
        """Note input from the client now."""
        self._last_input = asyncio.get_running_loop().time()

    def _check_idle(self) -> None:
        loop = asyncio.get_running_loop()
        idle = self.front.limits.idle_timeout
        left = self._last_input + idle - loop.time()
        if left > 0:
            self._idle_timer = loop.call_later(left, self._check_idle)
            return
        self._idle_timer = None
        self.front.log(f"closed the idle connection from {self.address}")
        self.leave(
            f"no key for {_duration(idle)}, so the session is closed; connect again to "
            "return to your seats"
        )

    # Sessions and everything else

    def session_requested(self):
        if len(self.sessions) >= SESSIONS_AT_ONCE:
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, "one session at a time per connection"
            )
        if self.sessions_started >= SESSIONS_PER_CONNECTION:
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, "too many sessions; connect again"
            )
        self.sessions_started += 1
        assert self.conn is not None
        chan = self.conn.create_server_channel()
        if self.bot:
            bot = BotSession(self)
            accept_only_listed_env(chan, {})
            self.sessions.add(bot)
            return chan, bot
        session = AppSession(self)
        accept_only_listed_env(chan, session.env)
        self.sessions.add(session)
        return chan, session

    def connection_requested(self, dest_host, dest_port, orig_host, orig_port) -> bool:
        return False

    def server_requested(self, listen_host, listen_port) -> bool:
        return False

    def unix_connection_requested(self, dest_path) -> bool:
        return False

    def unix_server_requested(self, listen_path) -> bool:
        return False

    def tun_requested(self, unit) -> bool:
        return False

    def tap_requested(self, unit) -> bool:
        return False


def _duration(seconds: float) -> str:
    if seconds >= 120 and seconds % 60 == 0:
        return f"{int(seconds // 60)} minutes"
    return f"{seconds:g} seconds"
