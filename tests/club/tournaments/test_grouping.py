"""Tables from players in rank order: sizes, the rank order kept, rematches avoided."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wish_tui.club.tournaments.grouping import group, table_sizes


@pytest.mark.parametrize(
    ("count", "seats", "sizes", "over"),
    [
        (8, 2, (2, 2, 2, 2), 0),
        (7, 2, (2, 2, 2), 1),
        (1, 2, (), 1),
        (0, 4, (), 0),
        (10, 4, (4, 3, 3), 0),
        (5, 4, (3, 2), 0),
        (4, 3, (2, 2), 0),
        (7, 3, (3, 2, 2), 0),
        (64, 4, (4,) * 16, 0),
    ],
)
def test_table_sizes(count, seats, sizes, over):
    assert table_sizes(count, seats) == (sizes, over)


@given(st.integers(0, 80), st.integers(2, 4))
def test_every_player_is_seated_or_left_over_and_tables_fit(count, seats):
    sizes, over = table_sizes(count, seats)
    assert sum(sizes) + over == count
    assert all(2 <= s <= seats for s in sizes)
    assert over == 0 or (seats == 2 and over == 1) or count < 2


def never(a, b):
    return False


def test_rank_order_is_kept_when_no_one_met():
    tables, rematches = group([5, 3, 9, 1], (2, 2), never)
    assert tables == ((5, 3), (9, 1))
    assert rematches == 0


def test_a_rematch_is_avoided_by_going_back():
    # 1 met 2 and 3: only 4 is left for 1, so 2 sits with 3.
    met = {frozenset(p) for p in [(1, 2), (1, 3)]}
    tables, rematches = group([1, 2, 3, 4], (2, 2), lambda a, b: frozenset((a, b)) in met)
    assert tables == ((1, 4), (2, 3))
    assert rematches == 0


def test_greedy_would_rematch_but_the_search_does_not():
    # Greedy seats 1-3 (1 met 2), then 2-4 met: a rematch. 1-4 and 2-3 avoid it.
    met = {frozenset(p) for p in [(1, 2), (2, 4)]}
    tables, rematches = group([1, 2, 3, 4], (2, 2), lambda a, b: frozenset((a, b)) in met)
    assert rematches == 0
    assert all(frozenset(t) not in met for t in tables)


def test_an_unavoidable_rematch_is_seated_and_counted():
    tables, rematches = group([1, 2], (2,), lambda a, b: True)
    assert tables == ((1, 2),)
    assert rematches == 1
