"""The web front end's log of refused requests: one line each at most, never a traceback.

A stranger may send `serve --web` anything: a header of 100 KB, 5,000 headers, a URL of 10 MB.
aiohttp answers each with 400 Bad Request and logs the parse error with its traceback on
``aiohttp.server``; the front end hands aiohttp this logger instead, which writes one line for a
refused request ("refused a malformed HTTP request from 10.0.0.5 (400: Too many headers
received)") and, within `EVERY` seconds of that line, only counts the next ones, said with the
next line that is written. Any other error of a request (a fault of this program, not of the
request) still goes to ``aiohttp.server`` whole.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from aiohttp.http_exceptions import HttpProcessingError

from wish_tui.core.text import plain_text

EVERY = 10.0
"""Seconds between two lines about refused requests (the ones between are counted)."""


class RefusedRequests(logging.Handler):
    """Write a line for a refused request at most every `every` seconds, counting the rest."""

    def __init__(
        self,
        log: Callable[[str], None],
        every: float = EVERY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(logging.DEBUG)
        self.log = log
        self.every = every
        self.clock = clock
        self.unsaid = 0
        """Refused requests not written about since the last line."""
        self._said_at: float | None = None

    def emit(self, record: logging.LogRecord) -> None:
        exc = record.exc_info[1] if record.exc_info else None
        if not isinstance(exc, HttpProcessingError):
            if record.levelno > logging.DEBUG:
                logging.getLogger("aiohttp.server").handle(record)
            return
        now = self.clock()
        if self._said_at is not None and now - self._said_at < self.every:
            self.unsaid += 1
            return
        peer = plain_text(str(record.args[0]) if record.args else "", 60) or "an unknown address"
        reason = plain_text(str(exc.message).split(":")[0].strip(), 80) or "malformed"
        more = f"; {self.unsaid} more refused since the last line" if self.unsaid else ""
        self.log(f"refused a malformed HTTP request from {peer} ({exc.code}: {reason}){more}")
        self.unsaid = 0
        self._said_at = now


def refusals_logger(log: Callable[[str], None]) -> logging.Logger:
    """A logger for aiohttp's request handler that writes refused requests through `log`."""
    logger = logging.Logger("wish_tui.web.requests", logging.DEBUG)
    logger.propagate = False
    logger.addHandler(RefusedRequests(log))
    return logger
