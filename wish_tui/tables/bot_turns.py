"""The bots' turns at a table: each move thought out off the event loop, and played no sooner than
a pace after the change before it, so a person can follow the game in the log.

A local table and the table server both play their bots' seats with it: after every change the
owner calls `wake`; a move thought out for a position that changed meanwhile (an undo, a seat
given back to its person) is dropped. A bot that searches (the expert) thinks in a worker process
(`wish_tui.tables.bot_process`), started as soon as such a bot sits at the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
from collections.abc import Awaitable, Callable

from wish_tui.tables import bot_process
from wish_tui.tables.master import GameTable
from wish_tui.tables.seat import Refused

BOT_PACE = 0.6
"""Seconds from a change to the bot's move after it (unless hurried), so a person can follow."""


class BotTurns:
    """Plays the seats of one table that a bot plays now.

    Args:
        table: the table.
        level_of: the bot level playing a seat now ('' when a person does).
        play: plays the move a bot chose for a seat, through the rules (it may be a coroutine,
            e.g. one that keeps the move in a database first); raises Refused when refused.
        pace: see `BOT_PACE`.
        on_failure: told when a bot failed to think of a move (an internal error) or the rules
            refused its move.
    """

    def __init__(
        self,
        table: GameTable,
        level_of: Callable[[int], str],
        play: Callable[[int, object], Awaitable[None] | None],
        *,
        pace: float = BOT_PACE,
        on_failure: Callable[[BaseException], None] | None = None,
    ) -> None:
        self.table = table
        self.level_of = level_of
        self.play = play
        self.pace = pace
        self.on_failure = on_failure
        self._task: asyncio.Task | None = None
        self._version = -1
        self._hurry: asyncio.Event | None = None
        self._warm()

    def _warm(self) -> None:
        """Start the worker processes now if a bot of the table searches in one, so that its
        first move does not wait for them."""
        for seat in range(self.table.num_seats):
            level = self.level_of(seat)
            if level and self.table.bot(seat, level).runs_apart:
                bot_process.warm(f"{self.table.spec.package}.bots")
                return

    @property
    def thinking(self) -> bool:
        """True while a bot's move is being thought out or waits for its pace."""
        return self._task is not None and not self._task.done()

    def wake(self) -> None:
        """After a change: start the move of the bot deciding now, if a bot decides."""
        table = self.table
        seat = table.deciding
        if table.is_over or seat is None:
            return
        level = self.level_of(seat)
        if not level:
            return
        if self.thinking and self._version == table.version:
            return
        self.cancel()
        self._version = table.version
        self._hurry = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(
            self._move(seat, level, table.version, self._hurry)
        )

    def hurry(self) -> None:
        """Play the move being thought out as soon as it is ready."""
        if self._hurry is not None:
            self._hurry.set()

    def cancel(self) -> None:
        """Drop the move being thought out (its thread or worker finishes unheard)."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = None

    async def _move(self, seat: int, level: str, version: int, hurry: asyncio.Event) -> None:
        loop = asyncio.get_running_loop()
        table = self.table
        started = loop.time()
        try:
            state = table.state
            bot = table.bot(seat, level)
            action, after = await bot_process.choose_async(
                bot, state.view(seat), state.legal_actions()
            )
            table.keep_bot(seat, level, after)
        except Exception as exc:  # noqa: BLE001  (a bot's fault is reported, never swallowed)
            self._fail(exc)
            return
        left = self.pace - (loop.time() - started)
        if left > 0 and not hurry.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(hurry.wait(), left)
        if table.version != version or table.deciding != seat or self.level_of(seat) != level:
            return
        try:
            done = self.play(seat, action)
            if inspect.isawaitable(done):
                await done
        except Refused as exc:
            self._fail(exc)

    def _fail(self, exc: BaseException) -> None:
        if self.on_failure is not None:
            self.on_failure(exc)
