"""The pool's side of a host of apps (`host.py`): its process, its socket, the apps it runs."""

from __future__ import annotations

import contextlib
import json
import socket
from collections.abc import Sequence

from wish_tui.server.pool.wire import MAX_LINE, encode


class HostedApp:
    """An app a host runs: its host's process id, its address group, whether it has started."""

    def __init__(self, host: int, group: str) -> None:
        self.host = host
        self.group = group
        self.started = False


class HostLink:
    """The pool's side of one host: its process, its socket, and the apps it runs."""

    def __init__(self, pid: int, sock: socket.socket) -> None:
        self.pid = pid
        self.socket: socket.socket | None = sock
        self.apps: set[int] = set()
        self._pending = bytearray()

    @property
    def open(self) -> bool:
        """True while the host takes messages."""
        return self.socket is not None

    def tell(self, message: dict, fds: Sequence[int] = ()) -> bool:
        """Send a message (with descriptors); False when the host takes no more."""
        if self.socket is None:
            return False
        data = encode(message)
        try:
            sent = (
                socket.send_fds(self.socket, [data], list(fds)) if fds else self.socket.send(data)
            )
        except OSError:
            return False
        return sent == len(data)  # a host that reads nothing is broken: the line is not split

    def receive(self) -> tuple[list[dict], bool]:
        """The messages the host has sent, and False once its socket has closed or broken."""
        if self.socket is None:
            return [], False
        try:
            data = self.socket.recv(65536)
        except (BlockingIOError, InterruptedError):
            return [], True
        except OSError:
            data = b""
        if not data:
            return [], False
        self._pending += data
        messages = []
        while b"\n" in self._pending:
            line, _, rest = bytes(self._pending).partition(b"\n")
            self._pending[:] = rest
            with contextlib.suppress(ValueError):
                messages.append(json.loads(line))
        return messages, len(self._pending) <= MAX_LINE

    def close(self) -> None:
        """Close the socket (the host then exits once its apps have ended)."""
        if self.socket is not None:
            self.socket.close()
            self.socket = None
