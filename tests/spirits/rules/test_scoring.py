"""Scoring (base game, "Scoring"): twelve categories, majorities, -3, the winner and tie-breaks."""

from __future__ import annotations

from wish_tui.spirits.rules import CATEGORIES, scoring

from .helpers import act, endgame, tile, tiles_of, token

TWO = ("air", "water")
LAST = tile("spiders")


def _scores(**kwargs):
    state = endgame(TWO, modules=(), last=LAST, **kwargs)
    return act(state, "take 1 left").final_scores()


def test_twelve_categories_counted_from_symbols_and_tokens():
    """Scoring: "Twelve categories: the nine spirits and the three power sources. A player's count
    in a category is the symbols on their tiles (a two-symbol tile counts two) plus their matching
    Favor tokens." """
    scores = _scores(hands={0: tiles_of("moss")}, held={0: [token("moss")]}, aside=[])
    air = scores["seats"][0]
    assert set(air["counts"]) == set(CATEGORIES) and len(CATEGORIES) == 12
    assert air["symbols"]["moss"] == 5 and air["counts"]["moss"] == 6
    assert set(air["steps"]) == set(CATEGORIES) | {"wish", "hex"}


def test_the_highest_count_scores_it_and_ties_all_score():
    """Scoring: "In each category the player or players with the highest count score that count;
    all tied players score." """
    flowers2, flowers1 = tiles_of("flowers", 2), tiles_of("flowers", 1)
    hands = {
        0: tiles_of("moss") + [flowers2[0], flowers1[0]],
        1: [flowers2[1], flowers1[1]],
    }
    scores = _scores(hands=hands, aside=[token("moss"), token("flowers")])
    air, water = scores["seats"]
    assert air["steps"]["moss"] == 5
    assert air["steps"]["flowers"] == 3 and water["steps"]["flowers"] == 3
    assert "flowers" in air["majorities"] and "flowers" in water["majorities"]


def test_none_of_a_category_loses_three_and_a_token_alone_does_not_save():
    """Scoring: "A player with none of a category loses 3 (... our reading follows Board Game
    Arena: only tiles count for the -3)." """
    hands = {0: tiles_of("moss")}
    scores = _scores(hands=hands, held={1: [token("moss")]}, aside=[])
    water = scores["seats"][1]
    assert water["counts"]["moss"] == 1 and water["symbols"]["moss"] == 0
    assert water["steps"]["moss"] == -3
    assert "moss" in water["penalties"]


def test_totals_add_the_steps_and_count_the_tiles():
    state = act(endgame(TWO, modules=(), last=LAST), "take 1 left")
    scores = state.final_scores()
    for seat, entry in enumerate(scores["seats"]):
        assert entry["total"] == sum(entry["steps"].values())
        assert entry["tiles"] == len(state.tiles[seat])
        assert entry["djinn"] == TWO[seat] and entry["seat"] == seat


def test_highest_total_wins():
    """Scoring: "Highest total wins"."""
    scores = _scores(hands={0: tiles_of(symbols=2)})
    air, water = scores["seats"]
    assert air["total"] != water["total"]
    winner = 0 if air["total"] > water["total"] else 1
    assert scores["winners"] == [winner]
    assert scores["ranking"] == [[winner], [1 - winner]]


def test_a_tie_goes_to_fewer_tiles_then_it_is_shared():
    """Scoring: "a tie goes to the player with fewer tiles; then it is shared." """
    entries = [
        {"seat": 0, "total": 30, "tiles": 20},
        {"seat": 1, "total": 30, "tiles": 18},
        {"seat": 2, "total": 25, "tiles": 10},
        {"seat": 3, "total": 30, "tiles": 18},
    ]
    assert scoring._ranking(entries) == [[1, 3], [0], [2]]


def test_steps_follow_the_rulebooks_order():
    """Module: Wishes are checked "before scoring nature points", Hexes "after scoring"."""
    steps = list(_scores()["seats"][0]["steps"])
    assert steps == ["wish", *CATEGORIES, "hex"]
