"""The club of `wish-tui serve`: players who stay, tables that are their record, ratings, history.

Synchronous, on the standard library's `sqlite3` (one file ``club.sqlite3`` in the data
directory, WAL mode, foreign keys on), or on PostgreSQL through psycopg 3 (the extra
``postgres``) when a database URL is given and several `serve` nodes share the club; the hub
calls it from worker threads, off its event loop. No Textual, no asyncio. One versioned schema
(`schema.py`) serves both databases; what they spell differently is in `dialect.py`.

    club, lock, problems = start_club(data_dir)      # lock, open or create, import old tables
    player = club.players.login(fingerprint)         # None: a newcomer, who chooses a name:
    player = club.players.register(fingerprint, "Ann")
    table = club.tables.create("wish", seed, [SeatSpec("air", "human", player.id), ...], player.id)
    seq = club.tables.append(table.id, seat, player.id, "travel Dock")   # committed: tell now
    club.tables.append_undo(table.id, seat, player.id, 2)
    loaded, problems = club.tables.load_unfinished()                      # after a restart
    finished = club.finish(table.id, state.final_scores(), outcomes=["", "resigned"])
    club.standings.leaderboard("wish"); club.history.page(player_id=player.id)

    club = open_club(database="postgresql://club@db.example/club", node_id="node-a")
    lease = club.cluster.take(table.id)              # this node runs the table (None: another does)
    held = club.cluster.beat()                       # heartbeat, every lease renewed
    listener = club.cluster.listen(callback)         # callback(Notice("action", table_id, seq))
    seq = club.tables.append(table.id, seat, player.id, "travel Dock", after=seq)  # or SeqTaken

Refusals are `ClubError`s (one sentence); see docs/club.md for the schema and the JSON shapes.
"""

from __future__ import annotations

from .club import Club, open_club, start_club
from .errors import (
    ClubError,
    ClubLocked,
    Conflict,
    DatabaseRefused,
    DatabaseUnreachable,
    InputRefused,
    NameTaken,
    NotFound,
    SeqTaken,
)
from .import_files import ImportReport, import_table_files
from .limits import check_chat, check_name, check_profile, check_settings
from .rate_limit import Limit, RateLimited, RateLimiter
from .rows import (
    ArchivedGame,
    BoardRow,
    ChatLine,
    Event,
    FinishedGame,
    GamePage,
    GameStats,
    Invitation,
    Key,
    Lease,
    LoadedTable,
    NodeBeat,
    Notice,
    Player,
    PlayerPage,
    RatingChange,
    SeatResult,
    SeatSpec,
    SoloBest,
    StoredSeat,
    StoredTable,
    WinRate,
)
from .store.cluster import LEASE_MS, Listener, LocalCluster
from .store.lock import ClubLock, take_lock

__all__ = [
    "ArchivedGame",
    "BoardRow",
    "ChatLine",
    "Club",
    "ClubError",
    "ClubLock",
    "ClubLocked",
    "Conflict",
    "DatabaseRefused",
    "DatabaseUnreachable",
    "Event",
    "FinishedGame",
    "GamePage",
    "GameStats",
    "ImportReport",
    "InputRefused",
    "Invitation",
    "Key",
    "LEASE_MS",
    "Lease",
    "Limit",
    "Listener",
    "LoadedTable",
    "LocalCluster",
    "NameTaken",
    "NodeBeat",
    "NotFound",
    "Notice",
    "Player",
    "PlayerPage",
    "RateLimited",
    "RateLimiter",
    "RatingChange",
    "SeatResult",
    "SeatSpec",
    "SeqTaken",
    "SoloBest",
    "StoredSeat",
    "StoredTable",
    "WinRate",
    "check_chat",
    "check_name",
    "check_profile",
    "check_settings",
    "import_table_files",
    "open_club",
    "start_club",
    "take_lock",
]
