"""Counts read as words: '1 extra Worker', '2 Credits', never 'Worker(s)' (issue: "1 marker(s)
left" is no sentence)."""

from __future__ import annotations

from tests.wishland.rules.helpers import RED, started
from wish_tui.wishland.bots.reasons import describe
from wish_tui.wishland.rules import Action


def test_a_hint_for_extra_workers_counts_them_in_words():
    state = started()
    assert describe(Action("extra", "1"), state, RED) == "place 1 extra Worker to save 1 Credit"
    assert describe(Action("extra", "3"), state, RED) == "place 3 extra Workers to save 3 Credits"


def test_a_visitor_restaurant_hint_counts_its_visitors_in_words():
    state = started()
    one = describe(Action("buy", "R13"), state, RED)
    two = describe(Action("buy", "R19"), state, RED)
    assert "1 Visitor and" in one and "2 Visitors and" in two
    assert "(s)" not in one + two
