"""`hand_status`: can each Wish in hand be fulfilled now, by which key, or everything that stands
in the way.

The hand on the screen shows this from the seat's view; the sentence is the one the rules give
when `fulfill WISH` is refused, so the hand and a refusal never disagree. Issue 19: the hand showed
one missing thing at a time ("need Y1", then after a trade "no y here"), so a person traded for
a card they still could not fulfill.
"""

from __future__ import annotations

import pytest

from wish_tui.wish import rules
from wish_tui.wish.rules.explain import hand_status

from .helpers import crystals
from .positions import cost, plus, table

YELLOW_ONLY = [0, 0, 0, 2, 0, 0]
RED_ONLY = [2, 0, 0, 0, 0, 0]
AIR_MARKED = ["travel", "", "manifest", "special"]
"""Air's three markers on Travel (1), Manifest (3) and Cloudbearer (4): Fulfill is left."""


def status(state, card: str, seat: int = 0) -> dict:
    return hand_status(state, seat)[card]


def refusal(state, text: str) -> str:
    with pytest.raises(rules.IllegalAction) as info:
        rules.parse_action(state, text)
    return str(info.value)


def test_three_markers_and_a_missing_person_are_both_named():
    """Player Board: three action markers a turn. With all three placed and no Potion, and no blue
    Wishing Person in the Sandhills, Sultan's line names both."""
    state = table(
        ("air", "water"),
        at="Sandhills",
        hand=["Sultan", "Happily Ever After", "Command"],
        crystals=cost("Sultan"),
        people=YELLOW_ONLY,
        others={0: {"markers": ["travel", "", "manifest", "special"]}},
    )
    entry = status(state, "Sultan")
    assert entry["now"] == ""
    assert entry["why"] == (
        "All three action markers are placed this turn and you have no Potion; and Sultan needs "
        "a blue Wishing Person in your Area; Palace has blue: go there (or Trade Market)."
    )
    assert entry["short"] == "no marker, no b here"
    assert refusal(state, "fulfill Sultan") == entry["why"]


def test_three_markers_alone_are_the_one_reason():
    state = table(
        ("air", "water"),
        hand=["Sultan"],
        crystals=cost("Sultan"),
        others={0: {"markers": AIR_MARKED}},
    )
    entry = status(state, "Sultan")
    assert entry["why"] == "All three action markers are placed this turn and you have no Potion."
    assert entry["short"] == "no marker"


def test_a_wish_only_trickery_can_fulfil_says_k():
    """Example 13: a Trickery token recolours the Wishing Person; the plain Fulfill key cannot."""
    state = table(
        ("air", "water"),
        hand=["Richest Merchant"],
        crystals=cost("Richest Merchant"),
        people=RED_ONLY,
        others={0: {"trickery": 1}},
    )
    entry = status(state, "Richest Merchant")
    assert entry["now"] == "k" and entry["short"] == "now: k"
    assert "Trickery" in entry["why"]
    message = refusal(state, "fulfill Richest Merchant")
    assert "only with a Trickery token (k)" in message
    assert "fulfill Richest Merchant trickery red #3" in message
    assert "only with a Trickery token (k)" in rules.why_not_now(state, "fulfill")


def test_a_wish_that_a_marker_can_fulfil_says_f():
    """Fulfill: pay the cost, with a Wishing Person of the Wish's colour in the Area."""
    state = table(("air", "water"), hand=["Sultan"], crystals=cost("Sultan"), others={})
    entry = status(state, "Sultan")
    assert entry == {"now": "f", "why": "You can fulfill it now (f).", "short": "now: f"}


def test_a_wish_only_a_potion_can_fulfil_says_p():
    """Potion tokens: a fourth action once the three markers are placed."""
    state = table(
        ("air", "water"),
        hand=["Sultan"],
        crystals=cost("Sultan"),
        others={0: {"markers": AIR_MARKED, "potions": 1}},
    )
    assert status(state, "Sultan")["now"] == "p"


