"""The web front end over real HTTP and websockets on loopback, with a stand-in app.

Who may open what (a link once, a cookie that is HttpOnly and SameSite and never a table server
token, another site's page refused), what each tab's app gets in its environment (the table
server's socket, its own one-time token, the data directory, and nothing else of the server's),
and the limits a stranger meets (sessions in all and per address, the idle time, the size of a
message), each refusal one sentence.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import make_mocked_request

from wish_tui.server.ssh.front import Limits
from wish_tui.server.web.front import COOKIE, WebFrontEnd, client_address, is_secure
from wish_tui.server.web.links import SignIns

from .conftest import HubDouble

PROBE = (sys.executable, str(Path(__file__).with_name("web_probe_child.py")))


class Web:
    """A web front end under test on a free port."""

    def __init__(self, front: WebFrontEnd, hub: HubDouble, logs: list[str]) -> None:
        self.front, self.hub, self.logs = front, hub, logs

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.front.port}"

    def link(self, person: str = "SHA256:alice", name: str = "alice") -> str:
        return self.front.sign_ins.url_for(self.front.sign_ins.issue_link(person, name))

    def signed_in(self, person: str = "SHA256:alice", name: str = "alice") -> str:
        """A sign-in id, as the cookie a link sets holds."""
        return self.front.sign_ins.redeem(self.front.sign_ins.issue_link(person, name))


@pytest.fixture
async def start_web(tmp_path, monkeypatch):
    started: list[WebFrontEnd] = []
    monkeypatch.setenv("WISH_TUI_SERVER_SECRET", "not-for-children")

    async def start(is_open: bool = False, **limits) -> Web:
        data = tmp_path / "data"
        data.mkdir(exist_ok=True)
        hub = HubDouble(data)
        logs: list[str] = []
        limits.setdefault("stop_grace", 0.5)
        front = WebFrontEnd(hub, SignIns(), data, Limits(**limits), is_open, PROBE, logs.append)
        await front.start("127.0.0.1", 0)
        front.sign_ins.base_url = f"http://127.0.0.1:{front.port}"
        started.append(front)
        return Web(front, hub, logs)

    yield start
    for front in started:
        await front.close()


def session(cookie: str = "") -> aiohttp.ClientSession:
    jar = aiohttp.DummyCookieJar()
    headers = {"Cookie": f"{COOKIE}={cookie}"} if cookie else {}
    return aiohttp.ClientSession(cookie_jar=jar, headers=headers)


async def open_tab(client: aiohttp.ClientSession, web: Web, origin: str | None = None):
    return await client.ws_connect(
        f"{web.base}/ws?width=100&height=30", origin=origin or web.base, autoping=True
    )


async def frames(ws, count: int = 1, timeout: float = 10.0) -> list:
    """The next `count` messages (data as bytes, text as parsed JSON); stops at the close."""
    out = []
    while len(out) < count:
        message = await asyncio.wait_for(ws.receive(), timeout)
        if message.type == aiohttp.WSMsgType.BINARY:
            out.append(message.data)
        elif message.type == aiohttp.WSMsgType.TEXT:
            out.append(json.loads(message.data))
        else:
            out.append(("closed", ws.close_code))
            break
    return out


async def end_sentence(ws, timeout: float = 15.0) -> str:
    """Read until the server's ["end", sentence]; return the sentence."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        left = deadline - asyncio.get_running_loop().time()
        assert left > 0, "the session never ended"
        (message,) = await frames(ws, 1, left)
        if isinstance(message, list) and message[0] == "end":
            return message[1]
        assert not isinstance(message, tuple), "closed without a sentence"


