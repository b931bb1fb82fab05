"""The lobby's screen as the table server's lists reach it: a list that changed in one cell is
redrawn in that cell, with the cursor where the person left it, and a club of hundreds online is
counted, not listed whole (issue 23)."""

from __future__ import annotations

import gc

import pytest
from textual.app import App
from textual.scrollbar import ScrollBarRender
from textual.widgets import Static

from tests.ui.lobby_app import LobbyApp
from wish_tui.ui.lobby import ONLINE_NAMED, LobbyScreen
from wish_tui.widgets.row_list import RowList


def entry(number: int, progress: str) -> dict:
    return {
        "table": str(number),
        "game": "wish",
        "title": "Wish",
        "seats": ["Air (bob)", "Water (carol)"],
        "open": [],
        "connected": [True, True],
        "mine": False,
        "owner": False,
        "progress": progress,
        "solo": "",
        "over": False,
        "ended": "",
        "kind": "live",
        "clock": None,
        "your_move": False,
        "since": None,
        "new": False,
    }


def lobby(progress: list[str], online: int = 2) -> dict:
    return {
        "type": "lobby",
        "tables": [entry(i + 1, p) for i, p in enumerate(progress)],
        "you": "alice",
        "online": [{"name": f"p{i:03d}", "tables": []} for i in range(online)],
        "invitations": [],
    }


def lines_drawn(rows: RowList) -> tuple[list[int], list[dict]]:
    """The lines of `rows` drawn again from now on (in its window: the header is 0), and the
    options of every refresh it asks."""
    drawn: list[int] = []
    asked: list[dict] = []
    real = rows.refresh

    def refresh(*regions, **options):
        drawn.extend(y for region in regions for y in region.line_range)
        asked.append(options)
        return real(*regions, **options)

    rows.refresh = refresh
    return drawn, asked


async def test_a_changed_progress_is_redrawn_in_its_row_alone_and_the_cursor_stays():
    app = LobbyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.show(lobby(["round 1", "round 1", "round 1"]))
        await pilot.pause()
        rows = app.screen.query_one(RowList)
        await pilot.press("down", "down")
        await pilot.pause()
        assert app.screen.query_one("#detail", Static).content.startswith("Table 3:")
        drawn, _ = lines_drawn(rows)
        app.screen.show(lobby(["round 2", "round 1", "round 1"]))
        await pilot.pause()
        assert rows.rows[0][3] == "round 2"
        assert "round 2" in rows.render_line(1).text  # under the header
        assert drawn == [1]  # only that row's line
        assert rows.cursor_row == 2
        assert rows.render_line(3).text.startswith("› 3 ")  # the cursor's mark, without colour
        assert rows.render_line(1).text.startswith("  1  ")
        app.screen.show(lobby(["round 2", "round 1"]))  # a table went: the cursor stays in
        await pilot.pause()
        assert rows.row_count == 2 and rows.cursor_row == 1
        await pilot.press("enter")  # opens (here: asks to watch) the table under the cursor


async def test_a_changed_row_in_sight_of_a_list_scrolled_down_is_drawn_on_its_line():
    """The list scrolled down (the cursor on a table below the first window), a table shown
    that changes is drawn again on the line that shows it, not on one a scroll above it (it
    stayed as it was on the screen)."""
    app = LobbyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        progress = ["round 1"] * 40
        app.screen.show(lobby(progress))
        await pilot.pause()
        rows = app.screen.query_one(RowList)
        rows.move_cursor(35)
        await pilot.pause()
        assert rows.scroll_y > 0
        progress[33] = "round 9"
        app.screen.show(lobby(progress))
        await pilot.pause()
        shown = app.export_screenshot().replace("&#160;", " ")
        assert "round 9" in shown


async def test_a_table_opened_below_the_rows_shown_draws_no_row_and_lays_out_nothing():
    app = LobbyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.show(lobby(["round 1"] * 40, online=1000))
        await pilot.pause()
        rows = app.screen.query_one(RowList)
        drawn, refreshed = lines_drawn(rows)
        app.screen.show(lobby(["round 1"] * 41, online=1000))  # a 41st table, out of sight
        await pilot.pause()
        assert rows.row_count == 41 and not drawn and not refreshed
        assert rows.vertical_scrollbar.window_virtual_size == 42  # its bar says one row more
        await pilot.press("end")
        await pilot.pause()
        assert rows.cursor_row == 40 and "41" in rows.render_line(rows.size.height - 1).text


