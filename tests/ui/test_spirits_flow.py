"""Pilot tests of Spirits of the Forest in the terminal app: setup, a whole turn by keys, refusals,
undo, saves, hot-seat curtains and secrets."""

from __future__ import annotations

from wish_tui import saves
from wish_tui.cli import Launch
from wish_tui.games import GAMES
from wish_tui.spirits.rules import CATALOG, CATEGORIES, Action
from wish_tui.spirits.ui.game_screen import GameScreen
from wish_tui.ui.app import WishApp
from wish_tui.ui.screens.curtain import CurtainScreen
from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.game_log import GameLog

from . import helpers
from .helpers import app_of, lift_curtain, refusals_of, replay_from_load, screen_of, settle

BOTH = ("wishes", "hexes")


def record_of(who=("human", "human"), seats=("air", "water"), seed=7, modules=BOTH, actions=()):
    """A game's record and states after `actions` (notation, or 'setup' for every first keep)."""
    return helpers.record_of("spirits", seats, who, seed, {"modules": list(modules)}, actions)


def game_of(app) -> GameScreen:
    return screen_of(app, GameScreen)


def panel_open(app) -> bool:
    return game_of(app).query_one(ChoicePanel).is_open


def end_tile(state, row: int, end: int) -> int:
    """The tile at an end of a row (rows and ends from 0)."""
    col = state.lo[row] if end == 0 else state.hi[row] - 1
    return state.forest[row * 12 + col]


# -- setup ---------------------------------------------------------------------------------------
async def test_the_wish_and_hex_keeps_are_asked_in_the_panel():
    record, history = record_of()
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        seat = game.table.state.current_player
        assert game.viewer == seat and panel_open(app)
        title = game.query_one(ChoicePanel).title_text
        assert "Keep one of your two Wish cards" in title
        options = game.table.state.wish_options[seat]
        await pilot.press("2")
        await settle(pilot)
        assert game.table.state.wish[seat] == options[1]
        assert panel_open(app)
        assert "Hex" in game.query_one(ChoicePanel).title_text
        hexes = game.table.state.hex_options[seat]
        await pilot.press("1")
        await settle(pilot)
        assert game.table.state.hex[seat] == hexes[0]


# -- a turn by keys ------------------------------------------------------------------------------
async def test_a_first_turn_by_arrows_enter_and_a_gemstone_with_g():
    record, history = record_of(actions=["setup"])
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        state = game.table.state
        seat = state.current_player
        assert game.cursor == 0  # row 1, left end
        await pilot.press("right", "down", "down")
        await settle(pilot)
        assert game.cursor == 2 * 12 + 11
        wanted = end_tile(state, 2, 1)
        await pilot.press("enter")
        await settle(pilot)
        assert game.table.state.tiles[seat] == (wanted,)
        assert game.table.state.step == "gem"  # the very first turn takes one tile
        await pilot.press("g")
        await settle(pilot)
        assert game.gem_mode
        status = game.turn_status(game.view())
        assert "n: no gemstone" in status and "none" not in status, status
        start = game.cursor
        await pilot.press("left")
        await settle(pilot)
        assert game.cursor == start - 1
        await pilot.press("enter")
        await settle(pilot)
        assert game.table.state.gems[start - 1] == seat
        assert game.table.state.supply[seat] == CATALOG.gems[2] - 1
        assert game.table.state.current_player != seat
        log = "".join(line.text for line in game.query_one(GameLog).lines)
        assert "reserves" in log and "with a gemstone" in log


def second_tile_position():
    """A seed and a turn start (not the first) where the seat can take a one-symbol tile whose
    spirit shows at another row end: (record, history, row, end)."""
    for seed in range(1, 200):
        record, history = record_of(seed=seed, actions=["setup"])
        state = history[-1]
        record, state = record.play(state, state.legal_actions()[0])
        history.append(state)
        record, state = record.play(state, Action("skip"))
        history.append(state)
        cat = CATALOG
        for action in state.legal_actions():
            if action.kind != "take":
                continue
            tile = end_tile(state, action.a, action.b)
            if cat.tile_symbols[tile] != 1:
                continue
            after = state.apply(action)
            if after.step == "more":
                return record, history, action.a, action.b
    raise AssertionError("no seed gives a second tile")


