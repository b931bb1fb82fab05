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
        for decision in range(30):
            if not await until(pilot, lambda: person_decides(screen)):
                break
            await settle(pilot)
            assert not cut_rows(app), (decision, cut_rows(app))
            screen.play(pick.choice(screen.legal()))
            await settle(pilot)
