"""Points a finished table gives: shares by place, byes, no-shows."""

from fractions import Fraction

from wish_tui.club.tournaments.model import TableResult, said
from wish_tui.club.tournaments.points import effective_places, is_win, shares


def test_two_seats_score_as_chess():
    assert shares(TableResult((1, 2), (1, 2))) == {1: 1, 2: 0}
    assert shares(TableResult((1, 2), (1, 1))) == {1: Fraction(1, 2), 2: Fraction(1, 2)}


def test_four_seats_share_by_place_and_the_winner_scores_one():
    got = shares(TableResult((1, 2, 3, 4), (3, 1, 4, 2)))
    assert got == {2: 1, 4: Fraction(2, 3), 1: Fraction(1, 3), 3: 0}


def test_tied_places_share_what_they_cover():
    got = shares(TableResult((1, 2, 3), (1, 1, 3)))
    assert got == {1: Fraction(3, 4), 2: Fraction(3, 4), 3: 0}
    assert not is_win(TableResult((1, 2, 3), (1, 1, 3)), 1)


def test_a_bye_scores_a_table_won():
    assert shares(TableResult((7,))) == {7: 1}
    assert TableResult((7,)).is_finished


def test_a_no_show_scores_nothing_and_those_who_came_finish_above():
    # The table was aborted (every place 0) because player 2 never decided.
    result = TableResult((1, 2), (0, 0), no_shows=frozenset({2}))
    assert shares(result) == {1: 1, 2: 0}
    assert is_win(result, 1)
    result = TableResult((1, 2, 3), (0, 0, 0), no_shows=frozenset({3}))
    assert effective_places(result) == {1: 1, 2: 1, 3: 3}
    assert shares(result)[3] == 0


def test_an_unfinished_table_is_not_finished():
    assert not TableResult((1, 2)).is_finished


def test_scores_said_in_short():
    assert said(Fraction(3, 2)) == "1½"
    assert said(Fraction(1, 2)) == "½"
    assert said(Fraction(2)) == "2"
    assert said(Fraction(2, 3)) == "0.67"
