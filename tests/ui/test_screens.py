"""Pilot tests of the title, new-game, load and replay screens."""

from __future__ import annotations

from pathlib import Path

import pytest

from wish_tui import saves
from wish_tui.cli import Launch
from wish_tui.games import GAMES
from wish_tui.ui.app import WishApp
from wish_tui.ui.load import LoadScreen
from wish_tui.ui.new_game import NewGameScreen, resolve_seats
from wish_tui.ui.replay import ReplayScreen
from wish_tui.ui.title import TitleScreen
from wish_tui.ui.title_menu import TitleMenu
from wish_tui.wish.ui.game_screen import GameScreen

from .helpers import open_load, settle

SCENARIO = Path(__file__).parents[2] / "saves" / "water-frostflakes.json"


async def test_title_new_game_starts_a_game_with_the_default_seats():
    app = WishApp(Launch())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("enter")  # New game
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+n")
        await settle(pilot, 5)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert [s.who for s in game.table.seats] == ["human", "easy"]


def test_resolve_seats_draws_random_djinns_and_refuses_duplicates():
    seats, error = resolve_seats([("random", "human"), ("random", "easy"), ("air", "none")], "", 5)
    assert not error and len(seats) == 2 and len({s["djinn"] for s in seats}) == 2
    _, error = resolve_seats([("air", "human"), ("air", "easy")], "", 5)
    assert "only one seat" in error
    _, error = resolve_seats([("air", "human")], "", 5)
    assert "solo" in error
    seats, error = resolve_seats([("fire", "easy")], "hard", 5)
    assert not error and seats == [{"djinn": "fire", "who": "human"}]


async def test_title_continue_without_saves_says_so():
    app = WishApp(Launch())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("down", "enter")  # Continue
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)


async def test_title_items_open_by_digit_and_by_click():
    app = WishApp(Launch())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("3")  # Load
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("escape")
        await settle(pilot)
        menu = app.screen.query_one(TitleMenu)
        await pilot.click(menu, offset=(10, menu._item_row(0)))  # New game
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen) and len(app.screen_stack) == 1
        await pilot.press("down", "enter")  # Continue, with no save yet
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)


async def test_load_screen_lists_and_opens_a_save():
    record, state, _ = saves.load_game(str(SCENARIO), games=GAMES)
    saves.save_game(record, "frosty")
    app = WishApp(Launch())
    async with app.run_test(size=(100, 30)) as pilot:
        await open_load(pilot, app)
        assert isinstance(app.screen, LoadScreen)
        names = [i.name for i in app.screen.infos]
        assert names[0] == "frosty"
        assert set(names[1:]) == {i.name for i in saves.list_scenarios(games=GAMES)}
        await pilot.press("enter")
        await settle(pilot, 5)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert game.table.state.to_dict() == state.to_dict()


async def test_load_screen_deletes_a_save():
    record, _, _ = saves.load_game(str(SCENARIO), games=GAMES)
    path = saves.save_game(record, "doomed")
    app = WishApp(Launch())
    async with app.run_test(size=(100, 30)) as pilot:
        await open_load(pilot, app)
        await pilot.press("d")
        await settle(pilot)
        assert not path.exists()
        assert all(i.path.parent == saves.SCENARIOS_DIR for i in app.screen.infos)


async def test_replay_steps_and_plays_from_here():
    record, state, warning = saves.load_game(str(SCENARIO), games=GAMES)
    app = WishApp(Launch("replay", path=str(SCENARIO)), (record, state, warning))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        replay = app.screen
        assert replay.index == 0
        for _ in range(5):
            await pilot.press("right")
        await pilot.press("left")
        await settle(pilot)
        assert replay.index == 4
        assert replay.states[4].to_dict() == saves.replay(record)[4].to_dict()
        await pilot.press("p")
        await settle(pilot, 5)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        # The game goes on from step 4 (a bot to move there may have moved already).
        assert game.table.record.actions[:4] == record.actions[:4]
        assert saves.replay(game.table.record)[4].to_dict() == replay.states[4].to_dict()
        assert game.table.state.current_player is not None


async def test_scenarios_are_listed_and_never_deleted():
    app = WishApp(Launch())
    async with app.run_test(size=(100, 30)) as pilot:
        await open_load(pilot, app)
        first = app.screen.infos[0]
        assert first.path.parent == saves.SCENARIOS_DIR
        await pilot.press("d")
        await settle(pilot)
        assert first.path.exists()


def test_a_scenario_loads_by_name():
    record, state, warning = saves.load_game("tie-by-badges", games=GAMES)
    assert warning is None and state.final_round


