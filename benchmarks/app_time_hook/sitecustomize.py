"""Each app's processor time in the hosts of the session pool, by the screen it shows: every
callback of a host's event loop is timed (`time.thread_time`) and counted to the app whose
context it runs in (the app's own environment, `core.environment`), by the callback's name; the
cyclic collector's time is counted apart (it runs inside whichever callback allocates). On
SIGUSR1 a process writes what it counted so far, and the screen each app shows then, to
`OUT/PID-N.json` (N: 0, 1, ... for each signal).

Used by `benchmarks/app_time.py`, which signals the hosts at the start and end of serve.py's
playing. Only `PYTHONPATH` reaches the pool, so `OUT` is fixed: app_time.py empties it.
"""

import asyncio.events
import collections
import gc
import json
import os
import signal
import tempfile
import time

OUT = os.path.join(tempfile.gettempdir(), "wish_tui_app_time")
_spent: dict[int, list] = {}
"""Per app (the id of its environment; 0: none, the host's own callbacks): processor time,
callbacks run."""
_held: dict[int, tuple] = {}
"""Per app: its environment and a context of its (kept, so that the ids stay its)."""
_by_name: dict[int, collections.Counter] = collections.defaultdict(collections.Counter)
_collector = [0.0, 0, 0.0]
"""The collector's processor time, its collections, and when the one running started."""
_dumps = [0]
_own = [None]


def _collected(phase: str, info: dict) -> None:
    if phase == "start":
        _collector[2] = time.thread_time()
    else:
        _collector[0] += time.thread_time() - _collector[2]
        _collector[1] += 1


def _name(callback) -> str:
    function = getattr(callback, "__func__", callback)
    return getattr(function, "__qualname__", type(callback).__name__)


_run = asyncio.events.Handle._run


def _timed_run(self, _run=_run, clock=time.thread_time) -> None:
    started = clock()
    _run(self)
    spent = clock() - started
    if _own[0] is None:
        try:
            from wish_tui.core import environment

            _own[0] = environment._OWN
        except ImportError:
            _own[0] = False
    env = self._context.get(_own[0]) if _own[0] else None
    key = id(env) if env is not None else 0
    counted = _spent.get(key)
    if counted is None:
        counted = _spent[key] = [0.0, 0]
        _held[key] = (env, self._context)
    counted[0] += spent
    counted[1] += 1
    _by_name[key][_name(self._callback)] += spent


def _screen(key: int) -> str:
    if not key:
        return "the host"
    try:
        from textual._context import active_app

        app = _held[key][1].get(active_app)
        return type(app.screen).__name__ if app is not None else "no app"
    except Exception as error:  # noqa: BLE001 (an app that has ended has no screen)
        return f"no screen ({type(error).__name__})"


def _write(signum, frame) -> None:
    counted = {
        str(key): [spent, runs, _screen(key), dict(_by_name[key])]
        for key, (spent, runs) in _spent.items()
    }
    out = {"process": time.process_time(), "collector": _collector[:2], "apps": counted}
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, f"{os.getpid()}-{_dumps[0]}.json"), "w") as file:
        json.dump(out, file)
    _dumps[0] += 1


gc.callbacks.append(_collected)
asyncio.events.Handle._run = _timed_run
signal.signal(signal.SIGUSR1, _write)
