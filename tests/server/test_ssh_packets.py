"""What the SSH front end sends a client, packet by packet: no `SSH_MSG_IGNORE` before each
packet (asyncssh's own, a defence of CBC ciphers, which the server does not offer), and the
packets still logged when asyncssh's packet log is asked for."""

from __future__ import annotations

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
