"""`check_seat_names`: the seats a new game is given, refused in one sentence."""

import pytest

from wish_tui.core.seat_names import check_seat_names

ALLOWED = ("air", "water", "fire")


def test_known_names_each_once_pass():
    check_seat_names(("water", "air"), ALLOWED, "a Djinn", "Djinn")


def test_an_unknown_name_is_quoted_and_the_choices_named():
    with pytest.raises(ValueError) as error:
        check_seat_names(("air", "moon"), ALLOWED, "a Djinn", "Djinn")
    assert str(error.value) == "'moon' is not a Djinn; choose from air, water, fire."


def test_a_name_that_is_no_text_is_shown_by_its_kind():
    with pytest.raises(ValueError, match="^a list is not a seat;"):
        check_seat_names((["air"],), ALLOWED, "a seat", "element")


def test_a_name_given_twice_is_refused():
    with pytest.raises(ValueError) as error:
        check_seat_names(("fire", "fire"), ALLOWED, "a seat", "element")
    assert str(error.value) == "Each element can be played by one seat only."
