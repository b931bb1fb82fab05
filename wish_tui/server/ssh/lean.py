"""What asyncssh costs a server for every packet and every connection, left out where it buys nothing.

- asyncssh sends an `SSH_MSG_IGNORE` packet before every packet once keys are set: with a CBC
  cipher, the defence against the attacks on its predictable first block (the packet before
  moves the chaining on). The server offers no CBC cipher (`front.CIPHERS`: AES-GCM and AES-CTR,
  where no block depends on the packet before), so each write to a client was two packets, two
  encryptions and two `send` calls for one. OpenSSH sends none with these ciphers.
- asyncssh writes the words of its packet log (the packet's name, its size) for every packet
  sent and received, then drops them unless its debug level is 3 and its logger writes debug.

Both are left out per connection (and per channel, which logs its own packets), as its
attributes: asyncssh's classes are untouched, and a connection with a CBC cipher keeps its
ignore packets.

- asyncssh's `SSHChannel.write` goes through five layers of its Python for every piece of an
  app's output (the channel's checks and send buffer, its window loop, the channel's and the
  connection's `send_packet`, this module's ignore check): `write_data` builds the one
  `SSH_MSG_CHANNEL_DATA` packet itself when nothing stands in its way (the piece fits the
  window and the packet size, nothing waits in the buffer, the keys are set and no new ones
  are due, no compression, no packet log) and leaves everything else to asyncssh: the same
  packet, sequence number, window and rekey count as asyncssh's own.
- asyncssh's AES-GCM cipher (the one clients pick of `front.CIPHERS`) makes a new AEAD object
  of its key for every packet it encrypts or decrypts (a packet of 640 bytes encrypted in 1.9
  us, 1.5 with the AEAD kept). A cipher's key never changes (new keys are a new cipher):
  `keep_gcm_aead` makes each cipher's AEAD once; the bytes and nonces are asyncssh's own
  (tests/server/test_ssh_packets.py compares them).
- asyncssh's keepalives (a request every KEEPALIVE_S seconds of silence, and its answer) woke
  the server's loop for every idle connection: a timer, a task, a packet encrypted and sent, the
  client woken, its answer read and decrypted, about 0.4 ms a connection a minute (3 a second
  at 200 sessions in a lobby). `kernel_keepalive` has the kernel ask instead (TCP keepalive
  probes, and a limit on what stays unacknowledged: a dead peer is cut as soon), as OpenSSH's
  server does by default (TCPKeepAlive); where the kernel cannot be asked, asyncssh asks.
"""

from __future__ import annotations

import logging
import os
import socket
import struct
import time

import asyncssh
from asyncssh.crypto import cipher as _crypto_cipher
from asyncssh.logging import logger as _asyncssh_logger

MSG_IGNORE = 2
MSG_CHANNEL_DATA = b"^"
"""SSH_MSG_CHANNEL_DATA (94), as the packet's first byte."""
_uint32 = struct.Struct(">I").pack


def ignore_needed(cipher: str) -> bool:
    """True when a connection sending with `cipher` needs its ignore packets: a CBC cipher, or
    none known (the keys are not yet set)."""
    return not cipher or cipher.endswith("-cbc") or "-cbc@" in cipher


def packets_logged() -> bool:
    """True when asyncssh writes its packet log: its debug level 3, its logger writing debug."""
    return _asyncssh_logger._debug_level >= 3 and logging.getLogger("asyncssh").isEnabledFor(
        logging.DEBUG
    )


def _no_log(*args, **kwargs) -> None:
    """A packet log that writes nothing."""


def lean_connection(conn: asyncssh.SSHServerConnection) -> None:
    """Leave out `conn`'s ignore packets where its cipher needs none, and its packet log's words
    where nothing writes them."""
    send = conn.send_packet

    def send_packet(pkttype: int, *args: bytes, handler=None) -> None:
        if pkttype == MSG_IGNORE and not ignore_needed(conn.get_extra_info("send_cipher", "")):
            return
        send(pkttype, *args, handler=handler)

    conn.send_packet = send_packet
    if not packets_logged():
        conn.log_sent_packet = conn.log_received_packet = _no_log


def lean_channel(chan: asyncssh.SSHServerChannel) -> None:
    """Leave out the words of `chan`'s packet log where nothing writes them."""
    if not packets_logged():
        chan.log_sent_packet = chan.log_received_packet = _no_log


