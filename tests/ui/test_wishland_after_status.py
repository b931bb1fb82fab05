"""Once a Wishland turn's action is taken, the status line says how the turn ends ('e ends your
turn') whatever Achievement it names: at 80 columns 'Action done · v claims the Achievement for
having 5 Mascot cards: +1 VP · e…' lost the key that ends the turn."""

from __future__ import annotations

import random

from wish_tui import saves
from wish_tui.games import GAMES

from .helpers import app_of, lift_curtain, settle
from .test_wishland_flow import status_text


def after_an_action_with_one_claim(seed: int = 1):
    """A two-person game (seed 11) played by seeded random choices, claims left alone, up to a
    turn whose action is taken and one Achievement may be claimed: (record, history)."""
    rng = random.Random(seed)
    seats = [{"colour": "red", "who": "human"}, {"colour": "blue", "who": "human"}]
    record, state = saves.GameRecord.new(seats, 11, None, "wishland", {}, games=GAMES)
    history = [state]
    while not state.is_over:
        legal = state.legal_actions()
        claims = [a for a in legal if a.kind == "claim"]
        if state.view(state.current_player).get("stage") == "after" and len(claims) == 1:
            return record, history
        action = rng.choice([a for a in legal if a.kind != "claim"] or legal)
        record, state = record.play(state, str(action))
        history.append(state)
    raise AssertionError("no turn with one Achievement to claim")


async def test_the_status_after_an_action_keeps_the_key_that_ends_the_turn_at_80_columns():
    app = app_of(*after_an_action_with_one_claim())
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        await settle(pilot)
        status = status_text(app)
        assert "…" not in status and len(status) <= 80, status
        assert "v claims 5 Mascot cards" in status and status.endswith("e ends your turn")


async def test_the_status_with_no_card_to_buy_fits_80_columns_wherever_the_highlight_is():
    """With no card to buy, 'Y12: cannot buy (b says why) · 0 Workers at hand: c collects your
    Worke…' was cut at 80 columns: the key that passes on is said whole."""
    from . import helpers
    from .helpers import screen_of
    from .test_wishland_flow import TURNS, GameScreen

    turns = [*TURNS, "buy Y15", "buy Y3", "advertise", "gain happiness", "buy R9", "buy R6"]
    turns += ["advertise", "gain happiness", "collect"]  # Yellow: no Worker at hand
    seats = ("yellow", "blue")  # the longest name: the line has the least room
    app = app_of(*helpers.record_of("wishland", seats, ("human",) * 2, 11, {}, turns))
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = screen_of(app, GameScreen)
        assert not game.router.group("buy") and not game.router.group("advertise")
        for row in range(5):
            for column in range(4):
                game.cursor = (row, column)
                game.refresh_view()
                await settle(pilot)
                status = status_text(app)
                assert "…" not in status and len(status) <= 80, status
                assert "c collects" in status, status
