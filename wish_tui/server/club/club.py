"""The club: one database and the parts that read and write it, as the hub and the keeper use it.

club, lock, problems = start_club(data_dir)     # what `serve` does first
club = open_club(data_dir, read_only=True)      # what `wish-tui club` does
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from wish_tui import saves

from .database import Database, now_ms, open_database, path_in
from .finish import finish_table
from .history import History
from .invitations import Invitations
from .lock import ClubLock, take_lock
from .players import Players
from .rows import FinishedGame
from .standings import Standings
from .table_store import Tables


class Club:
    """One open club database with its parts: `players`, `tables`, `history`, `standings`,
    `invitations`; and `finish` for a table's end."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.players = Players(db)
        self.tables = Tables(db, self.players)
        self.history = History(db)
        self.standings = Standings(db, self.players)
        self.invitations = Invitations(db, self.players)

    def finish(
        self,
        table_id: int,
        scores: Mapping,
        *,
        outcomes: Sequence[str] | None = None,
        rated: bool | None = None,
    ) -> FinishedGame:
        """Store a table's end in one transaction (`finish.finish_table`): results, the
        compacted record, the ratings or the best solo score; returns how ratings moved."""
        return finish_table(self.db, self.tables, table_id, scores, outcomes=outcomes, rated=rated)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Club:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def open_club(
    data_dir: Path | None = None,
    *,
    read_only: bool = False,
    durable: bool = True,
    clock: Callable[[], int] = now_ms,
) -> Club:
    """The club of a data directory (the app's by default), created and migrated unless
    `read_only`.

    Raises:
        DatabaseRefused: the database is missing (read only), damaged, foreign or newer.
    """
    folder = Path(data_dir) if data_dir is not None else saves.data_dir()
    return Club(open_database(path_in(folder), read_only=read_only, durable=durable, clock=clock))


def start_club(
    data_dir: Path | None = None, *, clock: Callable[[], int] = now_ms
) -> tuple[Club, ClubLock, list[str]]:
    """What `serve` does first: take the club's lock, open the database, import the old table
    files once; returns the club, the lock (hold it for the process's life) and one sentence per
    file that could not be imported.

    Raises:
        ClubLocked: another `serve` runs on this data directory.
        DatabaseRefused: the database cannot be used (the lock is let go again).
    """
    from .import_files import import_table_files

    folder = Path(data_dir) if data_dir is not None else saves.data_dir()
    lock = take_lock(folder)
    try:
        club = open_club(folder, clock=clock)
    except BaseException:
        lock.release()
        raise
    report = import_table_files(club, folder)
    return club, lock, report.problems
