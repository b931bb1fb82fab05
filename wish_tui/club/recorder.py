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
import contextlib
import errno
import queue
import sqlite3
import sys
import threading
import time
from collections.abc import Callable
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
THREAD_NAME = "club_0"
"""The recorder's thread (as `benchmarks/serve.py` names it in its processor time per thread)."""
_CLOSE = object()
"""Asked last of the thread: close the club's database, then stop."""


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
        self._waiting: queue.SimpleQueue = queue.SimpleQueue()
        """The calls asked and not yet run: each with the future that answers it and its loop
        (or `_CLOSE` with those)."""
        self._thread: threading.Thread | None = None
        self._closing = False
        """`close` was called: no call is taken any more."""

    async def call(self, fn: Callable[..., T], *args, **kwargs) -> T:
        """Run `fn(*args, **kwargs)` on the recorder's thread and return its result.

        Raises:
            ClubError: the club refused (its one sentence).
            RecordFailed: the database itself failed (disk full, locked too long).
        """
        loop = asyncio.get_running_loop()
        answer = loop.create_future()
        self._ask(lambda: fn(*args, **kwargs), answer, loop)
        try:
            result = await answer
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

    def _ask(self, fn: Callable[[], object], answer: asyncio.Future, loop) -> None:
        """Have the recorder's thread run `fn` and answer `answer` on `loop` (the thread is
        started at the first call)."""
        if self._closing:
            raise RuntimeError("The line to the club's database is closed.")
        if fn is _CLOSE:
            self._closing = True
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=THREAD_NAME, daemon=True)
            self._thread.start()
        self._waiting.put((fn, answer, loop))

    def _run(self) -> None:
        """The recorder's thread: run the calls waiting, in order, until asked to close.

        Each turn takes every call waiting then (TOGETHER_MAX at most), runs them together when
        the database commits best that way, and answers them once it has, each loop told once
        for all of its calls (a wakeup of the event loop, not one each). The futures are the
        event loop's: a call whose caller stopped waiting before it ran is not run."""
        closing = False
        while not closing:
            calls = [self._waiting.get()]
            while len(calls) < TOGETHER_MAX:
                try:
                    calls.append(self._waiting.get_nowait())
                except queue.Empty:
                    break
            closes = [call for call in calls if call[0] is _CLOSE]
            calls = [call for call in calls if call[0] is not _CLOSE and not call[1].cancelled()]
            self._answer(calls, self._outcomes(calls))
            if closes:
                closing = True
                self._answer(closes, [_outcome(self.club.close)] * len(closes))

    def _outcomes(self, calls: list) -> list[tuple[object, BaseException | None]]:
        db = self.club.db
        try:
            outcomes = _together(db, calls) if len(calls) > 1 and db.commits_together else None
            if outcomes is None:
                outcomes = [_outcome(fn) for fn, _, _ in calls]
        except BaseException as exc:  # (an interrupt in a call: no caller is left waiting)
            return [(None, exc)] * len(calls)
        return outcomes

    @staticmethod
    def _answer(calls: list, outcomes: list) -> None:
        """Answer each call with its outcome, on its loop (one hand-off to each loop)."""
        by_loop: dict = {}
        for (_, answer, loop), outcome in zip(calls, outcomes, strict=True):
            by_loop.setdefault(loop, []).append((answer, outcome))
        for loop, answers in by_loop.items():
            with contextlib.suppress(RuntimeError):  # (its loop closed: no one waits)
                loop.call_soon_threadsafe(_settle, answers)

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
        closed = loop.create_future()
        self._ask(_CLOSE, closed, loop)
        try:
            await closed
        finally:
            if self._thread is not None:
                self._thread.join(1.0)  # (it stops as it answers: a moment at most)


def _settle(answers: list[tuple[asyncio.Future, tuple[object, BaseException | None]]]) -> None:
    """On the event loop: each future its result or its exception (unless cancelled)."""
    for answer, (result, error) in answers:
        if answer.done():
            continue
        if error is None:
            answer.set_result(result)
        else:
            answer.set_exception(error)


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
            for fn, _, _ in calls:
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
