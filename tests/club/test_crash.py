"""A process killed while it writes loses no event it had committed (and told anyone of), on the
SQLite file and on PostgreSQL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

from wish_tui.club import open_club

WRITER = textwrap.dedent(
    """
    import os, sys
    from wish_tui.club import SeatSpec, open_club
    club = open_club(sys.argv[1], database=sys.argv[4] or None)
    ann = club.players.register("SHA256:" + "c" * 43, "Ann")
    table = club.tables.create("wish", 3, [SeatSpec("air", "human", ann.id),
                                          SeatSpec("water", "random")], ann.id)
    print("table", table.id, flush=True)
    for n in range(int(sys.argv[2])):
        seq = club.tables.append(table.id, n % 2, ann.id, f"action {n}")
        print("told", seq, flush=True)
    if sys.argv[3] == "exit":
        os._exit(0)
    sys.stdin.readline()
    """
)


def spawn(data_dir, count: int, ending: str, database: str | None) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(data_dir), str(count), ending, database or ""],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def stored(data_dir, table_id: int, database: str | None) -> list[int]:
    club = open_club(data_dir, database=database)
    try:
        return [e.seq for e in club.tables.events_since(table_id)]
    finally:
        club.close()


def test_an_exit_right_after_appending_keeps_every_event(tmp_path, database):
    child = spawn(tmp_path, 25, "exit", database)
    out, _ = child.communicate(timeout=60)
    lines = out.split("\n")
    table_id = int(lines[0].split()[1])
    told = [int(line.split()[1]) for line in lines[1:] if line.startswith("told")]
    assert told == list(range(1, 26))
    assert stored(tmp_path, table_id, database) == told


def test_a_kill_in_the_middle_of_writing_loses_nothing_that_was_told(tmp_path, database):
    child = spawn(tmp_path, 5000, "wait", database)
    try:
        table_id = int(child.stdout.readline().split()[1])
        told = []
        while len(told) < 40:
            told.append(int(child.stdout.readline().split()[1]))
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait(timeout=30)
    kept = stored(tmp_path, table_id, database)
    assert kept[: len(told)] == told
    assert kept == list(range(1, len(kept) + 1))
