"""`wish-tui serve --web` in headless Chromium: page load, bytes per action, memory per tab.

Run: python benchmarks/web.py [--loads 5] [--actions 40] [--screenshot docs/web-screenshot.png]

Starts the real server in this process (the table server, the SSH front end and the web front
end, each session with its own `wish-tui client`), drives Debian's Chromium (/usr/bin/chromium)
with Playwright, and prints:

- page load to a playable lobby: from opening a fresh browser link in a new browser context (no
  cache, no cookie) until the lobby has drawn its keys (they show once the page's keys reach the
  game); the median of `--loads` loads (target <= 1.5 s), beside an SSH session's time from
  connecting to its lobby;
- bytes per game action: a browser tab and an SSH session at one table of Wish play
  `--actions` decisions with the key sequence of benchmarks/serve.py (1 for a choice, else n,
  confirmed with 1 when it asks); the bytes the browser received per action, as the terminal
  data inside the frames and as TCP bytes on the wire (compressed websocket frames, counted by a
  relay in front of the server), beside the SSH session's terminal bytes (target <= 1.5 KB);
- unique memory (USS, /proc/PID/smaps_rollup) of the browser tab's app process and of the SSH
  session's, at the table after the game (target: the browser's no more than the SSH one's).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wish_tui.server.hub import Hub  # noqa: E402
from wish_tui.server.ssh.front import FrontEnd, Limits  # noqa: E402
from wish_tui.server.web.front import WebFrontEnd  # noqa: E402
from wish_tui.server.web.links import SignIns  # noqa: E402

CLIENT = (sys.executable, "-m", "wish_tui", "client")
CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\x1b[=>]|\x1b\][^\x07]*\x07")


class Screen:
    """What a client received: its text (ANSI dropped) and its byte count, with times."""

    def __init__(self) -> None:
        self.text = ""
        self.received = 0
        self.seen_at: dict[str, float] = {}

    def take(self, data: bytes | str) -> None:
        chunk = data if isinstance(data, bytes) else data.encode()
        self.received += len(chunk)
        self.text = (self.text + ANSI.sub(b"", chunk).decode("utf-8", "replace"))[-20000:]

    async def see(self, words: str, timeout: float = 30.0) -> float:
        """Wait for `words`; return the moment (perf_counter) they were first there."""
        deadline = time.perf_counter() + timeout
        while words not in self.text:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{words!r} not seen; the screen had {self.text[-1500:]!r}")
            await asyncio.sleep(0.005)
        return time.perf_counter()


class Relay:
    """A TCP relay on loopback in front of the web server, counting bytes sent to browsers."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.to_browser = 0
        self.port = 0
        self._server: asyncio.AbstractServer | None = None

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._connection, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _connection(self, reader, writer) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)

        async def pipe(source, sink, count: bool) -> None:
            try:
                while data := await source.read(65536):
                    if count:
                        self.to_browser += len(data)
                    sink.write(data)
                    await sink.drain()
            except ConnectionError:
                pass
            finally:
                sink.close()

        await asyncio.gather(pipe(reader, up_writer, False), pipe(up_reader, writer, True))

    def close(self) -> None:
        if self._server is not None:
            self._server.close()


def uss_kb(pid: int) -> int:
    """Unique memory of `pid`: its private pages, clean and dirty."""
    total = 0
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith(("Private_Clean:", "Private_Dirty:")):
            total += int(line.split()[1])
    return total


async def ssh_session(port: int, name: str):
    conn = await asyncssh.connect(
        "127.0.0.1", port, username=name, known_hosts=None, agent_path=None, config=None,
        client_keys=None,
    )  # fmt: skip
    process = await conn.create_process(
        term_type="xterm-256color", term_size=(100, 30), encoding=None
    )
    screen = Screen()

    async def read() -> None:
        while chunk := await process.stdout.read(65536):
            screen.take(chunk)

    task = asyncio.get_running_loop().create_task(read())
    return conn, process, screen, task


async def browser_tab(browser, url: str, viewport=(1000, 640)):
    """A fresh context (no cache, no cookie) opening `url`; its page and screen."""
    context = await browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = await context.new_page()
    screen = Screen()
    page.on("websocket", lambda socket: socket.on("framereceived", screen.take))
    return context, page, screen


async def press(page, key: str) -> None:
    await page.keyboard.press({"\r": "Enter"}.get(key, key))


