"""Whole solo games of each game from a phone's browser page, by taps. Run: python benchmarks/phone.py

Starts the table server with its web front end (`--open`: a guest sits down by a name) in this
process, drives Debian's Chromium (/usr/bin/chromium) with Playwright as an iPhone 13 (touch, a
mobile viewport, at 390x844 upright and 844x390 turned) and, for each game and each way up, sits
down, opens a solo table by tapping the lobby's New table, the form's game, its solo level and
Start, and plays the game to its end with the page's buttons (tests/server/phone_games.py). The
suite plays an opening of each (tests/server/test_web_phone.py); here each is played to its end.

With --board, the person's turn is taken by taps on the board where it can be (two taps on an
Area of Wish's map to travel there, on a row end of the forest to take it, on a card of
Wishland's solo hand to play it: tests/server/phone_board.py), every other turn, and by the
page's buttons otherwise.

Prints, for each game and size: the terminal's columns and rows, the person's decisions taken by
taps (of them, on the board), the seconds the game took, and whether it reached its end. With
--shots DIR, a screenshot of each game's last screen is kept there (and with --board, of its
first tap on the board).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.phone_board import board_cell_shown, board_move  # noqa: E402
from tests.server.phone_games import open_solo_table, play_by_taps  # noqa: E402
from tests.server.phone_page import settle, sit_down_by_phone, until  # noqa: E402
from wish_tui.server.hub import Hub  # noqa: E402
from wish_tui.server.ssh.front import Limits  # noqa: E402
from wish_tui.server.web.front import WebFrontEnd  # noqa: E402
from wish_tui.server.web.links import SignIns  # noqa: E402

CLIENT = (sys.executable, "-m", "wish_tui", "client")
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"]
SIZES = {"390x844": (390, 844), "844x390": (844, 390)}
GAMES = ("wish", "spirits", "wishland")


async def by_board(me, table, game: str, shots: str) -> tuple[int, int]:
    """Play the game to its end, every other turn of the person by taps on the board where a
    thing of it shows; (decisions taken, of them on the board)."""
    taken = on_board = 0
    last_on_board = False
    while not table.is_over:
        if not await until(lambda: table.is_over or table.deciding() == 0, 30):
            raise AssertionError("the table never came back to the person")
        if table.is_over:
            break
        found = None if last_on_board else await board_cell_shown(me, table, game)

        async def shoot(first: bool = not on_board) -> None:
            if shots and first:
                await settle(1.0)
                await me.page.screenshot(path=str(Path(shots) / f"{game}-board-tap.png"))

        moved = await board_move(me, table, found, shoot) if found is not None else None
        last_on_board = moved is not None
        if moved is None:
            taken += await play_by_taps(me, table, game, most=1)
            continue
        taken += 1
        on_board += 1
    return taken, on_board


async def one_game(
    browser, devices, game: str, size: tuple[int, int], shots: str, board: bool
) -> str:
    """Play one whole solo game at `size` (`board`: by taps on the board too); its figures."""
    data = Path(tempfile.mkdtemp(prefix="phone-"))
    os.environ["WISH_TUI_DATA_DIR"] = str(data)
    hub = Hub(data, bot_pace=0.0, rate_limits={})
    await hub.start()
    sign_ins = SignIns()
    web = WebFrontEnd(hub, sign_ins, data, Limits(stop_grace=1.0), True, CLIENT, log=lambda m: 0)
    await web.start("127.0.0.1", 0)
    me = None
    try:
        me = await sit_down_by_phone(browser, web, devices, size)
        await me.see("Tables of this server")
        columns, rows = me.size
        started = time.monotonic()
        table = await open_solo_table(me, hub, game)
        if board:
            taken, on_board = await by_board(me, table, game, shots)
        else:
            taken, on_board = await play_by_taps(me, table, game, most=10_000), 0
        seconds = time.monotonic() - started
        if shots:
            # The last screen once the page has drawn it: the game over, not its last decision.
            await until(lambda: me.shows("The game is over"), 20)
            await me.page.screenshot(path=str(Path(shots) / f"{game}-{size[0]}x{size[1]}.png"))
        end = "to its end" if table.is_over else "NOT to its end"
        return (
            f"  {game:<9} {size[0]}x{size[1]}  terminal {columns}x{rows}  {taken:4d} decisions "
            f"by taps ({on_board:3d} on the board)  {seconds:6.1f} s  {end}"
        )
    finally:
        if me is not None:
            await me.page.context.close()
        await web.close()
        await hub.close()


async def main(games: list[str], sizes: list[str], shots: str, board: bool) -> None:
    from playwright.async_api import async_playwright

    print("whole solo games from a phone's page (iPhone 13 in headless Chromium), by taps:")
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for game in games:
            for name in sizes:
                line = await one_game(browser, playwright.devices, game, SIZES[name], shots, board)
                print(line)
        await browser.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="one game (repeatable)")
    parser.add_argument("--size", action="append", choices=sorted(SIZES), help="one size")
    parser.add_argument("--shots", default="", help="a folder for each game's last screen")
    parser.add_argument("--board", action="store_true", help="taps on the board too")
    args = parser.parse_args()
    asyncio.run(main(args.game or list(GAMES), args.size or list(SIZES), args.shots, args.board))
