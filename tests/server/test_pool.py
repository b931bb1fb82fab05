"""The session pool: apps forked from one prepared process, each on its own terminal, with nothing
of the server's and nothing of each other's.

The pool's app is `probe_child.py` (loaded as ``probe_child.py:main``): it reports its process
id, environment, terminal and a draw of `random`, and exits, crashes or echoes when told to. One
test runs the real client app from a pool that has preloaded and rehearsed it.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import re
import signal
import socket
import sys
from pathlib import Path

import asyncssh

from tests.server.test_ssh import ended_by, finish, gone, one_sentence, play, report, soon
from wish_tui.server.hub import Hub
from wish_tui.server.pool import link as pool_link
from wish_tui.server.pool.link import SessionPool
from wish_tui.server.pool.wire import FULL, FULL_FOR_GROUP
from wish_tui.server.ssh.front import CLIENT_COMMAND, FrontEnd, Limits
from wish_tui.server.ssh.session import PASSED_FROM_SERVER
from wish_tui.session_app import POOLED_CLIENT

FALLBACK = "each session's app now starts as a fresh process"
ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\x1b[=>]|\x1b\][^\x07]*\x07")


def parent_of(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as stat:
        return int(stat.read().rpartition(")")[2].split()[1])


def readable_memory(pid: int):
    """Each readable region of a process's memory, as bytes."""
    with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/mem", "rb", buffering=0) as mem:
        for line in maps:
            fields = line.split()
            start, end = (int(x, 16) for x in fields[0].split("-"))
            name = fields[5] if len(fields) > 5 else ""
            if "r" not in fields[1] or name in ("[vvar]", "[vsyscall]", "[vvar_vclock]"):
                continue
            try:
                mem.seek(start)
                yield mem.read(end - start)
            except OSError:
                continue


def holds(pid: int, secret: bytes) -> bool:
    return any(secret in region for region in readable_memory(pid))


async def test_the_pool_forks_the_app_on_its_own_terminal(start_server, start_pool):
    pool = await start_pool()
    assert await pool.ready()
    server = await start_server(keys=None, pool=pool)
    async with await server.connect(None, username="ana") as conn:
        proc = await play(conn, term_type="xterm-kitty", term_size=(100, 40), env={"NO_COLOR": "1"})
        first = await report(proc, "env")
        assert parent_of(first["pid"]) == pool.pid  # forked, not started afresh
        assert os.getsid(first["pid"]) == first["pid"] and first["ctty"] is True
        assert first["env"] == {
            "WISH_TUI_SERVE_SOCKET": str(server.hub.socket_path),
            "WISH_TUI_SERVE_TOKEN": server.hub.registered[0][0],
            "WISH_TUI_DATA_DIR": str(server.front.data_dir),
            "TERM": "xterm-kitty",
            "NO_COLOR": "1",
        }
        assert set(first["names"]) <= set(PASSED_FROM_SERVER) | set(first["env"]) | {"PYTHONUTF8"}
        assert first["size"] == [100, 40]
        proc.change_terminal_size(120, 50)
        assert (await report(proc, "size"))["size"] == [120, 50]
        proc.stdin.write("héllo\r".encode())
        assert (await report(proc, "echo"))["echo"] == "héllo"


async def test_the_exit_status_and_a_crash_come_back_to_the_session(start_server, start_pool):
    pool = await start_pool()
    assert await pool.ready()
    server = await start_server(keys=None, pool=pool)
    async with await server.connect(None, username="bo") as conn:
        status, stderr = await ended_by(conn, b"exit 3\r")
        assert status == 3 and "status 3" in one_sentence(stderr)
        status, stderr = await ended_by(conn, b"crash\r")
        assert status == 128 + 6 and "SIGABRT" in one_sentence(stderr)
    assert await soon(lambda: pool.app_count == 0)


