"""The nodes of a club: who runs each live table (leases), who is alive (heartbeats), and what
changed (notices to listeners). This is the one-machine version, for the SQLite file.

`Cluster` is what the hub uses, the same for both databases (`club.cluster`):

    cluster.beat()                    # every LEASE_MS / 3: this node is alive; its leases renewed
    lease = cluster.take(table_id)    # run the table (None: another live node runs it)
    cluster.renew(table_id)           # keep it (None: it was lost; stop running the table)
    cluster.release(table_id)         # let another node take it at once
    cluster.claimable()               # unfinished tables no live node runs: take them over
    cluster.connected(player_id, True)    # this node has a session of that player (or no more)
    cluster.online_elsewhere()        # players with a session on another live node
    listener = cluster.listen(callback)   # callback(Notice) for every committed change
    listener.watch(table_id, seq)     # catch up on this table after a lost connection

With SQLite there is one machine and one `serve` (the club's lock sees to it), so this node holds
every lease it asks for, nothing is written for leases or heartbeats, and a listener hears each
notice in-process, in the thread that committed it, right after the commit. `pg_cluster.py` is
the version for several nodes on PostgreSQL.
"""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Callable

from ..errors import ClubError
from ..rows import Lease, NodeBeat, Notice
from .database import Database

LEASE_MS = 6_000
"""How long a lease lasts unless renewed: a dead node's tables are taken over after about this
long (a heartbeat every LEASE_MS / 3 keeps them while the node lives)."""
INFO_MAX = 200


def default_node_id() -> str:
    """A name for this process's node: its host and process id (unique among live nodes)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}"


def check_node_id(node_id: str) -> str:
    """A node id: 1 to 80 printable characters without spaces.

    Raises:
        ClubError: not one.
    """
    if not (
        isinstance(node_id, str)
        and 0 < len(node_id) <= 80
        and node_id.isprintable()
        and " " not in node_id
    ):
        raise ClubError("A node's id has 1 to 80 printable characters and no spaces.")
    return node_id


def check_lease_ms(lease_ms: int) -> int:
    """A lease's length: 0.1 second to an hour, in milliseconds.

    Raises:
        ClubError: not one.
    """
    if type(lease_ms) is not int or not 100 <= lease_ms <= 3_600_000:
        raise ClubError("A lease lasts from 0.1 second to an hour (100 to 3600000 ms).")
    return lease_ms


def check_live_table(db: Database, table_id: int) -> None:
    """Refuse a table that does not exist or is finished (a lease is for a live table)."""
    row = db.found(
        "SELECT finished_at FROM tables WHERE id = ?", (table_id,), f"There is no table {table_id}."
    )
    if row[0] is not None:
        raise ClubError(f"The table {table_id} is finished: no node runs it.")


class Listener:
    """Hears each committed change of the club and calls its callback with a `Notice`.

    For every table it is told to `watch`, it remembers the last event it passed on, so no notice
    of an older or the same event is passed on twice.
    """

    connections = 0
    """How many times it has connected to the club's notices (a new one catches up on what was
    made meanwhile); one machine's listener is always connected."""

    def __init__(self, callback: Callable[[Notice], None]) -> None:
        self.callback = callback
        self._seen: dict[int, int] = {}
        self._seen_lock = threading.Lock()

    def watch(self, table_id: int, seq: int = 0) -> None:
        """Catch up on `table_id` after event `seq` if notices are lost (a lost connection)."""
        with self._seen_lock:
            self._seen[table_id] = max(seq, self._seen.get(table_id, seq))

    def unwatch(self, table_id: int) -> None:
        with self._seen_lock:
            self._seen.pop(table_id, None)

    def watched(self) -> dict[int, int]:
        """Each watched table and the last event passed on."""
        with self._seen_lock:
            return dict(self._seen)

    @property
    def is_connected(self) -> bool:
        return True

    def _pass_on(self, notice: Notice) -> None:
        """Call the callback, unless `notice` is an action of a watched table already passed."""
        with self._seen_lock:
            last = self._seen.get(notice.table_id)
            if notice.kind == "action" and last is not None:
                if notice.seq <= last:
                    return
                self._seen[notice.table_id] = notice.seq
            elif notice.kind in ("finished", "dropped"):
                self._seen.pop(notice.table_id, None)
        self.callback(notice)

    def close(self) -> None:
        """Stop hearing (idempotent)."""


