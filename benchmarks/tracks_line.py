"""The processor time of Wish's tracks gaining or losing a line (the round's trade line) at a
table: the tracks' check of their refresh (where their column is laid out) and the frame that
shows the change (with Textual's layout of the whole screen, where that lays it out).

Run: python benchmarks/tracks_line.py [--times 40]

A game of Wish at 80x24 and at 100x30 (a headless app, as the tests run it: no terminal is
written); the tracks are shown a view without the round's Caravan card and with it, in turn,
`--times` times. Prints the mean time a change, per size.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.ui.helpers import settle  # noqa: E402
from tests.ui.test_action_keys import app_for, turn_position  # noqa: E402
from tests.ui.test_game_flow import game_of  # noqa: E402
from wish_tui.wish.ui.tracks_view import TracksView  # noqa: E402


def timed(function, spent: list[float]):
    """`function`, its processor time added to `spent[0]`."""

    def measured(*args, **kwargs):
        start = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[0] += time.process_time() - start

    return measured


async def one_size(width: int, height: int, times: int) -> float:
    """The mean processor time, in ms, of a line gained or lost at `width`x`height`."""
    state, _ = turn_position()
    app = app_for(state)
    async with app.run_test(size=(width, height)) as pilot:
        await settle(pilot, 5)
        view = game_of(app).view()
        screen = app.screen
        tracks = screen.query_one(TracksView)
        spent = [0.0]
        screen._on_timer_update = timed(screen._on_timer_update, spent)
        tracks._check_refresh = timed(tracks._check_refresh, spent)
        without = copy.deepcopy(view)
        without["caravan"]["card"] = None
        for turn in range(times):
            tracks.update_view(without if turn % 2 == 0 else view)
            await settle(pilot, 2)
        return spent[0] / times * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", type=int, default=40, help="lines gained or lost (40)")
    options = parser.parse_args()
    for width, height in ((80, 24), (100, 30)):
        mean = asyncio.run(one_size(width, height, options.times))
        print(f"{width}x{height}: {mean:.2f} ms a line gained or lost (its check and frame)")


if __name__ == "__main__":
    main()
