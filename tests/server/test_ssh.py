"""The SSH front end, driven in-process by asyncssh's own client on loopback.

The child app is `probe_child.py`: it reports its environment, terminal size and resizes as JSON
lines, and exits, crashes or ignores SIGTERM when told to.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal

import asyncssh
import pytest

from tests.server.conftest import new_key, public_line

TIMEOUT = 10
SENTENCE = re.compile(r"^wish-tui: [^\n]+\.$")


async def report(proc, field: str | None = None) -> dict:
    """The child's next report (that has `field`)."""
    while True:
        line = await asyncio.wait_for(proc.stdout.readline(), TIMEOUT)
        assert line, "the child's output ended"
        message = json.loads(line)
        if field is None or field in message:
            return message


async def finish(proc) -> tuple[int, str]:
    """The exit status and stderr of a session that ends."""
    stderr = await asyncio.wait_for(proc.stderr.read(), TIMEOUT)
    result = await asyncio.wait_for(proc.wait(), TIMEOUT)
    return result.exit_status, stderr.decode()


def one_sentence(stderr: str) -> str:
    text = stderr.strip()
    assert SENTENCE.match(text), stderr
    return text


async def play(conn, **options):
    options.setdefault("term_type", "xterm-256color")
    options.setdefault("term_size", (80, 24))
    return await conn.create_process(encoding=None, **options)


async def ended_by(conn, order: bytes) -> tuple[int, str]:
    """A new session's probe, once it has reported, told `order`; the session's exit status
    and its stderr."""
    proc = await play(conn)
    await report(proc, "env")
    proc.stdin.write(order)
    return await finish(proc)


def is_alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            state = stat.read().rpartition(")")[2].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


async def soon(condition, within: float = TIMEOUT) -> bool:
    """True once `condition()` holds, False if it does not within `within` seconds."""
    for _ in range(int(within / 0.02)):
        if condition():
            return True
        await asyncio.sleep(0.02)
    return False


async def gone(pid: int, within: float = 5.0) -> bool:
    for _ in range(int(within / 0.05)):
        if not is_alive(pid):
            return True
        await asyncio.sleep(0.05)
    return False


# Who may connect


async def test_a_key_in_the_file_is_admitted_and_another_refused(start_server):
    alice, stranger = new_key("alice@laptop"), new_key("stranger")
    server = await start_server(keys=[alice])
    async with await server.connect(alice, username="whoever") as conn:
        proc = await play(conn)
        first = await report(proc, "env")
        token, person, name = server.hub.registered[0]
        assert person == alice.get_fingerprint("sha256") and name == ""
        assert first["env"]["WISH_TUI_SERVE_TOKEN"] == token
    with pytest.raises(asyncssh.PermissionDenied):
        await server.connect(stranger)
    with pytest.raises(asyncssh.PermissionDenied):
        await server.connect(None)
    assert len(server.hub.registered) == 1


async def test_the_same_key_is_the_same_person_and_a_key_without_comment_offers_no_name(
    start_server,
):
    """`ssh -p PORT host` logs in as the local account's name (root, pi, ubuntu), which the
    person never chose for the club: it is not offered to a newcomer as their name."""
    bare = new_key()
    server = await start_server(keys=[bare])
    for _ in range(2):
        async with await server.connect(bare, username=" dora   smith ") as conn:
            await report(await play(conn), "env")
    people = [(person, name) for _, person, name in server.hub.registered]
    assert people == [(bare.get_fingerprint("sha256"), "")] * 2


async def test_a_comment_that_names_someone_is_offered_and_ssh_keygen_s_user_at_host_is_not(
    start_server,
):
    """ssh-keygen writes 'USER@HOST' as a key's comment: the local account again, and the
    machine's name. A comment the keeper wrote ('Ann Lee') is offered."""
    ann, default = new_key(" Ann   Lee "), new_key("root@vm")
    server = await start_server(keys=[ann, default])
    for key in (ann, default):
        async with await server.connect(key, username="root") as conn:
            await report(await play(conn), "env")
    assert [name for _, _, name in server.hub.registered] == ["Ann Lee", ""]


