"""A Swiss: rounds paired by score then rating, byes, no rematches, withdrawals, no-shows,
standings with Buchholz."""

from fractions import Fraction
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from wish_tui.club.tournaments import Entrant, TableResult, swiss


def entrants(count, withdrawn=()):
    """Players 1..count, 1 the highest rated."""
    return [
        Entrant(i, f"p{i}", rating=float(100 - i), withdrawn=i in withdrawn)
        for i in range(1, count + 1)
    ]


def play(pairing, round_, winner=min):
    """The round's results: the lowest id at each table wins, the others in id order."""
    results = [TableResult((p,), round=round_) for p in pairing.sitting_out]
    for table in pairing.tables:
        order = sorted(table, key=lambda p: p if winner is min else -p)
        places = tuple(order.index(p) + 1 for p in table)
        results.append(TableResult(table, places, round=round_))
    return results


def run(people, rounds, seats):
    results, pairings = [], []
    for round_ in range(1, rounds + 1):
        pairing = swiss.pair_round(people, results, seats)
        pairings.append(pairing)
        results += play(pairing, round_)
    return results, pairings


def test_the_first_round_seats_by_rating():
    pairing = swiss.pair_round(entrants(8), [], seats=2)
    assert pairing.tables == ((1, 2), (3, 4), (5, 6), (7, 8))
    assert pairing.sitting_out == ()


def test_the_second_round_seats_by_score_then_rating():
    people = entrants(8)
    results = play(swiss.pair_round(people, [], 2), 1)
    pairing = swiss.pair_round(people, results, 2)
    # Winners 1, 3, 5, 7 meet each other; the losers likewise; no one meets again.
    assert pairing.tables == ((1, 3), (5, 7), (2, 4), (6, 8))


def test_an_odd_count_gives_the_lowest_ranked_a_bye_and_never_twice_in_a_row():
    people = entrants(7)
    first = swiss.pair_round(people, [], 2)
    assert first.sitting_out == (7,)
    results = play(first, 1)
    second = swiss.pair_round(people, results, 2)
    assert len(second.sitting_out) == 1 and second.sitting_out != (7,)
    lines = {line.player_id: line for line in swiss.standings(people, results)}
    assert lines[7].score == 1 and lines[7].byes == 1 and lines[7].results == ("bye",)


def test_no_one_meets_twice_in_a_swiss_of_eight_over_five_rounds():
    results, pairings = run(entrants(8), 5, 2)
    pairs = [frozenset(r.players) for r in results if not r.is_bye]
    assert len(pairs) == len(set(pairs)) == 20
    assert all(p.rematches == 0 for p in pairings)


def test_four_seat_tables_of_ten_are_four_three_three_and_all_play():
    pairing = swiss.pair_round(entrants(10), [], seats=4)
    assert [len(t) for t in pairing.tables] == [4, 3, 3]
    assert sorted(p for t in pairing.tables for p in t) == list(range(1, 11))


def test_rematches_at_four_seats_are_counted_as_seated():
    results, pairings = run(entrants(9), 4, 4)
    seen = set()
    for pairing in pairings:
        again = sum(
            1 for t in pairing.tables for pair in combinations(t, 2) if frozenset(pair) in seen
        )
        assert again == pairing.rematches
        seen |= {frozenset(pair) for t in pairing.tables for pair in combinations(t, 2)}


def test_a_withdrawn_player_is_paired_no_more_but_keeps_their_line():
    people = entrants(4)
    results = play(swiss.pair_round(people, [], 2), 1)
    people[0] = Entrant(1, "p1", 99.0, withdrawn=True)
    pairing = swiss.pair_round(people, results, 2)
    assert all(1 not in t for t in pairing.tables)
    assert pairing.sitting_out == (4,)
    line = next(s for s in swiss.standings(people, results) if s.player_id == 1)
    assert line.withdrawn and line.score == 1


