"""The club's database file: made once, kept across restarts, refused when it is not ours or is
newer, never written when refused; and one `serve` per data directory."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap

import pytest

from wish_tui.club import ClubLocked, DatabaseRefused, NotFound, open_club, take_lock
from wish_tui.club.store import schema
from wish_tui.club.store.sqlite_file import FILE

from .conftest import assert_read_only, people, reopen


@pytest.fixture
def club(tmp_path, clock):
    """The SQLite file alone: these tests read, damage and replace it (test_postgres.py does
    the same for PostgreSQL)."""
    opened = open_club(tmp_path, clock=clock)
    yield opened
    opened.close()


def test_a_new_club_is_made_in_wal_mode_with_the_current_schema(club, tmp_path):
    assert (tmp_path / FILE).is_file()
    assert club.db.scalar("PRAGMA journal_mode") == "wal"
    assert club.db.scalar("PRAGMA foreign_keys") == 1
    assert club.db.scalar("SELECT MAX(version) FROM schema_version") == schema.VERSION
    assert club.db.scalar("SELECT value FROM club_meta WHERE key = 'format'") == schema.FORMAT


def test_a_restart_keeps_everything(club, tmp_path):
    ann, bob = people(club, "Ann", "Bob")
    club.players.set_profile(ann.id, "Plays Fire.")
    again = reopen(club)
    try:
        assert again.players.by_name("ann").id == ann.id
        assert again.players.get(ann.id).profile == "Plays Fire."
        assert again.players.by_name("BOB").id == bob.id
        assert again.db.scalar("SELECT COUNT(*) FROM schema_version") == schema.VERSION
    finally:
        again.close()


def test_a_newer_schema_is_refused_and_left_as_it_is(club, tmp_path):
    club.db.execute("BEGIN")
    club.db.execute("INSERT INTO schema_version (version, applied_at) VALUES (?, 0)", (99,))
    club.db.execute("COMMIT")
    club.close()
    before = (tmp_path / FILE).read_bytes()
    with pytest.raises(DatabaseRefused) as refused:
        open_club(tmp_path)
    message = str(refused.value)
    assert "newer wish_tui" in message and "99" in message and message.count(".") <= 2
    assert (tmp_path / FILE).read_bytes() == before


def test_a_garbage_file_is_refused_in_one_sentence_and_untouched(tmp_path):
    garbage = b"this is not a database\n" * 200
    (tmp_path / FILE).write_bytes(garbage)
    with pytest.raises(DatabaseRefused) as refused:
        open_club(tmp_path)
    assert "is not a SQLite database" in str(refused.value)
    assert "\n" not in str(refused.value)
    assert (tmp_path / FILE).read_bytes() == garbage
    assert not (tmp_path / (FILE + "-wal")).exists()


def test_a_damaged_database_is_refused_and_untouched(club, tmp_path):
    people(club, "Ann")
    club.close()
    data = bytearray((tmp_path / FILE).read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # the first page: the schema
    (tmp_path / FILE).write_bytes(bytes(data))
    with pytest.raises(DatabaseRefused) as refused:
        open_club(tmp_path)
    assert "damaged" in str(refused.value) or "cannot be used" in str(refused.value)
    assert (tmp_path / FILE).read_bytes() == bytes(data)


def test_another_programs_sqlite_database_is_refused_and_untouched(tmp_path):
    path = tmp_path / FILE
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE notes (text TEXT)")
    other.execute("INSERT INTO notes VALUES ('mine')")
    other.commit()
    other.close()
    before = path.read_bytes()
    with pytest.raises(DatabaseRefused) as refused:
        open_club(tmp_path)
    assert "another program" in str(refused.value)
    assert path.read_bytes() == before


def test_reading_a_missing_club_says_so(tmp_path):
    with pytest.raises(DatabaseRefused) as refused:
        open_club(tmp_path, read_only=True)
    assert "no club database" in str(refused.value)
    assert not (tmp_path / FILE).exists()


def test_a_club_opened_to_read_changes_nothing(club, tmp_path):
    people(club, "Ann")
    club.close()
    assert_read_only(open_club(tmp_path, read_only=True))


def test_the_second_opener_is_refused_by_the_lock(tmp_path):
    first = take_lock(tmp_path)
    try:
        with pytest.raises(ClubLocked) as refused:
            take_lock(tmp_path)
        assert "already running" in str(refused.value)
    finally:
        first.release()
    take_lock(tmp_path).release()  # free again once let go


def test_a_lock_held_by_another_process_refuses_this_one(tmp_path):
    holder = textwrap.dedent(
        f"""
        import sys, time
        from wish_tui.club import take_lock
        lock = take_lock({str(tmp_path)!r})
        print("held", flush=True)
        sys.stdin.readline()
        """
    )
    child = subprocess.Popen(
        [sys.executable, "-c", holder], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "held"
        with pytest.raises(ClubLocked):
            take_lock(tmp_path)
    finally:
        child.stdin.close()
        child.wait(timeout=30)
    take_lock(tmp_path).release()  # the lock went with the process


def test_a_row_that_must_be_found_is_or_the_sentence_says_what_is_missing(club):
    (ann,) = people(club, "Ann")
    row = club.db.found("SELECT name FROM players WHERE id = ?", (ann.id,), "No Ann.")
    assert row == ("Ann",)
    with pytest.raises(NotFound, match="^No such player.$"):
        club.db.found("SELECT name FROM players WHERE id = ?", (ann.id + 99,), "No such player.")
