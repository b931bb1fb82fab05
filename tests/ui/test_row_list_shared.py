"""The lobby apps of one process (a host of the session pool runs up to 20) share the lines their
lists draw: a row drawn by one app is the same `Strip` in another that shows it alike (the same
words, width, columns, part and style), and only that app's own looks make it draw its own (a
narrower window, another theme, its cursor, its list blurred)."""

from __future__ import annotations

import contextlib
import json

from tests.ui.lobby_app import LobbyApp
from tests.ui.test_lobby_screen import lobby
from tests.ui.test_row_list_plainly import same_as_textuals
from wish_tui.widgets.row_list import RowList

PROGRESS = [f"round {i % 7}" for i in range(40)]


@contextlib.asynccontextmanager
async def two_lobbies(first_size=(100, 30), second_size=(100, 30)):
    """Two lobby apps running side by side in this process, each shown the same list."""
    one, two = LobbyApp(), LobbyApp()
    async with one.run_test(size=first_size) as first, two.run_test(size=second_size) as second:
        for app, pilot in ((one, first), (two, second)):
            await pilot.pause()
            app.screen.show(lobby(PROGRESS, online=30))
            await pilot.pause()
        yield (one, first), (two, second)


def lines(app: LobbyApp) -> list:
    rows = app.screen.query_one(RowList)
    return [rows.render_line(y) for y in range(rows.size.height)]


async def test_two_apps_that_show_a_row_alike_share_its_line():
    async with two_lobbies() as ((one, first), (two, second)):
        mine, theirs = lines(one), lines(two)
        assert [s.text for s in mine] == [s.text for s in theirs]
        # The header and every row but the blank lines: one strip for both apps.
        shared = [a is b for a, b in zip(mine, theirs, strict=True)]
        assert all(shared), shared
        # A progress told to both: the row drawn by the first is the second's.
        PROGRESS[3] = "round 40"
        for app, pilot in ((one, first), (two, second)):
            app.screen.show(lobby(PROGRESS, online=30))
            await pilot.pause()
        assert lines(one)[4] is lines(two)[4]
        assert "round 40" in lines(two)[4].text
    PROGRESS[3] = "round 3"


async def test_an_app_of_its_own_width_theme_cursor_or_focus_draws_its_own_rows():
    async with two_lobbies(second_size=(52, 14)) as ((one, first), (two, second)):
        assert not same_as_textuals(two.screen.query_one(RowList)), "narrower"
        assert lines(one)[2] is not lines(two)[2]
    async with two_lobbies() as ((one, first), (two, second)):
        two.theme = "textual-light"
        await second.pause()
        assert not same_as_textuals(two.screen.query_one(RowList)), "a light theme"
        assert not same_as_textuals(one.screen.query_one(RowList)), "the dark one's still"
        assert lines(one)[2] is not lines(two)[2]
    async with two_lobbies() as ((one, first), (two, second)):
        await second.press("down", "down")
        await second.pause()
        mine, theirs = lines(one), lines(two)
        assert mine[1].text.startswith("›") and theirs[3].text.startswith("›")
        assert not same_as_textuals(two.screen.query_one(RowList)), "its cursor moved"
        assert not same_as_textuals(one.screen.query_one(RowList)), "the other's cursor"
        two.screen.set_focus(None)
        await second.pause()
        assert not same_as_textuals(two.screen.query_one(RowList)), "blurred"
        assert not same_as_textuals(one.screen.query_one(RowList)), "the other focused"


def _parts(owner_of: str) -> tuple[list[dict], dict]:
    """A shared part of eight tables as the hub sends it, and `owner_of` table's own part for
    its owner, alice (her table, her move there)."""
    from wish_tui.server.hub.shared_news import SharedNews

    summaries = [
        {
            "table": str(n),
            "game": "wish",
            "title": "Wish",
            "seats": [f"Air (p{n})", "Water (open seat)"],
            "open": [1],
            "connected": [True, False],
            "progress": f"round {n}",
            "solo": "",
            "over": False,
            "ended": "",
            "kind": "live",
            "clock": None,
        }
        for n in range(1, 9)
    ]
    news = SharedNews()
    news.update(summaries, [{"name": "alice", "tables": [owner_of]}])
    whole = json.loads(news.message(None))
    mine = {"mine": True, "owner": True}
    return [whole], {"rows": {owner_of: mine}}


async def test_apps_told_the_same_shared_part_share_the_rows_not_ones_own_table():
    from wish_tui.tables.lobby_shared import SharedFollower

    told, alices_rows = _parts("3")
    one, two = LobbyApp(), LobbyApp()  # alice owns table 3; the other sits nowhere
    async with one.run_test(size=(100, 30)) as first, two.run_test(size=(100, 30)) as second:
        for app, pilot, rows in ((one, first, alices_rows), (two, second, {})):
            parts = SharedFollower()
            parts.take(told[0])
            made = parts.take({"type": "lobby_yours", "shared": told[0]["n"], "you": "x", **rows})
            app.screen.show(made)
            await pilot.pause()
        hers, theirs = (app.screen.query_one(RowList) for app in (one, two))
        assert hers.rows[0][:2] == ("3", "your table"), "one's own table first"
        assert theirs.rows[2][:2] == ("3", "1 open seat")
        # Every other row: the same texts for both apps, and the same line drawn.
        others = [[r for r in rows.rows if r[0] != "3"] for rows in (hers, theirs)]
        assert others[0] == others[1]
        assert all(a is b for a, b in zip(*others, strict=True)), "made once for both apps"
        assert lines(one)[1] is not lines(two)[3], "table 3: hers, and theirs"
        assert "your table" in lines(one)[1].text and "your table" not in lines(two)[3].text
        assert lines(one)[5] is lines(two)[5], "table 5, under the cursor in neither"
