"""The Wishland scenarios in saves/ are what their descriptions say."""

from __future__ import annotations

from pathlib import Path

import pytest

from wish_tui import saves

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path / "data"))


def scenario(name):
    record, state, warning = saves.load_game(ROOT / "saves" / f"{name}.json")
    assert warning is None and record.game == "wishland"
    return record, state


def test_four_seat_start_with_both_options():
    record, state = scenario("wishland-four-start")
    assert state.num_seats == 4 and state.ent_opt and state.tiles_opt
    assert state.phase == "setup" and state.pending[0][0] == "keep"
    person = state.current_player
    assert record.seats[person] == {"colour": state.seats[person], "who": "human"}
    assert sorted(s["who"] for s in record.seats) == ["human", "medium", "medium", "medium"]


def test_last_turn_of_round_7_with_hotels_8_and_10_to_score():
    record, state = scenario("wishland-last-turn-hotels")
    assert state.phase == "turns" and state.round == 7 and state.turn == 4
    assert state.idx == len(state.order) - 1 and state.stage == "start"
    seat = state.current_player
    assert record.seats[seat]["who"] == "human"
    p = state.players[seat]
    assert p.has_hotel(8) and p.has_hotel(10)
    # Whatever the person does now, Final Scoring asks Hotel #8's bonus before the end.
    after = state.apply(state.legal_actions()[-1])
    while after.phase == "turns":
        after = after.apply(after.legal_actions()[-1])
    assert after.phase == "final" and after.pending[0][:2] == ("bonus", seat)


def test_solo_in_round_6():
    record, state = scenario("wishland-solo-round6")
    assert state.solo and state.round == 6 and state.turn == 1 and state.stage == "start"
    assert record.solo == "standard" and record.seats == [{"colour": "green", "who": "human"}]
    assert state.ent_opt and state.tiles_opt
