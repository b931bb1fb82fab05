"""The session pool: one process that has imported the app once and forks each session's app.

`wish-tui serve` starts it as a fresh program (``python -m wish_tui.server.pool.program``, see
`link.SessionPool`) before it reads its host key, with only the variables the apps need and
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
closes every other descriptor but a copy of the pool's standard error (the server's log, where
the traceback of a fault that escapes the app goes, never to the session), seeds Python's
`random` afresh (the operating system's randomness, which `secrets` and `wish_tui.seeds` draw on,
is fresh in any process; Python's hash secret is the pool's, shared by its children and unlike
the server's), and runs the entry (``module:function``
or ``file.py:function``) with the arguments the pool was started with. The pool answers
``started`` with the child's process id once its terminal is in place (or ``refused`` with a
sentence past its limits, or ``failed``), and ``exited`` with its status when it ends (negative:
the signal that killed it). When the server's socket closes, the pool exits; its children keep
their terminals, which hang up when the server is gone.

A request that says ``"shared": true`` (with `--host-entry` and `--apps-per-host` above 1) is
not forked on its own: its four descriptors go on to a host (`host.py`), a child forked the
same way that runs up to `--apps-per-host` apps as tasks of one event loop. The pool forks a
host when none has room, and a host that has no app left exits. The server then asks the pool,
not the operating system, to resize, end (``end``) or drop (``kill``) a shared app; a host that
has not dropped an app `DROP_GRACE` seconds after ``kill`` (an app holds its loop) is killed
with all its apps, each reported ``exited`` with status -9.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import importlib.util
import json
import os
import pkgutil
import selectors
import signal
import socket
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence

from wish_tui.server.pool.children import run_child, run_host_child
from wish_tui.server.pool.host_link import HostedApp, HostLink
from wish_tui.server.pool.wire import (
    FDS_PER_SPAWN,
    FULL,
    FULL_FOR_GROUP,
    MAX_GROUP,
    MAX_LINE,
    Inbox,
    encode,
)

DROP_GRACE = 5.0
"""Seconds a host has to drop an app it was told to drop; a host that does not is wedged (an app
holds its loop) and is killed with all its apps."""


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
        self._inbox = Inbox()
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
        self._inbox.keep_fds(fds, flags)
        if not data:
            return False
        for line in self._inbox.lines(data):
            self._request(line)
        return len(self._inbox.pending) <= MAX_LINE  # a longer line is not from a server of ours

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
            self._inbox.drop_fds()
            return
        fds = self._inbox.take_fds(FDS_PER_SPAWN)
        if fds is None:
            self.send({"failed": request, "error": "the request came without its descriptors"})
            return
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
