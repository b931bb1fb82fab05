"""Notation is read whatever its case, and with the British spelling 'fulfil' too: the rules' reason
then speaks of the move typed, not of a name it did not recognise."""

from __future__ import annotations

import pytest

from wish_tui import games
from wish_tui.records import GameRecord
from wish_tui.wish.rules import IllegalAction, parse_action


@pytest.fixture
def first_turn():
    seats = [{"djinn": "air", "who": "human"}, {"djinn": "water", "who": "easy"}]
    record, state = GameRecord.new(seats, 3, games=games.GAMES)
    while state.phase == "setup":
        record, state = record.play(state, state.legal_actions()[0])
    return state


def test_a_legal_move_in_any_case_is_that_move(first_turn):
    legal = next(a for a in first_turn.legal_actions() if a.kind == "travel")
    assert parse_action(first_turn, str(legal).upper()) == legal
    assert parse_action(first_turn, f"Travel {legal.arg.lower()}") == legal


def test_an_illegal_move_in_lower_case_gets_the_reason_of_its_names(first_turn):
    here = first_turn.players[first_turn.current_player].area
    far = next(
        a.name
        for i, a in enumerate(first_turn.catalog.areas)
        if i != here and i not in first_turn.catalog.areas[here].neighbours
    )
    with pytest.raises(IllegalAction, match=f"^{far} does not border"):
        parse_action(first_turn, f"travel {far.lower()}")
    card = next(w for w in first_turn.catalog.wishes if w not in first_turn.players[0].hand)
    with pytest.raises(IllegalAction, match=f"^{card} is not in your hand"):
        parse_action(first_turn, f"fulfil {card.lower()}")
