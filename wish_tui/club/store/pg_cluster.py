"""The nodes of a club on PostgreSQL: leases on live tables, heartbeats, listeners.

The same API as `cluster.LocalCluster` (read its docstring), for several `serve` nodes:

- A lease is a row of ``table_leases`` (table, node, epoch, expiry), taken, renewed, released
  and taken over by single atomic statements: ``INSERT … ON CONFLICT DO UPDATE … WHERE`` the
  holder is this node or the lease has expired, so of two nodes taking one table at once exactly
  one gets it. Times are the database server's (``clock_timestamp()``), so the clocks of the
  machines never disagree on whether a lease is live.
- A heartbeat is a row of ``nodes``; each beat renews every lease of the node in the same
  transaction, so a node that lives keeps its tables with one statement, and a node that dies
  loses them all after LEASE_MS.
- A listener (`pg_listener.PostgresListener`) hears the NOTIFYs of every node in a thread of its
  own, and catches up from the rows after a lost connection.
"""

from __future__ import annotations

from collections.abc import Callable

from ..limits import clean_text
from ..rows import Lease, NodeBeat, Notice
from .cluster import INFO_MAX, LEASE_MS, check_lease_ms, check_live_table, check_node_id
from .postgres import PostgresDatabase

FORGET_NODES_MS = 24 * 3600 * 1000
"""Heartbeat rows of nodes dead this long are deleted."""
LEASE_COLUMNS = "table_id, node_id, epoch, taken_at, expires_at"


