"""What a child of the pool becomes: one session's app (`run_child`) or a host of several
(`run_host_child`), each with its own descriptors, environment and fresh seeds.
"""

from __future__ import annotations

import contextlib
import fcntl
import gc
import importlib
import io
import json
import os
import random
import signal
import sys
import termios
import traceback
from collections.abc import Callable
from typing import NoReturn

from wish_tui.server.pool.wire import MAX_ENV

ENVIRONMENT_MODULES = {"textual.constants": ("TEXTUAL", "ESCDELAY")}
"""Modules that read the environment when imported, and the start of the names they read: each is
read again in a child whose environment differs from the pool's in one of those names."""


def read_environment(fd: int) -> dict[str, str]:
    """The environment written whole on the pipe `fd` (a JSON object of strings).

    Raises:
        ValueError: it is too long or not such an object.
    """
    data = bytearray()
    while chunk := os.read(fd, 65536):
        data += chunk
        if len(data) > MAX_ENV:
            raise ValueError("the environment is too long")
    env = json.loads(data)
    if not isinstance(env, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in env.items()
    ):
        raise ValueError("the environment is not names and values")
    return env


def _take_environment(env: dict[str, str]) -> None:
    """Make `env` the whole environment, and read it again where a module read it on import."""
    changed = {name for name in set(env) | set(os.environ) if env.get(name) != os.environ.get(name)}
    os.environ.clear()
    os.environ.update(env)
    for module, prefixes in ENVIRONMENT_MODULES.items():
        if module in sys.modules and any(name.startswith(prefixes) for name in changed):
            importlib.reload(sys.modules[module])  # costs the child about 1 MB: only when needed


def _open_max() -> int:
    try:
        return os.sysconf("SC_OPEN_MAX")
    except (ValueError, OSError):
        return 65536


def _fresh_stdio() -> None:
    """Standard streams on descriptors 0, 1 and 2 as a fresh process opens them on a terminal."""
    sys.stdin = sys.__stdin__ = open(  # noqa: SIM115
        0, encoding="utf-8", errors="surrogateescape", closefd=False
    )
    sys.stdout = sys.__stdout__ = open(  # noqa: SIM115
        1, "w", encoding="utf-8", errors="surrogateescape", closefd=False
    )
    sys.stderr = sys.__stderr__ = io.TextIOWrapper(
        open(2, "wb", buffering=0, closefd=False),  # noqa: SIM115
        encoding="utf-8",
        errors="backslashreplace",
        line_buffering=True,
        write_through=True,
    )


def _log_fault(log: int) -> None:
    """Write the traceback of the fault being handled on the descriptor `log` (best effort)."""
    with contextlib.suppress(Exception):
        text = f"wish-tui: a session's app failed (pid {os.getpid()}):\n{traceback.format_exc()}"
        os.write(log, text.encode("utf-8", "backslashreplace"))


def run_child(entry: Callable[[], object], argv: list[str], fds: list[int], ready: int) -> NoReturn:
    """Become one session's app: its terminal, its environment, fresh seeds; then run `entry`.

    A fault that escapes `entry` goes, with its traceback, to the pool's standard error (the
    server's log), never to the session's terminal: the server tells the person in one sentence
    that the game stopped, and what to do.
    """
    status = 1
    log = 2  # the pool's standard error until the session's takes its place
    try:
        signal.set_wakeup_fd(-1)
        for signum in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
            signal.signal(signum, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        stdin, stdout, stderr, env_fd = fds
        env = read_environment(env_fd)
        os.setsid()
        log = os.dup(2)  # the pool's standard error: the server's log
        for fd, target in ((stdin, 0), (stdout, 1), (stderr, 2)):
            os.dup2(fd, target)
        # Every descriptor of the pool goes but the log: its socket, its selector, the others'.
        kept = sorted((log, ready))
        os.closerange(3, kept[0])
        os.closerange(kept[0] + 1, kept[1])
        os.closerange(kept[1] + 1, _open_max())
        if os.isatty(0):
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        os.close(ready)  # the pool may now say the app started: signals to its group arrive
        _take_environment(env)
        sys.argv = list(argv)
        _fresh_stdio()
        random.seed()
        gc.enable()
        result = entry()
        status = result if isinstance(result, int) else 0
    except SystemExit as exc:
        if exc.code is None:
            status = 0
        elif isinstance(exc.code, int):
            status = exc.code
        else:
            with contextlib.suppress(Exception):
                print(exc.code, file=sys.stderr)
            status = 1
    except BaseException:  # noqa: BLE001 (the traceback to the log, then status 1)
        _log_fault(log)
        status = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(status & 0xFF)


def run_host_child(entry: Callable, argv: list[str], control: int) -> NoReturn:
    """Become a host of apps (`host.py`) on the socket `control`: no terminal, no descriptor
    of the pool's but it and the log (standard error), fresh seeds."""
    status = 1
    try:
        signal.set_wakeup_fd(-1)
        for signum in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
            signal.signal(signum, signal.SIG_DFL)
        os.setsid()
        nothing = os.open(os.devnull, os.O_RDWR)
        for target in (0, 1):
            os.dup2(nothing, target)
        os.closerange(3, control)
        os.closerange(control + 1, _open_max())
        sys.argv = list(argv)
        _fresh_stdio()
        random.seed()
        gc.enable()
        from wish_tui.server.pool.host import run_host

        status = run_host(control, entry, read_environment)
    except BaseException:  # noqa: BLE001 (the traceback goes to the log; its apps' sessions end)
        with contextlib.suppress(Exception):
            traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(status & 0xFF)
