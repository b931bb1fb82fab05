"""Pilot tests of the terminal app: the flows a person goes through (issue: Wish in the terminal)."""

from __future__ import annotations

import asyncio

from wish_tui import saves
from wish_tui.cli import Launch, Seat
from wish_tui.games import GAMES
from wish_tui.ui.app import TooSmallScreen, WishApp
from wish_tui.ui.screens.curtain import CurtainScreen
from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.view_text import ViewText
from wish_tui.wish.ui.game_screen import GameScreen

from .helpers import lift_curtain, refusals_of, screen_of, settle

HOTSEAT = Launch("game", (Seat("air", "human"), Seat("water", "human")), seed=3)


def game_of(app) -> GameScreen:
    return screen_of(app, GameScreen)


def choice_open(app) -> bool:
    """True while the game screen asks a choice in its panel."""
    return game_of(app).query_one(ChoicePanel).is_open


async def through_setup(app, pilot) -> GameScreen:
    """Lift curtains and take the first option of every pending decision (a bot's moves among
    them come after its pace: 20 seconds are given, not a count of pauses)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 20
    while loop.time() < deadline:
        await settle(pilot)
        game = game_of(app)
        curtain = isinstance(app.screen, CurtainScreen)
        if (
            game.table.state.phase == "play"
            and not game.table.state.pending
            and not curtain
            and not choice_open(app)
        ):
            return game
        if curtain:
            await pilot.press("enter")
        elif choice_open(app):
            await pilot.press("1")
    raise AssertionError("setup did not finish")


async def test_setup_curtain_hides_the_table_until_enter():
    app = WishApp(HOTSEAT)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_of(app)
        first = game.table.state.current_player
        if first != game.viewer:
            assert isinstance(app.screen, CurtainScreen)
            await pilot.press("enter")
            await settle(pilot)
        assert choice_open(app)
        title = game.query_one(ChoicePanel).title_text
        assert "Destiny" in title
        # Two Destinies to keep one of: the numbers there are, not '1-9'.
        assert title.endswith("(1-2 or ↑↓ Enter)")
        assert game.viewer == first


async def test_turn_actions_by_keys_then_save_quit_and_continue(data_dir):
    app = WishApp(HOTSEAT)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await through_setup(app, pilot)
        seat = game.table.state.current_player
        start_area = game.table.state.players[seat].area
        await pilot.press("t")
        await settle(pilot)
        if choice_open(app):
            await pilot.press("1")
            await settle(pilot)
        assert game.table.state.players[seat].area != start_area
        assert game.table.state.players[seat].markers_placed == 1
        await pilot.press("e")
        await settle(pilot)
        if choice_open(app):
            await pilot.press("1")
            await settle(pilot)
        assert sum(game.table.state.players[seat].crystals) >= 2
        actions_before = len(game.table.record.actions)
        await pilot.press("ctrl+s")
        await settle(pilot)
        named = [i for i in saves.list_saves(games=GAMES) if not i.is_autosave]
        assert len(named) == 1 and named[0].round == game.table.state.round
        await pilot.press("n")
        await settle(pilot)
        assert choice_open(app)  # "End the turn with 1 action marker unused?"
        await pilot.press("1")
        await settle(pilot)
        assert game.table.state.current_player != seat or game.table.state.pending
        assert len(game.table.record.actions) > actions_before
        saved_actions = list(game.table.record.actions)
    info = saves.latest_save(games=GAMES)
    assert info is not None and info.is_autosave
    record, state, warning = saves.load_game(str(info.path), games=GAMES)
    assert warning is None
    assert record.actions == saved_actions
    resumed = WishApp(Launch("continue"), (record, state, warning))
    async with resumed.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_of(resumed)
        assert game.table.record.actions == saved_actions
        assert game.table.state.to_dict() == state.to_dict()


async def test_a_refused_key_says_why_and_changes_nothing():
    app = WishApp(HOTSEAT)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await through_setup(app, pilot)
        before = game.table.state.to_dict()
        refusals = refusals_of(game)
        await pilot.press("p")
        await settle(pilot)
        assert refusals and "Potion" in refusals[-1]
        assert status_of(game) == [f"✗ {refusals[-1]}"]
        assert game.table.state.to_dict() == before


async def test_undo_takes_back_a_travel():
    app = WishApp(HOTSEAT)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await through_setup(app, pilot)
        before = game.table.state.to_dict()
        n_actions = len(game.table.record.actions)
        await pilot.press("t")
        await settle(pilot)
        if choice_open(app):
            await pilot.press("1")
            await settle(pilot)
        assert game.table.state.to_dict() != before
        await pilot.press("u")
        await settle(pilot)
        assert game.table.state.to_dict() == before
        assert len(game.table.record.actions) == n_actions


async def test_a_decision_of_another_seat_is_asked_behind_a_curtain():
    """Cataracts: each other player gains 1 Crystal of any colour — that seat decides."""
    app = WishApp(Launch("game", (Seat("water", "human"), Seat("air", "human")), seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        game = await through_setup(app, pilot)
        # Walk the Water Djinn's turn to Cataracts (where it starts) and Manifest there.
        while game.table.state.djinns[game.table.state.current_player] != "water":
            await pilot.press("n")
            await through_setup(app, pilot)
        water = game.table.state.current_player
        air = 1 - water
        await pilot.press("m")
        await settle(pilot)
        # Water gains two crystals first.
        for _ in range(2):
            assert choice_open(app)
            await pilot.press("1")
            await settle(pilot)
        assert game.table.state.current_player == air
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert choice_open(app)
        crystals_before = sum(game.table.state.players[air].crystals)
        await pilot.press("2")
        await settle(pilot)
        assert sum(game.table.state.players[air].crystals) == crystals_before + 1


async def test_too_small_terminal_asks_for_a_bigger_window():
    app = WishApp(HOTSEAT)
    async with app.run_test(size=(36, 18)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)


async def test_the_too_small_notice_claims_no_game_on_the_title_screen():
    """It is shown on the title screen and a club's lobby too, where there is no game to save."""
    from textual.widgets import Label

    app = WishApp(Launch("title"))
    async with app.run_test(size=(36, 18)) as pilot:
        await settle(pilot)
        words = str(app.screen.query_one(Label).render())
        assert "too small" in words and "the game is autosaved" not in words
        assert "a game in progress is kept" in words


