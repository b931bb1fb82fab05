"""`wish-tui serve`: start the table server and the SSH front end, say how to connect, run until
Ctrl-C (or SIGTERM), then close both: every session ends, every child app stops, the tables save.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from wish_tui.club.errors import ClubError
from wish_tui.core.excerpt import excerpt
from wish_tui.core.text import plain_text
from wish_tui.server.outside_bots.door import BotDoor
from wish_tui.server.pool.link import PooledApp, SessionPool
from wish_tui.server.smtp_relay import SmtpRelay
from wish_tui.server.ssh.front import CLIENT_COMMAND, FrontEnd, Hub, Limits
from wish_tui.server.ssh.keys import (
    AUTHORIZED_KEYS_NAME,
    AuthorizedKeys,
    KeyProblem,
    load_host_key,
)


class ServeError(Exception):
    """The server cannot start; the message is one sentence."""


@dataclass(frozen=True)
class ServeOptions:
    """What `wish-tui serve` was asked to do."""

    host: str = "127.0.0.1"
    port: int = 2222
    is_open: bool = False
    """Admit anyone by the name they connect as, with no key."""
    keys: Path | None = None
    """The authorized keys file; None: `AUTHORIZED_KEYS_NAME` in the data directory."""
    limits: Limits = field(default_factory=Limits)
    web_port: int | None = None
    """Also serve the app to web browsers on this port (`--web`); None: SSH only."""
    web_url: str = ""
    """The address browsers open (`--web-url`, behind a proxy); '': this server's own."""
    pool: bool = True
    """Fork each SSH session's app from the session pool (else each starts as a fresh process)."""
    app: PooledApp | None = None
    """The app the session pool forks for each session, as the command line names it
    (`wish_tui.pool_app.POOLED_CLIENT`); None: no pool, each app starts as a fresh process."""
    database: str = ""
    """A PostgreSQL URL: the club is that database, shared with every node naming it (`--database`);
    '': the SQLite file of the data directory."""
    new_club: bool = False
    """Make a new club of an empty database file, which is refused without it (`--new-club`)."""
    smtp: SmtpRelay | None = None
    """The relay turn alerts by email go through (`--smtp`); None: the club sends no email."""


def default_hub(
    data_dir: Path, database: str = "", new_club: bool = False, smtp: SmtpRelay | None = None
) -> Hub:
    """The table server of this version, keeping its tables in `data_dir`, or in the PostgreSQL
    database at `database` that it shares with other nodes; its email through `smtp`."""
    from wish_tui.server.hub import Hub as TableServer

    return TableServer(data_dir, database=database or None, new_club=new_club, mail=smtp)


def _warn(message: str) -> None:
    sys.stderr.write(f"wish-tui serve: warning: {message}\n")


def _log(message: str) -> None:
    sys.stderr.write(f"wish-tui serve: {message}\n")
    sys.stderr.flush()


def _reach(host: str) -> str:
    if host in ("", "0.0.0.0", "::"):
        return socket.gethostname() or "THIS-MACHINE"
    return host


async def serve(
    options: ServeOptions,
    data_dir: Path,
    *,
    hub_factory: Callable[[Path], Hub] | None = None,
    command: Sequence[str] = CLIENT_COMMAND,
    out: TextIO = sys.stdout,
    warn: Callable[[str], None] = _warn,
    stop: asyncio.Event | None = None,
) -> None:
    """Run the server until `stop` is set (or Ctrl-C / SIGTERM when `stop` is None).

    Args:
        hub_factory: makes the table server of a data directory (`default_hub` with the
            options' database, unless given).

    Raises:
        ServeError: the server cannot start (a key, the keys file, the address).
    """
    # The pool starts first, as a fresh program: it never sees the host key, a token or a table.
    pool = None
    app = options.app
    if options.pool and app is not None:
        pool = await SessionPool.begin_app(
            app,
            max_children=options.limits.max_connections,
            max_per_group=options.limits.max_per_address,
            apps_per_host=options.limits.apps_per_process,
            log=_log,
        )
    try:
        await _run_server(options, data_dir, pool, hub_factory, command, out, warn, stop)
    finally:
        if pool is not None:
            await pool.close()


