"""NO_COLOR: no colour code at all reaches the terminal (no-color.org; issue 19).

Textual answers NO_COLOR by painting in shades of grey, so 256-colour codes still went out
(ESC[38;5;253m, ESC[48;5;233m). The app runs here in a pseudo-terminal as a person starts it,
and every byte it writes is scanned for an SGR colour parameter.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time

import pytest

from tests.ui.test_sgr import colour_codes


def run_in_a_terminal(
    args: list[str], env: dict, drawn: str, keys: bytes = b"", seconds: float = 60.0
) -> bytes:
    """Run `python -m wish_tui ARGS` in an 80x24 pseudo-terminal; return every byte it wrote.

    The keys are typed once the words `drawn` have been written and the screen has settled (a
    loaded machine may pause for seconds before the first frame); ctrl+q then quits.
    """
    pid, fd = pty.fork()
    if pid == 0:  # the child: the app, as from a shell
        os.environ.clear()
        os.environ.update(env)
        os.execv(sys.executable, [sys.executable, "-m", "wish_tui", *args])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    out = bytearray()
    deadline = time.monotonic() + seconds
    last = time.monotonic()
    typed = False
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
                last = time.monotonic()
            elif drawn.encode() in out and time.monotonic() - last > 0.8:
                if typed:
                    break
                os.write(fd, keys + b"\x11")  # then ctrl+q
                typed = True
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
        os.close(fd)
    return bytes(out)


@pytest.mark.parametrize(
    "args, words",
    [
        (["load", "four-seat-monuments"], "Offer"),
        (["load", "wishland-four-start"], "Entrepreneur"),
        (["learn"], "Learn Wish"),  # the lesson panel, and its hint for the wrong key ?
    ],
)
def test_no_colour_code_reaches_the_terminal_with_no_color(tmp_path, args, words):
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "TERM": "xterm-256color",
        "COLORTERM": "truecolor",
        "NO_COLOR": "1",
        "WISH_TUI_DATA_DIR": str(tmp_path / "data"),
        "PYTHONPATH": os.pathsep.join(sys.path),
    }
    shown = run_in_a_terminal(args, env, drawn=words, keys=b"?")
    text = shown.decode("utf-8", "replace")
    assert words in text, text[-500:]  # the game was drawn
    assert colour_codes(text) == []
    assert "\x1b[1m" in text or ";1m" in text or "\x1b[0;1" in text  # bold stays
