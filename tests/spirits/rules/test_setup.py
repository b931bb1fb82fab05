"""Setup (base game, "Setup"; the module's "Setup") and the arguments of `new_game`."""

from __future__ import annotations

import pytest

from wish_tui.spirits import rules
from wish_tui.spirits.rules import CATALOG

from .helpers import FOUR, names, place


def test_the_forest_is_48_tiles_face_up_in_4_rows_of_12():
    """Setup 1: "Shuffle the tiles and lay all 48 face up in 4 rows of 12: the forest." """
    state = rules.new_game(["air", "water"], seed=1)
    assert sorted(state.forest) == list(range(48))
    view = state.view(0)
    assert [len(row) for row in view["forest"]] == [12] * 4
    assert all(entry["face_up"] and "spirit" in entry for row in view["forest"] for entry in row)
    assert rules.new_game(["air", "water"], seed=2).forest != state.forest


def test_eight_favor_tokens_on_their_places_and_six_aside():
    """Setup 2: "put 8 of them face down on fixed places (row, column, counted from 1): (1,2)
    (1,11) (2,3) (2,10) (3,4) (3,9) (4,5) (4,8). The other 6 stay aside, unseen." """
    state = rules.new_game(["air", "water", "fire"], seed=3)
    expected = ["r1c2", "r1c11", "r2c3", "r2c10", "r3c4", "r3c9", "r4c5", "r4c8"]
    assert sorted(p for p in range(48) if state.marks[p] >= 0) == sorted(map(place, expected))
    assert len(state.aside) == 6
    assert sorted([t for t in state.marks if t >= 0] + list(state.aside)) == list(range(14))
    view = state.view(0)
    assert view["aside_count"] == 6
    marked = [e["place"] for row in view["forest"] for e in row if e["token"]]
    assert sorted(marked) == sorted(expected)


@pytest.mark.parametrize(("seats", "gems"), [(2, 3), (3, 2), (4, 2)])
def test_gemstones_per_player(seats, gems):
    """Setup 3: "Each player takes gemstones: 3 with two players, 2 with three or four." """
    state = rules.new_game(list(FOUR[:seats]), seed=5)
    assert state.supply == [gems] * seats
    assert state.lost == [0] * seats


def test_first_player_by_the_seed_and_play_goes_round():
    """Setup 4: "A first player is chosen (our reading: by the seed ...); play goes clockwise." """
    firsts = {rules.new_game(list(FOUR), seed=s).first for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = rules.new_game(list(FOUR), seed=11)
    assert state.current_player == state.first
    seen = []
    while len(seen) < 5:
        seen.append(state.turn)
        turn_no = state.turn_no
        while state.turn_no == turn_no:
            state = state.apply(state.legal_actions()[-1])
    assert seen == [(state.first + k) % 4 for k in range(5)]


def test_module_deals_two_wishes_and_two_hexes_and_each_seat_keeps_one():
    """Wish and Hex Setup: "Shuffle the 12 Wish cards and give 2 to each player. Each player
    chooses one, reveals it, and discards the card not chosen." (the same for the 8 Hex cards)"""
    state = rules.new_game(list(FOUR), seed=9, modules=("wishes", "hexes"))
    assert state.phase == "setup"
    order = [(state.first + k) % 4 for k in range(4)]
    assert state.pending == [(kind, s) for s in order for kind in ("wish", "hex")]
    assert all(len(state.wish_options[s]) == 2 and len(state.hex_options[s]) == 2 for s in order)
    seat = state.current_player
    options = state.wish_options[seat]
    assert names(state.legal_actions()) == [f"keep wish {c}" for c in options]
    state = state.apply(state.legal_actions()[1], seat=seat)
    assert state.wish[seat] == options[1]
    assert state.discards == (options[0],)
    assert state.current_player == seat
    assert [a.kind for a in state.legal_actions()] == ["keep", "keep"]
    while state.phase == "setup":
        state = state.apply(state.legal_actions()[0])
    assert state.phase == "play" and all(state.wish) and all(state.hex)
    assert len(state.discards) == 8 and len(state.box) == 12 - 8
    assert state.current_player == state.first


def test_module_alone_deals_only_its_cards():
    state = rules.new_game(["air", "fire"], seed=2, modules=["hexes"])
    assert state.modules == ("hexes",)
    assert [kind for kind, _ in state.pending] == ["hex", "hex"]
    assert not any(state.wish_options)
    assert set(CATALOG.wishes) <= set(state.box)


def test_base_game_starts_with_the_first_turn():
    state = rules.new_game(["air", "water"], seed=7)
    assert state.phase == "play" and state.pending == []
    assert {a.kind for a in state.legal_actions()} == {"take"}


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"seats": []}, "1 to 4"),
        ({"seats": ["air", "water", "fire", "earth", "air"]}, "1 to 4"),
        ({"seats": ["air", "aether"]}, "not a seat"),
        ({"seats": ["air", "air"]}, "one seat only"),
        ({"seats": "air"}, "list"),
        ({"seats": ["air"]}, "solo"),
        ({"seats": ["air", "water"], "solo": "standard"}, "exactly one seat"),
        ({"seats": ["air"], "solo": "medium"}, "not a solo level"),
        ({"seats": ["air", "water"], "modules": ["wish"]}, "not a module"),
        ({"seats": ["air", "water"], "modules": ["hexes", "hexes"]}, "twice"),
        ({"seats": ["air"], "solo": "standard", "modules": ["wishes"]}, "solo"),
        ({"seats": ["air", "water"], "seed": "7"}, "whole number"),
        ({"seats": ["air", "water"], "seed": 1.5}, "whole number"),
        ({"seats": ["air", "water"], "modules": 3}, "list of module"),
    ],
)
def test_bad_arguments_are_refused_with_one_sentence(kwargs, words):
    seats = kwargs.pop("seats")
    with pytest.raises(ValueError) as info:
        rules.new_game(seats, **kwargs)
    message = str(info.value)
    assert words in message
    assert message.endswith(".") and message.replace("e.g. ", "").count(". ") == 0


def test_contract_constants():
    assert rules.SEATS == ("air", "water", "fire", "earth")
    assert rules.MODULES == ("wishes", "hexes")
    assert set(rules.SOLO_LEVELS) == {"easy", "standard", "hard"}
    assert issubclass(rules.IllegalAction, ValueError)


def test_same_seed_same_game():
    a = rules.new_game(["water", "earth", "air"], seed=42, modules=rules.MODULES)
    b = rules.new_game(["water", "earth", "air"], seed=42, modules=rules.MODULES)
    assert a.to_dict() == b.to_dict()
