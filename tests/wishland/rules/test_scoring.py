"""Final Scoring's shape and order, and Determining the Winner (rulebook, "Final Scoring",
"Determining the Winner")."""

from __future__ import annotations

import json

from wish_tui.wishland import rules

from .helpers import BLUE, GREEN, RED, cards_where, edit, position

STEPS = (
    "victory_track",
    "entrepreneur",
    "hotels",
    "mascots",
    "entertainment",
    "happiness",
    "visitors",
    "restaurants",
)


def _played_out(seats=("red", "blue"), seed=3, **options):
    state = rules.new_game(list(seats), seed=seed, **options)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[len(legal) // 2])
    return state


def test_steps_come_in_the_rulebooks_order_and_add_up():
    state = _played_out(entrepreneurs=True, achievement_tiles=True)
    scores = state.final_scores()
    json.dumps(scores)
    assert rules.STEPS == STEPS
    for entry in scores["seats"]:
        assert tuple(entry["steps"]) == STEPS
        assert entry["total"] == sum(entry["steps"].values())
        assert entry["colour"] == state.seats[entry["seat"]]
        assert entry["steps"]["victory_track"] == state.players[entry["seat"]].vp
    assert scores["final"] is True
    assert sorted(s for group in scores["ranking"] for s in group) == [0, 1]
    assert scores["winners"] == scores["ranking"][0]
    assert scores["setup"] == "2p+entrepreneurs+achievement_tiles"
    assert "solo" not in scores


def test_a_tie_goes_to_the_rightmost_turn_order_space():
    """ "In the event of a tie, the player on the rightmost space of the Turn Order Track,
    wins!" """

    def tie(d):
        d["track"] = [BLUE, GREEN, RED, -1, -1]

    state = position(
        ("red", "blue", "green"),
        fn=tie,
        players={RED: {"vp": 10}, BLUE: {"vp": 10}, GREEN: {"vp": 4}},
    )
    scores = state.final_scores()
    assert scores["ranking"] == [[RED], [BLUE], [GREEN]]
    assert scores["winners"] == [RED]
    assert [e["turn_order_space"] for e in scores["seats"]] == [3, 1, 2]


def test_the_higher_total_wins_whatever_the_space():
    state = position(players={RED: {"vp": 11}, BLUE: {"vp": 10}})
    assert state.final_scores()["winners"] == [RED]


def test_solo_scores_carry_the_score_and_the_setup_key():
    state = _played_out(("green",), solo=True)
    scores = state.final_scores()
    assert scores["solo"] == {"score": scores["seats"][0]["total"], "setup": "solo"}
    other = _played_out(("green",), solo=True, entrepreneurs=True)
    assert other.final_scores()["solo"]["setup"] == "solo+entrepreneurs"


def test_scores_are_in_the_view_once_the_game_is_over():
    state = _played_out()
    assert state.view(RED)["scores"] == state.final_scores()
    assert "scores" not in position().view(RED)


def test_provisional_scores_before_the_end():
    ride = cards_where("ride", cost=5)[0]
    state = position(cards=[ride])
    scores = state.final_scores()
    assert scores["final"] is False
    assert scores["seats"][RED]["steps"]["victory_track"] == 0
    assert state.view(BLUE)["players"][RED]["provisional_score"] == scores["seats"][RED]["total"]


def test_negative_restaurant_penalty_can_bring_a_total_below_zero():
    penalties = cards_where("restaurant", subtype="credits")[:3]
    state = edit(position(cards=penalties, tickets=3))
    assert state.final_scores()["seats"][RED]["total"] == -3
