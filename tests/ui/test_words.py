"""Actions in words, as menus show them."""

from __future__ import annotations

import pytest

from wish_tui.wish.rules import CATALOG, Action
from wish_tui.wish.words.words import describe_choice


@pytest.mark.parametrize("kind", ["gain", "pay", "give", "take", "remove", "lose", "nest", "trade"])
def test_a_crystal_choice_names_its_colour_once(kind) -> None:
    text = describe_choice(Action(kind, "red"))
    assert text.count("Ruby") == 1 and "(R)" in text


def test_a_wish_choice_says_what_the_card_is() -> None:
    name, wish = next(iter(CATALOG.wishes.items()))
    text = describe_choice(Action("draw", name))
    assert name in text and wish.type in text and f"{wish.vp} VP" in text
