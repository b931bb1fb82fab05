"""Wishland's lessons as a person plays them: each step's keys, pressed in order on the game
screen after the lesson's opening, play the step's action (or open its window), with the easy
bot playing in between; and the texts name cards by their names, as the Marketplace shows them."""

from __future__ import annotations

import tomllib
from contextlib import asynccontextmanager
from importlib import resources

import pytest

from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.wishland.ui.game_screen import GameScreen

from .helpers import app_of, screen_of, settle
from .wishland_screen import wishland_record

FILES = sorted(
    f.name
    for f in resources.files("wish_tui.wishland.data").iterdir()
    if f.name.startswith("lesson") and f.name.endswith(".toml")
)


def test_there_are_three_lessons_teaching_the_card_limit_hotels_achievements_extra_workers():
    assert FILES == ["lesson.toml", "lesson2.toml", "lesson3.toml"]
    plays = []
    for name in FILES:
        data = tomllib.loads(resources.files("wish_tui.wishland.data").joinpath(name).read_text())
        plays += [step.get("play", "") for step in data["steps"]]
    kinds = {play.split()[0] for play in plays if play}
    assert {"order", "buy", "advertise", "gain", "collect", "claim", "end", "extra"} <= kinds
    assert "collect paid" in plays  # a Hotel's rule (#16)
    assert any(p.startswith("buy G") for p in plays) and any(p.startswith("buy Y") for p in plays)


async def _wait_for(pilot, condition, seconds: float = 20.0) -> bool:
    for _ in range(int(seconds * 20)):
        if condition():
            return True
        await pilot.pause(0.05)
    return condition()


@asynccontextmanager
async def lesson_at_80x24(name: str):
    """A lesson's opening on the game screen at 80x24: its data, the pilot, the screen and a
    test of whether the person decides now."""
    data = tomllib.loads(resources.files("wish_tui.wishland.data").joinpath(name).read_text())
    seats = [seat["name"] for seat in data["seats"]]
    who = [seat["who"] for seat in data["seats"]]
    person = who.index("human")
    record, history = wishland_record(seats, who, data["seed"], data.get("opening", ()))
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = screen_of(app, GameScreen)
        panel = game.query_one(ChoicePanel)

        def deciding() -> bool:
            return game.table.deciding == person and (panel.is_open or not game.busy)

        yield data, pilot, game, deciding


@pytest.mark.parametrize("name", FILES)
async def test_each_steps_keys_play_its_action(name):
    async with lesson_at_80x24(name) as (data, pilot, game, deciding):
        table = game.table
        for number, step in enumerate(data["steps"], 1):
            assert await _wait_for(pilot, deciding), f"{name} step {number}: not the person's"
            await settle(pilot)
            done = table.actions
            for key in step["keys"]:
                await pilot.press(key.split(",")[0])
                await settle(pilot)
            if step.get("window"):
                assert game.app.screen is not game, f"{name} step {number}: no window"
                await pilot.press("escape")
                await settle(pilot)
                continue
            assert await _wait_for(pilot, lambda done=done: table.actions > done)
            assert table.record.actions[done] == step["play"], (name, number)


async def test_in_the_pay_window_h_then_enter_plays_the_hinted_option():
    """The pay window ('Pay for Y24 …') answered by a hint: h highlights the option it names,
    Enter plays it (it once did nothing, press after press)."""
    from wish_tui.wishland.rules import Action

    async with lesson_at_80x24("lesson3.toml") as (data, pilot, game, deciding):
        table = game.table
        panel = game.query_one(ChoicePanel)
        person = [seat["who"] for seat in data["seats"]].index("human")
        for step in data["steps"]:
            assert await _wait_for(pilot, deciding)
            await settle(pilot)
            if step["play"].startswith("extra"):
                break
            done = table.actions
            for key in step["keys"]:
                await pilot.press(key.split(",")[0])
                await settle(pilot)
            assert await _wait_for(pilot, lambda done=done: table.actions > done)
        assert panel.is_open and game.view()["decision"]["kind"] == "extra"
        hinted = Action.parse(table.hint(person).notation)
        assert hinted in game._options
        done = table.actions
        await pilot.press("h")
        assert await _wait_for(pilot, lambda: panel.highlighted == game._options.index(hinted))
        await pilot.press("enter")
        assert await _wait_for(pilot, lambda: table.actions > done)
        assert table.record.actions[done] == str(hinted)
