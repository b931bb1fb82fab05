"""The key groups of a seat's choices: each legal action's worked out once, and the same as its
groups' tests say, position after position, in every game."""

from __future__ import annotations

import random

import pytest

from wish_tui import games
from wish_tui.records import GameRecord
from wish_tui.tables import master
from wish_tui.tables.master import seat_choices

GAME_NAMES = sorted(games.GAMES)


def new_game(game: str):
    spec = games.get(game)
    seats = [{spec.seat_key: name, "who": "human"} for name in spec.seats[:2]]
    return spec, GameRecord.new(seats, 5, None, game, games=games.GAMES)[1]


@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_choice_has_the_groups_its_tests_give(game):
    spec, state = new_game(game)
    groups = spec.choices.KEY_GROUPS
    rng = random.Random(2)
    for _ in range(120):
        if state.is_over:
            break
        seat = state.current_player
        choices = seat_choices(spec, state, seat, state.view(seat), (False, ""))
        by_notation = {str(a): a for a in state.legal_actions()}
        for choice in choices.actions:
            action = by_notation[choice.notation]
            assert choice.groups == tuple(g for g, (_, t) in groups.items() if t(action))
        state = state.apply(rng.choice(state.legal_actions()))


def test_an_actions_groups_are_tested_once_not_at_every_position(monkeypatch):
    spec, state = new_game("wish")
    asked = []

    def counted(test):
        return lambda action: asked.append(action) or test(action)

    counting = {g: (title, counted(test)) for g, (title, test) in spec.choices.KEY_GROUPS.items()}
    monkeypatch.setattr(spec.choices, "KEY_GROUPS", counting)
    monkeypatch.setattr(master, "_GROUPS", {})
    seat = state.current_player
    seat_choices(spec, state, seat, state.view(seat), (False, ""))
    first = len(asked)
    assert first == len(state.legal_actions()) * len(counting)
    seat_choices(spec, state, seat, state.view(seat), (False, ""))
    assert len(asked) == first  # the same actions: their groups were kept


def test_the_kept_groups_are_bounded(monkeypatch):
    spec, state = new_game("wish")
    monkeypatch.setattr(master, "_GROUPS", {})
    monkeypatch.setattr(master, "GROUPS_KEPT", 3)
    seat = state.current_player
    seat_choices(spec, state, seat, state.view(seat), (False, ""))
    assert len(master._GROUPS) <= 3
