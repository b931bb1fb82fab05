"""The key bar shows every key the status line or a hint names (issue 34: Wishland's status named
`v` and `e`, and every game's `? all keys · F1 rules · q quit`, with no such key on the bar)."""

from __future__ import annotations

import random

import pytest

from wish_tui import games
from wish_tui.cli import Launch
from wish_tui.launch import Seat
from wish_tui.tables import bot_turns
from wish_tui.ui.app import WishApp
from wish_tui.ui.screens.table_screen import TableScreen
from wish_tui.widgets.key_bar import KeyBar, key_label
from wish_tui.widgets.named_keys import keys_named

from .helpers import settle, spied

SIZES = ((80, 24), (100, 30))
DECISIONS = 24
"""How many of the person's decisions each game is checked at."""


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch):
    monkeypatch.setattr(bot_turns, "BOT_PACE", 0.0)


def test_keys_are_read_off_the_heads_of_clauses_and_off_a_hints_brackets():
    assert keys_named("Water: Enter takes Fruits (row 3 right) · n stops") == ["enter", "n"]
    assert keys_named("Air: 3 marker(s) left · keys below · ? all keys · F1 rules · q quit") == [
        "question_mark",
        "f1",
        "q",
    ]
    assert keys_named("Red: Enter buys Y10 · a advertise · c collect") == ["enter", "a", "c"]
    assert keys_named("Water: a decision is waiting — choose in the window.") == []
    assert keys_named("Hint: Take row 2 (highlighted: b or Enter) — takes 2") == ["b", "enter"]
    assert keys_named("✗ Pick an option by its number or ↑↓ Enter, or u takes back.") == ["u"]
    assert keys_named("Water: g moves one · n: none") == ["g", "n"]


def missing_keys(screen: TableScreen, text: str) -> list[str]:
    """The keys `text` names that the key bar does not show whole."""
    labels = {
        part.lower()
        for label in screen.query_one(KeyBar).labels_in_sight()
        for part in label.split("/")
    }
    return [key for key in keys_named(text) if key_label(key).lower() not in labels]


def person_decides(screen: TableScreen) -> bool:
    table = screen.table
    return (
        not table.is_over
        and table.deciding == screen.viewer
        and (not screen.busy or screen.query_one("ChoicePanel").is_open)
    )


async def until(pilot, ready, tries: int = 400) -> bool:
    for _ in range(tries):
        if ready():
            return True
        await pilot.pause(0.02)
    return False


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", games.names())
async def test_every_key_the_status_line_or_a_hint_names_is_on_the_key_bar(name, size):
    spec = games.get(name)
    seats = (Seat(spec.seats[0], "human"), Seat(spec.seats[1], "easy"))
    app = WishApp(Launch("game", seats, seed=5, game=name))
    pick = random.Random(5)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        hints = spied(screen, "name_hint_keys", keep=bool)
        table = screen.table
        for decision in range(DECISIONS):
            assert await until(pilot, lambda: table.is_over or person_decides(screen)), "stalled"
            if table.is_over:
                break
            await settle(pilot)
            status = screen.query_one("#status").text.plain
            assert not missing_keys(screen, status), (decision, status)
            if decision % 3 == 0:
                await pilot.press("h")
                await until(pilot, lambda: bool(hints))
                await settle(pilot)
                if hints:
                    assert not missing_keys(screen, hints[-1]), (decision, hints[-1])
                    hints.clear()
            screen.play(pick.choice(screen.legal()))
            await settle(pilot)


async def test_keys_too_many_for_the_width_keep_their_labels_and_give_up_their_words():
    from textual.app import App

    class BarApp(App):
        def compose(self):
            yield KeyBar()

    keys = [("t", "Travel"), ("e", "Empower"), ("m", "Manifest"), ("f", "Fulfill")]
    keys += [("n", "End turn"), ("u", "Undo"), ("question_mark", "Keys"), ("q", "Quit")]
    app = BarApp()
    async with app.run_test(size=(40, 3)) as pilot:
        bar = app.query_one(KeyBar)
        bar.set_keys(keys, terse_from=6)
        bar.show_states([True, True, True, None, True, None, True, True])
        await pilot.pause()
        assert bar.labels_in_sight() == ["t", "e", "m", "f", "n", "u", "?", "q"]
        text = bar.render_line(0).text
        assert "Quit" not in text and "Trav " not in text  # words left out, never cut


async def test_at_80_columns_the_key_bar_shows_whole_words():
    """At 80 columns Wish's bar showed 'f Fulf': a word gives way whole ('End turn' to 'End',
    then the words of the keys the status line explains), never cut to its first letters."""
    from textual.app import App

    class BarApp(App):
        def compose(self):
            yield KeyBar()

    keys = [("t", "Travel"), ("e", "Empower"), ("m", "Manifest"), ("f", "Fulfill")]
    keys += [("s", "Special"), ("r", "Trade"), ("n", "End turn"), ("u", "Undo")]
    keys += [("p", "Potion"), ("k", "Trickery"), ("question_mark", "Keys"), ("f1", "Rules")]
    app = BarApp()
    async with app.run_test(size=(80, 3)) as pilot:
        bar = app.query_one(KeyBar)
        bar.set_keys(keys, terse_from=10)
        bar.show_states([True] * 8 + [False, False, True, True])
        await pilot.pause()
        text = bar.render_line(0).text.strip()
        assert bar.labels_in_sight() == ["t", "e", "m", "f", "s", "r", "n", "u", "?", "f1"]
        words = {word for _, description in keys for word in description.split()}
        labels = {"t", "e", "m", "f", "s", "r", "n", "u", "?", "f1"}
        assert set(text.split()) <= words | labels, text
        assert "f Fulfill" in text and "n End" in text, text


def test_a_key_bar_reads_the_keys_words_name_once_for_words_that_come_back(monkeypatch):
    """A turn's status line comes back (whose turn, what is waited for): the keys it names
    are those read the first time, not read again."""
    from wish_tui.ui.screens import table_key_bar
    from wish_tui.ui.screens.table_key_bar import TableKeyBar

    read: list[str] = []

    def counted(text: str) -> list[str]:
        read.append(text)
        return keys_named(text)

    monkeypatch.setattr(table_key_bar, "keys_named", counted)
    bar = TableKeyBar(screen=None)
    updates = []
    bar.update = lambda: updates.append(bar.named)
    for status in ["Ann: Enter takes Fruits · n stops", "Waiting for Bob (n)."] * 3:
        bar.name_keys(status)
    assert len(read) == 2
    assert (
        updates
        == [
            ("enter", "n", "question_mark", "q"),
            ("n", "question_mark", "q"),
        ]
        * 3
    )
