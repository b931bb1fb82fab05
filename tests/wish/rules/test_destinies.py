"""The twelve Destiny cards score at step 5 of the End Game Scoring (met and not met)."""

from __future__ import annotations

import pytest

from wish_tui.wish import rules

from .positions import table
from .rulebook import DESTINY_NAMES


def destiny_vp(destiny, fulfilled=(), badges=()):
    other = next(d for d in rules.CATALOG.destinies if d != destiny)
    others = {0: {"destiny": destiny, "badges": list(badges)}, 1: {"destiny": other}}
    state = table(others=others, fulfilled=fulfilled)
    entry = state.final_scores()["seats"][0]
    assert entry["destiny"] == destiny
    assert entry["destiny_fulfilled"] == (entry["steps"]["destiny"] > 0)
    return entry["steps"]["destiny"]


def test_all_twelve_destinies_are_in_the_game():
    """Components: "12 x Destiny Cards"; Clarifications name all twelve."""
    assert set(rules.CATALOG.destinies) == DESTINY_NAMES


MONUMENT_DESTINIES = [
    # destiny, monument, wishes that meet it, vp, wishes that do not
    ("Arcanist", "Magic Tower", ["Jewelry", "Fresh Start"], 6, ["Jewelry", "Treasure"]),
    ("Open Sesame", "Hidden Cave", ["Sultan"], 6, ["Beauty", "Hurt"]),
    ("Royalty", "King's Statue", ["Remedy"], 7, ["Beauty", "Sultan"]),
    ("Shaman", "Talking Tree", ["Charm"], 6, ["Remedy", "Sultan"]),
    ("Stolen Goods", "Merchant's Tent", ["Hurt"], 6, ["Charm", "Jewelry"]),
    ("Wishmaster", "Djinn Wonder", ["Inner Peace"], 6, ["Charm", "Remedy"]),
]


@pytest.mark.parametrize(("destiny", "monument", "meets", "vp", "misses"), MONUMENT_DESTINIES)
def test_monument_destiny_met(destiny, monument, meets, vp, misses):
    """Clarifications, Destiny Cards: built the Monument and fulfilled the Wish type(s)."""
    assert destiny_vp(destiny, meets, [monument]) == vp
    second = "Hidden Cave" if monument != "Hidden Cave" else "Magic Tower"
    assert destiny_vp(destiny, [*meets, "Glory", "Vendetta"], [monument, second]) == vp


@pytest.mark.parametrize(("destiny", "monument", "meets", "vp", "misses"), MONUMENT_DESTINIES)
def test_monument_destiny_not_met(destiny, monument, meets, vp, misses):
    """Clarifications, Destiny Cards: both conditions are needed."""
    assert destiny_vp(destiny, meets, []) == 0
    assert destiny_vp(destiny, misses, [monument]) == 0
    others = [m.name for m in rules.CATALOG.monuments if m.name != monument]
    assert destiny_vp(destiny, meets, others) == 0


def test_arcanist_needs_both_a_wealth_and_a_happiness_wish():
    """Clarifications: "Arcanist: ... at least 1 Wealth Wish and 1 Happiness Wish"."""
    assert destiny_vp("Arcanist", ["Fresh Start", "Inner Peace"], ["Magic Tower"]) == 0
    assert destiny_vp("Arcanist", ["Jewelry"], ["Magic Tower"]) == 0


PER_WISH = [
    # destiny, counted wishes, wishes that do not count
    ("Dark Side", ["Hurt", "Jewelry", "Sultan"], ["Charm", "Remedy", "Inner Peace"]),
    ("Light Side", ["Charm", "Remedy", "Inner Peace"], ["Hurt", "Jewelry", "Sultan"]),
    ("Djinning the Moment", ["Charm", "Kingdom", "Vendetta"], ["True Love", "Glory", "Hatred"]),
    ("Long Term Plans", ["True Love", "Glory", "Hatred"], ["Charm", "Kingdom", "Vendetta"]),
    ("Overpowered", ["Kingdom", "Beauty", "Fortune"], ["Charm", "Glory", "Sultan"]),
    ("Underdjinn", ["Charm", "Glory", "Sultan"], ["Kingdom", "Beauty", "Fortune"]),
]


@pytest.mark.parametrize(("destiny", "counted", "ignored"), PER_WISH)
def test_per_wish_destiny_scores_two_per_matching_wish(destiny, counted, ignored):
    """Clarifications, Destiny Cards: "Gain 2 VP for each/every ... Wish you Fulfilled"."""
    assert destiny_vp(destiny, counted[:1]) == 2
    assert destiny_vp(destiny, counted) == 6
    assert destiny_vp(destiny, [*counted, *ignored]) == 6


@pytest.mark.parametrize(("destiny", "counted", "ignored"), PER_WISH)
def test_per_wish_destiny_not_met(destiny, counted, ignored):
    """Clarifications, Destiny Cards: no matching Wish, no VP."""
    assert destiny_vp(destiny, ignored) == 0
    assert destiny_vp(destiny, []) == 0


def test_overpowered_and_underdjinn_meet_at_four_vp():
    """Clarifications: "worth 4 VP or more" / "worth 3 VP or less" (the printed VP)."""
    wishes = rules.CATALOG.wishes
    assert wishes["Fortune"].vp == 4 and wishes["Charm"].vp == 3
    assert destiny_vp("Overpowered", ["Fortune"]) == 2
    assert destiny_vp("Overpowered", ["Charm"]) == 0
    assert destiny_vp("Underdjinn", ["Charm"]) == 2
    assert destiny_vp("Underdjinn", ["Fortune"]) == 0


def test_example_15_adds_up_to_49():
    """Example 15: 27 + 5 + 3 + 6 + 8 = 49 VP for the Air Djinn."""
    fulfilled = ["Heal Them", "Kingdom", "Beauty", "To see the world", "Long Life", "Immortality"]
    wishes = rules.CATALOG.wishes
    assert [wishes[c].vp for c in fulfilled] == [3, 6, 5, 6, 5, 2]
    state = table(
        ("air", "water"),
        fulfilled=fulfilled,
        others={
            0: {"vp_tokens": 5, "badges": ["Talking Tree"], "destiny": "Djinning the Moment"},
        },
    )
    entry = state.final_scores()["seats"][0]
    assert entry["steps"] == {
        "wishes": 27,
        "tokens": 5,
        "ongoing": 3,
        "badges": 6,
        "destiny": 8,
    }
    assert entry["total"] == 49
