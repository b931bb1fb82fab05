"""The coach's reviews kept with a finished game: read back with its record, by seat name,
replaced when made again, refused for a game there is not."""

from __future__ import annotations

import pytest

from wish_tui.club import SeatSpec
from wish_tui.club.errors import NotFound

from .conftest import people, reopen
from .test_history import finish

REVIEW = {"seat": 1, "total": 2, "judged": []}


def test_a_review_is_kept_with_the_game_and_read_with_its_record(club):
    ann, bob = people(club, "Ann", "Bob")
    seats = [SeatSpec("air", "human", ann.id), SeatSpec("water", "human", bob.id)]
    table = finish(club, "wish", seats, [3, 9])
    assert club.history.archived(table.id).record.reviews == {}
    club.reviews.keep(table.id, 1, REVIEW)
    assert club.history.archived(table.id).record.reviews == {"water": REVIEW}
    again = {**REVIEW, "judged": [{"move": 0, "played": "a", "best": "b"}]}
    club.reviews.keep(table.id, 1, again)
    club = reopen(club)
    assert club.reviews.of_game(table.id) == {1: again}
    assert club.history.archived(table.id).record.to_json()["reviews"] == {"water": again}
    club.close()


def test_a_review_of_no_finished_game_is_refused(club):
    with pytest.raises(
        NotFound, match="There is no finished game number 77: .history. lists them."
    ):
        club.reviews.keep(77, 0, REVIEW)
    assert club.db.scalar("SELECT COUNT(*) FROM game_reviews") == 0
