"""The browser link of the lobby: the table server gives it to the person who asks, and the
lobby shows it as an address and as a QR code that draws exactly the code segno makes."""

from __future__ import annotations

import asyncio
import json

import pytest
import segno

from tests.ui.lobby_app import LobbyApp
from tests.ui.wishland_screen import screen_lines
from wish_tui.server.hub import Hub
from wish_tui.server.web.links import SignIns
from wish_tui.ui.lobby import LobbyScreen
from wish_tui.ui.web_link import WebLinkScreen
from wish_tui.widgets.qr_code import BORDER, QrCode, qr_lines

pytestmark = pytest.mark.usefixtures("data_dir")


async def ask(hub: Hub, person: str, name: str, messages: list[dict]) -> list[dict]:
    reader, writer = await asyncio.open_unix_connection(str(hub.socket_path))
    token = hub.register_session(person, name)
    answers = []
    for message in [{"type": "hello", "token": token}, *messages]:
        writer.write(json.dumps(message).encode() + b"\n")
        await writer.drain()
        answers.append(json.loads(await asyncio.wait_for(reader.readline(), 10)))
    writer.close()
    return answers[1:]


async def test_the_table_server_gives_a_link_that_signs_in_the_person_who_asked(data_dir):
    hub = Hub(data_dir)
    await hub.start()
    alice = hub.club.players.register("SHA256:alice", "alice")
    try:
        (refused,) = await ask(hub, "SHA256:alice", "alice", [{"type": "web_link"}])
        assert refused == {
            "type": "error",
            "error": "This server has no web front end (it is started with --web PORT).",
        }
        hub.web_links = SignIns("http://127.0.0.1:8080")
        (answer,) = await ask(hub, "SHA256:alice", "alice", [{"type": "web_link"}])
        assert answer["type"] == "lobby" and answer["you"] == "alice"
        link = answer["web_link"]
        assert link["minutes"] == 5
        assert link["url"].startswith("http://127.0.0.1:8080/link/")
        token = link["url"].rsplit("/", 1)[1]
        assert token not in hub.tokens  # a link is never a table server token
        person = hub.web_links.who(hub.web_links.redeem(token))
        # The browser is signed in as the club's player, whichever key asked for the link.
        assert (person.person, person.name) == (f"P{alice.id}", "alice")
    finally:
        await hub.close()


def matrix_of(lines: list[str]) -> list[list[bool]]:
    """The modules a drawing shows, read back from its characters."""
    top = {" ": False, "▄": False, "▀": True, "█": True}
    bottom = {" ": False, "▀": False, "▄": True, "█": True}
    rows = []
    for line in lines:
        rows.append([top[c] for c in line])
        rows.append([bottom[c] for c in line])
    return rows


@pytest.mark.parametrize(
    "url", ["http://127.0.0.1:8080/link/abc", "https://g.example/link/" + "x" * 22]
)
def test_the_qr_code_draws_segnos_modules_with_a_quiet_zone(url):
    lines = qr_lines(url)
    code = segno.make(url, error="l", boost_error=False, micro=False)
    size = len(code.matrix)
    drawn = matrix_of(lines)
    assert len(lines) == (size + 2 * BORDER + 1) // 2
    assert all(len(line) == size + 2 * BORDER for line in lines)
    for row in range(size):
        expected = [bool(v & 1) for v in code.matrix[row]]
        assert drawn[row + BORDER][BORDER : BORDER + size] == expected
    assert not any(drawn[0]) and not any(row[0] for row in drawn)
    assert code.version <= 4  # a sign-in link fits in 80x24 with its address


def test_a_text_too_long_for_a_qr_code_is_a_sentence():
    with pytest.raises(ValueError):
        qr_lines("x" * 4000)


async def test_b_in_the_lobby_asks_for_a_link_and_its_answer_opens_the_link_window():
    app = LobbyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("b")
        assert {"type": "web_link"} in app.sent
        url = "http://127.0.0.1:8080/link/" + "A" * 22
        app.screen.show(
            {"type": "lobby", "tables": [], "you": "alice", "web_link": {"url": url, "minutes": 5}}
        )
        await pilot.pause()
        assert isinstance(app.screen, WebLinkScreen)
        assert str(app.screen.query_one("#web-link-url").render()) == url
        qr = app.screen.query_one(QrCode)
        assert str(qr.render()).splitlines() == qr_lines(url)
        assert qr.region.bottom <= 24 and qr.region.width == len(qr_lines(url)[0])
        sent = len(app.sent)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert app.sent[sent:] == [{"type": "lobby"}]  # the news missed while it was open


async def open_link_window(app, pilot, url: str) -> WebLinkScreen:
    """The link window for `url`, opened from the lobby by b."""
    await pilot.pause()
    await pilot.press("b")
    app.screen.show(
        {"type": "lobby", "tables": [], "you": "alice", "web_link": {"url": url, "minutes": 5}}
    )
    await pilot.pause()
    assert isinstance(app.screen, WebLinkScreen)
    return app.screen


async def test_the_link_window_reads_whole_on_a_phone():
    url = "http://203.0.113.200:8080/link/" + "A" * 22
    app = LobbyApp()
    async with app.run_test(size=(40, 30)) as pilot:
        screen = await open_link_window(app, pilot, url)
        text = "".join(screen_lines(app)).replace(" ", "")
        for words in (url, "tosignthatbrowserinasyou,once:", "binthelobbygivesanewlink."):
            assert words in text, words
        assert screen.query_one(QrCode).display
        assert screen.query_one(QrCode).region.right <= 40
        assert not screen.query_one("#web-link-narrow").display


async def test_a_qr_code_wider_than_the_window_says_the_width_it_needs():
    url = "http://wishes.example.org:8080/link/" + "A" * 44
    width = len(qr_lines(url)[0])
    assert width > 38
    app = LobbyApp()
    async with app.run_test(size=(40, 30)) as pilot:
        screen = await open_link_window(app, pilot, url)
        assert not screen.query_one(QrCode).display
        said = str(screen.query_one("#web-link-narrow").render())
        assert f"needs a window {width + 2} columns wide" in said
