"""The club: one database and the parts that read and write it, as the hub and the keeper use it.

club, lock, problems = start_club(data_dir)     # what `serve` does first
club = open_club(data_dir, read_only=True)      # what `wish-tui club` does
club, lock, problems = start_club(data_dir, database="postgresql://club@db.example/club")

The database is the SQLite file of the data directory unless a PostgreSQL URL is given; the API
is the same for both, `club.cluster` included (`cluster.py`, `pg_cluster.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from wish_tui import saves

from .alerts import Alerts
from .bot_members import BotMembers
from .errors import DatabaseRefused
from .finish import finish_table
from .follows import Follows
from .history import History
from .invitations import Invitations
from .moderation import Moderation
from .players import Players
from .reviews import Reviews
from .rows import Lease, StoredTable
from .seek_store import SeekStore
from .standings import Standings
from .store.cluster import LEASE_MS, LocalCluster, default_node_id
from .store.database import Database, now_ms
from .store.lock import ClubLock, take_lock
from .store.sqlite_file import open_sqlite, path_in
from .store.table_store import Tables
from .tournament_store import Tournaments
from .vacation import Vacations


class Club:
    """One open club database with its parts: `players`, `tables`, `history`, `standings`,
    `invitations`, `moderation` (mutes, bans, quiet tables), `tournaments`, `reviews` (the coach's),
    `bot_members`, `seeks`,
    `cluster` (leases, heartbeats, listeners); and `finish` for a table's end."""

    def __init__(self, db: Database, cluster=None) -> None:
        self.db = db
        self.cluster = cluster if cluster is not None else LocalCluster(db)
        """`cluster.LocalCluster` (SQLite) or `pg_cluster.SharedCluster` (PostgreSQL)."""
        self.players = Players(db)
        self.tables = Tables(db, self.players)
        self.reviews = Reviews(db)
        self.history = History(db, self.reviews)
        self.standings = Standings(db, self.players)
        self.invitations = Invitations(db, self.players)
        self.moderation = Moderation(db, self.players)
        self.tournaments = Tournaments(db, self.players)
        self.alerts = Alerts(db)
        self.vacations = Vacations(db, self.players)
        self.follows = Follows(db, self.players)
        self.bot_members = BotMembers(db, self.players)
        """The bot members and their tokens (`bot_members.py`)."""
        self.seeks = SeekStore(db)
        """The members' seeks, which every node of the club lists."""
        self.finish = partial(finish_table, db, self.tables, self.tournaments)
        """`finish(table_id, scores, *, outcomes, rated, aborted)`: a table's end stored in one
        transaction (`finish.finish_table`); returns how ratings moved."""

    def create_table(self, *args, **kwargs) -> tuple[StoredTable, Lease | None]:
        """Store a new table (`Tables.create`'s arguments) and take its lease for this node in
        the same transaction: the node that makes a table runs it from the moment it exists,
        and no other node's takeover of the tables no node runs can come between the two.

        Raises:
            InputRefused, ClubError: as `Tables.create`.
        """
        with self.db.transaction():
            stored = self.tables.create(*args, **kwargs)
            return stored, self.cluster.take(stored.id)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Club:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def open_club(
    data_dir: Path | None = None,
    *,
    database: str | None = None,
    read_only: bool = False,
    durable: bool = True,
    clock: Callable[[], int] = now_ms,
    node_id: str | None = None,
    lease_ms: int = LEASE_MS,
    new_club: bool = False,
) -> Club:
    """The club of a data directory (the app's by default), or of the PostgreSQL database at
    `database`; created and migrated unless `read_only`.

    Args:
        database: None (or '') for the SQLite file of the data directory, or a PostgreSQL URL
            (``postgresql://USER@HOST:PORT/DATABASE``) for a club several nodes share.
        node_id: this process's name among the club's nodes (PostgreSQL; by default its host and
            process id); leases and heartbeats carry it.
        lease_ms: how long this node's leases last unless renewed (`cluster.LEASE_MS`).
        new_club: make a new club of an empty SQLite file (refused without it: a club may have
            been there), and refuse a file that holds one (`serve --new-club`).

    Raises:
        DatabaseRefused: the database is missing (read only), empty (unless `new_club`),
            damaged, foreign or newer, the URL is not one, or the server cannot be reached; one
            sentence.
    """
    if database:
        from .store.postgres import is_url, open_postgres

        if not is_url(database):
            raise DatabaseRefused(
                f"'{str(database)[:40]}' is not a PostgreSQL URL (postgresql://USER@HOST/DATABASE)"
                "; leave the database out to use the SQLite file of the data directory."
            )
        from .store.pg_cluster import SharedCluster

        node = node_id or default_node_id()
        db = open_postgres(
            database,
            read_only=read_only,
            durable=durable,
            clock=clock,
            name=f"wish_tui {node}",
        )
        try:
            return Club(db, SharedCluster(db, node, lease_ms))
        except BaseException:
            db.close()
            raise
    folder = Path(data_dir) if data_dir is not None else saves.data_dir()
    db = open_sqlite(
        path_in(folder), read_only=read_only, durable=durable, clock=clock, new_club=new_club
    )
    try:
        return Club(db, LocalCluster(db, node_id, lease_ms))
    except BaseException:
        db.close()
        raise


def start_club(
    data_dir: Path | None = None,
    *,
    database: str | None = None,
    clock: Callable[[], int] = now_ms,
    node_id: str | None = None,
    lease_ms: int = LEASE_MS,
    new_club: bool = False,
) -> tuple[Club, ClubLock, list[str]]:
    """What `serve` does first: take the lock of the data directory, open the database (its
    SQLite file, or the PostgreSQL database at `database` that other nodes share), import the
    old table files once; returns the club, the lock (hold it for the process's life) and one
    sentence per file that could not be imported. `new_club` as for `open_club`.

    Raises:
        ClubLocked: another `serve` runs on this data directory.
        DatabaseRefused: the database cannot be used (the lock is let go again).
    """
    from .import_files import import_table_files

    folder = Path(data_dir) if data_dir is not None else saves.data_dir()
    lock = take_lock(folder)
    try:
        club = open_club(
            folder,
            database=database,
            clock=clock,
            node_id=node_id,
            lease_ms=lease_ms,
            new_club=new_club,
        )
    except BaseException:
        lock.release()
        raise
    report = import_table_files(club, folder)
    return club, lock, report.problems
