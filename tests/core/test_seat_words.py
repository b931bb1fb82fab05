"""How every game names its seats in words and letters."""

import pytest

from wish_tui.core.seat_words import seat_label, seat_letters, seat_titles
from wish_tui.spirits.words import marks as spirits_marks
from wish_tui.wish.words import marks as wish_marks
from wish_tui.wishland.words import marks as wishland_marks


def test_titles_and_letters_of_the_djinns():
    assert seat_titles(("air", "water")) == {"air": "Air", "water": "Water"}
    assert seat_letters(("air", "water", "fire", "earth")) == {
        "air": "A",
        "water": "W",
        "fire": "F",
        "earth": "E",
    }


def test_two_seats_with_one_letter_are_refused():
    with pytest.raises(ValueError, match="same letter"):
        seat_letters(("red", "rose"))


def test_every_game_shows_its_seats_so():
    assert wish_marks.DJINN_LETTER == {"air": "A", "water": "W", "fire": "F", "earth": "E"}
    assert spirits_marks.SEAT_TITLE["earth"] == "Earth"
    assert wishland_marks.SEAT_LETTER == {"red": "R", "blue": "B", "green": "G", "yellow": "Y"}
    assert wishland_marks.SEAT_TITLE["yellow"] == "Yellow"


def test_you_follow_your_own_seat_when_others_play():
    assert seat_label("Air", 0, 0, 2) == "Air (you)"
    assert seat_label("Air", 0, 0, 1) == "Air"