async def test_a_session_that_closes_stops_its_forked_app(start_server, start_pool):
    pool = await start_pool()
    assert await pool.ready()
    server = await start_server(keys=None, pool=pool, stop_grace=0.3)
    async with await server.connect(None, username="cy") as conn:
        proc = await play(conn)
        pid = (await report(proc, "env"))["pid"]
        proc.stdin.write(b"stubborn\r")
        await report(proc, "stubborn")
    assert await gone(pid, within=3)  # SIGTERM ignored, then SIGKILL to its group


async def test_nothing_of_the_server_or_of_another_session_reaches_a_forked_app(
    start_server, start_pool
):
    pool = await start_pool()
    assert await pool.ready()
    server = await start_server(keys=None, pool=pool)
    host_key = server.front.host_key.pyca_key.private_bytes_raw()
    async with (
        await server.connect(None, username="dee") as first_conn,
        await server.connect(None, username="eli") as second_conn,
    ):
        first = await report(await play(first_conn), "env")
        second = await report(await play(second_conn), "env")
        first_token = first["env"]["WISH_TUI_SERVE_TOKEN"].encode()
        own_token = second["env"]["WISH_TUI_SERVE_TOKEN"].encode()
        pid = second["pid"]
        descriptors = sorted(os.listdir(f"/proc/{pid}/fd"))
        log = [fd for fd in descriptors if fd not in ("0", "1", "2")]
        assert len(log) == 1  # the pool's standard error, the server's log, for its faults
        assert os.readlink(f"/proc/{pid}/fd/{log[0]}") == os.readlink(f"/proc/{pool.pid}/fd/2")
        assert len({os.readlink(f"/proc/{pid}/fd/{fd}") for fd in ("0", "1", "2")}) == 1
        environ = Path(f"/proc/{pid}/environ").read_bytes()
        names = {entry.partition(b"=")[0].decode() for entry in environ.split(b"\0") if entry}
        assert names <= set(PASSED_FROM_SERVER) | {"PYTHONUTF8"}
        # The scan finds what is there: the app's own token, the host key in the server.
        assert holds(pid, own_token) and holds(os.getpid(), host_key)
        assert not holds(pid, first_token)
        assert not holds(pid, host_key)
        assert not holds(pool.pid, first_token) and not holds(pool.pid, own_token)


async def test_two_forked_apps_draw_different_random_numbers(start_server, start_pool):
    pool = await start_pool()
    assert await pool.ready()
    server = await start_server(keys=None, pool=pool)
    draws = []
    for name in ("fay", "gil"):
        async with await server.connect(None, username=name) as conn:
            draws.append((await report(await play(conn), "env"))["random"])
    assert draws[0] != draws[1]


async def test_the_pool_refuses_past_its_limits_with_a_sentence(start_server, start_pool):
    pool = await start_pool(max_children=2, max_per_group=1)
    assert await pool.ready()
    server = await start_server(keys=None, pool=pool, max_per_address=8)
    async with await server.connect(None, username="hana") as kept:
        await report(await play(kept), "env")
        async with await server.connect(None, username="ivo") as second:
            status, stderr = await finish(await play(second))
            assert status == 1 and one_sentence(stderr) == f"wish-tui: {FULL_FOR_GROUP}."
        async with await server.connect(None, username="jan", local="127.0.0.2") as other:
            await report(await play(other), "env")
            async with await server.connect(None, username="kai", local="127.0.0.3") as third:
                status, stderr = await finish(await play(third))
                assert status == 1 and one_sentence(stderr) == f"wish-tui: {FULL}."
    assert any(FULL_FOR_GROUP in line and "ivo" in line for line in server.logs)


