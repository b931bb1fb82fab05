"""Pilot tests of Wishland in the terminal app: a turn by keys, refusals, panel decisions, undo,
saves, the game over, hot-seat curtains and secrets in the log."""

from __future__ import annotations

from pathlib import Path

from textual import events

from wish_tui import saves
from wish_tui.cli import Launch
from wish_tui.games import GAMES
from wish_tui.ui.app import WishApp
from wish_tui.ui.screens.curtain import CurtainScreen
from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.game_log import GameLog
from wish_tui.wishland.rules import Action
from wish_tui.wishland.ui.cursor import places
from wish_tui.wishland.ui.game_over import GameOverScreen
from wish_tui.wishland.ui.game_screen import GameScreen
from wish_tui.wishland.ui.market_view import MarketView

from . import helpers
from .helpers import (
    app_of,
    lift_curtain,
    notes_of,
    refusals_of,
    replay_from_load,
    screen_of,
    settle,
)
from .wishland_screen import screen_lines

SCENARIOS = Path(__file__).parents[2] / "saves"


def record_of(who=("human", "human"), seats=("red", "blue"), seed=11, options=None, actions=()):
    """A game's record and its states after `actions` (notation)."""
    return helpers.record_of("wishland", seats, who, seed, options or {}, actions)


def game_of(app) -> GameScreen:
    return screen_of(app, GameScreen)


def panel(app) -> ChoicePanel:
    return game_of(app).query_one(ChoicePanel)


def log_text(app) -> str:
    return "\n".join(s.text for s in game_of(app).query_one(GameLog).lines)


# Seed 11, two seats: Red holds the First Player Token; after "order 4", "gain worker" and
# "order 1" Blue plays first, then Red.
TURNS = ["order 4", "gain worker", "order 1"]


# -- decisions in the panel ----------------------------------------------------------------------
async def test_turn_order_and_its_reward_are_asked_in_the_panel():
    record, history = record_of()
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        assert game.table.state.phase == "order" and panel(app).is_open
        assert "Turn Order space" in panel(app).title_text
        assert "The fourth space: 1 Happiness, Visitor or Worker" in panel(app)._labels[3]
        await pilot.press("4")
        await settle(pilot)
        assert game.table.state.track[3] == 0
        assert panel(app).is_open and "Happiness, 1 Visitor or 1 Worker" in panel(app).title_text
        await pilot.press("3")
        await settle(pilot)
        assert game.table.state.players[0].reserve == 5
        assert "Red chooses 1 Worker (Turn Order space 4)" in log_text(app)


async def test_undo_takes_back_the_reward_choice_and_the_turn_order_space():
    record, history = record_of(actions=["order 4"])
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        assert game.table.state.pending and game.table.state.pending[0][0] == "gain"
        await pilot.press("u")
        await settle(pilot)
        assert game.table.state.phase == "order" and game.table.state.track == [-1] * 5
        assert game.table.record.actions == []
        assert panel(app).is_open and "Turn Order space" in panel(app).title_text


# -- a turn by keys --------------------------------------------------------------------------------
async def test_a_turn_by_keys_buys_the_highlighted_card():
    record, history = record_of(actions=[*TURNS, "collect"])
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        state = game.table.state
        assert state.current_player == 0 and state.stage == "start"
        assert not panel(app).is_open
        # Row 1 (Rides), then right to the second card: Y3 Mirror Maze for 2 Credits.
        await pilot.press("1", "right")
        await settle(pilot)
        assert game.cursor == (0, 1)
        assert "Enter buys Y3 Mirror Maze (1 Worker, 2$)" in game.status_line.line(
            game.table.view(0)
        )
        await pilot.press("enter")
        await settle(pilot)
        assert game.table.record.actions[-1] == "buy Y3"
        assert "Red buys Y3 Mirror Maze (1 Worker on the Ride space)" in log_text(app)


async def test_the_highlight_skips_empty_slots_and_wraps():
    record, history = record_of(actions=[*TURNS, "buy Y15"])
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        await pilot.press("1")
        await settle(pilot)
        assert game.cursor[0] == 0 and game.cursor != (0, 0)  # Y15 was bought
        game.cursor = (0, 1)
        await pilot.press("left")
        await settle(pilot)
        assert game.cursor == (0, 3)
        await pilot.press("up")
        await settle(pilot)
        # Up from the first row goes round to the last thing on the table: your park's last
        # row (or the Achievements while it is empty).
        assert game.cursor[0] == max(r for r, _ in places(game.view(), game.viewer))