def test_a_no_show_forfeits_and_the_other_wins():
    people = entrants(2)
    results = [TableResult((1, 2), (0, 0), no_shows=frozenset({1}), round=1)]
    lines = swiss.standings(people, results)
    assert [(s.player_id, s.score, s.results) for s in lines] == [
        (2, 1, ("1",)),
        (1, 0, ("forfeit",)),
    ]
    assert lines[0].wins == 1


def test_buchholz_breaks_a_tie_in_score():
    # 1 and 2 both scored 1 point; 1 beat 3 (who then won again), 2 beat 4 (who lost again).
    people = entrants(4)
    results = [
        TableResult((1, 3), (1, 2), round=1),
        TableResult((2, 4), (1, 2), round=1),
        TableResult((1, 2), (1, 1), round=2),
        TableResult((3, 4), (1, 2), round=2),
    ]
    lines = swiss.standings(people, results)
    assert [s.player_id for s in lines] == [1, 2, 3, 4]
    assert lines[0].score == lines[1].score == Fraction(3, 2)
    assert lines[0].tie_break == Fraction(1 + Fraction(3, 2), 1)
    assert lines[1].tie_break == Fraction(0 + Fraction(3, 2), 1)


def test_lines_equal_in_score_and_buchholz_share_a_rank():
    people = entrants(2)
    lines = swiss.standings(people, [TableResult((1, 2), (1, 1), round=1)])
    assert [s.rank for s in lines] == [1, 1]


def test_a_standing_line_to_json():
    line = swiss.standings(entrants(2), [TableResult((1, 2), (1, 2), round=1)])[0]
    assert line.to_json()["score"] == 1 and line.to_json()["results"] == ["1"]


@settings(max_examples=40, deadline=None)
@given(
    count=st.integers(1, 23),
    seats=st.integers(2, 4),
    rounds=st.integers(1, 5),
    gone=st.sets(st.integers(1, 23), max_size=4),
)
def test_every_player_in_the_swiss_sits_once_a_round(count, seats, rounds, gone):
    people = entrants(count, withdrawn=gone)
    active = sorted(e.player_id for e in people if not e.withdrawn)
    results, pairings = run(people, rounds, seats)
    for pairing in pairings:
        seated = sorted([p for t in pairing.tables for p in t] + list(pairing.sitting_out))
        assert seated == active
        assert all(2 <= len(t) <= seats for t in pairing.tables)
    total = sum(s.score for s in swiss.standings(people, results))
    assert total == sum(Fraction(len(r.players), 2) if not r.is_bye else 1 for r in results)


def test_scores_and_buchholz_stay_exact_across_three_and_four_seat_tables():
    # Shares of a four-seat table are thirds, of a three-seat table quarters; a Buchholz is a
    # mean over two or three opponents: every figure is the exact fraction, never rounded.
    people = entrants(7)
    results = [
        TableResult((1, 2, 3, 4), (1, 2, 2, 4), round=1),
        TableResult((5, 6, 7), (2, 1, 3), round=1),
        TableResult((1, 5, 6), (3, 1, 1), round=2),
        TableResult((2, 3, 4, 7), (4, 1, 2, 2), round=2),
    ]
    shares = {p: Fraction(0) for p in range(1, 8)}
    for result in results:
        for player, share in swiss.shares(result).items():
            shares[player] += share
    lines = {s.player_id: s for s in swiss.standings(people, results)}
    assert lines[1].score == Fraction(1) + Fraction(0)
    assert lines[2].score == Fraction(1, 2) + Fraction(0)
    assert {p: s.score for p, s in lines.items()} == shares
    expected = {p: Fraction(0) for p in shares}
    for result in results:
        for player in result.players:
            others = [shares[o] for o in result.players if o != player]
            expected[player] += sum(others, Fraction(0)) / len(others)
    assert {p: s.tie_break for p, s in lines.items()} == expected
    # 6 met 5 (5/4) and 7 (1/2), then 1 (1) and 5: (5/4 + 1/2) / 2 + (1 + 5/4) / 2 = 2
    assert lines[6].tie_break == 2
