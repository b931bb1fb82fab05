"""Time saving and loading a finished 4-seat game, and print the save file's size.

Run from the repository root:  python benchmarks/saves.py

Loading includes the whole check: reading, migrating, replaying every action from the seed and
comparing the result with the saved state. Targets: save and load at most 20 ms each, the file at
most 64 KB. Figures are printed, never asserted.
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time

from wish_tui import saves
from wish_tui.games import GAMES
from wish_tui.saves import GameRecord

RUNS = 30


def finished_game(seed: int = 1) -> tuple[GameRecord, object]:
    """A seeded random 4-seat game played to the End Game Scoring, taking many actions a turn."""
    rng = random.Random(seed)
    record, state = GameRecord.new(["air", "water", "fire", "earth"], seed, games=GAMES)
    while not state.is_over:
        legal = state.legal_actions()
        moves = [a for a in legal if a.kind != "end"]
        action = rng.choice(moves) if moves and rng.random() < 0.9 else legal[-1]
        record, state = record.play(state, action)
    return record, state


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        os.environ[saves.DATA_DIR_ENV] = folder
        record, state = finished_game()
        save_ms, load_ms = [], []
        for _ in range(RUNS):
            t0 = time.perf_counter()
            path = saves.save_game(record, "bench")
            t1 = time.perf_counter()
            _, loaded, warning = saves.load_game(path, games=GAMES)
            t2 = time.perf_counter()
            assert warning is None and loaded == state
            save_ms.append((t1 - t0) * 1000)
            load_ms.append((t2 - t1) * 1000)
        size = path.stat().st_size
    print(f"finished 4-seat game: {len(record.actions)} actions, {state.round} rounds")
    print(
        f"save: median {statistics.median(save_ms):.2f} ms, max {max(save_ms):.2f} ms "
        f"(target <= 20 ms)"
    )
    print(
        f"load (with replay check): median {statistics.median(load_ms):.2f} ms, "
        f"max {max(load_ms):.2f} ms (target <= 20 ms)"
    )
    print(f"file size: {size} bytes = {size / 1024:.1f} KB (target <= 64 KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
