"""The web front end of `wish-tui serve --web PORT`: the same app, in a browser tab.

HTTP on `--host`'s address (loopback unless told otherwise), on aiohttp, with the terminal page
of textual-serve. A browser is signed in by a one-time link from an SSH session's lobby
(`links.SignIns`), or as a guest by a name with `--open`; its sign-in id lives in an HttpOnly,
SameSite=Lax cookie and stands for that person alone. Each websocket (one browser tab) is one
session of the table server, as an SSH session is: the table server registers the person and
gives a one-time token, and the tab's own `wish-tui client` app (`child.py`) starts with the
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
import ipaddress
import os
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from urllib.parse import urlsplit

import textual_serve
from aiohttp import web

from wish_tui.save_paths import DATA_DIR_ENV
from wish_tui.server.ssh.front import CLIENT_COMMAND, Hub, Limits, address_group
from wish_tui.server.ssh.session import (
    DEFAULT_SIZE,
    PASSED_FROM_SERVER,
    clamp_size,
)
from wish_tui.server.web import pages as web_pages
from wish_tui.server.web.bot_routes import BotRoutes
from wish_tui.server.web.links import LINK_PATH, SIGN_IN_LIFETIME, SignInRefused, SignIns
from wish_tui.server.web.refusals import refusals_logger
from wish_tui.server.web.session import BrowserSession, end, whole
from wish_tui.server.web.touch_keys import TOUCH_SCRIPT
from wish_tui.tables.remote import SOCKET_ENV, TOKEN_ENV

COOKIE = "wish_tui_sign_in"
"""The cookie that holds a browser's sign-in id."""
MAX_INPUT = 16 * 1024
"""The longest message a browser may send on its websocket (a paste included)."""
MAX_FORM = 4 * 1024
"""The largest body of a form sent to the server."""
DRIVER = "wish_tui.ui.terminal.web_driver:CompactWebDriver"
"""The Textual driver of the browser's app."""
STATIC_FILES = {
    "js/textual.js": "application/javascript",
    "css/xterm.css": "text/css",
    "fonts/RobotoMono-VariableFont_wght.ttf": "font/ttf",
}
"""The files of textual-serve's page that are served, and nothing else of its folder."""
STATIC_DIR = Path(textual_serve.__file__).resolve().parent / "static"
EARLY_START_WAIT = 10.0
"""Seconds an app started for a page waits for that page's websocket before it is closed."""


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
        bots: the way in of outside bots (`outside_bots.door.BotDoor`); None: no bots here.
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
        bots=None,
    ) -> None:
        self.hub = hub
        self.bot_routes = None if bots is None else BotRoutes(self, bots, client_address)
        """The bot protocol's stream and lines (`bot_routes.py`); None: no bots here."""
        self.sign_ins = sign_ins
        self.data_dir = Path(data_dir)
        self.limits = limits
        self.is_open = is_open
        self.command = tuple(command)
        self.log = log
        self.port = 0
        self.sessions: set[BrowserSession] = set()
        self._waiting: dict[str, BrowserSession] = {}
        """Apps started for a page, by the sign-in id whose websocket will take them."""
        self._tasks: set[asyncio.Task] = set()
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
                web.get("/keys.js", self._keys_script),
                web.get("/favicon.ico", self._no_icon),
                web.get("/static/{name:.+}", self._static),
            ]
        )
        if self.bot_routes is not None:
            app.add_routes(self.bot_routes.routes())
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
            logger=refusals_logger(self.log),
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
        for session in list(self._waiting.values()):
            self._run(session.close())
        if sessions:
            await asyncio.wait([s.done for s in sessions], timeout=self.limits.stop_grace + 2)
        for task in list(self._tasks):
            task.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def _run(self, coro) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # -- pages ---------------------------------------------------------------------------------
    async def _index(self, request: web.Request) -> web.Response:
        sign_in = request.cookies.get(COOKIE)
        person = self.sign_ins.who(sign_in)
        if person is not None:
            self._start_early(sign_in, person, address_group(client_address(request)))
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

    async def _keys_script(self, request: web.Request) -> web.Response:
        return web.Response(text=TOUCH_SCRIPT, content_type="application/javascript")

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

    def _start_early(self, sign_in: str, person, group: str) -> None:
        """Start the app of a page now, while the browser loads it, if the limits allow."""
        if sign_in in self._waiting or self.admit(group):
            return  # one is waiting already, or the page's websocket will be told why not
        session = BrowserSession(self, person, group, DEFAULT_SIZE)
        self.sessions.add(session)
        self._waiting[sign_in] = session
        self._run(self._wait_for_page(sign_in, session))

    async def _wait_for_page(self, sign_in: str, session: BrowserSession) -> None:
        try:
            await session.start()
            await asyncio.sleep(EARLY_START_WAIT)
        finally:
            if self._waiting.get(sign_in) is session:  # no websocket took it
                del self._waiting[sign_in]
                self.sessions.discard(session)
                self.forget(session.group)
                await asyncio.shield(session.close())

    async def _websocket(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse(max_msg_size=MAX_INPUT, heartbeat=30.0)
        await socket.prepare(request)
        sign_in = request.cookies.get(COOKIE)
        person = self.sign_ins.who(sign_in)
        refusal = ""
        if not same_origin(request):
            refusal = "This game opens from its own server's page, not another site's."
        elif person is None:
            refusal = (
                "This browser is not signed in (or its sign-in expired): ask your SSH "
                "session's lobby for a new browser link (key b)."
            )
        size = clamp_size(whole(request.query.get("width")), whole(request.query.get("height")))
        session = self._waiting.pop(sign_in, None) if not refusal else None
        if session is None and not refusal:
            group = address_group(client_address(request))
            refusal = self.admit(group)
            if not refusal:
                session = BrowserSession(self, person, group, size)
                self.sessions.add(session)
                self._run(session.start())
        if session is None:
            await end(socket, refusal)
            return socket
        try:
            await session.attach(socket, size)
        finally:
            self.sessions.discard(session)
            self.forget(session.group)
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
