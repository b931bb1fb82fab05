"""Names the rulebook prints, typed once as the tests' own oracle (never read from the data)."""

from __future__ import annotations

AREA_NAMES = frozenset(
    {
        "Dark Temple",
        "Cataracts",
        "Palace Gardens",
        "Palace",
        "Forest",
        "Ruins",
        "Oasis",
        "Sandhills",
        "Mountain Caves",
        "Volcano",
        "Trade Market",
        "Dock",
    }
)
"""Rulebook, "Map Areas": the twelve Areas."""

DESTINY_NAMES = frozenset(
    {
        "Arcanist",
        "Dark Side",
        "Djinning the Moment",
        "Light Side",
        "Long Term Plans",
        "Open Sesame",
        "Overpowered",
        "Royalty",
        "Shaman",
        "Stolen Goods",
        "Underdjinn",
        "Wishmaster",
    }
)
"""Rulebook, "Clarifications > Destiny Cards": the twelve Destinies."""

CHALLENGE = (
    "Connections",
    "Steady Income",
    "Sharing",
    "Cure Me",
    "Heal Them",
    "Friendship",
    "Charm",
    "Hatred",
    "Broken Heart",
    "Hurt",
)
"""Rulebook, "Solo Mode": the ten cards of the Challenge deck."""
