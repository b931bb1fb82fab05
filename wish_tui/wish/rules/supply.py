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
    return crystal_supply(st)[colour]


def crystal_supply(st) -> tuple[int, ...]:
    """Crystals in the supply, per colour: counted once, then kept by the state (and the states
    `apply` makes from it) until `crystals_changed` forgets the count."""
    supply = st._supply
    if supply is None:
        supply = st._supply = counted_supply(st)
    return supply


def crystals_changed(st) -> None:
    """Forget the kept supply count: every change to the supply that does not go through
    `move_crystals` calls this (moves between seats, or from a Nest to its board, need not)."""
    st._supply = None


def move_crystals(st, p, colour: int, n: int) -> None:
    """Move `n` crystals of `colour` from the supply to `p`'s board (`n` < 0: from the board back
    to the supply), keeping the supply count."""
    p.crystals[colour] += n
    supply = st._supply
    if supply is not None:
        supply = list(supply)
        supply[colour] -= n
        st._supply = tuple(supply)


def counted_supply(st) -> tuple[int, ...]:
    """Crystals in the supply, per colour, counted afresh from every player board and Nest."""
    # Unrolled over the six colours: cheaper than loops over the colours.
    s0 = s1 = s2 = s3 = s4 = s5 = CRYSTALS_PER_COLOUR
    for q in st.players:
        a0, a1, a2, a3, a4, a5 = q.crystals
        b0, b1, b2, b3, b4, b5 = q.nest
        s0 -= a0 + b0
        s1 -= a1 + b1
        s2 -= a2 + b2
        s3 -= a3 + b3
        s4 -= a4 + b4
        s5 -= a5 + b5
    return (s0, s1, s2, s3, s4, s5)


def potions_left(st) -> int:
    """Potion tokens in the supply."""
    return POTIONS - sum([q.potions for q in st.players])


def trickery_left(st) -> int:
    """Trickery tokens in the supply."""
    return TRICKERY - sum([q.trickery for q in st.players])


def gain_crystals(st, p, colour: int, n: int = 1) -> int:
    """Give `p` up to `n` crystals of `colour`, as many as the supply holds; return how many."""
    left = crystal_supply(st)[colour]
    if n > left:
        n = left
    if n > 0:
        move_crystals(st, p, colour, n)
        return n
    return 0


def gain_potions(st, p, n: int = 1) -> None:
    """Give `p` up to `n` Potion tokens, as many as the supply holds."""
    p.potions += max(0, min(n, potions_left(st)))


def gain_trickery(st, p, n: int = 1) -> None:
    """Give `p` up to `n` Trickery tokens, as many as the supply holds."""
    p.trickery += max(0, min(n, trickery_left(st)))
