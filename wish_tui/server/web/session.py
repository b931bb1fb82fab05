"""One browser tab's session: its app process, the websocket it is shown on, its end.

A session is registered with the table server (a one-time token for this person) and its app
(`child.WebChild`) started either when its websocket arrives or, to save the app's start-up
time, as soon as a signed-in browser asks for the game's page: the websocket that comes with the
same sign-in then takes it (`attach`), and one that never comes leaves it to be closed after a
few seconds. While attached, the session passes the browser's keys, resizes, focus and blur to
the app and the app's frames to the browser, watches the time without a key, and ends with one
sentence (the app's own closing sentence, or why the server ended it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json

from aiohttp import WSMsgType, web

from wish_tui.server.ssh.session import clamp_size
from wish_tui.server.web.child import WebChild

TOO_LARGE = (
    "That input was too large for the server (at most 16 KB at once); reload the page to "
    "return to your seats."
)
NOT_THE_PAGE = "The page sent something the server does not read; reload it."


class BrowserSession:
    """One tab's app and, once attached, its websocket.

    Args:
        front: the web front end (`hub`, `command`, `limits`, `log`, `child_env`).
        person: who this tab is (`keys.Person`).
        group: the address group it is counted under.
        size: the terminal's columns and rows to start with.
    """

    def __init__(self, front, person, group: str, size: tuple[int, int]) -> None:
        self.front = front
        self.person = person
        self.group = group
        self.size = size
        self.socket: web.WebSocketResponse | None = None
        self.child: WebChild | None = None
        self.token: str | None = None
        self.sent = 0
        """Bytes of terminal data sent to the browser."""
        loop = asyncio.get_running_loop()
        self.started: asyncio.Future[str] = loop.create_future()
        """Set by `start`: '' once the app runs, else the sentence why it does not."""
        self.done: asyncio.Future[None] = loop.create_future()
        """Set once the app has stopped and the table server has let the token go."""
        self.started_size = size
        """The size the app was started with."""
        self._sentence = ""
        self._last_input = 0.0
        self._start_over = asyncio.Event()
        self._start_over.set()

    # -- the app -------------------------------------------------------------------------------
    async def start(self) -> str:
        """Register with the table server and start the app; '' or the sentence why not."""
        front, person = self.front, self.person
        refusal = ""
        self._start_over.clear()
        try:
            self.token = front.hub.register_session(person.person, person.name)
        except Exception as exc:
            front.log(f"the table server refused {person.name}: {exc!r}")
            refusal = "The table server could not seat you; try again later."
        if not refusal:
            self.child = WebChild(
                front.command,
                front.child_env(self.token, self.size),
                self._output,
                stop_grace=front.limits.stop_grace,
            )
            try:
                await self.child.start()
            except OSError as exc:
                front.log(f"the app could not start for {person.name}: {exc}")
                refusal = "The game could not start on this server; try again later."
        self._start_over.set()
        if not self.started.done():
            self.started.set_result(refusal)
        return refusal

    async def close(self) -> None:
        """Stop the app and let the table server forget the token (once)."""
        if self.done.done():
            return
        await self._start_over.wait()  # an app being started is stopped once it runs
        try:
            if self.child is not None:
                await self.child.stop()
        finally:
            if self.token is not None:
                try:
                    self.front.hub.unregister_session(self.token)
                except Exception as exc:
                    self.front.log(f"the table server failed to let {self.person.name} go: {exc!r}")
            if not self.done.done():
                self.done.set_result(None)

    def end_soon(self, sentence: str) -> None:
        """End the session with `sentence` once its app has had its grace time."""
        self._sentence = self._sentence or sentence
        if self.child is not None:
            self.child.terminate()
        if self.socket is None and not self.started.done():
            self.started.set_result(sentence)

    # -- the browser ---------------------------------------------------------------------------
    async def attach(self, socket: web.WebSocketResponse, size: tuple[int, int]) -> None:
        """Show the app on `socket` until either ends, then close with one sentence."""
        self.socket = socket
        loop = asyncio.get_running_loop()
        try:
            refusal = await self.started
            if refusal or self.child is None:
                await end(socket, refusal or self._sentence)
                return
            if self._sentence:  # the server began to stop before the page came
                await end(socket, self._sentence)
                return
            await self._resize(size)
            self._last_input = loop.time()
            relay = loop.create_task(self.child.relay())
            reader = loop.create_task(self._read_browser())
            idle = loop.create_task(self._watch_idle())
            resize = loop.create_task(self._resize_once_drawn())
            done, _ = await asyncio.wait({relay, reader, idle}, return_when=asyncio.FIRST_COMPLETED)
            for task in (reader, idle, resize):
                task.cancel()
            if relay not in done:
                self.child.terminate()  # the browser left, idled or misbehaved
            grace = self.front.limits.stop_grace
            try:
                status = await asyncio.wait_for(self.child.wait(), grace + 1)
            except TimeoutError:
                self.child.terminate()  # drew its last frame but does not exit
                status = await self.child.wait()
            relay.cancel()
            await end(socket, self._sentence or self._after_app(status))
        except Exception as exc:  # a fault here must end this session only, never the server
            self.front.log(f"the browser session of {self.person.name} failed: {exc!r}")
            await end(socket, "This session failed on the server; reload the page.")
        finally:
            await self.close()

    def _after_app(self, status: int) -> str:
        words = self.child.closing_words if self.child else ""
        if words.startswith("wish-tui: "):
            return words[len("wish-tui: ") :][:300]
        if status == 0:
            return "The game closed; reload the page to return to your seats."
        if self.child is not None:
            self.front.log(
                f"the app of {self.person.name} stopped with status {status}: "
                f"{self.child.error_tail[-300:]!r}"
            )
        return "The game stopped on the server; reload the page to return to your seats."

    async def _output(self, data: bytes) -> None:
        socket = self.socket
        if socket is not None and not socket.closed:
            self.sent += len(data)
            await socket.send_bytes(data)

    async def _resize(self, size: tuple[int, int]) -> None:
        if size != self.size and self.child is not None:
            self.size = size
            await self.child.meta({"type": "resize", "width": size[0], "height": size[1]})

    async def _resize_once_drawn(self) -> None:
        # Textual's web driver posts the size the app started with after the first sizes it
        # reads, so a size sent before the first frame can be lost: it is sent again after it.
        assert self.child is not None
        await self.child.drawn.wait()
        if self.size != self.started_size:
            size = self.size
            await self.child.meta({"type": "resize", "width": size[0], "height": size[1]})

    async def _read_browser(self) -> None:
        child, socket = self.child, self.socket
        assert child is not None and socket is not None
        async for message in socket:
            if message.type == WSMsgType.ERROR:
                self._sentence = TOO_LARGE
                return
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                envelope = None
            if not (isinstance(envelope, list) and envelope and isinstance(envelope[0], str)):
                self._sentence = NOT_THE_PAGE
                return
            kind, body = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(body, str):
                self._last_input = asyncio.get_running_loop().time()
                await child.keys(body)
            elif kind == "resize" and isinstance(body, dict):
                await self._resize(clamp_size(whole(body.get("width")), whole(body.get("height"))))
            elif kind == "ping" and isinstance(body, str) and len(body) <= 32:
                await socket.send_json(["pong", body])
            elif kind in ("focus", "blur"):
                await child.meta({"type": kind})
            else:
                self._sentence = NOT_THE_PAGE
                return

    async def _watch_idle(self) -> None:
        loop = asyncio.get_running_loop()
        idle = self.front.limits.idle_timeout
        while True:
            left = self._last_input + idle - loop.time()
            if left <= 0:
                break
            await asyncio.sleep(left)
        self.front.log(f"closed the idle browser session of {self.person.name}")
        minutes = f"{idle / 60:g} minutes" if idle >= 120 else f"{idle:g} s"
        self._sentence = (
            f"No key for {minutes}, so the session is closed; reload the page to return to "
            "your seats."
        )


async def end(socket: web.WebSocketResponse, sentence: str) -> None:
    """Say `sentence` to the page and close its websocket."""
    if socket.closed:
        return
    with contextlib.suppress(Exception):
        await socket.send_json(["end", sentence])
        reason = sentence.encode()[:120].decode("utf-8", "ignore")
        await socket.close(code=1000, message=reason.encode())


def whole(value) -> int:
    """A whole number from a browser's text or number, 0 when it is none."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    try:
        return int(str(value)[:6])
    except ValueError:
        return 0
