"""A full disk under the club's database, as each database really says it: SQLite's
SQLITE_FULL, PostgreSQL's SQLSTATE 53100 (disk_full) or its 'No space left on device'. The line
to the club (`club.recorder`) takes each for a full disk: the person is told DISK_FULL (nothing
changed, try again later), the keeper's log says the disk is full once, and changes are kept
again as soon as there is room, without a restart."""

from __future__ import annotations

import pytest

from wish_tui.club import open_club
from wish_tui.club.recorder import DISK_FULL, DiskFull, Recorder

from .conftest import key

NO_ROOM = {
    "disk_full": 'could not extend file "base/16384/16390": No space left on device',
    "io_error": 'could not write to file "pg_wal/xlogtemp.42": No space left on device',
}
"""What PostgreSQL says when its disk is full: by SQLSTATE, or in its words under another."""


def fill(club, sqlstate: str) -> None:
    """Leave the database no room for one more player (a real refusal of the database)."""
    if club.db.dialect.name == "sqlite":
        pages = club.db.scalar("PRAGMA page_count")
        club.db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite then says SQLITE_FULL
        return
    with club.db.transaction():
        club.db.execute_ddl(
            "CREATE FUNCTION no_room() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            f"RAISE EXCEPTION USING ERRCODE = '{sqlstate}', MESSAGE = '{NO_ROOM[sqlstate]}'; "
            "END $$"
        )
        club.db.execute_ddl(
            "CREATE TRIGGER no_room BEFORE INSERT ON players "
            "FOR EACH ROW EXECUTE FUNCTION no_room()"
        )


def free(club) -> None:
    """Room again."""
    if club.db.dialect.name == "sqlite":
        club.db.execute("PRAGMA max_page_count = 1073741823")
        return
    with club.db.transaction():
        club.db.execute_ddl("DROP TRIGGER no_room ON players")


def newcomers(count: int) -> list[tuple[str, str]]:
    """Keys and names of `count` newcomers (enough of them to need a page more in SQLite)."""
    return [(key(100 + n), f"newcomer{n}") for n in range(count)]


@pytest.mark.parametrize("sqlstate", ["sqlite", *NO_ROOM])
async def test_a_full_disk_is_told_as_one_on_either_database(tmp_path, request, sqlstate):
    database = None if sqlstate == "sqlite" else request.getfixturevalue("postgres_url")
    club = open_club(tmp_path, database=database)
    logs: list[str] = []
    recorder = Recorder(club, log=logs.append)
    try:
        fill(club, sqlstate)
        with pytest.raises(DiskFull, match=DISK_FULL):
            for who, name in newcomers(200):
                await recorder.call(club.players.register, who, name)
        assert len(logs) == 1 and logs[0].startswith("the disk of the club's database is full (")
        assert "No space left on device" in logs[0] or database is None
        free(club)
        await recorder.call(club.players.register, key(999), "roomy")
        assert club.players.by_name("roomy") is not None
        assert logs[-1] == (
            "there is room on the disk again: the club's database keeps changes again"
        )
    finally:
        await recorder.close()
