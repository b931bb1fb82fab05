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
