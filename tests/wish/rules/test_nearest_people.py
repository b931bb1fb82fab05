"""Where the nearest Wishing Person of a colour is: the Areas holding one (on the Area or on its
Monument), nearest first, as the hand's sentences and the bots' reasons name them."""

from __future__ import annotations

import random

import pytest

from wish_tui.wish import rules
from wish_tui.wish.rules.people import colours_at, nearest_with, travels_from


def by_every_area(st, colour: int, start: int, skip: tuple[int, ...] = ()) -> list[int]:
    """The Areas read one by one: each one's colours, sorted by the Travels from `start`."""
    far = travels_from(st, start)
    found = [a for a in range(12) if a not in skip and colour in colours_at(st, a)]
    return sorted(found, key=lambda a: (far.get(a, 99), a))


@pytest.mark.parametrize("seed", range(6))
def test_the_nearest_areas_with_a_colour_over_random_games(seed):
    rng = random.Random(seed)
    djinns = rng.sample(["air", "water", "fire", "earth"], 2 + seed % 3)
    state = rules.new_game(djinns, seed=seed)
    for _ in range(120):
        if state.is_over:
            break
        for colour in range(6):
            for start in range(12):
                skip = tuple(rng.sample(range(12), rng.randrange(3)))
                assert nearest_with(state, colour, start, skip) == by_every_area(
                    state, colour, start, skip
                )
        state = state.apply(rng.choice(state.legal_actions()))
