"""Each collection of the cyclic collector, in every process that starts with this folder on
`PYTHONPATH` (`benchmarks/serve.py`'s server, its session pool, the pool's hosts): one line per
collection, appended to a file per process in `OUT` (the time, the generation, the processor
time it took in ms, the objects it freed), the file named `h` + pid in a process forked from the
pool (a host of apps), `p` + pid otherwise; and the time of each of serve.py's load readings
(which mark where its logins, seating and playing begin and end) in `OUT/loads`.

Read by `benchmarks/gc_summary.py`. Only `PYTHONPATH` reaches the pool, so `OUT` is fixed: empty
it before a run.
"""

import gc
import os
import sys
import tempfile
import time

OUT = os.path.join(tempfile.gettempdir(), "wish_tui_gc")
os.makedirs(OUT, exist_ok=True)
_kind = ["p"]
_started = [0.0]
_lines: list[str] = []
os.register_at_fork(after_in_child=lambda: _kind.__setitem__(0, "h"))


def _collected(phase: str, info: dict) -> None:
    if phase == "start":
        _started[0] = time.process_time()
        return
    spent = (time.process_time() - _started[0]) * 1000
    _lines.append(f"{time.time():.2f} {info['generation']} {spent:.3f} {info['collected']}\n")
    if len(_lines) >= 20 or info["generation"] == 2:
        try:
            with open(os.path.join(OUT, f"{_kind[0]}{os.getpid()}"), "a") as out:
                out.write("".join(_lines))
        except OSError:
            pass
        _lines.clear()


_getloadavg = os.getloadavg


def _getloadavg_marked() -> tuple[float, float, float]:
    try:
        caller = sys._getframe(2)  # serve.py's line that read the load (through load_average)
    except ValueError:
        caller = sys._getframe(1)
    try:
        with open(os.path.join(OUT, "loads"), "a") as out:
            out.write(f"{time.time():.2f} {caller.f_code.co_name} {caller.f_lineno}\n")
    except OSError:
        pass
    return _getloadavg()


gc.callbacks.append(_collected)
os.getloadavg = _getloadavg_marked
