"""Fixtures of the server's tests: a stand-in table server, an SSH front end on loopback and
session pools of probes."""

from __future__ import annotations

import secrets
import sys
from pathlib import Path

import asyncssh
import pytest

from wish_tui.server.hub import Hub
from wish_tui.server.hub.session import Session
from wish_tui.server.pool.link import SessionPool
from wish_tui.server.ssh.front import FrontEnd, Limits
from wish_tui.server.ssh.keys import AuthorizedKeys

PROBE = (sys.executable, str(Path(__file__).with_name("probe_child.py")))
PROBE_ENTRY = (f"{Path(__file__).with_name('probe_child.py')}:main",)
"""The probe as the session pool's entry."""


class HubDouble:
    """The face of the table server that the front end uses, recording what it is told."""

    def __init__(self, data_dir: Path) -> None:
        self.socket_path = Path(data_dir) / "hub.sock"
        self.seated: dict[str, tuple[str, str]] = {}
        self.registered: list[tuple[str, str, str]] = []
        self.unregistered: list[str] = []
        self.started = self.closed = False
        self.fault: Exception | None = None
        """Raised by `start` and `register_session` when set."""
        self.problems: list[str] = []

    async def start(self) -> None:
        if self.fault is not None:
            raise self.fault
        self.started = True

    async def close(self) -> None:
        self.closed = True

    def register_session(self, person: str, name: str) -> str:
        if self.fault is not None:
            raise self.fault
        token = secrets.token_hex(16)
        self.seated[token] = (person, name)
        self.registered.append((token, person, name))
        return token

    def unregister_session(self, token: str) -> None:
        del self.seated[token]
        self.unregistered.append(token)


class Server:
    """A front end under test, with what it logged and warned."""

    def __init__(self, front: FrontEnd, hub: HubDouble, keys_path: Path, warnings, logs):
        self.front, self.hub, self.keys_path = front, hub, keys_path
        self.warnings, self.logs = warnings, logs

    @property
    def port(self) -> int:
        return self.front.port

    async def connect(self, key=None, username="alice", local="127.0.0.1", **options):
        return await asyncssh.connect(
            "127.0.0.1",
            self.port,
            username=username,
            client_keys=[key] if key is not None else [],
            known_hosts=None,
            agent_path=None,
            config=None,
            local_addr=(local, 0),
            **options,
        )


def new_key(comment: str | None = None) -> asyncssh.SSHKey:
    key = asyncssh.generate_private_key("ssh-ed25519", comment=comment)
    return key


def public_line(key: asyncssh.SSHKey) -> str:
    return key.export_public_key().decode().strip()


def authorized_keys(folder: Path, keys, warn=lambda message: None) -> AuthorizedKeys:
    """`folder`'s serve-authorized_keys file listing `keys`, loaded (`warn` hears of bad lines)."""
    path = folder / "serve-authorized_keys"
    path.write_text("".join(public_line(k) + "\n" for k in keys))
    authorized = AuthorizedKeys(path, warn)
    authorized.load()
    return authorized


async def hub_that_knows(folder: Path, people: dict[str, asyncssh.SSHKey]) -> Hub:
    """A started table server (bots without pause, no rate limits) whose club knows `people`'s
    keys and names, as if they had played there before."""
    hub = Hub(folder, bot_pace=0.0, rate_limits={})
    await hub.start()
    for name, key in people.items():
        hub.club.players.register(key.get_fingerprint("sha256"), name)
    return hub


async def ssh_login(port: int, key, name: str):
    """`name` connects with `key` to the SSH front end on loopback `port`."""
    return await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        client_keys=[key],
        known_hosts=None,
        agent_path=None,
        config=None,
    )


async def ssh_terminal(port: int, key, name: str):
    """`name` connects with `key` to the SSH front end on loopback `port` and opens a 100x30
    terminal; the connection and its process."""
    conn = await ssh_login(port, key, name)
    process = await conn.create_process(
        term_type="xterm-256color", term_size=(100, 30), encoding=None
    )
    return conn, process


@pytest.fixture
async def start_server(tmp_path):
    """Start a front end: `keys=[...]` admits those keys, `keys=None` is --open; `pool` is the
    session pool its apps are forked from (none: each starts as a fresh process)."""
    started: list[FrontEnd] = []

    async def start(keys=None, command=PROBE, pool=None, **limits) -> Server:
        data_dir = tmp_path / "data"
        data_dir.mkdir(exist_ok=True)
        warnings: list[str] = []
        logs: list[str] = []
        keys_path = data_dir / "serve-authorized_keys"
        authorized = None if keys is None else authorized_keys(data_dir, keys, warnings.append)
        hub = HubDouble(data_dir)
        limits.setdefault("stop_grace", 0.5)
        front = FrontEnd(
            hub,
            new_key(),
            authorized,
            data_dir,
            Limits(**limits),
            command,
            log=logs.append,
            pool=pool,
        )
        await front.start("127.0.0.1", 0)
        started.append(front)
        return Server(front, hub, keys_path, warnings, logs)

    yield start
    for front in started:
        await front.close()


@pytest.fixture
async def start_pool():
    """Start a pool of probes (no preloading, no rehearsal; `options` go on to
    `SessionPool.begin`); each is closed at the end."""
    pools: list[SessionPool] = []

    async def start(
        max_children: int = 8, max_per_group: int = 8, log=None, entry=PROBE_ENTRY, **options
    ):
        logs: list[str] = []
        pool = await SessionPool.begin(
            entry,
            preload=(),
            rehearsal=None,
            max_children=max_children,
            max_per_group=max_per_group,
            log=log or logs.append,
            **options,
        )
        assert pool is not None
        pool.logs = logs
        pools.append(pool)
        return pool

    yield start
    for pool in pools:
        await pool.close()


@pytest.fixture
def written_bytes(monkeypatch) -> list[tuple[str, bytes]]:
    """Every (session's name, bytes) the hub writes to a session, in order."""
    written: list[tuple[str, bytes]] = []
    send_encoded = Session.send_encoded

    def recorded(self, data: bytes) -> None:
        written.append((self.name, data))
        send_encoded(self, data)

    monkeypatch.setattr(Session, "send_encoded", recorded)
    return written
