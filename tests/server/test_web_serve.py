"""`wish-tui serve --web PORT`: its flags, the line it prints, and the page it serves."""

from __future__ import annotations

import asyncio
import io

import aiohttp
import pytest

from tests.server.conftest import HubDouble
from wish_tui import cli
from wish_tui.server.serve import ServeError, ServeOptions, serve


@pytest.mark.parametrize(
    "args, words",
    [
        (["--web", "70000"], "--web must be a port number from 0 to 65535"),
        (["--web", "x"], "invalid int value: 'x'"),
        (["--web-url", "https://g.example"], "--web-url goes with --web PORT"),
        (["--web", "0", "--web-url", "g.example"], "is not an address such as https://HOST"),
        (["--web", "0", "--web-url", "https://g.example/?a"], "is not an address such as"),
    ],
)
def test_a_bad_web_flag_is_one_sentence_and_exit_2(capsys, tmp_path, monkeypatch, args, words):
    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(tmp_path))
    with pytest.raises(SystemExit) as stopped:
        cli.main(["serve", "--port", "0", *args])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err


async def start(options: ServeOptions, tmp_path):
    out, stop = io.StringIO(), asyncio.Event()
    hubs: list[HubDouble] = []

    def hub_factory(folder):
        hubs.append(HubDouble(folder))
        return hubs[-1]

    task = asyncio.create_task(
        serve(options, tmp_path, hub_factory=hub_factory, out=out, stop=stop)
    )
    for _ in range(250):
        if "Browsers:" in out.getvalue() or task.done():
            break
        await asyncio.sleep(0.02)
    return task, stop, out.getvalue(), hubs[0]


async def test_serve_with_web_says_where_browsers_go_and_serves_the_sign_in_page(tmp_path):
    (tmp_path / "serve-authorized_keys").write_text("")
    task, stop, text, hub = await start(ServeOptions(port=0, web_port=0), tmp_path)
    try:
        line = next(line for line in text.splitlines() if line.startswith("Browsers:"))
        base = line.split(" they open ")[1].split()[0]
        assert base.startswith("http://127.0.0.1:")
        assert "the link their lobby gives (key b)" in line
        assert hub.web_links.base_url == base
        async with aiohttp.ClientSession() as client, client.get(base + "/") as page:
            assert page.status == 401
            assert "press b for a browser link" in await page.text()
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)
    assert hub.closed


async def test_behind_a_proxy_the_links_use_the_public_address(tmp_path):
    options = ServeOptions(port=0, is_open=True, web_port=0, web_url="https://games.example/")
    task, stop, text, hub = await start(options, tmp_path)
    try:
        assert "they open https://games.example and each one types a guest name" in text
        assert hub.web_links.url_for("T") == "https://games.example/link/T"
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)


async def test_a_busy_web_port_is_one_sentence(tmp_path):
    holder = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
    port = holder.sockets[0].getsockname()[1]
    try:
        options = ServeOptions(port=0, is_open=True, web_port=port)
        with pytest.raises(ServeError, match=rf"port {port} for browsers: ") as exc:
            await serve(options, tmp_path, hub_factory=HubDouble, stop=asyncio.Event())
        assert "\n" not in str(exc.value)
    finally:
        holder.close()