async def test_a_key_added_while_the_server_runs_is_admitted(start_server):
    alice, bob = new_key("alice"), new_key("bob")
    server = await start_server(keys=[alice])
    with pytest.raises(asyncssh.PermissionDenied):
        await server.connect(bob)
    with server.keys_path.open("a") as file:
        file.write("not a key at all\n" + public_line(bob) + "\n")
    async with await server.connect(bob) as conn:
        await report(await play(conn), "env")
    assert server.hub.registered[-1][1:] == (bob.get_fingerprint("sha256"), "bob")
    assert any("line 2" in warning for warning in server.warnings)


async def test_open_admits_anyone_by_the_ssh_user_name(start_server):
    server = await start_server(keys=None)
    for _ in range(2):
        async with await server.connect(None, username="carol") as conn:
            await report(await play(conn), "env")
    assert [entry[1:] for entry in server.hub.registered] == [("open:carol", "carol")] * 2
    for name, shown in (("carol", "carol"), ("dora smith", "NAME"), ("$(reboot)", "NAME")):
        async with await server.connect(None, username=name) as conn:
            status, stderr = await finish(await conn.create_process(encoding=None))
        assert f"'ssh -t -p {server.port} {shown}@127.0.0.1'" in one_sentence(stderr)


@pytest.mark.parametrize("username", ["x" * 25, "   "])
async def test_open_refuses_an_unusable_name_with_how_to_connect(start_server, username):
    server = await start_server(keys=None)
    async with await server.connect(None, username=username) as conn:
        status, stderr = await finish(await play(conn))
    assert status == 1
    assert f"'ssh -p {server.port} NAME@127.0.0.1'" in one_sentence(stderr)
    assert server.hub.registered == []


# What is refused


async def test_a_session_without_a_terminal_and_a_command_are_refused(start_server):
    key = new_key("alice")
    server = await start_server(keys=[key])
    async with await server.connect(key) as conn:
        status, stderr = await finish(await conn.create_process(encoding=None))
        assert status == 1
        assert f"'ssh -t -p {server.port} 127.0.0.1'" in one_sentence(stderr)

        result = await asyncio.wait_for(conn.run("cat /etc/passwd"), TIMEOUT)
        assert result.exit_status == 1 and result.stdout == ""
        assert "runs no commands" in one_sentence(result.stderr)

        status, stderr = await finish(await play(conn, command="sh"))
        assert status == 1 and "runs no commands" in stderr
    assert server.hub.registered == []


async def test_sftp_and_subsystems_are_refused(start_server):
    key = new_key("alice")
    server = await start_server(keys=[key])
    async with await server.connect(key) as conn:
        status, stderr = await finish(await conn.create_process(subsystem="sftp", encoding=None))
        assert status == 1 and "no file transfer" in one_sentence(stderr)
        with pytest.raises((asyncssh.Error, OSError)):
            await asyncio.wait_for(conn.start_sftp_client(), TIMEOUT)
    assert server.hub.registered == []


async def test_every_forwarding_is_refused(start_server, tmp_path):
    key = new_key("alice")
    server = await start_server(keys=[key])
    async with await server.connect(key) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", server.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_unix_connection(asyncssh.SSHUNIXSession, "/run/anything.sock")
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_path(str(tmp_path / "listen.sock"), "/dev/null")
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_tun(asyncssh.SSHTunTapSession)
        proc = await play(conn)
        await report(proc, "env")
        # Requests a session may make: agent forwarding and X11 are refused, no env slips in.
        chan = proc.channel
        assert await chan._make_request(b"auth-agent-req@openssh.com") is False
        x11 = asyncssh.packet.Boolean(False) + asyncssh.packet.String(b"MIT-MAGIC-COOKIE-1")
        x11 += asyncssh.packet.String(b"00" * 16) + asyncssh.packet.UInt32(0)
        assert await chan._make_request(b"x11-req", x11) is False
        proc.stdin.write(b"still here\r")
        assert (await report(proc, "echo"))["echo"] == "still here"


