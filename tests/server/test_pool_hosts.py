"""Hosts of the session pool: several sessions' apps in one forked process, each on its own
terminal, with its own environment, ended and resized one by one.

The host's app is `probe_host.py` (``probe_host.py:main``): it reports its process id, its own
environment and its terminal's size, echoes lines, and exits, crashes or ignores an end when
told to. The last tests run the real client app, two sessions in one host.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

import asyncssh
import pytest

from tests.server.test_pool import holds, parent_of, pooled_client_apps, screen_until
from tests.server.test_ssh import ended_by, finish, gone, one_sentence, play, report, soon
from wish_tui.server.pool.host import GC_TIMES_ENV, HOST_GC_THRESHOLDS
from wish_tui.server.pool.link import SessionPool
from wish_tui.server.pool.wire import FULL
from wish_tui.session_app import POOLED_CLIENT

HOST_ENTRY = f"{Path(__file__).with_name('probe_host.py')}:main"


@pytest.fixture
def start_hosts(start_pool):
    """Start a pool whose apps share hosts of `apps_per_host`; each is closed at the end."""

    async def start(apps_per_host: int = 4, max_children: int = 8, max_per_group: int = 8):
        pool = await start_pool(
            max_children, max_per_group, apps_per_host=apps_per_host, host_entry=HOST_ENTRY
        )
        assert await pool.ready()
        return pool

    return start


async def test_two_sessions_share_a_host_each_with_its_own_environment(start_server, start_hosts):
    pool = await start_hosts()
    server = await start_server(keys=None, pool=pool)
    async with (
        await server.connect(None, username="ana") as first_conn,
        await server.connect(None, username="bo") as second_conn,
    ):
        first_proc = await play(first_conn, term_size=(100, 40), env={"NO_COLOR": "1"})
        first = await report(first_proc, "env")
        second_proc = await play(second_conn, term_type="xterm-kitty", term_size=(90, 30))
        second = await report(second_proc, "env")
        assert first["pid"] == second["pid"] != pool.pid
        assert parent_of(first["pid"]) == pool.pid
        tokens = [token for token, _, _ in server.hub.registered]
        assert first["env"] == {
            "WISH_TUI_SERVE_SOCKET": str(server.hub.socket_path),
            "WISH_TUI_SERVE_TOKEN": tokens[0],
            "WISH_TUI_DATA_DIR": str(server.front.data_dir),
            "TERM": "xterm-256color",
            "NO_COLOR": "1",
        }
        assert second["env"]["WISH_TUI_SERVE_TOKEN"] == tokens[1]
        assert second["env"]["TERM"] == "xterm-kitty" and second["env"]["NO_COLOR"] is None
        assert (first["size"], second["size"]) == ([100, 40], [90, 30])
        assert first["random"] != second["random"]
        # Each hears its own keys, and its own environment in every task it runs.
        first_proc.stdin.write(b"one\r")
        second_proc.stdin.write(b"two\r")
        assert await report(first_proc, "echo") == {"echo": "one", "no_color": True}
        assert await report(second_proc, "echo") == {"echo": "two", "no_color": False}
        # A new size reaches only the app whose terminal it is.
        second_proc.change_terminal_size(120, 50)
        assert (await report(second_proc, "size"))["size"] == [120, 50]
        first_proc.stdin.write(b"still\r")
        assert (await report(first_proc))["echo"] == "still"  # no size report came first
        assert pool.app_count == 2


async def test_a_host_collects_its_young_objects_at_its_own_thresholds(start_server, start_hosts):
    pool = await start_hosts()
    server = await start_server(keys=None, pool=pool)
    async with await server.connect(None, username="ana") as conn:
        reported = await report(await play(conn), "gc")
        assert reported["gc"] == list(HOST_GC_THRESHOLDS) != [700, 10, 10]


async def test_a_host_times_its_collections_only_when_its_pool_was_asked(
    start_server, start_hosts, tmp_path, monkeypatch
):
    folder = tmp_path / "collections"
    folder.mkdir()
    monkeypatch.setenv(GC_TIMES_ENV, str(folder))
    pool = await start_hosts()
    monkeypatch.delenv(GC_TIMES_ENV)
    server = await start_server(keys=None, pool=pool)
    async with await server.connect(None, username="ana") as conn:
        proc = await play(conn)
        pid = (await report(proc, "env"))["pid"]
        proc.stdin.write(b"collect\r")
        assert "collected" in await report(proc)
        lines = (folder / str(pid)).read_text().splitlines()
        when, generation, ms, freed = lines[-1].split()
        assert (int(generation), float(ms) >= 0, int(freed) >= 0) == (2, True, True)
        assert abs(float(when) - time.time()) < 60
    assert [path.name for path in folder.iterdir()] == [str(pid)]


async def test_the_host_holds_no_secret_of_the_server_and_the_pool_no_token(
    start_server, start_hosts
):
    pool = await start_hosts()
    server = await start_server(keys=None, pool=pool)
    host_key = server.front.host_key.pyca_key.private_bytes_raw()
    async with await server.connect(None, username="cy") as conn:
        first = await report(await play(conn), "env")
        token = first["env"]["WISH_TUI_SERVE_TOKEN"].encode()
        pid = first["pid"]
        descriptors = sorted(int(fd) for fd in os.listdir(f"/proc/{pid}/fd"))
        terminals = [
            fd for fd in descriptors if os.readlink(f"/proc/{pid}/fd/{fd}").startswith("/dev/pts")
        ]
        assert (
            len(terminals) == 1
        )  # its one app's terminal; the rest are its loop's and the pool's socket
        assert holds(pid, token) and holds(os.getpid(), host_key)
        assert not holds(pid, host_key)
        assert not holds(pool.pid, token)


async def test_an_app_that_ends_or_crashes_leaves_the_others_of_its_host_running(
    start_server, start_hosts
):
    pool = await start_hosts()
    server = await start_server(keys=None, pool=pool)
    async with (
        await server.connect(None, username="dee") as first_conn,
        await server.connect(None, username="eli") as second_conn,
    ):
        stays = await play(second_conn)
        host = (await report(stays, "env"))["pid"]
        status, stderr = await ended_by(first_conn, b"exit 3\r")
        assert status == 3 and "status 3" in one_sentence(stderr)
        crashes = await play(first_conn)
        assert (await report(crashes, "env"))["pid"] == host
        crashes.stdin.write(b"crash\r")
        status, stderr = await finish(crashes)
        assert status == 1 and "status 1" in one_sentence(stderr)
        stays.stdin.write(b"here\r")
        assert (await report(stays, "echo"))["echo"] == "here"
        stays.stdin.write(b"exit 0\r")
        status, _ = await finish(stays)
        assert status == 0
    assert await soon(lambda: pool.app_count == 0)
    assert await gone(host)  # its last app ended: an empty host exits


async def test_a_closed_session_ends_its_app_and_a_stubborn_one_is_dropped(
    start_server, start_hosts
):
    pool = await start_hosts()
    server = await start_server(keys=None, pool=pool, stop_grace=0.3)
    async with await server.connect(None, username="fay") as keeper_conn:
        keeper = await play(keeper_conn)
        host = (await report(keeper, "env"))["pid"]
        for order in (b"", b"stubborn\r"):
            async with await server.connect(None, username="gil") as conn:
                leaving = await play(conn)
                await report(leaving, "env")
                if order:
                    leaving.stdin.write(order)
                    await report(leaving, "stubborn")
                assert pool.app_count == 2
            assert await soon(lambda: pool.app_count == 1)
        keeper.stdin.write(b"on\r")
        assert (await report(keeper, "echo"))["echo"] == "on"
        assert parent_of(host) == pool.pid


async def test_a_host_wedged_by_one_app_is_killed_and_its_sessions_end_with_a_sentence(
    start_server, start_hosts
):
    pool = await start_hosts()
    server = await start_server(keys=None, pool=pool, stop_grace=0.3)
    async with await server.connect(None, username="ola") as keeper_conn:
        keeper = await play(keeper_conn)
        host = (await report(keeper, "env"))["pid"]
        async with await server.connect(None, username="pim") as conn:
            wedger = await play(conn)
            await report(wedger, "env")
            wedger.stdin.write(b"wedge\r")
            await report(wedger, "wedged")
        status, stderr = await finish(keeper)  # its host held by another app, then killed
        assert status == 128 + 9 and "SIGKILL" in one_sentence(stderr)
        assert await gone(host) and await soon(lambda: pool.app_count == 0)
        again = (await report(await play(keeper_conn), "env"))["pid"]
        assert again != host and pool.is_alive


async def test_hosts_fill_to_their_size_and_the_limits_count_their_apps(start_server, start_hosts):
    pool = await start_hosts(apps_per_host=2, max_children=3)
    server = await start_server(keys=None, pool=pool, max_per_address=8)
    conns = [await server.connect(None, username=f"p{i}") for i in range(4)]
    try:
        pids = [(await report(await play(conn), "env"))["pid"] for conn in conns[:3]]
        assert pids[0] == pids[1] != pids[2]
        status, stderr = await finish(await play(conns[3]))
        assert status == 1 and one_sentence(stderr) == f"wish-tui: {FULL}."
    finally:
        for conn in conns:
            conn.close()


async def test_a_killed_host_ends_its_sessions_and_the_next_gets_a_new_host(
    start_server, start_hosts
):
    pool = await start_hosts()
    server = await start_server(keys=None, pool=pool)
    async with await server.connect(None, username="hana") as conn:
        proc = await play(conn)
        host = (await report(proc, "env"))["pid"]
        os.kill(host, signal.SIGKILL)
        status, stderr = await finish(proc)
        assert "SIGKILL" in one_sentence(stderr) and status == 128 + 9
        again = (await report(await play(conn), "env"))["pid"]
        assert again != host and parent_of(again) == pool.pid
    assert pool.is_alive and pool.logs == []


async def test_a_plain_text_session_gets_a_process_of_its_own(start_server, start_hosts):
    pool = await start_hosts()
    server = await start_server(keys=None, pool=pool)
    async with (
        await server.connect(None, username="ivo") as conn,
        await server.connect(None, username="jan") as plain_conn,
    ):
        shared = await report(await play(conn), "env")
        own = await report(await play(plain_conn, env={"WISH_TUI_PLAIN": "1"}), "env")
        assert "ctty" not in shared and own["ctty"] is True  # probe_child's report
        assert own["pid"] != shared["pid"] and parent_of(own["pid"]) == pool.pid


async def test_two_client_apps_in_one_host_reach_the_lobby_each_with_its_own_colours(tmp_path):
    pool = await SessionPool.begin_app(
        POOLED_CLIENT, max_children=4, max_per_group=4, log=print, apps_per_host=4
    )
    options = dict(known_hosts=None, agent_path=None, config=None, client_keys=None)
    async with (
        pooled_client_apps(tmp_path, pool) as front,
        asyncssh.connect("127.0.0.1", front.port, username="kai", **options) as plain_conn,
        asyncssh.connect("127.0.0.1", front.port, username="lea", **options) as colour_conn,
    ):
        grey = await plain_conn.create_process(
            term_type="xterm-256color", term_size=(100, 30), encoding=None,
            env={"NO_COLOR": "1"},
        )  # fmt: skip
        grey_screen = await screen_until(grey, b"Tables of this server")
        colour = await colour_conn.create_process(
            term_type="xterm-256color", term_size=(100, 30), encoding=None
        )
        colour_screen = await screen_until(colour, b"Tables of this server")
        assert pool.app_count == 2
        assert len([p for p in os.listdir("/proc") if p.isdigit() and _child_of(p, pool.pid)]) == 1
        assert b"\x1b[38;" in colour_screen or b"\x1b[48;" in colour_screen
        assert b"\x1b[38;" not in grey_screen and b"\x1b[48;" not in grey_screen
        # A terminal made too small is told so; the other app is not.
        grey.change_terminal_size(36, 18)  # below the 40x20 a phone needs
        await screen_until(grey, b"terminal is too small")
        colour.stdin.write(b"n")
        await screen_until(colour, b"New table")
        grey.stdin.write(b"q")
        assert (await asyncio.wait_for(grey.wait(), 30)).exit_status == 0
        colour.stdin.write(b"\x1b")
        # A lone Esc, not Alt+q: q once the lobby is back (a fixed wait was too short under load).
        await screen_until(colour, b"Tables of this server")
        colour.stdin.write(b"q")
        assert (await asyncio.wait_for(colour.wait(), 30)).exit_status == 0


def _child_of(pid: str, parent: int) -> bool:
    try:
        return parent_of(int(pid)) == parent
    except OSError:
        return False
