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


async def part_lines(board_type: type, part: str | type, view: dict, seat: int) -> list[str]:
    """The lines of the board's widget `part` (a selector or a type), `view` shown for `seat`."""
    app = BoardApp(board_type)
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(board_type)
        for _ in range(2):
            board.show(view, seat, True)
            await pilot.pause()
        shown = board.query_one(part)
        return [shown.render_line(y).text.rstrip() for y in range(shown.size.height)]


async def test_a_watcher_reads_the_seat_shown_and_how_many_favor_tokens_it_holds():
    _record, state, _warning = saves.load_game(str(SCENARIO), games=GAMES)
    public = state.public_view()
    seat, held = next((p["seat"], p["token_count"]) for p in public["players"] if p["token_count"])
    name = public["players"][seat]["name"]
    lines = await part_lines(SpiritsBoard, "#cards", public, seat)
    words = f"{name}'s Favor tokens: {held} face down"
    assert any(line.startswith(words) for line in lines), lines
    assert not any("Your" in line for line in lines), lines
    own = await part_lines(SpiritsBoard, "#cards", state.view(seat), seat)
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
        first = (await part_lines(WishlandBoard, ParkView, view, seat))[0]
        assert first.startswith(words), first


async def test_a_spirits_watchers_legend_reads_the_mark_as_the_seat_shown_not_as_you():
    """Seen: a watcher's table marked the seat shown 'Air◀' and its legend said '◀ you'."""
    _record, state, _warning = saves.load_game(str(SCENARIO), games=GAMES)
    seat = 1
    watched = await part_lines(SpiritsBoard, "#seats", state.public_view(), seat)
    legend = next(line for line in watched if "* most" in line)
    assert legend.endswith("◀ shown") and "◀ you" not in legend, legend
    own = await part_lines(SpiritsBoard, "#seats", state.view(seat), seat)
    assert next(line for line in own if "* most" in line).endswith("◀ you"), own


def test_a_watchers_detail_of_the_seat_shown_names_it_without_you():
    """Wish's and Wishland's detail line of a seat's row said '(you)' of the seat shown."""
    from wish_tui.wish.words.details import seat_words
    from wish_tui.wishland.words.board_detail import seat_detail

    _record, wish, _warning = saves.load_game(
        str(SCENARIO.parent / "four-seat-monuments.json"), games=GAMES
    )
    assert "(you)" not in seat_words(wish.public_view(), 1, 1)
    assert "(you)" in seat_words(wish.view(1), 1, 1)
    _record, park, _warning = saves.load_game(
        str(SCENARIO.parent / "wishland-four-start.json"), games=GAMES
    )
    assert "(you)" not in seat_detail(park.public_view(), 1, 1, "0")
    assert "(you)" in seat_detail(park.view(1), 1, 1, "0")
