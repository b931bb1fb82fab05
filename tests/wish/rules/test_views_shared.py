"""The views of one position share what is the same for every seat only while their caller says
it reads them alone (`core.state.views_shared`): the same views, made once where they agree."""

from __future__ import annotations

from tests.rules_helpers import random_positions, views_after_random_moves
from wish_tui.core.state import views_shared
from wish_tui.games import GAMES
from wish_tui.records import GameRecord
from wish_tui.tables.master import GameTable
from wish_tui.wish import rules
from wish_tui.wish.rules import views

SEATS = ["air", "water", "fire", "earth"]


def _positions(seed: int, steps: int = 80):
    return random_positions(rules.new_game(SEATS, seed=seed), seed, steps)


def test_views_made_sharing_their_parts_are_the_views_made_alone():
    for seed in (1, 2):
        for state in _positions(seed):
            parts: dict = {}
            with views_shared(state, parts):
                shared = [state.view(seat) for seat in range(4)] + [state.public_view()]
            alone = [state.view(seat) for seat in range(4)] + [state.public_view()]
            assert shared == alone
            assert all(view["areas"] is shared[0]["areas"] for view in shared)
            # another seat's entry of a player is the one every other seat sees
            assert shared[0]["players"][1] is shared[2]["players"][1]


def test_views_made_alone_share_nothing_their_caller_could_change():
    state = next(_positions(3))
    first, second = state.view(0), state.view(1)
    assert first["areas"] is not second["areas"]
    assert first["areas"][0] is not second["areas"][0]
    assert first["players"][1] is not second["players"][1]
    assert first["supply"] is not second["supply"]


def test_a_tables_master_makes_a_positions_areas_once_for_every_seat_and_its_spectators(
    monkeypatch,
):
    """Wish's twelve Areas were a quarter of a view, made again for each seat of a position."""
    spec = GAMES["wish"]
    record, state = GameRecord.new(SEATS[:2], 4, None, "wish", games=GAMES)
    table = GameTable(record, [state])
    made = []
    area = views._area
    monkeypatch.setattr(views, "_area", lambda *args: made.append(args[1]) or area(*args))
    for _ in views_after_random_moves(table, 4, 12, made):
        assert len(made) == len(spec.rules.CATALOG.areas)
