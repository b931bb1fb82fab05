"""The session pool: one process that has imported the app once and forks each session's app.

`wish-tui serve` starts it as a fresh program (``python -m wish_tui.server.pool.program``, see
`pool_link.SessionPool`) before it reads its host key, with only the variables the apps need and
one Unix socket to the server: it never holds the server's memory, its keys, its tokens or its
database. It imports the app and everything its first screens need (`--preload`), runs it once
if asked (`--rehearse`: what the first frames make lazily is then made once, here), collects and
freezes what it holds (`gc.freeze`, so no collection of a child writes to the shared pages), then
waits for requests.

Each request (a JSON line, `spawn` with an id and the address group it counts under) comes with
four descriptors: the app's standard input, output and error (one pseudo-terminal for an SSH
session) and a pipe holding its environment, which the pool itself never reads: a session's token
reaches only its own app. The pool forks; the child becomes the leader of a new session whose
controlling terminal is its input (when that is a terminal), takes the environment from the pipe,
closes every other descriptor, seeds Python's `random` afresh (the operating system's randomness,
which `secrets` and `wish_tui.seeds` draw on, is fresh in any process; Python's hash secret is the
pool's, shared by its children and unlike the server's), and runs the entry (``module:function``
or ``file.py:function``) with the arguments the pool was started with. The pool answers
``started`` with the child's process id once its terminal is in place (or ``refused`` with a
sentence past its limits, or ``failed``), and ``exited`` with its status when it ends (negative:
the signal that killed it). When the server's socket closes, the pool exits; its children keep
their terminals, which hang up when the server is gone.

A request that says ``"shared": true`` (with `--host-entry` and `--apps-per-host` above 1) is
not forked on its own: its four descriptors go on to a host (`pool_host`), a child forked the
same way that runs up to `--apps-per-host` apps as tasks of one event loop. The pool forks a
host when none has room, and a host that has no app left exits. The server then asks the pool,
not the operating system, to resize, end (``end``) or drop (``kill``) a shared app; a host that
has not dropped an app `DROP_GRACE` seconds after ``kill`` (an app holds its loop) is killed
with all its apps, each reported ``exited`` with status -9.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import gc
import importlib
import importlib.util
import io
import json
import os
import pkgutil
import random
import selectors
import signal
import socket
import sys
import termios
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from typing import NoReturn

MAX_LINE = 4096
"""The most bytes of one message between the server and the pool."""
MAX_ENV = 32 * 1024
"""The most bytes of one app's environment (it must fit a pipe's buffer at once)."""
FDS_PER_SPAWN = 4
"""Standard input, output and error of the app, and the pipe holding its environment."""
MAX_GROUP = 100
"""The longest address group a request may name."""
ENVIRONMENT_MODULES = {"textual.constants": ("TEXTUAL", "ESCDELAY")}
"""Modules that read the environment when imported, and the start of the names they read: each is
read again in a child whose environment differs from the pool's in one of those names."""
DROP_GRACE = 5.0
"""Seconds a host has to drop an app it was told to drop; a host that does not is wedged (an app
holds its loop) and is killed with all its apps."""
FULL = "the server is full; try again later"
FULL_FOR_GROUP = "too many sessions from your address; close one and try again"


def encode(message: dict) -> bytes:
    """One message as a JSON line."""
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


def load_entry(spec: str) -> Callable[[], object]:
    """The function a spec names: ``package.module:function`` or ``path/to/file.py:function``.

    Raises:
        ValueError: the spec names no function.
        ImportError, OSError: its module cannot be imported.
    """
    where, _, name = spec.rpartition(":")
    if not where or not name:
        raise ValueError(f"{spec!r} is not module:function")
    if where.endswith(".py"):
        module_spec = importlib.util.spec_from_file_location("__pool_entry__", where)
        if module_spec is None or module_spec.loader is None:
            raise ImportError(f"cannot import {where}")
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[module_spec.name] = module
        module_spec.loader.exec_module(module)
    else:
        module = importlib.import_module(where)
    function = getattr(module, name, None)
    if not callable(function):
        raise ValueError(f"{spec!r} names no function")
    return function


