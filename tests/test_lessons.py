"""The guided first games' data: every game has a lesson that reads, fits an 80x24 screen, and
whose steps are the person's legal actions in turn when its seeded game is played."""

from __future__ import annotations

import dataclasses

import pytest
from rich.console import Console
from rich.text import Text

from wish_tui import games, lessons
from wish_tui.games import GAMES
from wish_tui.records import GameRecord
from wish_tui.tables.local import LocalTable
from wish_tui.ui.lesson import same_notation

PANEL_TEXT_WIDTH = 78
"""The lesson panel's text width at 80 columns."""
PANEL_TEXT_LINES = 4
"""At 80x24 the panel and an open question must leave the table its top rows."""
_MEASURE = Console(width=400, color_system=None)


def wrapped(text: str) -> list[str]:
    return [line.plain for line in Text(text).wrap(_MEASURE, PANEL_TEXT_WIDTH)]


@pytest.mark.parametrize("name", games.names())
def test_every_game_has_a_lesson_of_four_to_eight_steps(name):
    spec = games.get(name)
    assert lessons.has_lesson(spec)
    lesson = lessons.load(spec)
    assert lesson.game == name and lesson.title == spec.title
    assert lessons.MIN_STEPS <= len(lesson.steps) <= lessons.MAX_STEPS
    who = [seat["who"] for seat in lesson.seats]
    assert who.count("human") == 1 and who.count("easy") == len(who) - 1
    assert "free play" in lesson.free_play.lower() and "easy" in lesson.free_play


@pytest.mark.parametrize("name", games.names())
def test_each_step_fits_the_panel_at_80x24_and_its_hint_is_one_sentence(name):
    lesson = lessons.load(games.get(name))
    for number, step in enumerate(lesson.steps, 1):
        lines = wrapped(step.text)
        assert len(lines) <= PANEL_TEXT_LINES, f"step {number} takes {len(lines)} lines"
        assert step.hint.endswith(".") and ". " not in step.hint, f"step {number}'s hint"
        assert len(wrapped(step.hint)) <= 2
    assert len(wrapped(lesson.free_play)) <= PANEL_TEXT_LINES


@pytest.mark.parametrize("name", games.names())
def test_the_steps_are_the_persons_legal_actions_in_turn(name):
    """Played at a table with its bots, as the app plays it: each step's action is legal when
    the person decides, and nothing unscripted is asked of the person in between."""
    spec = games.get(name)
    lesson = lessons.load(spec)
    record, state = GameRecord.new(
        list(lesson.seats), lesson.seed, "", name, lesson.options, games=GAMES
    )
    table = LocalTable(record, [state], autosave=False)
    person = next(i for i, s in enumerate(lesson.seats) if s["who"] == "human")
    for number, step in enumerate(lesson.steps, 1):
        if step.window:
            continue
        while table.deciding != person:
            seat = table.deciding
            table.play(seat, str(table.bot_choice(seat, table.who(seat))))
        choice = table.seat(person).choices().find(step.play)
        assert choice is not None, f"step {number}: '{step.play}' is not legal then"
        table.play(person, choice.notation)
    assert not table.is_over


def test_same_notation_ignores_case_and_spacing():
    assert same_notation("travel  Dock #1", "Travel Dock #1")
    assert not same_notation("travel Dock #1", "travel Ruins #1")


def _data(**changes) -> dict:
    data = {
        "seed": 1,
        "seats": [{"name": "air", "who": "human"}, {"name": "fire", "who": "easy"}],
        "free_play": "Free play: on your own.",
        "steps": [{"text": "Press e.", "hint": "Press e.", "keys": ["e"], "play": "empower"}] * 4,
    }
    return {**data, **changes}


@pytest.mark.parametrize(
    "changes, words",
    [
        ({"seed": "7"}, "'seed' must be a whole number"),
        ({"seats": [{"name": "air", "who": "human"}]}, "2 to 4 seats"),
        ({"seats": [{"name": "smoke", "who": "human"}, {"name": "fire", "who": "easy"}]}, "name"),
        ({"seats": [{"name": "air", "who": "easy"}, {"name": "fire", "who": "easy"}]}, "human"),
        ({"steps": [{"text": "a", "hint": "b", "keys": ["e"], "play": "end"}] * 3}, "4 to 8"),
        ({"steps": [{"text": "a", "hint": "b", "keys": []}] * 4}, "'keys'"),
        ({"steps": [{"text": "a", "hint": "b", "keys": ["e"]}] * 4}, "either by an action"),
        (
            {"steps": [{"text": "a", "hint": "b", "keys": ["e"], "play": "x", "window": True}] * 4},
            "either",
        ),
        ({"free_play": ""}, "free_play"),
        ({"options": {"modules": ["wishes"]}}, "no option"),
    ],
)
def test_a_lesson_that_is_not_one_is_one_sentence(changes, words):
    with pytest.raises(lessons.LessonError) as caught:
        lessons.parse(games.get("wish"), _data(**changes), "the lesson")
    message = str(caught.value)
    assert words in message and message.startswith("the lesson: ") and message.endswith(".")


def test_a_game_without_a_lesson_says_so():
    spec = dataclasses.replace(games.get("wish"), package="wish_tui.core")
    assert not lessons.has_lesson(spec)
    with pytest.raises(lessons.LessonError, match="has no guided first game"):
        lessons.load(spec)
