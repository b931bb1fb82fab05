"""Bots that search (the expert) think in worker processes, so no screen or table waits on them.

A search holds a core for its whole think time in pure Python; run in a thread of the app or the
table server it would take the interpreter from the event loop for most of that second. A bot
whose class says `runs_apart` is sent, with the view and the legal actions, to a worker process
of a pool shared by the whole process (spawned, so no thread of the app is copied into it); the
worker returns the action and the bot as it is after choosing, which the caller keeps (a bot
remembers between decisions). Other bots think where they are called.

`choose` and `hint` block until the worker answers (for callers in an executor thread);
`choose_async` awaits it on the caller's event loop without holding a thread, so a table server
whose experts think at many tables keeps its threads for the rest. Where no worker process can be started (or workers keep dying), the bot
thinks in the caller's thread as the other bots do: slower screens, but the game goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import multiprocessing
import os
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import resource_tracker
from typing import Any

__all__ = ["choose", "choose_async", "hint", "warm"]

WORKERS = max(1, min(4, os.cpu_count() or 1))
"""Worker processes: searches of several tables (or a bot's move and a hint) run side by side."""

WORKER_NICENESS = 5
"""How much lower a worker's scheduling priority is than its parent's."""
ATTEMPTS = 2
"""Tries of a call in a worker before it runs here (a worker that dies is replaced first)."""

_pool: ProcessPoolExecutor | None = None
_lock = threading.Lock()


def _executor() -> ProcessPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            _start_tracker()
            _pool = ProcessPoolExecutor(
                WORKERS, mp_context=multiprocessing.get_context("spawn"), initializer=_worker_start
            )
        return _pool


def _start_tracker() -> None:
    """Start multiprocessing's resource tracker with the process's own standard error.

    The tracker hands its child `sys.stderr.fileno()`; under a Textual app `sys.stderr` is the
    app's capture of prints, whose descriptor is no file, and starting it there fails.
    """
    captured = sys.stderr
    sys.stderr = sys.__stderr__ if sys.__stderr__ is not None else open(os.devnull, "w")  # noqa: SIM115
    try:
        resource_tracker.ensure_running()
    finally:
        sys.stderr = captured


def _worker_start() -> None:
    """In a new worker: nothing it writes may reach the terminal a screen is drawn on, and the
    process that draws the screen (or serves the tables) goes first when cores are scarce."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    os.close(devnull)
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)


def _renew(broken: ProcessPoolExecutor) -> None:
    """Drop a pool whose worker died (the next call starts a new one)."""
    global _pool
    with _lock:
        if _pool is broken:
            _pool = None
    broken.shutdown(wait=False, cancel_futures=True)


def _attempts(fn, *args) -> Iterator[tuple[ProcessPoolExecutor, Future]]:
    """`fn(*args)` sent to a worker (the pool and the future), up to ATTEMPTS times while the
    caller finds the worker dead; none where no worker process can be started."""
    for _ in range(ATTEMPTS):
        try:
            pool = _executor()
            future = pool.submit(fn, *args)
        except (OSError, ValueError, RuntimeError):
            return
        yield pool, future


def _submit(fn, *args) -> Any:
    """Run `fn(*args)` in a worker and wait for it. A dead worker is replaced and the call made
    once more; where no worker process can be started at all, the call runs here."""
    for pool, future in _attempts(fn, *args):
        try:
            return future.result()
        except BrokenProcessPool:
            _renew(pool)
    return fn(*args)


async def _submit_async(fn, *args) -> Any:
    """`_submit` for a caller on an event loop: it awaits the worker without holding a thread."""
    for pool, future in _attempts(fn, *args):
        try:
            return await asyncio.wrap_future(future)
        except BrokenProcessPool:
            _renew(pool)
    return await asyncio.get_running_loop().run_in_executor(None, fn, *args)


def _choose_in_worker(bot, view: dict, legal: list) -> tuple[Any, Any]:
    return bot.choose(view, legal), bot


def _hint_in_worker(bot, view: dict, legal: list) -> tuple[Any, str]:
    return bot.hint(view, legal)


def _judge_in_worker(bot, view: dict, legal: list, played) -> list:
    return bot.judge(view, legal, played)


def _import(module: str) -> None:
    importlib.import_module(module)


def choose(bot, view: dict, legal: list) -> tuple[Any, Any]:
    """The action `bot` chooses, and the bot as it is after choosing (keep it for the next)."""
    if not bot.runs_apart:
        return bot.choose(view, legal), bot
    return _submit(_choose_in_worker, bot, view, list(legal))


async def choose_async(bot, view: dict, legal: list) -> tuple[Any, Any]:
    """`choose` for a caller on an event loop: a bot that runs apart is awaited in its worker,
    any other thinks in an executor thread."""
    if not bot.runs_apart:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, _choose_in_worker, bot, view, list(legal))
    return await _submit_async(_choose_in_worker, bot, view, list(legal))


def hint(bot, view: dict, legal: list) -> tuple[Any, str]:
    """What `bot` would choose, and why; the bot is left as it was."""
    if not bot.runs_apart:
        return bot.hint(view, legal)
    return _submit(_hint_in_worker, bot, view, list(legal))


def judge(bot, view: dict, legal: list, played=None) -> list:
    """Each legal action's value by `bot`'s search (`ExpertBot.judge`, for a review of the
    action `played`), in a worker; the bot is left as it was."""
    return _submit(_judge_in_worker, bot, view, list(legal), played)


def warm(bot_module: str) -> None:
    """Start the workers and import a game's bots in them now, before the first search waits
    for it (returns at once)."""
    try:
        pool = _executor()
        for _ in range(WORKERS):
            pool.submit(_import, bot_module)
    except (OSError, ValueError, RuntimeError):
        return  # the first search will run where it is asked for
