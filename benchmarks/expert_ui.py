"""The expert in the terminal app, timed from outside: keys answered while it thinks, and how
long its decisions take. Run: python benchmarks/expert_ui.py [--game spirits] [--turns 8]

`wish-tui new` runs in a pseudo-terminal (100x30) with the first seat played by the expert at its
default budget and the second by a person (this script). On each of the expert's turns the script
presses `?` (which opens the keys window, or closes it) every KEY_EVERY seconds while the expert
thinks and times each key to the first byte of the redraw. A decision of the expert is timed by the autosave, which the app
writes after every action: from the write after the action before it to the write after its own
(the app plays a bot's move at once when a key is pressed while it thinks, so that is all
thinking, the worker's messages and the app's own work). Then the script plays its own turn with
the first choice of every window. Prints the median and worst key-to-frame time while the
expert thinks, and the median and worst time a decision of the expert took.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ui import PYTHON, Terminal, _actions_so_far  # noqa: E402

from wish_tui import saves  # noqa: E402
from wish_tui.games import GAMES  # noqa: E402

KEY_EVERY = 0.1
"""Seconds between the keys pressed while the expert thinks."""
TOGGLE = b"?"
"""Opens the keys window, or closes it: a redraw whoever decides."""
SETUPS = {
    "spirits": (["--seat", "air:expert", "--seat", "water:human"], b"Water:", [b"\r", b"n", b"n"]),
    "wishland": (["--seat", "red:expert", "--seat", "blue:human"], b"Blue:", [b"a", b"1", b"e"]),
    "wish": (["--seat", "air:expert", "--seat", "water:human"], b"Water:", [b"1", b"1", b"n"]),
}
"""Per game: the seats, what the person's prompt starts with, and the keys of a quick turn."""


def deciding(data: str) -> int | None:
    """The seat deciding in the game autosaved in `data` (None before the first autosave)."""
    os.environ["WISH_TUI_DATA_DIR"] = data
    info = saves.latest_save(games=GAMES)
    if info is None:
        return None
    try:
        data = json.loads(Path(info.path).read_text())
    except (OSError, ValueError):
        return None  # caught as it was replaced: asked again
    return GAMES[data.get("game", "wish")].rules.State.from_dict(data["state"]).current_player


class Writes:
    """Watches the autosave of a game: when each write happened (seconds, by the file's time)."""

    def __init__(self, data: str) -> None:
        self.data = data
        self.times: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        path = None
        last = None
        while not self._stop.is_set():
            if path is None:
                found = sorted(Path(self.data).rglob("autosave*.json"))
                path = found[0] if found else None
            if path is not None:
                try:
                    stamp = path.stat().st_mtime_ns
                except OSError:
                    stamp = last
                if stamp != last and stamp is not None:
                    self.times.append(stamp / 1e9)
                    last = stamp
            time.sleep(0.005)

    def close(self) -> None:
        self._stop.set()
        self._thread.join()


def expert_turn(term: Terminal, data: str) -> list[float]:
    """Press keys while the expert thinks until its turn is over; returns the keys' latencies
    (ms)."""
    before = _actions_so_far(data)
    started = time.perf_counter()
    latencies = []
    window_open = False
    del term.output[:]
    while True:
        time.sleep(KEY_EVERY)
        first, _ = term.key_to_frame(TOGGLE)
        window_open = not window_open
        if first == first:  # not NaN
            latencies.append(first * 1000)
        if _actions_so_far(data) > before and deciding(data) == 1:
            break
        if time.perf_counter() - started > 120:
            raise TimeoutError("the expert's turn did not end")
    if window_open:
        term.key_to_frame(TOGGLE)
    term.drain(0.3)
    return latencies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="spirits", choices=sorted(SETUPS))
    parser.add_argument("--turns", type=int, default=8)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    seats, prompt, keys = SETUPS[args.game]
    data = f"/tmp/expert-ui-{os.getpid()}"
    argv = [PYTHON, "-m", "wish_tui", "new", "--game", args.game, *seats, "--seed", str(args.seed)]
    term = Terminal(argv, env={"WISH_TUI_DATA_DIR": data})
    term.drain(0.3)
    latencies, per_decision, idle = [], [], []
    writes = Writes(data)
    for _ in range(args.turns):
        time.sleep(0.05)
        written = len(writes.times)
        latencies += expert_turn(term, data)
        time.sleep(0.05)
        turn = writes.times[written - 1 :]
        per_decision += [b - a for a, b in zip(turn, turn[1:], strict=False)]
        for _ in range(4):  # the same key on the person's turn, nothing thinking
            time.sleep(KEY_EVERY)
            first, _ = term.key_to_frame(TOGGLE)
            if first == first:
                idle.append(first * 1000)
        for key in keys:
            if deciding(data) != 1:
                break
            time.sleep(0.3)
            os.write(term.fd, key)
            term.drain(0.2)
    writes.close()
    term.close()
    print(f"{args.game}: {args.turns} turns of the expert, {len(per_decision)} decisions")
    print(
        f"key to frame while it thinks: median {statistics.median(latencies):.0f} ms, "
        f"worst {max(latencies):.0f} ms ({len(latencies)} keys)"
    )
    print(
        f"the same key on the person's turn: median {statistics.median(idle):.0f} ms, "
        f"worst {max(idle):.0f} ms ({len(idle)} keys)"
    )
    print(
        f"a decision, timed from outside: median {1000 * statistics.median(per_decision):.0f} "
        f"ms, worst {1000 * max(per_decision):.0f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
