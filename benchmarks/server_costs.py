"""What two steps of an action cost the table server's processor, apart: a table message's write
to an app's socket, and the club's append of the action to its SQLite file.

Run: nice -n 10 python benchmarks/server_costs.py [--count 300]

- A send of a message (1,200 bytes, a table diff's mean size at `serve.py`'s tables) on a Unix
  socket whose other end waits for it in another process (as an app's connection does): the
  sender's processor time a send, the wake-up of the reader included.
- `Tables.append` alone, as the recorder's thread runs it when one action waits (a commit of its
  own) after the event its copy of the game has (as the hub asks), paced like a table's moves: its processor time with each commit on the disk when it
  returns (the server's `durable` file: fdatasync of the WAL) and without (NORMAL), and each
  statement's share (BEGIN IMMEDIATE, the table's row, its last event, the INSERT, COMMIT).

A profiler that samples the wall clock (py-spy) counts a thread that waits for the processor or
the GIL after such a call as busy in it; these are the calls' own processor time.
"""

from __future__ import annotations

import argparse
import collections
import os
import select
import socket
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wish_tui.club.club import open_club  # noqa: E402
from wish_tui.club.rows import SeatSpec  # noqa: E402

MESSAGE = 1200
"""Bytes of the message sent (a table diff at serve.py's tables: about 1,200)."""


def send_cost(count: int) -> float:
    """Processor time (seconds) of one send to a reader waiting in another process."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    pid = os.fork()
    if pid == 0:  # the reader: waits in epoll as an app's loop does, reads, waits again
        ours.close()
        poll = select.epoll()
        poll.register(theirs.fileno(), select.EPOLLIN)
        while True:
            poll.poll()
            if not theirs.recv(1 << 20):
                os._exit(0)
    theirs.close()
    data = b"x" * MESSAGE
    spent = 0.0
    for _ in range(count):
        time.sleep(0.002)  # the reader is asleep again, as between two actions
        started = time.thread_time()
        ours.send(data)
        spent += time.thread_time() - started
    ours.close()
    os.waitpid(pid, 0)
    return spent / count


class _Timed:
    """A connection whose statements' processor time is summed by their first words."""

    def __init__(self, connection) -> None:
        self._connection = connection
        self.spent: collections.Counter = collections.Counter()

    def execute(self, sql: str, params=()):
        started = time.thread_time()
        try:
            return self._connection.execute(sql, params)
        finally:
            words = sql.split()
            name = " ".join(words[:2]) if words[0] == "SELECT" else words[0]
            self.spent[name] += time.thread_time() - started

    def __getattr__(self, name):
        return getattr(self._connection, name)


def append_cost(durable: bool, count: int) -> tuple[float, dict[str, float]]:
    """Processor time of a lone append (seconds), and of each statement in it."""
    with tempfile.TemporaryDirectory() as folder:
        club = open_club(Path(folder), durable=durable)
        seats = [SeatSpec("air", "human"), SeatSpec("water", "human")]
        table = club.tables.create("wish", 1, seats, None)
        timed = _Timed(club.db._connection)
        club.db._connection = timed
        spent = 0.0
        for k in range(count):
            time.sleep(0.01)  # one action at a time, the disk idle in between
            started = time.thread_time()
            club.tables.append(table.id, k % 2, None, "end turn", after=k)
            spent += time.thread_time() - started
        club.db._connection = timed._connection
        club.close()
    return spent / count, {name: s / count for name, s in timed.spent.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300)
    count = parser.parse_args().count
    print(f"a {MESSAGE}-byte send to an app's waiting socket: {send_cost(count) * 1e6:.1f} us")
    for durable in (True, False):
        whole, parts = append_cost(durable, count)
        shown = ", ".join(f"{name} {s * 1e6:.0f}" for name, s in parts.items())
        kind = "on the disk at each commit (FULL)" if durable else "no fdatasync (NORMAL)"
        print(f"a lone append, {kind}: {whole * 1e6:.0f} us ({shown} us)")


if __name__ == "__main__":
    main()
