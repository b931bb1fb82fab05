"""A small seeded generator whose whole state is one integer, so game states copy and save it."""

from __future__ import annotations

MASK64 = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """Return the generator state for a seed."""
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, a 64-bit value): one splitmix64 step."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, a value in range(n))."""
    state, value = next_u64(state)
    return state, value % n


def shuffle(state: int, items: list) -> int:
    """Shuffle `items` in place (Fisher-Yates) and return the new state."""
    # `below(state, i + 1)` for each i, with the splitmix64 step written out: every game starts
    # with several shuffles.
    for i in range(len(items) - 1, 0, -1):
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        j = (z ^ (z >> 31)) % (i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def take(state: int, pool: list, n: int) -> tuple[int, list]:
    """Draw `n` items from `pool` at random, removing them; return (new_state, items).

    `pool` must hold at least `n` items.
    """
    taken = []
    for _ in range(n):
        state, i = below(state, len(pool))
        pool[i], pool[-1] = pool[-1], pool[i]
        taken.append(pool.pop())
    return state, taken
