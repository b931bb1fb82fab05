"""The club's database as its parts use it: statements, transactions, notices, migrations.

`Database` is what every part of the club (players, tables, history, …) is given. It speaks the
SQL both databases read (`dialect.py`) and leaves the driver to a backend: `sqlite_file.py` (the
file in the data directory, the default) or `postgres.py` (a server that several `serve` nodes
share). Every change goes through `Database.transaction`, so a statement is committed whole or not
at all; one connection per `Database`, shared by threads under a lock (the hub writes from worker
threads, off its event loop). A notice (`notify`: "table T has action N") leaves only when its
transaction commits, so nobody hears of an action that is not stored.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator

from ..errors import ClubError, NotFound
from ..rows import Notice
from . import schema
from .dialect import Dialect

LOG = logging.getLogger(__name__)


class TransactionLost(Exception):
    """The open transaction can no longer be used (the database rolled it back itself)."""


def now_ms() -> int:
    """The time as whole milliseconds since 1970 (how the club stores every time)."""
    return time.time_ns() // 1_000_000


class Database(ABC):
    """One open club database: statements in `?` style, transactions, notices, the time.

    A backend gives its abstract methods (`_run` … `close`) and may replace `_publish`.
    """

    dialect: Dialect
    where: str
    """How the database is named in a sentence: its file, or its URL without the password."""
    commits_together = False
    """True when the changes of several callers are best committed in one transaction (a commit
    waits for the disk: `club.recorder` then commits the calls waiting together)."""

    def __init__(self, clock: Callable[[], int], read_only: bool) -> None:
        self.clock = clock
        """Returns the time in milliseconds (tests inject their own)."""
        self.read_only = read_only
        self._lock = threading.RLock()
        self._depth = 0
        self._pending: list[Notice] = []
        self._parts_alone = False
        """True inside `together`: each transaction within is a savepoint."""
        self._subscribers: list[Callable[[Notice], None]] = []
        self.commits = 0
        """Transactions committed through this connection (a write that reached the disk)."""

    # -- what a backend gives --------------------------------------------------------------------
    @abstractmethod
    def _run(self, sql: str, params: tuple):
        """Run one statement in the backend's own SQL; its cursor."""

    @abstractmethod
    def _run_many(self, sql: str, rows: list[tuple]) -> None:
        """Run one statement for each row of parameters."""

    @abstractmethod
    def _begin(self) -> None:
        """Open a transaction."""

    @abstractmethod
    def _commit(self) -> None:
        """Commit the open transaction."""

    @abstractmethod
    def _rollback(self) -> None:
        """Roll the open transaction back."""

    def _publish(self, notice: Notice) -> None:
        """Send a notice inside the open transaction (by default: keep it for the commit)."""
        self._pending.append(notice)

    @abstractmethod
    def size(self) -> int:
        """Bytes the database takes."""

    @abstractmethod
    def close(self) -> None:
        """Close the connection."""

    # -- statements ------------------------------------------------------------------------------
    def execute(self, sql: str, params: tuple | list = ()):
        """Run one statement (inside a transaction when it changes anything); its cursor."""
        with self._lock:
            return self._run(self.dialect.sql(sql), tuple(params))

    def execute_many(self, sql: str, rows: list[tuple]) -> None:
        """Run one statement for each row of parameters (inside a transaction)."""
        with self._lock:
            self._run_many(self.dialect.sql(sql), [tuple(r) for r in rows])

    def execute_ddl(self, sql: str) -> None:
        """Run one statement of a migration, its dialect tokens filled in."""
        with self._lock:
            self._run(self.dialect.ddl(sql), ())

    def rows(self, sql: str, params: tuple | list = ()) -> list[tuple]:
        """Every row a query returns."""
        with self._lock:
            return self._run(self.dialect.sql(sql), tuple(params)).fetchall()

    def one(self, sql: str, params: tuple | list = ()) -> tuple | None:
        """The first row a query returns, or None."""
        with self._lock:
            return self._run(self.dialect.sql(sql), tuple(params)).fetchone()

    def found(self, sql: str, params: tuple | list, missing: str) -> tuple:
        """The first row a query returns.

        Raises:
            NotFound: the query returned none; `missing` is its sentence.
        """
        row = self.one(sql, params)
        if row is None:
            raise NotFound(missing)
        return row

    def scalar(self, sql: str, params: tuple | list = (), default=None):
        """The first column of the first row, or `default`."""
        row = self.one(sql, params)
        return default if row is None or row[0] is None else row[0]

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Database]:
        """Everything inside is committed together, or not at all when it raises.

        Nested use joins the outer transaction (inside `together`, as a part taken back alone
        when it raises). Other threads wait for it to end. The notices
        sent inside reach the listeners once it is committed, and never if it is not.
        """
        if self.read_only:
            raise ClubError("The club database was opened to read only; nothing was changed.")
        committed: list[Notice] = []
        with self._lock:
            if self._depth and self._parts_alone:
                with self._part():
                    yield self
                return
            if self._depth:
                self._depth += 1
                try:
                    yield self
                finally:
                    self._depth -= 1
                return
            self._begin()
            self._depth = 1
            try:
                yield self
            except BaseException:
                self._pending.clear()
                with contextlib.suppress(Exception):
                    self._rollback()
                raise
            else:
                try:
                    self._commit()
                except BaseException:
                    self._pending.clear()
                    with contextlib.suppress(Exception):
                        self._rollback()
                    raise
                committed, self._pending = self._pending, []
                self.commits += 1
            finally:
                self._depth = 0
        self._deliver(committed)

    @contextlib.contextmanager
    def together(self) -> Iterator[Database]:
        """One transaction holding several callers' changes: each `transaction` inside it is
        taken back alone when it raises (a savepoint), and the rest goes on to the commit.

        Raises:
            TransactionLost: a part could not be taken back alone (nothing is committed).
        """
        with self.transaction():
            self._parts_alone = True
            try:
                yield self
            finally:
                self._parts_alone = False

    @contextlib.contextmanager
    def _part(self) -> Iterator[Database]:
        """A transaction inside `together`'s: kept, or taken back alone when it raises."""
        self._depth += 1
        name = f"part{self._depth}"
        mark = len(self._pending)
        try:
            self._run(f"SAVEPOINT {name}", ())
            try:
                yield self
            except BaseException:
                del self._pending[mark:]
                try:
                    self._run(f"ROLLBACK TO SAVEPOINT {name}", ())
                    self._run(f"RELEASE SAVEPOINT {name}", ())
                except Exception as exc:
                    raise TransactionLost(str(exc)) from exc
                raise
            self._run(f"RELEASE SAVEPOINT {name}", ())
        finally:
            self._depth -= 1

    # -- notices ---------------------------------------------------------------------------------
    def notify(self, notice: Notice) -> None:
        """Tell every listener of the club of `notice` once this transaction commits."""
        if not self._depth:
            raise ClubError("A notice is sent from inside a transaction.")
        self._publish(notice)

    def subscribe(self, callback: Callable[[Notice], None]) -> None:
        """Call `callback` (in the committing thread) with each notice this connection commits."""
        with self._lock:
            self._subscribers.append(callback)

    def unsubscribe(self, callback: Callable[[Notice], None]) -> None:
        with self._lock, contextlib.suppress(ValueError):
            self._subscribers.remove(callback)

    def _deliver(self, notices: list[Notice]) -> None:
        if not notices:
            return
        with self._lock:
            subscribers = list(self._subscribers)
        for notice in notices:
            for callback in subscribers:
                try:
                    callback(notice)
                except Exception:  # a listener's fault never undoes a committed action
                    LOG.exception("a club listener failed on %s", notice)


def migrate(db: Database, read_version: Callable[[], int], lock_schema: Callable[[], None]) -> None:
    """Bring `db` up to `schema.VERSION` in one transaction.

    Args:
        read_version: the version stored now (0 for an empty database); read again inside the
            transaction, after `lock_schema`, so two nodes starting at once migrate once.
        lock_schema: makes every other migrating connection wait until this one commits.
    """
    with db.transaction():
        lock_schema()
        version = read_version()
        if version >= schema.VERSION:
            return
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
