"""Whole solo games of each game from a phone's browser page, by taps. Run: python benchmarks/phone.py

Starts the table server with its web front end (`--open`: a guest sits down by a name) in this
process, drives Debian's Chromium (/usr/bin/chromium) with Playwright as an iPhone 13 (touch, a
mobile viewport, at 390x844 upright and 844x390 turned) and, for each game and each way up, sits
down, opens a solo table by tapping the lobby's New table, the form's game, its solo level and
Start, and plays the game to its end with the page's buttons (tests/server/phone_games.py). The
suite plays an opening of each (tests/server/test_web_phone.py); here each is played to its end.

Prints, for each game and size: the terminal's columns and rows, the person's decisions taken by
taps, the seconds the game took, and whether it reached its end. With --shots DIR, a screenshot
of each game's last screen is kept there.
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

from tests.server.phone_games import open_solo_table, play_by_taps  # noqa: E402
from tests.server.phone_page import sit_down_by_phone, until  # noqa: E402
from wish_tui.server.hub import Hub  # noqa: E402
from wish_tui.server.ssh.front import Limits  # noqa: E402
from wish_tui.server.web.front import WebFrontEnd  # noqa: E402
from wish_tui.server.web.links import SignIns  # noqa: E402

CLIENT = (sys.executable, "-m", "wish_tui", "client")
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"]
SIZES = {"390x844": (390, 844), "844x390": (844, 390)}
GAMES = ("wish", "spirits", "wishland")


async def one_game(browser, devices, game: str, size: tuple[int, int], shots: str) -> str:
    """Play one whole solo game at `size`; its line of figures."""
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
        taken = await play_by_taps(me, table, game, most=10_000)
        seconds = time.monotonic() - started
        if shots:
            # The last screen once the page has drawn it: the game over, not its last decision.
            await until(lambda: me.shows("The game is over"), 20)
            await me.page.screenshot(path=str(Path(shots) / f"{game}-{size[0]}x{size[1]}.png"))
        end = "to its end" if table.is_over else "NOT to its end"
        return (
            f"  {game:<9} {size[0]}x{size[1]}  terminal {columns}x{rows}  {taken:4d} decisions "
            f"by taps  {seconds:6.1f} s  {end}"
        )
    finally:
        if me is not None:
            await me.page.context.close()
        await web.close()
        await hub.close()


async def main(games: list[str], sizes: list[str], shots: str) -> None:
    from playwright.async_api import async_playwright

    print("whole solo games from a phone's page (iPhone 13 in headless Chromium), by taps:")
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for game in games:
            for name in sizes:
                print(await one_game(browser, playwright.devices, game, SIZES[name], shots))
        await browser.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="one game (repeatable)")
    parser.add_argument("--size", action="append", choices=sorted(SIZES), help="one size")
    parser.add_argument("--shots", default="", help="a folder for each game's last screen")
    args = parser.parse_args()
    asyncio.run(main(args.game or list(GAMES), args.size or list(SIZES), args.shots))
