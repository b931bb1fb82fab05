"""The client's end of the line to the table server: its bytes read as lines, each handed on as
it arrives.

A protocol (`asyncio.Protocol`), not a stream's reader and a task that awaits its next line:
the bytes of a message are split into lines in the event loop's own callback for the socket,
where a stream's reader would wake the task, a callback and a turn of the loop later, each
message. What it does with the line is a stream's `readline` to the letter: a line of more than
`limit` bytes before its newline (or that many without one) ends the line, and so do its end
(a last line without a newline is handed on first) and its reset; a closed reader hands on
nothing more.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable


class LineReader(asyncio.Protocol):
    """Hands each line read (its newline kept) to `on_line`, which returns False to read no
    more; `on_end` is called once when the line ends (its end, a reset, a line past `limit`),
    unless reading stopped before. A fault raised by `on_line` stops the reading too, and is
    reported to the event loop's exception handler, as an unawaited task's would be."""

    def __init__(
        self, on_line: Callable[[bytes], bool], on_end: Callable[[], None], limit: int
    ) -> None:
        self.on_line = on_line
        self.on_end = on_end
        self.limit = limit
        """The most bytes of a line before its newline."""
        self.transport: asyncio.Transport | None = None
        self._rest = bytearray()
        """The start of a line whose newline has not come yet."""
        self._reading = True

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        if not self._reading:
            return
        if self._rest:
            self._rest += data
            data = bytes(self._rest)
            self._rest.clear()
        start = 0
        while self._reading:
            end = data.find(b"\n", start)
            if end < 0:
                break
            if end - start > self.limit:
                self._ended()
                return
            line, start = data[start : end + 1], end + 1
            self._hand_on(line)
        if not self._reading:
            return
        if len(data) - start > self.limit:
            self._ended()
        elif start < len(data):
            self._rest += memoryview(data)[start:]

    def eof_received(self) -> bool:
        if self._reading and self._rest:
            line = bytes(self._rest)
            self._rest.clear()
            self._hand_on(line)
        self._ended()
        return True  # the line stays open for writing, as a stream's reader keeps it

    def connection_lost(self, exc: Exception | None) -> None:
        self._ended()

    def stop(self) -> None:
        """Hand on nothing more, and say nothing of the line's end."""
        self._reading = False
        self._rest.clear()

    def _hand_on(self, line: bytes) -> None:
        try:
            going_on = self.on_line(line)
        except Exception as exc:
            self._stop_reading()
            asyncio.get_running_loop().call_exception_handler(
                {"message": "A line of the table server could not be handled", "exception": exc}
            )
            return
        if not going_on:
            self._stop_reading()

    def _stop_reading(self) -> None:
        self.stop()
        if self.transport is not None and not self.transport.is_closing():
            self.transport.pause_reading()  # what is sent meanwhile waits in the socket

    def _ended(self) -> None:
        if self._reading:
            self._stop_reading()
            self.on_end()
