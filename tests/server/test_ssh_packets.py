"""What the SSH front end sends a client, packet by packet: no `SSH_MSG_IGNORE` before each
packet (asyncssh's own, a defence of CBC ciphers, which the server does not offer), and the
packets still logged when asyncssh's packet log is asked for."""

from __future__ import annotations

import asyncio
import contextlib
import logging

import asyncssh
import pytest

from tests.server.test_ssh import finish, play, report
from wish_tui.server.ssh import lean

MSG_IGNORE = 2


def received_types(conn) -> list[int]:
    """The types of the packets `conn` (a client's connection) receives from now on."""
    types: list[int] = []
    log = conn.log_received_packet

    def record(pkttype, pktid, packet, note=""):
        types.append(pkttype)
        log(pkttype, pktid, packet, note)

    conn.log_received_packet = record
    return types


async def test_a_session_is_sent_no_ignore_packets(start_server):
    server = await start_server(keys=None)
    async with await server.connect(None, username="carol") as conn:
        types = received_types(conn)
        proc = await play(conn)
        await report(proc, "env")
        proc.stdin.write(b"exit 0\r")
        assert (await finish(proc))[0] == 0
    assert types, "the client received nothing"
    assert MSG_IGNORE not in types


@pytest.mark.parametrize(
    ("cipher", "ignored"),
    [
        ("aes128-gcm@openssh.com", False),
        ("aes256-ctr", False),
        ("chacha20-poly1305@openssh.com", False),
        ("aes256-cbc", True),
        ("3des-cbc", True),
        ("", True),
    ],
)
def test_the_ignore_packets_are_left_out_only_for_ciphers_that_need_none(cipher, ignored):
    assert lean.ignore_needed(cipher) is ignored


def test_packets_are_logged_when_asyncssh_is_asked_to():
    assert not lean.packets_logged()  # asyncssh's default: its packet log is off
    asyncssh.set_debug_level(3)
    try:
        assert not lean.packets_logged()  # asked for, but its logger does not write debug
        with_debug = logging.getLogger("asyncssh")
        level = with_debug.level
        with_debug.setLevel(logging.DEBUG)
        try:
            assert lean.packets_logged()
        finally:
            with_debug.setLevel(level)
    finally:
        asyncssh.set_debug_level(1)


def test_a_gcm_cipher_makes_its_aead_once_and_encrypts_as_asyncssh_does(monkeypatch):
    from asyncssh.crypto import cipher as crypto_cipher
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    made = []

    def counted(key):
        made.append(key)
        return AESGCM(key)

    monkeypatch.setattr(crypto_cipher, "AESGCM", counted)
    key, iv = bytes(range(16)), bytes(range(12))
    sender = crypto_cipher.GCMCipher("aes128-gcm", key, iv)
    receiver = crypto_cipher.GCMCipher("aes128-gcm", key, iv)
    invocation = int.from_bytes(iv[4:], "big")
    for n in range(3):
        header, body = (40 + n).to_bytes(4, "big"), bytes([n]) * (40 + n)
        packet, mac = sender.encrypt_and_sign(header, body)
        nonce = iv[:4] + (invocation + n).to_bytes(8, "big")
        expected = AESGCM(key).encrypt(nonce, body, header)
        assert packet + mac == header + expected  # asyncssh's own bytes, packet after packet
        assert receiver.verify_and_decrypt(header, packet[4:], mac) == body
    assert receiver.verify_and_decrypt(header, packet[4:], mac) is None  # an old nonce: refused
    assert made == [key, key]  # one AEAD a cipher, not one a packet


def sent_packets(conn) -> list[tuple[int, bytes, bytes]]:
    """What the server's connection `conn` encrypts from now on: (sequence number, header,
    packet), each as asyncssh hands it to the cipher."""
    packets: list[tuple[int, bytes, bytes]] = []
    encryption = conn._send_encryption
    encrypt = encryption.encrypt_packet

    def record(seq, header, packet):
        packets.append((seq, header, packet))
        return encrypt(seq, header, packet)

    encryption.encrypt_packet = record
    return packets


@contextlib.asynccontextmanager
async def reported_session(start_server, username: str):
    """A session of `username` at a new server once its app has reported: the client's process
    and the server's session."""
    server = await start_server(keys=None)
    async with await server.connect(None, username=username) as conn:
        proc = await play(conn)
        await report(proc, "env")
        (connection,) = server.front._connections
        (session,) = connection.sessions
        yield proc, session


async def test_an_apps_output_is_one_packet_as_asyncssh_makes_it(start_server, monkeypatch):
    async with reported_session(start_server, "una") as (proc, session):
        chan, ssh = session.chan, session.chan._conn
        monkeypatch.setattr(lean.os, "urandom", lambda n: bytes(n))  # the padding, made alike
        monkeypatch.setattr("asyncssh.connection.os.urandom", lambda n: bytes(n))
        packets = sent_packets(ssh)
        window, counted = chan._send_window, ssh._rekey_bytes_sent
        chan.write(b"asyncssh's own\r\n")
        lean.write_data(chan, b"asyncssh's own\r\n")
        lean.write_data(chan, b"made here, longer than a block\r\n")
        assert len(packets) == 3  # one packet a piece, no ignore packet before it
        (seq, header, theirs), (seq_mine, header_mine, mine) = packets[:2]
        assert (header_mine, mine) == (header, theirs)
        assert seq_mine == seq + 1 and packets[2][0] == seq + 2
        assert chan._send_window == window - 2 * 16 - 32
        assert ssh._rekey_bytes_sent == counted + sum(len(p) for _, _, p in packets)
        got = b""
        while not got.endswith(b"block\r\n"):
            got += await asyncio.wait_for(proc.stdout.read(1 << 16), 10)
        assert got == b"asyncssh's own\r\n" * 2 + b"made here, longer than a block\r\n"


async def test_output_that_does_not_fit_the_window_is_left_to_asyncssh(start_server):
    async with reported_session(start_server, "vic") as (proc, session):
        chan = session.chan
        chan._send_window = 5  # the client has room for five bytes only
        lean.write_data(chan, b"0123456789")
        assert chan.get_write_buffer_size() == 5  # waiting in asyncssh's buffer for the window
        chan._send_window += 100
        chan._flush_send_buf()
        assert await asyncio.wait_for(proc.stdout.readexactly(10), 10) == b"0123456789"


async def test_a_sessions_output_is_not_written_through_asyncssh_s_channel(
    start_server, monkeypatch
):
    written = []
    write = asyncssh.SSHServerChannel.write

    def counted(chan, data, datatype=None):
        written.append(data)
        return write(chan, data, datatype)

    monkeypatch.setattr(asyncssh.SSHServerChannel, "write", counted)
    server = await start_server(keys=None)
    async with await server.connect(None, username="wes") as conn:
        proc = await play(conn)
        assert (await report(proc, "env"))["env"]
    assert written == []