async def test_a_killed_pool_falls_back_to_fresh_processes_with_one_logged_line(
    start_server, start_pool
):
    logs: list[str] = []
    pool = await start_pool(log=logs.append)
    assert await pool.ready()
    server = await start_server(keys=None, pool=pool)
    async with await server.connect(None, username="lea") as conn:
        before = await play(conn)
        forked = (await report(before, "env"))["pid"]
        os.kill(pool.pid, signal.SIGKILL)
        assert await soon(lambda: not pool.is_alive and logs)
        assert logs == [f"the session pool stopped by SIGKILL, so {FALLBACK}"]
        before.stdin.write(b"still here\r")  # the app forked before goes on, on its terminal
        assert (await report(before, "echo"))["echo"] == "still here"
        before.stdin.write(b"exit 0\r")
        status, _ = await finish(before)
        assert status == 0 and await gone(forked)
        fresh = (await report(await play(conn), "env"))["pid"]
        assert parent_of(fresh) == os.getpid()
    assert len(logs) == 1


async def test_a_pool_that_cannot_start_its_app_is_logged_and_sessions_start_fresh(
    start_server, start_pool
):
    logs: list[str] = []
    pool = await start_pool(log=logs.append, entry=("no_such_module_anywhere:main",))
    assert not await pool.ready()
    assert await soon(lambda: logs)
    assert logs == [f"the session pool stopped with status 1, so {FALLBACK}"]
    server = await start_server(keys=None, pool=pool)
    async with await server.connect(None, username="max") as conn:
        pid = (await report(await play(conn), "env"))["pid"]
        assert parent_of(pid) == os.getpid()


@contextlib.asynccontextmanager
async def pooled_client_apps(tmp_path, pool: SessionPool | None):
    """A table server and an SSH front end on loopback whose sessions run the client app in
    `pool` (rehearsed and ready); the front end. All three are closed after."""
    assert pool is not None
    hub = Hub(tmp_path, bot_pace=0.0, rate_limits={})
    await hub.start()
    front = FrontEnd(
        hub, asyncssh.generate_private_key("ssh-ed25519"), None, tmp_path, Limits(),
        CLIENT_COMMAND, log=lambda line: None, pool=pool,
    )  # fmt: skip
    try:
        assert await pool.ready()
        await front.start("127.0.0.1", 0)
        yield front
    finally:
        await front.close()
        await hub.close()
        await pool.close()


async def screen_until(proc, text: bytes, screen: bytes = b"") -> bytes:
    """What an SSH session's app drew, read until `text` shows (its escapes left out)."""
    while text not in ANSI.sub(b"", screen):
        chunk = await asyncio.wait_for(proc.stdout.read(65536), 30)
        assert chunk, screen[-500:]
        screen += chunk
    return screen


async def test_the_client_app_forked_from_a_rehearsed_pool_reaches_the_lobby(tmp_path):
    # Another test in this process may have imported it; only this test's import would count.
    sys.modules.pop("wish_tui.pool_app", None)
    pool = await SessionPool.begin_app(POOLED_CLIENT, max_children=4, max_per_group=4, log=print)
    async with pooled_client_apps(tmp_path, pool) as front, asyncssh.connect(
        "127.0.0.1", front.port, username="nia", known_hosts=None, agent_path=None,
        config=None, client_keys=None,
    ) as conn:  # fmt: skip
        proc = await conn.create_process(
            term_type="xterm-256color", term_size=(100, 30), encoding=None
        )
        await screen_until(proc, b"Tables of this server")
        assert pool.app_count == 1
        proc.stdin.write(b"q")
        result = await asyncio.wait_for(proc.wait(), 30)
        assert result.exit_status == 0
    assert sys.modules.get("wish_tui.pool_app") is None  # run in the pool only


async def test_a_pool_that_hangs_is_stopped_and_the_next_session_starts_fresh(
    start_server, start_pool, monkeypatch
):
    monkeypatch.setattr(pool_link, "SPAWN_TIMEOUT", 0.5)
    logs: list[str] = []
    pool = await start_pool(log=logs.append)
    assert await pool.ready()
    server = await start_server(keys=None, pool=pool)
    os.kill(pool.pid, signal.SIGSTOP)
    async with await server.connect(None, username="ode") as conn:
        status, stderr = await finish(await play(conn))
        assert status == 1 and "could not start" in one_sentence(stderr)
        assert logs == [f"the session pool did not fork an app within 0.5 seconds, so {FALLBACK}"]
        assert await gone(pool.pid)
        fresh = (await report(await play(conn), "env"))["pid"]
        assert parent_of(fresh) == os.getpid()


