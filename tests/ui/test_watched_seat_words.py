"""A table watched from the rail: the words of the seat shown name that seat, not 'you'. In
Spirits its cards line counts its face-down Favor tokens (a watcher may not see their faces).

Seen: a watcher read 'Your Favor tokens: none' for a seat holding two face-down tokens.
"""

from __future__ import annotations

from pathlib import Path

from wish_tui import saves
from wish_tui.games import GAMES
from wish_tui.spirits.ui.board import SpiritsBoard

from .board_alone import BoardApp

SCENARIO = Path(__file__).parents[2] / "saves" / "spirits-four-endgame.json"


async def cards_lines(view: dict, seat: int) -> list[str]:
    app = BoardApp(SpiritsBoard)
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(SpiritsBoard)
        for _ in range(2):
            board.show(view, seat, True)
            await pilot.pause()
        cards = board.query_one("#cards")
        return [cards.render_line(y).text.rstrip() for y in range(cards.size.height)]


async def test_a_watcher_reads_the_seat_shown_and_how_many_favor_tokens_it_holds():
    _record, state, _warning = saves.load_game(str(SCENARIO), games=GAMES)
    public = state.public_view()
    seat, held = next((p["seat"], p["token_count"]) for p in public["players"] if p["token_count"])
    name = public["players"][seat]["name"]
    lines = await cards_lines(public, seat)
    words = f"{name}'s Favor tokens: {held} face down"
    assert any(line.startswith(words) for line in lines), lines
    assert not any("Your" in line for line in lines), lines
    own = await cards_lines(state.view(seat), seat)
    assert any(line.startswith("Your Favor tokens: ") for line in own), own
    assert not any("face down" in line for line in own), own


async def test_a_wishland_watcher_reads_the_park_of_the_seat_shown_by_its_name():
    """Seen the same way: 'Your park · Card Limit 9: …' for Blue's park, watched."""
    from wish_tui.wishland.ui.board import WishlandBoard
    from wish_tui.wishland.ui.park_view import ParkView

    scenario = SCENARIO.parent / "wishland-last-turn-hotels.json"
    _record, state, _warning = saves.load_game(str(scenario), games=GAMES)
    seat = 1
    name = state.view(seat)["players"][seat]["colour"].capitalize()
    for view, words in (
        (state.public_view(), f"{name}'s park · "),
        (state.view(seat), "Your park · "),
    ):
        app = BoardApp(WishlandBoard)
        async with app.run_test(size=(80, 24)) as pilot:
            board = app.query_one(WishlandBoard)
            for _ in range(2):
                board.show(view, seat, True)
                await pilot.pause()
            park = board.query_one(ParkView)
            assert park.render_line(0).text.startswith(words), park.render_line(0).text
