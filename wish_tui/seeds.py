"""Seeds chosen for a person: 64 bits of the operating system's randomness.

A game's seed deals every hidden card, so a seed that can be guessed gives the deal away: it must
never come from the clock or a small range, and never reach a seat while the game runs.
"""

from __future__ import annotations

import secrets

SEED_BITS = 64


def fresh_seed() -> int:
    """A new seed no one can guess or search for."""
    return secrets.randbits(SEED_BITS)