def preload(packages: Sequence[str], warn: Callable[[str], None]) -> int:
    """Import each package with every module inside it; return how many modules are loaded.

    A module that fails to import is named in one warning and skipped: the child imports it
    again itself, and fails as a fresh process would.
    """
    for name in packages:
        try:
            package = importlib.import_module(name)
        except Exception as exc:  # noqa: BLE001 (the pool runs on without it)
            warn(f"cannot preload {name}: {exc!r}")
            continue
        for info in pkgutil.walk_packages(getattr(package, "__path__", ()), f"{name}."):
            try:
                importlib.import_module(info.name)
            except Exception as exc:  # noqa: BLE001
                warn(f"cannot preload {info.name}: {exc!r}")
    return len(sys.modules)


class Pool:
    """The loop of the pool: requests in, children forked, their ends reported.

    Args:
        control: the socket to the server.
        entry: the function each child runs.
        argv: the child's `sys.argv`.
        max_children: children alive at once in all.
        max_per_group: children alive at once for one address group.
    """

    def __init__(
        self,
        control: socket.socket,
        entry: Callable[[], object],
        argv: Sequence[str],
        max_children: int,
        max_per_group: int,
        host_entry: Callable | None = None,
        apps_per_host: int = 1,
    ) -> None:
        self.control = control
        self.entry = entry
        self.argv = list(argv)
        self.max_children = max_children
        self.max_per_group = max_per_group
        self.host_entry = host_entry
        self.apps_per_host = apps_per_host if host_entry is not None else 1
        self.children: dict[int, tuple[int, str]] = {}
        """Each child's process id: its request's id and its address group."""
        self.hosts: dict[int, HostLink] = {}
        """Each host's process id: the host."""
        self.hosted: dict[int, HostedApp] = {}
        """Each app run by a host, by its request's id."""
        self.per_group: Counter[str] = Counter()
        self._pending = bytearray()
        self._fds: list[int] = []
        self._wake_read, self._wake_write = os.pipe()
        self._selector = selectors.DefaultSelector()
        self._dropping: dict[int, float] = {}
        """Each app a host was told to drop: when its host is wedged if it has not."""

    def serve(self) -> None:
        """Answer requests until the server's socket closes."""
        for fd in (self._wake_read, self._wake_write):
            os.set_blocking(fd, False)
        signal.set_wakeup_fd(self._wake_write)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        selector = self._selector
        selector.register(self.control, selectors.EVENT_READ)
        selector.register(self._wake_read, selectors.EVENT_READ)
        self.send({"ready": os.getpid(), "modules": len(sys.modules)})
        while True:
            for key, _ in selector.select(self._until_next_drop()):
                if key.fileobj is self.control:
                    if not self._receive():
                        return
                elif isinstance(key.data, HostLink):
                    self._hear_host(key.data)
                else:
                    with contextlib.suppress(BlockingIOError):
                        while os.read(self._wake_read, 512):
                            pass
            self._reap()
            self._kill_wedged_hosts()

    def send(self, message: dict) -> None:
        """Tell the server something (a lost server is found out by the next read)."""
        with contextlib.suppress(OSError):
            self.control.sendall(encode(message))

    def _receive(self) -> bool:
        try:
            data, fds, flags, _ = socket.recv_fds(self.control, 65536, 2 * FDS_PER_SPAWN)
        except InterruptedError:
            return True
        except OSError:
            return False
        self._fds += fds
        if flags & socket.MSG_CTRUNC:
            self._drop_fds()  # descriptors were lost: no request can be matched with its own
        if not data:
            return False
        self._pending += data
        while b"\n" in self._pending:
            line, _, rest = bytes(self._pending).partition(b"\n")
            self._pending[:] = rest
            self._request(line)
        return len(self._pending) <= MAX_LINE  # a longer line is not from a server of ours

    def _drop_fds(self) -> None:
        for fd in self._fds:
            with contextlib.suppress(OSError):
                os.close(fd)
        self._fds.clear()

    def _request(self, line: bytes) -> None:
        try:
            message = json.loads(line)
            for kind in ("resized", "end", "kill"):
                if kind in message:
                    self._tell_host(kind, int(message[kind]))
                    return
            request = int(message["spawn"])
            group = str(message.get("group", ""))[:MAX_GROUP]
            shared = message.get("shared") is True
        except (ValueError, KeyError, TypeError):
            self._drop_fds()
            return
        if len(self._fds) < FDS_PER_SPAWN:
            self._drop_fds()
            self.send({"failed": request, "error": "the request came without its descriptors"})
            return
        fds, self._fds = self._fds[:FDS_PER_SPAWN], self._fds[FDS_PER_SPAWN:]
        try:
            refusal = self._refusal(group)
            if refusal:
                self.send({"refused": request, "sentence": refusal})
                return
            if shared and self.apps_per_host > 1:
                self._host_app(request, group, fds)
                return
            try:
                pid = self._fork(fds)
            except OSError as exc:
                self.send({"failed": request, "error": f"cannot fork: {exc.strerror or exc}"})
                return
            self.children[pid] = (request, group)
            self.per_group[group] += 1
            self.send({"started": request, "pid": pid})
        finally:
            for fd in fds:
                with contextlib.suppress(OSError):
                    os.close(fd)

    def _refusal(self, group: str) -> str:
        if len(self.children) + len(self.hosted) >= self.max_children:
            return FULL
        if self.per_group[group] >= self.max_per_group:
            return FULL_FOR_GROUP
        return ""

    def _fork(self, fds: list[int]) -> int:
        """Fork a child on `fds`; return once its terminal is in place (or it has died)."""
        ready_read, ready_write = os.pipe()
        try:
            pid = self._fork_running(lambda: run_child(self.entry, self.argv, fds, ready_write))
            os.close(ready_write)
            ready_write = -1
            os.read(ready_read, 1)  # returns when the child closes it: its session is set up
            return pid
        finally:
            os.close(ready_read)
            if ready_write >= 0:
                os.close(ready_write)

    def _fork_running(self, run: Callable[[], object]) -> int:
        """Fork a child that runs `run`, which never returns; return the child's process id."""
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        pid = os.fork()
        if pid == 0:
            try:
                self.control.detach()  # the child closes its number with every other one
                run()
            finally:
                os._exit(127)
        return pid

    def _reap(self) -> None:
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            if pid in self.hosts:
                self._host_gone(self.hosts[pid], os.waitstatus_to_exitcode(status))
                continue
            request, group = self.children.pop(pid, (None, ""))
            if request is None:
                continue  # a host that had closed
            self._uncount(group)
            self.send({"exited": request, "status": os.waitstatus_to_exitcode(status)})

    def _uncount(self, group: str) -> None:
        self.per_group[group] -= 1
        if self.per_group[group] <= 0:
            del self.per_group[group]

    # -- hosts: processes that run several apps --------------------------------------------------
    def _host_app(self, request: int, group: str, fds: list[int]) -> None:
        """Give the app of `request` to a host with room, forked first if none has."""
        roomy = [h for h in self.hosts.values() if h.open and len(h.apps) < self.apps_per_host]
        try:
            host = max(roomy, key=lambda h: len(h.apps)) if roomy else self._fork_host()
        except OSError as exc:
            self.send({"failed": request, "error": f"cannot fork: {exc.strerror or exc}"})
            return
        if not host.tell({"app": request}, fds):
            self._close_host(host)
            self.send({"failed": request, "error": "a host of the pool took no more apps"})
            return
        host.apps.add(request)
        self.hosted[request] = HostedApp(host.pid, group)
        self.per_group[group] += 1

    def _fork_host(self) -> HostLink:
        assert self.host_entry is not None
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            pid = self._fork_running(
                lambda: run_host_child(self.host_entry, self.argv, theirs.detach())
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        host = HostLink(pid, ours)
        self.hosts[pid] = host
        self._selector.register(ours, selectors.EVENT_READ, host)
        return host

    def _tell_host(self, kind: str, request: int) -> None:
        app = self.hosted.get(request)
        host = self.hosts.get(app.host) if app is not None else None
        if host is not None and host.open:
            host.tell({kind: request})
            if kind == "kill":
                self._dropping.setdefault(request, time.monotonic() + DROP_GRACE)

    def _until_next_drop(self) -> float | None:
        if not self._dropping:
            return None
        return max(0.0, min(self._dropping.values()) - time.monotonic())

    def _kill_wedged_hosts(self) -> None:
        now = time.monotonic()
        for request, deadline in list(self._dropping.items()):
            app = self.hosted.get(request)
            if app is None:
                del self._dropping[request]
            elif deadline <= now:
                del self._dropping[request]
                host = self.hosts.get(app.host)
                if host is not None:
                    sys.stderr.write(
                        "wish-tui serve: the session pool: a host did not drop an app within "
                        f"{DROP_GRACE:g} seconds; it is stopped with its {len(host.apps)} apps\n"
                    )
                    sys.stderr.flush()
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(host.pid, signal.SIGKILL)

    def _hear_host(self, host: HostLink) -> None:
        messages, alive = host.receive()
        for message in messages:
            with contextlib.suppress(ValueError, KeyError, TypeError):
                if "started" in message:
                    request = int(message["started"])
                    app = self.hosted.get(request)
                    if app is not None and app.host == host.pid and not app.started:
                        app.started = True
                        self.send({"started": request, "pid": host.pid, "shared": True})
                elif "exited" in message:
                    self._hosted_ended(host, int(message["exited"]), int(message["status"]))
        if not alive:
            self._close_host(host)

    def _hosted_ended(self, host: HostLink, request: int, status: int) -> None:
        app = self.hosted.get(request)
        if app is None or app.host != host.pid:
            return
        del self.hosted[request]
        host.apps.discard(request)
        self._uncount(app.group)
        if app.started:
            self.send({"exited": request, "status": status})
        else:
            self.send({"failed": request, "error": f"the app ended before it started ({status})"})
        if not host.apps:
            self._close_host(host)  # an empty host exits; the next app gets a new one

    def _close_host(self, host: HostLink) -> None:
        """Send the host no more apps: it exits once the apps it has ended."""
        if host.socket is not None:
            with contextlib.suppress(KeyError, ValueError):
                self._selector.unregister(host.socket)
        host.close()

    def _host_gone(self, host: HostLink, status: int) -> None:
        self._close_host(host)
        del self.hosts[host.pid]
        for request in sorted(host.apps):
            self._hosted_ended(host, request, status)


class HostedApp:
    """An app a host runs: its host's process id, its address group, whether it has started."""

    def __init__(self, host: int, group: str) -> None:
        self.host = host
        self.group = group
        self.started = False


class HostLink:
    """The pool's side of one host: its process, its socket, and the apps it runs."""

    def __init__(self, pid: int, sock: socket.socket) -> None:
        self.pid = pid
        self.socket: socket.socket | None = sock
        self.apps: set[int] = set()
        self._pending = bytearray()

    @property
    def open(self) -> bool:
        """True while the host takes messages."""
        return self.socket is not None

    def tell(self, message: dict, fds: Sequence[int] = ()) -> bool:
        """Send a message (with descriptors); False when the host takes no more."""
        if self.socket is None:
            return False
        data = encode(message)
        try:
            sent = (
                socket.send_fds(self.socket, [data], list(fds)) if fds else self.socket.send(data)
            )
        except OSError:
            return False
        return sent == len(data)  # a host that reads nothing is broken: the line is not split

    def receive(self) -> tuple[list[dict], bool]:
        """The messages the host has sent, and False once its socket has closed or broken."""
        if self.socket is None:
            return [], False
        try:
            data = self.socket.recv(65536)
        except (BlockingIOError, InterruptedError):
            return [], True
        except OSError:
            data = b""
        if not data:
            return [], False
        self._pending += data
        messages = []
        while b"\n" in self._pending:
            line, _, rest = bytes(self._pending).partition(b"\n")
            self._pending[:] = rest
            with contextlib.suppress(ValueError):
                messages.append(json.loads(line))
        return messages, len(self._pending) <= MAX_LINE

    def close(self) -> None:
        """Close the socket (the host then exits once its apps have ended)."""
        if self.socket is not None:
            self.socket.close()
            self.socket = None


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


def run_child(entry: Callable[[], object], argv: list[str], fds: list[int], ready: int) -> NoReturn:
    """Become one session's app: its terminal, its environment, fresh seeds; then run `entry`."""
    status = 1
    try:
        signal.set_wakeup_fd(-1)
        for signum in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
            signal.signal(signum, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        stdin, stdout, stderr, env_fd = fds
        env = read_environment(env_fd)
        os.setsid()
        for fd, target in ((stdin, 0), (stdout, 1), (stderr, 2)):
            os.dup2(fd, target)
        # Every descriptor of the pool goes: its socket, its selector, the other requests'.
        os.closerange(3, ready)
        os.closerange(ready + 1, _open_max())
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
    except BaseException:  # noqa: BLE001 (as a fresh process: the traceback, then status 1)
        with contextlib.suppress(Exception):
            traceback.print_exc()
        status = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(status & 0xFF)


def run_host_child(entry: Callable, argv: list[str], control: int) -> NoReturn:
    """Become a host of apps (`pool_host`) on the socket `control`: no terminal, no descriptor
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the pool: preload, freeze, then serve the server's socket until it closes."""
    parser = argparse.ArgumentParser(prog="python -m wish_tui.server.pool.program")
    parser.add_argument("--socket-fd", type=int, required=True)
    parser.add_argument("--max-children", type=int, required=True)
    parser.add_argument("--max-per-group", type=int, required=True)
    parser.add_argument("--preload", action="append", default=[])
    parser.add_argument("--rehearse", metavar="MODULE:FUNCTION", help="run once before forking")
    parser.add_argument(
        "--host-entry", metavar="MODULE:FUNCTION", help="the coroutine an app shared in a host runs"
    )
    parser.add_argument("--apps-per-host", type=int, default=1)
    parser.add_argument("entry", help="module:function or file.py:function")
    parser.add_argument("args", nargs="*", help="the child's arguments")
    options = parser.parse_args(argv)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server stops the pool by closing its socket

    def warn(message: str) -> None:
        sys.stderr.write(f"wish-tui serve: the session pool: {message}\n")
        sys.stderr.flush()

    control = socket.socket(fileno=options.socket_fd)
    gc.disable()
    try:
        entry = load_entry(options.entry)
    except (ValueError, ImportError, OSError) as exc:
        warn(f"cannot load {options.entry}: {exc}")
        return 1
    host_entry = None
    if options.host_entry and options.apps_per_host > 1:
        try:
            host_entry = load_entry(options.host_entry)
        except (ValueError, ImportError, OSError) as exc:
            warn(f"cannot load {options.host_entry}, so each app has a process: {exc}")
    preload(options.preload, warn)
    if options.rehearse:
        try:
            load_entry(options.rehearse)()
        except Exception as exc:  # noqa: BLE001 (the apps only start a little colder)
            warn(f"the rehearsal {options.rehearse} failed: {exc!r}")
    if threading.active_count() > 1:
        warn("a thread outlived the preloading; forking may copy it in a broken state")
    gc.collect()
    gc.freeze()
    Pool(
        control,
        entry,
        ["wish-tui", *options.args],
        options.max_children,
        options.max_per_group,
        host_entry,
        options.apps_per_host,
    ).serve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
