"""Once the Entrepreneurs are revealed, what every seat sees of a player is the same: a table's
master, whose views are read only, makes it once a position (`core.state.views_shared`), each
seat's own entry adding its hand; anyone else gets entries of their own in each view."""

from __future__ import annotations

from tests.rules_helpers import random_positions, views_after_random_moves
from wish_tui.core.state import views_shared
from wish_tui.games import GAMES
from wish_tui.records import GameRecord
from wish_tui.tables.master import GameTable
from wish_tui.wishland import rules
from wish_tui.wishland.rules import views

SEATS = ["red", "blue", "green"]


def _positions(seed: int, steps: int = 80):
    return random_positions(rules.new_game(SEATS, seed=seed, entrepreneurs=True), seed, steps)


def test_views_made_sharing_their_players_are_the_views_made_alone():
    revealed = 0
    for state in _positions(7):
        with views_shared(state, {}):
            shared = [state.view(seat) for seat in range(3)] + [state.public_view()]
        alone = [state.view(seat) for seat in range(3)] + [state.public_view()]
        assert shared == alone
        if state.phase != "setup":
            revealed += 1
            assert shared[0]["players"][1] is shared[2]["players"][1]
        assert alone[0]["players"][1] is not alone[2]["players"][1]
    assert revealed


def test_a_tables_master_makes_each_players_entry_once_a_position(monkeypatch):
    record, state = GameRecord.new(SEATS[:2], 8, None, "wishland", games=GAMES)
    table = GameTable(record, [state])
    made = []
    player = views._player
    monkeypatch.setattr(views, "_player", lambda *args: made.append(args[1]) or player(*args))
    counted = 0
    for _ in views_after_random_moves(table, 8, 30, made):
        if table.state.phase != "setup":
            counted += 1
            assert sorted(made) == [0, 1]
    assert counted