async def _run_server(options, data_dir, pool, hub_factory, command, out, warn, stop) -> None:
    try:
        host_key, host_key_path = load_host_key(data_dir)
        keys = None
        if not options.is_open:
            keys = AuthorizedKeys(options.keys or Path(data_dir) / AUTHORIZED_KEYS_NAME, warn)
            keys.load()
    except KeyProblem as exc:
        raise ServeError(str(exc)) from None
    if hub_factory is None:
        hub = default_hub(Path(data_dir), options.database, options.new_club, options.smtp)
    else:
        hub = hub_factory(Path(data_dir))
    try:
        await hub.start()
    except ClubError as exc:  # one sentence already, the club's
        said = plain_text(str(exc), 600).rstrip(".")
        raise ServeError(f"cannot start: {said[:1].lower()}{said[1:]}") from None
    except Exception as exc:
        raise ServeError(f"the table server cannot start: {excerpt(str(exc), 200)}") from None
    for problem in hub.problems:  # tables that cannot be resumed, files not imported
        warn(problem)
    if pool is not None and not await pool.ready():
        pool = None
    if keys is not None and hasattr(hub, "knows_key"):
        keys.also = hub.knows_key  # keys players added to their profile in the club
    bots = BotDoor(hub)  # `ssh -T bot@HOST` and the web front's bot stream (docs/bot-protocol.md)
    front = FrontEnd(
        hub, host_key, keys, Path(data_dir), options.limits, command, pool=pool, bots=bots
    )
    web_front = None
    try:
        try:
            await front.start(options.host, options.port)
        except OSError as exc:
            raise ServeError(
                f"cannot listen on {options.host} port {options.port}: "
                f"{exc.strerror or 'the address cannot be used'}"
            ) from None
        if options.web_port is not None:
            web_front = await _start_web(hub, options, Path(data_dir), command, bots)
        _introduce(front, options, host_key.get_fingerprint("sha256"), host_key_path, keys, out)
        if web_front is not None:
            _introduce_web(web_front, options, out)
        if stop is None:
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signum, stop.set)
        await stop.wait()
        out.write("Stopping: every session ends and the tables are saved.\n")
        out.flush()
    finally:
        if web_front is not None:
            await web_front.close()
        await front.close()
        await hub.close()


async def _start_web(hub, options: ServeOptions, data_dir: Path, command: Sequence[str], bots=None):
    """Start the web front end (`--web`), its links shown by the hub's lobby.

    Raises:
        ServeError: the web extra is not installed, or the port cannot be listened on.
    """
    try:
        from wish_tui.server.web.front import WebFrontEnd
        from wish_tui.server.web.links import SignIns
    except ImportError as exc:
        raise ServeError(
            f"'--web' needs {exc.name or 'textual-serve'}; install the web extra with "
            "\"pip install 'wish_tui[web]'\""
        ) from None
    port = options.web_port or 0
    sign_ins = SignIns()
    web_front = WebFrontEnd(
        hub, sign_ins, data_dir, options.limits, options.is_open, command, bots=bots
    )
    try:
        await web_front.start(options.host, port)
    except OSError as exc:
        raise ServeError(
            f"cannot listen on {options.host} port {port} for browsers: "
            f"{exc.strerror or 'the address cannot be used'}"
        ) from None
    reach = _reach(options.host)
    reach = f"[{reach}]" if ":" in reach else reach
    sign_ins.base_url = (options.web_url or f"http://{reach}:{web_front.port}").rstrip("/")
    hub.web_links = sign_ins
    return web_front


def _introduce_web(web_front, options: ServeOptions, out: TextIO) -> None:
    base = web_front.sign_ins.base_url
    if options.is_open:
        how = "each one types a guest name"
    else:
        how = "a player signs one in with the link their lobby gives (key b)"
    out.write(
        f"Browsers: listening on {options.host} port {web_front.port}; they open {base} and "
        f"{how}.\n"
    )
    out.flush()


def _introduce(front, options, fingerprint, host_key_path, keys, out: TextIO) -> None:
    reach = _reach(options.host)
    lines = [
        f"wish-tui serve: listening on {options.host} port {front.port}.",
        f"Host key {fingerprint} ({host_key_path}).",
        f"Players connect with: {front.how_to_connect(reach, 'NAME')}",
    ]
    if options.database:
        from wish_tui.club.store.postgres import shown_url

        lines.append(
            f"The club is the database {shown_url(options.database)}, shared with every node "
            "started with it."
        )
    if keys is None:
        lines.append(
            f"Anyone who can reach {options.host} port {front.port} may sit down, by the name "
            "they connect as (--open)."
        )
    else:
        lines.append(
            f"Admitted: the {len(keys)} key(s) in {keys.path}, read again when it changes; add a "
            "friend's public key line to it, as 'cat ~/.ssh/id_ed25519.pub >> FILE' adds yours."
        )
    lines.append("Ctrl-C stops the server.")
    out.write("\n".join(lines) + "\n")
    out.flush()


def run(options: ServeOptions) -> int:
    """Run `wish-tui serve` in the foreground; return the exit status."""
    from wish_tui.saves import data_dir

    try:
        asyncio.run(serve(options, data_dir()))
    except ServeError as exc:
        sys.stderr.write(f"wish-tui serve: {str(exc).rstrip('.')}.\n")
        return 1
    except KeyboardInterrupt:
        with contextlib.suppress(Exception):
            sys.stdout.write("Stopped.\n")
    return 0
