"""The Spirits of the Forest scenarios in saves/ are what their descriptions say."""

from __future__ import annotations

from pathlib import Path

import pytest

from wish_tui import saves
from wish_tui.spirits.rules import solo

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path / "data"))


def scenario(name):
    record, state, warning = saves.load_game(ROOT / "saves" / f"{name}.json")
    assert warning is None and record.game == "spirits"
    return record, state


def test_two_seat_start_with_both_modules():
    record, state = scenario("spirits-two-modules-start")
    assert state.num_seats == 2 and state.modules == ("wishes", "hexes")
    assert state.phase == "setup" and state.pending[0][0] == "wish"
    person = state.current_player
    assert record.seats[person]["who"] == "human"
    assert [s["who"] for i, s in enumerate(record.seats) if i != person] == ["hard"]


def test_four_seat_endgame_two_turns_from_the_last_tile():
    record, state = scenario("spirits-four-endgame")
    assert state.num_seats == 4 and state.modules == ("wishes", "hexes")
    assert state.phase == "play" and state.step == "take" and state.tiles_left in (3, 4)
    assert sum(1 for g in state.gems if g >= 0) >= 2
    assert record.seats[state.current_player]["who"] == "human"


def test_solo_one_row_from_the_end():
    record, state = scenario("spirits-solo-last-row")
    assert state.solo == "standard" and state.phase == "play"
    assert solo.empty_rows(state) == 2
    assert record.seats == [{"djinn": record.seats[0]["djinn"], "who": "human"}]