async def test_one_session_at_a_time_per_connection(start_server):
    key = new_key("alice")
    server = await start_server(keys=[key])
    async with await server.connect(key) as conn:
        proc = await play(conn)
        await report(proc, "env")
        with pytest.raises(asyncssh.ChannelOpenError):
            await play(conn)


# The child app


async def test_the_child_gets_its_environment_terminal_size_and_resizes(start_server):
    server = await start_server(keys=None)
    async with await server.connect(None, username="erin") as conn:
        proc = await play(
            conn,
            term_type="xterm-kitty",
            term_size=(100, 40),
            env={"NO_COLOR": "1", "LD_PRELOAD": "/tmp/evil.so", "PATH": "/evil", "X": "y"},
        )
        first = await report(proc, "env")
        token = server.hub.registered[0][0]
        assert first["env"] == {
            "WISH_TUI_SERVE_SOCKET": str(server.hub.socket_path),
            "WISH_TUI_SERVE_TOKEN": token,
            "WISH_TUI_DATA_DIR": str(server.front.data_dir),
            "TERM": "xterm-kitty",
            "NO_COLOR": "1",
        }
        assert "LD_PRELOAD" not in first["names"] and "X" not in first["names"]
        assert "/evil" not in os.environ.get("PATH", "")
        assert first["size"] == [100, 40] and first["ctty"] is True
        proc.change_terminal_size(120, 50)
        assert (await report(proc, "size"))["size"] == [120, 50]
        proc.change_terminal_size(10**6, 10**6)
        assert (await report(proc, "size"))["size"] == [500, 200]
        proc.stdin.write("héllo\r".encode())
        assert (await report(proc, "echo"))["echo"] == "héllo"


async def test_absurd_terminal_types_sizes_and_environments_are_bounded(start_server):
    server = await start_server(keys=None)
    async with await server.connect(None, username="finn") as conn:
        many = {f"VAR{i}": "v" * 1000 for i in range(300)}
        proc = await play(
            conn, term_type="x" * 5000, term_size=(0, 0), env={**many, "NO_COLOR": "n" * 5000}
        )
        first = await report(proc, "env")
        assert first["env"]["TERM"] == "xterm-256color"
        assert first["env"]["NO_COLOR"] is None
        assert first["size"] == [80, 24]
        (connection,) = server.front._connections
        (session,) = connection.sessions
        assert session.env == {} and session.chan._env == {}


async def test_the_session_ends_with_the_childs_exit_status_and_a_sentence(start_server):
    server = await start_server(keys=None)
    async with await server.connect(None, username="gus") as conn:
        status, stderr = await ended_by(conn, b"exit 3\r")
        assert status == 3 and "status 3" in one_sentence(stderr)

        status, stderr = await ended_by(conn, b"exit 0\r")
        assert status == 0 and "connect again" in one_sentence(stderr)
    assert sorted(server.hub.unregistered) == sorted(t for t, _, _ in server.hub.registered)
    assert len(server.hub.unregistered) == 2


async def test_an_app_the_table_server_let_go_says_its_last_word_alone(start_server):
    """A banned member, or a newcomer a full disk turned away: the app says the server's
    sentence and ends with LET_GO_STATUS; the session adds no sentence of its own after it
    (it said 'the game stopped with status 1; connect again to return to your seats')."""
    from wish_tui.tables.protocol import LET_GO_STATUS

    server = await start_server(keys=None)
    async with await server.connect(None, username="gil") as conn:
        status, stderr = await ended_by(conn, f"exit {LET_GO_STATUS}\r".encode())
        assert (status, stderr) == (1, "")


