"""The club's pages in the terminal app: the keys each page names reach the table server."""

from __future__ import annotations

from textual.app import App

from wish_tui.ui.club_pages import ClubPageScreen

HISTORY = {
    "type": "page",
    "page": "history",
    "number": 0,
    "player": "",
    "game": "",
    "rows": [
        {
            "table_id": 7,
            "game": "wish",
            "solo": "",
            "finished_at": 1_700_000_000_000,
            "rated": False,
            "seats": [
                {"place": 1, "player": "alice", "name": "fire", "score": 0, "outcome": "resigned"},
                {"place": 1, "player": "bob", "name": "earth", "score": 0, "outcome": "resigned"},
            ],
        }
    ],
}


class PagesApp(App):
    def __init__(self, page: dict = HISTORY) -> None:
        super().__init__()
        self.page = page
        self.sent: list[dict] = []
        self.person_name = "ann"

    def server_send(self, message: dict) -> None:
        self.sent.append(message)

    def show_lobby(self) -> None:
        self.sent.append({"type": "lobby"})

    def on_mount(self) -> None:
        self.push_screen(ClubPageScreen(self.page))


async def test_enter_on_a_finished_game_asks_for_its_replay_and_arrows_turn_pages():
    app = PagesApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.press("right")
        await pilot.pause()
    assert app.sent[0] == {"type": "archive", "game_id": 7}
    assert app.sent[1]["type"] == "history" and app.sent[1].get("page") == 1, app.sent


async def test_ones_own_history_is_titled_your_finished_games():
    """The lobby's h asks for one's own history: its title says 'Your', as the plain client's
    does, not one's name as if it were another player's."""
    app = PagesApp({**HISTORY, "player": "ann"})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        title = str(app.screen.query_one("#club-title").content)
    assert title.startswith("Your finished games, newest first"), title
    other = PagesApp({**HISTORY, "player": "bob"})
    async with other.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert str(other.screen.query_one("#club-title").content).startswith("bob's finished")


PROFILE = {
    "type": "page",
    "page": "profile",
    "player": {"id": 3, "name": "ann", "is_guest": False, "settings": {}, "profile": ""},
    "keys": [{"fingerprint": "SHA256:abc", "added_at": 1_700_000_000_000}],
    "rename_from": None,
}


async def test_n_on_the_profile_asks_for_a_new_name_and_sends_it():
    app = PagesApp(PROFILE)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = str(app.screen.query_one("#club-text").content)
        assert "You may change your name once in 30 days (n)." in text
        await pilot.press("n")
        await pilot.pause()
        for _ in range(3):
            await pilot.press("backspace")
        await pilot.press(*"Annabel", "enter")
        await pilot.pause()
    assert app.sent == [{"type": "rename", "name": "Annabel"}]


TURNED_OFF = (
    "Your turn alerts by email to ann@example.org were turned off after 5 failed sends (the "
    "last: 550 no such mailbox); set them again on your profile page (a) or with 'alerts' in "
    "the plain client to hear of your moves."
)


async def test_the_profile_shows_a_turned_off_alert_and_a_sets_it_again():
    alerts = {"channel": "none", "target": "", "digest": False, "note": TURNED_OFF}
    app = PagesApp({**PROFILE, "alerts": alerts})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = str(app.screen.query_one("#club-text").content)
        assert "No alert is sent to you when a move waits for you." in text
        assert "Note: Your turn alerts by email to ann@example.org were turned off" in text
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*"ann@example.org", "enter")
        await pilot.pause()
    assert app.sent == [{"type": "alerts", "email": "ann@example.org"}, {"type": "profile"}]


async def test_v_on_the_profile_takes_a_vacation_and_the_page_says_it():
    vacation = {"until": None, "year": 2026, "days_used": 4, "days_left": 26, "days_a_year": 30}
    app = PagesApp({**PROFILE, "vacation": vacation})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = str(app.screen.query_one("#club-text").content)
        assert "You are not on vacation (26 of 30 days left in 2026)." in text
        await pilot.press("v")
        await pilot.pause()
        await pilot.press(*"5", "enter")
        await pilot.pause()
    assert app.sent == [{"type": "vacation", "days": 5}, {"type": "profile"}]


FRIENDS = {
    "type": "page",
    "page": "friends",
    "player": {"id": 3, "name": "ann"},
    "follows": [{"id": 4, "name": "bob", "online": True, "tables": ["3fa2c1"]}],
    "blocks": [{"id": 5, "name": "cat"}],
    "followers": [],
}