async def test_a_refused_key_says_why_in_the_rules_words():
    record, history = record_of(actions=[*TURNS, "collect"])
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        notes = refusals_of(game)
        await pilot.press("e")
        await settle(pilot)
        assert notes[-1] == "Take your action first: place Workers, or collect them."
        assert status_text(app) == f"✗ {notes[-1]}"
        # Y23 costs 8 Credits: b on it says so and buys nothing.
        game.cursor = (0, 2)
        await pilot.press("b")
        await settle(pilot)
        assert notes[-1] == game.table.state.why_illegal(
            game.table.state.legal_actions()[0]._replace(arg="Y23")
        )
        assert "Y23 costs 8 Credits" in notes[-1]
        assert game.table.record.actions[-1] == "collect"


async def test_a_refusal_typed_right_after_an_arrow_names_the_card_the_arrow_reached():
    # Blue has 0 Credits: no card can be bought, so b is refused before Textual's bindings
    # run; → typed just before it (one read of the terminal) moves the highlight first.
    record, history = record_of(actions=[*TURNS, "buy K8", "buy K12", "buy B3", "buy B1"])
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        notes = refusals_of(game)
        game.cursor = (0, 0)
        card = game._cards(game.view())[(0, 1)]["id"]
        app.post_message(events.Key("right", None))
        app.post_message(events.Key("b", "b"))
        await settle(pilot)
        assert game.cursor == (0, 1)
        assert notes[-1].startswith(f"{card} costs")


async def test_while_a_keys_window_is_open_the_status_line_sends_to_it_not_to_enter():
    # The window of every card b offers (a b kept from another seat's turn opens it): Enter
    # takes its highlighted option, not the card the status line named before it opened.
    record, history = record_of(actions=[*TURNS, "collect"])
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        assert "Enter buys" in status_text(app)
        game.run_group("buy")
        await settle(pilot)
        assert panel(app).is_open
        assert "Enter buys" not in status_text(app)
        assert "choose in the window" in status_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert not panel(app).is_open
        assert "Enter buys" in status_text(app)


async def test_the_paid_collect_of_hotel_16_and_the_plain_one_share_c():
    record, history = record_of(actions=[*TURNS, "collect"])
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        # Red has no Worker on the board: c asks before passing the turn.
        await pilot.press("c")
        await settle(pilot)
        assert panel(app).is_open and "only passes your turn" in panel(app).title_text
        await pilot.press("2")
        await settle(pilot)
        assert game.table.record.actions[-1] == "collect" and len(game.table.record.actions) == 4


# -- hot seat and secrets --------------------------------------------------------------------------
async def test_hot_seat_passes_the_keyboard_behind_a_curtain():
    record, history = record_of(actions=TURNS)
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        assert game.viewer == 1  # Blue plays first this round
        await pilot.press("c", "1")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert game.viewer == 0 and game.table.state.current_player == 0


async def test_no_kept_entrepreneur_shows_in_a_hot_seat_log_before_the_reveal():
    record, history = record_of(options={"entrepreneurs": True})
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        first = game.table.state.current_player
        await pilot.press("1")
        await settle(pilot)
        kept = game.table.state.players[first].ent
        assert kept
        text = log_text(app)
        assert "keeps one of their two Entrepreneur cards" in text
        assert f"E{kept}" not in text
        options = game.table.state.players[1 - first].ent_options
        assert all(f"E{e}" not in text for e in options)


async def test_a_solo_log_names_the_cards_you_draw():
    record, state = saves.GameRecord.new(["green"], 3, "standard", "wishland", {}, games=GAMES)
    history = [state]
    while state.phase != "turns":
        record, state = record.play(state, state.legal_actions()[0])
        history.append(state)
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_of(app)
        await pilot.press("d")
        await settle(pilot)
        drawn = game.table.state.players[0].hand
        assert len(drawn) == 1
        card = game.table.state.view(0)["players"][0]["hand"][0]
        assert f"draws {card['id']} {card['name']}" in log_text(app)
        market = game.query_one(MarketView).text.plain
        assert card["name"] in market and "Your hand (1)" in market


# -- saves -----------------------------------------------------------------------------------------
async def test_save_and_continue_bring_back_the_same_position(data_dir):
    record, history = record_of(actions=[*TURNS, "collect"])
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        await pilot.press("1", "right", "enter")
        await lift_curtain(app, pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        position = game.table.state.to_dict()
    saved = sorted((data_dir / "saves").glob("wishland-*.json"))
    assert saved
    latest = saves.latest_save(games=GAMES)
    assert latest is not None
    loaded, state, warning = saves.load_game(str(saved[0]), games=GAMES)
    assert warning is None and state.to_dict() == position
    app2 = WishApp(Launch("continue"), saves.load_with_history(str(latest.path), games=GAMES))
    async with app2.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app2, pilot)
        assert game_of(app2).table.state.to_dict() == position
        assert "buys Y3 Mirror Maze" in log_text(app2)