async def test_a_screen_opened_in_a_too_small_terminal_does_not_cover_the_notice():
    from textual.screen import Screen

    app = WishApp(HOTSEAT)
    async with app.run_test(size=(36, 18)) as pilot:
        await settle(pilot)
        app.push_screen(Screen())  # a curtain or a choice, opened by the game
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert not isinstance(app.screen, TooSmallScreen)


async def test_game_over_table_from_the_tie_by_badges_scenario():
    """The last turn of the last round: ending it shows the End Game Scoring, the tie broken by
    Monument Badges (rulebook, Game Score)."""
    from pathlib import Path

    from textual.widgets import DataTable

    from wish_tui.wish.ui.game_over import GameOverScreen

    path = Path(__file__).parents[2] / "saves" / "tie-by-badges.json"
    app = WishApp(Launch("load", path=str(path)), saves.load_game(str(path), games=GAMES))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = game_of(app)
        assert game.table.state.final_round
        await pilot.press("n")
        await settle(pilot)
        if choice_open(app):  # markers left unused: confirm
            await pilot.press("1")
        await settle(pilot, 5)
        assert isinstance(app.screen, GameOverScreen)
        # The rules' scoring of the same ending names the winner and the seat tied with it.
        final = game.table.state.final_scores()
        seats = final["seats"]
        winner = final["winners"][0]
        top = seats[winner]["total"]
        (runner,) = [s for s, e in enumerate(seats) if e["total"] == top and s != winner]
        name = {s: game.table.state.djinns[s].capitalize() for s in (winner, runner)}
        verdict = str(app.screen.query_one("#verdict").render())
        assert f"{name[winner]} wins with {top} VP" in verdict
        table = app.screen.query_one(DataTable)
        assert table.row_count == 4
        rows = [table.get_row_at(i) for i in range(4)]
        first = next(r for r in rows if r[0] == name[winner])
        second = next(r for r in rows if r[0] == name[runner])
        assert first[6] == second[6] == str(top)  # totals tie
        assert first[7].startswith("1/") and second[7].startswith("0/")  # badges decide
        assert first[-1] == "1" and second[-1] == "2"


async def test_the_new_game_form_opened_on_the_final_scoring_goes_back_to_it():
    from pathlib import Path

    from wish_tui.ui.new_game import NewGameScreen
    from wish_tui.wish.ui.game_over import GameOverScreen

    path = Path(__file__).parents[2] / "saves" / "tie-by-badges.json"
    app = WishApp(Launch("load", path=str(path)), saves.load_game(str(path), games=GAMES))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        if choice_open(app):  # markers left unused: confirm
            await pilot.press("1")
        await settle(pilot, 5)
        scoring = app.screen
        assert isinstance(scoring, GameOverScreen)
        await pilot.press("n")  # a new game
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("escape")  # not wanted after all
        await settle(pilot)
        assert app.screen is scoring
        await pilot.press("n", "ctrl+n")  # and the form starts one, on a fresh stack
        await settle(pilot, 5)
        assert not game_of(app).table.state.final_round
        assert not any(isinstance(s, (GameOverScreen, NewGameScreen)) for s in app.screen_stack)


