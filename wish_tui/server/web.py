"""The web front end of `wish-tui serve --web PORT`: the same app, in a browser tab.

HTTP on `--host`'s address (loopback unless told otherwise), on aiohttp, with the terminal page
of textual-serve. A browser is signed in by a one-time link from an SSH session's lobby
(`links.SignIns`), or as a guest by a name with `--open`; its sign-in id lives in an HttpOnly,
SameSite=Lax cookie and stands for that person alone. Each websocket (one browser tab) is one
session of the table server, as an SSH session is: the table server registers the person and
gives a one-time token, and the tab's own `wish-tui client` app (`web_child`) starts with the
table server's socket, that token and the data directory in its environment, and of the
server's environment only what a program needs to run.

The limits are the SSH front end's (`ssh.Limits`): sessions at once in all and per address (an
IPv6 /64), the time without a key, and the size of what a browser sends (one message at most
`MAX_INPUT` bytes; an app that reads no more slows the browser's socket). A websocket from
another site's page is refused (its Origin must be this server's host). Behind a reverse proxy
on the same machine, the address counted is the last one of ``X-Forwarded-For`` and the scheme
that of ``X-Forwarded-Proto``, trusted only from a loopback peer. Anything refused gets one
sentence: on a page, or as the sentence the page shows when its session ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import os
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from urllib.parse import urlsplit

import textual_serve
from aiohttp import WSMsgType, web

from wish_tui.server import web_pages
from wish_tui.server.links import LINK_PATH, SIGN_IN_LIFETIME, SignInRefused, SignIns
from wish_tui.server.session import (
    DATA_DIR_ENV,
    PASSED_FROM_SERVER,
    SOCKET_ENV,
    TOKEN_ENV,
    clamp_size,
)
from wish_tui.server.ssh import CLIENT_COMMAND, Hub, Limits, address_group
from wish_tui.server.web_child import WebChild

COOKIE = "wish_tui_sign_in"
"""The cookie that holds a browser's sign-in id."""
MAX_INPUT = 16 * 1024
"""The longest message a browser may send on its websocket (a paste included)."""
MAX_FORM = 4 * 1024
"""The largest body of a form sent to the server."""
DRIVER = "wish_tui.ui.web_driver:CompactWebDriver"
"""The Textual driver of the browser's app."""
STATIC_FILES = {
    "js/textual.js": "application/javascript",
    "css/xterm.css": "text/css",
    "fonts/RobotoMono-VariableFont_wght.ttf": "font/ttf",
}
"""The files of textual-serve's page that are served, and nothing else of its folder."""
STATIC_DIR = Path(textual_serve.__file__).resolve().parent / "static"


def _log_to_stderr(message: str) -> None:
    import sys

    sys.stderr.write(f"wish-tui serve: {message}\n")
    sys.stderr.flush()


def _is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address.partition("%")[0]).is_loopback
    except ValueError:
        return False


def client_address(request: web.Request) -> str:
    """The browser's address: the peer's, or the proxy's last ``X-Forwarded-For`` from loopback."""
    peer = request.remote or ""
    forwarded = request.headers.get("X-Forwarded-For", "")
    if forwarded and _is_loopback(peer):
        last = forwarded.split(",")[-1].strip()
        if last:
            return last[:64]
    return peer


def is_secure(request: web.Request) -> bool:
    """True when the browser reached the server over TLS (directly, or through a local proxy)."""
    if request.secure:
        return True
    proto = request.headers.get("X-Forwarded-Proto", "")
    return _is_loopback(request.remote or "") and proto.strip().lower() == "https"


def same_origin(request: web.Request) -> bool:
    """True when the request's Origin is this server's own host (its page, not another site's)."""
    origin = request.headers.get("Origin")
    if not origin:
        return False
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == request.host.lower()


