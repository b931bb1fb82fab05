"""The bots' position evaluation: its shortcuts give exactly the values of the plain formula."""

from __future__ import annotations

import random

import pytest

from wish_tui.wish import rules
from wish_tui.wish.bots import evaluate
from wish_tui.wish.bots.board import turns_left
from wish_tui.wish.bots.destiny import destiny_prospect
from wish_tui.wish.bots.evaluate import (
    MEDIUM,
    Weights,
    position_value,
    rival_value,
    seat_value,
)
from wish_tui.wish.bots.planner import END, SETTLE_LIMIT, plan_turn, work_counter
from wish_tui.wish.bots.rivals import RivalCache

from .rules.helpers import crystals, frostflake_position, patch, started


def _positions(djinns, seed, count=400):
    """States along a random game, with every child of some of them (a turn's alternatives)."""
    rng = random.Random(seed)
    state = rules.new_game(djinns, seed)
    found = []
    while not state.is_over and len(found) < count:
        legal = state.legal_actions()
        if rng.random() < 0.3:
            found.append([state.apply(a) for a in legal])
        state = state.apply(rng.choice(legal))
    return found


@pytest.mark.parametrize(
    ("djinns", "seed"), [(["air", "fire"], 3), (["fire", "water", "earth", "air"], 8)]
)
def test_the_rival_cache_answers_exactly_what_it_would_compute(djinns, seed) -> None:
    reused = 0
    for siblings in _positions(djinns, seed):
        for seat in range(len(djinns)):
            cache = RivalCache(seat)
            for child in siblings + siblings:
                before = len(cache._seen)
                assert cache.value_at(child) == rival_value(child, seat)
                reused += len(cache._seen) == before
                assert seat_value(child, seat, 0.3, MEDIUM, cache) == seat_value(child, seat, 0.3)
    assert reused > 0


def test_a_changed_opponent_is_never_answered_from_the_cache() -> None:
    state = rules.new_game(["air", "water"], 5)
    while state.phase != "play" or state.pending:
        state = state.apply(state.legal_actions()[0])
    cache = RivalCache(0)
    first = cache.value_at(state)
    richer = state.copy()
    richer.players[1].crystals = [c + 3 for c in richer.players[1].crystals]
    assert cache.value_at(richer) == rival_value(richer, 0) > first


def test_weights_change_the_judgement_and_the_defaults_are_the_medium_bot_s() -> None:
    state = rules.new_game(["earth", "fire"], 11)
    rng = random.Random(11)
    for _ in range(40):
        state = state.apply(rng.choice(state.legal_actions()))
    assert position_value(state, 0, None, Weights()) == position_value(state, 0)
    assert position_value(state, 0, None, Weights(wish=0.5)) != position_value(state, 0)


