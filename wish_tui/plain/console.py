"""The plain client's loop: a line in, its answer out, one place at a time.

The console reads lines (`reader.LineReader`) and hands each to the place the person is at — a
table (`sitting.PlainTable`), a server's lobby (`lobby.PlainLobby`), a setup question — in the
order they were typed. A line waits while its place is *holding*: a bot of the table is about to
move (it is hurried: a script never waits for the pace meant for eyes), or an answer the place
asked for has not come yet (a move sent to a server). So a script of lines plays exactly as the
same lines typed one by one after reading each answer.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Protocol

from .output import Output
from .reader import LineReader

HOLD_LIMIT = 120.0
"""Seconds a line waits for its place at most (a table that never answers is not waited for)."""


class Place(Protocol):
    """What the console needs of where the person is."""

    def handle(self, line: str) -> None: ...

    def end_of_input(self) -> None: ...

    def holding(self) -> bool: ...

    def hurry(self) -> None: ...

    def completions(self) -> list[str]: ...


class Console:
    """Lines in, sentences out, for one place at a time (`go_to` changes the place)."""

    def __init__(self, out: Output, reader: LineReader) -> None:
        self.out = out
        self.reader = reader
        self.place: Place | None = None
        self.status = 0
        """The exit status once finished."""
        self.at_terminal = False
        """True when the lines come from a person at a terminal (not a pipe or a file)."""
        self.error: BaseException | None = None
        """An internal failure that ended the client (re-raised by `run`)."""
        self._done = asyncio.Event()
        self._changed = asyncio.Event()

    def go_to(self, place: Place) -> None:
        """The person is now at `place`."""
        self.place = place
        self.poke()

    def poke(self) -> None:
        """Something changed: a waiting line may go now."""
        self._changed.set()

    def finish(self, status: int = 0) -> None:
        """End the client after the line being answered."""
        self.status = status
        self._done.set()

    def fail(self, error: BaseException) -> None:
        """End the client on an internal failure."""
        self.error = error
        self.finish(1)

    @property
    def finished(self) -> bool:
        return self._done.is_set()

    def complete(self, text: str) -> list[str]:
        """What Tab offers for the line typed so far (any case)."""
        place = self.place
        if place is None:
            return []
        wanted = text.lower()
        return [c for c in place.completions() if c.lower().startswith(wanted)]

    async def _either(self, awaitable) -> tuple[bool, object]:
        """Await `awaitable` unless the client finishes first: (finished, its result)."""
        task = asyncio.ensure_future(awaitable)
        done_wait = asyncio.ensure_future(self._done.wait())
        finished, _ = await asyncio.wait({task, done_wait}, return_when=asyncio.FIRST_COMPLETED)
        if task in finished:
            done_wait.cancel()
            return False, task.result()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
        return True, None

    async def _wait_for_place(self) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + HOLD_LIMIT
        while not self.finished and self.place is not None:
            self._changed.clear()
            if not self.place.holding():
                return
            self.place.hurry()
            left = deadline - loop.time()
            if left <= 0:
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._either(self._changed.wait()), left)

    async def run(self) -> int:
        """Answer lines until the place finishes the client or the input ends; return the exit
        status."""
        self.reader.start()
        while not self.finished:
            finished, line = await self._either(self.reader.next_line())
            if finished:
                break
            await self._wait_for_place()
            if self.finished or self.place is None:
                break
            try:
                if line is None:
                    self.place.end_of_input()
                    self.finish(self.status)
                else:
                    self.place.handle(str(line))
            except (BrokenPipeError, ConnectionResetError):
                self.finish(0)
        if self.error is not None:
            raise self.error
        return self.status
