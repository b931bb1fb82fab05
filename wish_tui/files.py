"""Reading a file that someone names: only a regular file, only up to a size, never blocking.

A save, a scenario or a record can be named by a person or a client of the engine, so the name can
point anywhere: a FIFO (opening it would block for good), ``/dev/zero`` (reading it would never
end), a folder, a name too long for the system, a path with a NUL byte. `read_regular` refuses all
of these with one clause before reading a byte, and reads at most `limit` bytes of the rest.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class FileRefused(ValueError):
    """A file that is not read; the message is a clause such as 'is a folder, not a file'."""


_KIND = (
    (stat.S_ISDIR, "is a folder, not a file"),
    (stat.S_ISFIFO, "is a pipe, not a regular file"),
    (stat.S_ISCHR, "is a device, not a regular file"),
    (stat.S_ISBLK, "is a device, not a regular file"),
    (stat.S_ISSOCK, "is a socket, not a regular file"),
)

_ERRNO = {
    errno.ENOENT: "does not exist",
    errno.ENOTDIR: "does not exist (a part of its path is not a folder)",
    errno.EACCES: "cannot be read: permission denied",
    errno.EPERM: "cannot be read: permission denied",
    errno.EISDIR: "is a folder, not a file",
    errno.ENAMETOOLONG: "has a name too long for this system",
    errno.ELOOP: "is a loop of symbolic links",
}


def refusal(exc: BaseException) -> str:
    """The clause for an error raised while opening or writing a path."""
    if isinstance(exc, OSError):
        return _ERRNO.get(exc.errno, f"cannot be used: {exc.strerror or 'input/output error'}")
    if isinstance(exc, UnicodeError):
        return "has a name this system cannot encode"
    return "has a name no file can have (it holds a NUL character)"


def kind_problem(mode: int) -> str:
    """'' for a regular file's mode, else the clause saying what it is instead."""
    for test, clause in _KIND:
        if test(mode):
            return clause
    return "" if stat.S_ISREG(mode) else "is not a regular file"


def read_regular(path: str | os.PathLike, limit: int) -> bytes:
    """Return the bytes of the regular file at `path`, refusing anything else.

    Args:
        path: the file; symbolic links are followed, but the file they lead to must be regular.
        limit: the largest size read; a larger file is refused unread.

    Raises:
        FileRefused: the path is not a readable regular file of at most `limit` bytes.
    """
    try:
        before = os.stat(path)
    except (OSError, ValueError, UnicodeError) as exc:
        raise FileRefused(refusal(exc)) from None
    problem = kind_problem(before.st_mode)
    if problem:
        raise FileRefused(problem)
    if before.st_size > limit:
        raise FileRefused(f"is too large ({before.st_size} bytes; at most {limit} are read)")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError, UnicodeError) as exc:
        raise FileRefused(refusal(exc)) from None
    try:
        # The path may have been swapped between stat and open: check what was opened.
        problem = kind_problem(os.fstat(fd).st_mode)
        if problem:
            raise FileRefused(problem)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise FileRefused(refusal(exc)) from None
    finally:
        os.close(fd)
    if size > limit:
        raise FileRefused(f"is too large (more than {limit} bytes)")
    return b"".join(chunks)


def read_ready(fd: int, limit: int) -> bytes | None:
    """Up to `limit` bytes a non-blocking descriptor holds now: None when it holds none yet, b''
    at its end (a terminal whose other side closed reads EIO, which is its end too)."""
    try:
        return os.read(fd, limit)
    except (BlockingIOError, InterruptedError):
        return None
    except OSError:
        return b""


def is_regular(path: Path) -> bool:
    """True when `path` exists and is a regular file (never raises)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError, UnicodeError):
        return False


def exists(path: Path) -> bool:
    """True when something is at `path` (never raises, unlike Path.exists on a bad name)."""
    try:
        os.lstat(path)
    except (OSError, ValueError, UnicodeError):
        return False
    return True
