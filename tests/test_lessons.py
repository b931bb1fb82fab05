"""The guided games' data: every game has a lesson that reads, fits an 80x24 screen, and whose
steps are the person's legal actions in turn when its seeded game is played; the lessons of Learn
more start from their opening."""

from __future__ import annotations

import dataclasses

import pytest
from rich.console import Console
from rich.text import Text

from wish_tui import games, lessons
from wish_tui.games import GAMES
from wish_tui.tables.local import LocalTable
from wish_tui.ui.lesson import same_notation

PANEL_TEXT_WIDTH = 78
"""The lesson panel's text width at 80 columns."""
PANEL_TEXT_LINES = 4
"""At 80x24 the panel and an open question must leave the table its top rows."""
_MEASURE = Console(width=400, color_system=None)


def wrapped(text: str) -> list[str]:
    return [line.plain for line in Text(text).wrap(_MEASURE, PANEL_TEXT_WIDTH)]


EVERY_LESSON = [
    (name, number)
    for name in games.names()
    for number in range(1, lessons.count(games.get(name)) + 1)
]
"""Each game's lessons: its first game, then those of Learn more."""


@pytest.mark.parametrize("name", games.names())
def test_every_game_has_a_first_lesson(name):
    spec = games.get(name)
    assert lessons.has_lesson(spec) and lessons.count(spec) >= 1
    assert lessons.load(spec).number == 1


@pytest.mark.parametrize("name, number", EVERY_LESSON)
def test_every_lesson_has_four_to_sixteen_steps_against_easy_bots(name, number):
    spec = games.get(name)
    lesson = lessons.load(spec, number)
    assert lesson.game == name and lesson.title == spec.title and lesson.number == number
    assert lessons.MIN_STEPS <= len(lesson.steps) <= lessons.MAX_STEPS
    who = [seat["who"] for seat in lesson.seats]
    assert who.count("human") == 1 and who.count("easy") == len(who) - 1
    assert "free play" in lesson.free_play.lower() and "easy" in lesson.free_play
    # The panel's rule says the heading and '· step 10 of 16' whole in 80 columns.
    assert lesson.topic and len(lesson.heading) <= 60


@pytest.mark.parametrize("name, number", EVERY_LESSON)
def test_each_step_fits_the_panel_at_80x24_and_its_hint_is_one_sentence(name, number):
    lesson = lessons.load(games.get(name), number)
    for number, step in enumerate(lesson.steps, 1):
        lines = wrapped(step.text)
        assert len(lines) <= PANEL_TEXT_LINES, f"step {number} takes {len(lines)} lines"
        assert step.hint.endswith(".") and ". " not in step.hint, f"step {number}'s hint"
        assert len(wrapped(step.hint)) <= 2
    assert len(wrapped(lesson.free_play)) <= PANEL_TEXT_LINES


@pytest.mark.parametrize("name, number", EVERY_LESSON)
def test_the_steps_are_the_persons_legal_actions_in_turn(name, number):
    """Played at a table with its bots, as the app plays it: each step's action is legal when
    the person decides, and nothing unscripted is asked of the person in between."""
    lesson = lessons.load(games.get(name), number)
    record, history = lessons.start(lesson, GAMES)
    assert record.actions == list(lesson.opening)
    table = LocalTable(record, history, autosave=False)
    person = next(i for i, s in enumerate(lesson.seats) if s["who"] == "human")
    for number, step in enumerate(lesson.steps, 1):
        if not step.play:
            continue  # a window or a look
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
        ({"steps": [{"text": "a", "hint": "b", "keys": ["e"], "play": "end"}] * 3}, "4 to 16"),
        ({"steps": [{"text": "a", "hint": "b", "keys": ["e"], "play": "end"}] * 17}, "4 to 16"),
        (
            {"steps": [{"text": "a", "hint": "b", "keys": ["e"], "play": "e", "rule": "r"}] * 4},
            "'section'",
        ),
        ({"opening": "take 1 left"}, "'opening' must be a list"),
        ({"topic": " "}, "'topic'"),
        ({"steps": [{"text": "a", "hint": "b", "keys": []}] * 4}, "'keys'"),
        ({"steps": [{"text": "a", "hint": "b", "keys": ["e"]}] * 4}, "either by an action"),
        (
            {"steps": [{"text": "a", "hint": "b", "keys": ["e"], "play": "x", "look": True}] * 4},
            "either by an action",
        ),
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


def test_a_later_lesson_needs_a_topic_and_quotes_are_kept():
    step = {
        "text": "Press e.",
        "hint": "Press e.",
        "keys": ["e"],
        "play": "empower",
        "rule": "Empower:  gain  a crystal.",
        "section": "wish.txt, Actions",
    }
    with pytest.raises(lessons.LessonError, match="'topic'"):
        lessons.parse(games.get("wish"), _data(), "the lesson", 2)
    lesson = lessons.parse(games.get("wish"), _data(topic="Empower", steps=[step] * 4), "", 2)
    assert lesson.heading == "Learn Wish 2: Empower"
    assert lesson.steps[0].rule == "Empower: gain a crystal."
    assert lessons.parse(games.get("wish"), _data()).heading == "Learn Wish"


def test_a_lesson_starts_from_its_opening():
    spec = games.get("spirits")
    lesson = dataclasses.replace(lessons.load(spec), opening=("take 3 right", "skip"))
    record, history = lessons.start(lesson, GAMES)
    assert record.actions == ["take 3 right", "skip"] and len(history) == 3
    assert history[-1].current_player == 1  # Fire's turn after Water's first
    wrong = dataclasses.replace(lesson, opening=("take 3 right", "take 9 left"))
    with pytest.raises(lessons.LessonError, match=r"opening action 2 \('take 9 left'\)"):
        lessons.start(wrong, GAMES)


def test_a_lesson_that_is_not_there_says_how_many_there_are():
    spec = games.get("spirits")
    count = lessons.count(spec)
    with pytest.raises(lessons.LessonError) as caught:
        lessons.load(spec, count + 1)
    which = "one lesson (1)" if count == 1 else f"lessons 1 to {count}"
    assert str(caught.value) == (
        f"Spirits of the Forest has {which}; there is no lesson {count + 1}."
    )


def test_a_game_without_a_lesson_says_so():
    spec = dataclasses.replace(games.get("wish"), package="wish_tui.core")
    assert not lessons.has_lesson(spec)
    with pytest.raises(lessons.LessonError, match="has no guided first game"):
        lessons.load(spec)


def test_wishs_lessons_take_every_kind_of_action():
    """Issue 34: Wish's lessons teach Travel, Empower, Manifest, Fulfill, a Monument, the Special
    action, Trickery, Potions, the column lock and the Nest; each step quotes the rulebook."""
    spec = games.get("wish")
    steps = [s for n in range(1, lessons.count(spec) + 1) for s in lessons.load(spec, n).steps]
    plays = [step.play.split(" ") for step in steps if step.play]
    kinds = {words[1] if words[0] == "potion" else words[0] for words in plays}
    assert {"travel", "empower", "manifest", "fulfill", "build", "clone", "trade"} <= kinds
    assert any(words[0] == "potion" for words in plays)
    assert any("trickery" in words for words in plays)
    assert any(words[-1] == "#2" for words in plays)  # the column the Lock covered
    assert any("Nest" in step.text and step.window for step in steps)
    assert any(step.look for step in steps)  # the detail line under a moving highlight
    assert all(step.rule and step.section for step in steps)
