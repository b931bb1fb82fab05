"""The question before resigning says what will happen: the server ends a game of two seats, or
one where no other person plays, and lets a bot play on only beside other people."""

from __future__ import annotations

from wish_tui.tables.seat import SeatInfo
from wish_tui.ui.screens.table_people import resign_question


def seat(name: str, who: str = "human", person: str = "", mine: bool = False) -> SeatInfo:
    return SeatInfo(name, name.title(), name.title(), who, mine=mine, person=person)


def test_with_another_person_at_three_seats_a_bot_plays_on():
    seats = [
        seat("air", person="ann", mine=True),
        seat("water", person="bob"),
        seat("fire", "easy"),
    ]
    assert "A bot plays your seat to the end" in resign_question(seats)


def test_with_only_bots_left_or_two_seats_the_game_ends_here():
    alone = [seat("air", person="ann", mine=True), seat("water", "easy"), seat("fire", "hard")]
    two = [seat("air", person="ann", mine=True), seat("water", person="bob")]
    for seats in (alone, two):
        question = resign_question(seats)
        assert question == "Resign this game? It ends here, and counts as lost for you."
