"""The club on a PostgreSQL server (psycopg 3), which several `serve` nodes share.

Chosen by a database URL (``postgresql://user@host:5432/club``); the schema and its migrations
are SQLite's, spelled by `dialect.POSTGRES`. Opening refuses in one sentence, and changes
nothing in, a database that cannot be reached, that holds another program's tables, or that a
newer wish_tui wrote; an empty database becomes a club. Two nodes starting at once migrate once
(an advisory lock held by the migrating transaction). A lost connection gives one sentence
(`DatabaseUnreachable`) and the next call connects again. A notice is a ``NOTIFY`` sent in the
transaction that stores the change, so PostgreSQL delivers it only once that is committed.

psycopg is imported only here and in `pg_listener.py`: it is the optional extra ``postgres``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from urllib.parse import urlsplit

from ..errors import ClubError, Conflict, DatabaseFull, DatabaseRefused, DatabaseUnreachable
from ..rows import Notice
from . import schema
from .database import Database, migrate, now_ms
from .dialect import POSTGRES
from .notice_payload import payload_of

SCHEMES = ("postgresql", "postgres")
CHANNEL = "wish_tui_club"
"""The channel of every notice: ``NOTIFY wish_tui_club, 'action 12 40'`` (kind, table, seq)."""
MIGRATION_LOCK = 0x77697368
"""The key of the advisory lock a migrating transaction holds ('wish')."""
DISK_FULL_SQLSTATE = "53100"
NO_SPACE = "No space left on device"
"""The system's words (ENOSPC) in what PostgreSQL says of a file it could not write."""
CONNECT_TIMEOUT_S = 10
KEEPALIVE = {
    "keepalives": 1,
    "keepalives_idle": 10,
    "keepalives_interval": 5,
    "keepalives_count": 3,
}
"""So a connection to a server that vanished (a cable, a crash) is found dead within a minute."""


def is_url(text: str | None) -> bool:
    """True for a PostgreSQL URL (``postgresql://…`` or ``postgres://…``)."""
    return isinstance(text, str) and text.split("://", 1)[0].lower() in SCHEMES and "://" in text


def shown_url(url: str) -> str:
    """The URL as a sentence may show it: user, host, port and database, never the password.

    Raises:
        DatabaseRefused: not a PostgreSQL URL.
    """
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 -- raises ValueError on a port that is not a number
    except ValueError:
        raise DatabaseRefused(
            "That database URL cannot be read; write it as postgresql://USER@HOST:PORT/DATABASE."
        ) from None
    if parts.scheme.lower() not in SCHEMES:
        raise DatabaseRefused(
            "A database URL starts with postgresql://; leave --database out for the SQLite file."
        )
    user, _, host = parts.netloc.rpartition("@")
    user = user.partition(":")[0]
    return f"postgresql://{user + '@' if user else ''}{host}{parts.path}"


def _psycopg():
    try:
        import psycopg
    except ImportError:
        raise DatabaseRefused(
            "A PostgreSQL club needs psycopg 3: install wish_tui with its postgres extra "
            "(pip install 'wish_tui[postgres]')."
        ) from None
    return psycopg


def reason(exc: BaseException) -> str:
    """What a driver's error says, as a clause: its first line, without libpq's prefixes."""
    text = next((line for line in str(exc).splitlines() if line.strip()), type(exc).__name__)
    if "failed: " in text:
        text = text.rsplit("failed: ", 1)[1]
    text = text.replace("FATAL:", "").replace("ERROR:", "").strip().rstrip(".")
    return text[:200] or type(exc).__name__


def is_disk_full(exc) -> bool:
    """True for PostgreSQL's word that its disk is full: SQLSTATE 53100 (disk_full), or a file
    it could not write for want of room under another (an io_error writing its log)."""
    return exc.sqlstate == DISK_FULL_SQLSTATE or NO_SPACE in str(exc)


def unreachable(where: str, exc: BaseException) -> str:
    return (
        f"The club database {where} cannot be reached ({reason(exc)}); check the URL and that "
        "the PostgreSQL server is running."
    )


def connect(url: str, name: str, *, where: str, read_only=False, durable=True, listen=False):
    """A psycopg connection in autocommit mode (the club says BEGIN and COMMIT itself).

    Raises:
        DatabaseRefused: it cannot be made (one sentence naming the URL without its password).
    """
    psycopg = _psycopg()
    try:
        connection = psycopg.connect(
            url,
            autocommit=True,
            connect_timeout=CONNECT_TIMEOUT_S,
            application_name=name[:63],
            **KEEPALIVE,
        )
    except psycopg.Error as exc:
        raise DatabaseRefused(unreachable(where, exc)) from None
    try:
        if read_only:
            connection.execute("SET default_transaction_read_only = on")
        if not durable and not listen:
            connection.execute("SET synchronous_commit = off")
    except psycopg.Error as exc:
        connection.close()
        raise DatabaseRefused(unreachable(where, exc)) from None
    return connection