def write_data(chan: asyncssh.SSHServerChannel, data: bytes) -> None:
    """Send `data` (bytes) on `chan` as `chan.write(data)` does: in one packet made here when
    it can be (see the module's docstring), else by asyncssh.

    Raises:
        OSError: the channel is not open for sending (asyncssh's own refusal).
    """
    conn = chan._conn
    size = len(data)
    if (
        conn is None
        or chan._send_state != "open"
        or chan._send_buf
        or chan._encoding
        or not 0 < size <= min(chan._send_window, chan._send_pktsize)
        or chan._send_chan is None
        or chan.log_sent_packet is not _no_log
        or not _sends_plainly(conn)
    ):
        chan.write(data)
        return
    chan._send_window -= size
    payload = MSG_CHANNEL_DATA + _uint32(chan._send_chan) + _uint32(size) + data
    blocksize = conn._send_blocksize
    padlen = -(conn._send_enchdrlen + len(payload)) % blocksize
    if padlen < 4:
        padlen += blocksize
    packet = bytes((padlen,)) + payload + os.urandom(padlen)
    length = len(packet)
    seq = conn._send_seq
    packet, mac = conn._send_encryption.encrypt_packet(seq, _uint32(length), packet)
    conn._send(packet + mac)
    conn._send_seq = (seq + 1) & 0xFFFFFFFF
    conn._rekey_bytes_sent += length


def _sends_plainly(conn) -> bool:
    """True when a packet `conn` sends now goes out at once, encrypted, alone: keys set and
    signed in, no new keys due, no compression, no ignore packet, nothing logged."""
    return (
        conn._kex_complete
        and conn._auth_complete
        and conn._send_encryption is not None
        and conn._compressor is None
        and conn._transport is not None
        and conn.log_sent_packet is _no_log
        and conn._rekey_bytes_sent < conn._rekey_bytes
        and not (conn._rekey_seconds and time.monotonic() >= conn._rekey_time)
        and not ignore_needed(conn.get_extra_info("send_cipher", ""))
    )


def kernel_keepalive(sock, idle: int, unanswered: int) -> bool:
    """Have the kernel ask whether the peer of `sock` is there once it has been silent `idle`
    seconds, and cut it after `unanswered` probes unanswered, or after `idle * unanswered`
    seconds with something sent unacknowledged (a peer gone while being written to). False when
    this system's sockets cannot be told so (then the connection must ask itself)."""
    options = ("TCP_KEEPIDLE", "TCP_KEEPINTVL", "TCP_KEEPCNT")
    if sock is None or not all(hasattr(socket, name) for name in options):
        return False
    interval = max(1, idle * (unanswered - 1) // max(1, unanswered))
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE, idle)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPINTVL, interval)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPCNT, unanswered)
        if hasattr(socket, "TCP_USER_TIMEOUT"):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, idle * unanswered * 1000)
    except OSError:
        return False
    return True


def keep_alive(conn: asyncssh.SSHServerConnection, idle: int, unanswered: int) -> None:
    """Have `conn`'s peer asked whether it is there after `idle` seconds of silence, and cut
    after `unanswered` questions unanswered: by the kernel, or else by asyncssh."""
    if not kernel_keepalive(conn.get_extra_info("socket"), idle, unanswered):
        conn.set_keepalive(idle, unanswered)


_GCM_MAC_SIZE = 16


def keep_gcm_aead() -> None:
    """Make asyncssh's AES-GCM ciphers keep one AEAD object each, made with the cipher (see the
    module's docstring); done once, at import."""
    gcm = _crypto_cipher.GCMCipher
    if getattr(gcm, "_aead_kept", False):
        return
    made = gcm.__init__

    def __init__(self, cipher_name: str, key: bytes, iv: bytes) -> None:
        made(self, cipher_name, key, iv)
        self._aead = _crypto_cipher.AESGCM(key)

    def encrypt_and_sign(self, header: bytes, data: bytes) -> tuple[bytes, bytes]:
        data = self._aead.encrypt(self._iv, data, header)
        self._update_iv()
        return header + data[:-_GCM_MAC_SIZE], data[-_GCM_MAC_SIZE:]

    def verify_and_decrypt(self, header: bytes, data: bytes, mac: bytes) -> bytes | None:
        try:
            decrypted = self._aead.decrypt(self._iv, data + mac, header)
        except _crypto_cipher.InvalidTag:
            decrypted = None
        self._update_iv()
        return decrypted

    gcm.__init__ = __init__
    gcm.encrypt_and_sign = encrypt_and_sign
    gcm.verify_and_decrypt = verify_and_decrypt
    gcm._aead_kept = True


keep_gcm_aead()
