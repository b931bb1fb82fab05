"""The processor time a game's board takes to be told a view: each game's board, headless at
100x30, shown seat 0's view after each action of a game played by the first legal action
(Wish, Spirits of the Forest, Wishland), as a table screen shows it at each table message.

Run: python benchmarks/board_views.py [--actions 60] [--runs 3]

Prints per game the processor time of `board.show` (the parts drawn again, not the frames
Textual then draws) per view, and per move of the highlight on the same view (a keypress that
changes no view), the least of the runs.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual.app import App  # noqa: E402

from wish_tui.spirits import rules as spirits_rules  # noqa: E402
from wish_tui.spirits.ui import Board as SpiritsBoard  # noqa: E402
from wish_tui.wish import rules as wish_rules  # noqa: E402
from wish_tui.wish.ui import Board as WishBoard  # noqa: E402
from wish_tui.wishland import rules as wishland_rules  # noqa: E402
from wish_tui.wishland.ui import Board as WishlandBoard  # noqa: E402

GAMES = {
    "wish": (WishBoard, lambda: wish_rules.new_game(["air", "water"], seed=5)),
    "spirits": (
        SpiritsBoard,
        lambda: spirits_rules.new_game(["air", "water"], seed=5, modules=("wishes", "hexes")),
    ),
    "wishland": (WishlandBoard, lambda: wishland_rules.new_game(["red", "blue"], seed=5)),
}
HIGHLIGHTS = {
    "wish": ({"cursor": ("area", 0)}, {"cursor": ("area", 1)}),
    "spirits": ({"cursor": 0}, {"cursor": 1}),
    "wishland": ({"cursor": (0, 0)}, {"cursor": (0, 1)}),
}
"""Per game: the highlight (the look cursor) on a place of the board, then on the next one."""


class BoardApp(App):
    def __init__(self, board: type) -> None:
        super().__init__()
        self.board = board

    def compose(self):
        yield self.board(id="board")


def views(new_game, actions: int) -> list[dict]:
    state = new_game()
    seen = [state.view(0)]
    for _ in range(actions):
        if state.is_over:
            break
        state = state.apply(state.legal_actions()[0])
        seen.append(state.view(0))
    return seen


async def one_run(board: type, shown: list[dict], highlights: tuple) -> tuple[float, float]:
    """Processor seconds of showing each of `shown` in turn after the first (the highlight on
    its first place), and of moving the highlight to its second place on each."""
    app = BoardApp(board)
    spent = [0.0, 0.0]
    async with app.run_test(size=(100, 30)) as pilot:
        widget = app.query_one(board)
        for _ in range(2):
            widget.show(shown[0], 0, False, **highlights[0])
            await pilot.pause()
        for view in shown[1:]:
            for what, marks in enumerate(highlights):
                started = time.process_time()
                widget.show(view, 0, False, **marks)
                spent[what] += time.process_time() - started
                await pilot.pause()
    return spent[0], spent[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=60, help="actions played (60)")
    parser.add_argument("--runs", type=int, default=3, help="runs per game, the least kept (3)")
    options = parser.parse_args()
    for name, (board, new_game) in GAMES.items():
        shown = views(new_game, options.actions)
        runs = [asyncio.run(one_run(board, shown, HIGHLIGHTS[name])) for _ in range(options.runs)]
        count = len(shown) - 1
        view, move = (min(run[what] for run in runs) / count * 1000 for what in (0, 1))
        print(
            f"{name}: {view:.2f} ms of processor time per view shown, {move:.2f} ms per move "
            f"of the highlight ({count} views)"
        )


if __name__ == "__main__":
    main()