async def test_an_app_that_ends_at_once_still_ends_its_session_with_its_status(
    start_server, start_pool, tmp_path
):
    quick = tmp_path / "quick_app.py"
    quick.write_text("def main():\n    return 5\n")
    pool = await start_pool(entry=(f"{quick}:main",))
    assert await pool.ready()
    server = await start_server(keys=None, pool=pool)
    async with await server.connect(None, username="pia") as conn:
        for _ in range(3):
            status, stderr = await finish(await play(conn))
            assert status == 5 and "status 5" in one_sentence(stderr)


class _PoolProcessDouble:
    """The pool program's process, as `SessionPool` sees it, for a pool played by the test."""

    pid = 0
    returncode = None

    def __init__(self) -> None:
        self._ended = asyncio.Event()

    async def wait(self) -> int:
        await self._ended.wait()
        return 0

    def kill(self) -> None:
        self._ended.set()


async def _ready_pool() -> tuple[_PoolProcessDouble, SessionPool, socket.socket]:
    """A pool on one end of a socket pair whose program double has said it is ready."""
    ours, theirs = socket.socketpair()
    ours.setblocking(False)
    program = _PoolProcessDouble()
    pool = SessionPool(program, ours, log=lambda line: None)
    theirs.sendall(b'{"ready": 1}\n')
    assert await pool.ready(timeout=5)
    return program, pool, theirs


async def test_an_end_that_comes_with_the_start_in_one_read_is_not_lost():
    program, pool, theirs = await _ready_pool()
    try:
        read, write = os.pipe()
        spawning = asyncio.ensure_future(pool.spawn((read, read, read), {"TERM": "x"}, "g"))
        line, fds, _, _ = await asyncio.to_thread(socket.recv_fds, theirs, 4096, 8)
        assert json.loads(line)["spawn"] == 1 and len(fds) == 4
        for fd in fds:
            os.close(fd)
        theirs.sendall(b'{"started": 1, "pid": 999999}\n{"exited": 1, "status": 7}\n')
        process = await asyncio.wait_for(spawning, 5)
        assert await asyncio.wait_for(process.wait(), 5) == 7
        os.close(read)
        os.close(write)
    finally:
        theirs.close()
        program.kill()  # as the pool program does when its socket closes
        await pool.close()


async def test_a_pool_closed_with_ends_still_queued_for_its_hosts_closes_quietly():
    """At shutdown every session ends its app at once: the `end`s queued for the pool's hosts
    (more than its socket holds) are dropped with the pool, not written to its closed socket,
    and no task is left behind to fail with a "Bad file descriptor" or wait for ever."""
    loop = asyncio.get_running_loop()
    failures: list[dict] = []
    loop.set_exception_handler(lambda _, context: failures.append(context))
    program, pool, theirs = await _ready_pool()
    try:
        read, write = os.pipe()
        processes = []
        for request in (1, 2):
            spawning = asyncio.ensure_future(pool.spawn((read, read, read), {"TERM": "x"}, "g"))
            line, fds, _, _ = await asyncio.to_thread(socket.recv_fds, theirs, 4096, 8)
            for fd in fds:
                os.close(fd)
            theirs.sendall(b'{"started": %d, "pid": 999999, "shared": true}\n' % request)
            processes.append(await asyncio.wait_for(spawning, 5))
        os.close(read)
        os.close(write)
        for _ in range(20000):  # the pool's side of the socket fills: ends wait to be written
            processes[0].resized()
        for process in processes:
            process.signal(signal.SIGTERM)
        await asyncio.sleep(0.1)
    finally:
        program.kill()
        await pool.close()
        theirs.close()
    await asyncio.sleep(0.1)
    left = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
    assert left == []
    del left
    gc.collect()
    await asyncio.sleep(0)
    assert failures == []
    loop.set_exception_handler(None)
