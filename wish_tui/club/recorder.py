"""The table server's line to the club's database: every write and read off the event loop, in
the order asked, on one worker thread.

The hub awaits each write before it tells anyone of what it writes (an action is in the database
before any screen shows it), and a write that fails is one sentence for the person while the hub
takes its change back, so nothing anyone saw can be lost in a crash. Reads for screens (the
leaderboard, the history, a player's page) go the same way: bounded, indexed queries.

On the SQLite file, where each commit waits for the disk, the calls asked while the thread was
busy are run together in one transaction, each in a savepoint of its own (a call that fails takes
back only its own changes), and committed once: a hundred tables' moves cost one wait for the disk,
not a hundred, and whatever else waits behind them (a tournament's pairing) is not held up. Every
caller is answered only after that commit. Should the commit itself fail, each call is run again
alone, as it would have been.
"""

from __future__ import annotations

import asyncio
import errno
import sqlite3
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

from wish_tui.core.text import plain_text

from . import Club, ClubError
from .errors import DatabaseDamaged, DatabaseFull
from .store.database import TransactionLost

T = TypeVar("T")
DISK_FULL = (
    "The server's disk is full, so that could not be kept; nothing changed: try again later."
)
"""What a person is told of a change the full disk refused."""
FULL_LOG_EVERY = 60.0
"""Seconds between two lines of the operator's log while the disk stays full."""
TOGETHER_MAX = 256
"""The most calls committed in one transaction."""


class RecordFailed(Exception):
    """The database could not keep a change; the message is one sentence for the person."""


class DiskFull(RecordFailed):
    """The disk of the club's database is full: no change can be kept until there is room."""


def is_disk_full(exc: BaseException) -> bool:
    """True for the database's or the system's word that the disk (or a quota) is full (a
    PostgreSQL server's is its store's `DatabaseFull`)."""
    if isinstance(exc, DatabaseFull):
        return True
    if isinstance(exc, sqlite3.Error):
        return "disk is full" in str(exc)  # SQLITE_FULL's one message
    return isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT)


def is_busy(exc: BaseException) -> bool:
    """True for a database another program held too long (trying again may work)."""
    return isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc)


def _log_to_stderr(message: str) -> None:
    sys.stderr.write(f"wish-tui serve: {message}\n")
    sys.stderr.flush()


class Recorder:
    """Runs the club's calls on one worker thread, in order."""

    def __init__(
        self,
        club: Club,
        log: Callable[[str], None] = _log_to_stderr,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.club = club
        self.log = log
        """The operator's log: the disk filling up and having room again."""
        self.clock = clock
        self.full_since: float | None = None
        """When the disk was found full (None: changes are kept)."""
        self._full_commits = 0
        self._refused = 0
        self._logged_at = 0.0
        self._failures: dict[str, float] = {}
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="club")
        self._waiting: deque[tuple[Callable[[], object], Future]] = deque()
        """The calls asked and not yet run, with the futures that answer them."""
        self._waiting_lock = threading.Lock()

    async def call(self, fn: Callable[..., T], *args, **kwargs) -> T:
        """Run `fn(*args, **kwargs)` on the worker thread and return its result.

        Raises:
            ClubError: the club refused (its one sentence).
            RecordFailed: the database itself failed (disk full, locked too long).
        """
        answer: Future = Future()
        with self._waiting_lock:
            self._waiting.append((lambda: fn(*args, **kwargs), answer))
        self._worker.submit(self._run_waiting)
        try:
            result = await asyncio.wrap_future(answer)
        except DatabaseDamaged as exc:  # its sentence names the server's file: not for people
            self._failed(exc.reason)
            raise RecordFailed(
                f"The server's database is damaged ({exc.reason}); nothing changed, and the "
                "server's log says so for its keeper: try again once they have mended it."
            ) from None
        except ClubError:
            raise
        except (sqlite3.Error, OSError, DatabaseFull) as exc:
            if is_disk_full(exc):
                self._disk_full(exc)
                raise DiskFull(DISK_FULL) from None
            reason = plain_text(str(exc), 80).rstrip(".") or type(exc).__name__
            if is_busy(exc):
                raise RecordFailed(
                    f"The server's database is busy ({reason}); nothing changed: try again in "
                    "a moment."
                ) from None
            self._failed(reason)
            raise RecordFailed(
                f"The server's database could not keep that ({reason}); nothing changed, and "
                "the server's log says so for its keeper: try again once they have mended it."
            ) from None
        if self.full_since is not None and self.club.db.commits > self._full_commits:
            self.full_since = None
            self.log("there is room on the disk again: the club's database keeps changes again")
        return result

    def _run_waiting(self) -> None:
        """In the worker thread: run the calls waiting (one at least, unless an earlier run took
        them), together when the database commits best that way."""
        with self._waiting_lock:
            count = min(len(self._waiting), TOGETHER_MAX)
            calls = [self._waiting.popleft() for _ in range(count)]
        calls = [(fn, answer) for fn, answer in calls if answer.set_running_or_notify_cancel()]
        db = self.club.db
        try:
            outcomes = _together(db, calls) if len(calls) > 1 and db.commits_together else None
            if outcomes is None:
                outcomes = [_outcome(fn) for fn, _ in calls]
        except BaseException as exc:  # the thread is stopping: no caller is left waiting
            for _, answer in calls:
                answer.set_exception(exc)
            raise
        for (_, answer), (result, error) in zip(calls, outcomes, strict=True):
            if error is None:
                answer.set_result(result)
            else:
                answer.set_exception(error)

    def _failed(self, reason: str) -> None:
        """Say in the operator's log that the database failed, once a minute per reason."""
        now = self.clock()
        if now - self._failures.get(reason, -FULL_LOG_EVERY) >= FULL_LOG_EVERY:
            self._failures[reason] = now
            self.log(
                f"the club's database could not keep a change ({reason}); it was refused: "
                "'wish-tui club problems' and the database's own checks say what to mend"
            )

    def _disk_full(self, exc: BaseException) -> None:
        """Say in the operator's log that the disk is full: once, then once a minute."""
        now = self.clock()
        self._refused += 1
        if self.full_since is None:
            self.full_since, self._logged_at, self._refused = now, now, 0
            self._full_commits = self.club.db.commits
            self.log(
                f"the disk of the club's database is full ({str(exc).rstrip('.')[:80]}): every "
                "change is refused with a sentence until there is room, and taken again then "
                "without a restart"
            )
        elif now - self._logged_at >= FULL_LOG_EVERY:
            self.log(f"the disk is still full: {self._refused} changes refused since the last line")
            self._logged_at, self._refused = now, 0

    async def close(self) -> None:
        """Finish every write asked, then close the database."""
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._worker, self.club.close)
        self._worker.shutdown(wait=True)


def _outcome(fn: Callable[[], object]) -> tuple[object, BaseException | None]:
    """What `fn` returned, or what it raised."""
    try:
        return fn(), None
    except Exception as exc:
        return None, exc


def _together(db, calls: list) -> list[tuple[object, BaseException | None]] | None:
    """Run `calls` in one transaction, each in a savepoint of its own, and commit them once;
    None when the transaction failed (nothing of it kept: each is to be run alone)."""
    outcomes = []
    try:
        with db.together():
            for fn, _ in calls:
                try:
                    with db.transaction():
                        outcomes.append((fn(), None))
                except TransactionLost:
                    raise
                except Exception as exc:
                    outcomes.append((None, exc))
    except Exception:
        return None
    return outcomes
