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
from collections.abc import Callable, Iterator
from pathlib import Path

from wish_tui import files
from wish_tui.core.text import plain_text

from ..errors import Conflict, DatabaseDamaged, DatabaseRefused
from . import schema
from .database import Database, migrate, now_ms
from .dialect import SQLITE

FILE = "club.sqlite3"
HEADER = b"SQLite format 3\x00"
BESIDE = ("-wal", "-shm")
"""The files SQLite keeps beside a database in WAL mode."""
MISSING, EMPTY, PRESENT = "missing", "empty", "present"
"""What `_check_file` finds at the database's path."""
BUSY_MS = 5000
"""How long a statement waits for another process's write (the keeper's command) to end."""
HELD: dict[tuple[int, int], int] = {}
"""The database files this process has connections to, by (device, inode): how many. Such a
file is never opened again outside SQLite, since closing any handle of a file drops every POSIX
lock the process holds on it, and a keeper's command would then take itself for the last
connection and delete the -wal and -shm a server is writing to."""


class SqliteDatabase(Database):
    """The club in one SQLite file."""

    commits_together = True

    def __init__(
        self, connection: sqlite3.Connection, path: Path, clock: Callable[[], int], read_only: bool
    ) -> None:
        super().__init__(clock, read_only)
        self._connection = connection
        self.path = path
        self.where = str(path)
        self.dialect = SQLITE
        self._held = _file_id(path)
        if self._held is not None:
            HELD[self._held] = HELD.get(self._held, 0) + 1

    def _run(self, sql: str, params: tuple) -> sqlite3.Cursor:
        try:
            return self._connection.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise Conflict(
                f"That change clashes with what is stored ({str(exc).rstrip('.')}); "
                "nothing was changed."
            ) from exc
        except (sqlite3.DatabaseError, ValueError) as exc:
            raise self._damaged(exc) from None

    def rows(self, sql: str, params: tuple | list = ()) -> list[tuple]:
        try:
            return super().rows(sql, params)
        except (sqlite3.DatabaseError, ValueError) as exc:  # met while the rows are read
            raise self._damaged(exc) from None

    def one(self, sql: str, params: tuple | list = ()) -> tuple | None:
        try:
            return super().one(sql, params)
        except (sqlite3.DatabaseError, ValueError) as exc:
            raise self._damaged(exc) from None

    def _damaged(self, exc: BaseException) -> BaseException:
        """`DatabaseDamaged` for an error that says the file is damaged, else `exc` itself (a
        full disk, a lock held too long: the caller's to say)."""
        if not is_damage(exc):
            return exc
        reason = _reason(exc)
        return DatabaseDamaged(
            f"The club database {self.where} is damaged ({reason}); nothing was changed: "
            "restore it from a backup ('wish-tui club problems' lists its tables that cannot "
            "be resumed).",
            reason,
        )

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
            if self._held is not None and HELD.get(self._held, 0) > 0:
                HELD[self._held] -= 1
                if not HELD[self._held]:
                    del HELD[self._held]
                self._held = None


def path_in(data_dir: Path) -> Path:
    """Where the club database of `data_dir` is."""
    return Path(data_dir) / FILE


def _file_id(path: Path) -> tuple[int, int] | None:
    """(device, inode) of the file at `path`, or None when it cannot be read."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def _shown(path: Path) -> str:
    return str(path)


def _check_file(path: Path) -> str:
    """MISSING, EMPTY (0 bytes) or PRESENT; refuse what is no SQLite database, reading 16 bytes."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return MISSING
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
        return EMPTY
    if (info.st_dev, info.st_ino) in HELD:
        return PRESENT  # open here already: a club, and its locks must stay (see HELD)
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
    return PRESENT


