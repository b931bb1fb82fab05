"""The hint's reason is true of the position (issue 34: "Travel to Mountain Caves … to reach the
Wishing Persons your hand needs" when Mountain Caves held only a white person and the hand
needed yellow and green)."""

from __future__ import annotations

from wish_tui.wish.bots.hard import _describe
from wish_tui.wish.rules import Action

from .rules.positions import table

HAND = ["Cure Me", "Happily Ever After"]
"""A Health Wish (green Wishing Person) and a Happiness Wish (yellow)."""


def test_a_travel_to_an_area_without_the_needed_people_does_not_claim_them():
    state = table(("fire", "earth"), at="Palace", hand=HAND)
    assert state.to_dict()["area_meeples"][7 * 6 : 7 * 6 + 6] == [0, 0, 0, 0, 2, 0]
    reason = _describe(Action("travel", "Mountain Caves", 1), state, 0)
    assert "Wishing Persons your hand needs" not in reason
    assert "white" not in reason or "fulfill" not in reason
    assert reason.startswith("travel to Mountain Caves")


def test_a_travel_to_the_needed_person_names_the_person_and_the_wish():
    state = table(("fire", "earth"), at="Volcano", hand=HAND)
    reason = _describe(Action("travel", "Dock", 1), state, 0)
    assert reason == (
        "travel to Dock: its yellow Wishing Person lets you fulfill Happily Ever After"
    )


def test_an_empower_that_no_wish_needs_says_so():
    state = table(("fire", "earth"), at="Volcano", hand=["Cure Me"], crystals=[0, 1, 1, 0, 0, 0])
    reason = _describe(Action("empower", "", 3), state, 0)
    assert "no Wish in your hand needs them" in reason
