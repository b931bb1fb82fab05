"""Spirits of the Forest reads whole at 80x24 (issue 34): no line of the screen is cut short, and
the legend says what `?` (a face-down Favor token) and `2!` (tokens without a tile) mean."""

from __future__ import annotations

import random

import pytest

from wish_tui.cli import Launch
from wish_tui.launch import Seat
from wish_tui.tables import bot_turns
from wish_tui.ui.app import WishApp

from .helpers import settle
from .test_named_keys import person_decides, until
from .test_news_in_sight import screen_rows

GAMES = [
    ("two seats", ("water", "fire"), ()),
    ("four seats, both modules", ("water", "fire", "air", "earth"), ("wishes", "hexes")),
]


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch):
    monkeypatch.setattr(bot_turns, "BOT_PACE", 0.0)


def cut_rows(app) -> list[str]:
    return [row for row in screen_rows(app) if "…" in row]


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@pytest.mark.parametrize("label, seats, modules", GAMES, ids=[g[0] for g in GAMES])
async def test_no_line_is_cut_and_the_legend_says_what_question_and_bang_mean(
    label, seats, modules, size
):
    who = ["human"] + ["easy"] * (len(seats) - 1)
    launch = Launch(
        "game",
        tuple(Seat(s, w) for s, w in zip(seats, who, strict=True)),
        seed=7,
        game="spirits",
        options={"modules": modules},
    )
    app = WishApp(launch)
    pick = random.Random(7)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        legend = screen.query_one("#seats").text.plain
        assert "? Favor token face down" in legend and "2! tokens only" in legend
        table = screen.table
        for decision in range(30):
            assert await until(pilot, lambda: table.is_over or person_decides(screen)), "stalled"
            if table.is_over:
                break
            await settle(pilot)
            assert not cut_rows(app), (decision, cut_rows(app))
            screen.play(pick.choice(screen.legal()))
            await settle(pilot)


@pytest.mark.parametrize("modules", [(), ("hexes",), ("wishes",), ("wishes", "hexes")])
def test_the_final_tables_notes_speak_of_a_wish_only_when_wishes_are_played(modules):
    """Issue 34: 'the final table does not mention the Wish's reward in a game without the
    Wishes module'."""
    from wish_tui.spirits.ui.game_over import GameOverScreen

    notes = GameOverScreen({"solo": False, "modules": modules}, seed=11)._notes()
    assert ("Wish" in notes) == ("wishes" in modules), notes
    assert "−3 no tile of it" in notes and "Seed 11" in notes


@pytest.mark.parametrize(
    "size, seats, named",
    [
        ((100, 30), ("water", "fire"), True),
        ((100, 30), ("water", "fire", "air"), True),
        ((120, 40), ("water", "fire", "air", "earth"), True),
        ((80, 24), ("water", "fire", "air", "earth"), False),
    ],
)
async def test_the_codes_are_named_under_the_table_where_the_log_keeps_its_rows(size, seats, named):
    """Issue 34: every code on screen has a legend. The spirits' and power sources' codes (Mo,
    Sp, ☾M …) are named under the table whenever the log keeps 4 rows beside them; where it
    would not (4 seats at 80x24), the status line names the highlighted tile in words."""
    from wish_tui.spirits.rules import CATEGORIES
    from wish_tui.spirits.words.marks import CATEGORY_CODE, category_name
    from wish_tui.widgets.game_log import GameLog

    who = ["human"] + ["easy"] * (len(seats) - 1)
    launch = Launch(
        "game", tuple(Seat(s, w) for s, w in zip(seats, who, strict=True)), seed=7, game="spirits"
    )
    app = WishApp(launch)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await until(pilot, lambda: person_decides(app.screen))
        await settle(pilot)
        rows = "\n".join(screen_rows(app))
        pairs = [f"{CATEGORY_CODE[c]} {category_name(c)}" for c in CATEGORIES] + ["◆W gemstone"]
        assert all(pair in rows for pair in pairs) == named, rows
        assert app.screen.query_one(GameLog).size.height >= (4 if named else 2)
        assert not cut_rows(app)