class WebFrontEnd:
    """The HTTP server: sign-in pages and one app process per websocket.

    Args:
        hub: the table server (`socket_path`, `register_session`, `unregister_session`).
        sign_ins: the browser links and sign-ins (shared with the table server's lobby).
        data_dir: the data directory the apps use.
        limits: the SSH front end's limits, applied alike.
        is_open: a browser may sign in as a guest by a name.
        command: the app's program and arguments.
        log: where one line about each session goes.
    """

    def __init__(
        self,
        hub: Hub,
        sign_ins: SignIns,
        data_dir: Path,
        limits: Limits = Limits(),  # noqa: B008 (frozen)
        is_open: bool = False,
        command: Sequence[str] = CLIENT_COMMAND,
        log: Callable[[str], None] = _log_to_stderr,
    ) -> None:
        self.hub = hub
        self.sign_ins = sign_ins
        self.data_dir = Path(data_dir)
        self.limits = limits
        self.is_open = is_open
        self.command = tuple(command)
        self.log = log
        self.port = 0
        self.sessions: set[_BrowserSession] = set()
        self._per_group: Counter[str] = Counter()
        self._runner: web.AppRunner | None = None
        self._closing = False

    # -- starting and stopping -----------------------------------------------------------------
    def make_app(self) -> web.Application:
        """The aiohttp application: its routes and limits."""
        app = web.Application(client_max_size=MAX_FORM, middlewares=[_headers])
        app.add_routes(
            [
                web.get("/", self._index),
                web.get(LINK_PATH + "{token}", self._link),
                web.post("/guest", self._guest),
                web.get("/ws", self._websocket),
                web.get("/page.js", self._page_script),
                web.get("/favicon.ico", self._no_icon),
                web.get("/static/{name:.+}", self._static),
            ]
        )
        return app

    async def start(self, host: str, port: int) -> None:
        """Listen on `host`:`port` (0: a free port, then in `port`).

        Raises:
            OSError: the address cannot be listened on.
        """
        self._runner = web.AppRunner(
            self.make_app(),
            handle_signals=False,
            access_log=None,
            keepalive_timeout=15,
            shutdown_timeout=1.0,
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        try:
            await site.start()
        except OSError:
            await self._runner.cleanup()
            self._runner = None
            raise
        addresses = self._runner.addresses
        self.port = addresses[0][1] if addresses else port

    async def close(self) -> None:
        """End every browser session with a sentence (its app stops) and stop listening."""
        self._closing = True
        sessions = list(self.sessions)
        for session in sessions:
            session.end_soon("The server is shutting down; your seats are kept.")
        if sessions:
            await asyncio.wait(
                [s.done for s in sessions if s.done is not None],
                timeout=self.limits.stop_grace + 2,
            )
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- pages ---------------------------------------------------------------------------------
    async def _index(self, request: web.Request) -> web.Response:
        person = self.sign_ins.who(request.cookies.get(COOKIE))
        if person is not None:
            return _html(web_pages.game_page(person.name))
        if self.is_open:
            return _html(web_pages.guest_page())
        return _html(
            web_pages.sentence_page(
                "This browser is not signed in: in the lobby of your SSH session press b for "
                "a browser link, and open it here."
            ),
            status=401,
        )

    async def _link(self, request: web.Request) -> web.Response:
        try:
            sign_in = self.sign_ins.redeem(request.match_info["token"], client_address(request))
        except SignInRefused as exc:
            return _html(web_pages.sentence_page(str(exc)), status=410)
        person = self.sign_ins.who(sign_in)
        self.log(
            f"{person.name if person else '?'} signed a browser in from {client_address(request)}"
        )
        return self._signed_in(request, sign_in)

    async def _guest(self, request: web.Request) -> web.Response:
        if not self.is_open:
            return _html(
                web_pages.sentence_page(
                    "This server admits guests only when it is started with --open; ask your "
                    "SSH session's lobby for a browser link (key b)."
                ),
                status=403,
            )
        if not same_origin(request):
            return _html(
                web_pages.sentence_page("Sign in from this server's own page, not another site's."),
                status=403,
            )
        try:
            form = await request.post()
        except (ValueError, web.HTTPException):
            return _html(web_pages.guest_page("That form was too large; type a shorter name."), 400)
        name = form.get("name")
        try:
            sign_in = self.sign_ins.sign_in_guest(
                name if isinstance(name, str) else None, client_address(request)
            )
        except SignInRefused as exc:
            return _html(web_pages.guest_page(str(exc)), status=400)
        return self._signed_in(request, sign_in)

    def _signed_in(self, request: web.Request, sign_in: str) -> web.Response:
        response = web.Response(status=303, headers={"Location": "/"})
        response.set_cookie(
            COOKIE,
            sign_in,
            max_age=int(SIGN_IN_LIFETIME),
            path="/",
            httponly=True,
            samesite="Lax",
            secure=is_secure(request),
        )
        for name, value in web_pages.SECURITY_HEADERS.items():
            response.headers[name] = value
        return response

    async def _page_script(self, request: web.Request) -> web.Response:
        return web.Response(text=web_pages.PAGE_SCRIPT, content_type="application/javascript")

    async def _no_icon(self, request: web.Request) -> web.Response:
        return web.Response(status=204)

    async def _static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        kind = STATIC_FILES.get(name)
        if kind is None:
            return _html(web_pages.sentence_page("There is no such page here."), status=404)
        return web.FileResponse(
            STATIC_DIR / name, headers={"Content-Type": kind, "Cache-Control": "max-age=86400"}
        )

    # -- sessions ------------------------------------------------------------------------------
    def admit(self, group: str) -> str:
        """Count a session from `group` in; return '' or the sentence that turns it away."""
        if self._closing:
            return "The server is shutting down; try again later."
        if len(self.sessions) >= self.limits.max_connections:
            return "The server is full; try again later."
        if self._per_group[group] >= self.limits.max_per_address:
            return "Too many sessions from your address; close a tab and reload this one."
        self._per_group[group] += 1
        return ""

    def forget(self, group: str) -> None:
        """Count a session from `group` out."""
        self._per_group[group] -= 1
        if self._per_group[group] <= 0:
            del self._per_group[group]

    async def _websocket(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse(max_msg_size=MAX_INPUT, heartbeat=30.0)
        await socket.prepare(request)
        person = self.sign_ins.who(request.cookies.get(COOKIE))
        group = address_group(client_address(request))
        refusal = ""
        if not same_origin(request):
            refusal = "This game opens from its own server's page, not another site's."
        elif person is None:
            refusal = (
                "This browser is not signed in (or its sign-in expired): ask your SSH "
                "session's lobby for a new browser link (key b)."
            )
        else:
            refusal = self.admit(group)
        if refusal:
            await _end(socket, refusal)
            return socket
        size = clamp_size(_int(request.query.get("width")), _int(request.query.get("height")))
        session = _BrowserSession(self, socket, person, group, size)
        self.sessions.add(session)
        try:
            await session.run()
        finally:
            self.sessions.discard(session)
            self.forget(group)
        return socket

    def child_env(self, token: str, size: tuple[int, int]) -> dict[str, str]:
        """The whole environment of a browser tab's app."""
        env = {name: os.environ[name] for name in PASSED_FROM_SERVER if name in os.environ}
        env.update(
            {
                SOCKET_ENV: str(self.hub.socket_path),
                TOKEN_ENV: token,
                DATA_DIR_ENV: str(self.data_dir),
                "TEXTUAL_DRIVER": DRIVER,
                "TEXTUAL_COLOR_SYSTEM": "truecolor",
                "TEXTUAL_FPS": "60",
                "COLUMNS": str(size[0]),
                "ROWS": str(size[1]),
                "PYTHONUTF8": "1",
            }
        )
        return env


class _BrowserSession:
    """One websocket: its app, its idle clock, and the sentence it ends with."""

    def __init__(self, front, socket, person, group: str, size: tuple[int, int]) -> None:
        self.front: WebFrontEnd = front
        self.socket: web.WebSocketResponse = socket
        self.person = person
        self.group = group
        self.size = size
        self.child: WebChild | None = None
        self.sent = 0
        """Bytes of terminal data sent to the browser."""
        self.done: asyncio.Future | None = None
        self._sentence = ""
        self._last_input = 0.0

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        self.done = loop.create_future()
        front, person = self.front, self.person
        token: str | None = None
        try:
            try:
                token = front.hub.register_session(person.person, person.name)
            except Exception as exc:
                front.log(f"the table server refused {person.name}: {exc!r}")
                await _end(self.socket, "The table server could not seat you; try again later.")
                return
            self.child = WebChild(
                front.command,
                front.child_env(token, self.size),
                self._output,
                stop_grace=front.limits.stop_grace,
            )
            try:
                await self.child.start()
            except OSError as exc:
                front.log(f"the app could not start for {person.name}: {exc}")
                await _end(self.socket, "The game could not start on this server; try again later.")
                return
            self._last_input = loop.time()
            relay = loop.create_task(self.child.relay())
            reader = loop.create_task(self._read_browser())
            idle = loop.create_task(self._watch_idle())
            done, _ = await asyncio.wait({relay, reader, idle}, return_when=asyncio.FIRST_COMPLETED)
            for task in (reader, idle):
                task.cancel()
            if relay not in done:
                self.child.terminate()  # the browser left, idled or misbehaved
            try:
                status = await asyncio.wait_for(self.child.wait(), front.limits.stop_grace + 1)
            except TimeoutError:
                self.child.terminate()  # drew its last frame but does not exit
                status = await self.child.wait()
            relay.cancel()
            await _end(self.socket, self._sentence or self._after_app(status))
        except Exception as exc:  # a fault here must end this session only, never the server
            front.log(f"the browser session of {person.name} failed: {exc!r}")
            await _end(self.socket, "This session failed on the server; reload the page.")
        finally:
            if self.child is not None:
                await self.child.stop()
            if token is not None:
                try:
                    front.hub.unregister_session(token)
                except Exception as exc:
                    front.log(f"the table server failed to let {person.name} go: {exc!r}")
            self.done.set_result(None)

    def _after_app(self, status: int | None) -> str:
        words = self.child.closing_words if self.child else ""
        if words.startswith("wish-tui: "):
            return words[len("wish-tui: ") :][:300]
        if status == 0:
            return "The game closed; reload the page to return to your seats."
        if self.child is not None and status is not None:
            self.front.log(
                f"the app of {self.person.name} stopped with status {status}: "
                f"{self.child.error_tail[-300:]!r}"
            )
        return "The game stopped on the server; reload the page to return to your seats."

    def end_soon(self, sentence: str) -> None:
        """End the session with `sentence` once its app has had its grace time."""
        self._sentence = self._sentence or sentence
        if self.child is not None:
            self.child.terminate()

    async def _output(self, data: bytes) -> None:
        if not self.socket.closed:
            self.sent += len(data)
            await self.socket.send_bytes(data)

    async def _read_browser(self) -> None:
        child = self.child
        assert child is not None
        async for message in self.socket:
            if message.type == WSMsgType.ERROR:
                self._sentence = (
                    "That input was too large for the server (at most 16 KB at once); reload "
                    "the page to return to your seats."
                )
                return
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                envelope = None
            if not (isinstance(envelope, list) and envelope and isinstance(envelope[0], str)):
                self._sentence = "The page sent something the server does not read; reload it."
                return
            kind, body = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(body, str):
                self._last_input = asyncio.get_running_loop().time()
                await child.keys(body)
            elif kind == "resize" and isinstance(body, dict):
                width, height = clamp_size(_int(body.get("width")), _int(body.get("height")))
                if (width, height) != self.size:
                    self.size = (width, height)
                    await child.meta({"type": "resize", "width": width, "height": height})
            elif kind == "ping" and isinstance(body, str) and len(body) <= 32:
                await self.socket.send_json(["pong", body])
            elif kind in ("focus", "blur"):
                await child.meta({"type": kind})
            else:
                self._sentence = "The page sent something the server does not read; reload it."
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


async def _end(socket: web.WebSocketResponse, sentence: str) -> None:
    """Say `sentence` to the page and close its websocket."""
    if socket.closed:
        return
    with contextlib.suppress(Exception):
        await socket.send_json(["end", sentence])
        reason = sentence.encode()[:120].decode("utf-8", "ignore")
        await socket.close(code=1000, message=reason.encode())


def _int(value) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    try:
        return int(str(value)[:6])
    except ValueError:
        return 0


def _html(text: str, status: int = 200) -> web.Response:
    return web.Response(text=text, content_type="text/html", charset="utf-8", status=status)


@web.middleware
async def _headers(request: web.Request, handler):
    try:
        response = await handler(request)
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        sentence = {
            404: "There is no such page here.",
            405: "That page does not take this kind of request.",
            413: "That request was too large.",
        }.get(exc.status, "That request could not be read.")
        response = _html(web_pages.sentence_page(sentence), status=exc.status)
    if not isinstance(response, web.WebSocketResponse) and not response.prepared:
        for name, value in web_pages.SECURITY_HEADERS.items():
            if name == "Cache-Control" and "Cache-Control" in response.headers:
                continue
            response.headers.setdefault(name, value)
    return response