async def test_a_table_opened_in_sight_draws_its_row_and_lays_out_nothing():
    app = LobbyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.show(lobby(["round 1"] * 3))
        await pilot.pause()
        rows = app.screen.query_one(RowList)
        drawn, laid_out = lines_drawn(rows)
        for tables in (4, 5, 4):  # a table opened, another, one closed
            app.screen.show(lobby(["round 1"] * tables))
            await pilot.pause()
            assert rows.row_count == tables and f" {tables} " in rows.render_line(tables).text
        assert drawn == [4, 5, 5] and not any(k.get("layout") for k in laid_out)
        assert not rows.show_vertical_scrollbar and rows.virtual_size.height == 5
        app.screen.show(lobby(["round 1"] * 40))  # more than the window: its bar shown
        await pilot.pause()
        assert rows.show_vertical_scrollbar


async def test_a_seat_taken_draws_its_row_alone_and_a_longer_text_widens_without_a_layout():
    app = LobbyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        tables = lobby(["round 1"] * 3)
        tables["tables"][2]["seats"] = ["Air (bob)", "Water (open seat)"]
        app.screen.show(tables)
        await pilot.pause()
        rows = app.screen.query_one(RowList)
        header = rows.render_line(0).text
        drawn, laid_out = lines_drawn(rows)
        app.screen.show(lobby(["round 1"] * 3))  # its seat taken: the seats are shorter
        await pilot.pause()
        assert drawn == [3] and rows.render_line(0).text == header  # the columns stay
        assert "Water (carol)" in rows.render_line(3).text
        longer = lobby(["round 1"] * 3)
        longer["tables"][0]["seats"] = ["Air (bob)", "Water (a name longer than any other)"]
        app.screen.show(longer)
        await pilot.pause()
        assert "a name longer than any other" in rows.render_line(1).text
        assert not any(k.get("layout") for k in laid_out)


def drawn_cells(bar) -> list[bool]:
    """Which cells of the vertical `bar` a freshly drawn bar shows its thumb in, even in part."""
    segments = ScrollBarRender.render_bar(
        size=bar.size.height,
        virtual_size=bar.window_virtual_size,
        window_size=bar.window_size if bar.window_size < bar.window_virtual_size else 0,
        position=bar.position,
    ).segments
    return [bool(s.style and (s.style.reverse or s.text.strip())) for s in segments]


async def test_tables_opened_below_the_rows_shown_draw_the_bar_only_when_its_thumb_moves_a_cell():
    app = LobbyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.show(lobby(["round 1"] * 30))
        await pilot.pause()
        bar = app.screen.query_one(RowList).vertical_scrollbar
        drawn = []
        real = bar.refresh
        bar.refresh = lambda *a, **k: (drawn.append(1), real(*a, **k))[1]
        cells = drawn_cells(bar)
        moved = 0
        for tables in range(31, 81):
            drawn.clear()
            app.screen.show(lobby(["round 1"] * tables))
            await pilot.pause()
            assert bar.window_virtual_size == tables + 1  # told, drawn or not
            now = drawn_cells(bar)
            assert bool(drawn) == (now != cells), tables
            moved += now != cells
            cells = now
        assert 0 < moved < 25  # most tables opened draw nothing


async def test_a_list_with_one_table_changed_works_out_that_row_alone(monkeypatch):
    app = LobbyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.show(lobby(["round 1", "round 1", "round 1"]))
        await pilot.pause()
        made = []
        row = LobbyScreen._row
        monkeypatch.setattr(
            LobbyScreen, "_row", staticmethod(lambda e: (made.append(e), row(e))[1])
        )
        app.screen.show(lobby(["round 1", "round 2", "round 1", "round 1"]))
        await pilot.pause()
        assert [entry["table"] for entry in made] == ["2", "4"]
        assert [r[3] for r in app.screen.query_one(RowList).rows] == ["round 1", "round 2"] + [
            "round 1"
        ] * 2


