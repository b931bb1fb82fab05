"""The processor time of the server's event loop thread, by what it ran: each callback and task
step of the loop, and `select`, counted with `time.thread_time` around them (a profile that
samples the wall clock counts a thread waiting for the processor or the GIL as busy).

Used by `benchmarks/serve.py --loop-parts` over the playing only: `LoopParts.start()` on the
loop's thread, `LoopParts.summary(actions)` after. A task's step is named by its coroutine and
the one it waits on when the step ends (`Hub._serve > Recorder.call`: a request read and
handed to the recorder; `Hub._serve > StreamReader._wait_for_data`: the step after the
recorder's answer, up to the next request), any other callback by its function.
"""

from __future__ import annotations

import asyncio
import collections
import selectors
import threading
import time

TOP = 12
"""Parts printed, the costliest first."""


def _name(handle: asyncio.Handle) -> str:
    callback = handle._callback
    task = getattr(callback, "__self__", None)
    if isinstance(task, asyncio.Task):
        coroutine = inner = task.get_coro()
        while getattr(getattr(inner, "cr_await", None), "cr_frame", None) is not None:
            inner = inner.cr_await
        return f"{getattr(coroutine, '__qualname__', '?')} > {getattr(inner, '__qualname__', '?')}"
    return getattr(callback, "__qualname__", type(callback).__name__)


class LoopParts:
    """Sums of processor time by part of the event loop's work, on one thread."""

    def __init__(self) -> None:
        self.spent: collections.Counter = collections.Counter()
        self.calls: collections.Counter = collections.Counter()
        self._thread: threading.Thread | None = None
        self._started = 0.0
        self._undo: list = []

    def start(self) -> None:
        """Count from now on, on the calling thread (the loop's)."""
        self._thread = threading.current_thread()
        self._started = time.thread_time()
        parts = self
        run, select = asyncio.Handle._run, selectors.EpollSelector.select

        def timed_run(handle):
            if threading.current_thread() is not parts._thread:
                return run(handle)
            started = time.thread_time()
            try:
                return run(handle)
            finally:
                parts._add(_name(handle), time.thread_time() - started)

        def timed_select(selector, timeout=None):
            if threading.current_thread() is not parts._thread:
                return select(selector, timeout)
            started = time.thread_time()
            try:
                return select(selector, timeout)
            finally:
                parts._add("(select: the loop's turns)", time.thread_time() - started)

        asyncio.Handle._run = timed_run
        selectors.EpollSelector.select = timed_select
        self._undo = [(asyncio.Handle, "_run", run), (selectors.EpollSelector, "select", select)]

    def _add(self, name: str, seconds: float) -> None:
        self.spent[name] += seconds
        self.calls[name] += 1

    def stop(self) -> float:
        """Stop counting; the thread's processor time since `start`."""
        for owner, name, original in self._undo:
            setattr(owner, name, original)
        self._undo = []
        return time.thread_time() - self._started

    def summary(self, actions: int, whole: float) -> str:
        """The costliest parts per action (`whole`: the thread's time, from `stop`)."""
        actions = max(1, actions)
        lines = [
            f"the loop's thread: {whole / actions * 1e3:.2f} ms an action, of which by part "
            "(ms an action, calls an action):"
        ]
        for name, seconds in self.spent.most_common(TOP):
            lines.append(
                f"  {seconds / actions * 1e3:6.3f}  {self.calls[name] / actions:5.2f}  {name}"
            )
        return "\n".join(lines)
