"""A listener of a PostgreSQL club: ``LISTEN`` on a connection of its own, in a thread of its own.

Every node's change of a table sends ``NOTIFY wish_tui_club, 'KIND TABLE SEQ'`` in the
transaction that stores it (`postgres.PostgresDatabase`), so PostgreSQL delivers it to every
listener once it is committed, and never if it is not. A NOTIFY is lost when the listener's
connection is: then the thread connects again (waiting a little longer after each failure, up to
RETRY_MAX_S), says ``LISTEN`` first, and only then catches up from the rows on every watched
table (its events after the last one passed on, whether it finished or was dropped), so nothing
committed between the two is missed. That is how a lost NOTIFY is survived.

The callback runs in the listener's thread, one notice at a time; the hub hands each to its event
loop (``loop.call_soon_threadsafe``). A callback that raises is logged and the listener goes on.
A thread of its own rather than psycopg's async connection: the club is synchronous and knows no
event loop (the hub calls it from worker threads), and a thread goes on hearing, reconnecting and
catching up while the loop is busy; it costs one idle thread and one connection per node.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from ..rows import Notice
from .cluster import Listener
from .notice_payload import parse_payload
from .postgres import CHANNEL, connect

LOG = logging.getLogger(__name__)
POLL_S = 0.5
"""How long the thread waits for a NOTIFY before it looks whether it is asked to stop."""
RETRY_MIN_S = 0.1
RETRY_MAX_S = 5.0


class PostgresListener(Listener):
    """Hears every node's notices; catches up from the rows after a lost connection.

    Args:
        connect_with: makes the listening connection (tests pass their own to hold the
            listener off the server for a while); by default a connection to `url`.
    """

    def __init__(
        self,
        url: str,
        where: str,
        callback: Callable[[Notice], None],
        name: str = "wish_tui club",
        *,
        connect_with: Callable[[], object] | None = None,
    ) -> None:
        super().__init__(callback)
        self._connect = connect_with or (
            lambda: connect(url, f"{name} listener", where=where, listen=True)
        )
        self.connections = 0
        """How many times it has connected (more than 1: it lost a connection and came back)."""
        self.backend_pid: int | None = None
        """The server process of its current connection (what pg_stat_activity shows)."""
        self._stop = threading.Event()
        self._connected = threading.Event()
        self._connection = None
        self._thread = threading.Thread(target=self._run, name="club listener", daemon=True)
        self._thread.start()

    @property
    def is_connected(self) -> bool:
        return self._connected.is_set()

    def wait_connected(self, timeout: float) -> bool:
        """Wait until it listens (and has caught up); False if `timeout` seconds passed first."""
        return self._connected.wait(timeout)

    def close(self) -> None:
        """Stop listening and end the thread (within POLL_S)."""
        self._stop.set()
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=POLL_S * 10)

    # -- the thread ------------------------------------------------------------------------------
    def _run(self) -> None:
        delay = RETRY_MIN_S
        while not self._stop.is_set():
            try:
                self._listen()
                delay = RETRY_MIN_S
            except Exception as exc:  # a lost connection, a server away: try again
                LOG.info("the club listener lost its connection: %s", exc)
            finally:
                self._connected.clear()
                self._hang_up()
            if self._stop.wait(delay):
                break
            delay = min(delay * 2, RETRY_MAX_S)

    def _listen(self) -> None:
        connection = self._connect()
        self._connection = connection
        self.connections += 1
        connection.execute(f"LISTEN {CHANNEL}")
        self.backend_pid = connection.info.backend_pid
        self._catch_up(connection)
        self._connected.set()
        while not self._stop.is_set():
            for note in connection.notifies(timeout=POLL_S):
                notice = parse_payload(note.payload)
                if notice is not None:
                    self._safely(notice)
                if self._stop.is_set():
                    return
            if connection.closed or connection.broken:
                raise ConnectionError("the connection was closed")

    def _catch_up(self, connection) -> None:
        """Pass on, for each watched table, what its rows hold beyond the last notice passed on:
        its newest event; its end; and a 'seats' and 'chat' notice, since those may have
        changed unheard too."""
        watched = self.watched()
        if not watched:
            return
        ids = sorted(watched)
        state = dict(
            connection.execute(
                "SELECT id, finished_at FROM tables WHERE id = ANY(%s)", (ids,)
            ).fetchall()
        )
        newest = dict(
            connection.execute(
                "SELECT table_id, MAX(seq) FROM table_events WHERE table_id = ANY(%s) "
                "GROUP BY table_id",
                (ids,),
            ).fetchall()
        )
        chat = dict(
            connection.execute(
                "SELECT table_id, MAX(n) FROM table_chat WHERE table_id = ANY(%s) "
                "GROUP BY table_id",
                (ids,),
            ).fetchall()
        )
        for table_id in ids:
            last = watched[table_id]
            if table_id not in state:
                self._safely(Notice("dropped", table_id, last))
            elif state[table_id] is not None:
                self._safely(Notice("finished", table_id, last))
            else:
                top = newest.get(table_id, 0)
                if top > last:
                    self._safely(Notice("action", table_id, top))
                self._safely(Notice("seats", table_id, max(top, last)))
                if table_id in chat:
                    self._safely(Notice("chat", table_id, chat[table_id]))

    def _safely(self, notice: Notice) -> None:
        try:
            self._pass_on(notice)
        except Exception:
            LOG.exception("a club listener failed on %s", notice)

    def _hang_up(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            try:
                connection.close()
            except Exception:
                LOG.debug("closing the listener's connection failed", exc_info=True)