async def test_hundreds_online_are_counted_and_a_few_named():
    app = LobbyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.show(lobby(["round 1"], online=200))
        await pilot.pause()
        text = str(app.screen.query_one("#people", Static).content)
        assert text.startswith("Online (200): p000, p001")
        assert text.endswith(f"and {200 - ONLINE_NAMED} more")
        assert f"p{ONLINE_NAMED:03d}" not in text


async def test_you_are_marked_among_those_online_as_the_plain_client_marks_you():
    """Seen: 'Online: alice, bob' in alice's lobby ('alice (you)' in the plain client's)."""
    app = LobbyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        online = [{"name": "alice", "tables": []}, {"name": "bob", "tables": []}]
        app.screen.show({**lobby(["round 1"]), "online": online})
        await pilot.pause()
        text = str(app.screen.query_one("#people", Static).content)
        assert text.splitlines()[0] == "Online: alice (you), bob"


async def test_a_person_at_many_tables_is_said_shortly_among_those_online():
    """Seen: a person holding 20 seats had every table id listed (4 rows of the lobby); the
    first few are named and the rest counted."""
    app = LobbyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ids = [f"{n:06x}" for n in range(20)]
        online = [
            {"name": "alice", "tables": []},
            {"name": "bob", "tables": [*ids, "watching abcdef"]},
        ]
        app.screen.show({**lobby(["round 1"]), "online": online})
        await pilot.pause()
        text = str(app.screen.query_one("#people", Static).content)
        first = text.splitlines()[0]
        assert first == (
            "Online: alice (you), bob (seats at 000000, 000001, 000002 +17; watching abcdef)"
        ), first
        assert len(first) <= 80


async def test_those_you_follow_who_are_online_are_named_under_who_is_online():
    app = LobbyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        friends = [{"name": "p001", "tables": []}]
        app.screen.show({**lobby(["round 1"], online=3), "friends": friends})
        await pilot.pause()
        text = str(app.screen.query_one("#people", Static).content)
        assert text.splitlines()[1] == "You follow, online: p001"


async def test_the_key_bar_names_the_lobby_keys_and_a_click_presses_one():
    app = LobbyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        from wish_tui.widgets.key_bar import KeyBar

        bar = app.screen.query_one(KeyBar)
        line = bar.render_line(0).text
        for words in ("n New table", "h History", "l Leaderboard", "q Quit"):
            assert words in line
        x = line.index("h History")
        await pilot.click(KeyBar, offset=(x + 1, 0))
        await pilot.pause()
        assert {"type": "history", "mine": True} in app.sent


async def test_what_the_server_says_before_the_first_screen_is_told_once_it_is_up():
    """A session's app says hello before its terminal is set up; the welcome, with the lobby's
    list, may come before the first screen and is shown then, in order (issue 23)."""
    from wish_tui.launch import Launch
    from wish_tui.ui.app import WishApp

    app = WishApp(Launch("title"))
    app._early = []
    app.on_server_message({"type": "welcome", "name": "alice", "lobby": lobby(["round 2"])})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, LobbyScreen)  # held until the app is up
        app._tell_early()
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen) and app.screen.you == "alice"
        assert [row[3] for row in app.screen.query_one(RowList).rows] == ["round 2"]
        app.on_server_message({"type": "lobby", **lobby(["round 3"])})
        await pilot.pause()
        assert [row[3] for row in app.screen.query_one(RowList).rows] == ["round 3"]


async def test_who_is_online_changing_repaints_its_line_without_a_new_layout():
    app = LobbyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.show(lobby(["round 1"], online=3))
        await pilot.pause()
        people = app.screen.query_one("#people", Static)
        layouts = []
        refresh = people.refresh

        def spy(*regions, **options):
            layouts.append(options.get("layout", False))
            return refresh(*regions, **options)

        people.refresh = spy
        app.screen.show(lobby(["round 1"], online=4))  # one name more: still one line
        await pilot.pause()
        assert layouts and not any(layouts)
        assert "p003" in str(people.content)
        app.screen.show({**lobby(["round 1"], online=4), "invitations": [INVITATION]})
        await pilot.pause()
        assert any(layouts)  # a line more: laid out again
        assert people.size.height == 2