# -- the end -------------------------------------------------------------------------------------
async def test_the_last_turn_scenario_ends_in_the_final_scoring_table():
    loaded = saves.load_game(str(SCENARIOS / "wishland-last-turn-hotels.json"), games=GAMES)
    app = WishApp(Launch("load"), loaded)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_of(app)
        seat = game.table.state.current_player
        await pilot.press("a")
        await settle(pilot)
        while panel(app).is_open and game.table.state.phase == "turns":
            await pilot.press("1")
            await settle(pilot)
        if game.table.state.phase == "turns" and game.table.state.stage == "after":
            await pilot.press("e")
            await settle(pilot)
        for _ in range(40):
            if game.table.state.phase == "final" and panel(app).is_open:
                break
            await pilot.pause(0.1)
        assert game.table.state.pending[0][:2] == ("bonus", seat)
        assert "Hotel #8" in panel(app).title_text and panel(app)._labels[0] == "1. Pass"
        await pilot.press("1", "enter")  # 1, or 10 and on: Enter says 1
        for _ in range(40):
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.pause(0.1)
        assert isinstance(app.screen, GameOverScreen)
        scores = game.table.state.final_scores()
        winner = scores["winners"][0]
        verdict = str(app.screen.query_one("#verdict").render())
        assert f"wins with {scores['seats'][winner]['total']} VP" in verdict
        from textual.widgets import DataTable

        table = app.screen.query_one(DataTable)
        labels = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        assert labels[:3] == ["Victory Track", "Hotels", "Mascots (matches, halved)"]
        assert labels[-3:] == ["Total", "Place", "Turn Order (tie-break)"]


async def test_a_finished_solo_game_keeps_its_score_in_the_best_score_table():
    from wish_tui import best_scores

    record, state = saves.GameRecord.new(["green"], 3, "standard", "wishland", {}, games=GAMES)
    while not state.is_over:
        record, state = record.play(state, state.legal_actions()[-1])
    best_scores.record_score("wishland", "solo", -100, "an-older-game", 1)
    app = app_of(record, [state])
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, GameOverScreen):
                break
        assert isinstance(app.screen, GameOverScreen)
        total = state.final_scores()["seats"][0]["total"]
        assert "new best! (it was -100)" in str(app.screen.query_one("#verdict").render())
        notes = str(app.screen.query_one("#notes").render())
        assert f"1. {total} ◀ this game" in notes
    assert best_scores.best("wishland", "solo") == total


# -- hints -----------------------------------------------------------------------------------------
async def test_a_hint_names_its_key_highlights_its_card_and_leaves_no_empty_toast():
    record, history = record_of(actions=[*TURNS, "collect"])
    app = app_of(record, history)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        notes = notes_of(game)
        await pilot.press("h")
        for _ in range(100):
            await pilot.pause(0.1)
            if any(n.startswith("Hint:") for n in notes):
                break
        hint = next(n for n in notes if n.startswith("Hint:"))
        action = Action.parse(game.table.hint(0).notation)
        if action.kind == "buy":
            assert "(highlighted: b or Enter)" in hint
            card = game._cards(game.table.view(0))[game.cursor]
            assert card["id"] == action.arg
        else:
            assert f"({ {'advertise': 'a', 'collect': 'c'}[action.kind] })" in hint
        await pilot.press("enter" if action.kind == "buy" else hint.split("(")[1][0])
        for _ in range(10):
            await pilot.pause(0.1)
        # Textual keeps the holder of a cleared toast; the screen sweeps the empty ones away.
        assert all(holder.children for holder in app.screen.query("ToastHolder"))


async def test_a_hint_in_the_panel_highlights_its_option():
    record, history = record_of()
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        action = Action.parse(game.table.hint(0).notation)
        await pilot.press("h")
        for _ in range(100):
            await pilot.pause(0.1)
            if panel(app).highlighted == game._options.index(action):
                break
        assert panel(app).highlighted == game._options.index(action)
        await pilot.press("enter")
        await settle(pilot)
        assert game.table.record.actions[0] == str(action)


# -- load and replay -----------------------------------------------------------------------------
async def test_load_lists_and_opens_a_wishland_save_and_replay_steps_through_it():
    from wish_tui.wishland.ui.board import WishlandBoard

    record, history = record_of(actions=[*TURNS, "collect", "buy Y3"])
    saves.save_game(record, "park evening")
    app = WishApp(Launch())
    async with app.run_test(size=(100, 30)) as pilot:
        replay = await replay_from_load(
            pilot, app, "park evening", "wishland", "wishland-last-turn-hotels", steps=5
        )
        assert replay.states[5].to_dict() == history[5].to_dict()
        market = replay.query_one(WishlandBoard).query_one(MarketView).text.plain
        assert "Y3 " not in market  # bought
        await pilot.press("p")
        await settle(pilot, 5)
        assert game_of(app).table.record.actions == record.actions[:5]


