"""Whether an idle SSH connection is still there is asked by the kernel (TCP keepalive probes
after KEEPALIVE_S seconds of silence, cut after KEEPALIVES_UNANSWERED unanswered, and when
what was sent stays unacknowledged as long), not by asyncssh's keepalive requests: each of
those woke the server's loop, encrypted a request, woke the client and decrypted its answer,
every minute for every session in a lobby. Where the kernel cannot be asked, asyncssh asks."""

from __future__ import annotations

import socket

import pytest

from wish_tui.server.ssh import front as front_module
from wish_tui.server.ssh import lean


async def server_side(server, client):
    """The front end's connection of `client` (the only one)."""
    (connection,) = server.front._connections
    assert connection.conn is not None
    return connection.conn


@pytest.mark.skipif(not hasattr(socket, "TCP_KEEPIDLE"), reason="no TCP_KEEPIDLE here")
async def test_an_idle_connection_is_asked_by_the_kernel_not_by_asyncssh(start_server):
    server = await start_server(keys=None)
    async with await server.connect(None, username="carol") as conn:
        await conn.run("env", check=False)
        ssh = await server_side(server, conn)
        sock = ssh.get_extra_info("socket")
        assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE)
        idle = front_module.KEEPALIVE_S
        unanswered = front_module.KEEPALIVES_UNANSWERED
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE) == idle
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPCNT) == unanswered
        interval = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPINTVL)
        assert idle + interval * unanswered == pytest.approx(idle * unanswered, abs=1)
        if hasattr(socket, "TCP_USER_TIMEOUT"):
            timeout = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT)
            assert timeout == idle * unanswered * 1000
        assert ssh._keepalive_timer is None  # asyncssh asks nothing


async def test_where_the_kernel_cannot_be_asked_asyncssh_asks(start_server, monkeypatch):
    monkeypatch.setattr(lean, "kernel_keepalive", lambda sock, idle, unanswered: False)
    server = await start_server(keys=None)
    async with await server.connect(None, username="carol") as conn:
        await conn.run("env", check=False)
        ssh = await server_side(server, conn)
        assert ssh._keepalive_interval == front_module.KEEPALIVE_S
        assert ssh._keepalive_count_max == front_module.KEEPALIVES_UNANSWERED
        assert ssh._keepalive_timer is not None
