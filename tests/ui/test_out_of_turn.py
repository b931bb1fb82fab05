"""A game key pressed while another seat decides is kept for the person's turn, as a premove is
on lichess: it changes nothing until then (the key still hurries a bot, as the status line says
any key does), Esc forgets it, and when the turn comes its window opens in sight of the new
position (nothing is played unseen), or one sentence says why it cannot be taken."""

from __future__ import annotations

from wish_tui import saves
from wish_tui.cli import Launch
from wish_tui.games import GAMES
from wish_tui.spirits.ui import cursor as spirits_places
from wish_tui.tables import bot_turns
from wish_tui.ui.app import WishApp
from wish_tui.ui.screens.table_screen import TableScreen
from wish_tui.widgets.choice_panel import ChoicePanel

from ..wish.rules.helpers import started
from . import helpers
from .helpers import app_of, lift_curtain, refusals_of, screen_of, settle
from .test_action_keys import app_for, turn_position
from .test_game_flow import game_of, status_of


def bot_to_move_app() -> tuple[WishApp, int]:
    """The app on a turn of a random bot, the other seat a person's; the person's seat."""
    state = started(("fire", "water"), seed=3)
    seats = [
        {"djinn": d, "who": "random" if s == state.current_player else "human"}
        for s, d in enumerate(state.djinns)
    ]
    record, _ = saves.GameRecord.new(seats, 3, games=GAMES)
    record.state = state.to_dict()
    return WishApp(Launch("load"), (record, state, None)), 1 - state.current_player


async def test_a_game_key_while_a_bot_decides_waits_for_the_persons_turn(monkeypatch):
    monkeypatch.setattr(bot_turns, "BOT_PACE", 60.0)  # the bot waits for a key to hurry it
    app, mine = bot_to_move_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 5)
        game = game_of(app)
        bot = game.table.deciding
        assert bot != mine
        before = game.table.state.players[mine].to_dict()
        refusals = refusals_of(game)
        await pilot.press("t")
        await settle(pilot, 5)
        assert refusals == []  # kept, not refused
        assert not game.query_one(ChoicePanel).is_open
        assert game.table.state.players[mine].to_dict() == before
        if game.table.deciding == bot:  # the hurried bot may have ended its turn already
            assert "t waits for your turn (Esc forgets it)" in " ".join(status_of(game))
            await pilot.press("escape")
            await settle(pilot)
            assert "waits for your turn" not in " ".join(status_of(game))
            assert refusals == []


async def test_a_kept_key_opens_its_window_when_the_turn_comes(monkeypatch):
    monkeypatch.setattr(bot_turns, "BOT_PACE", 60.0)
    app, mine = bot_to_move_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 5)
        game = game_of(app)
        await pilot.press("t")
        panel = game.query_one(ChoicePanel)
        for _ in range(400):  # the bot's other steps, hurried as a person would press keys
            if game.table.deciding == mine and not game.busy:
                break
            game.table.hurry()
            await pilot.pause(0.02)
        await settle(pilot, 5)
        while panel.is_open and not panel.title_text.startswith("Travel"):
            await pilot.press("1")  # a decision the rules ask at the turn's start comes first
            await settle(pilot, 5)
        assert panel.is_open and panel.title_text.startswith("Travel")
        assert "travel" not in game.table.state.players[mine].markers  # nothing played unseen


async def test_a_kept_key_of_one_action_asks_before_it_plays():
    """Manifest plays at once in the turn itself; kept from before the turn, its window asks
    first, the person seeing the position it is played in."""
    state, seat = turn_position()
    app = app_for(state)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = game_of(app)
        game.turns.kept = "m"  # as pressed while a bot decided
        game.table_changed()  # the bot's move: the decision is this keyboard's again
        await settle(pilot)
        panel = game.query_one(ChoicePanel)
        assert panel.is_open and panel.title_text.startswith("Manifest")
        assert "manifest" not in game.table.state.players[seat].markers
        assert game.turns.kept is None
        await pilot.press("enter")
        await settle(pilot)
        while panel.is_open and not panel.title_text.startswith("Manifest"):
            await pilot.press("1")  # what Manifest itself asks (a column)
            await settle(pilot)
        assert "manifest" in game.table.state.players[seat].markers


async def test_a_kept_key_that_cannot_be_taken_says_why_without_blame():
    state, seat = turn_position()
    app = app_for(state)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = game_of(app)
        assert not game.router.group("fulfill")
        refusals = refusals_of(game)
        actions = game.table.actions
        game.turns.kept = "f"
        game.table_changed()
        await settle(pilot)
        assert len(refusals) == 1
        assert refusals[0].startswith("The f pressed before your turn cannot be taken now:")
        assert "again" not in refusals[0]
        assert game.table.actions == actions and game.turns.kept is None


async def test_a_kept_buy_opens_on_the_highlighted_card():
    """In Wishland b buys the highlighted card: kept from before the turn, its window of every
    card that can be bought opens on that card (Enter buys it), nothing bought unseen."""
    from .test_wishland_flow import TURNS, record_of

    record, history = record_of(actions=[*TURNS, "collect"])
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = screen_of(app, TableScreen)
        await pilot.press("1", "right")  # Y3 Mirror Maze, not the first card bought
        await settle(pilot)
        assert game.cursor == (0, 1)
        actions = game.table.actions
        game.turns.kept = "b"
        game.table_changed()
        await settle(pilot)
        panel = game.query_one(ChoicePanel)
        assert panel.is_open and panel.title_text.startswith("Buy")
        assert game._options[panel.highlighted].arg == "Y3"
        assert game.table.actions == actions
        await pilot.press("enter")
        await settle(pilot)
        assert game.table.record.actions[-1] == "buy Y3"


