"""A real PostgreSQL server for the tests, started once per test session and stopped after it.

Debian's ``postgresql`` package (``.ci/run`` installs it): ``initdb`` makes a cluster in a fresh
temporary folder and ``pg_ctl`` starts it there, listening on a Unix socket in that folder only
(no TCP port, nothing another program could reach), with fsync off (a test server keeps nothing).
PostgreSQL refuses to run as root, so as root (CI) the server runs as the ``postgres`` user the
package makes. Each test gets a database of its own (`Server.new_database`), dropped after it.

The binaries are found through WISH_TUI_PG_BIN (a folder), else ``pg_ctl`` on the PATH, else the
newest ``/usr/lib/postgresql/*/bin``.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

INSTALL = (
    "apt-get install -y postgresql (Debian's PostgreSQL server, which .ci/run installs) and "
    "pip install -e '.[test]' (psycopg)"
)
PORT = 5432
"""Only part of the socket's name: the server opens no TCP port."""


def find_binaries() -> Path | None:
    """The folder holding initdb and pg_ctl, or None when no PostgreSQL server is installed."""
    given = os.environ.get("WISH_TUI_PG_BIN")
    candidates = [Path(given)] if given else []
    on_path = shutil.which("pg_ctl")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin"),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
        reverse=True,
    )
    candidates.extend(versions)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    return None


def missing() -> str | None:
    """Why the PostgreSQL tests cannot run here (what to install), or None when they can."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return f"psycopg is not installed: {INSTALL}"
    if find_binaries() is None:
        return f"no PostgreSQL server is installed: {INSTALL}"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return f"running as root, the server needs the user 'postgres': {INSTALL}"
    return None


class Server:
    """One PostgreSQL server in a temporary folder."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        # /tmp rather than TMPDIR: the user postgres must reach it, and a socket's path is short
        base = "/tmp" if os.path.isdir("/tmp") else None
        self.folder = Path(tempfile.mkdtemp(prefix="wish-tui-pg-", dir=base))
        self._names = itertools.count(1)
        self._user: dict = {}
        if os.geteuid() == 0:
            entry = pwd.getpwnam("postgres")
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
            self._user = {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}
        self._admin = None

    def _run(self, *args: str) -> None:
        result = subprocess.run(
            [str(self.binaries / args[0]), *args[1:]],
            cwd=self.folder,
            capture_output=True,
            text=True,
            timeout=120,
            **self._user,
        )
        if result.returncode != 0:
            log = self.folder / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(
                f"{args[0]} failed ({result.returncode}): {result.stderr.strip()} {tail}"
            )

    def start(self) -> Server:
        data = self.folder / "data"
        self._run(
            "initdb", "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
            "--locale=C", "--no-sync",
        )  # fmt: skip
        options = (
            f"-k {self.folder} -p {PORT} -c listen_addresses='' -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        self._run(
            "pg_ctl", "-D", str(data), "-l", str(self.folder / "server.log"), "-w", "-t", "60",
            "-o", options, "start",
        )  # fmt: skip
        return self

    def url(self, database: str = "postgres") -> str:
        """A URL of one of the server's databases (as its superuser, over the socket)."""
        return f"postgresql://postgres@/{database}?host={self.folder}&port={PORT}"

    def admin(self):
        """A connection to the server's own database, to make and drop databases."""
        import psycopg

        if self._admin is None or self._admin.closed:
            self._admin = psycopg.connect(self.url(), autocommit=True)
        return self._admin

    def new_database(self) -> str:
        """A fresh empty database; its name."""
        name = f"club_{os.getpid()}_{next(self._names)}"
        self.admin().execute(f"CREATE DATABASE {name}")
        return name

    def drop_database(self, name: str) -> None:
        self.admin().execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self) -> None:
        if self._admin is not None:
            with contextlib.suppress(Exception):
                self._admin.close()
        with contextlib.suppress(Exception):
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)