async def test_take_by_row_number_then_stop_with_n_then_skip_the_gemstone():
    record, history, row, end = second_tile_position()
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        seat = game.table.state.current_player
        wanted = end_tile(game.table.state, row, end)
        await pilot.press(str(row + 1), "left" if end == 0 else "right")
        await settle(pilot)
        assert game.cursor // 12 == row
        await pilot.press("enter")
        await settle(pilot)
        assert game.table.state.tiles[seat][-1] == wanted
        assert game.table.state.step == "more"
        status = game.query_one("#status").text.plain
        assert "a second" in status and "n stops" in status
        await pilot.press("n")
        await settle(pilot)
        assert game.table.state.step == "gem" and game.table.state.tiles[seat] == (wanted,)
        await pilot.press("n")
        await settle(pilot)
        assert game.table.state.current_player != seat
        assert game.table.record.actions[-2:] == ["stop", "skip"]


async def test_a_refused_key_says_why_in_one_sentence_and_changes_nothing():
    record, history = record_of(actions=["setup"])
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        before = game.table.state.to_dict()
        refusals = refusals_of(game)
        await pilot.press("g")
        await settle(pilot)
        sentence = "The gemstone comes after collecting: take a tile first (Enter)."
        assert refusals == [sentence]
        assert game.query_one("#status").text.plain == f"✗ {sentence}"
        await pilot.press("n")
        await settle(pilot)
        assert "take a tile first" in refusals[-1]
        assert "take a tile first" in game.query_one("#status").text.plain
        assert game.table.state.to_dict() == before


async def test_undo_takes_back_a_tile_before_anything_hidden_is_seen():
    record, history = record_of(actions=["setup"])
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        before = game.table.state.to_dict()
        actions = list(game.table.record.actions)
        await pilot.press("enter")
        await settle(pilot)
        assert game.table.state.to_dict() != before
        await pilot.press("u")
        await settle(pilot)
        assert game.table.state.to_dict() == before
        assert game.table.record.actions == actions


async def test_save_then_continue_resumes_the_same_game(data_dir):
    record, history = record_of(actions=["setup"])
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        named = [i for i in saves.list_saves(games=GAMES) if not i.is_autosave]
        assert len(named) == 1 and named[0].game == "spirits"
        actions = list(game.table.record.actions)
    info = saves.latest_save(games=GAMES)
    loaded = saves.load_with_history(str(info.path), games=GAMES)
    assert loaded[2] is None
    resumed = WishApp(Launch("continue"), loaded)
    async with resumed.run_test(size=(80, 24)) as pilot:
        await lift_curtain(resumed, pilot)
        game = game_of(resumed)
        assert game.table.record.actions == actions
        assert game.table.state.step == "gem"
        await pilot.press("n")
        await settle(pilot)
        assert game.table.record.actions[-1] == "skip"


# -- hot-seat and secrets ------------------------------------------------------------------------
async def test_hot_seat_curtain_between_two_people():
    record, history = record_of(actions=["setup"])
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        first = game.table.state.current_player
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert app.screen.reason == "It is their turn."
        assert game.table.state.current_player != first
        assert game.viewer == first  # the table is still hidden behind the curtain
        await pilot.press("enter")
        await settle(pilot)
        assert game.viewer == game.table.state.current_player != first


def screen_text(app) -> str:
    """Every line the game screen shows, as plain text."""
    game = game_of(app)
    board = [game.query_one(w).text.plain for w in ("#seats", "#cards", "#status")]
    log = "".join(line.text for line in game.query_one(GameLog).lines)  # wrapped lines
    return "\n".join([*board, log])


