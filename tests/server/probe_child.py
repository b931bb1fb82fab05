"""A stand-in for the client app: reports what it was given, echoes lines, and obeys a few orders.

Each report is one JSON object on a line; the first says its process id, environment, terminal
size, whether the terminal is its controlling one, and a draw of Python's `random`. Orders end
with a carriage return: ``exit N``, ``crash`` (SIGABRT), ``flood N`` (write N bytes), ``deaf N``
(read nothing until SIGUSR1, then N bytes), ``stubborn`` (ignore SIGTERM), ``spawn`` (leave
behind a process that ignores SIGTERM and SIGHUP); anything else is echoed back.
"""

import fcntl
import json
import os
import random
import signal
import struct
import subprocess
import sys
import termios
import tty

SLEEPER = (
    "import signal, time\n"
    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
    "signal.signal(signal.SIGHUP, signal.SIG_IGN)\n"
    "print('ready', flush=True)\n"
    "time.sleep(60)\n"
)
"""A process left behind that ignores SIGTERM and SIGHUP: only SIGKILL to the group ends it."""
NAMES = ("WISH_TUI_SERVE_SOCKET", "WISH_TUI_SERVE_TOKEN", "WISH_TUI_DATA_DIR", "TERM", "NO_COLOR")


def size():
    rows, columns, _, _ = struct.unpack("HHHH", fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8))
    return [columns, rows]


def say(**fields):
    os.write(1, (json.dumps(fields) + "\r\n").encode())


def has_controlling_terminal():
    try:
        return os.tcgetpgrp(0) == os.getpgrp()
    except OSError:
        return False


def main():
    tty.setraw(0)
    signal.signal(signal.SIGWINCH, lambda *_: say(size=size()))
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGUSR1])
    say(
        pid=os.getpid(),
        env={name: os.environ.get(name) for name in NAMES},
        names=sorted(os.environ),
        size=size(),
        ctty=has_controlling_terminal(),
        random=random.getrandbits(64),
    )
    pending = b""
    while True:
        data = os.read(0, 1024)
        if not data:
            return 0
        pending += data
        while b"\r" in pending:
            line, _, pending = pending.partition(b"\r")
            order = line.decode("utf-8", "replace")
            if order.startswith("exit "):
                sys.exit(int(order[5:]))
            elif order == "crash":
                os.abort()
            elif order == "stubborn":
                signal.signal(signal.SIGTERM, signal.SIG_IGN)
                say(stubborn=True)
            elif order.startswith("flood "):
                total = int(order[6:])
                for start in range(0, total, 65536):
                    os.write(1, b"x" * min(65536, total - start))
                say(flooded=total)
            elif order.startswith("deaf "):
                total = order[5:]
                signal.sigwait([signal.SIGUSR1])
                heard = len(pending)
                while heard < int(total):
                    heard += len(os.read(0, 65536))
                pending = b""
                say(heard=heard)
            elif order == "spawn":
                sleeper = subprocess.Popen([sys.executable, "-c", SLEEPER], stdout=subprocess.PIPE)
                sleeper.stdout.readline()
                say(spawned=sleeper.pid)
            else:
                say(echo=order)


if __name__ == "__main__":
    sys.exit(main())
