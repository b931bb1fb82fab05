"""Regenerate docs/screenshot.svg: the game screen, from a scenario save, by Textual's own
screenshot. Run: python docs/screenshot.py"""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


async def main() -> None:
    os.environ["WISH_TUI_DATA_DIR"] = tempfile.mkdtemp()
    from wish_tui import saves
    from wish_tui.cli import Launch
    from wish_tui.ui.app import WishApp

    loaded = saves.load_game(str(ROOT / "saves" / "four-seat-monuments.json"))
    app = WishApp(Launch("load"), loaded)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(3):
            await pilot.pause()
        app.save_screenshot(filename="screenshot.svg", path=str(ROOT / "docs"))
    print(ROOT / "docs" / "screenshot.svg")


if __name__ == "__main__":
    asyncio.run(main())
