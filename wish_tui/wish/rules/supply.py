"""The supply (Components): 72 crystals, 12 of each colour, 10 Potion and 10 Trickery tokens.

What a seat gains comes from the supply and what it pays or loses goes back to it, so the counts
in the box are limits of play: a gain the supply cannot give is not made (docs/rules-decisions.md,
Supply). VP tokens are not counted: they come in several values (Example 15: 2 + 2 + 1), so
sixteen tokens are no limit on points.
"""

from __future__ import annotations

CRYSTALS_PER_COLOUR = 12
"""Components: 72 Crystals, six colours."""
POTIONS = 10
"""Components: 10 Potion tokens."""
TRICKERY = 10
"""Components: 10 Trickery tokens."""


def crystals_left(st, colour: int) -> int:
    """Crystals of `colour` in the supply: those no player board or Nest holds."""
    return CRYSTALS_PER_COLOUR - sum(q.crystals[colour] + q.nest[colour] for q in st.players)


def crystal_supply(st) -> list[int]:
    """Crystals in the supply, per colour."""
    held = [0] * 6
    for q in st.players:
        crystals, nest = q.crystals, q.nest
        for c in range(6):
            held[c] += crystals[c] + nest[c]
    return [CRYSTALS_PER_COLOUR - h for h in held]


def potions_left(st) -> int:
    """Potion tokens in the supply."""
    return POTIONS - sum(q.potions for q in st.players)


def trickery_left(st) -> int:
    """Trickery tokens in the supply."""
    return TRICKERY - sum(q.trickery for q in st.players)


def gain_crystals(st, p, colour: int, n: int = 1) -> int:
    """Give `p` up to `n` crystals of `colour`, as many as the supply holds; return how many."""
    n = min(n, crystals_left(st, colour))
    if n > 0:
        p.crystals[colour] += n
        return n
    return 0


def gain_potions(st, p, n: int = 1) -> None:
    """Give `p` up to `n` Potion tokens, as many as the supply holds."""
    p.potions += max(0, min(n, potions_left(st)))


def gain_trickery(st, p, n: int = 1) -> None:
    """Give `p` up to `n` Trickery tokens, as many as the supply holds."""
    p.trickery += max(0, min(n, trickery_left(st)))