async def test_a_crash_ends_only_its_own_session(start_server):
    server = await start_server(keys=None)
    async with (
        await server.connect(None, username="hal") as first,
        await server.connect(None, username="ida") as second,
    ):
        crashing, steady = await play(first), await play(second)
        await report(crashing, "env")
        await report(steady, "env")
        crashing.stdin.write(b"crash\r")
        status, stderr = await finish(crashing)
        assert status == 128 + 6 and "SIGABRT" in one_sentence(stderr)
        steady.stdin.write(b"ping\r")
        assert (await report(steady, "echo"))["echo"] == "ping"
    async with await server.connect(None, username="jo") as conn:
        await report(await play(conn), "env")


async def test_the_child_is_stopped_when_the_session_closes(start_server):
    server = await start_server(keys=None)
    async with await server.connect(None, username="kim") as conn:
        proc = await play(conn)
        pid = (await report(proc, "env"))["pid"]
        proc.stdin.write(b"spawn\r")
        sleeper = (await report(proc, "spawned"))["spawned"]
        assert is_alive(pid) and is_alive(sleeper)
    assert await gone(pid) and await gone(sleeper)
    assert await soon(lambda: server.hub.unregistered)
    assert server.hub.unregistered == [server.hub.registered[0][0]]


async def test_a_child_that_ignores_sigterm_is_killed(start_server):
    server = await start_server(keys=None, stop_grace=0.3)
    async with await server.connect(None, username="lou") as conn:
        proc = await play(conn)
        pid = (await report(proc, "env"))["pid"]
        proc.stdin.write(b"stubborn\r")
        await report(proc, "stubborn")
    assert await gone(pid, within=3)


async def test_a_child_that_cannot_start_ends_the_session_with_a_sentence(start_server, tmp_path):
    server = await start_server(keys=None, command=[str(tmp_path / "no-such-program")])
    async with await server.connect(None, username="max") as conn:
        result = await asyncio.wait_for((await play(conn)).wait(), TIMEOUT)
    assert result.exit_status == 127 and "status 127" in one_sentence(result.stderr.decode())
    assert b"Traceback" not in result.stdout and b"no-such-program" not in result.stdout
    assert len(server.hub.unregistered) == 1


async def test_a_table_server_that_cannot_seat_someone_ends_only_that_session(start_server):
    server = await start_server(keys=None)
    server.hub.fault = RuntimeError("full tables")
    async with await server.connect(None, username="rex") as conn:
        status, stderr = await finish(await play(conn))
        assert status == 1 and "could not seat you" in one_sentence(stderr)
        server.hub.fault = None
        await report(await play(conn), "env")
    assert any("full tables" in line for line in server.logs)


async def test_output_the_client_does_not_read_waits_in_the_child_not_the_server(start_server):
    server = await start_server(keys=None)
    async with await server.connect(None, username="sam") as conn:
        proc = await play(conn)
        await report(proc, "env")
        size = 5_000_000
        proc.stdin.write(b"flood %d\r" % size)
        (connection,) = server.front._connections
        (session,) = connection.sessions
        assert await soon(lambda: session.child._output_paused)
        assert session.chan.get_write_buffer_size() < 1 << 20
        end = (json.dumps({"flooded": size}) + "\r\n").encode()
        received, tail = 0, b""
        while not tail.endswith(end):
            chunk = await asyncio.wait_for(proc.stdout.read(1 << 20), TIMEOUT)
            assert chunk
            received, tail = received + len(chunk), (tail + chunk)[-len(end) :]
        assert received == size + len(end)
        assert not session.child._output_paused