async def until(condition, timeout: float = 10.0) -> None:
    """Wait until `condition()` holds (the server ends a session in a few steps)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "the server never got there"
        await asyncio.sleep(0.02)


# -- pages and sign-in ---------------------------------------------------------------------------
async def test_a_browser_that_is_not_signed_in_is_told_how_to_sign_in(start_web):
    web = await start_web()
    async with session() as client, client.get(web.base + "/") as response:
        assert response.status == 401
        text = await response.text()
        assert "press b for a browser link" in text
        assert "textual.js" not in text
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]


async def test_a_link_sets_an_httponly_samesite_cookie_once_and_shows_the_game(start_web):
    web = await start_web()
    link = web.link()
    async with session() as client:
        async with client.get(link, allow_redirects=False) as response:
            assert response.status == 303
            assert response.headers["Location"] == "/"
            cookie = response.cookies[COOKIE]
            assert cookie["httponly"] is True
            assert cookie["samesite"] == "Lax"
            assert cookie["path"] == "/"
            assert not cookie["secure"]  # plain HTTP on loopback; see the proxy test for TLS
            assert cookie.value not in link
            assert web.front.sign_ins.who(cookie.value).name == "alice"
        async with client.get(link, allow_redirects=False) as again:
            assert again.status == 410
            assert "used already" in await again.text()
            assert COOKIE not in again.cookies
    async with session(cookie.value) as client, client.get(web.base + "/") as page:
        text = await page.text()
        assert page.status == 200
        assert "textual.js" in text and "Starting the game for alice" in text


async def test_behind_a_local_tls_proxy_the_cookie_is_secure(start_web):
    web = await start_web()
    headers = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"}
    async with (
        session() as client,
        client.get(web.link(), allow_redirects=False, headers=headers) as response,
    ):
        assert response.cookies[COOKIE]["secure"] is True
    assert any("203.0.113.7" in line for line in web.logs)


def test_forwarded_addresses_are_trusted_only_from_loopback():
    headers = {"X-Forwarded-For": "198.51.100.1, 203.0.113.7", "X-Forwarded-Proto": "https"}

    def request(peer: str):
        class Transport:
            def get_extra_info(self, name, default=None):
                return (peer, 5555) if name == "peername" else default

        return make_mocked_request("GET", "/", headers=headers, transport=Transport())

    assert client_address(request("127.0.0.1")) == "203.0.113.7"
    assert is_secure(request("::1"))
    assert client_address(request("192.0.2.5")) == "192.0.2.5"
    assert not is_secure(request("192.0.2.5"))


async def test_a_made_up_link_and_a_static_file_outside_the_list_get_one_sentence(start_web):
    web = await start_web()
    async with session() as client:
        async with client.get(web.base + "/link/nope") as response:
            assert response.status == 410
            assert "not one this server gave" in await response.text()
        for path in ("/static/images/background.png", "/static/../server.py", "/nowhere"):
            async with client.get(web.base + path) as response:
                assert response.status == 404, path
                assert "There is no such page here." in await response.text()
        async with client.get(web.base + "/static/js/textual.js") as response:
            assert response.status == 200
            assert response.headers["Content-Type"].startswith("application/javascript")


async def test_with_open_a_guest_signs_in_by_name_from_this_servers_page_only(start_web):
    web = await start_web(is_open=True)
    async with session() as client:
        async with client.get(web.base + "/") as form:
            assert 'action="/guest"' in await form.text()
        async with client.post(
            web.base + "/guest", data={"name": "eve"}, headers={"Origin": "http://evil.example"}
        ) as refused:
            assert refused.status == 403
            assert "not another site's" in await refused.text()
            assert COOKIE not in refused.cookies
        async with client.post(
            web.base + "/guest", data={"name": "x" * 40}, headers={"Origin": web.base}
        ) as bad:
            assert bad.status == 400
            assert "at most 24 characters" in await bad.text()
        async with client.post(
            web.base + "/guest",
            data={"name": "eve"},
            headers={"Origin": web.base},
            allow_redirects=False,
        ) as good:
            assert good.status == 303
            person = web.front.sign_ins.who(good.cookies[COOKIE].value)
            assert person.name == "eve" and person.person.startswith("guest:")
        async with client.post(web.base + "/guest", data="x" * 10_000) as huge:
            assert huge.status in (403, 413)


async def test_without_open_there_is_no_guest_door(start_web):
    web = await start_web()
    async with (
        session() as client,
        client.post(web.base + "/guest", data={"name": "eve"}, headers={"Origin": web.base}) as r,
    ):
        assert r.status == 403
        assert "only when it is started with --open" in await r.text()


# -- a tab's app ---------------------------------------------------------------------------------
async def test_a_tab_gets_its_own_app_with_only_its_token_and_the_servers_socket(start_web):
    web = await start_web()
    async with session(web.signed_in()) as client:
        ws = await open_tab(client, web)
        (report,) = await frames(ws)
        env = json.loads(report)["env"]
        ((token, person, name),) = web.hub.registered
        assert (person, name) == ("SHA256:alice", "alice")
        assert env["WISH_TUI_SERVE_TOKEN"] == token
        assert env["WISH_TUI_SERVE_SOCKET"] == str(web.hub.socket_path)
        assert env["WISH_TUI_DATA_DIR"] == str(web.front.data_dir)
        assert env["TEXTUAL_DRIVER"] == "wish_tui.ui.terminal.web_driver:CompactWebDriver"
        assert (env["COLUMNS"], env["ROWS"]) == ("100", "30")
        assert "WISH_TUI_SERVER_SECRET" not in env
        allowed = {"PATH", "HOME", "PYTHONPATH", "LANG", "LC_ALL", "LC_CTYPE", "PYTHONUTF8"}
        assert set(env) - allowed == {
            "WISH_TUI_SERVE_TOKEN",
            "WISH_TUI_SERVE_SOCKET",
            "WISH_TUI_DATA_DIR",
            "TEXTUAL_DRIVER",
            "TEXTUAL_COLOR_SYSTEM",
            "TEXTUAL_FPS",
            "COLUMNS",
            "ROWS",
        }
        await ws.send_json(["stdin", "hé"])
        assert await frames(ws) == ["echo:hé".encode()]
        await ws.send_json(["resize", {"width": 9999, "height": 40}])
        (resized,) = await frames(ws)
        assert json.loads(resized[5:]) == {"type": "resize", "width": 500, "height": 40}
        await ws.send_json(["ping", "123"])
        assert await frames(ws) == [["pong", "123"]]
        await ws.send_json(["stdin", "\rexit 0\r"])
        assert await end_sentence(ws) == "the probe closed."
        await ws.close()
    await until(lambda: web.hub.unregistered == [token])


async def test_another_sites_page_and_a_browser_not_signed_in_start_no_app(start_web):
    web = await start_web()
    async with session(web.signed_in()) as client:
        ws = await open_tab(client, web, origin="http://evil.example")
        assert "not another site's" in await end_sentence(ws)
    async with session("forged") as client:
        ws = await open_tab(client, web)
        assert "not signed in" in await end_sentence(ws)
    assert web.hub.registered == []


async def test_sessions_are_limited_per_address_and_in_all(start_web):
    web = await start_web(max_per_address=1, max_connections=5)
    async with session(web.signed_in()) as client:
        first = await open_tab(client, web)
        await frames(first)
        second = await open_tab(client, web)
        assert "Too many sessions from your address" in await end_sentence(second)
        await first.close()
    web = await start_web(max_per_address=5, max_connections=1)
    async with session(web.signed_in()) as client:
        first = await open_tab(client, web)
        await frames(first)
        second = await open_tab(client, web)
        assert "The server is full" in await end_sentence(second)


async def test_a_tab_without_a_key_for_the_idle_time_is_closed_with_a_sentence(start_web):
    web = await start_web(idle_timeout=1.0)
    async with session(web.signed_in()) as client:
        ws = await open_tab(client, web)
        await frames(ws)
        assert "No key for 1 s," in await end_sentence(ws)
    await until(lambda: len(web.hub.unregistered) == 1)


async def test_a_message_too_large_or_not_the_pages_ends_the_session(start_web):
    web = await start_web()
    async with session(web.signed_in()) as client:
        ws = await open_tab(client, web)
        await frames(ws)
        await ws.send_str(json.dumps(["stdin", "x" * 20_000]))
        message = await frames(ws, 3)
        assert message[-1] == ("closed", 1009)
        ws = await open_tab(client, web)
        await frames(ws)
        await ws.send_json({"type": "stdin"})
        assert "does not read" in await end_sentence(ws)
        ws = await open_tab(client, web)
        await frames(ws)
        await ws.send_json(["stdin", 5])
        assert "does not read" in await end_sentence(ws)
    await until(lambda: len(web.hub.unregistered) == 3)


async def test_stopping_the_server_ends_each_tab_with_a_sentence(start_web):
    web = await start_web()
    async with session(web.signed_in()) as client:
        ws = await open_tab(client, web)
        await frames(ws)
        closing = asyncio.get_running_loop().create_task(web.front.close())
        assert "shutting down" in await end_sentence(ws)
        await closing
    assert len(web.hub.unregistered) == 1


async def test_the_game_page_starts_its_app_early_and_its_websocket_takes_that_one(start_web):
    web = await start_web()
    sign_in = web.signed_in()
    async with session(sign_in) as client:
        async with client.get(web.base + "/") as page:
            assert page.status == 200
        await until(lambda: len(web.hub.registered) == 1)
        ws = await open_tab(client, web)
        (report,) = await frames(ws)
        assert json.loads(report)["env"]["COLUMNS"] == "80"  # started before the page's size
        resized = await frames(ws, 2)
        # Sent when the page comes, and again once the app has drawn (Textual's web driver can
        # apply the size it started with after a size sent before its first frame).
        assert [json.loads(r[5:]) for r in resized] == [
            {"type": "resize", "width": 100, "height": 30}
        ] * 2
        assert len(web.hub.registered) == 1  # the same app, not a second one
        await ws.close()
    await until(lambda: len(web.hub.unregistered) == 1)


async def test_an_app_started_for_a_page_that_never_connects_is_closed(start_web, monkeypatch):
    from wish_tui.server.web import front as web_module

    monkeypatch.setattr(web_module, "EARLY_START_WAIT", 0.5)
    web = await start_web(max_per_address=1)
    async with session(web.signed_in()) as client:
        for _ in range(3):  # a reload does not start another
            async with client.get(web.base + "/") as page:
                assert page.status == 200
        await until(lambda: len(web.hub.registered) == 1)
        await until(lambda: len(web.hub.unregistered) == 1)
        assert web.front.sessions == set()
        ws = await open_tab(client, web)  # the address's one session is free again
        (report,) = await frames(ws)
        assert json.loads(report)["env"]["COLUMNS"] == "100"


async def raw_request(port: int, data: bytes) -> bytes:
    """The first line of the answer to bytes sent as they are (the sending may be cut short)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    answer = asyncio.ensure_future(reader.readline())  # read while the rest is still sent
    try:
        for start in range(0, len(data), 1 << 16):
            if answer.done():
                break
            with contextlib.suppress(ConnectionError):
                writer.write(data[start : start + (1 << 16)])
                await writer.drain()
        return await asyncio.wait_for(answer, 10)
    finally:
        writer.close()


async def test_malformed_requests_get_400_and_one_line_each_at_most_without_a_traceback(
    start_web, caplog, capsys
):
    web = await start_web()
    host = b"Host: 127.0.0.1\r\n"
    requests = [
        b"GET / HTTP/1.1\r\n" + host + b"X-Big: " + b"a" * 100_000 + b"\r\n\r\n",
        b"GET / HTTP/1.1\r\n" + host + b"".join(b"X-%d: v\r\n" % i for i in range(5000)) + b"\r\n",
        b"GET /" + b"a" * 10_000_000 + b" HTTP/1.1\r\n" + host + b"\r\n",
    ]
    for data in requests:
        assert (await raw_request(web.front.port, data)).startswith(b"HTTP/1.0 400")
    await asyncio.sleep(0.2)
    assert web.logs == [
        "refused a malformed HTTP request from 127.0.0.1 (400: Got more than 8190 bytes when "
        "reading)"
    ]
    assert "Traceback" not in caplog.text + capsys.readouterr().err
