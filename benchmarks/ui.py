"""Terminal-app figures, measured in a real pseudo-terminal. Run: python benchmarks/ui.py
(`--bytes`: only the bytes per action, which take a minute instead of three)

Prints:
- cold start of `wish-tui` to the title screen's first frame, as a ratio to a minimal Textual app
  started the same way in the same run, each the median of 15 starts (target <= 1.1x; with 5
  starts the ratio swung between 1.02x and 1.16x from one run to the next);
- median keypress-to-frame time in a game: Travel's key opening its choice, a digit choosing the
  Area, and Undo taking it back (letters and digits; a bare Esc is slower in every terminal,
  because the program must wait to tell it from the start of an escape sequence)
  (target <= 16 ms);
- median bytes written to the terminal per game action at 100x30 against a random bot
  (target <= 1 KB): on a clean key sequence, and as people press keys (some refused, each saying
  why in the status line), in 256 colours and in truecolor.
"""

from __future__ import annotations

import compileall
import fcntl
import os
import pty
import select
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
MINIMAL_APP = """
from textual.app import App
from textual.widgets import Label

class Minimal(App):
    def compose(self):
        yield Label("Hello from a minimal app")
Minimal().run()
"""


class Terminal:
    """A program running in a pseudo-terminal of a given size."""

    def __init__(
        self, argv: list[str], cols: int = 100, rows: int = 30, env: dict | None = None
    ) -> None:
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:
            os.execvpe(argv[0], argv, {**os.environ, "TERM": "xterm-256color", **(env or {})})
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.output = bytearray()

    def read_until(self, marker: bytes, timeout: float = 20.0) -> float:
        """Read output until `marker` appears; return seconds since the process started."""
        deadline = time.perf_counter() + timeout
        while marker not in self.output:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{marker!r} not seen")
            self._read(0.05)
        return time.perf_counter() - self.started

    def _read(self, wait: float) -> int:
        ready, _, _ = select.select([self.fd], [], [], wait)
        if not ready:
            return 0
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:
            return 0
        self.output += chunk
        return len(chunk)

    def drain(self, quiet: float = 0.15) -> int:
        """Read until the program is quiet for `quiet` seconds; return the bytes read."""
        total = 0
        while True:
            n = self._read(quiet)
            if n == 0:
                return total
            total += n

    def key_to_frame(self, key: bytes) -> tuple[float, int]:
        """Send a key; return (seconds until the first output, bytes of the whole redraw)."""
        self.drain(0.1)
        sent = time.perf_counter()
        os.write(self.fd, key)
        first = None
        total = 0
        while True:
            n = self._read(0.3 if first is None else 0.1)
            if n == 0:
                if first is not None or time.perf_counter() - sent > 3:
                    break
                continue
            if first is None:
                first = time.perf_counter() - sent
            total += n
        return (first if first is not None else float("nan")), total

    def close(self) -> None:
        try:
            os.kill(self.pid, 9)
            os.waitpid(self.pid, 0)
        except OSError:
            pass
        os.close(self.fd)


def cold_start(runs: int = 15) -> tuple[float, float]:
    """Median seconds to the first frame: wish-tui's title screen, and a minimal Textual app.

    The package's bytecode is compiled first, as installing it does: Textual's always is, and a
    checkout run with PYTHONDONTWRITEBYTECODE would otherwise compile wish_tui at every start.
    """
    compileall.compile_dir(ROOT / "wish_tui", quiet=1)
    ours, minimal = [], []
    data = tempfile.mkdtemp()
    for _ in range(runs):
        term = Terminal([PYTHON, "-m", "wish_tui"], env={"WISH_TUI_DATA_DIR": data})
        ours.append(term.read_until(b"New game"))
        term.close()
        term = Terminal([PYTHON, "-c", MINIMAL_APP])
        minimal.append(term.read_until(b"Hello from a minimal app"))
        term.close()
    return statistics.median(ours), statistics.median(minimal)


def new_game(water: str, cols: int = 100, rows: int = 30) -> tuple[Terminal, str]:
    """`wish-tui new` with Air played by a person and Water by `water`; returns the terminal and
    the data folder of its saves."""
    data = tempfile.mkdtemp()
    seats = ["--seat", "air:human", "--seat", f"water:{water}", "--seed", "3"]
    return Terminal(
        [PYTHON, "-m", "wish_tui", "new", *seats], cols, rows, {"WISH_TUI_DATA_DIR": data}
    ), data