async def test_the_new_game_form_marks_its_focused_field_without_colour():
    """The field Tab reached is drawn reversed: with NO_COLOR, a tint of its background would
    not show which one it is."""
    from textual.widgets import Select
    from textual.widgets._select import SelectCurrent

    app = WishApp(Launch("new-game"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("tab")
        await settle(pilot)
        focused = app.focused
        assert isinstance(focused, Select) and focused.id == "djinn0"
        for select in app.screen.query(Select):
            current = select.query_one(SelectCurrent)
            assert bool(current.styles.text_style.reverse) == (select is focused), select.id


async def test_the_new_game_form_chooses_its_game_by_number_whatever_it_remembers():
    """The form starts on the game the last one started (a list whose arrows walk from it):
    the focus starts on the game, each game is named with its number, and 1, 2, 3 choose
    Wish, Spirits of the Forest, Wishland directly (not in the seed's field, which takes
    digits); in the open list the number highlights it."""
    from textual.widgets import Input, Select
    from textual.widgets._select import SelectCurrent

    app = WishApp(Launch("new-game", game="wishland"))  # as if Wishland was the last game
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen) and form.game.name == "wishland"
        assert isinstance(app.focused, Select) and app.focused.id == "game"
        assert str(form.query_one("#game").query_one(SelectCurrent).label) == "3 Wishland"
        for key, name in (("2", "spirits"), ("1", "wish"), ("3", "wishland"), ("1", "wish")):
            await pilot.press(key)
            await settle(pilot)
            assert form.game.name == name, key
        await pilot.press("enter", "2", "enter")  # the list open: its number finds it too
        await settle(pilot)
        assert form.game.name == "spirits" and not form.query_one("#game", Select).expanded
        form.query_one("#seed", Input).focus()
        await pilot.press("3")
        await settle(pilot)
        assert form.query_one("#seed", Input).value == "3" and form.game.name == "spirits"


async def test_in_the_open_game_list_each_digit_highlights_its_game_however_quick():
    """Seen: with the Game list open, 1 then 2 left the highlight on Wish (the list searched
    for '12'), and 3 then went to Wishland only after a pause."""
    from textual.widgets import Select
    from textual.widgets._select import SelectOverlay

    app = WishApp(Launch("new-game", game="wishland"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        form = app.screen
        await pilot.press("enter")
        await settle(pilot)
        game = form.query_one("#game", Select)
        overlay = game.query_one(SelectOverlay)
        assert game.expanded
        for key, index in (("1", 0), ("2", 1), ("3", 2), ("2", 1)):
            await pilot.press(key)
            assert overlay.highlighted == index, key
        assert game.expanded and form.game.name == "wishland"  # nothing chosen yet
        await pilot.press("enter")
        await settle(pilot)
        assert form.game.name == "spirits" and not game.expanded


async def test_ctrl_n_with_the_game_list_open_takes_the_highlighted_game_before_starting():
    """Seen: with the Game list open, 2 highlighted Spirits of the Forest and ctrl+n started
    Wish, the game chosen before. Now ctrl+n takes the highlighted game as Enter would and
    starts nothing yet: the form shows that game's seats, and says ctrl+n again starts it."""
    from textual.widgets import Label, Select

    from wish_tui.spirits.ui.game_screen import GameScreen as SpiritsGameScreen

    app = WishApp(Launch("new-game", game="wish"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        form = app.screen
        await pilot.press("enter", "2", "ctrl+n")
        await settle(pilot)
        assert app.screen is form and form.game.name == "spirits"
        assert not form.query_one("#game", Select).expanded
        assert "ctrl+n" in str(form.query_one("#error", Label).render())
        await pilot.press("ctrl+n")
        await settle(pilot, 5)
        assert any(isinstance(s, SpiritsGameScreen) for s in app.screen_stack)
        assert not any(isinstance(s, GameScreen) for s in app.screen_stack)  # not Wish


@pytest.mark.parametrize(
    "scenario", ["water-frostflakes", "spirits-four-endgame", "wishland-last-turn-hotels"]
)
async def test_the_replays_status_line_is_whole_at_80_columns(scenario):
    """Its keys are on the key bar: the status line says where the replay is, never cut
    ('… watching Water · ←→ step · g go t…' at 80 columns)."""
    loaded = saves.load_game(scenario, games=GAMES)
    app = WishApp(Launch("replay", path=scenario), loaded)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("right")
        await settle(pilot)
        status = str(app.screen.query_one("#status").text)
        rows = [strip.text.rstrip() for strip in app.screen._compositor.render_strips()]
        assert "action 1/" in status and "watching" in status
        assert any(row.strip() == status.strip() for row in rows), (status, rows[-3:])


async def test_a_key_the_replay_does_not_take_says_so_and_its_own_keys_say_nothing():
    """An unbound letter in the replay gave no answer at all; its own keys act without a word."""
    record, state, warning = saves.load_game(str(SCENARIO), games=GAMES)
    app = WishApp(Launch("replay", path=str(SCENARIO)), (record, state, warning))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        said = []
        app.notify = lambda message, **_: said.append(message)
        await pilot.press("right")
        await settle(pilot)
        assert said == [] and app.screen.index == 1
        await pilot.press("x")
        await settle(pilot)
        assert said == ["x does nothing in the replay: the key bar shows its keys."]
