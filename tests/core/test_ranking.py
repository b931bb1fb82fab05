"""A final scoring's ranking: best first, equal keys share a place in seat order; the places
counted as the club counts them (1, 1, 3); a scoring settled by a club (a seat given up last, an
aborted game with no ranking) and its sentences."""

from __future__ import annotations

from wish_tui.core.ranking import places_of, result_lines, seat_totals, settled, tied_ranking


def test_equal_keys_share_a_place_and_keep_seat_order():
    entries = [
        {"seat": s, "total": t, "tie": b}
        for s, (t, b) in enumerate([(9, 1), (12, 0), (9, 1), (9, 2)])
    ]
    assert tied_ranking(entries, lambda e: (e["total"], e["tie"])) == [[1], [3], [0, 2]]
    assert tied_ranking(entries, lambda e: (e["total"],)) == [[1], [0, 2, 3]]


def test_places_skip_after_a_tie():
    assert places_of({"ranking": [[1, 2], [0], [3]]}) == {1: 1, 2: 1, 0: 3, 3: 4}
    assert places_of({"ranking": []}) == {}


def test_the_seats_totals_are_read_in_seat_order():
    scores = {"seats": [{"seat": 2, "total": 7}, {"seat": 0, "total": 31}, {"seat": 1, "total": 0}]}
    assert seat_totals(scores) == (31, 0, 7)


def test_a_settled_scoring_ranks_by_the_clubs_places_whatever_the_points():
    scores = {"seats": [{"total": 55}, {"total": 30}, {"total": 30}], "ranking": [[0], [1, 2]]}
    club = settled(scores, [3, 1, 1], ["resigned", "", ""])
    assert club["ranking"] == [[1, 2], [0]] and club["winners"] == [1, 2]
    assert club["outcomes"] == ["resigned", "", ""] and not club["aborted"]
    assert places_of(club) == {1: 1, 2: 1, 0: 3}
    assert scores["ranking"] == [[0], [1, 2]]  # the rules' scoring is left as it was
    assert result_lines(club, ["Earth (Ann)", "Fire (Bob)", "Air"]) == [
        "Earth (Ann) resigned: last, whatever the score."
    ]


def test_an_aborted_game_has_no_ranking_and_says_so():
    club = settled({"seats": [{"total": 0}, {"total": 2}], "ranking": [[1], [0]]}, [0, 0], ["", ""])
    assert club["ranking"] == [] and club["winners"] == [] and club["aborted"]
    assert places_of(club) == {}
    [line] = result_lines(club, ["Air (Ann)", "Water (Bob)"])
    assert line.startswith("The game was aborted") and "not rated" in line
