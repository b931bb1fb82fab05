"""What wakes a host of the session pool: every callback of its event loop counted by name and by
kind (a timer's, or one called soon: a message, a read, a task's step), with its processor time
(`time.thread_time`). On SIGUSR1 a process writes what it counted so far to `OUT/PID-N.json`
(N: 0, 1, ... for each signal).

Used by `benchmarks/serve.py --idle SECONDS` when `PYTHONPATH` holds this folder (only
`PYTHONPATH` reaches the pool, so `OUT` is fixed): the hosts are signalled at the start and end
of each quiet stretch and of the playing.
"""

import asyncio.events
import collections
import json
import os
import signal
import tempfile
import time

OUT = os.path.join(tempfile.gettempdir(), "wish_tui_idle_hook")
_counted: collections.Counter = collections.Counter()
_spent: collections.Counter = collections.Counter()
_dumps = [0]


def _name(handle) -> str:
    callback = handle._callback
    task = getattr(callback, "__self__", None)
    if isinstance(task, asyncio.Task):
        coroutine = task.get_coro()
        name = f"step of {getattr(coroutine, '__qualname__', '?')}"
    else:
        function = getattr(callback, "__func__", callback)
        name = getattr(function, "__qualname__", type(callback).__name__)
    kind = "timer" if isinstance(handle, asyncio.TimerHandle) else "soon"
    return f"{kind}: {name}"


_run = asyncio.events.Handle._run


def _counted_run(self, _run=_run, clock=time.thread_time) -> None:
    started = clock()
    _run(self)
    name = _name(self)
    _counted[name] += 1
    _spent[name] += clock() - started


def _write(signum, frame) -> None:
    out = {
        "process": time.process_time(),
        "callbacks": {name: [n, _spent[name]] for name, n in _counted.items()},
    }
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, f"{os.getpid()}-{_dumps[0]}.json"), "w") as file:
        json.dump(out, file)
    _dumps[0] += 1


if os.environ.get("WISH_TUI_IDLE_HOOK_OFF") != "1":
    asyncio.events.Handle._run = _counted_run
    signal.signal(signal.SIGUSR1, _write)
