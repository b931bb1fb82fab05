"""The pool's inbox: whole lines out of what a socket brings, and the descriptors passed with them,
each request's own or none."""

from __future__ import annotations

import os
import socket

from wish_tui.server.pool.wire import Inbox


def is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def test_a_line_waits_for_its_end_and_several_lines_come_out_in_order():
    inbox = Inbox()
    assert inbox.lines(b'{"a":') == []
    assert inbox.lines(b'1}\n{"b":2}\n{"c"') == [b'{"a":1}', b'{"b":2}']
    assert bytes(inbox.pending) == b'{"c"'


def test_each_request_takes_its_own_descriptors_and_too_few_are_all_closed():
    inbox = Inbox()
    fds = [fd for pair in (os.pipe(), os.pipe()) for fd in pair]
    inbox.keep_fds(fds, 0)
    assert inbox.take_fds(3) == fds[:3]
    assert inbox.take_fds(2) is None
    assert not is_open(fds[3])
    for fd in fds[:3]:
        os.close(fd)


def test_descriptors_cut_short_in_the_kernel_are_dropped_one_and_all():
    inbox = Inbox()
    read, write = os.pipe()
    inbox.keep_fds([read, write], socket.MSG_CTRUNC)
    assert inbox.fds == []
    assert not is_open(read) and not is_open(write)