INVITATION = {"id": 1, "from": "bob", "table": "1"}


async def test_a_sessions_first_screen_is_the_lobby_of_its_welcome_and_it_comes_back_to_it(
    monkeypatch,
):
    """No blank screen is laid out before the lobby, and coming back from a table returns to
    that first screen, which asks the server for the list as it stands (issue 23)."""
    from wish_tui.launch import Launch
    from wish_tui.ui.app import WishApp

    sent: list[dict] = []

    async def connect(app) -> None:  # the table server answers the hello at once
        app.server_send = sent.append
        app.on_server_message({"type": "welcome", "name": "alice", "lobby": lobby(["round 1"])})

    monkeypatch.setattr(WishApp, "_connect", connect)
    app = WishApp(Launch("client"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        first = app.screen_stack[0]
        assert isinstance(first, LobbyScreen) and app.screen is first
        assert [row[3] for row in first.query_one(RowList).rows] == ["round 1"]
        assert sent == []  # the list came with the welcome: nothing asked
        app.push_screen(LobbyScreen("alice", lobby(["round 5"])))  # as a table would cover it
        await pilot.pause()
        app.show_lobby()
        await pilot.pause()
        assert app.screen is first and len(app.screen_stack) == 1
        assert sent == [{"type": "lobby"}]


def test_a_table_that_ended_early_is_finished_not_yours_to_play():
    """A seat given up at two seats, or an aborted game, ends a game its rules did not end."""
    ended = {**entry(1, "setup"), "mine": True, "ended": True}
    assert LobbyScreen._row(ended)[1] == "finished"  # what it is to you
    assert LobbyScreen._row({**ended, "ended": False})[1] == "you play"


def wide_lobby(count: int = 40) -> dict:
    """`count` tables whose rows are wider than any window: long seat labels, all kinds of
    state; the first few are the person's move (the server lists those first)."""
    message = lobby([f"round {i % 9 + 1}" for i in range(count)])
    for i, table in enumerate(message["tables"]):
        table["seats"] = [
            "Fire (Ann, out of time: a bot plays)",
            "Water (Bob, played by a bot while away)",
            "Earth (open seat)",
            "Air (hard bot)",
        ]
        table["connected"] = [False, True, False, False]
        table["open"] = [2]
        table["title"] = "Spirits of the Forest" if i % 2 else "Wishland"
        table["kind"] = "turn" if i % 3 else "live"
        if i < 3:
            table.update(mine=True, your_move=True, since=[40, 3600 * 5, 86400 * 3][i], new=True)
    return message


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_arrows_walk_forty_wide_tables_without_ending_the_session(size):
    """→ on a list wider than the window, ↓ through forty tables, PageDown and End: each used to
    end the session (RowList's own `_scroll_to` hid Textual's, called with `animate=`)."""
    app = LobbyApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        rows = app.screen.query_one(RowList)
        rows.fit = False  # the lobby's list fits its window now: a list that does not, here
        app.screen.show(wide_lobby())
        await pilot.pause()
        assert rows.virtual_size.width > size[0]  # wider than the window
        await pilot.press("right", "right", "right", "right", "right")
        await pilot.pause()
        assert rows.scroll_x > 0
        header, first = rows.render_line(0).text, rows.render_line(1).text
        assert header.startswith(" Seats ") and first.startswith(" Fire (Ann, out of time")
        await pilot.press("left", "left", "left", "left", "left")
        await pilot.pause()
        assert rows.scroll_x == 0 and rows.render_line(1).text.startswith("› 1 ")
        for _ in range(39):
            await pilot.press("down")
        await pilot.pause()
        assert rows.cursor_row == 39
        assert rows.scroll_y > 0 and "Table 40:" in str(app.screen.query_one("#detail").content)
        await pilot.press("home", "pagedown", "pagedown")
        await pilot.pause()
        assert rows.cursor_row > 0
        await pilot.press("end", "right", "up", "pageup", "home")
        await pilot.pause()
        assert rows.cursor_row == 0 and rows.scroll_y == 0
        assert app.is_running


@pytest.mark.parametrize("width", [80, 100])
async def test_your_move_and_how_long_it_waited_show_whole_in_a_narrow_window(width):
    """What a table is to you comes right after its number: 'YOUR MOVE (5 h) · new' is never
    cut off by a long list of seats (it was cut at 100 columns, and gone at 80)."""
    app = LobbyApp()
    async with app.run_test(size=(width, 24)) as pilot:
        await pilot.pause()
        app.screen.show(wide_lobby())
        await pilot.pause()
        rows = app.screen.query_one(RowList)
        screen = [rows.render_line(y).text for y in range(4)]
        assert "YOUR MOVE (40 s) · new" in screen[1]
        assert "YOUR MOVE (5 h) · new" in screen[2]
        assert "YOUR MOVE (3 d) · new" in screen[3]
        for line in screen[1:]:
            assert "Wishland" in line or "Spirits of the Forest" in line


async def test_a_seek_is_listed_and_k_takes_it_or_posts_one():
    app = LobbyApp()
    seek = {
        "id": 3,
        "by": "bob",
        "game": "wish",
        "title": "Wish",
        "seats": 2,
        "kind": "live",
        "clock": {"type": "live", "minutes": 10, "increment": 5},
        "range": None,
        "rating": 0,
        "takers": [],
        "bots_after": None,
        "yours": False,
    }
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.show({**lobby(["round 1"], online=2), "seeks": [seek]})
        await pilot.pause()
        text = str(app.screen.query_one("#people", Static).content)
        assert (
            "Seek 3 by bob: Wish, 2 seats, live, 10 minutes and 5 seconds a move. k takes it"
            in text
        )
        await pilot.press("k")
        await pilot.pause()
        await pilot.press("3", "enter")
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        await pilot.press(*"wish turn 24h bots 60", "enter")
        await pilot.pause()
    assert app.sent[-2:] == [
        {"type": "accept_seek", "id": 3},
        {
            "type": "seek",
            "game": "wish",
            "kind": "turn",
            "clock": {"type": "turn", "hours": 24, "total_days": 14},
            "bots_after": 60,
        },
    ]


async def test_the_title_line_names_k_so_a_newcomer_finds_the_seeks():
    """k is not on the key bar (too many keys for a line): the title says it, with Enter."""
    app = LobbyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.show(lobby(["round 1"]))
        await pilot.pause()
        title = app.screen.query_one("#lobby-title", Static)
        drawn = " ".join(title.render_line(y).text.strip() for y in range(title.size.height))
        assert "k seek a game" in drawn


async def test_each_key_the_title_line_names_is_a_lobby_key_with_its_word():
    """The title once ended '? p y i': bare letters, and ? did nothing in the lobby (it lists
    the lobby's keys now, and the title says so: '? keys')."""
    keys = {binding.key.replace("question_mark", "?") for binding in LobbyScreen.BINDINGS}
    app = LobbyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        title = app.screen.query_one("#lobby-title", Static)
        drawn = " ".join(title.render_line(y).text.strip() for y in range(title.size.height))
    for part in drawn.split(" · ")[1:]:
        key, _, words = part.partition(" ")
        assert words.strip(), f"{part!r} names a key without saying what it does"
        assert key.lower() in keys, f"{key!r} on the title line is no key of the lobby"


async def test_a_newcomer_asked_for_a_name_can_leave_with_esc():
    """The club's first question (the name others will know you by) had no way out: Esc did
    nothing and the prompt said only 'Enter sends it'. Esc now leaves, and the prompt says so;
    Enter still sends the name."""
    from wish_tui.launch import Launch
    from wish_tui.ui.app import WishApp
    from wish_tui.ui.screens.line_input import LineInput

    app = WishApp(Launch("title"))
    sent = []
    app.server_send = sent.append
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        welcome = {"type": "welcome", "needs_name": True, "text": "Choose.", "suggested": "a"}
        app.on_server_message(welcome)
        await pilot.pause()
        assert isinstance(app.screen, LineInput)
        assert app.screen.prompt.endswith("Enter sends it; Esc leaves.")
        await pilot.press("b", "enter")
        await pilot.pause()
        assert sent == [{"type": "register", "name": "ab"}]
        app.on_server_message({"type": "error", "error": "'ab' is taken; choose another."})
        await pilot.pause()
        assert isinstance(app.screen, LineInput) and "'ab' is taken" in app.screen.prompt
        await pilot.press("escape")
        await pilot.pause()
    assert sent == [{"type": "register", "name": "ab"}]  # nothing more sent: the app left
    assert app.return_code == 0


async def test_the_list_the_screen_was_first_shown_is_not_kept_by_it():
    """At a club event the welcome's list names a thousand people: shown, it is let go."""
    first = lobby(["round 1"], online=1000)

    class FirstListApp(App):
        def server_send(self, message: dict) -> None:
            raise AssertionError(f"the list at hand was asked for again: {message}")

        def on_mount(self) -> None:
            self.push_screen(LobbyScreen("alice", first))

    app = FirstListApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.screen.query_one(RowList).rows[0][0] == "1"
        assert not [
            holder for holder in gc.get_referrers(first) if isinstance(holder, LobbyScreen)
        ] and all(value is not first for value in vars(app.screen).values())


async def test_a_table_gone_from_the_list_gives_its_columns_width_back():
    app = LobbyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        both = lobby(["round 3", "over"])
        both["tables"][0]["seats"] = ["Fire (alice)", "Earth (Bartholomew Longname)"]
        both["tables"][1]["title"] = "Spirits of the Forest"
        app.screen.show(both)
        await pilot.pause()
        rows = app.screen.query_one(RowList)
        assert "Bartholomew Longname)" not in rows.render_line(1).text  # too wide for 80
        one = lobby(["round 3"])
        one["tables"][0]["seats"] = ["Fire (alice)", "Earth (Bartholomew Longname)"]
        app.screen.show(one)  # the finished Spirits table leaves the list
        await pilot.pause()
        assert "Earth (Bartholomew Longname)" in rows.render_line(1).text


@pytest.mark.parametrize("width", [40, 60, 80])
async def test_the_status_column_is_never_cut(width):
    """At 40 columns the Status column read 'YOUR MOVE (…': there it says 'YOUR MOVE' alone,
    and the detail line how long the highlighted table has waited; wider, all of it."""
    app = LobbyApp()
    async with app.run_test(size=(width, 24)) as pilot:
        await pilot.pause()
        app.screen.show(wide_lobby())
        await pilot.pause()
        rows = app.screen.query_one(RowList)
        screen = [rows.render_line(y).text for y in range(5)]
        assert "Status" in screen[0]
        for line in screen[1:4]:
            assert "YOUR MOVE" in line and "YOUR MOVE (…" not in line, line
        assert "1 open seat" in screen[4]
        detail = str(app.screen.query_one("#detail").content)
        if width >= 60:
            assert "YOUR MOVE (40 s) · new" in screen[1]
        assert "your move for 40 s" in detail, detail


async def test_p_and_y_are_named_for_what_they_open():
    """The key bar's 'p You' beside the title's 'y profile' read as one page twice: p opens your
    stats (the page others see of you), y your profile (name, keys, settings)."""
    from wish_tui.widgets.key_bar import KeyBar

    app = LobbyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = app.screen.query_one(KeyBar).render_line(0).text
        assert "p Stats" in line and "p You" not in line, line
        title = app.screen.query_one("#lobby-title", Static)
        drawn = " ".join(title.render_line(y).text.strip() for y in range(title.size.height))
        assert "y profile" in drawn
        await pilot.press("p")
        await pilot.press("y")
        await pilot.pause()
    assert app.sent[-2:] == [{"type": "player"}, {"type": "profile"}]


async def test_question_mark_in_the_lobby_lists_every_key_of_the_lobby():
    """Every table screen answers ? with its keys; the lobby answered nothing, and some of its
    keys (a, d, k, b, y, t) are on no bar: ? lists them all, Esc goes back."""
    from wish_tui.ui.screens.help_screens import KeysScreen

    app = LobbyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "? keys" in str(app.screen.query_one("#lobby-title").content)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        text = app.screen.text
        for words in ("accept", "decline", "seek", "browser", "settings", "tournaments", "watch"):
            assert words in text, words
        # Each key's line fits the window at 80 columns (74 inside its border and padding).
        assert max(len(line) for line in text.splitlines()) <= 74
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