async def test_keys_the_child_does_not_read_pause_the_channel(start_server):
    server = await start_server(keys=None)
    async with await server.connect(None, username="tia") as conn:
        proc = await play(conn)
        pid = (await report(proc, "env"))["pid"]
        size = 4_000_000
        proc.stdin.write(b"deaf %d\r" % size)
        proc.stdin.write(b"y" * size)
        (connection,) = server.front._connections
        (session,) = connection.sessions
        assert await soon(lambda: session.child._input_full)
        await asyncio.sleep(0.2)
        assert len(session.child._pending) < 1 << 18
        os.kill(pid, signal.SIGUSR1)
        assert (await report(proc, "heard"))["heard"] == size
        assert not session.child._input_full


# Limits


async def test_connections_from_one_address_are_limited(start_server):
    server = await start_server(keys=None, max_per_address=2)
    first = await server.connect(None, username="a")
    second = await server.connect(None, username="b")
    with pytest.raises(asyncssh.DisconnectError) as refused:
        await server.connect(None, username="c")
    assert refused.value.code == asyncssh.DISC_TOO_MANY_CONNECTIONS
    assert "too many connections from your address" in refused.value.reason
    other = await server.connect(None, username="d", local="127.0.0.2")
    first.close()
    await first.wait_closed()
    assert await soon(lambda: server.front.connection_count == 2)
    third = await server.connect(None, username="c")
    for conn in (second, other, third):
        conn.close()


async def test_connections_in_all_are_limited(start_server):
    server = await start_server(keys=None, max_connections=2, max_per_address=10)
    first = await server.connect(None, username="a", local="127.0.0.2")
    second = await server.connect(None, username="b", local="127.0.0.3")
    with pytest.raises(asyncssh.DisconnectError) as refused:
        await server.connect(None, username="c", local="127.0.0.4")
    assert refused.value.code == asyncssh.DISC_TOO_MANY_CONNECTIONS
    assert "full" in refused.value.reason
    first.close()
    second.close()


async def test_a_connection_that_does_not_log_in_is_closed(start_server):
    server = await start_server(keys=None, login_timeout=0.3)
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    try:
        assert (await asyncio.wait_for(reader.readline(), TIMEOUT)).startswith(b"SSH-2.0-")
        assert await asyncio.wait_for(reader.read(), TIMEOUT) == b""
    finally:
        writer.close()


async def test_a_session_without_keys_for_the_idle_timeout_is_closed(start_server):
    server = await start_server(keys=None, idle_timeout=1.5)
    async with await server.connect(None, username="ned") as conn:
        proc = await play(conn)
        pid = (await report(proc, "env"))["pid"]
        for _ in range(6):  # keys keep it open past the timeout, with room for a busy machine
            await asyncio.sleep(0.3)
            proc.stdin.write(b"key\r")
        status, stderr = await finish(proc)
        assert status == 1 and "no key for 1.5 seconds" in one_sentence(stderr)
        await asyncio.wait_for(conn.wait_closed(), TIMEOUT)
    assert await gone(pid)
    quiet = await server.connect(None, username="oz")  # logged in, never opens a session
    await asyncio.wait_for(quiet.wait_closed(), TIMEOUT)
    assert await soon(lambda: server.front.connection_count == 0)


async def test_closing_the_server_stops_each_child_then_ends_its_session_with_a_sentence(
    start_server,
):
    server = await start_server(keys=None, stop_grace=0.3)
    polite = await server.connect(None, username="ola")
    stubborn = await server.connect(None, username="pia")
    idle = await server.connect(None, username="quin")
    first, second = await play(polite), await play(stubborn)
    pids = [(await report(proc, "env"))["pid"] for proc in (first, second)]
    second.stdin.write(b"stubborn\r")
    await report(second, "stubborn")
    await asyncio.wait_for(server.front.close(), TIMEOUT)
    for proc in (first, second):
        status, stderr = await finish(proc)
        assert status == 1 and "shutting down" in one_sentence(stderr)
    assert not any(map(is_alive, pids))
    assert len(server.hub.unregistered) == 2
    await asyncio.wait_for(idle.wait_closed(), TIMEOUT)
    with pytest.raises(OSError):
        await server.connect(None, username="late")
    for conn in (polite, stubborn):
        conn.close()


