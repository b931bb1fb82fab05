"""The club's tournaments in the terminal app: the list, a tournament's standings and rounds (the
page the server sends, made here from a real club), and the keys that enter and withdraw."""

from __future__ import annotations

from textual.widgets import DataTable

from tests.club.conftest import people
from wish_tui.club import SeatSpec, open_club
from wish_tui.club.tournament_page import page, summary

from .test_club_pages import PagesApp


def tournament_page(tmp_path) -> dict:
    """A Swiss of two after its first round: Bob beat Ann."""
    with open_club(tmp_path, new_club=True) as club:
        ann, bob = people(club, "Ann", "Bob")
        tid = club.tournaments.create("Friday Swiss", "swiss", "wish", 2, rounds=3).id
        for p in (ann, bob):
            club.tournaments.join(tid, p.id)
        club.tournaments.start(tid)
        seats = [SeatSpec("air", "human", ann.id), SeatSpec("fire", "human", bob.id)]
        table = club.tables.create("wish", 1, seats, ann.id)
        club.tournaments.seat(tid, 1, [(table.id, (ann.id, bob.id))])
        club.finish(table.id, {"seats": [{"total": 2}, {"total": 7}], "ranking": [[1], [0]]})
        listed = [summary(club.tournaments.get(tid), 2)]
        return {"type": "page", "page": "tournament", **page(club.tournaments, tid)}, listed


async def test_a_tournament_page_shows_standings_and_rounds_and_e_x_o_ask_the_server(tmp_path):
    shown, _ = tournament_page(tmp_path)
    app = PagesApp(shown)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        title = str(app.screen.query_one("#club-title").content)
        assert title.startswith("#1 Friday Swiss: Swiss of Wish, 2 seats, 3 rounds, 2 entrants")
        grid = app.screen.query_one(DataTable)
        assert [grid.get_row_at(i)[:4] for i in range(grid.row_count)] == [
            ["1", "Bob", "1", "0"],
            ["2", "Ann", "0", "1"],
        ]
        text = str(app.screen.query_one("#club-text").content)
        assert "Round 1:" in text and "Ann (2), Bob (1) (game 1)." in text
        await pilot.press("e", "x", "o")
        await pilot.pause()
    assert app.sent == [
        {"type": "tournament_join", "id": 1},
        {"type": "tournament_withdraw", "id": 1},
        {"type": "tournaments"},
    ]


async def test_enter_on_the_list_asks_for_that_tournament(tmp_path):
    _, listed = tournament_page(tmp_path)
    app = PagesApp({"type": "page", "page": "tournaments", "tournaments": listed})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        grid = app.screen.query_one(DataTable)
        assert grid.get_row_at(0)[:3] == ["1", "Friday Swiss", "Wish, 2 seats"]
        await pilot.press("enter")
        await pilot.pause()
    assert app.sent == [{"type": "tournament", "id": 1}]


async def test_an_empty_list_says_how_a_tournament_is_made(tmp_path):
    """'The club has no tournament yet.' left a newcomer wondering how one is made: the terminal
    app has no key for it; the plain client's 'tournament new' and the keeper's command do."""
    app = PagesApp({"type": "page", "page": "tournaments", "tournaments": []})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = str(app.screen.query_one("#club-text").content)
        assert text.startswith("The club has no tournament yet.")
        assert "'tournament new swiss wish 5 NAME'" in text and "plain client" in text
        assert "'wish-tui club tournament create'" in text