class PostgresDatabase(Database):
    """The club in a PostgreSQL database."""

    def __init__(
        self,
        url: str,
        *,
        clock: Callable[[], int],
        read_only: bool,
        durable: bool,
        name: str,
    ) -> None:
        super().__init__(clock, read_only)
        self.url = url
        """The URL as given (with its password, if it has one: never show it)."""
        self.where = shown_url(url)
        self.dialect = POSTGRES
        self.name = name
        """The ``application_name`` of its connections (what pg_stat_activity shows)."""
        self._durable = durable
        self._psycopg = _psycopg()
        self._connection = connect(
            url, name, where=self.where, read_only=read_only, durable=durable
        )

    def _live(self):
        """The connection, made again if it was lost while no transaction was open."""
        connection = self._connection
        if connection.closed or connection.broken:
            if self._depth:
                raise DatabaseUnreachable(
                    f"The connection to the club database {self.where} was lost in the middle "
                    "of a change, which was not made; try again."
                )
            try:
                connection = connect(
                    self.url,
                    self.name,
                    where=self.where,
                    read_only=self.read_only,
                    durable=self._durable,
                )
            except DatabaseRefused as exc:
                raise DatabaseUnreachable(str(exc)) from None
            self._connection = connection
        return connection

    def _run(self, sql: str, params: tuple):
        connection = self._live()
        with self._told_as_the_clubs(connection):
            return connection.execute(sql, params or None)

    def _run_many(self, sql: str, rows: list[tuple]) -> None:
        connection = self._live()
        with self._told_as_the_clubs(connection), connection.cursor() as cursor:
            cursor.executemany(sql, rows)

    @contextlib.contextmanager
    def _told_as_the_clubs(self, connection) -> Iterator[None]:
        """The driver's errors the club knows, raised as the club's own: a clash with another
        node, a read-only database, a full disk, a lost connection."""
        errors = self._psycopg.errors
        try:
            yield
        except (errors.IntegrityError, errors.TransactionRollback) as exc:
            raise Conflict(
                f"That change clashes with what another node stored at the same moment "
                f"({reason(exc)}); nothing was changed."
            ) from exc
        except errors.ReadOnlySqlTransaction:
            raise ClubError(
                "The club database was opened to read only; nothing was changed."
            ) from None
        except self._psycopg.Error as exc:
            if is_disk_full(exc):
                raise DatabaseFull(reason(exc)) from None
            if connection.closed or connection.broken:
                raise DatabaseUnreachable(
                    f"The connection to the club database {self.where} was lost "
                    f"({reason(exc)}); what was being changed may not be stored."
                ) from None
            raise

    def _begin(self) -> None:
        self._run("BEGIN", ())

    def _commit(self) -> None:
        self._run("COMMIT", ())

    def _rollback(self) -> None:
        if not (self._connection.closed or self._connection.broken):
            self._connection.execute("ROLLBACK")

    def _publish(self, notice: Notice) -> None:
        self._run("SELECT pg_notify(%s, %s)", (CHANNEL, payload_of(notice)))

    def lock_schema(self) -> None:
        """Hold the migration lock until this transaction ends (other nodes wait here)."""
        self.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))

    def size(self) -> int:
        """Bytes the whole database takes on the server."""
        return self.scalar("SELECT pg_database_size(current_database())", default=0)

    def close(self) -> None:
        with self._lock, contextlib.suppress(Exception):
            self._connection.close()


def _version(db: PostgresDatabase) -> int:
    """The schema version of the database (0 for an empty one); refuse a foreign or newer one."""
    where = db.where
    foreign = DatabaseRefused(
        f"The database {where} holds tables of another program, not a wish_tui club, so it was "
        "left untouched; give the club a database of its own."
    )
    try:
        names = {r[0] for r in db.rows(db.dialect.catalog)}
        if not names:
            return 0
        if "club_meta" not in names or "schema_version" not in names:
            raise foreign
        found = db.one("SELECT value FROM club_meta WHERE key = 'format'")
        if found is None or found[0] != schema.FORMAT:
            raise foreign
        version = db.scalar("SELECT MAX(version) FROM schema_version")
    except db._psycopg.Error as exc:
        raise DatabaseRefused(
            f"The club database {where} cannot be used ({reason(exc)}), so it was left untouched."
        ) from None
    return schema.check_version(version, where)


def open_postgres(
    url: str,
    *,
    read_only: bool = False,
    durable: bool = True,
    clock: Callable[[], int] = now_ms,
    name: str = "wish_tui club",
) -> PostgresDatabase:
    """Open the club in the PostgreSQL database of `url`, made and migrated unless `read_only`.

    Args:
        durable: False lets a commit return before it is on the server's disk (benchmarks that
            fill a club).
        name: the connection's application_name.

    Raises:
        DatabaseRefused: a bad URL, no psycopg, the server out of reach, a database of another
            program, a newer schema, or (read only) no club yet; one sentence.
    """
    db = PostgresDatabase(url, clock=clock, read_only=read_only, durable=durable, name=name)
    try:
        version = _version(db)
        if read_only and version == 0:
            raise DatabaseRefused(
                f"There is no club in the database {db.where} yet: 'wish-tui serve "
                "--database URL' makes it."
            )
        if read_only and version < schema.VERSION:
            raise DatabaseRefused(
                f"The club database {db.where} has schema version {version}; start "
                "'wish-tui serve' on it once to bring it up to this version."
            )
        if not read_only and version < schema.VERSION:
            migrate(db, lambda: _version(db), db.lock_schema)
    except BaseException:
        db.close()
        raise
    return db
