"""A host of the session pool: one forked process that runs several sessions' apps at once.

An app forked into a process of its own copies, page by page, what it writes of the pool's memory
(CPython writes to an object when it counts a reference to it): about 14 MB a session. Apps that
share a process share those copies too, and each adds only its own objects (under 1 MB in the
lobby). The pool (`pool`) forks a host when no host has room, and sends it apps over the socket
between them: a JSON line ``{"app": id}`` with the app's standard input, output and error (one
pseudo-terminal) and the pipe holding its environment, which only the host reads. Each app runs
as a task of the host's event loop in a context of its own (`core.environment` gives it its own
environment), on its own terminal (`ui.terminal.hosted_driver`).

The host answers ``{"started": id}`` once the app has its environment, and ``{"exited": id,
"status": n}`` when it ends. The pool may say ``{"resized": id}`` (the server gave its terminal
a new size), ``{"end": id}`` (end it, as SIGTERM ends a process) or ``{"kill": id}`` (drop it
now). When the pool's socket closes the host takes no more apps, and exits once its apps have
ended (their sessions go on until then). An app's fault ends that app with status 1, its
traceback on the host's standard error, the server's log.

What the apps of one host share is one process: a fault of the interpreter ends them all, and
each is reachable from the others' memory. `wish-tui serve --apps-per-process` sets how many
share one (1: a process each, as the pool forked them before hosts).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import gc
import json
import os
import socket
import sys
import time
import traceback
from collections.abc import Awaitable, Callable

from wish_tui.core import environment
from wish_tui.server.pool.wire import Inbox, encode

MAX_LINE = 4096
"""The most bytes of one message from the pool."""
FDS_PER_APP = 4
"""The app's standard input, output and error, and the pipe holding its environment."""
HOST_GC_THRESHOLDS = (3000, 10, 10)
"""The cyclic collector's thresholds in a host (CPython's are 700, 10, 10). A full collection
walks every object of every app of the host and comes, whatever the heap's size, once the
objects promoted to the oldest generation since the last one pass a quarter of those it kept:
its cost goes with the objects promoted. With a young collection after 3,000 objects more, not
700, most of what a frame or a form makes (strips, segments, regions, a layout's closures) has
been freed by then and is never promoted. A whole run of `benchmarks/serve.py --sessions 200
--playing 32` (logins, 16 tables seated, 192 actions) spent 1.0 s of the hosts' processor time
in collections against 3.4 s at CPython's thresholds (benchmarks/serve.md, "Eighth round")."""
GC_TIMES_ENV = "WISH_TUI_GC_TIMES"
"""Names a folder where each host, when its pool was started with it set (benchmarks only:
`benchmarks/serve.py --gc-times`), writes a line per collection of its cyclic collector."""


class HostedSession:
    """One app's place in the host, as its entry function sees it.

    The entry sets `end` (ask the app to close) and `resized` (its terminal has a new size) once
    its app exists.
    """

    def __init__(self, terminal: int) -> None:
        self.terminal = terminal
        """The app's terminal (its standard input, output and error)."""
        self.end: Callable[[], None] = lambda: None
        self.resized: Callable[[], None] = lambda: None


Entry = Callable[[HostedSession], Awaitable[int]]
"""Runs one app on its session's terminal; returns its exit status."""


