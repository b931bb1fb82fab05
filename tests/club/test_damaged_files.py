"""Club databases that broke the app once: each refused in one sentence, with nothing written
beside them, and a 0-byte file never taken for a new club without being asked."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from wish_tui.cli import main
from wish_tui.club import DatabaseRefused, open_club, start_club
from wish_tui.club.store.sqlite_file import FILE

CASES = Path(__file__).parent / "cases"
BAD_UTF8 = CASES / "club-bad-utf8.sqlite3"
"""A club whose schema holds a name that is not UTF-8 (`club players` raised UnicodeDecodeError)."""


def beside(folder: Path) -> set[str]:
    """The files of a data directory other than the club database and its lock."""
    return {p.name for p in folder.iterdir()} - {FILE, "club.lock"}


@pytest.fixture
def bad_utf8(data_dir):
    shutil.copyfile(BAD_UTF8, data_dir / FILE)
    return data_dir


@pytest.mark.parametrize("read_only", [True, False])
def test_a_schema_that_is_not_utf8_is_refused_in_one_sentence_and_untouched(bad_utf8, read_only):
    before = (bad_utf8 / FILE).read_bytes()
    with pytest.raises(DatabaseRefused) as refused:
        open_club(bad_utf8, read_only=read_only)
    message = str(refused.value)
    assert "is damaged (" in message and "\n" not in message and "codec" not in message
    assert (bad_utf8 / FILE).read_bytes() == before
    assert beside(bad_utf8) == set()


def test_the_keepers_command_says_the_schema_is_damaged_in_one_line(bad_utf8, capsys):
    assert main(["club", "players"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert captured.err.startswith("wish-tui club: The club database ")
    assert "is damaged (" in captured.err
    assert beside(bad_utf8) == set()


def test_serve_cannot_start_on_a_damaged_schema_and_says_why_without_quoting(bad_utf8, capsys):
    assert main(["serve", "--port", "0", "--open"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.endswith(".\n")
    assert err.startswith(f"wish-tui serve: cannot start: the club database {bad_utf8 / FILE}")
    assert "is damaged (" in err and "\\'" not in err and "codec" not in err
    assert beside(bad_utf8) <= {"ssh_host_ed25519_key"}


def test_a_zero_byte_file_where_a_club_was_is_refused_and_left_empty(data_dir):
    (data_dir / FILE).write_bytes(b"")
    with pytest.raises(DatabaseRefused) as refused:
        start_club(data_dir)
    message = str(refused.value)
    assert "empty" in message and "--new-club" in message and "remove" in message
    assert (data_dir / FILE).read_bytes() == b""
    assert beside(data_dir) == set()


def test_a_zero_byte_file_becomes_a_club_when_a_new_one_is_asked_for(data_dir):
    (data_dir / FILE).write_bytes(b"")
    club, lock, _ = start_club(data_dir, new_club=True)
    try:
        club.players.register("SHA256:" + "n" * 24, "Ann")
    finally:
        club.close()
        lock.release()
    with open_club(data_dir, read_only=True) as again:
        assert again.players.by_name("Ann") is not None


def test_a_new_club_is_never_made_over_a_club(data_dir):
    with open_club(data_dir) as club:
        club.players.register("SHA256:" + "n" * 24, "Ann")
    with pytest.raises(DatabaseRefused) as refused:
        start_club(data_dir, new_club=True)
    assert "holds a club" in str(refused.value)
    with open_club(data_dir, read_only=True) as again:
        assert again.players.by_name("Ann") is not None


def test_serve_refuses_a_zero_byte_club_and_says_how_to_start_a_new_one(data_dir, capsys):
    (data_dir / FILE).write_bytes(b"")
    assert main(["serve", "--port", "0", "--open"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--new-club" in err
    assert (data_dir / FILE).read_bytes() == b""


def test_the_keeper_neither_reads_nor_writes_a_zero_byte_club(data_dir, capsys):
    (data_dir / FILE).write_bytes(b"")
    assert main(["club", "players"]) == 1
    assert main(["club", "rename", "Ann", "Bob"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and err.count("empty") == 2
    assert (data_dir / FILE).read_bytes() == b""
    assert beside(data_dir) == set()
