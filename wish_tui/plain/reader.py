"""Lines in: standard input read by a thread, handed to the event loop one line at a time.

From a pipe or a file, lines are read as they come (a script can play a whole game); at a
terminal, with readline when it is there: line editing, history, and Tab completing the choices
and commands the client offers at that moment. Readline is told to send nothing to the terminal
but the line itself (no bracketed paste, no meta-key switching). A line longer than
`MAX_LINE` is cut; the end of input is None.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable

MAX_LINE = 1000
"""The most characters of one line read (the rest of a longer line is dropped)."""
WAITING_LINES = 64
"""Lines read ahead of the client at most (a pipe is then left to wait)."""


def set_up_readline(complete: Callable[[str], list[str]]) -> bool:
    """Give `input()` line editing and Tab completion over `complete(line so far)`; return False
    when readline is not there."""
    try:
        import readline
    except ImportError:
        return False
    for setting in (
        "set enable-bracketed-paste off",
        "set enable-meta-key off",
        "set completion-ignore-case on",
        "set bell-style none",
        "tab: complete",
    ):
        with contextlib.suppress(Exception):
            readline.parse_and_bind(setting)
    # The whole line is completed at once: notation has spaces ('travel Palace Gardens #3').
    readline.set_completer_delims("")
    found: list[str] = []

    def completer(text: str, state: int) -> str | None:
        if state == 0:
            found[:] = complete(text)
        return found[state] if state < len(found) else None

    readline.set_completer(completer)
    return True


class LineReader:
    """Standard input as lines the event loop awaits.

    Args:
        stream: the text stream to read (standard input).
        interactive: read with `input()` (readline's editing) instead of from the stream.
    """

    def __init__(self, stream, interactive: bool = False) -> None:
        self.stream = stream
        self.interactive = interactive
        self._queue: asyncio.Queue[str | None] | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Begin reading (from the running event loop)."""
        loop = asyncio.get_running_loop()
        self._queue = asyncio.Queue(WAITING_LINES)
        self._thread = threading.Thread(
            target=self._read_all, args=(loop, self._queue), name="plain-input", daemon=True
        )
        self._thread.start()

    def _read_one(self) -> str | None:
        if self.interactive:
            try:
                return input()
            except EOFError:
                return None
        line = self.stream.readline(MAX_LINE + 1)
        if not line:
            return None
        if len(line) > MAX_LINE and not line.endswith("\n"):
            while True:  # drop the rest of an overlong line
                rest = self.stream.readline(MAX_LINE)
                if not rest or rest.endswith("\n"):
                    break
        return line.rstrip("\r\n")

    def _read_all(self, loop: asyncio.AbstractEventLoop, queue: asyncio.Queue) -> None:
        while True:
            try:
                line = self._read_one()
            except (OSError, ValueError, UnicodeError):
                line = None
            if line is not None:
                line = line[:MAX_LINE]
            if loop.is_closed():
                return  # the loop is gone: nobody reads any more
            putting = queue.put(line)
            try:
                asyncio.run_coroutine_threadsafe(putting, loop).result()
            except (RuntimeError, asyncio.CancelledError, Exception):  # noqa: BLE001
                putting.close()  # never scheduled (the loop closed meanwhile): nothing to await
                return
            if line is None:
                return

    async def next_line(self) -> str | None:
        """The next line (None: the end of input)."""
        assert self._queue is not None, "start() first"
        return await self._queue.get()
