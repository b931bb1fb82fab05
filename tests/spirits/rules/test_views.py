"""What a view gives the screens: the forest, every collection, majorities, cards, the decision."""

from __future__ import annotations

import json

from wish_tui.spirits import rules
from wish_tui.spirits.rules import CATEGORIES

from .helpers import act, arrange, endgame, on_turn, started, tile


def _mid_game():
    state = rules.new_game(["air", "water", "fire"], seed=12, modules=rules.MODULES)
    while state.phase == "setup":
        state = state.apply(state.legal_actions()[0])
    for _ in range(20):
        state = state.apply(state.legal_actions()[0])
    return state


def test_a_view_is_json_and_names_its_game():
    state = _mid_game()
    view = state.view(1)
    assert json.loads(json.dumps(view)) == view
    assert view["game"] == "spirits" and view["seat"] == 1
    assert view["seats"] == ["air", "water", "fire"] and view["modules"] == ["wishes", "hexes"]


def test_the_forest_shows_tiles_ends_gems_and_token_places():
    state = arrange(started(), {"r1c1": tile("moss", power="moon")}, gems={"r2c4": 1})
    view = state.view(0)
    first = view["forest"][0][0]
    assert first["place"] == "r1c1" and first["end"] is True
    assert (first["spirit"], first["symbols"], first["power"]) == ("moss", 1, "moon")
    assert view["forest"][0][5]["end"] is False
    assert view["forest"][1][3]["gem"] == 1
    assert sum(e["token"] for row in view["forest"] for e in row if e) == 8


def test_each_collection_is_counted():
    state = _mid_game()
    view = state.view(0)
    for seat, entry in enumerate(view["players"]):
        assert entry["tiles"] == list(state.tiles[seat])
        assert entry["tile_count"] == len(state.tiles[seat])
        assert set(entry["counts"]) == set(CATEGORIES) == set(entry["symbols"])
        assert entry["gems"] == {
            "supply": state.supply[seat],
            "forest": state.gems.count(seat),
            "lost": state.lost[seat],
        }
        assert entry["token_count"] == len(state.held[seat])
        assert ("tokens" in entry) == (seat == 0)
    assert view["players"][0]["plus_tokens"] == sum(
        1 for t in state.held[0] if t in state.catalog.plus_tokens
    )


def test_majorities_and_penalties_now():
    state = act(on_turn(arrange(started(), {"r1c1": tile("spiders", 2)}), 0), "take 1 left")
    view = state.view(1)
    assert view["majorities"]["spiders"] == [0]
    assert view["majorities"]["moss"] == []
    assert view["penalties"]["spiders"] == [1] and 0 in view["penalties"]["moss"]


def test_the_decision_has_a_prompt_and_options_for_its_seat_only():
    state = _mid_game()
    seat = state.current_player
    decision = state.view(seat)["decision"]
    assert decision["seat"] == seat and decision["prompt"]
    assert decision["options"] == [str(a) for a in state.legal_actions()]
    other = state.view((seat + 1) % 3)["decision"]
    assert "options" not in other and other["kind"] == decision["kind"]


def test_the_scores_once_over():
    state = act(endgame(("air", "water"), modules=(), last=tile("spiders")), "take 1 left")
    view = state.view(0)
    assert view["scores"] == state.final_scores()
    assert view["decision"] is None and view["current_player"] is None
    assert "scores" not in _mid_game().view(0)