async def test_no_other_seats_token_faces_on_screen():
    """Hot-seat: Air finds a Favor token; Water's screen shows only that Air has one."""
    record, history = record_of(actions=["setup"])
    state = history[-1]
    first = state.current_player
    record, state = record.play(state, "take 1 left")
    record, state = record.play(state, "skip")
    history += [state]
    token = state.marks[1]
    assert token >= 0
    kind = CATALOG.kind_name(CATALOG.tokens[token])
    record, state = record.play(state, "take 1 left")  # the second seat finds it
    finder = 1 - first
    while state.current_player == finder:
        record, state = record.play(state, "stop" if state.step == "more" else "skip")
    assert state.held[finder] == (token,)
    app = app_of(record, [state])
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        assert game.viewer == first
        text = screen_text(app)
        assert "finds a Favor token (face down)" in text
        assert f"token: {kind}" not in text and f"tokens: {kind}" not in text
        assert "Your Favor tokens: none" in text


# -- the new-game form ---------------------------------------------------------------------------
async def test_new_game_form_chooses_spirits_with_both_modules():
    from textual.widgets import Checkbox, Select

    from wish_tui.ui.new_game import NewGameScreen

    app = WishApp(Launch())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # New game
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        await pilot.press("enter", "down", "enter")  # the Game list: Spirits of the Forest
        await settle(pilot)
        assert form.game.name == "spirits"
        seat = form.query_one("#djinn0", Select)
        assert str(seat.query_one("SelectCurrent").label) == "Random element"
        boxes = list(form.query(Checkbox))
        assert [str(b.label) for b in boxes] == ["Wishes", "Hexes"]
        await pilot.press(*["tab"] * 10, "space", "tab", "space")
        await settle(pilot)
        assert all(b.value for b in boxes)
        await pilot.press("ctrl+n")
        await settle(pilot, 5)
        game = game_of(app)
        assert game.table.record.game == "spirits"
        assert game.table.state.modules == ("wishes", "hexes")
        assert [s.who for s in game.table.seats] == ["human", "easy"]


async def test_new_game_form_hides_the_modules_in_solo_and_says_why():
    from textual.widgets import Checkbox, Label, Select

    from wish_tui.ui.new_game import NewGameScreen

    app = WishApp(Launch("new-game", game="spirits"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#solo", Select).value = "standard"
        await settle(pilot)
        assert all(b.disabled and not b.display for b in form.query(Checkbox))
        # the rulebook: "Modules are off in solo" — the form says so where the boxes were
        note = form.query_one("#solo-note", Label)
        assert note.display and "off in solo" in str(note.render())
        form.query_one("#solo", Select).value = ""
        await settle(pilot)
        assert all(b.display and not b.disabled for b in form.query(Checkbox))
        assert not note.display
        form.query_one("#solo", Select).value = "standard"
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot, 5)
        game = game_of(app)
        assert game.table.state.solo == "standard" and game.table.state.modules == ()


# -- the end of the game -------------------------------------------------------------------------
async def test_the_game_over_table_from_the_four_seat_endgame(monkeypatch):
    """Play the scenario's last turns by keys (Enter takes, n stops or skips) to the final scoring:
    every category with its -3s, the Wish and the Hex, the total, the tiles, the places."""
    from textual.widgets import DataTable

    from wish_tui.spirits.ui.game_over import GameOverScreen
    from wish_tui.tables import bot_turns

    monkeypatch.setattr(bot_turns, "BOT_PACE", 0.0)
    loaded = saves.load_with_history("spirits-four-endgame", games=GAMES)
    app = WishApp(Launch("load"), loaded)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):
            await settle(pilot, 4)
            if isinstance(app.screen, GameOverScreen):
                break
            game = game_of(app)
            if panel_open(app):
                await pilot.press("1")
            elif game._human_main_turn():
                await pilot.press("n" if game.table.state.step in ("more", "gem") else "enter")
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        scores = game.table.state.final_scores()
        table = screen.query_one(DataTable)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        labels = [r[0] for r in rows]
        assert labels[:2] == ["Wish", "Mo Moss"] and len(rows) == 16
        assert labels[-3:] == ["Hex", "Total", "Tiles (tie-break)"]
        minus = 0
        for i, entry in enumerate(scores["seats"]):
            assert rows[-2][1 + i].strip() == str(entry["total"])
            assert rows[-1][1 + i].strip() == str(entry["tiles"])
            assert rows[-3][1 + i].split()[0] == str(entry["steps"]["hex"])
            for c, category in enumerate(CATEGORIES):
                assert rows[1 + c][1 + i].split()[0] == str(entry["steps"][category])
                minus += category in entry["penalties"]
        assert minus > 0  # the -3s are there to be seen
        winner = scores["winners"][0]
        verdict = str(screen.query_one("#verdict").render())
        assert verdict.startswith(game.table.state.seats[winner].capitalize())