async def test_no_color_plays(monkeypatch):
    """NO_COLOR=1: the table still draws (every segment carries a style) and keys still play."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = WishApp(HOTSEAT)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await through_setup(app, pilot)
        await pilot.press("e")
        await settle(pilot)
        if choice_open(app):
            await pilot.press("1")
            await settle(pilot)
        assert game.table.state.players[game.table.state.current_player].markers_placed == 1
        assert app.return_code is None


async def test_a_click_picks_an_option():
    """The mouse is optional but works: clicking an option of a choice picks it."""
    app = WishApp(HOTSEAT)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        assert choice_open(app)
        deciding = game.table.state.current_player
        panel = game.query_one(ChoicePanel)
        title_rows = sum(1 for option, _ in panel._rows if option < 0)
        await pilot.click(panel, offset=(4, title_rows))
        await settle(pilot)
        assert game.table.state.players[deciding].destiny


async def test_a_notification_never_covers_the_options_of_a_choice():
    """Issue: toasts covered a menu's options; they now appear at the top of the screen."""
    from textual.widgets._toast import Toast

    app = WishApp(HOTSEAT)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        assert choice_open(app)
        game.notify("A long notification that would cover the options of the choice panel.")
        await settle(pilot)
        panel = game.query_one(ChoicePanel).region
        toasts = [t.region for t in app.screen.query(Toast)]
        assert toasts and all(t.height for t in toasts)
        assert all(not toast.overlaps(panel) for toast in toasts)


def _three_crystals_to_gain():
    """A Wish game of a person (Air) and a bot past its setup, Air to gain three Crystals one
    after another: its record and state."""
    from wish_tui.records import GameRecord
    from wish_tui.wish.rules import State

    seats = [{"djinn": "air", "who": "human"}, {"djinn": "water", "who": "easy"}]
    record, state = GameRecord.new(seats, 3, games=GAMES)
    while state.phase == "setup":
        record, state = record.play(state, state.legal_actions()[0])
    data = state.to_dict()
    data["pending"] = [["gain", 0, 3, -1]]
    state = State.from_dict(data)
    record.state = data
    return record, state


async def test_a_repeated_decision_counts_its_steps():
    """Issue: "Repeated prompts say 1 of 3": three crystals to gain read 1 of 3, 2 of 3, 3 of 3."""
    record, state = _three_crystals_to_gain()
    app = WishApp(Launch())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.open_game(record, state, None)
        await settle(pilot)
        game = game_of(app)
        titles = []
        for _ in range(3):
            titles.append(game.query_one(ChoicePanel).title_text)
            await pilot.press("1")
            await settle(pilot)
        assert ["1 of 3" in titles[0], "2 of 3" in titles[1], "3 of 3" in titles[2]] == [True] * 3


async def test_a_repeated_decision_keeps_its_count_on_a_screen_opened_again():
    """A repeated decision's count is the table's, not the screen's: a table screen opened on
    the second of three crystals to gain (a game continued, a club's table opened again) says
    2 of 3, not nothing."""
    record, state = _three_crystals_to_gain()
    record, after = record.play(state, state.legal_actions()[0])
    assert after.pending[0][:3] == ("gain", 0, 2)
    app = WishApp(Launch())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.open_game(record, [state, after], None)
        await settle(pilot)
        assert "2 of 3" in game_of(app).query_one(ChoicePanel).title_text


def status_of(game) -> list[str]:
    """The lines of the table screen's status line."""
    return game.query_one("#status", ViewText).text.plain.split("\n")


async def test_a_refusal_is_said_in_the_status_line_until_the_next_action():
    """A refused key says why in the status line, marked and in warning style, not in a toast
    over the seats' rows (whose repaint, as it came and went, was most of the bytes a refused key
    sent); the next refusal takes its place and an action clears it."""
    from textual.widgets._toast import Toast

    app = WishApp(HOTSEAT)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        game = await through_setup(app, pilot)
        turn = status_of(game)
        status = game.query_one("#status", ViewText)
        await pilot.press("p")
        await settle(pilot)
        assert status_of(game) == [
            "✗ You have no Potion token: the Manifest of Mountain Caves gains one."
        ]
        assert status.has_class("-refused")
        assert not app.screen.query(Toast)
        await pilot.press("k")
        await settle(pilot)
        assert status_of(game) == [
            "✗ You have no Trickery token: the Manifest of the Dock gains one."
        ]
        actions = game.table.actions
        await pilot.press("e")
        await settle(pilot)
        if choice_open(app):
            await pilot.press("1")
            await settle(pilot)
        assert game.table.actions > actions
        assert "✗" not in status.text.plain and not status.has_class("-refused")
        assert status_of(game) != turn  # the turn's status again, one marker fewer
        assert not app.screen.query(Toast)


