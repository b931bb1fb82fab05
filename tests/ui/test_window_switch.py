"""A window opened by a key of the person's turn gives way to another game key, as another
action's button does on Board Game Arena: the key bar stays as it was, nothing is chosen, and a
key that answers windows stays the window's."""

from __future__ import annotations

from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.key_bar import KeyBar
from wish_tui.wish import rules

from .helpers import refusals_of, settle
from .test_action_keys import app_for, turn_position
from .test_game_flow import choice_open, game_of


def _window(app) -> ChoicePanel:
    return game_of(app).query_one(ChoicePanel)


async def test_another_game_key_takes_the_open_windows_place_and_the_key_bar_stays():
    state, seat = turn_position()
    app = app_for(state)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = game_of(app)
        keys = game.query_one(KeyBar).states
        actions = game.table.actions
        await pilot.press("t")
        await settle(pilot)
        assert _window(app).title_text.startswith("Travel")
        assert game.query_one(KeyBar).states == keys
        await pilot.press("s")
        await settle(pilot)
        assert choice_open(app) and _window(app).title_text.startswith("Special")
        assert game.table.actions == actions  # nothing was chosen
        assert game.query_one(KeyBar).states == keys
        await pilot.press("escape")
        await settle(pilot)
        assert not choice_open(app) and game.table.actions == actions
        assert game.query_one(KeyBar).states == keys


async def test_a_key_that_plays_at_once_closes_the_window_and_plays():
    state, seat = turn_position()
    app = app_for(state)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = game_of(app)
        await pilot.press("t")
        await settle(pilot)
        await pilot.press("m")  # Manifest: the Area's one action, no window of its own
        await settle(pilot)
        while choice_open(app) and not _window(app).title_text.startswith("Manifest"):
            await pilot.press("1")  # what Manifest itself asks (a column)
            await settle(pilot)
        assert "manifest" in game.table.state.players[seat].markers
        assert "travel" not in game.table.state.players[seat].markers


async def test_a_refused_key_leaves_the_window_open_and_says_why():
    state, seat = turn_position(trickery=0)
    app = app_for(state)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = game_of(app)
        refusals = refusals_of(game)
        await pilot.press("t")
        await settle(pilot)
        await pilot.press("k")  # no Trickery token to use
        await settle(pilot)
        assert choice_open(app) and _window(app).title_text.startswith("Travel")
        assert refusals == ["You have no Trickery token: the Manifest of the Dock gains one."]
        await pilot.press("1")
        await settle(pilot)
        assert "travel" in game.table.state.players[seat].markers


async def test_a_decision_of_the_rules_keeps_its_window_and_its_keys_stay_grey():
    app = app_for(rules.new_game(["fire", "water"], seed=3))  # the setup's decisions first
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = game_of(app)
        title, actions = _window(app).title_text, game.table.actions
        assert choice_open(app) and not _window(app).cancellable
        bar = game.query_one(KeyBar)
        # Only ? (every key) and q (leave) stay live: a newcomer always finds help and the way out.
        assert [label for label, live in zip(bar._labels, bar.states, strict=True) if live] == [
            "?",
            "q",
        ]
        await pilot.press("e")
        await settle(pilot)
        assert choice_open(app) and _window(app).title_text == title
        assert game.table.actions == actions


async def test_a_decision_of_the_rules_says_why_esc_and_game_keys_do_not_leave_it():
    """The playthrough's complaint: Esc and action keys did nothing in a window the rules ask,
    with no word of why."""
    app = app_for(rules.new_game(["fire", "water"], seed=3))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = game_of(app)
        refusals = refusals_of(game)
        title, actions = _window(app).title_text, game.table.actions
        for key in ("escape", "e"):
            await pilot.press(key)
            await settle(pilot)
            assert choice_open(app) and _window(app).title_text == title
        assert game.table.actions == actions
        assert len(refusals) == 2 and all("Choose in the window to go on" in r for r in refusals)
        await pilot.press("z")  # no key of the game: it does nothing, and says so (issue 34)
        await settle(pilot)
        assert refusals[2:] == ["z does nothing here; ? shows the keys."]


async def _twelve_areas_asked(app, pilot):
    """The window asking for one of the twelve Areas (numbers of two digits), opened."""
    await settle(pilot)
    panel = _window(app)
    panel.ask("Which Area?", [f"Area {n}" for n in range(1, 13)], cancellable=True)
    await settle(pilot)
    return panel


async def test_a_digit_that_begins_a_longer_number_says_so_in_the_windows_title():
    state, seat = turn_position()
    app = app_for(state)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = await _twelve_areas_asked(app, pilot)
        assert "1-12" in panel.title_text
        panel.digit(1)
        await settle(pilot)
        assert "typed 1: the next digit, or Enter picks 1" in panel.title_text
        assert panel.is_open and panel.highlighted == 0
        panel.digit(2)
        assert not panel.is_open  # 12: the last option, picked


async def test_many_places_to_choose_leave_the_map_in_sight_at_80x24():
    """Air's Cloudbearer offers all twelve Areas: at 80x24 the window covered the map's last
    rows (the Areas being chosen); it now opens below the map and scrolls its options, its
    title saying how many there are."""
    from ..wish.rules.helpers import patch, started

    state = started(("air", "water"), seed=3)
    air = state.djinns.index("air")
    state = patch(state, order=[air, 1 - air], turn_idx=0)
    app = app_for(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_of(app)
        await pilot.press("s")
        await settle(pilot)
        window = _window(app)
        assert choice_open(app) and window.count == 12
        map_region = game.query_one("#map").region
        assert window.region.y >= map_region.bottom, (window.region, map_region)
        assert "1-12" in window.title_text
        await pilot.press("1", "2")
        await settle(pilot)
        assert game.table.state.wind  # the twelfth Area took the Wind Blast


async def test_a_table_left_behind_under_another_screen_opens_no_final_scoring_over_it(
    monkeypatch,
):
    """A table screen under the lobby (a served session that began at its table goes to the
    lobby above it) went on with its put-off steps: its final scoring opened over the lobby."""
    from textual.screen import Screen

    state, seat = turn_position()
    app = app_for(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_of(app)
        shown = []
        monkeypatch.setattr(game.leaving, "show_game_over", lambda *a: shown.append(a))
        monkeypatch.setattr(type(game.table), "is_over", property(lambda table: True))
        game.proceed()
        assert len(shown) == 1  # the table on top: its final scoring opens
        await app.push_screen(Screen())
        await settle(pilot)
        game.proceed()
        assert len(shown) == 1  # under another screen: nothing opens over it


async def test_the_digit_typed_stays_in_the_windows_title_when_the_terminal_is_resized():
    # Placed anew at the new size, the title said '(1-12 or ↑↓ Enter, Esc back)' while the 1
    # typed still waited for its next digit: a 2 then picked Area 12, not Area 2.
    state, seat = turn_position()
    app = app_for(state)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = await _twelve_areas_asked(app, pilot)
        panel.digit(1)
        await settle(pilot)
        await pilot.resize_terminal(90, 30)
        await settle(pilot)
        assert "typed 1: the next digit, or Enter picks 1" in panel.title_text
