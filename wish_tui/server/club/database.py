"""The club's SQLite file: opened with care, migrated in one transaction, never overwritten.

``club.sqlite3`` in the data directory, in WAL mode (readers never wait for the writer) with
foreign keys on. Opening it refuses, in one sentence and without writing a byte, a file that is
not a SQLite database (damaged, or another program's), a SQLite database of another program, and
a club written by a newer wish_tui. Every change goes through `Database.transaction`, so a crash
leaves a statement either committed whole or not at all; with ``durable`` (the default) a commit
is on the disk when it returns. One connection, shared by threads under a lock: the hub writes
from worker threads, off its event loop.

This module and `dialect.py` are the only ones that know the database is SQLite.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from wish_tui import files

from . import schema
from .dialect import SQLITE
from .errors import ClubError, DatabaseRefused

FILE = "club.sqlite3"
HEADER = b"SQLite format 3\x00"
BUSY_MS = 5000
"""How long a statement waits for another process's write (the keeper's command) to end."""


def now_ms() -> int:
    """The time as whole milliseconds since 1970 (how the club stores every time)."""
    return time.time_ns() // 1_000_000


class Database:
    """One open club database: statements in `?` style, transactions, the time."""

    def __init__(
        self, connection: sqlite3.Connection, path: Path, clock: Callable[[], int], read_only: bool
    ) -> None:
        self._connection = connection
        self.path = path
        self.clock = clock
        """Returns the time in milliseconds (tests inject their own)."""
        self.read_only = read_only
        self.dialect = SQLITE
        self._lock = threading.RLock()
        self._depth = 0

    # -- statements ------------------------------------------------------------------------------
    def execute(self, sql: str, params: tuple | list = ()) -> sqlite3.Cursor:
        """Run one statement (inside a transaction when it changes anything)."""
        with self._lock:
            return self._connection.execute(self.dialect.sql(sql), tuple(params))

    def execute_ddl(self, sql: str) -> None:
        """Run one statement of a migration, its dialect tokens filled in."""
        with self._lock:
            self._connection.execute(self.dialect.ddl(sql))

    def rows(self, sql: str, params: tuple | list = ()) -> list[tuple]:
        """Every row a query returns."""
        with self._lock:
            return self._connection.execute(self.dialect.sql(sql), tuple(params)).fetchall()

    def one(self, sql: str, params: tuple | list = ()) -> tuple | None:
        """The first row a query returns, or None."""
        with self._lock:
            return self._connection.execute(self.dialect.sql(sql), tuple(params)).fetchone()

    def scalar(self, sql: str, params: tuple | list = (), default=None):
        """The first column of the first row, or `default`."""
        row = self.one(sql, params)
        return default if row is None or row[0] is None else row[0]

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Database]:
        """Everything inside is committed together, or not at all when it raises.

        Nested use joins the outer transaction. Other threads wait for it to end.
        """
        if self.read_only:
            raise ClubError("The club database was opened to read only; nothing was changed.")
        with self._lock:
            if self._depth:
                self._depth += 1
                try:
                    yield self
                finally:
                    self._depth -= 1
                return
            self._connection.execute("BEGIN IMMEDIATE")
            self._depth = 1
            try:
                yield self
            except BaseException:
                self._connection.execute("ROLLBACK")
                raise
            else:
                try:
                    self._connection.execute("COMMIT")
                except BaseException:
                    with contextlib.suppress(sqlite3.Error):
                        self._connection.execute("ROLLBACK")
                    raise
            finally:
                self._depth = 0

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
        names = {r[0] for r in connection.execute("SELECT name FROM sqlite_master")}
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
    if not isinstance(version, int):
        raise DatabaseRefused(
            f"The club database {where} has no schema version, so it was left untouched; "
            "restore it from a backup or move it away to start a new club."
        )
    if version > schema.VERSION:
        raise DatabaseRefused(
            f"The club database {where} was written by a newer wish_tui (schema version "
            f"{version}; this one knows up to {schema.VERSION}), so it was left untouched; "
            "upgrade wish_tui to open it."
        )
    return version


def _migrate(db: Database, version: int) -> None:
    with db.transaction():
        if version == 0:
            db.execute_ddl(
                "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, "
                "applied_at {bigint} NOT NULL)"
            )
        for target in range(version + 1, schema.VERSION + 1):
            schema.MIGRATIONS[target - 1](db)
            db.execute(
                "INSERT INTO schema_version (version, applied_at) VALUES (?, ?)",
                (target, db.clock()),
            )


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


def open_database(
    path: Path,
    *,
    read_only: bool = False,
    durable: bool = True,
    clock: Callable[[], int] = now_ms,
) -> Database:
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
        db = Database(connection, path, clock, read_only)
        if not read_only:
            version = _version(connection, path)  # again, now that this connection holds it
            if version < schema.VERSION:
                _migrate(db, version)
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