class BannerClient(asyncssh.SSHClient):
    """A client that keeps the login banners it is shown (OpenSSH prints them)."""

    banners: list[str] = []

    def auth_banner_received(self, msg: str, lang: str) -> None:
        self.banners.append(msg)


async def test_a_connection_turned_away_by_a_limit_is_told_why_in_its_terminal(start_server):
    server = await start_server(keys=None, max_per_address=1)
    first = await server.connect(None, username="a")
    BannerClient.banners = []
    with pytest.raises(asyncssh.DisconnectError) as refused:
        await server.connect(None, username="b", client_factory=BannerClient)
    assert refused.value.code == asyncssh.DISC_TOO_MANY_CONNECTIONS
    assert BannerClient.banners == [
        "wish-tui: too many connections from your address; close one and try again.\r\n"
    ]
    first.close()


def test_an_app_that_gave_its_screen_back_keeps_its_closing_words_on_the_screen():
    """After an app that stopped with a failure status the session puts the client's terminal
    back before its last sentence; going back to the main screen again also moved the cursor to
    where the app began, and the sentence overwrote the app's own closing words (the crash
    sentence: 'the game stopped on an internal error; a report of it is kept for the' was all
    that was left of it)."""
    from wish_tui.server.ssh.session import on_alternate_screen, restore_terminal

    app_ran = b"\x1b[?1049h\x1b[?7l frames \x1b[?7h\x1b[?1049l"
    assert not on_alternate_screen(app_ran + b"closing words\r\n", before=False)
    assert not on_alternate_screen(b"closing words\r\n", before=False)
    assert on_alternate_screen(b"\x1b[?1049h\x1b[?7l a frame", before=False)
    assert on_alternate_screen(b"another frame", before=True)
    assert b"\x1b[?1049l" not in restore_terminal(alternate=False)
    killed = restore_terminal(alternate=True)
    assert b"\x1b[?1049l" in killed and b"\x1b[?7h" in killed  # lines wrap again


OPENSSH_CIPHERS = [
    "chacha20-poly1305@openssh.com",
    "aes128-ctr",
    "aes192-ctr",
    "aes256-ctr",
    "aes128-gcm@openssh.com",
    "aes256-gcm@openssh.com",
]
OPENSSH_MACS = [
    "umac-64-etm@openssh.com",
    "umac-128-etm@openssh.com",
    "hmac-sha2-256-etm@openssh.com",
    "hmac-sha2-512-etm@openssh.com",
    "hmac-sha1-etm@openssh.com",
    "umac-64@openssh.com",
    "umac-128@openssh.com",
    "hmac-sha2-256",
    "hmac-sha2-512",
    "hmac-sha1",
]
"""OpenSSH's client's default orders (ssh_config(5)): the client's order chooses."""


async def test_sessions_are_encrypted_with_aes_even_for_clients_that_prefer_chacha20(start_server):
    """asyncssh's ChaCha20-Poly1305 makes three cipher objects for every packet (about 14 us
    a packet each way, against 2.5 for AES-GCM and AES-CTR with HMAC-SHA-256), and a client's
    first choice that the server offers is taken: the server offers none of it, nor UMAC."""
    server = await start_server(keys=None)
    async with await server.connect(None, username="carol") as conn:  # asyncssh's own order
        assert conn.get_extra_info("send_cipher") == "aes256-gcm@openssh.com"
        assert conn.get_extra_info("recv_cipher") == "aes256-gcm@openssh.com"
        await report(await play(conn), "env")
    options = {"encryption_algs": OPENSSH_CIPHERS, "mac_algs": OPENSSH_MACS}
    async with await server.connect(None, username="carol", **options) as conn:
        assert conn.get_extra_info("send_cipher") == "aes128-ctr"
        assert conn.get_extra_info("send_mac") == "hmac-sha2-256-etm@openssh.com"
        await report(await play(conn), "env")