async def main(loads: int, actions: int, screenshot: str | None) -> None:
    from playwright.async_api import async_playwright

    data = Path(tempfile.mkdtemp())
    os.environ["WISH_TUI_DATA_DIR"] = str(data)
    hub = Hub(data, bot_pace=0.0, rate_limits={})
    await hub.start()
    # The browser's people are players of the club already (a newcomer would choose a name).
    for index in ["", *range(loads + 1)]:
        hub.club.players.register(f"SHA256:bob{index}", f"bob{index}")
    limits = Limits(max_connections=40, max_per_address=40)
    ssh = FrontEnd(hub, asyncssh.generate_private_key("ssh-ed25519"), None, data, limits, CLIENT,
                   log=lambda m: None)  # fmt: skip
    await ssh.start("127.0.0.1", 0)
    sign_ins = SignIns()
    web = WebFrontEnd(hub, sign_ins, data, limits, True, CLIENT, log=lambda m: None)
    await web.start("127.0.0.1", 0)
    relay = Relay(web.port)
    await relay.start()
    sign_ins.base_url = f"http://127.0.0.1:{relay.port}"
    hub.web_links = sign_ins

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)

        # Page load to a playable lobby, each from a fresh link in a fresh context.
        load_times, draw_times = [], []
        for i in range(loads + 1):  # the first warms the machine's file caches; not counted
            link = sign_ins.url_for(sign_ins.issue_link(f"SHA256:bob{i}", "bob"))
            context, page, screen = await browser_tab(browser, link)
            started = time.perf_counter()
            await page.goto(link, wait_until="commit")
            drawn = await screen.see("Tables of this server")
            playable = await screen.see("p You  q Quit")
            if i:
                load_times.append(playable - started)
                draw_times.append(drawn - started)
            await context.close()
        ssh_times = []
        for i in range(loads):
            started = time.perf_counter()
            conn, _, screen, task = await ssh_session(ssh.port, f"ssh{i}")
            ssh_times.append(await screen.see("p You  q Quit") - started)
            conn.close()
            task.cancel()
        await asyncio.sleep(1.0)

        # A browser tab and an SSH session at one table.
        link = sign_ins.url_for(sign_ins.issue_link("SHA256:bob", "bob"))
        context, page, bob = await browser_tab(browser, link, (905, 640))  # 100x30, as SSH
        await page.goto(link)
        await bob.see("p You  q Quit")
        conn, process, alice, task = await ssh_session(ssh.port, "alice")
        await alice.see("Tables of this server")
        process.stdin.write(b"n")
        await alice.see("New table")
        process.stdin.write(b"\x0e")
        while not hub.tables:
            await asyncio.sleep(0.05)
        (table,) = hub.tables.values()
        await bob.see("1 open seat")
        await press(page, "\r")
        while table.seats[1].person_name != "bob":
            await asyncio.sleep(0.05)
        await asyncio.sleep(1.5)

        async def key_for(seat: int, key: str) -> None:
            if seat == 0:
                process.stdin.write(key.encode())
            else:
                await press(page, key)

        screens = {0: alice, 1: bob}
        start_bytes = (alice.received, bob.received, relay.to_browser)
        played = 0
        while played < actions and not table.is_over:
            seat = table.deciding()
            before = table.actions
            key = "1" if table.state.view(seat).get("decision") else "n"
            mark = len(screens[seat].text)
            await key_for(seat, key)
            deadline = time.perf_counter() + 10
            while table.actions == before and time.perf_counter() < deadline:
                await asyncio.sleep(0.01)
                if key == "n" and "unused?" in screens[seat].text[mark - 3000 :]:
                    await key_for(seat, "1")
                    key = "n1"
            if table.actions == before:
                continue
            await asyncio.sleep(0.3)  # both screens take the change in
            played += table.actions - before
        await asyncio.sleep(1.0)
        ssh_bytes = alice.received - start_bytes[0]
        frame_bytes = bob.received - start_bytes[1]
        wire_bytes = relay.to_browser - start_bytes[2]

        tab = next(iter(web.sessions))
        web_pid, web_size = tab.child.pid, tab.size
        ssh_pid = next(
            s.child.pid
            for c in ssh._connections
            for s in c.sessions
            if s.child is not None and c.person and c.person.name == "alice"
        )
        web_uss, ssh_uss = uss_kb(web_pid), uss_kb(ssh_pid)
        whole_game = " (the whole game)" if table.is_over else ""
        if screenshot:
            await page.screenshot(path=screenshot)
        conn.close()
        task.cancel()
        await context.close()
        await browser.close()
    await web.close()
    await ssh.close()
    await hub.close()
    relay.close()

    print(
        f"page load to a playable lobby: median {statistics.median(load_times):.2f} s "
        f"(min {min(load_times):.2f}, max {max(load_times):.2f}) over {loads} loads; the lobby "
        f"first drawn at {statistics.median(draw_times):.2f} s (target <= 1.5 s)"
    )
    print(
        f"an SSH session, connect to a playable lobby: median {statistics.median(ssh_times):.2f} s"
    )
    print(
        f"bytes per game action over {played} actions{whole_game} (the browser's terminal "
        f"{web_size[0]}x{web_size[1]}, the SSH one 100x30): browser {wire_bytes / played:.0f} B on "
        f"the wire ({frame_bytes / played:.0f} B of terminal data in its frames); SSH session "
        f"{ssh_bytes / played:.0f} B of terminal data (target <= 1536 B)"
    )
    print(
        f"unique memory (USS) of a session's app: browser tab {web_uss / 1024:.1f} MB, SSH "
        f"session {ssh_uss / 1024:.1f} MB (target: browser <= SSH)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--actions", type=int, default=40)
    parser.add_argument("--screenshot", metavar="PNG", help="save the browser's table here")
    options = parser.parse_args()
    asyncio.run(main(options.loads, options.actions, options.screenshot))
