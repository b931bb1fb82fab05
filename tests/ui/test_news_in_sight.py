"""The newest line of the game log is on the screen whatever lies over the table: a lesson's
panel, an open question, a refusal of two lines (issue 34: at 100x30 Spirits' lesson hid Fire's
move under its panel, and PageDown did not bring it out)."""

from __future__ import annotations

import pytest

from wish_tui.cli import Launch
from wish_tui.tables import bot_turns
from wish_tui.ui.app import WishApp
from wish_tui.widgets.game_log import GameLog

from .helpers import settle, wait_until
from .test_lesson import EVERY_LESSON, lesson_of, persons_turn, play_step

SIZES = ((80, 24), (100, 30))


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch):
    monkeypatch.setattr(bot_turns, "BOT_PACE", 0.0)


def screen_rows(app) -> list[str]:
    """The rows of the terminal as the person sees them (every layer composed)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def newest_rows(log: GameLog) -> list[str]:
    """The rows the log's newest line takes, wrapped as drawn."""
    rows, starts = log.lines, log.line_starts
    first = max(i for i, start in enumerate(starts) if start)
    return [strip.text.rstrip() for strip in rows[first:]]


def newest_in_sight(app, screen) -> bool:
    """True when every row of the newest log line is on the screen, one under the other."""
    wanted = newest_rows(screen.query_one(GameLog))
    rows = screen_rows(app)
    return any(
        all(wanted[k] in rows[y + k] for k in range(len(wanted)))
        for y in range(len(rows) - len(wanted) + 1)
    )


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name, number", EVERY_LESSON)
async def test_the_newest_line_shows_at_every_step_of_a_lesson(name, number, size):
    app = WishApp(Launch("learn", game=name, lesson=number))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = lesson_of(app)
        steps = len(screen.lesson.steps)
        seen = []
        while not screen.in_free_play:
            number = screen.step_index + 1
            if not screen.step.window:
                await wait_until(pilot, lambda: persons_turn(screen))
                await settle(pilot)
                seen.append((number, newest_rows(screen.query_one(GameLog))))
                assert newest_in_sight(app, screen), (number, seen[-1], screen_rows(app))
            await play_step(app, pilot, screen)
        await wait_until(pilot, lambda: persons_turn(screen))
        await settle(pilot)
        assert newest_in_sight(app, screen), ("free play", screen_rows(app))
        assert len(seen) >= steps - 1


async def test_a_question_under_a_lesson_panel_at_80x24_shows_its_options_and_the_newest_line():
    """Wish's lesson keeps its map whole and its panel under the map: the Destiny question had
    two rows left, its title's, and showed no option; it now takes the detail line's rows, and
    the newest line goes just above it."""
    from wish_tui.widgets.choice_panel import ChoicePanel

    app = WishApp(Launch("learn", game="wish"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = lesson_of(app)
        assert screen.query_one(ChoicePanel).is_open
        rows = screen_rows(app)
        assert rows[12].startswith("└") and "Learn Wish" in rows[13]  # the map whole, the lesson
        assert any(row.startswith(" 1. Keep the Destiny") for row in rows)
        assert any(row.startswith(" 2. Keep the Destiny") for row in rows)
        assert newest_in_sight(app, screen), rows


async def test_a_window_short_of_room_under_a_lesson_shows_its_options_alone():
    """Lesson step 3 at 80x24: under two rows of news the Travel window showed its title and
    'Travel to Ruins', not the Dock the step asks for; its options alone now say what it asks."""
    app = WishApp(Launch("learn", game="wish"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = lesson_of(app)
        while screen.step_index < 2:
            await play_step(app, pilot, screen)
        await wait_until(pilot, lambda: persons_turn(screen))
        await pilot.press("t")
        await settle(pilot)
        rows = screen_rows(app)
        assert any(row.startswith(" 2. Travel to Dock") for row in rows), "\n".join(rows)
        assert newest_in_sight(app, screen)
