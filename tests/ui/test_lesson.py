"""Pilot tests of the guided first games (`wish-tui learn`, Learn to play on the title screen):
each lesson played by pressing the keys its steps name reaches free play; a key a step does not
name repeats its hint and changes nothing; the game is autosaved like any other."""

from __future__ import annotations

import dataclasses

import pytest
from textual import events

from wish_tui import games, lessons, saves
from wish_tui.cli import Launch
from wish_tui.games import GAMES
from wish_tui.tables import bot_turns
from wish_tui.tables.local import LocalTable
from wish_tui.ui.app import WishApp
from wish_tui.ui.lesson import OFF_SCRIPT, LessonSteps, lesson_screen
from wish_tui.ui.title import TitleScreen
from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.game_log import GameLog
from wish_tui.widgets.lesson_panel import LessonPanel

from .helpers import notes_of, settle, spied, wait_until

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch):
    """The bots play at once (the app waits a pace a person can follow)."""
    monkeypatch.setattr(bot_turns, "BOT_PACE", 0.0)


def lesson_of(app) -> LessonSteps:
    return next(s for s in app.screen_stack if isinstance(s, LessonSteps))


def hints_of(screen: LessonSteps) -> list[str]:
    """Collect the hints the lesson panel says from now on."""
    return spied(screen.query_one(LessonPanel), "say", keep=bool)


def persons_turn(screen: LessonSteps) -> bool:
    """True when the person may answer: their turn's keys, or their question in the panel."""
    if screen.table.deciding != screen.viewer:
        return False
    return not screen.busy or screen.query_one(ChoicePanel).is_open


async def play_step(app, pilot, screen: LessonSteps) -> None:
    """Press the keys the step names, as a person reading it would, once it is theirs."""
    step = screen.step
    if step.play:
        await wait_until(pilot, lambda: persons_turn(screen))
    for key in step.keys:
        await pilot.press(key.split(",")[0])
        await settle(pilot, 1)
    await settle(pilot)
    if step.window:
        assert app.screen is not screen  # its window is open
        await pilot.press("escape")
        await settle(pilot)


EVERY_LESSON = [
    (name, number)
    for name in games.names()
    for number in range(1, lessons.count(games.get(name)) + 1)
]


@pytest.mark.parametrize("name, number", EVERY_LESSON)
async def test_the_lesson_played_by_its_keys_reaches_free_play(name, number):
    app = WishApp(Launch("learn", game=name, lesson=number))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = lesson_of(app)
        hints = hints_of(screen)
        lesson = screen.lesson
        panel = screen.query_one(LessonPanel)
        for number in range(1, len(lesson.steps) + 1):
            assert screen.step_index == number - 1
            assert panel.heading.endswith(f"step {number} of {len(lesson.steps)}")
            assert panel.words == lesson.steps[number - 1].text
            await play_step(app, pilot, screen)
        await settle(pilot)
        assert screen.in_free_play
        assert panel.heading.endswith("free play") and panel.words == lesson.free_play
        assert panel.display and hints == []
        # The game is a normal one: autosaved, so 'continue' finds it.
        latest = saves.latest_save(games=GAMES)
        assert latest is not None and latest.game == name
        assert len(saves.read_record(latest.path, games=GAMES).actions) == screen.table.actions