# -- decisions off the forest --------------------------------------------------------------------
def position_where(test, seeds=range(1, 300)):
    """A two-person game played by seeded random choices up to a turn start where `test(state)`
    holds: (record, history)."""
    import random

    for seed in seeds:
        rng = random.Random(seed)
        record, history = record_of(seed=seed, actions=["setup"])
        state = history[-1]
        while not state.is_over:
            if state.step == "take" and not state.took and test(state):
                return record, history
            record, state = record.play(state, rng.choice(state.legal_actions()))
            history.append(state)
    raise AssertionError("no seed reaches the position")


def reserved_end(state):
    """A row end reserved by another seat, (row, end), when the seat to move has a gemstone in
    its supply and one in the forest (so it chooses which to give up)."""
    seat = state.current_player
    if not (state.supply[seat] and seat in state.gems):
        return None
    for action in state.legal_actions():
        if action.kind == "take":
            col = state.lo[action.a] if action.b == 0 else state.hi[action.a] - 1
            owner = state.gems[action.a * 12 + col]
            if owner >= 0 and owner != seat:
                return action.a, action.b
    return None


async def test_the_gemstone_to_give_up_is_asked_in_the_panel():
    record, history = position_where(reserved_end)
    row, end = reserved_end(history[-1])
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        seat = game.table.state.current_player
        lost = game.table.state.lost[seat]
        await pilot.press(str(row + 1), "left" if end == 0 else "right", "enter")
        await settle(pilot)
        assert game.table.state.step == "give" and panel_open(app)
        title = game.query_one(ChoicePanel).title_text
        assert "give up one of your gemstones" in title
        await pilot.press("1")
        await settle(pilot)
        assert game.table.state.lost[seat] == lost + 1
        assert game.table.record.actions[-1] == "give supply"


def plus_to_spend(state):
    seat = state.current_player
    return any(a.kind == "plus" for a in state.legal_actions()) and state.lost[seat] > 0


async def test_a_plus_token_is_spent_with_p_after_a_question():
    record, history = position_where(plus_to_spend)
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = game_of(app)
        seat = game.table.state.current_player
        lost, supply = game.table.state.lost[seat], game.table.state.supply[seat]
        await pilot.press("p")
        await settle(pilot)
        assert panel_open(app) and "+ token" in game.query_one(ChoicePanel).title_text
        await pilot.press("1")
        await settle(pilot)
        assert (
            game.table.state.lost[seat] == lost - 1 and game.table.state.supply[seat] == supply + 1
        )
        assert game.table.record.actions[-1] == "plus"


# -- load and replay -----------------------------------------------------------------------------
async def test_load_lists_and_opens_a_spirits_save_and_replay_steps_through_it():
    record, history = record_of(actions=["setup", "take 1 left", "skip"])
    saves.save_game(record, "forest evening")
    app = WishApp(Launch())
    async with app.run_test(size=(100, 30)) as pilot:
        replay = await replay_from_load(
            pilot, app, "forest evening", "spirits", "spirits-four-endgame", steps=3
        )
        assert replay.states[3].to_dict() == history[3].to_dict()
        await pilot.press("p")
        await settle(pilot, 5)
        game = game_of(app)
        assert game.table.record.actions == record.actions[:3]