async def test_a_long_refusal_takes_two_lines_above_an_open_window():
    app = WishApp(HOTSEAT)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await through_setup(app, pilot)
        await pilot.press("t")
        await settle(pilot)
        assert choice_open(app)
        game.refuse("Travel is not possible now: " + "a reason that goes on and on, " * 8)
        await settle(pilot)
        lines = status_of(game)
        status = game.query_one("#status", ViewText)
        assert len(lines) == 2 and lines[0].startswith("✗ ") and lines[1].endswith("…")
        assert status.region.height == 2
        assert status.region.bottom == game.query_one("#keys").region.y
        assert not game.query_one(ChoicePanel).region.overlaps(status.region)
        await pilot.press("escape")
        await settle(pilot)
        assert len(status_of(game)) == 1 and "✗" not in status_of(game)[0]


async def test_a_refusal_of_several_sentences_shows_whole_sentences():
    """A refused f with four Wishes in hand names each Wish's price in a sentence of its own:
    at 100x30 the status line shows the nearest Wish's sentence whole and leaves the others to
    the hand, instead of cutting the next one short after two lines."""
    app = WishApp(HOTSEAT)
    async with app.run_test(size=(100, 30)) as pilot:
        game = await through_setup(app, pilot)
        refusals = refusals_of(game)
        await pilot.press("f")
        await settle(pilot)
        assert refusals and refusals[-1].count(". ") >= 2  # several sentences
        shown = " ".join(line.strip() for line in status_of(game))
        assert shown.startswith("✗ ") and not shown.endswith("…"), shown
        assert refusals[-1].startswith(shown[2:]) and shown.endswith("."), shown
        assert len(status_of(game)) <= 2


async def test_a_warning_toast_takes_the_place_of_the_words_before_it():
    """A notice in a toast (an autosave that failed, a seat handed to a bot) replaces the
    words before it: stacked toasts covered the seats' rows."""
    from textual.widgets._toast import Toast

    app = WishApp(HOTSEAT)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        game.toast("Saved as evening.")
        game.toast("The autosave could not be written.", severity="warning")
        await settle(pilot)
        game.toast("Water is away: a bot plays for them.", severity="warning")
        await settle(pilot)
        await settle(pilot)
        shown = [str(toast.render()) for toast in app.screen.query(Toast)]
        assert len(shown) == 1 and "a bot plays" in shown[0]
        assert all(holder.children for holder in app.screen.query("ToastHolder"))


async def test_a_window_of_many_wind_blasts_asks_the_area_first():
    """Air's Cloudbearer with two Wind Blasts out: 36 places and moves. The window asks the
    Area first (9 of them, each 4 ways), then which of its 4."""
    from pathlib import Path

    path = Path(__file__).parents[2] / "saves" / "air-wind-blasts.json"
    app = WishApp(Launch("load", path=str(path)), saves.load_game(str(path), games=GAMES))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = game_of(app)
        assert sum(1 for a in game.legal() if a.kind == "blast") == 36
        panel = game.query_one(ChoicePanel)

        def options() -> list[str]:
            return [text for index, text in panel._rows if index >= 0]

        await pilot.press("s")
        await settle(pilot)
        assert panel.is_open and panel.title_text.startswith("Special: in which Area?")
        assert len(options()) == 9 and options()[1] == "2. in Forest: 4 choices"
        await pilot.press("2")
        await settle(pilot)
        assert panel.title_text.startswith("Special — in Forest: choose")
        assert options()[2] == "3. Wind Blast to Forest from Mountain Caves (column 4)"
        await pilot.press("3")
        await settle(pilot, 3)
        assert not panel.is_open
        assert str(game.table.record.actions[-1]) == "blast Forest from Mountain Caves #4"


def test_a_round_whose_caravan_card_moves_it_nowhere_says_it_stays():
    from pathlib import Path

    from wish_tui.wish.words.log import events

    path = Path(__file__).parents[2] / "saves" / "air-wind-blasts.json"
    _, history, _ = saves.load_with_history(str(path), games=GAMES)
    rounds = [(b, a) for b, a in zip(history, history[1:], strict=False) if a.round != b.round]
    lines = [line for b, a in rounds for line in events(b, a)]
    assert any("the Caravan stays in" in line for line in lines), lines
    assert not any("moves 0" in line for line in lines)


def test_a_decision_about_another_seat_names_it():
    from types import SimpleNamespace

    from wish_tui.wish.ui.game_screen import GameScreen as WishScreen

    screen = SimpleNamespace(_repeat_count=lambda view: "")
    for kind, words in (
        ("take", "Take a Crystal of your choice from Water."),
        ("remove", "Choose a Crystal Water loses."),
        ("give", "Give a Crystal of your choice to Water."),
    ):
        view = {"decision": {"kind": kind, "prompt": "…them.", "their_djinn": "water"}}
        assert WishScreen.decision_title(screen, view) == words
