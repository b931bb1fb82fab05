"""A real browser at a real table: headless Chromium (Debian's `chromium`) driven by Playwright.

The whole chain of `wish-tui serve --web`: bob asks his SSH session's lobby for a browser link
and opens it in Chromium, which signs him in; alice, at her SSH session, opens a table of Wish
with a seat left open; bob joins it from the browser's lobby; both play their moves, each seeing
their own Destiny cards and never the other's. A used link says so on the page, and with
`--open` the page asks a guest for a name.

What the browser shows is read from the websocket frames Chromium received (xterm.js draws on a
canvas); keys are typed into the page as a person would.

These tests need Chromium at /usr/bin/chromium (`apt-get install -y chromium`) and the test
extra (Playwright). Without Chromium they are skipped on a developer's machine, saying what to
install, and fail in CI (where `CI` is set), so a CI run never passes without them.
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path

import pytest
import pytest_asyncio

from wish_tui.server.ssh.front import FrontEnd, Limits
from wish_tui.server.web.front import WebFrontEnd
from wish_tui.server.web.links import SignIns

from .conftest import authorized_keys, hub_that_knows, new_key, ssh_terminal

pytestmark = pytest.mark.asyncio(loop_scope="module")

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Known to work as root on this kind of machine; Playwright gives each launch a fresh profile."""
CLIENT = (sys.executable, "-m", "wish_tui", "client")
ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\x1b[=>]|\x1b\][^\x07]*\x07")
LINK = re.compile(r"http://127\.0\.0\.1:\d+/link/[A-Za-z0-9_-]{22}")


def _missing() -> str:
    if not CHROMIUM.exists():
        return (
            "the browser tests need Chromium at /usr/bin/chromium: install it with "
            "'apt-get install -y chromium'"
        )
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "the browser tests need Playwright: install the test extra with pip install -e '.[test]'"
    return ""


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser():
    """One headless Chromium for the whole module."""
    missing = _missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(missing)
        pytest.skip(missing)
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        chromium = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS
        )
        yield chromium
        await chromium.close()


class Screen:
    """What one person's screen received, as text (ANSI codes dropped)."""

    def __init__(self) -> None:
        self.text = ""
        self.everything = ""
        self.raw = b""

    def take(self, data: bytes | str) -> None:
        chunk = data if isinstance(data, bytes) else data.encode()
        self.raw += chunk
        text = ANSI.sub(b"", chunk).decode("utf-8", "replace")
        self.text += text
        self.everything += text

    async def see(self, words: str, timeout: float = 40.0) -> None:
        """Wait until `words` appears (since the last `forget`)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while words not in self.text:
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(
                    f"{words!r} never appeared; the screen had:\n{self.text[-2000:]}"
                )
            await asyncio.sleep(0.05)

    def forget(self) -> None:
        self.text = ""


class SshPlayer:
    """A person at their terminal over SSH."""

    def __init__(self, conn, process) -> None:
        self.conn, self.process = conn, process
        self.screen = Screen()
        self._task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        while chunk := await self.process.stdout.read(65536):
            self.screen.take(chunk)

    async def press(self, keys: str) -> None:
        self.process.stdin.write(keys.encode())

    def close(self) -> None:
        self.conn.close()
        self._task.cancel()


class BrowserPlayer:
    """A person at a browser tab: keys typed into the page, frames it received."""

    def __init__(self, page) -> None:
        self.page = page
        self.screen = Screen()
        page.on("websocket", self._socket)

    def _socket(self, socket) -> None:
        socket.on("framereceived", self.screen.take)

    async def press(self, keys: str) -> None:
        for key in keys:
            await self.page.keyboard.press({"\r": "Enter"}.get(key, key))


async def until(condition, timeout: float = 40.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "the table server never got there"
        await asyncio.sleep(0.05)


@pytest_asyncio.fixture(loop_scope="module")
async def server(tmp_path, monkeypatch):
    """The table server with its SSH and web front ends on loopback; alice and bob have keys."""
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(data))
    started = []

    async def start(is_open: bool = False):
        people = {"alice": new_key("alice"), "bob": new_key("bob")}
        keys = authorized_keys(data, people.values())
        hub = await hub_that_knows(data, people)
        limits = Limits(stop_grace=1.0)
        ssh = FrontEnd(
            hub, new_key(), None if is_open else keys, data, limits, CLIENT, log=lambda m: None
        )
        await ssh.start("127.0.0.1", 0)
        sign_ins = SignIns()
        web = WebFrontEnd(hub, sign_ins, data, limits, is_open, CLIENT, log=lambda m: None)
        await web.start("127.0.0.1", 0)
        sign_ins.base_url = f"http://127.0.0.1:{web.port}"
        hub.web_links = sign_ins
        started.append((web, ssh, hub))
        return hub, ssh, web, people

    yield start
    for web, ssh, hub in started:
        await web.close()
        await ssh.close()
        await hub.close()


async def sit_down(ssh: FrontEnd, key, name: str) -> SshPlayer:
    return SshPlayer(*await ssh_terminal(ssh.port, key, name))


async def play_one(table, seat: int, me) -> None:
    """`me` takes one decision with the same keys as the SSH figure's (benchmarks/serve.py):
    a choice's first option, else the end of the turn (confirmed when it asks)."""
    before = table.actions
    for _ in range(8):
        me.screen.forget()
        key = "1" if table.state.view(seat).get("decision") else "n"
        await me.press(key)
        deadline = asyncio.get_running_loop().time() + 5
        while table.actions == before and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.05)
            if key == "n" and "unused?" in me.screen.text:
                await me.press("1")
                key = "n1"
        if table.actions > before:
            return
    raise AssertionError(f"seat {seat} could not act; its screen had:\n{me.screen.text[-2000:]}")


