"""Seeded random games of all three games, sampled from setup to the end (for the tests that
check every game's views and projections alike)."""

from __future__ import annotations

import random

from wish_tui.spirits import rules as spirits
from wish_tui.wish import rules as wish
from wish_tui.wishland import rules as wishland

GAMES = {
    "wish-2": (wish, lambda seed: wish.new_game(["air", "water"], seed=seed)),
    "wish-4": (wish, lambda seed: wish.new_game(["fire", "earth", "air", "water"], seed=seed)),
    "wish-solo": (wish, lambda seed: wish.new_game(["water"], seed=seed, solo="medium")),
    "spirits-3-modules": (
        spirits,
        lambda seed: spirits.new_game(["air", "water", "fire"], seed=seed, modules=spirits.MODULES),
    ),
    "spirits-2": (spirits, lambda seed: spirits.new_game(["earth", "fire"], seed=seed)),
    "spirits-solo": (spirits, lambda seed: spirits.new_game(["earth"], seed=seed, solo="standard")),
    "wishland-3-options": (
        wishland,
        lambda seed: wishland.new_game(
            ["red", "blue", "green"], seed=seed, entrepreneurs=True, achievement_tiles=True
        ),
    ),
    "wishland-solo": (
        wishland,
        lambda seed: wishland.new_game(["green"], seed=seed, entrepreneurs=True, solo=True),
    ),
}


def sampled_states(new, seed: int, samples: int = 8) -> list:
    """About `samples` states of a seeded random game, spread over it, its start and end included."""
    rng = random.Random(seed)
    state = new(seed)
    played = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        played.append(state)
    step = max(1, len(played) // samples)
    # The first steps of a game are its setup decisions (secret keeps): take them all.
    return played[:4] + played[4::step] + [played[-1]]
