"""The forest is the same for every seat: a table's master, whose views are read only, makes it
once a position for all of them (`core.state.views_shared`); anyone else gets a forest of their
own in each view."""

from __future__ import annotations

import random

from wish_tui.core.state import views_shared
from wish_tui.games import GAMES
from wish_tui.records import GameRecord
from wish_tui.spirits import rules
from wish_tui.spirits.rules import views
from wish_tui.tables.master import GameTable
from wish_tui.tables.seat import SPECTATOR


def _positions(seed: int, steps: int = 60):
    state = rules.new_game(["air", "water", "fire"], seed=seed, modules=rules.MODULES)
    rng = random.Random(seed)
    yield state
    for _ in range(steps):
        if state.is_over:
            return
        state = state.apply(rng.choice(state.legal_actions()))
        yield state


def test_views_made_sharing_the_forest_are_the_views_made_alone():
    for state in _positions(5):
        with views_shared(state, {}):
            shared = [state.view(seat) for seat in range(3)] + [state.public_view()]
        alone = [state.view(seat) for seat in range(3)] + [state.public_view()]
        assert shared == alone
        assert all(view["forest"] is shared[0]["forest"] for view in shared)
        assert alone[0]["forest"] is not alone[1]["forest"]


def test_a_tables_master_makes_a_positions_forest_once_for_every_seat_and_its_spectators(
    monkeypatch,
):
    """The forest was half of a Spirits view, made again for each seat of a position."""
    record, state = GameRecord.new(["air", "water"], 6, None, "spirits", games=GAMES)
    table = GameTable(record, [state])
    rng = random.Random(6)
    made = []
    forest = views._forest
    monkeypatch.setattr(views, "_forest", lambda st: made.append(st) or forest(st))
    for _ in range(12):
        seat = table.deciding
        choice = rng.choice(table.choices(seat).actions).notation
        made.clear()
        table.play(seat, choice)
        for shown in (0, 1, SPECTATOR):
            table.view(shown)
        assert len(made) == 1
