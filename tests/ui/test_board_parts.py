"""Spirits of the Forest's and Wishland's boards draw a part again only when what it reads of the
view changed (`widgets/view_parts.py`), and still show what a board drawn afresh shows."""

from __future__ import annotations

import pytest

from tests.wishland.rules.helpers import started as wishland_started
from wish_tui.spirits.ui.board import SpiritsBoard
from wish_tui.wishland.ui.board import WishlandBoard

from .board_alone import BoardApp
from .test_spirits_narrow import started as spirits_started

SPIRITS_PARTS = ("forest", "seats", "cards")
WISHLAND_PARTS = ("round", "market", "seats", "achievements", "park", "legend")
SIZE = (100, 40)


def count_draws(board, names: tuple[str, ...]) -> dict[str, int]:
    """How often each of the board's widgets `names` is drawn from now on."""
    draws = dict.fromkeys(names, 0)
    for name in names:
        widget = board.query_one(f"#{name}")
        update = widget.update_view

        def counted(*args, name=name, update=update, **kwargs):
            draws[name] += 1
            update(*args, **kwargs)

        widget.update_view = counted
    return draws


def lines_of(board, names: tuple[str, ...]) -> dict[str, list[str]]:
    return {
        name: [
            board.query_one(f"#{name}").render_line(y).text.rstrip()
            for y in range(board.query_one(f"#{name}").size.height)
        ]
        for name in names
    }


async def redrawn(board_type, state, names, first: dict, then: list[dict]) -> list[dict]:
    """The parts drawn again by each show of `then` (marks), after the view of `state` was
    shown with `first`; each show gets the view made anew (equal, not the same)."""
    app = BoardApp(board_type)
    seat = state.current_player or 0
    async with app.run_test(size=SIZE) as pilot:
        board = app.query_one(board_type)
        for _ in range(2):  # the second time with the widths the layout gave
            board.show(state.view(seat), seat, False, **first)
            await pilot.pause()
        draws = count_draws(board, names)
        seen = []
        for marks in then:
            board.show(state.view(seat), seat, False, **marks)
            await pilot.pause()
            seen.append({name for name, count in draws.items() if count})
            draws.update(dict.fromkeys(names, 0))
        return seen


async def played_and_afresh(board_type, state, names, actions: int) -> tuple[dict, dict]:
    """The lines of a board shown each view of `actions` actions played from `state` (the
    first legal action each time), and of a board shown only the last view."""
    seat = 0
    views = [state.view(seat)]
    for _ in range(actions):
        state = state.apply(state.legal_actions()[0])
        views.append(state.view(seat))
    drawn = []
    for shown in (views, views[-1:]):
        app = BoardApp(board_type)
        async with app.run_test(size=SIZE) as pilot:
            board = app.query_one(board_type)
            board.show(shown[0], seat, False)
            await pilot.pause()
            for view in shown:
                board.show(view, seat, False)
                await pilot.pause()
            drawn.append(lines_of(board, names))
    return drawn[0], drawn[1]


async def test_spirits_board_draws_again_only_the_parts_whose_view_or_marks_changed():
    state = spirits_started(("air", "water"))
    first = {"targets": (0, 11), "cursor": 0}
    moved = {"targets": (0, 11), "cursor": 11}
    seen = await redrawn(SpiritsBoard, state, SPIRITS_PARTS, first, [first, moved, moved])
    assert seen == [set(), {"forest"}, set()]


async def test_wishland_board_draws_again_only_the_parts_whose_view_or_marks_changed():
    state = wishland_started(("red", "blue"))
    first = {"buyable": (), "cursor": (0, 0), "claimable": []}
    moved = {**first, "cursor": (0, 1)}
    on_seat = {**first, "cursor": (10, 0)}
    seen = await redrawn(
        WishlandBoard, state, WISHLAND_PARTS, first, [first, moved, moved, on_seat]
    )
    assert seen == [set(), {"market"}, set(), {"market", "seats"}]


@pytest.mark.parametrize(
    ("board_type", "state", "names"),
    [
        (SpiritsBoard, spirits_started(("air", "water")), SPIRITS_PARTS),
        (WishlandBoard, wishland_started(("red", "blue")), WISHLAND_PARTS),
    ],
    ids=["spirits", "wishland"],
)
async def test_a_board_shown_each_action_reads_as_one_drawn_afresh(board_type, state, names):
    played, afresh = await played_and_afresh(board_type, state, names, actions=6)
    assert played == afresh
