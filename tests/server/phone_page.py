"""A phone at the browser seat, for the tests: its device, what its terminal shows, where to tap.

The page draws on a canvas, so what it shows is rebuilt from the frames it received
(`TerminalText`: cursor moves, erased runs and text, as the app writes them), and a tap on a word is a tap at
that word's cell, measured from the page's terminal.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
from pathlib import Path

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
    """The terminal's cells as the frames received so far drew them (within `size`)."""

    def __init__(self, size: tuple[int, int] = (10_000, 10_000)) -> None:
        self.size = size
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
            if self.row < self.size[1] and self.col < self.size[0]:
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


async def until(condition, timeout: float) -> bool:
    """Wait until `condition()`; False when `timeout` seconds passed first."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


async def settle(seconds: float = 0.3) -> None:
    await asyncio.sleep(seconds)


class Phone:
    """A signed-in phone's page: what its terminal shows, the keys it sent, its session; taps."""

    def __init__(self, page, web) -> None:
        self.page, self.web = page, web
        self.text = TerminalText()
        self.sent: list[str] = []
        self.frames = 0
        """The frames of the app's output received so far."""
        page.on("websocket", self._socket)

    def _socket(self, socket) -> None:
        socket.on("framereceived", self._received)
        socket.on("framesent", self._sent)

    def _received(self, data) -> None:
        if isinstance(data, bytes) and self.web.sessions:
            self.frames += 1
            if self.size != self.text.size:  # the app draws the whole screen again
                self.text = TerminalText(self.size)
            self.text.take(data)

    def _sent(self, data) -> None:
        message = json.loads(data)
        if message[0] == "stdin":
            self.sent.append(message[1])

    @property
    def size(self) -> tuple[int, int]:
        (session,) = self.web.sessions
        return session.size

    def shown(self) -> str:
        """What the terminal shows, line by line."""
        return "\n".join(self.text.line(row) for row in range(self.size[1]))

    def shows(self, words: str, last_rows: int | None = None) -> bool:
        return self.text.find(words, self._rows(last_rows)) is not None

    def _rows(self, last_rows: int | None) -> range | None:
        return range(self.size[1] - last_rows, self.size[1]) if last_rows else None

    async def see(self, words: str, timeout: float = 40.0) -> None:
        if not await until(lambda: self.shows(words), timeout):
            raise AssertionError(f"{words!r} never appeared; the screen showed:\n{self.shown()}")

    async def gone(self, words: str, timeout: float = 40.0) -> None:
        if not await until(lambda: not self.shows(words), timeout):
            raise AssertionError(f"{words!r} stayed; the screen showed:\n{self.shown()}")

    async def shoot(self, name: str) -> None:
        """Keep a screenshot in the folder PHONE_SHOTS names, if it does."""
        folder = os.environ.get("PHONE_SHOTS")
        if folder:
            await self.page.screenshot(path=str(Path(folder) / f"{name}.png"))

    async def tap_cell(self, row: int, col: int) -> None:
        """Tap the middle of the terminal's cell at `row`, `col`."""
        columns, rows = self.size
        screen = (await terminal_box(self.page))["screen"]
        width, height = screen["width"] / columns, screen["height"] / rows
        await self.page.touchscreen.tap(
            screen["left"] + (col + 0.5) * width, screen["top"] + (row + 0.5) * height
        )

    async def tap_words(self, words: str, last_rows: int | None = None) -> None:
        """Tap the first letter of `words` where the terminal shows them (in its last rows),
        once what is known of the screen was drawn at the terminal's size now (a page fitted
        to the phone again has the app draw anew: a tap placed by the old frame misses)."""
        await until(lambda: self.text.size == self.size and self.shows(words, last_rows), 10)
        found = self.text.find(words, self._rows(last_rows))
        assert found is not None, f"{words!r} is not on the screen:\n{self.shown()}"
        await self.tap_cell(*found)

    async def tap_until(self, words: str, done, last_rows: int | None = None) -> None:
        """Tap `words` until `done()`: a screen may still be moving what it shows when tapped."""
        for _ in range(3):
            await settle(0.5)
            await self.tap_words(words, last_rows)
            if await until(done, 5):
                return
        raise AssertionError(f"a tap on {words!r} did nothing; the screen showed:\n{self.shown()}")

    async def tap_key(self, key: str) -> None:
        """Tap one of the page's buttons (a key of the row or of the pad, opened if needed)."""
        button = self.page.locator(f'button.key[data-key="{key}"]')
        if not await button.is_visible():
            await self.page.locator('button.key[data-key="pad"]').tap()
        await button.tap()


async def sit_down_by_phone(browser, web, devices: dict, size: tuple[int, int]) -> Phone:
    """A phone of `size` opens the server's page and sits down as the guest carol."""
    context = await browser.new_context(**phone(devices, *size))
    page = await context.new_page()
    me = Phone(page, web)
    await page.goto(f"http://127.0.0.1:{web.port}/")
    await page.fill("input[name=name]", "carol")
    await page.locator("button").tap()
    await page.wait_for_selector("body.-first-byte")
    return me
