"""The browser seat on a phone: headless Chromium as an iPhone 13 (touch, a mobile viewport).

The page fits the phone without scrolling sideways, at 390x844 and at 844x390, its terminal's
columns and rows follow the viewport (and its turns) at a font of 14 CSS px, its buttons are large
enough for a finger and each sends its key, and a tap on the terminal is a click for the game.
Everything is done with taps. Set PHONE_SHOTS to a folder to keep the page's screenshots.
"""

from __future__ import annotations

import pytest
import pytest_asyncio

from .phone_board import area_cell
from .phone_games import open_solo_table, play_by_taps
from .phone_page import Phone, settle, sit_down_by_phone, terminal_box, until
from .test_web_browser import browser, server  # noqa: F401 (fixtures)

pytestmark = pytest.mark.asyncio(loop_scope="module")

PORTRAIT, LANDSCAPE = (390, 844), (844, 390)
OPENING = 20
"""The person's decisions taken by taps in each game's opening."""


async def at_the_lobby(browser, server, devices, viewport):  # noqa: F811
    """A guest's phone of `viewport` at the lobby of a server open to guests; (hub, phone)."""
    hub, ssh, web, keys = await server(is_open=True)
    me = await sit_down_by_phone(browser, web, devices, viewport)
    await fits(me, viewport)
    await me.see("Tables of this server")
    return hub, me


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def devices(browser):  # noqa: F811
    """Playwright's device descriptors (after `browser`, which says when Playwright is missing)."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        yield playwright.devices


async def fits(me: Phone, viewport: tuple[int, int]) -> tuple[int, int]:
    """Check the page fits `viewport` and its terminal fills its room; its columns and rows."""
    assert await until(lambda: len(me.web.sessions) == 1, 40)
    box = await terminal_box(me.page)
    assert box["fontSize"] == "14"
    assert (box["innerWidth"], box["innerHeight"]) == viewport
    assert box["scrollWidth"] <= viewport[0], "the page scrolls sideways"
    terminal, screen = box["terminal"], box["screen"]
    columns, rows = me.size
    cell = (screen["width"] / columns, screen["height"] / rows)
    # The terminal's cells fill its element but for less than one cell each way.
    assert 0 <= terminal["width"] - screen["width"] < cell[0]
    assert 0 <= terminal["height"] - screen["height"] < cell[1]
    assert cell[1] >= 14, "the text is too small to read on a phone"
    assert terminal["left"] >= 0 and terminal["left"] + terminal["width"] <= viewport[0]
    assert terminal["top"] >= 0 and terminal["top"] + terminal["height"] <= viewport[1]
    for button in await me.page.locator("#keys button.key").all():
        place = await button.bounding_box()
        assert place["height"] >= 44 and place["width"] >= 40, "a button too small for a finger"
        assert place["x"] >= 0 and place["x"] + place["width"] <= viewport[0]
        assert place["y"] >= 0 and place["y"] + place["height"] <= viewport[1]
    return columns, rows


async def test_the_page_fits_a_phone_upright_and_turned(browser, server, devices):  # noqa: F811
    hub, ssh, web, keys = await server(is_open=True)
    me = await sit_down_by_phone(browser, web, devices, PORTRAIT)
    columns, rows = await fits(me, PORTRAIT)
    assert columns >= 40 and rows >= 30, "upright, the game has about 40x30"
    await me.shoot("portrait")

    await me.page.set_viewport_size({"width": LANDSCAPE[0], "height": LANDSCAPE[1]})
    assert await until(lambda: me.size != (columns, rows), 10)
    turned = await fits(me, LANDSCAPE)
    assert turned[0] > 80 and turned[1] >= 20, "turned, the game has about 90x20"
    await me.shoot("landscape")

    # The pad takes room from the terminal, which is fitted again; closed, it gives it back.
    await me.page.locator('button.key[data-key="pad"]').tap()
    assert await until(lambda: me.size[0] < turned[0], 10)
    assert me.size[1] == turned[1]
    await me.shoot("landscape-pad")
    await me.page.locator('button.key[data-key="pad"]').tap()
    assert await until(lambda: me.size == turned, 10)

    await me.page.set_viewport_size({"width": PORTRAIT[0], "height": PORTRAIT[1]})
    assert await until(lambda: me.size == (columns, rows), 10)
    await me.page.context.close()


async def test_the_buttons_send_their_keys(browser, server, devices):  # noqa: F811
    hub, ssh, web, keys = await server(is_open=True)
    me = await sit_down_by_phone(browser, web, devices, PORTRAIT)
    await fits(me, PORTRAIT)
    row = ["left", "up", "down", "right", "tab", "escape"]
    for key in row:
        await me.tap_key(key)
    pad = ["shift", "x", "ctrl", "e", "7", "space", "backspace"]
    for key in pad:
        await me.tap_key(key)
    assert await until(lambda: len(me.sent) >= len(row) + 5, 10)
    typed = [k for k in me.sent if not k.startswith("\x1b[?")]  # the terminal's own replies
    assert typed[-(len(row) + 5) :] == [
        "\x1b[D",
        "\x1b[A",
        "\x1b[B",
        "\x1b[C",
        "\t",
        "\x1b",
        "X",
        "\x05",
        "7",
        " ",
        "\x7f",
    ]
    # The phone's own keyboard is never asked for: a tap on the terminal does not open it.
    mode = await me.page.get_attribute("#terminal .xterm-helper-textarea", "inputmode")
    assert mode == "none"
    # A finger drawn up the terminal is the wheel turned down, at the cell under it.
    box = await me.page.locator("#terminal").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    touch = await me.page.context.new_cdp_session(me.page)
    for kind, points in (("touchStart", [y]), ("touchMove", [y - 60]), ("touchEnd", [])):
        await touch.send(
            "Input.dispatchTouchEvent",
            {"type": kind, "touchPoints": [{"x": x, "y": p} for p in points]},
        )
    assert await until(lambda: any(k.startswith("\x1b[<65;") for k in me.sent), 10)
    await me.page.context.close()


async def test_keys_and_taps_reach_the_app(browser, server, devices):  # noqa: F811
    hub, me = await at_the_lobby(browser, server, devices, PORTRAIT)
    await settle()
    # The pad's n opens a new table's form; Esc closes it.
    await me.tap_key("n")
    await me.see("Tab moves between fields")
    await me.tap_key("escape")
    await me.gone("Tab moves between fields")
    # A tap on the key bar's "New table" is a click on that key.
    await me.tap_words("New table", last_rows=3)
    await me.see("Tab moves between fields")
    await me.shoot("tablet-new-table")
    await me.page.context.close()


@pytest.mark.parametrize(
    ("game", "viewport"), [("wish", PORTRAIT), ("spirits", LANDSCAPE), ("wishland", PORTRAIT)]
)
async def test_a_solo_games_opening_by_taps(browser, server, devices, game, viewport):  # noqa: F811
    """The table's form and a solid opening by taps (benchmarks/phone.py plays each to its end,
    upright and turned)."""
    hub, me = await at_the_lobby(browser, server, devices, viewport)
    table = await open_solo_table(me, hub, game)
    await me.shoot(f"{game}-start")
    taken = await play_by_taps(me, table, game, most=OPENING)
    await me.shoot(f"{game}-opening")
    assert taken == OPENING or (table.is_over and taken > 5)
    await me.page.context.close()


async def test_a_tap_on_a_choice_picks_it(browser, server, devices):  # noqa: F811
    hub, me = await at_the_lobby(browser, server, devices, PORTRAIT)
    table = await open_solo_table(me, hub, "wish")

    def second_row() -> int | None:
        rows = range(me.size[1])
        return next((row for row in rows if me.text.line(row).lstrip().startswith("2. ")), None)

    # A decision asked in the choice panel (a discard...), or Travel's window opened with t.
    expected = None
    for _ in range(10):
        assert await until(lambda: table.is_over or table.deciding() == 0, 30)
        legal = [choice.notation for choice in table.choices_for(0).actions]
        travels = [notation for notation in legal if notation.startswith("travel ")]
        if await until(lambda: second_row() is not None, 2):
            expected = legal[1]
            break
        if len(travels) >= 2:
            await me.tap_key("t")
            assert await until(lambda: second_row() is not None, 10), me.shown()
            expected = travels[1]
            break
        await play_by_taps(me, table, "wish", most=1)
    assert expected is not None, me.shown()
    before = table.actions
    # A tap on the second option's row takes that option (the first is highlighted).
    await me.tap_cell(second_row(), 6)
    assert await until(lambda: table.actions > before, 10)
    assert table.record.actions[before] == expected
    await me.page.context.close()


async def test_a_tap_on_the_board_selects_what_it_taps(browser, server, devices):  # noqa: F811
    """A tap on an Area of Wish's map highlights it (the detail line says what it is and what a
    tap again takes), a second tap travels there (or, when several actions are about that
    Area, asks which of them, and a tap on the travel's row takes it)."""
    hub, me = await at_the_lobby(browser, server, devices, PORTRAIT)
    table = await open_solo_table(me, hub, "wish")
    where, travels = None, []
    for _ in range(10):
        assert await until(lambda: table.is_over or table.deciding() == 0, 30)
        legal = [choice.notation for choice in table.choices_for(0).actions]
        travels = [notation for notation in legal if notation.startswith("travel ")]
        name = travels[0].removeprefix("travel ").rpartition(" #")[0] if travels else ""
        drawn = lambda name=name: area_cell(me, name) is not None and me.shows("[Map]")  # noqa: E731
        if name and await until(drawn, 5):
            where = area_cell(me, name)
            break
        await play_by_taps(me, table, "wish", most=1)
    assert where is not None, me.shown()
    before = table.actions
    await me.tap_cell(*where)
    assert await until(lambda: me.shows("Tap again"), 20), me.shown()
    await settle(1)
    await me.shoot("wish-area-tapped")
    assert table.actions == before
    several = me.shows("Tap again to choose among")
    await me.tap_cell(*where)
    if several:
        await me.see(f". Travel to {name}")  # the window's row, not the detail line's words
        await me.tap_words(f". Travel to {name}")
    assert await until(lambda: table.actions > before, 10), me.shown()
    assert table.record.actions[before].startswith(f"travel {name} #")
    await me.page.context.close()
