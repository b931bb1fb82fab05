"""The club's SQLite file: opened with care, migrated in one transaction, never overwritten.

``club.sqlite3`` in the data directory, in WAL mode (readers never wait for the writer) with
foreign keys on. Opening it refuses, in one sentence and without writing a byte, a file that is
not a SQLite database (damaged, or another program's), a SQLite database of another program, and
a club written by a newer wish_tui. With ``durable`` (the default) a commit is on the disk when it
returns. Notices go to this process's listeners after each commit: one machine, one `serve`.

This module is the only one that knows the database is SQLite (with its spelling in `dialect.py`).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
from collections.abc import Callable
from pathlib import Path

from wish_tui import files

from . import schema
from .database import Database, migrate, now_ms
from .dialect import SQLITE
from .errors import Conflict, DatabaseRefused

FILE = "club.sqlite3"
HEADER = b"SQLite format 3\x00"
BUSY_MS = 5000
"""How long a statement waits for another process's write (the keeper's command) to end."""


class SqliteDatabase(Database):
    """The club in one SQLite file."""

    def __init__(
        self, connection: sqlite3.Connection, path: Path, clock: Callable[[], int], read_only: bool
    ) -> None:
        super().__init__(clock, read_only)
        self._connection = connection
        self.path = path
        self.where = str(path)
        self.dialect = SQLITE

    def _run(self, sql: str, params: tuple) -> sqlite3.Cursor:
        try:
            return self._connection.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise Conflict(
                f"That change clashes with what is stored ({str(exc).rstrip('.')}); "
                "nothing was changed."
            ) from exc

    def _run_many(self, sql: str, rows: list[tuple]) -> None:
        self._connection.executemany(sql, rows)

    def _begin(self) -> None:
        self._connection.execute("BEGIN IMMEDIATE")

    def _commit(self) -> None:
        self._connection.execute("COMMIT")

    def _rollback(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._connection.execute("ROLLBACK")

    def size(self) -> int:
        """Bytes the database's pages take (free pages left out)."""
        pages = self.scalar("PRAGMA page_count", default=0)
        free = self.scalar("PRAGMA freelist_count", default=0)
        return (pages - free) * self.scalar("PRAGMA page_size", default=4096)

    def close(self) -> None:
        """Close the connection (the WAL is folded back into the file)."""
        with self._lock:
            self._connection.close()


def path_in(data_dir: Path) -> Path:
    """Where the club database of `data_dir` is."""
    return Path(data_dir) / FILE


def _shown(path: Path) -> str:
    return str(path)


def _check_file(path: Path) -> bool:
    """True when `path` holds something; refuse what is no SQLite database, reading 16 bytes."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise DatabaseRefused(
            f"The club database {_shown(path)} {files.refusal(exc)}; it was left untouched."
        ) from None
    problem = files.kind_problem(info.st_mode) if not stat.S_ISREG(info.st_mode) else ""
    if problem:
        raise DatabaseRefused(
            f"The club database {_shown(path)} {problem}; move it away to start a new club."
        )
    if info.st_size == 0:
        return False
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(HEADER))
    except OSError as exc:
        raise DatabaseRefused(
            f"The club database {_shown(path)} {files.refusal(exc)}; it was left untouched."
        ) from None
    if head != HEADER:
        raise DatabaseRefused(
            f"The file {_shown(path)} is not a SQLite database (it is damaged or another "
            "program's), so it was left untouched; move it away to start a new club."
        )
    return True


def _version(connection: sqlite3.Connection, path: Path) -> int:
    """The schema version of an open file (0 for an empty one); refuse a foreign or newer one."""
    where = _shown(path)
    try:
        names = {r[0] for r in connection.execute(SQLITE.catalog)}
        if not names:
            return 0
        if "club_meta" not in names or "schema_version" not in names:
            raise DatabaseRefused(
                f"The file {where} is a SQLite database of another program, not a wish_tui "
                "club, so it was left untouched; move it away to start a new club."
            )
        found = connection.execute("SELECT value FROM club_meta WHERE key = 'format'").fetchone()
        if found is None or found[0] != schema.FORMAT:
            raise DatabaseRefused(
                f"The file {where} is a SQLite database of another program, not a wish_tui "
                "club, so it was left untouched; move it away to start a new club."
            )
        version = connection.execute("SELECT MAX(version) FROM schema_version").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        raise DatabaseRefused(
            f"The club database {where} is damaged ({str(exc).rstrip('.')}), so it was left "
            "untouched; restore it from a backup or move it away to start a new club."
        ) from None
    return schema.check_version(version, where)


def _connect(path: Path, read_only: bool) -> sqlite3.Connection:
    target = f"{path.resolve().as_uri()}?mode=ro" if read_only else str(path)
    try:
        return sqlite3.connect(
            target,
            uri=read_only,
            isolation_level=None,
            check_same_thread=False,
            timeout=BUSY_MS / 1000,
        )
    except sqlite3.Error as exc:
        raise DatabaseRefused(
            f"The club database {_shown(path)} cannot be opened ({str(exc).rstrip('.')})."
        ) from None


def _probe(path: Path) -> int:
    """The version of an existing file, read through a read-only connection (which never
    writes, not even a checkpoint when it closes)."""
    connection = _connect(path, read_only=True)
    try:
        return _version(connection, path)
    finally:
        connection.close()


def open_sqlite(
    path: Path,
    *,
    read_only: bool = False,
    durable: bool = True,
    clock: Callable[[], int] = now_ms,
) -> SqliteDatabase:
    """Open (or, unless `read_only`, create) the club database at `path`, migrated to VERSION.

    Args:
        durable: fsync every commit (off only for benchmarks that fill a database).
        clock: the time in milliseconds.

    Raises:
        DatabaseRefused: the file is missing (read only), damaged, foreign, newer, or cannot be
            opened; one sentence, and the file is unchanged.
    """
    path = Path(path)
    exists = _check_file(path)
    if read_only and not exists:
        raise DatabaseRefused(
            f"There is no club database at {_shown(path)} yet: 'wish-tui serve' creates it."
        )
    version = _probe(path) if exists else 0
    if read_only and version < schema.VERSION:
        raise DatabaseRefused(
            f"The club database {_shown(path)} has schema version {version}; start "
            "'wish-tui serve' once to bring it up to this version."
        )
    connection = _connect(path, read_only)
    try:
        connection.execute("PRAGMA foreign_keys = ON")
        if not read_only:
            mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise DatabaseRefused(
                    f"The club database {_shown(path)} cannot be put in WAL mode (the folder may "
                    "not allow it); nothing was changed."
                )
            connection.execute(f"PRAGMA synchronous = {'FULL' if durable else 'NORMAL'}")
        db = SqliteDatabase(connection, path, clock, read_only)
        if not read_only:
            # read again inside the write transaction (BEGIN IMMEDIATE holds every other writer)
            migrate(db, lambda: _version(connection, path), lambda: None)
    except sqlite3.DatabaseError as exc:
        connection.close()
        raise DatabaseRefused(
            f"The club database {_shown(path)} cannot be used ({str(exc).rstrip('.')}); "
            "it was left as it was."
        ) from None
    except BaseException:
        connection.close()
        raise
    return db