class LocalListener(Listener):
    """A listener of this process's own commits (one machine: nothing to miss)."""

    def __init__(self, db: Database, callback: Callable[[Notice], None]) -> None:
        super().__init__(callback)
        self._db = db
        db.subscribe(self._pass_on)

    def close(self) -> None:
        self._db.unsubscribe(self._pass_on)


class LocalCluster:
    """One machine: this node holds every lease; notices go to listeners in this process."""

    is_shared = False

    def __init__(self, db: Database, node_id: str | None = None, lease_ms: int = LEASE_MS):
        self.db = db
        self.node_id = check_node_id(node_id or "local")
        self.lease_ms = check_lease_ms(lease_ms)
        self._held: dict[int, Lease] = {}
        self._lock = threading.Lock()
        self._started = db.clock()

    def _lease(self, table_id: int, taken_at: int | None = None) -> Lease:
        now = self.db.clock()
        return Lease(table_id, self.node_id, 1, taken_at or now, now + self.lease_ms, now)

    def beat(self, info: str = "") -> frozenset[int]:
        """This node is alive: every lease it holds is renewed; the tables it holds."""
        with self._lock:
            for table_id, lease in list(self._held.items()):
                self._held[table_id] = self._lease(table_id, lease.taken_at)
            return frozenset(self._held)

    def take(self, table_id: int) -> Lease | None:
        """Hold `table_id` (always granted here).

        Raises:
            NotFound, ClubError: no such table, or it is finished.
        """
        check_live_table(self.db, table_id)
        with self._lock:
            held = self._held.get(table_id)
            lease = self._lease(table_id, held.taken_at if held else None)
            self._held[table_id] = lease
            return lease

    def renew(self, table_id: int) -> Lease | None:
        """Keep holding `table_id`; None if this node does not hold it."""
        with self._lock:
            held = self._held.get(table_id)
            if held is None:
                return None
            lease = self._lease(table_id, held.taken_at)
            self._held[table_id] = lease
            return lease

    def release(self, table_id: int) -> None:
        with self._lock:
            self._held.pop(table_id, None)

    def holder(self, table_id: int) -> Lease | None:
        """The live lease on `table_id`, or None when no node runs it."""
        with self._lock:
            held = self._held.get(table_id)
        return None if held is None else self._lease(table_id, held.taken_at)

    def held(self) -> frozenset[int]:
        with self._lock:
            return frozenset(self._held)

    def claimable(self, limit: int = 100) -> list[int]:
        """Unfinished tables that no node holds, the oldest first."""
        held = self.held()
        rows = self.db.rows(
            "SELECT id FROM tables WHERE finished_at IS NULL ORDER BY id LIMIT ?",
            (max(1, min(limit, 1000)) + len(held),),
        )
        return [r[0] for r in rows if r[0] not in held][:limit]

    def nodes(self) -> list[NodeBeat]:
        """The live nodes: this one."""
        now = self.db.clock()
        return [NodeBeat(self.node_id, self._started, now, now + self.lease_ms)]

    def leave(self) -> None:
        """Let every lease go (the node stops)."""
        with self._lock:
            self._held.clear()

    def connected(self, player_id: int, here: bool) -> None:
        """Nothing to keep: the one node knows its own sessions."""

    def online_elsewhere(self) -> dict[int, str]:
        """No other node: nobody."""
        return {}

    def listen(self, callback: Callable[[Notice], None]) -> Listener:
        """A listener calling `callback` with each notice committed from now on."""
        return LocalListener(self.db, callback)