def _refuse_unasked(path: Path, found: str, read_only: bool, new_club: bool) -> None:
    """Refuse a missing file to read, an empty file not asked to become a club, and a new club
    asked for where one is."""
    where = _shown(path)
    if found == MISSING and read_only:
        raise DatabaseRefused(
            f"There is no club database at {where} yet: 'wish-tui serve' creates it."
        )
    if found == EMPTY and (read_only or not new_club):
        raise DatabaseRefused(
            f"The club database {where} is empty (0 bytes), so it was left as it is: if a club "
            "was there, restore it from a backup; to start a new club on purpose, start "
            "'wish-tui serve --new-club' or remove the file."
        )
    if found == PRESENT and new_club:
        raise DatabaseRefused(
            f"--new-club starts a club where none is, but {where} holds a club (or another "
            "file); leave --new-club out to open it, or move the file away first."
        )


DAMAGE_WORDS = ("malformed", "not a database", "decode", "no such table", "no such column")
"""What SQLite says of a file whose pages or rows are damaged (not of a full disk or a lock)."""


def is_damage(exc: BaseException) -> bool:
    """True for an error that says the database is damaged (trying again cannot help)."""
    if isinstance(exc, UnicodeDecodeError):
        return True
    return isinstance(exc, sqlite3.DatabaseError) and any(w in str(exc) for w in DAMAGE_WORDS)


def _reason(exc: BaseException) -> str:
    """The clause naming what is wrong in a file SQLite could not read."""
    if isinstance(exc, UnicodeDecodeError):
        return "its schema holds text that is not UTF-8"
    return plain_text(str(exc), 120).rstrip(".") or type(exc).__name__


@contextlib.contextmanager
def _nothing_left_beside(path: Path) -> Iterator[None]:
    """On a refusal, take away the empty -wal and -shm files opening `path` made beside it."""
    before = {end for end in BESIDE if os.path.lexists(f"{path}{end}")}
    try:
        yield
    except BaseException:
        for end in BESIDE:
            made = Path(f"{path}{end}")
            if end in before:
                continue
            with contextlib.suppress(OSError):
                if end == "-shm" or made.stat().st_size == 0:
                    made.unlink()
        raise


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
    except (sqlite3.DatabaseError, ValueError) as exc:  # a name not UTF-8 is a ValueError
        raise DatabaseRefused(
            f"The club database {where} is damaged ({_reason(exc)}), so it was left "
            "untouched; restore it from a backup or move it away to start a new club."
        ) from None
    return schema.check_version(version, where)


def _connect(path: Path, read_only: bool, immutable: bool = False) -> sqlite3.Connection:
    """A connection to `path`; `immutable` (to read a file no one writes) makes no -shm."""
    query = "?mode=ro&immutable=1" if immutable else "?mode=ro"
    target = f"{path.resolve().as_uri()}{query}" if read_only else str(path)
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
    writes, not even a checkpoint when it closes); with no -wal beside it (no writer, nothing
    to fold in) the file is read as immutable, so not even a -shm is made."""
    idle = not os.path.lexists(f"{path}-wal")
    connection = _connect(path, read_only=True, immutable=idle)
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
    new_club: bool = False,
) -> SqliteDatabase:
    """Open (or, unless `read_only`, create) the club database at `path`, migrated to VERSION.

    Args:
        durable: fsync every commit (off only for benchmarks that fill a database).
        clock: the time in milliseconds.
        new_club: make a club of an empty (0-byte) file; without it such a file is refused (a
            club may have been there), and with it a file that holds anything is refused.

    Raises:
        DatabaseRefused: the file is missing (read only), empty (unless `new_club`), damaged,
            foreign, newer, or cannot be opened; one sentence, and the file is unchanged with
            nothing left beside it.
    """
    path = Path(path)
    found = _check_file(path)
    _refuse_unasked(path, found, read_only, new_club)
    with _nothing_left_beside(path):
        return _open_checked(path, found, read_only, durable, clock)


def _open_checked(path, found, read_only, durable, clock) -> SqliteDatabase:
    version = _probe(path) if found == PRESENT else 0
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
            f"The club database {_shown(path)} cannot be used ({_reason(exc)}); "
            "it was left as it was."
        ) from None
    except BaseException:
        connection.close()
        raise
    return db
