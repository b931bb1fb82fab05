"""The forest is the same for every seat: a table's master, whose views are read only, makes it
once a position for all of them (`core.state.views_shared`); anyone else gets a forest of their
own in each view."""

from __future__ import annotations

from tests.rules_helpers import random_positions, views_after_random_moves
from wish_tui.core.state import views_shared
from wish_tui.games import GAMES
from wish_tui.records import GameRecord
from wish_tui.spirits import rules
from wish_tui.spirits.rules import views
from wish_tui.tables.master import GameTable


def _positions(seed: int, steps: int = 60):
    return random_positions(
        rules.new_game(["air", "water", "fire"], seed=seed, modules=rules.MODULES), seed, steps
    )


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
    made = []
    forest = views._forest
    monkeypatch.setattr(views, "_forest", lambda st: made.append(st) or forest(st))
    for _ in views_after_random_moves(table, 6, 12, made):
        assert len(made) == 1