def in_game(cols: int = 100, rows: int = 30) -> Terminal:
    """A hot-seat game past its setup decisions, ready for the first turn."""
    term, _ = new_game("human", cols, rows)
    term.read_until(b"Pass to")
    # Setup: lift curtains and take the first option of each decision.
    for key in (b"\r", b"1", b"\r", b"1", b"1", b"\r"):
        time.sleep(0.4)
        os.write(term.fd, key)
        term.drain(0.2)
    term.drain(0.5)
    return term


def keypress_latency(samples: int = 30) -> float:
    """Median ms from a key to the first byte of the new frame."""
    term = in_game()
    times = []
    for _ in range(samples):
        for key in (b"t", b"1", b"u"):
            first, _ = term.key_to_frame(key)
            times.append(first * 1000)
    term.close()
    return statistics.median(times)


def _actions_so_far(data: str) -> int:
    """How many actions the autosave of the game in `data` records."""
    os.environ["WISH_TUI_DATA_DIR"] = data
    from wish_tui import saves
    from wish_tui.games import GAMES

    info = saves.latest_save(games=GAMES)
    return len(saves.read_record(info.path, games=GAMES).actions) if info else 0


def bytes_per_action(turns: int = 6) -> float:
    """Median bytes written per game action at 100x30, against a random bot.

    Each sample is one of the person's turns (Empower, Travel with its choice, End turn) and the
    bot's turn that follows: bytes written divided by the actions the autosave gained.
    """
    term, data = new_game("random")
    term.read_until(b"Keep the Destiny")
    for key in (b"1", b"1"):
        time.sleep(0.3)
        os.write(term.fd, key)
        term.drain(0.3)
    term.drain(2.0)
    samples = []
    for _ in range(turns):
        before = _actions_so_far(data)
        written = 0
        # Empower, Travel and its choice, End turn and "yes" to ending with a marker unused.
        for key in (b"e", b"t", b"1", b"n", b"1"):
            written += term.key_to_frame(key)[1]
        written += term.drain(2.5)  # the bot's turn, played at its readable pace
        gained = _actions_so_far(data) - before
        if gained:
            samples.append(written / gained)
    term.close()
    return statistics.median(samples)


def bytes_per_action_as_people(turns: int = 8, truecolor: bool = False) -> float:
    """Median bytes per game action at 100x30 against a random bot, keys pressed as a person
    presses them: a few keys a turn at a person's pace, some of them refused (the rules' sentence
    in the status line is part of what is sent), then ending the turn.

    Args:
        truecolor: the terminal says it has 24-bit colour (COLORTERM=truecolor), as most do.
    """
    import random

    data = tempfile.mkdtemp()
    env = {"WISH_TUI_DATA_DIR": data, **({"COLORTERM": "truecolor"} if truecolor else {})}
    seats = ["--seat", "air:human", "--seat", "water:random", "--seed", "5"]
    term = Terminal([PYTHON, "-m", "wish_tui", "new", *seats], 100, 30, env)
    term.read_until(b"Keep the Destiny")
    for key in (b"1", b"1"):
        time.sleep(0.3)
        os.write(term.fd, key)
        term.drain(0.3)
    term.drain(2.0)
    rng = random.Random(7)
    samples = []
    for _ in range(turns):
        before = _actions_so_far(data)
        written = 0
        for _ in range(5):
            key = rng.choice([b"t", b"e", b"m", b"f", b"s", b"r", b"k", b"p"])
            written += term.key_to_frame(key)[1]
            written += term.key_to_frame(rng.choice([b"1", b"2", b"\x1b"]))[1]
            time.sleep(0.2)
        for key in (b"n", b"1"):
            written += term.key_to_frame(key)[1]
        written += term.drain(3.0)
        gained = _actions_so_far(data) - before
        if gained:
            samples.append(written / gained)
    term.close()
    return statistics.median(samples)


def main() -> None:
    if "--bytes" not in sys.argv[1:]:
        ours, minimal = cold_start()
        print(f"cold start to title frame, wish-tui        {ours * 1000:7.0f} ms")
        print(f"cold start to first frame, minimal Textual {minimal * 1000:7.0f} ms")
        print(f"ratio                                      {ours / minimal:7.2f}x  (target <= 1.1)")
        latency = keypress_latency()
        print(f"keypress to frame, median                  {latency:7.1f} ms (target <= 16)")
    print(
        f"bytes per game action at 100x30, median    {bytes_per_action():7.0f} B  (target <= 1024)"
    )
    for truecolor in (False, True):
        colours = "truecolor" if truecolor else "256 colours"
        figure = bytes_per_action_as_people(truecolor=truecolor)
        print(f"  as people press keys, {colours:<11}       {figure:7.0f} B  (target <= 1024)")


if __name__ == "__main__":
    main()