class Host:
    """The loop of a host: apps in, run side by side, their ends reported.

    Args:
        control: the socket to the pool.
        entry: the coroutine function each app runs.
        read_environment: reads the environment pipe of an app (`pool.read_environment`).
    """

    def __init__(
        self,
        control: socket.socket,
        entry: Entry,
        read_environment: Callable[[int], dict[str, str]],
    ) -> None:
        self.control = control
        self.entry = entry
        self.read_environment = read_environment
        self.sessions: dict[int, tuple[HostedSession, asyncio.Task]] = {}
        self._inbox = Inbox()
        self._closed = asyncio.Event()
        self._loop = asyncio.get_running_loop()

    async def serve(self) -> None:
        """Run apps until the pool's socket has closed and the last app has ended."""
        self.control.setblocking(False)
        self._loop.add_reader(self.control.fileno(), self._readable)
        await self._closed.wait()
        with contextlib.suppress(ValueError, OSError):
            self._loop.remove_reader(self.control.fileno())
        self._inbox.drop_fds()
        tasks = [task for _, task in self.sessions.values()]
        if tasks:
            await asyncio.wait(tasks)

    def send(self, message: dict) -> None:
        """Tell the pool something (short lines on a socket only it reads; a lost pool is
        found out by the next read)."""
        if self._closed.is_set():
            return
        try:
            self.control.setblocking(True)
            self.control.sendall(encode(message))
        except OSError:
            self._close()
        finally:
            with contextlib.suppress(OSError):
                self.control.setblocking(False)

    def _close(self) -> None:
        self._closed.set()

    def _readable(self) -> None:
        try:
            data, fds, flags, _ = socket.recv_fds(self.control, 65536, 4 * FDS_PER_APP)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data, fds, flags = b"", [], 0
        self._inbox.keep_fds(fds, flags)
        if not data or len(self._inbox.pending) + len(data) > MAX_LINE * 16:
            self._close()
            return
        for line in self._inbox.lines(data):
            self._message(line)

    def _message(self, line: bytes) -> None:
        try:
            message = json.loads(line)
            kind = next(k for k in ("app", "resized", "end", "kill") if k in message)
            request = int(message[kind])
        except (ValueError, StopIteration, TypeError):
            return
        if kind == "app":
            self._start(request)
            return
        session_and_task = self.sessions.get(request)
        if session_and_task is None:
            return
        session, task = session_and_task
        if kind == "resized":
            session.resized()
        elif kind == "end":
            session.end()
        else:
            task.cancel()

    def _start(self, request: int) -> None:
        if request in self.sessions:
            self._inbox.drop_fds()
        fds = self._inbox.take_fds(FDS_PER_APP)
        if fds is None:
            self.send({"exited": request, "status": 1})
            return
        session = HostedSession(fds[0])
        # A context of its own: what the app sets (its environment, Textual's active app) is
        # seen by its own tasks only.
        task = self._loop.create_task(
            self._run(request, session, fds), context=contextvars.Context()
        )
        self.sessions[request] = (session, task)

    async def _run(self, request: int, session: HostedSession, fds: list[int]) -> None:
        terminal, output, errors, env_fd = fds
        status = 1
        try:
            for fd in (output, errors):
                os.close(fd)  # the same terminal as its input
            try:
                env = self.read_environment(env_fd)
            finally:
                os.close(env_fd)
            environment.use(env)
            self.send({"started": request})
            status = await self.entry(session)
        except asyncio.CancelledError:
            status = -9  # as if killed
        except Exception:  # noqa: BLE001 (one app's fault ends that app only)
            with contextlib.suppress(Exception):
                traceback.print_exc(file=sys.stderr)
        finally:
            with contextlib.suppress(OSError):
                os.close(terminal)
            self.sessions.pop(request, None)
            self.send({"exited": request, "status": status if isinstance(status, int) else 0})


def time_collections(folder: str) -> None:
    """Append a line per collection of the cyclic collector to the file `folder`/PID: when it
    ended (seconds since the epoch), its generation, the processor time it took in ms and the
    objects it freed."""
    out = os.open(os.path.join(folder, str(os.getpid())), os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    started = [0.0]

    def collected(phase: str, info: dict) -> None:
        if phase == "start":
            started[0] = time.process_time()
            return
        spent = (time.process_time() - started[0]) * 1000
        line = f"{time.time():.3f} {info['generation']} {spent:.3f} {info['collected']}\n"
        with contextlib.suppress(OSError):
            os.write(out, line.encode())

    gc.callbacks.append(collected)


def run_host(control_fd: int, entry: Entry, read_environment) -> int:
    """Serve the pool's socket `control_fd` until it closes and the apps have ended."""
    gc.set_threshold(*HOST_GC_THRESHOLDS)
    if os.environ.get(GC_TIMES_ENV):
        time_collections(os.environ[GC_TIMES_ENV])

    async def main() -> None:
        control = socket.socket(fileno=control_fd)
        try:
            await Host(control, entry, read_environment).serve()
        finally:
            control.close()

    asyncio.run(main())
    return 0