def test_a_work_limit_bounds_the_turn_plan_and_keeps_it_legal() -> None:
    state = rules.new_game(["air", "water", "fire", "earth"], 21)
    rng = random.Random(21)
    while state.phase != "play" or state.pending or len(state.legal_actions()) < 10:
        state = state.apply(rng.choice(state.legal_actions()))
    work = work_counter()
    start = work[0]
    free = plan_turn(state, 4, 4)
    unbounded = work[0] - start
    start = work[0]
    bounded = plan_turn(state, 4, 4, limit=unbounded // 4)
    used = work[0] - start
    assert used < unbounded // 4 + SETTLE_LIMIT
    assert bounded.actions[0] in state.legal_actions()
    assert bounded.actions[-1] == END and free.actions[-1] == END
    assert used < unbounded


def test_destiny_prospects_follow_how_often_a_destiny_pays() -> None:
    # A Destiny paying 2 VP per Wish of a common kind beats one paying per rare kind, and any of
    # them beats a monument Destiny, which the bots seldom fulfill (benchmarks/bots.md).
    cat = rules.CATALOG
    plain = {name: destiny_prospect(cat, name, []) for name in cat.destinies}
    assert plain["Underdjinn"] > plain["Djinning the Moment"] > plain["Long Term Plans"]
    assert plain["Long Term Plans"] > plain["Overpowered"] > plain["Royalty"]
    assert plain["Dark Side"] == plain["Light Side"]
    cheap = [n for n, w in cat.wishes.items() if w.vp <= 3][:4]
    dear = [n for n, w in cat.wishes.items() if w.vp >= 4][:4]
    assert destiny_prospect(cat, "Underdjinn", cheap) > plain["Underdjinn"]
    assert destiny_prospect(cat, "Underdjinn", dear) < plain["Underdjinn"]


def test_a_frostflake_on_the_offer_is_worth_something_to_the_water_djinn_only() -> None:
    # Ice Dibs pays later (a crystal of the card's cost when it leaves the Offer, two when an
    # opponent draws it), so the Water Djinn's position counts its Frostflakes on the Offer.
    state = frostflake_position(air=0)
    bare = patch(state, frost=[])
    water, air = 1, 0
    assert position_value(state, water) > position_value(bare, water)
    assert position_value(state, air) == position_value(bare, air)


def _earth_nest(nest: list[int], held: list[int] | None = None) -> rules.State:
    """Earth (seat 0) holding one Wish and its cost but one Ruby (or `held`), `nest` on its Nest."""
    state = started(("earth", "air"))
    wish = _wish_needing("red", not_="white")
    if held is None:
        held = list(rules.CATALOG.wishes[wish].cost)
        held[rules.COLOURS.index("red")] -= 1
    return patch(state, players={0: {"hand": [wish], "crystals": held, "nest": nest}})


def _wish_needing(colour: str, not_: str) -> str:
    """The first Wish whose cost has a crystal of `colour` and none of `not_`."""
    need, skip = rules.COLOURS.index(colour), rules.COLOURS.index(not_)
    return next(
        name for name, w in rules.CATALOG.wishes.items() if w.cost[need] and not w.cost[skip]
    )


def test_nest_crystals_count_for_the_wishes_that_need_their_colour() -> None:
    # Providence (rulebook, Earth Djinn): the Djinn picks the colour, and Harvest fetches every
    # crystal at once, so a Nest crystal a Wish needs is worth more than one it does not.
    needed = position_value(_earth_nest(crystals(red=1)), 0)
    spare = position_value(_earth_nest(crystals(white=1)), 0)
    empty = position_value(_earth_nest([0] * 6), 0)
    assert needed > spare > empty


def test_harvesting_what_a_wish_needs_improves_the_position() -> None:
    nested = position_value(_earth_nest(crystals(red=1)), 0)
    cost = list(rules.CATALOG.wishes[_wish_needing("red", not_="white")].cost)
    harvested = position_value(_earth_nest([0] * 6, held=cost), 0)
    assert harvested > nested


def test_the_evaluation_caches_answer_what_a_fresh_computation_does() -> None:
    # The caches are keyed by the lists of a state, which no later state changes in place.
    for siblings in _positions(["fire", "earth", "water", "air"], 13, count=120):
        for child in siblings:
            warm = [position_value(child, seat) for seat in range(4)]
            evaluate.clear_caches()
            assert [position_value(child, seat) for seat in range(4)] == warm
            assert [position_value(child.copy(), seat) for seat in range(4)] == warm


def test_a_judgement_rebuilt_from_the_last_one_is_the_one_made_afresh() -> None:
    # Along a game, a seat's judgement is built from the last one where only part of the
    # position changed, and the promise of the Wishes in hand is shared between judgements;
    # given the turns left, the judgement is made afresh from the position alone.
    hard = Weights(decay=0.65, missing=0.75, spare=0.25, tokens=0.5, monument=1.5)
    for siblings in _positions(["earth", "fire", "air", "water"], 17, count=100):
        for child in siblings + siblings[::-1]:
            for seat in range(4):
                for weights in (MEDIUM, hard):
                    kept = position_value(child, seat, None, weights)
                    future = turns_left(child, seat)
                    assert kept == position_value(child, seat, future, weights)