# -- the full text of a card ---------------------------------------------------------------------
async def test_every_card_or_place_that_i_offers_opens_its_own_reference_entry():
    from wish_tui.wishland.words.help_text import reference_entries

    titles = {title for title, _ in reference_entries()}
    record, history = record_of(options={"entrepreneurs": True, "achievement_tiles": True})
    state = history[-1]
    while state.phase != "turns":
        record, state = record.play(state, state.legal_actions()[0])
        history.append(state)
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        targets = game.info_targets(game.table.view(game.viewer))
        labels = [label for label, _ in targets]
        assert any(label.startswith("Your Entrepreneur:") for label in labels)
        assert any(label.startswith("Achievement ") for label in labels)
        for label, search in targets:
            # The search is an entry's whole title, so that entry comes first in the reference.
            assert search in titles, (label, search)


async def test_the_keys_window_shows_every_line_unwrapped_at_80x24():
    from textual.widgets import Static

    from wish_tui.ui.screens.help_screens import KeysScreen
    from wish_tui.wishland.words.help_text import KEYS

    app = app_of(*record_of(actions=TURNS))
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, KeysScreen)
        text = next(w for w in app.screen.query(Static) if type(w) is Static)
        # One screen row per line of the text (the game's keys, a window's, then the table's):
        # none wrapped, none cut off.
        table_keys = game_of(app).table_keys_text()
        lines = len(KEYS.splitlines()) + 1 + len(table_keys.splitlines())
        assert text.size.height == lines
        assert text.region.bottom <= 24


# -- the status line in solo ---------------------------------------------------------------------
def solo_record(actions):
    """A solo game of seed 26 (its first draw: K14 Rolly the Armadillo) after `actions`."""
    record, state = saves.GameRecord.new(["green"], 26, "standard", "wishland", {}, games=GAMES)
    history = [state]
    for text in actions:
        record, state = record.play(state, text)
        history.append(state)
    return record, history


def status_text(app) -> str:
    from wish_tui.widgets.view_text import ViewText

    return game_of(app).query_one("#status", ViewText).text.plain


async def test_the_solo_status_drops_the_card_name_rather_than_be_cut_at_80_columns():
    for size, named in (((80, 24), False), ((100, 30), True)):
        app = app_of(*solo_record(["order 1", "draw"]))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            status = status_text(app)
            assert "…" not in status and len(status) <= size[0]
            assert status.startswith("Green: Enter plays K14")
            assert ("Rolly the Armadillo" in status) is named
            assert "d draws again" in status and "m free draw" in status


async def test_the_solo_status_without_workers_names_collect_once():
    actions = ["order 1", "draw", "draw", "draw", "draw", "advertise", "gain happiness", "end"]
    app = app_of(*solo_record(actions))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert status_text(app) == "Green: no Worker at hand: c collects them · m free draw"


async def test_the_workers_line_of_your_park_fits_80_columns():
    from wish_tui.wishland.ui.park_view import ParkView

    app = app_of(*record_of(actions=TURNS))
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        lines = game_of(app).query_one(ParkView).text.plain.splitlines()
        workers = next(line for line in lines if line.startswith("Workers "))
        assert len(workers) <= 80 and "earn all 6" in workers, workers


async def test_the_symbols_line_of_a_long_park_wraps_whole_at_80_columns():
    """Seen: 'Symbols: 3 ferris wheel, 2 castle, ... roller coast…' (its Income and Credits
    cut off with it)."""
    from wish_tui.wishland.ui.park_view import ParkView, symbols_words

    for name in ("wishland-last-turn-hotels", "wishland-solo-round6"):
        loaded = saves.load_game(str(SCENARIOS / f"{name}.json"), games=GAMES)
        app = WishApp(Launch("load"), loaded)
        async with app.run_test(size=(80, 24)) as pilot:
            await lift_curtain(app, pilot)
            game = game_of(app)
            view = game.view()
            p = view["players"][game.viewer]
            lines = game.query_one(ParkView).text.plain.splitlines()
            assert all(len(line) <= 80 for line in lines), lines
            start = next(i for i, line in enumerate(lines) if line.startswith("Symbols: "))
            end = next(i for i, line in enumerate(lines) if line.startswith("Workers "))
            words = " ".join(line.strip() for line in lines[start:end])
            assert len(symbols_words(p)) + 30 > 80, name  # a long one
            assert words == f"{symbols_words(p)} · Income {p['income']}$ · Credits {p['credits']}$"
            screen = "\n".join(screen_lines(app))
            assert f"Credits {p['credits']}$" in screen and "…" not in lines[start], name
