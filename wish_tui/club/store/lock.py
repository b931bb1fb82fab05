"""One `serve` per club: a lock on ``club.lock`` in the data directory, held for the process's life.

The lock is an ``flock`` on an open file, so the system drops it when the process ends, however it
ends: no stale lock to clean after a crash. A second `serve` on the same data directory (or a
second lock taken in the same process) is refused with one sentence.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from wish_tui import files

from ..errors import ClubLocked

FILE = "club.lock"


class ClubLock:
    """The held lock of a data directory's club; `release` (or the process's end) lets it go."""

    def __init__(self, fd: int, path: Path) -> None:
        self._fd: int | None = fd
        self.path = path

    @property
    def is_held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Let the lock go (idempotent)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> ClubLock:
        return self

    def __exit__(self, *exc) -> None:
        self.release()


def take_lock(data_dir: Path) -> ClubLock:
    """Take the club lock of `data_dir`, or refuse at once.

    Raises:
        ClubLocked: another process (or another lock of this one) holds it, or the lock file
            cannot be opened; one sentence.
    """
    path = Path(data_dir) / FILE
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
    except OSError as exc:
        raise ClubLocked(
            f"The club's lock file {path} {files.refusal(exc)}, so the club cannot be opened."
        ) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise ClubLocked(
            f"Another 'wish-tui serve' is already running on the data directory {data_dir}; "
            "stop it first, or give this one another directory with WISH_TUI_DATA_DIR."
        ) from None
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    return ClubLock(fd, path)
