"""Keys typed in one burst into a one-line input act in the order typed (over SSH a fast
typist's or a script's keys arrive in one read).

Seen: ctrl+u, a name and Enter in one burst sent an empty name: the keys the input field acts
on by its bindings (ctrl+u, backspace, home, Enter) went round by the screen and the app, and
acted after the letters typed behind them.
"""

from __future__ import annotations

import pytest
from textual import events
from textual.app import App

from wish_tui.ui.screens.line_input import LineInput


class InputApp(App):
    """An app asking for a name, as the club asks a newcomer, with a suggestion."""

    def __init__(self) -> None:
        super().__init__()
        self.answers: list[str | None] = []

    def on_mount(self) -> None:
        self.push_screen(LineInput("Your name?", 20, "alice"), self.answers.append)


@pytest.mark.parametrize(
    ("keys", "answer"),
    [
        (["ctrl+u", "Z", "e", "d", "enter"], "Zed"),
        (["Z", "e", "backspace", "d", "enter"], "aliceZd"),
        (["home", "Z", "enter"], "Zalice"),
        (["ctrl+u", "enter"], None),
    ],
)
async def test_keys_in_one_burst_act_in_the_order_typed(keys, answer):
    app = InputApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in keys:  # posted together, none handled before the last is in
            character = key if len(key) == 1 else {"enter": "\r"}.get(key)
            app.post_message(events.Key(key, character))
        for _ in range(50):
            if app.answers:
                break
            await pilot.pause(0.02)
        assert app.answers == [answer]
