"""The seeded generator's draws are reproducible and take what they draw out of the pool."""

from __future__ import annotations

from wish_tui.core import rng


def test_take_removes_what_it_draws_and_repeats_for_the_same_state():
    pool = list(range(10))
    state, taken = rng.take(rng.seed_state(5), pool, 3)
    assert len(taken) == 3 and not set(taken) & set(pool)
    assert sorted(taken + pool) == list(range(10))
    again = list(range(10))
    assert rng.take(rng.seed_state(5), again, 3) == (state, taken) and again == pool