class SharedCluster:
    """Several nodes sharing one PostgreSQL club: this node's leases, beats and listeners."""

    is_shared = True

    def __init__(self, db: PostgresDatabase, node_id: str, lease_ms: int = LEASE_MS) -> None:
        self.db = db
        self.node_id = check_node_id(node_id)
        self.lease_ms = check_lease_ms(lease_ms)
        now = db.dialect.now_ms
        self._take = f"""
            INSERT INTO table_leases ({LEASE_COLUMNS})
            SELECT ?, ?, 1, t.now, t.now + ? FROM (SELECT {now} AS now) t
            ON CONFLICT (table_id) DO UPDATE SET
                epoch = CASE WHEN table_leases.node_id = excluded.node_id
                                  AND table_leases.expires_at > excluded.taken_at
                             THEN table_leases.epoch ELSE table_leases.epoch + 1 END,
                taken_at = CASE WHEN table_leases.node_id = excluded.node_id
                                     AND table_leases.expires_at > excluded.taken_at
                                THEN table_leases.taken_at ELSE excluded.taken_at END,
                node_id = excluded.node_id,
                expires_at = excluded.expires_at
            WHERE table_leases.node_id = excluded.node_id
               OR table_leases.expires_at <= excluded.taken_at
            RETURNING {LEASE_COLUMNS}, {now}"""
        self._renew = (
            f"UPDATE table_leases SET expires_at = {now} + ? "
            f"WHERE table_id = ? AND node_id = ? AND expires_at > {now} "
            f"RETURNING {LEASE_COLUMNS}, {now}"
        )
        self._renew_all = (
            f"UPDATE table_leases SET expires_at = {now} + ? "
            f"WHERE node_id = ? AND expires_at > {now} RETURNING table_id"
        )
        self._beat = f"""
            INSERT INTO nodes (id, started_at, beat_at, expires_at, info)
            SELECT ?, t.now, t.now, t.now + ?, ? FROM (SELECT {now} AS now) t
            ON CONFLICT (id) DO UPDATE SET
                started_at = CASE WHEN nodes.expires_at <= excluded.beat_at
                                  THEN excluded.started_at ELSE nodes.started_at END,
                beat_at = excluded.beat_at,
                expires_at = excluded.expires_at,
                info = excluded.info"""
        self._now = now

    # -- heartbeats ------------------------------------------------------------------------------
    def beat(self, info: str = "") -> frozenset[int]:
        """This node is alive for LEASE_MS more: its heartbeat and every lease it still holds are
        renewed in one transaction; returns the tables it holds (a table missing from them was
        lost: stop running it)."""
        text = clean_text(str(info))[:INFO_MAX]
        with self.db.transaction():
            self.db.execute(self._beat, (self.node_id, self.lease_ms, text))
            held = self.db.rows(self._renew_all, (self.lease_ms, self.node_id))
            self.db.execute(
                f"DELETE FROM nodes WHERE expires_at < {self._now} - ?", (FORGET_NODES_MS,)
            )
            self.db.execute("DELETE FROM node_sessions WHERE node_id NOT IN (SELECT id FROM nodes)")
        return frozenset(r[0] for r in held)

    def nodes(self) -> list[NodeBeat]:
        """The nodes whose last heartbeat is still live, by id."""
        rows = self.db.rows(
            "SELECT id, started_at, beat_at, expires_at, info FROM nodes "
            f"WHERE expires_at > {self._now} ORDER BY id"
        )
        return [NodeBeat(*r) for r in rows]

    def leave(self) -> None:
        """This node stops: its leases are let go at once, its heartbeat and its sessions
        removed."""
        with self.db.transaction():
            self.db.execute(
                "UPDATE table_leases SET expires_at = 0 WHERE node_id = ?", (self.node_id,)
            )
            self.db.execute("DELETE FROM node_sessions WHERE node_id = ?", (self.node_id,))
            self.db.execute("DELETE FROM nodes WHERE id = ?", (self.node_id,))

    # -- who is online where ---------------------------------------------------------------------
    def connected(self, player_id: int, here: bool) -> None:
        """Keep whether `player_id` has a session on this node (what the other nodes show)."""
        with self.db.transaction():
            if here:
                self.db.execute(
                    "INSERT INTO node_sessions (node_id, player_id, since) VALUES (?, ?, ?) "
                    "ON CONFLICT (node_id, player_id) DO NOTHING",
                    (self.node_id, player_id, self.db.clock()),
                )
            else:
                self.db.execute(
                    "DELETE FROM node_sessions WHERE node_id = ? AND player_id = ?",
                    (self.node_id, player_id),
                )

    def online_elsewhere(self) -> dict[int, str]:
        """The players with a session on another live node: id to name."""
        rows = self.db.rows(
            "SELECT DISTINCT s.player_id, p.name FROM node_sessions s "
            "JOIN nodes n ON n.id = s.node_id JOIN players p ON p.id = s.player_id "
            f"WHERE s.node_id <> ? AND n.expires_at > {self._now}",
            (self.node_id,),
        )
        return dict(rows)

    # -- leases ----------------------------------------------------------------------------------
    def take(self, table_id: int) -> Lease | None:
        """Hold `table_id` for LEASE_MS: granted when no live node holds it (never held,
        released, or expired: a takeover) or this node does (a renewal); else None.

        Raises:
            NotFound, ClubError: no such table, or it is finished.
        """
        with self.db.transaction():
            check_live_table(self.db, table_id)
            row = self.db.one(self._take, (table_id, self.node_id, self.lease_ms))
        return None if row is None else Lease(*row)

    def renew(self, table_id: int) -> Lease | None:
        """Hold `table_id` LEASE_MS longer; None when this node no longer holds it (it expired:
        stop running the table, and `take` it again to run it, reloading it from its rows)."""
        with self.db.transaction():
            row = self.db.one(self._renew, (self.lease_ms, table_id, self.node_id))
        return None if row is None else Lease(*row)

    def release(self, table_id: int) -> None:
        """Let `table_id` go: another node may take it at once (a no-op if this node does not
        hold it)."""
        with self.db.transaction():
            self.db.execute(
                "UPDATE table_leases SET expires_at = 0 WHERE table_id = ? AND node_id = ?",
                (table_id, self.node_id),
            )

    def holder(self, table_id: int) -> Lease | None:
        """The live lease on `table_id`, whichever node holds it; None when none does."""
        row = self.db.one(
            f"SELECT {LEASE_COLUMNS}, {self._now} FROM table_leases "
            f"WHERE table_id = ? AND expires_at > {self._now}",
            (table_id,),
        )
        return None if row is None else Lease(*row)

    def held(self) -> frozenset[int]:
        """The tables this node holds a live lease on."""
        rows = self.db.rows(
            f"SELECT table_id FROM table_leases WHERE node_id = ? AND expires_at > {self._now}",
            (self.node_id,),
        )
        return frozenset(r[0] for r in rows)

    def claimable(self, limit: int = 100) -> list[int]:
        """Unfinished tables that no live node holds (never taken, released, or their node
        died), the oldest first: what a node takes over."""
        rows = self.db.rows(
            "SELECT t.id FROM tables t LEFT JOIN table_leases l ON l.table_id = t.id "
            f"WHERE t.finished_at IS NULL AND (l.table_id IS NULL OR l.expires_at <= {self._now}) "
            "ORDER BY t.id LIMIT ?",
            (max(1, min(limit, 1000)),),
        )
        return [r[0] for r in rows]

    # -- notices ---------------------------------------------------------------------------------
    def listen(self, callback: Callable[[Notice], None], **options):
        """A listener on its own connection and thread, calling `callback` with the notices of
        every node (`pg_listener.PostgresListener`; `options` go to it)."""
        from .pg_listener import PostgresListener

        return PostgresListener(self.db.url, self.db.where, callback, self.db.name, **options)
