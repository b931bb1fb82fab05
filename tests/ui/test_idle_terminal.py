"""An app that waits for a key sleeps: at a server with hundreds of sessions in the lobby, every
idle app that wakes up on a timer takes a share of the cores from the ones being played
(issue 23). Textual's input thread looked at the terminal ten times a second, and the app checked
the terminal's size twice a second; `ui.terminal.driver.CompactDriver` waits for a key, the parser's
deadline of a lone Esc, or its exit, and the size is checked when it or the screen changes.

The app runs here in a pseudo-terminal as a person starts it.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\x1b[=>]")


class Terminal:
    """`python -m wish_tui` in a 100x30 pseudo-terminal, and the text it has written."""

    def __init__(self, data: Path) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the app, as from a shell
            os.environ["WISH_TUI_DATA_DIR"] = str(data)
            os.execv(sys.executable, [sys.executable, "-m", "wish_tui"])
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.text = b""

    def read(self, seconds: float) -> None:
        """Read what comes for `seconds`."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                try:
                    self.text += ANSI.sub(b"", os.read(self.fd, 65536))
                except OSError:
                    return  # the app has closed its terminal

    def see(self, words: bytes, seconds: float = 20.0) -> None:
        """Read until `words` have been written since the last call."""
        end = time.monotonic() + seconds
        while words not in self.text and time.monotonic() < end:
            self.read(0.1)
        assert words in self.text, f"{words!r} never shown"
        self.text = b""

    def wake_ups(self) -> int:
        """How often the app's threads have given up the processor to wait, so far."""
        total = 0
        for status in Path(f"/proc/{self.pid}/task").glob("*/status"):
            with contextlib.suppress(OSError):
                for line in status.read_text().splitlines():
                    if line.startswith("voluntary_ctxt_switches:"):
                        total += int(line.split()[1])
        return total

    def press(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def exit_status(self, seconds: float = 10.0) -> int | None:
        """The app's exit status once it has ended by itself; None if it has not in time."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return os.waitstatus_to_exitcode(status)
            self.read(0.05)
        return None

    def close(self) -> None:
        with contextlib.suppress(ChildProcessError, ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)


def test_an_app_waiting_for_a_key_does_not_wake_up(tmp_path):
    term = Terminal(tmp_path)
    try:
        term.see(b"Quit")
        term.read(1.0)  # the first frames settle
        before = term.wake_ups()
        term.read(2.0)
        # Polling woke it 24 times in these two seconds (20 for keys, 4 for the size).
        assert term.wake_ups() - before <= 3
    finally:
        term.close()


def test_keys_a_lone_esc_and_quitting_still_reach_the_app(tmp_path):
    term = Terminal(tmp_path)
    try:
        term.see(b"Quit")
        term.press(b"1")
        term.see(b"esc Back")  # the new-game form
        term.press(b"\x1b")  # a lone Esc: a key once the parser's deadline passes
        term.see(b"1-6 Choose")  # back at the title
        term.press(b"\x11")  # ctrl+q: the input thread is woken to end
        assert term.exit_status() == 0
    finally:
        term.close()