async def test_a_browser_signed_in_by_link_plays_a_table_with_an_ssh_session(browser, server):
    hub, ssh, web, keys = await server()

    # Bob asks his SSH session's lobby for a browser link, and opens it in the browser.
    bob_ssh = await sit_down(ssh, keys["bob"], "bob")
    await bob_ssh.screen.see("Tables of this server")
    await bob_ssh.press("b")
    await bob_ssh.screen.see("sign that browser in as you")
    await asyncio.sleep(0.3)
    (link,) = set(LINK.findall(bob_ssh.screen.text))
    bob_ssh.close()
    context = await browser.new_context(viewport={"width": 1100, "height": 720})
    page = await context.new_page()
    bob = BrowserPlayer(page)
    await page.goto(link)
    assert page.url.endswith("/")  # the token is gone from the address bar
    await bob.screen.see("Tables of this server — you are bob")
    # The app fills the page: it draws down to the last row of the page's terminal.
    ((columns, rows),) = [s.size for s in web.sessions]
    assert (columns, rows) > (100, 30)
    await until(lambda: f"\x1b[{rows};1H".encode() in bob.screen.raw, 10)
    cookie = next(c for c in await context.cookies() if c["name"] == "wish_tui_sign_in")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"
    assert cookie["value"] not in link and cookie["value"] not in hub.tokens

    # The link opened once: a second browser is told so, and is not signed in.
    other = await browser.new_context()
    second = await other.new_page()
    await second.goto(link)
    assert "This link was used already" in await second.inner_text("#sentence")
    await other.close()

    # Alice opens a table with a seat left open; bob joins it from the browser.
    alice = await sit_down(ssh, keys["alice"], "alice")
    await alice.screen.see("Tables of this server")
    await alice.press("n")
    await alice.screen.see("New table")
    await alice.press("\x0e")  # ctrl+n: alice at seat 1, seat 2 open
    await until(lambda: len(hub.tables) == 1)
    (table,) = hub.tables.values()
    await bob.screen.see("1 open seat")
    await bob.press("\r")
    await until(lambda: [s.person_name for s in table.seats] == ["alice", "bob"])

    # Both play: each keeps a Destiny card, then each plays turns, both ways.
    players = {0: alice, 1: bob}
    destinies: dict[int, set[str]] = {0: set(), 1: set()}
    moves = {0: 0, 1: 0}
    while min(moves.values()) < 3:
        seat = table.deciding()
        assert seat is not None
        legal = [c.notation for c in table.choices_for(seat).actions]
        me = players[seat]
        if legal[0].startswith("keep "):
            destinies[seat] |= {text.removeprefix("keep ") for text in legal}
            await me.screen.see("Keep one of your two Destiny cards")
        await play_one(table, seat, me)
        moves[seat] += 1

    for seat, person in players.items():
        other = 1 - seat
        assert all(name not in person.screen.everything for name in destinies[other]), (
            f"seat {seat} saw a Destiny card of seat {other}"
        )
        assert any(name in person.screen.everything for name in destinies[seat])
    await page.screenshot(path=str(Path(hub.data_dir) / "browser-table.png"))
    alice.close()
    await context.close()


async def test_with_open_the_page_asks_a_guest_for_a_name(browser, server):
    hub, ssh, web, keys = await server(is_open=True)
    context = await browser.new_context()
    page = await context.new_page()
    carol = BrowserPlayer(page)
    await page.goto(f"http://127.0.0.1:{web.port}/")
    await page.fill("input[name=name]", "x" * 30)  # the field holds 24
    assert len(await page.input_value("input[name=name]")) == 24
    await page.fill("input[name=name]", "carol")
    await page.click("button")
    await carol.screen.see("Tables of this server — you are carol")
    await carol.screen.see("q Quit")  # the lobby's keys are up
    await carol.press("q")
    await page.wait_for_selector("body.-closed")
    assert "The game closed" in await page.inner_text("#closed-sentence")
    await context.close()
