"""A list of choices says the digits that choose in it: the quit question's two answers were
offered as '1-9 or ↑↓ and Enter to choose', and 3 to 9 did nothing."""

from __future__ import annotations

import pytest
from textual.app import App

from wish_tui.ui.screens.choice_screen import ChoiceScreen

from .helpers import settle


class ChoosingApp(App):
    def __init__(self, screen: ChoiceScreen) -> None:
        super().__init__()
        self.choice = screen

    def on_mount(self) -> None:
        self.push_screen(self.choice)


@pytest.mark.parametrize(
    "options, digits",
    [
        (["Save and quit", "Quit (the autosave keeps this game for 'continue')"], "1-2"),
        (["Only this"], "1"),
        ([f"option {n}" for n in range(12)], "1-9"),
    ],
)
async def test_the_help_names_the_digits_of_the_choices_shown(options, digits):
    app = ChoosingApp(ChoiceScreen("Quit the game?", options))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hint = str(app.screen.query_one("#choice-help").render())
        assert hint == f"{digits} or ↑↓ and Enter to choose, Esc to go back"
