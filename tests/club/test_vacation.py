"""Vacation in the club's database (SQLite and PostgreSQL): up to VACATION_DAYS days a year,
counted to the year it begins, the whole days not begun given back when it ends early."""

import pytest

from wish_tui.club import ClubError
from wish_tui.club.limits import VACATION_DAYS
from wish_tui.club.vacation import DAY_MS

from .conftest import people


def test_a_vacation_is_counted_and_ends_on_its_own(club, clock):
    (ann,) = people(club, "Ann")
    state = club.vacations.start(ann.id, 3)
    assert state.until is not None and state.used == 3 and state.left == VACATION_DAYS - 3
    assert club.vacations.on_vacation() == {ann.id: state.until}
    clock.now += 3 * DAY_MS
    assert club.vacations.on_vacation() == {}
    assert club.vacations.state(ann.id).until is None
    assert club.vacations.state(ann.id).used == 3


def test_ending_early_gives_back_the_days_not_begun(club, clock):
    (ann,) = people(club, "Ann")
    club.vacations.start(ann.id, 10)
    clock.now += DAY_MS + 3_600_000  # into the second day
    state = club.vacations.end(ann.id)
    assert state.until is None and state.used == 2
    assert club.vacations.state(ann.id).to_json()["days_left"] == VACATION_DAYS - 2


def test_no_more_than_the_days_left_this_year(club):
    (ann,) = people(club, "Ann")
    club.vacations.start(ann.id, 20)
    club.vacations.end(ann.id)  # at once: all but the day begun given back
    assert club.vacations.state(ann.id).used == 1
    club.vacations.start(ann.id, 20)
    # a new vacation replaces the one under way, whose days not begun are counted back first
    with pytest.raises(ClubError, match=r"A vacation is 1 to 28 days: you have 28 of 30 left"):
        club.vacations.start(ann.id, 29)
    state = club.vacations.state(ann.id)
    assert state.until is not None and state.used == 21  # the refusal changed nothing
    for bad in (0, -1, "3", True):
        with pytest.raises(ClubError, match="A vacation is 1 to"):
            club.vacations.start(ann.id, bad)


def test_one_day_left_is_said_in_the_singular(club, clock):
    (ann,) = people(club, "Ann")
    club.vacations.start(ann.id, VACATION_DAYS - 1)
    clock.now += (VACATION_DAYS - 1) * DAY_MS  # over, in the same year
    with pytest.raises(ClubError, match=r"A vacation is 1 day: you have 1 of 30 left") as refused:
        club.vacations.start(ann.id, VACATION_DAYS)
    assert "1 days" not in str(refused.value)
