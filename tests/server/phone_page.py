"""A phone at the browser seat, for the tests: its device, what its terminal shows, where to tap.

The page draws on a canvas, so what it shows is rebuilt from the frames it received
(`TerminalText`: cursor moves, erased runs and text, as the app writes them), and a tap on a word is a tap at
that word's cell, measured from the page's terminal.
"""

from __future__ import annotations

import asyncio
import re

from rich.cells import get_character_cell_size

_TOKEN = re.compile(
    r"\x1b\[(\d+);(\d+)H|\x1b\[(\d*)([XC])|\x1b\[2J|\x1b\[[0-9;:?<>=$]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\x1b[=>]"
    r"|\x1b\][^\x07]*\x07|[\r\n\x1b]"
)


def phone(devices: dict, width: int, height: int) -> dict:
    """Playwright's iPhone 13 (touch, a mobile viewport) with `width`x`height` CSS px.

    The pixel ratio is 1: headless Chromium's emulated ratio and xterm.js's canvas disagree (the
    text is drawn three times too large on a canvas of CSS pixels), which a real phone does not.
    """
    device = dict(devices["iPhone 13"])
    device.pop("default_browser_type", None)
    device.update(
        viewport={"width": width, "height": height},
        screen={"width": width, "height": height},
        device_scale_factor=1,
    )
    return device


class TerminalText:
    """The terminal's cells as the frames received so far drew them."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], str] = {}
        self.row = self.col = 0

    def take(self, data: bytes | str) -> None:
        text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
        at = 0
        for match in _TOKEN.finditer(text):
            self._write(text[at : match.start()])
            at = match.end()
            if match.group(1):
                self.row, self.col = int(match.group(1)) - 1, int(match.group(2)) - 1
            elif match.group(4) == "X":  # erase characters, the cursor stays
                for col in range(self.col, self.col + int(match.group(3) or 1)):
                    self.cells[self.row, col] = " "
            elif match.group(4) == "C":  # the cursor moves right
                self.col += int(match.group(3) or 1)
            elif match.group(0) == "\x1b[2J":
                self.cells.clear()
            elif match.group(0) == "\r":
                self.col = 0
            elif match.group(0) == "\n":
                self.row += 1
        self._write(text[at:])

    def _write(self, text: str) -> None:
        for char in text:
            self.cells[self.row, self.col] = char
            self.col += max(1, get_character_cell_size(char))

    def line(self, row: int) -> str:
        columns = [col for (r, col) in self.cells if r == row]
        if not columns:
            return ""
        return "".join(self.cells.get((row, col), " ") for col in range(max(columns) + 1))

    def find(self, words: str, rows: range | None = None) -> tuple[int, int] | None:
        """The (row, column) of the last row showing `words`, or None."""
        last = max((r for r, _ in self.cells), default=-1)
        for row in reversed(rows if rows is not None else range(last + 1)):
            col = self.line(row).find(words)
            if col >= 0:
                return row, col
        return None


async def terminal_box(page) -> dict:
    """The page's terminal element, its drawn screen, and the websocket's columns and rows."""
    return await page.evaluate(
        """() => {
          const box = (e) => { const r = e.getBoundingClientRect();
            return {left: r.left, top: r.top, width: r.width, height: r.height}; };
          return {terminal: box(document.getElementById("terminal")),
                  screen: box(document.querySelector("#terminal .xterm-screen")),
                  scrollWidth: document.documentElement.scrollWidth,
                  innerWidth: window.innerWidth, innerHeight: window.innerHeight,
                  fontSize: document.getElementById("terminal").dataset.fontSize};
        }"""
    )


async def tap_cell(page, size: tuple[int, int], row: int, col: int) -> None:
    """Tap the middle of the terminal's cell at `row`, `col` (the terminal is `size` cells)."""
    screen = (await terminal_box(page))["screen"]
    cell_width, cell_height = screen["width"] / size[0], screen["height"] / size[1]
    await page.touchscreen.tap(
        screen["left"] + (col + 0.5) * cell_width, screen["top"] + (row + 0.5) * cell_height
    )


async def tap_words(page, text: TerminalText, size, words: str, rows=None) -> None:
    """Tap the first letter of `words` where the terminal shows them."""
    found = text.find(words, rows)
    assert found is not None, f"{words!r} is not on the screen:\n" + "\n".join(
        text.line(r) for r in range(size[1])
    )
    await tap_cell(page, size, *found)


async def tap_key(page, key: str) -> None:
    """Tap one of the page's buttons (a key of the row or of the pad, opened if needed)."""
    button = page.locator(f'button.key[data-key="{key}"]')
    if not await button.is_visible():
        await page.locator('button.key[data-key="pad"]').tap()
    await button.tap()


async def settle(seconds: float = 0.3) -> None:
    await asyncio.sleep(seconds)