def test_every_missing_crystal_and_the_missing_wishing_person_are_named_together():
    """Fulfill: "a player needs to pay the Crystal cost", and "must be in an Area" with the
    Wishing Person; the hand names all that is missing at once, as the refusal does, so no one
    trades for a Wish they still cannot fulfill here."""
    state = table(
        ("air", "water"),
        at="Sandhills",
        hand=["Beauty", "Sultan"],  # the farther Wish first in the hand
        crystals=plus(cost("Sultan"), crystals(red=1)),
        people=YELLOW_ONLY,
    )
    beauty = status(state, "Beauty")
    assert beauty["why"] == (
        "You still need 1 Ruby, 1 Diamond to afford Beauty, and a red Wishing Person in your "
        "Area; Palace Gardens has red: go there (or Volcano)."
    )
    assert beauty["short"] == "need R1W1, no r here"
    assert refusal(state, "fulfill Beauty") == beauty["why"]
    sultan = status(state, "Sultan")
    assert sultan["why"] == (
        "Sultan needs a blue Wishing Person in your Area; Palace has blue: go there (or Trade "
        "Market)."
    )
    assert sultan["short"] == "no b here"
    assert refusal(state, "fulfill Sultan") == sultan["why"]
    # Every Wish and what it lacks, the nearest first (a refusal on the screen shows two
    # lines at most), after what to do.
    assert rules.why_not_now(state, "fulfill") == (
        "No Wish can be fulfilled yet: gain what each lacks (Empower, Trade, Travel). "
        "Sultan needs b in Palace. Beauty needs R1W1, r in Palace Gardens."
    )


def test_the_price_alone_when_the_wishing_person_is_here():
    state = table(("air", "water"), hand=["Beauty"], crystals=crystals(red=1))
    beauty = status(state, "Beauty")
    assert (
        beauty["why"].startswith("You still need 1 Ruby") and "Wishing Person" not in beauty["why"]
    )
    assert beauty["short"].startswith("need R1") and "here" not in beauty["short"]


def test_a_trickery_token_counts_any_wishing_person_as_reachable():
    """Trickery tokens: "change the color of the Wishing Person meeple in the Djinn's Area"."""
    state = table(
        ("air", "water"),
        at="Sandhills",
        hand=["Beauty"],
        crystals=crystals(red=1),
        people=YELLOW_ONLY,
        others={0: {"trickery": 1}},
    )
    assert "Wishing Person" not in status(state, "Beauty")["why"]


def test_fire_looks_for_the_wishing_person_at_its_clones_too():
    """Fire Djinn, Omnipotent: Fulfill from an Area with a Fiery Clone token."""
    state = table(
        ("fire", "water"),
        at="Sandhills",
        hand=["Sultan"],
        crystals=cost("Sultan"),
        people=YELLOW_ONLY,
        clones=["Dock"],
    )
    assert "in your Area or a Fiery Clone's" in status(state, "Sultan")["why"]


def test_between_turns_the_hand_says_what_each_wish_still_needs():
    state = table(
        ("air", "water"),
        hand=["Sultan", "Beauty"],
        crystals=cost("Sultan"),
        others={0: {"markers": ["travel", "", "", ""]}},
    )
    state = state.apply(rules.parse_action(state, "end"))
    assert state.turn_seat == 1
    assert status(state, "Sultan") == {
        "now": "",
        "why": "You can pay for it; fulfill it on your turn.",
        "short": "paid; wait",
    }
    assert status(state, "Beauty")["why"].startswith("You still need 2 Rubies")


def test_between_turns_the_hand_also_names_the_wishing_person_not_here():
    state = table(
        ("air", "water"),
        at="Sandhills",
        hand=["Sultan"],
        crystals=crystals(red=1),
        people=YELLOW_ONLY,
        others={0: {"markers": ["travel", "", "", ""]}},
    )
    state = state.apply(rules.parse_action(state, "end"))
    entry = status(state, "Sultan")
    assert entry["why"].startswith("You still need")
    assert ", and a blue Wishing Person in your Area; Palace has blue" in entry["why"]
    assert entry["short"].endswith(", no b here")


def test_only_the_seats_own_entry_of_its_view_holds_the_status():
    """Secrets stay secret: another seat's hand, and so its status, is never in a view."""
    state = table(("air", "water", "fire"), hand=["Sultan"], crystals=cost("Sultan"))
    for seat in range(3):
        players = state.view(seat)["players"]
        assert players[seat]["hand_status"] == hand_status(state, seat)
        assert set(players[seat]["hand_status"]) == set(state.players[seat].hand)
        assert all("hand_status" not in p for s, p in enumerate(players) if s != seat)
