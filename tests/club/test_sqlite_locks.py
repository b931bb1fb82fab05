"""A second connection a process opens to its club's file (a server's page reader beside its
writer) leaves the writer's locks alone: a keeper's command that then opens and closes the club
does not take itself for the last connection and delete the -wal and -shm the server writes to
(SQLite's own warning: closing any handle of a file drops every POSIX lock the process holds)."""

from __future__ import annotations

import os
import subprocess
import sys

from wish_tui.club import open_club
from wish_tui.club.store.sqlite_file import open_sqlite


def test_a_second_connection_here_leaves_the_servers_wal_to_it(tmp_path):
    server = open_club(tmp_path)  # the server's writer, open for its whole life
    pages = open_sqlite(tmp_path / "club.sqlite3", read_only=True)  # its page reader
    env = {**os.environ, "WISH_TUI_DATA_DIR": str(tmp_path)}
    keeper = [sys.executable, "-m", "wish_tui", "club", "bot", "add", "robo"]
    subprocess.run(keeper, env=env, check=True, capture_output=True)
    assert (tmp_path / "club.sqlite3-wal").exists()  # still the server's, not deleted under it
    server.bot_members.add("robi")
    seen = subprocess.run(
        [sys.executable, "-m", "wish_tui", "club", "bot", "list"],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert "robo" in seen and "robi" in seen  # what the server wrote reaches everyone
    pages.close()
    server.close()
