"""An app that closes just as a screen is pushed closes as asked, whatever the screen: Textual
still composes it, cannot start its widgets any more, and mounts and resizes it with none or only
some of them (a club's page, a final scoring window, a line to type, a choice ended the app on
`NoMatches` and a crash report). Every screen of the project is built on `ui.screens.app_screen`,
which hands a screen no such event once the app has closed."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from textual.screen import Screen

import wish_tui
from wish_tui import games
from wish_tui.launch import Launch, Seat
from wish_tui.ui.app import WishApp
from wish_tui.ui.screens.app_screen import AppModalScreen, AppScreen
from wish_tui.ui.screens.choice_screen import ChoiceScreen
from wish_tui.ui.screens.line_input import LineInput
from wish_tui.ui.screens.table_screen import TableScreen

from .helpers import settle

PAGE = {"type": "page", "page": "history", "title": "Finished games", "rows": []}


def a_club_page():
    from wish_tui.ui.club_pages import ClubPageScreen

    return ClubPageScreen(PAGE)


@pytest.mark.parametrize(
    "make",
    [
        lambda: ChoiceScreen("Which one?", ["this", "that"]),
        lambda: LineInput("Say to the table:", 200),
        a_club_page,
    ],
    ids=["choice", "line", "club page"],
)
async def test_an_app_that_closes_as_a_window_is_pushed_closes_without_a_crash(make):
    app = WishApp(Launch("title"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.push_screen(make())
    assert not app.return_code


@pytest.mark.parametrize("game", list(games.GAMES))
async def test_an_app_that_closes_as_the_final_scoring_opens_closes_without_a_crash(game):
    spec = games.get(game)
    seats = (Seat(spec.seats[0], "human"), Seat(spec.seats[1], "random"))
    app = WishApp(Launch("game", seats, 3, game=game))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 5)
        screen = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        screen.action_score_now()  # the final scoring if the game ended now
    assert not app.return_code


def _project_screens() -> set[type]:
    for module in pkgutil.walk_packages(wish_tui.__path__, "wish_tui."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    found, todo = set(), [Screen]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("wish_tui."):
                found.add(sub)
    return found


def test_every_screen_of_the_project_is_built_on_the_app_screens():
    screens = _project_screens()
    assert len(screens) > 15
    loose = sorted(
        f"{cls.__module__}.{cls.__qualname__}"
        for cls in screens
        if not issubclass(cls, (AppScreen, AppModalScreen))
    )
    assert not loose
