"""An arena: the free paired at once, points by place, streaks on fire, the last opponents
avoided, no-shows and the withdrawn."""

from fractions import Fraction

from wish_tui.club.tournaments import Entrant, TableResult, arena


def entrants(count, withdrawn=()):
    return [
        Entrant(i, f"p{i}", rating=float(100 - i), withdrawn=i in withdrawn)
        for i in range(1, count + 1)
    ]


def won(winner, loser, at):
    return TableResult((winner, loser), (1, 2), ended_at=at)


def test_a_win_scores_two_a_draw_one_a_loss_nothing():
    people = entrants(3)
    results = [won(1, 2, 1), TableResult((2, 3), (1, 1), ended_at=2)]
    score = {s.player_id: s.score for s in arena.standings(people, results)}
    assert score == {1: 2, 2: 1, 3: 1}


def test_after_two_wins_in_a_row_a_player_is_on_fire_and_scores_double():
    people = entrants(4)
    results = [won(1, 2, 1), won(1, 3, 2), won(1, 4, 3), won(1, 2, 4)]
    line = arena.standings(people, results)[0]
    assert line.results == ("2", "2", "4", "4")
    assert line.score == 12 and line.on_fire


def test_a_streak_ends_with_a_table_not_won_and_a_draw_on_fire_scores_two():
    people = entrants(4)
    results = [
        won(1, 2, 1),
        won(1, 3, 2),
        TableResult((1, 4), (1, 1), ended_at=3),
        won(1, 2, 4),
    ]
    line = arena.standings(people, results)[0]
    assert line.results == ("2", "2", "2", "2")
    assert not line.on_fire


def test_the_streak_counts_tables_in_the_order_they_ended():
    people = entrants(4)
    results = [won(1, 2, 3), won(3, 1, 1), won(1, 4, 2)]
    line = next(s for s in arena.standings(people, results) if s.player_id == 1)
    assert line.results == ("0", "2", "2")


def test_four_seats_score_two_for_first_and_nothing_for_last():
    people = entrants(4)
    results = [TableResult((1, 2, 3, 4), (1, 2, 3, 4), ended_at=1)]
    score = {s.player_id: s.score for s in arena.standings(people, results)}
    assert score == {1: 2, 2: Fraction(4, 3), 3: Fraction(2, 3), 4: 0}


def test_a_no_show_scores_nothing_and_ends_their_streak():
    people = entrants(3)
    results = [
        won(1, 2, 1),
        won(1, 3, 2),
        TableResult((1, 2), (0, 0), no_shows=frozenset({1}), ended_at=3),
    ]
    lines = {s.player_id: s for s in arena.standings(people, results)}
    assert lines[1].results == ("2", "2", "forfeit")
    assert not lines[1].on_fire
    assert lines[2].results == ("0", "2")


def test_everyone_free_is_paired_at_once_by_score():
    people = entrants(6)
    results = [won(6, 1, 1)]
    pairing = arena.pair_free(people, results, [1, 2, 3, 4, 5, 6], seats=2)
    assert pairing.sitting_out == ()
    assert pairing.tables[0][0] == 6


def test_an_odd_one_out_is_whoever_became_free_last():
    pairing = arena.pair_free(entrants(5), [], [3, 1, 5, 2, 4], seats=2)
    assert pairing.sitting_out == (4,)
    assert pairing.tables == ((1, 2), (3, 5))


def test_five_free_at_four_seats_all_play():
    pairing = arena.pair_free(entrants(5), [], [1, 2, 3, 4, 5], seats=4)
    assert sorted(len(t) for t in pairing.tables) == [2, 3]
    assert pairing.sitting_out == ()


def test_the_opponent_of_the_last_table_is_avoided_when_another_is_free():
    people = entrants(4)
    results = [won(1, 2, 1), won(3, 4, 2)]
    pairing = arena.pair_free(people, results, [1, 2, 3, 4], seats=2)
    assert frozenset((1, 2)) not in {frozenset(t) for t in pairing.tables}
    assert pairing.rematches == 0


def test_two_free_who_just_met_play_again_rather_than_wait():
    pairing = arena.pair_free(entrants(2), [won(1, 2, 1)], [1, 2], seats=2)
    assert pairing.tables == ((1, 2),)
    assert pairing.rematches == 1


def test_the_withdrawn_and_strangers_are_not_paired():
    pairing = arena.pair_free(entrants(3, withdrawn={2}), [], [1, 2, 3, 99], seats=2)
    assert pairing.tables == ((1, 3),)


def test_equal_scores_share_a_rank_ordered_by_rating_and_the_next_rank_skips():
    people = entrants(4)
    results = [TableResult((2, 3), (1, 1), ended_at=1), won(4, 1, 2)]
    lines = arena.standings(people, results)
    assert [(s.player_id, s.rank) for s in lines] == [(4, 1), (2, 2), (3, 2), (1, 4)]
