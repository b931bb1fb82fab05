"""The club of `wish-tui serve`: players who stay, tables that are their record, ratings, history.

Synchronous, on the standard library's `sqlite3` (one file ``club.sqlite3`` in the data
directory, WAL mode, foreign keys on); the hub calls it from worker threads, off its event loop.
No Textual, no asyncio. The schema is versioned (`schema.py`) and written so a PostgreSQL backend
can share it (`dialect.py`).

    club, lock, problems = start_club(data_dir)      # lock, open or create, import old tables
    player = club.players.login(fingerprint)         # None: a newcomer, who chooses a name:
    player = club.players.register(fingerprint, "Ann")
    table = club.tables.create("wish", seed, [SeatSpec("air", "human", player.id), ...], player.id)
    seq = club.tables.append(table.id, seat, player.id, "travel Dock")   # committed: tell now
    club.tables.append_undo(table.id, seat, player.id, 2)
    loaded, problems = club.tables.load_unfinished()                      # after a restart
    finished = club.finish(table.id, state.final_scores(), outcomes=["", "resigned"])
    club.standings.leaderboard("wish"); club.history.page(player_id=player.id)

Refusals are `ClubError`s (one sentence); see docs/club.md for the schema and the JSON shapes.
"""

from __future__ import annotations

from .club import Club, open_club, start_club
from .errors import ClubError, ClubLocked, DatabaseRefused, InputRefused, NameTaken, NotFound
from .import_files import ImportReport, import_table_files
from .limits import check_chat, check_name, check_profile, check_settings
from .lock import ClubLock, take_lock
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
    LoadedTable,
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

__all__ = [
    "ArchivedGame",
    "BoardRow",
    "ChatLine",
    "Club",
    "ClubError",
    "ClubLock",
    "ClubLocked",
    "DatabaseRefused",
    "Event",
    "FinishedGame",
    "GamePage",
    "GameStats",
    "ImportReport",
    "InputRefused",
    "Invitation",
    "Key",
    "Limit",
    "LoadedTable",
    "NameTaken",
    "NotFound",
    "Player",
    "PlayerPage",
    "RateLimited",
    "RateLimiter",
    "RatingChange",
    "SeatResult",
    "SeatSpec",
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
