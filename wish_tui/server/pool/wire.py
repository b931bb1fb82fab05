"""The lines between the server, the pool and its hosts: JSON, one message a line, bounded."""

from __future__ import annotations

import contextlib
import json
import os
import socket

MAX_LINE = 4096
"""The most bytes of one message between the server and the pool."""
MAX_ENV = 32 * 1024
"""The most bytes of one app's environment (it must fit a pipe's buffer at once)."""
FDS_PER_SPAWN = 4
"""Standard input, output and error of the app, and the pipe holding its environment."""
MAX_GROUP = 100
"""The longest address group a request may name."""
FULL = "the server is full; try again later"
FULL_FOR_GROUP = "too many sessions from your address; close one and try again"


def encode(message: dict) -> bytes:
    """One message as a JSON line."""
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


class Inbox:
    """What a control socket has brought and not yet been read: the start of a line, and the
    descriptors passed with the requests, in order."""

    def __init__(self) -> None:
        self.pending = bytearray()
        self.fds: list[int] = []

    def keep_fds(self, fds: list[int], flags: int) -> None:
        """Keep the descriptors of one receive; if some were lost (`MSG_CTRUNC`), drop them all:
        no request could be matched with its own."""
        self.fds += fds
        if flags & socket.MSG_CTRUNC:
            self.drop_fds()

    def lines(self, data: bytes) -> list[bytes]:
        """The whole lines `data` completes (the rest waits for the next receive)."""
        self.pending += data
        whole, _, rest = bytes(self.pending).rpartition(b"\n")
        self.pending[:] = rest
        return whole.split(b"\n") if _ else []

    def take_fds(self, count: int) -> list[int] | None:
        """The next request's `count` descriptors; None (and every one dropped) if fewer came."""
        if len(self.fds) < count:
            self.drop_fds()
            return None
        taken, self.fds = self.fds[:count], self.fds[count:]
        return taken

    def drop_fds(self) -> None:
        """Close every descriptor kept."""
        for fd in self.fds:
            with contextlib.suppress(OSError):
                os.close(fd)
        self.fds.clear()
