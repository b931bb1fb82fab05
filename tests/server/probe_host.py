"""A stand-in for the client app as a host of the pool runs it: reports, echoes, obeys orders.

`main` is the host's entry (``probe_host.py:main``). It reports the process id, its own
environment (`core.environment`), its terminal's size, a draw of `random` and the cyclic
collector's thresholds as one JSON line,
then reads lines ending in a carriage return: ``exit N`` returns N, ``crash`` raises,
``stubborn`` ignores the host's request to end, ``wedge`` holds the host's loop for a minute,
``collect`` runs a full collection of the cyclic collector;
anything else is echoed. A new size of its
terminal, when its host says so, is reported as ``{"size": [columns, rows]}``; the end its host
asks for returns 0.
"""

import asyncio
import fcntl
import gc
import json
import os
import random
import struct
import termios
import time
import tty

from wish_tui.core import environment

NAMES = ("WISH_TUI_SERVE_SOCKET", "WISH_TUI_SERVE_TOKEN", "WISH_TUI_DATA_DIR", "TERM", "NO_COLOR")


def size(fd):
    rows, columns, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
    return [columns, rows]


async def main(session):
    fd = session.terminal
    tty.setraw(fd)
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue = asyncio.Queue()
    pending = b""

    def say(**fields):
        os.write(fd, (json.dumps(fields) + "\r\n").encode())

    def readable():
        nonlocal pending
        try:
            data = os.read(fd, 1024)
        except OSError:
            data = b""
        if not data:
            loop.remove_reader(fd)
            lines.put_nowait(None)
            return
        pending += data
        while b"\r" in pending:
            line, _, pending = pending.partition(b"\r")
            lines.put_nowait(line.decode("utf-8", "replace"))

    session.resized = lambda: say(size=size(fd))
    session.end = lambda: lines.put_nowait("exit 0")
    say(
        pid=os.getpid(),
        env={name: environment.get(name) for name in NAMES},
        size=size(fd),
        random=random.getrandbits(64),
        gc=list(gc.get_threshold()),
    )
    loop.add_reader(fd, readable)
    try:
        while True:
            order = await lines.get()
            if order is None:
                return 0
            if order.startswith("exit "):
                return int(order[5:])
            if order == "crash":
                raise RuntimeError("the probe crashed, as asked")
            if order == "wedge":
                say(wedged=True)
                time.sleep(60)  # holds the host's loop: no other app of the host runs
            if order == "collect":
                say(collected=gc.collect())
                continue
            if order == "stubborn":
                session.end = lambda: None
                say(stubborn=True)
            else:
                say(echo=order, no_color=environment.has("NO_COLOR"))
    finally:
        loop.remove_reader(fd)