async def test_the_friends_page_lists_them_and_f_blocks_someone():
    app = PagesApp(FRIENDS)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        grid = app.screen.query_one("#club-rows")
        assert list(grid.get_row_at(0)) == ["bob", "online, seat at 3fa2c1"]
        text = str(app.screen.query_one("#club-text").content)
        assert text == "You block cat."
        await pilot.press("f")
        await pilot.pause()
        await pilot.press(*"block dan", "enter")
        await pilot.pause()
    assert app.sent == [
        {"type": "follow", "name": "dan", "kind": "block"},
        {"type": "friends"},
    ]


async def test_an_empty_leaderboard_says_no_rated_game_yet():
    """The history's empty page said 'No finished game yet.'; the leaderboard's said nothing."""
    empty = {"type": "page", "page": "leaderboard", "game": "wish", "number": 0, "rows": []}
    app = PagesApp(empty)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        shown = " ".join(
            str(widget.render()) for widget in app.screen.query("Static") if widget.display
        )
    assert "No rated game of Wish yet" in shown


async def test_the_tournaments_page_says_a_swiss_of_one_round_in_the_singular():
    one = {"id": 4, "name": "Duel", "system": "swiss", "game": "wish", "seats": 2, "rounds": 1}
    page = {
        "type": "page",
        "page": "tournaments",
        "tournaments": [{**one, "minutes": 0, "entrants": 2, "status": "open"}],
    }
    app = PagesApp(page)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        grid = app.screen.query_one("DataTable")
        assert "Swiss, 1 round" in [str(cell) for cell in grid.get_row_at(0)]


LADDER = {
    "type": "page",
    "page": "leaderboard",
    "game": "wish",
    "number": 0,
    "rows": [{"rank": 1, "name": "ann", "ordinal": 3.2, "games": 4, "is_bot": False}],
}


async def test_b_on_the_leaderboard_shows_the_bots_ladder_and_back_and_its_pages_stay_on_it():
    app = PagesApp(LADDER)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        keys = str(app.screen.query_one("#club-keys").render())
        assert "b the bots' ladder" in keys
        await pilot.press("b")
        await pilot.pause()
        assert app.sent[-1] == {"type": "leaderboard", "game": "wish", "bots": True}
        bots = {
            **LADDER,
            "bots": True,
            "rows": [{"rank": 1, "name": "robo", "ordinal": 9.5, "games": 8, "is_bot": True}],
        }
        app.screen.show(bots)
        await pilot.pause()
        title = str(app.screen.query_one("#club-title").render())
        keys = str(app.screen.query_one("#club-keys").render())
        assert title == "The bots' ladder of Wish" and "b the people's leaderboard" in keys
        await pilot.press("right", "g", "b")
        await pilot.pause()
    assert app.sent[1:] == [
        {"type": "leaderboard", "game": "wish", "page": 1, "bots": True},
        {"type": "leaderboard", "game": "spirits", "bots": True},
        {"type": "leaderboard", "game": "wish", "bots": False},
    ]


async def test_b_on_the_profile_still_rings_the_bell_on_or_off():
    app = PagesApp(PROFILE)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
    assert app.sent == [{"type": "settings", "changes": {"bell": False}}]


ANNS_PAGE = {
    "type": "page",
    "page": "player",
    "player": {"id": 3, "name": "ann", "is_guest": False, "profile": ""},
    "games": [],
    "solo": [],
}


async def test_ones_own_page_says_your_history_and_f_offers_no_following_oneself():
    app = PagesApp(ANNS_PAGE)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        keys = str(app.screen.query_one("#club-keys").content)
        assert keys.startswith("h your history") and "follow or block" not in keys
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("enter")  # nothing typed: the friends page
        await pilot.pause()
    assert app.sent == [{"type": "friends"}]
    other = PagesApp({**ANNS_PAGE, "player": {**ANNS_PAGE["player"], "id": 4, "name": "bob"}})
    async with other.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert str(other.screen.query_one("#club-keys").content).startswith("h their history")
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    assert other.sent[0] == {"type": "follow", "name": "bob", "kind": "follow"}


async def test_t_on_the_profile_with_its_text_erased_clears_it_and_esc_changes_nothing():
    page = {**PROFILE, "player": {**PROFILE["player"], "profile": "I play on Sundays"}}
    app = PagesApp(page)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.sent == []
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("ctrl+u", "enter")  # the line erased: no text on the page any more
        await pilot.pause()
    assert app.sent == [{"type": "profile_text", "text": ""}]
