"""Two costs of asyncssh's for every packet a server sends, left out where they buy nothing.

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
"""

from __future__ import annotations

import logging

import asyncssh
from asyncssh.logging import logger as _asyncssh_logger

MSG_IGNORE = 2


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
