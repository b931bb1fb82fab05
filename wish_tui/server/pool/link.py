"""The server's side of the session pool (`pool`): starting it, asking it for apps, seeing it go.

`SessionPool.begin` starts the pool as a fresh program (nothing of the server's memory or
descriptors but one end of a socket pair, and only `PASSED_FROM_SERVER` of its environment);
`ready` waits until it has imported the app. `spawn` hands it an app's standard descriptors with
the app's environment on a pipe of its own, and returns a `PooledProcess`, which has the face of
asyncio's process that `child.PtyChild` uses: its process id (the leader of its own session and
process group, so the server signals it as it would a process of its own), its return code, and
`wait`. When the pool cannot start, or stops, one line is logged and `is_alive` turns False: the
front ends then start each app as a fresh process, as they do without a pool. An app the pool
started before it stopped is waited for by watching its process id (its exit status is lost:
it counts as 0).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import signal
import socket
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from wish_tui.server.child import AppRefused, describe_status
from wish_tui.server.pool import wire
from wish_tui.server.pool.host import GC_TIMES_ENV
from wish_tui.server.ssh.session import PASSED_FROM_SERVER


@dataclass(frozen=True)
class PooledApp:
    """The app a pool forks for each session, as its caller names it (the command line's
    `wish_tui.pool_app`: nothing of the server imports the app)."""

    entry: Sequence[str]
    """The function each app runs (``module:function`` or ``file.py:function``), then its
    arguments."""
    preload: Sequence[str] = ()
    """The packages the pool imports whole before it serves (what the app's first screens and
    its games import)."""
    rehearsal: str | None = None
    """A ``module:function`` the pool runs once before it forks (the app headless to its
    lobby), or None."""
    host_entry: str = ""
    """The coroutine function an app shared in a host of the pool runs ('' : none shares)."""


READY_TIMEOUT = 60.0
"""Seconds the pool may take to import the app (a loaded machine compiling it the first time)."""
SPAWN_TIMEOUT = 10.0
"""Seconds the pool may take to fork an app; a pool slower than that is stopped as broken."""
EXIT_GRACE = 2.0
"""Seconds a pool whose socket closed has to exit before it is killed."""
WATCH_INTERVAL = 0.5
"""Seconds between two looks at an app whose pool has stopped."""


class PoolUnavailable(Exception):
    """The pool cannot take this request and started nothing: start the app as a fresh process."""


class PooledProcess:
    """An app the pool started: its process id, its return code once it ended, and `wait`.

    An app in a process of its own is signalled as any process (its group). An app that shares
    a host with others (`host.py`) is not: `signal` asks its host to end it (SIGTERM) or drop
    it (SIGKILL), and `resized` tells it its terminal's new size, as SIGWINCH would.
    """

    def __init__(self, pid: int, tell: Callable[[dict], bool] | None = None, request: int = 0):
        self.pid = pid
        """Its process, or its host's."""
        self.returncode: int | None = None
        self._ended = asyncio.Event()
        self._tell = tell
        self._request = request

    @property
    def shared(self) -> bool:
        """True when it runs in a host beside other apps."""
        return self._tell is not None

    def signal(self, signum: int) -> None:
        """Send `signum` to its process group; in a host, end (SIGTERM) or drop it (others)."""
        if self._tell is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.pid, signum)
            return
        if self.returncode is not None:
            return
        self._tell({"end" if signum == signal.SIGTERM else "kill": self._request})
        if signum == signal.SIGKILL:
            # Its session waits no more: its host drops it, or its terminal's end ends it (the
            # pool kills a host that drops nothing; a pool that is gone cannot be asked).
            self.ended(-signal.SIGKILL)

    def resized(self) -> None:
        """Tell an app in a host that its terminal has a new size."""
        if self._tell is not None and self.returncode is None:
            self._tell({"resized": self._request})

    async def wait(self) -> int:
        """Wait until the app has ended; return its status (negative: killed by that signal)."""
        await self._ended.wait()
        assert self.returncode is not None
        return self.returncode

    def ended(self, status: int) -> None:
        """Note the app's end with `status`."""
        if self.returncode is None:
            self.returncode = status
            self._ended.set()


def _is_gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True
    except OSError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        pass
    return False