async def test_a_wrong_key_repeats_the_hint_and_changes_nothing():
    app = WishApp(Launch("learn", game="wish"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = lesson_of(app)
        notes, hints = notes_of(screen), hints_of(screen)
        step = screen.step
        view, actions = screen.view(), screen.table.actions
        assert step.keys == ("1",) and screen.query_one(ChoicePanel).is_open
        for key in ("2", "x", "u", "escape", "down"):
            await pilot.press(key)
            await settle(pilot)
        assert hints == [step.hint] * 5 and notes == []
        lesson = screen.query_one(LessonPanel)
        assert lesson.lines[-1] == f"✗ {step.hint}"
        assert lesson.region.bottom <= screen.query_one(ChoicePanel).region.y
        assert screen.step_index == 0 and screen.table.actions == actions
        assert screen.view() == view
        panel = screen.query_one(ChoicePanel)
        assert panel.is_open and panel.highlighted == 0
        await pilot.press("1")  # the step's own key still works
        await settle(pilot)
        assert screen.step_index == 1 and lesson.hint == ""


async def test_a_wrong_key_amid_a_steps_keys_keeps_the_highlight():
    """Wishland's second step is → → b: a third → is refused, the highlight stays on Y5."""
    app = WishApp(Launch("learn", game="wishland"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = lesson_of(app)
        await play_step(app, pilot, screen)
        await wait_until(pilot, lambda: persons_turn(screen))
        hints = hints_of(screen)
        await pilot.press("right", "right")
        await settle(pilot)
        cursor = screen.cursor
        await pilot.press("right", "left", "c")
        await settle(pilot)
        assert screen.cursor == cursor
        assert hints == [f"{screen.step.hint} · next key: b or Enter"] * 3
        assert screen.step_index == 1
        await pilot.press("enter")  # the other key the step names
        await settle(pilot)
        assert screen.step_index == 2


async def test_a_key_typed_before_the_last_one_was_acted_on_is_dropped_without_a_hint():
    """Wish's steps 4 and 5 are e and f: typed at once, f reaches the screen before e's action
    is played; it is dropped (as keys typed ahead of a question are), not called wrong."""
    app = WishApp(Launch("learn", game="wish"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = lesson_of(app)
        while screen.step.keys != ("e",):
            await play_step(app, pilot, screen)
        await wait_until(pilot, lambda: persons_turn(screen))
        hints = hints_of(screen)
        app.post_message(events.Key("e", "e"))
        app.post_message(events.Key("f", "f"))
        await settle(pilot)
        assert screen.step.keys == ("f",) and hints == []
        await pilot.press("f")
        await settle(pilot)
        assert screen.step.keys == ("1",) and hints == []


async def test_an_action_other_than_the_steps_is_not_sent():
    """A click may pick another option of a question: it is refused like a wrong key."""
    app = WishApp(Launch("learn", game="wish"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = lesson_of(app)
        hints = hints_of(screen)
        other = next(a for a in screen.legal() if str(a) != screen.step.play)
        screen.play(other)
        await settle(pilot)
        assert hints == [screen.step.hint] and screen.table.actions == 0
        assert screen.query_one(ChoicePanel).is_open  # the question is asked again


async def test_a_step_the_game_does_not_offer_begins_free_play():
    """A lesson out of step with its game (a bot or a rule changed) never holds the keys."""
    app = WishApp(Launch())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        spec = games.get("wish")
        lesson = lessons.load(spec)
        step = dataclasses.replace(lesson.steps[0], play="keep Royalty")
        lesson = dataclasses.replace(lesson, steps=(step, *lesson.steps[1:]))
        record, state = saves.GameRecord.new(
            list(lesson.seats), lesson.seed, "", "wish", {}, games=GAMES
        )
        app.push_screen(lesson_screen(spec, LocalTable(record, [state], autosave=False), lesson))
        await settle(pilot)
        screen = lesson_of(app)
        assert screen.in_free_play
        assert screen.query_one(LessonPanel).words.startswith(OFF_SCRIPT)
        await pilot.press("2")  # any legal key plays, as in any game
        await settle(pilot)
        assert screen.view()["players"][0]["destiny"] == "Wishmaster"
        assert not screen.query_one(LessonPanel).display


async def test_the_panel_stays_above_an_open_question_and_the_status_line():
    app = WishApp(Launch("learn", game="wish"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = lesson_of(app)
        lesson, choice = screen.query_one(LessonPanel), screen.query_one(ChoicePanel)
        assert choice.is_open
        assert lesson.region.bottom <= choice.region.y
        await pilot.press("1")
        await wait_until(pilot, lambda: screen.step_index == 1 and choice.is_open)
        await pilot.press("2")
        await wait_until(pilot, lambda: screen.step_index == 2 and screen.table.deciding == 0)
        await settle(pilot)
        assert not choice.shown
        assert lesson.region.y == screen.query_one("#top").region.bottom  # just under the map


async def test_the_map_stays_whole_above_the_lesson_panel_at_80x24():
    """Issue 34: at 80x24 the lesson's panel over an open question pushed the map's last row off
    the screen; the panel now lies under the map and the question under the panel."""
    app = WishApp(Launch("learn", game="wish"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = lesson_of(app)
        lesson, choice = screen.query_one(LessonPanel), screen.query_one(ChoicePanel)
        assert choice.is_open
        top = screen.query_one("#top").region
        assert lesson.region.y >= top.bottom
        assert choice.region.y >= lesson.region.bottom
        assert choice.region.bottom <= 24 - 2  # the status line and key bar stay


async def test_learn_to_play_on_the_title_screen_asks_the_game_and_starts_its_lesson():
    app = WishApp(Launch())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        items = [key for key, _ in TitleScreen.CHOICES]
        await pilot.press(str(items.index("learn") + 1))
        await settle(pilot)
        await pilot.press(str(games.names().index("spirits") + 1))
        await settle(pilot)
        if lessons.count(games.get("spirits")) > 1:  # which lesson: the first game
            assert app.screen.options[0] == lessons.FIRST_TOPIC
            await pilot.press("1")
            await settle(pilot)
        screen = lesson_of(app)
        assert screen.table.spec.name == "spirits"
        assert screen.lesson == lessons.load(games.get("spirits"))


async def test_continue_after_a_lesson_is_a_normal_game():
    app = WishApp(Launch("learn", game="spirits"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_step(app, pilot, lesson_of(app))
    record, history, _ = saves.load_with_history(
        str(saves.latest_save(games=GAMES).path), games=GAMES
    )
    assert record.actions == ["take 3 right"] and "guided first game" in record.description
    app = WishApp(Launch("load"), (record, history, None))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not any(isinstance(s, LessonSteps) for s in app.screen_stack)
        assert app.screen.table.actions == 1


def a_second_lesson(monkeypatch, name: str = "spirits"):
    """Give `name` a second lesson: its first one's steps, from an opening of two actions."""
    spec = games.get(name)
    first = lessons.load(spec)
    second = dataclasses.replace(
        first, number=2, topic="From an opening", opening=("take 3 right", "skip"), steps=()
    )
    real_load, real_count = lessons.load, lessons.count

    def load(game, number=1):
        return second if (game.name, number) == (name, 2) else real_load(game, number)

    monkeypatch.setattr(lessons, "load", load)
    monkeypatch.setattr(lessons, "count", lambda g: 2 if g.name == name else real_count(g))
    return second


async def test_a_lesson_of_learn_more_is_chosen_on_the_title_screen_and_starts_from_its_opening(
    monkeypatch,
):
    second = a_second_lesson(monkeypatch)
    app = WishApp(Launch())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        items = [key for key, _ in TitleScreen.CHOICES]
        await pilot.press(str(items.index("learn") + 1))
        await settle(pilot)
        await pilot.press(str(games.names().index("spirits") + 1))
        await settle(pilot)
        assert app.screen.title_text == "Learn Spirits of the Forest: which lesson?"
        assert app.screen.options == [lessons.FIRST_TOPIC, "Learn more: From an opening"]
        await pilot.press("2")
        await settle(pilot)
        screen = lesson_of(app)
        assert screen.lesson is second
        assert screen.table.record.actions[:2] == ["take 3 right", "skip"]
        panel = screen.query_one(LessonPanel)
        assert panel.heading == "Learn Spirits of the Forest 2: From an opening · free play"
        log = "".join(line.text for line in screen.query_one(GameLog).lines)
        assert "Water takes Vines ×2" in log  # the opening is in the log