async def test_a_kept_take_opens_on_the_highlighted_row_end():
    """In Spirits of the Forest Enter takes the highlighted row end: kept from before the turn,
    its window opens on that end."""
    record, history = helpers.record_of("spirits", ("air", "water"), ("human", "human"), 3, {})
    app = app_of(record, history)
    async with app.run_test(size=(100, 30)) as pilot:
        await lift_curtain(app, pilot)
        game = screen_of(app, TableScreen)
        panel = game.query_one(ChoicePanel)
        await helpers.past_the_setup(app, pilot, "take")
        targets = spirits_places.take_targets(game.view(), game.legal())
        place = max(targets)  # not the first end offered
        wanted = targets[place]
        game.cursor = place
        game.refresh_view()
        assert game.highlighted_action("take") == wanted
        actions = game.table.actions
        game.turns.kept = "enter"
        game.table_changed()
        await settle(pilot)
        assert panel.is_open
        assert game._options[panel.highlighted] == wanted
        assert game.table.actions == actions


async def test_wishland_arrows_browse_while_another_seat_decides(monkeypatch):
    """While another seat decides, the arrows and the row keys move Wishland's highlight (the
    board may be browsed, nothing is played), so a kept b acts where the person pointed."""
    from .test_wishland_flow import TURNS, record_of

    monkeypatch.setattr(bot_turns, "BOT_PACE", 60.0)
    # Seed 11: Blue (a bot here) plays first after the Turn Order, then Red (the person).
    record, history = record_of(who=("human", "random"), actions=TURNS)
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = screen_of(app, TableScreen)
        assert game.table.deciding == 1 and not game.turns.kept
        hurry = game.table.hurry
        monkeypatch.setattr(game.table, "hurry", lambda: None)  # as a person elsewhere decides
        refusals = refusals_of(game)
        start = game.cursor
        await pilot.press("right")
        await settle(pilot)
        assert game.cursor != start
        await pilot.press("4")
        await settle(pilot)
        assert game.cursor[0] == 3
        await pilot.press("b")
        await settle(pilot)
        assert game.turns.kept == "b" and refusals == []
        pointed = game._cards(game.view())[game.cursor]["id"]
        hurry()
        panel = game.query_one(ChoicePanel)
        await helpers.wait_until(pilot, lambda: panel.is_open)
        await settle(pilot)
        assert game.table.deciding == 0
        assert panel.title_text.startswith("Buy")
        assert game._options[panel.highlighted].arg == pointed


async def test_a_kept_keys_window_is_what_the_status_line_speaks_of():
    """b pressed again as a kept b's window opens (twice while waiting, the second landing
    in the window) is not refused as if the highlighted card could not be bought: the status
    line speaks of the open window."""
    from .test_wishland_flow import TURNS, record_of

    record, history = record_of(actions=[*TURNS, "collect"])
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = screen_of(app, TableScreen)
        game.turns.kept = "b"
        game.table_changed()
        await settle(pilot)
        panel = game.query_one(ChoicePanel)
        assert panel.is_open and panel.title_text.startswith("Buy")
        await pilot.press("b")
        await settle(pilot)
        assert panel.is_open
        status = " ".join(status_of(game))
        assert "cannot be had" not in status
        assert "window" in status and "Enter" in status


async def test_spirits_arrows_browse_the_row_ends_while_another_seat_decides(monkeypatch):
    """As in Wishland: while another seat decides, the arrows and the row keys move the
    highlight over the forest's row ends (the detail line reads the tile; nothing is played),
    and the key bar shows them live, not greyed; a kept Enter then opens on that end."""
    monkeypatch.setattr(bot_turns, "BOT_PACE", 60.0)
    record, history = helpers.record_of("spirits", ("air", "water"), ("random", "human"), 3, {})
    app = app_of(record, history)
    async with app.run_test(size=(100, 30)) as pilot:
        await lift_curtain(app, pilot)
        game = screen_of(app, TableScreen)
        assert game.table.deciding == 0 and not game._human_main_turn()
        hurry = game.table.hurry
        monkeypatch.setattr(game.table, "hurry", lambda: None)  # as a person elsewhere decides
        refusals = refusals_of(game)
        assert game.check_action("cursor", (1, 0)) is True
        assert game.check_action("row", (3,)) is True
        await pilot.press("4")
        await settle(pilot)
        assert game.cursor is not None and game.cursor // spirits_places.COLUMNS == 3
        start = game.cursor
        await pilot.press("right")
        await settle(pilot)
        assert game.cursor != start and game.cursor // spirits_places.COLUMNS == 3
        assert refusals == [] and game.table.deciding == 0
        assert not game.gem_mode
        await pilot.press("enter")
        await settle(pilot)
        assert game.turns.kept == "enter"
        pointed = game.cursor
        panel = game.query_one(ChoicePanel)

        def turn_come() -> bool:
            if game.table.deciding == 0:
                hurry()  # each of the bot's decisions in its turn
            return panel.is_open or game._human_main_turn()

        await helpers.wait_until(pilot, turn_come)
        await settle(pilot)
        assert panel.is_open  # the row end pointed at is still there to take (seed 3)
        wanted = spirits_places.take_targets(game.view(), game.legal())[pointed]
        assert game._options[panel.highlighted] == wanted
