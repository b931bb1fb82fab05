"""The Spirits of the Forest and Wishland scenarios in saves/ are what their descriptions say."""

from __future__ import annotations

from pathlib import Path

import pytest

from wish_tui import saves
from wish_tui.games import GAMES
from wish_tui.spirits.rules import solo

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path / "data"))


def scenario(game, name):
    record, state, warning = saves.load_game(ROOT / "saves" / f"{name}.json", games=GAMES)
    assert warning is None and record.game == game
    return record, state


# -- Spirits of the Forest -----------------------------------------------------------------------
def test_two_seat_start_with_both_modules():
    record, state = scenario("spirits", "spirits-two-modules-start")
    assert state.num_seats == 2 and state.modules == ("wishes", "hexes")
    assert state.phase == "setup" and state.pending[0][0] == "wish"
    person = state.current_player
    assert record.seats[person]["who"] == "human"
    assert [s["who"] for i, s in enumerate(record.seats) if i != person] == ["hard"]


def test_four_seat_endgame_two_turns_from_the_last_tile():
    record, state = scenario("spirits", "spirits-four-endgame")
    assert state.num_seats == 4 and state.modules == ("wishes", "hexes")
    assert state.phase == "play" and state.step == "take" and state.tiles_left in (3, 4)
    assert sum(1 for g in state.gems if g >= 0) >= 2
    assert record.seats[state.current_player]["who"] == "human"


def test_solo_one_row_from_the_end():
    record, state = scenario("spirits", "spirits-solo-last-row")
    assert state.solo == "standard" and state.phase == "play"
    assert solo.empty_rows(state) == 2
    assert record.seats == [{"djinn": record.seats[0]["djinn"], "who": "human"}]


# -- Wishland --------------------------------------------------------------------------------------
def test_four_seat_start_with_both_options():
    record, state = scenario("wishland", "wishland-four-start")
    assert state.num_seats == 4 and state.ent_opt and state.tiles_opt
    assert state.phase == "setup" and state.pending[0][0] == "keep"
    person = state.current_player
    assert record.seats[person] == {"colour": state.seats[person], "who": "human"}
    assert sorted(s["who"] for s in record.seats) == ["human", "medium", "medium", "medium"]


def test_last_turn_of_round_7_with_hotels_8_and_10_to_score():
    record, state = scenario("wishland", "wishland-last-turn-hotels")
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
    record, state = scenario("wishland", "wishland-solo-round6")
    assert state.solo and state.round == 6 and state.turn == 1 and state.stage == "start"
    assert record.solo == "standard" and record.seats == [{"colour": "green", "who": "human"}]
    assert state.ent_opt and state.tiles_opt