def _settle(future: asyncio.Future) -> None:
    if not future.done():
        future.set_result(None)


def forking_problem() -> str:
    """'' when apps can be forked here, else why not (a clause)."""
    if os.name != "posix" or not hasattr(os, "fork"):
        return "this system cannot fork processes"
    if not hasattr(socket, "AF_UNIX") or not hasattr(socket, "send_fds"):
        return "this system cannot pass descriptors between processes"
    return ""


class SessionPool:
    """One running pool, seen from the server.

    Use `begin` to start one, then `ready`.
    """

    def __init__(self, process, control: socket.socket, log: Callable[[str], None]) -> None:
        self._process: asyncio.subprocess.Process = process
        self._control = control
        self._log = log
        self._loop = asyncio.get_running_loop()
        self._ids = itertools.count(1)
        self._pending = bytearray()
        self._ready: asyncio.Future[dict] = self._loop.create_future()
        self._starting: dict[int, asyncio.Future[dict]] = {}
        self._running: dict[int, PooledProcess] = {}
        self._alive = True
        self._closing = False
        self._logged = False
        self._watchers: set[asyncio.Task] = set()
        self._sending = asyncio.Lock()
        self._writable: asyncio.Future[None] | None = None
        """While a send waits for room in the socket: what wakes it (failed when the pool stops)."""
        self._outbox: list[bytes] = []
        """What the apps' process objects told their hosts, not yet written (`_flush`)."""
        self._flushing: asyncio.Task | None = None
        self._loop.add_reader(control.fileno(), self._readable)
        self._exit_task = self._loop.create_task(self._watch_exit())

    @classmethod
    async def begin(
        cls,
        entry: Sequence[str],
        *,
        preload: Sequence[str] = (),
        rehearsal: str | None = None,
        max_children: int,
        max_per_group: int,
        log: Callable[[str], None],
        apps_per_host: int = 1,
        host_entry: str = "",
    ) -> SessionPool | None:
        """Start the pool program; None (with one line logged) when it cannot start.

        Args:
            entry: the function each app runs (``module:function`` or ``file.py:function``),
                then its arguments.
            preload: the packages the pool imports whole before it serves.
            rehearsal: a ``module:function`` the pool runs once before it forks (None: none).
            max_children: apps alive at once in all; the pool refuses more with a sentence.
            max_per_group: apps alive at once for one address group.
            log: where the line goes when the pool cannot start or stops.
            apps_per_host: the most apps that share one process (1: a process each; more only
                with a `host_entry`).
            host_entry: the coroutine function an app in a shared process runs.
        """
        problem = forking_problem()
        if problem:
            log(f"{problem}, so each session's app starts as a fresh process")
            return None
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        env = {
            name: os.environ[name]
            for name in (*PASSED_FROM_SERVER, GC_TIMES_ENV)
            if name in os.environ
        }
        env["PYTHONUTF8"] = "1"
        command = [
            sys.executable,
            "-P",  # the server's code, not a wish_tui folder of its working directory
            "-m",
            "wish_tui.server.pool.program",
            "--socket-fd",
            str(theirs.fileno()),
            "--max-children",
            str(max_children),
            "--max-per-group",
            str(max_per_group),
        ]
        for package in preload:
            command += ["--preload", package]
        if rehearsal:
            command += ["--rehearse", rehearsal]
        if apps_per_host > 1 and host_entry:
            command += ["--host-entry", host_entry, "--apps-per-host", str(apps_per_host)]
        command += ["--", *entry]
        try:
            process = await asyncio.create_subprocess_exec(
                *command,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
                env=env,
                pass_fds=(theirs.fileno(),),
                start_new_session=True,
            )
        except OSError as exc:
            ours.close()
            log(
                f"the session pool could not start ({exc.strerror or exc}), so each session's "
                "app starts as a fresh process"
            )
            return None
        finally:
            theirs.close()
        ours.setblocking(False)
        return cls(process, ours, log)

    @classmethod
    async def begin_app(cls, app: PooledApp, **options) -> SessionPool | None:
        """Start the pool program forking `app` (`options` as `begin` takes them)."""
        return await cls.begin(
            app.entry,
            preload=app.preload,
            rehearsal=app.rehearsal,
            host_entry=app.host_entry,
            **options,
        )

    async def ready(self, timeout: float = READY_TIMEOUT) -> bool:
        """Wait until the pool has imported the app; False (one line logged) if it did not."""
        try:
            await asyncio.wait_for(asyncio.shield(self._ready), timeout)
            return True
        except TimeoutError:
            self._stop(f"the session pool was not ready within {timeout:g} seconds")
        except OSError:
            pass  # it stopped, and said so
        return False

    @property
    def is_alive(self) -> bool:
        """True while the pool takes requests."""
        return self._alive

    @property
    def pid(self) -> int:
        """The pool's own process id."""
        return self._process.pid

    @property
    def app_count(self) -> int:
        """Apps the pool started that have not ended."""
        return len(self._running)

    async def spawn(
        self, stdio: tuple[int, int, int], env: Mapping[str, str], group: str, shared: bool = False
    ) -> PooledProcess:
        """Fork an app on `stdio` with `env`, counted under the address `group`; with `shared`,
        in a host beside other apps when the pool has hosts.

        Raises:
            PoolUnavailable: the pool is gone or did not fork (nothing was started).
            AppRefused: a limit of the pool; the message is the sentence for the person.
            OSError: the pool broke while forking (an app may have started; it is stopped with
                its terminal).
        """
        if not self._alive or not self._ready.done():
            raise PoolUnavailable("the pool is not running")
        data = json.dumps(dict(env)).encode()
        if len(data) > wire.MAX_ENV:
            raise PoolUnavailable("the environment is too long for the pool")
        env_read, env_write = os.pipe()
        try:
            os.set_blocking(env_write, False)
            try:
                written = os.write(env_write, data)
            except BlockingIOError:
                written = 0
            os.close(env_write)
            env_write = -1
            if written != len(data):
                raise PoolUnavailable("the environment did not fit a pipe")
            request = next(self._ids)
            line = wire.encode(
                {"spawn": request, "group": group[: wire.MAX_GROUP], "shared": shared}
            )
            answer: asyncio.Future[dict] = self._loop.create_future()
            self._starting[request] = answer
            try:
                await self._send(line, [*stdio, env_read])
            except OSError:
                self._starting.pop(request, None)
                self._stop("the session pool's socket failed")
                raise PoolUnavailable("the pool's socket failed") from None
        finally:
            os.close(env_read)
            if env_write >= 0:
                os.close(env_write)
        try:
            reply = await asyncio.wait_for(answer, SPAWN_TIMEOUT)
        except TimeoutError:
            self._stop(f"the session pool did not fork an app within {SPAWN_TIMEOUT:g} seconds")
            raise OSError("the session pool did not answer") from None
        finally:
            self._starting.pop(request, None)
        if "refused" in reply:
            raise AppRefused(str(reply.get("sentence", wire.FULL)))
        if "failed" in reply:
            self._log(f"the session pool could not start an app: {reply.get('error', '')}")
            raise PoolUnavailable(str(reply.get("error", "")))
        return reply["process"]

    async def _send(self, data: bytes, fds: list[int]) -> None:
        async with self._sending:  # a request's bytes are never mixed with another's
            await self._send_now(data, fds)

    async def _send_now(self, data: bytes, fds: list[int]) -> None:
        sock = self._control
        while True:
            if not self._alive:  # it stopped while this waited: its socket is closed
                raise OSError("the session pool stopped")
            try:
                sent = socket.send_fds(sock, [data], fds)
                break
            except (BlockingIOError, InterruptedError):
                await self._until_writable()
        while sent < len(data):
            await self._until_writable()
            if not self._alive:
                raise OSError("the session pool stopped")
            with contextlib.suppress(BlockingIOError, InterruptedError):
                sent += sock.send(data[sent:])

    async def _until_writable(self) -> None:
        """Wait for room in the socket; OSError when the pool stops meanwhile."""
        fileno = self._control.fileno()
        self._writable = self._loop.create_future()
        self._loop.add_writer(fileno, _settle, self._writable)
        try:
            await self._writable
        finally:
            self._writable = None
            if self._alive:
                self._loop.remove_writer(fileno)

    # What the pool says

    def _readable(self) -> None:
        try:
            data = self._control.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._stop(None)  # its exit status is logged when it is known
            return
        self._pending += data
        while b"\n" in self._pending:
            line, _, rest = bytes(self._pending).partition(b"\n")
            self._pending[:] = rest
            with contextlib.suppress(ValueError, TypeError, KeyError):
                self._message(json.loads(line))
        if len(self._pending) > wire.MAX_LINE:
            self._stop("the session pool sent a line too long")

    def _message(self, message: dict) -> None:
        if "ready" in message:
            if not self._ready.done():
                self._ready.set_result(message)
            return
        for kind in ("started", "refused", "failed"):
            if kind in message:
                request = int(message[kind])
                answer = self._starting.get(request)
                if kind == "started":
                    pid = int(message["pid"])
                    tell = self._teller(request) if message.get("shared") is True else None
                    process = PooledProcess(pid, tell, request)
                    if answer is None or answer.done():
                        # Its session gave up waiting: nothing will relay or stop it.
                        process.signal(signal.SIGKILL)
                        return
                    # Known before its request is answered: its end may come in the same read.
                    message = {"process": process}
                    self._running[request] = process
                if answer is not None and not answer.done():
                    answer.set_result(message)
                return
        if "exited" in message:
            process = self._running.pop(int(message["exited"]), None)
            if process is not None:
                process.ended(int(message["status"]))

    def _teller(self, request: int) -> Callable[[dict], bool]:
        """How a shared app's process object tells its host something (False: the pool is gone)."""

        def tell(message: dict) -> bool:
            if not self._alive:
                return False
            self._outbox.append(wire.encode(message))
            if self._flushing is None:
                self._flushing = self._loop.create_task(self._flush())
            return True

        return tell

    async def _flush(self) -> None:
        """Write what was told to the hosts, in the order told, until none is left or the pool
        stops (what is left then is dropped: the apps are watched as the pool's end leaves
        them). At shutdown every session tells its app's end at once: one writer, not a task
        each."""
        try:
            while self._outbox and self._alive:
                data = b"".join(self._outbox)
                self._outbox.clear()
                await self._send(data, [])
        except OSError:
            if self._alive:
                self._stop("the session pool's socket failed")
        finally:
            self._outbox.clear()
            self._flushing = None

    # The end

    def _stop(self, reason: str | None) -> None:
        """Take no more requests; end the pool; watch the apps it leaves; log `reason` once."""
        if reason is not None and not self._closing and not self._logged:
            self._logged = True
            self._log(f"{reason}, so each session's app now starts as a fresh process")
        if not self._alive:
            return
        self._alive = False
        serving = self._ready.done() and self._ready.exception() is None
        why = reason or "the session pool stopped"
        with contextlib.suppress(Exception):
            self._loop.remove_reader(self._control.fileno())
        if self._writable is not None:
            with contextlib.suppress(Exception):
                self._loop.remove_writer(self._control.fileno())
            if not self._writable.done():
                self._writable.set_exception(OSError(why))
        self._control.close()
        for answer in self._starting.values():
            if not answer.done():
                answer.set_exception(OSError(why))
        if not self._ready.done():
            self._ready.set_exception(OSError(why))
            self._ready.exception()  # retrieved: `ready` reports it
        # A pool whose socket has closed exits by itself, and is killed if it does not; it is
        # killed at once when it may hang, or is closed while still importing (reading nothing).
        at_once = reason is not None or (self._closing and not serving)
        self._loop.call_later(0 if at_once else EXIT_GRACE, self._kill)
        for process in list(self._running.values()):
            task = self._loop.create_task(self._watch_app(process))
            self._watchers.add(task)
            task.add_done_callback(self._watchers.discard)
        self._running.clear()

    def _kill(self) -> None:
        if self._process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self._process.kill()

    async def _watch_exit(self) -> None:
        status = await self._process.wait()
        self._stop(f"the session pool stopped {describe_status(status)}")

    async def _watch_app(self, process: PooledProcess) -> None:
        while not _is_gone(process.pid):
            await asyncio.sleep(WATCH_INTERVAL)
        process.ended(0)

    async def close(self) -> None:
        """Stop the pool; the apps it started are ended by their sessions, and still watched."""
        self._closing = True
        self._stop(None)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._exit_task), 5)
