"""Finishing a table: places (ties, forfeits last), ratings moving the right way for 2, 3 and 4
seats, the record compacted and still replaying exactly, solo best scores, unrated games."""

from __future__ import annotations

import pytest

from wish_tui import records
from wish_tui.club import ClubError, SeatSpec, bot_ratings, limits, ratings
from wish_tui.club.ratings import places

from .conftest import key, people, play, reopen


def scores(totals: list[int], ranking: list[list[int]]) -> dict:
    return {"seats": [{"total": t} for t in totals], "ranking": ranking}


def table_of(club, players, names=("air", "water", "fire", "earth")):
    seats = [
        SeatSpec(names[i], "human", p.id) if not isinstance(p, str) else SeatSpec(names[i], p)
        for i, p in enumerate(players)
    ]
    return club.tables.create("wish", 1, seats, None)


def ordinals(finished) -> dict[int, tuple[float, float]]:
    return {c.player_id: (c.before, c.after) for c in finished.changes}


def test_places_share_ties_and_send_forfeits_last():
    assert places([[1], [0, 2], [3]], 4, ["", "", "", ""]) == [2, 1, 2, 4]
    assert places([[1], [0], [2], [3]], 4, ["", "resigned", "", ""]) == [1, 4, 2, 3]
    assert places([[0], [1], [2], [3]], 4, ["timeout", "", "bot", ""]) == [3, 1, 3, 2]
    assert places([[0, 1]], 2, ["", ""]) == [1, 1]


def test_two_seats_the_winner_goes_up_the_loser_down(club):
    ann, bob = people(club, "Ann", "Bob")
    table = table_of(club, [ann, bob])
    finished = club.finish(table.id, scores([30, 20], [[0], [1]]))
    moved = ordinals(finished)
    assert finished.rated
    assert moved[ann.id][1] > moved[ann.id][0] == 0.0
    assert moved[bob.id][1] < moved[bob.id][0]
    board = club.standings.leaderboard("wish")
    assert [r.name for r in board] == ["Ann", "Bob"] and board[0].games == 1


def test_a_draw_between_equals_leaves_them_equal_and_surer(club):
    ann, bob = people(club, "Ann", "Bob")
    finished = club.finish(table_of(club, [ann, bob]).id, scores([20, 20], [[0, 1]]))
    moved = ordinals(finished)
    assert moved[ann.id][1] == pytest.approx(moved[bob.id][1])
    assert moved[ann.id][1] > 0.0  # mu stays, sigma shrinks: the ordinal rises
    assert [s.place for s in finished.seats] == [1, 1]


def test_three_seats_with_a_tie_for_first(club):
    ann, bob, cy = people(club, "Ann", "Bob", "Cy")
    finished = club.finish(table_of(club, [ann, bob, cy]).id, scores([9, 9, 4], [[0, 1], [2]]))
    moved = ordinals(finished)
    assert moved[ann.id][1] == pytest.approx(moved[bob.id][1])
    assert moved[ann.id][1] > moved[cy.id][1]
    assert moved[cy.id][1] < 0.0
    assert [s.place for s in finished.seats] == [1, 1, 3]


def test_four_seats_a_resigned_seat_finishes_last_whatever_its_score(club):
    ann, bob, cy, di = people(club, "Ann", "Bob", "Cy", "Di")
    table = table_of(club, [ann, bob, cy, di])
    club.tables.set_seat(table.id, 0, outcome="resigned")
    finished = club.finish(table.id, scores([40, 30, 20, 10], [[0], [1], [2], [3]]))
    assert [s.place for s in finished.seats] == [4, 1, 2, 3]
    assert [s.outcome for s in finished.seats] == ["resigned", "", "", ""]
    after = {p: a for p, (_, a) in ordinals(finished).items()}
    assert after[bob.id] > after[cy.id] > after[di.id] > after[ann.id]


def test_two_forfeits_tie_below_everyone(club):
    ann, bob, cy, di = people(club, "Ann", "Bob", "Cy", "Di")
    table = table_of(club, [ann, bob, cy, di])
    finished = club.finish(
        table.id,
        scores([40, 30, 20, 10], [[0], [1], [2], [3]]),
        outcomes=["timeout", "", "bot", ""],
    )
    after = {p: a for p, (_, a) in ordinals(finished).items()}
    assert after[ann.id] == pytest.approx(after[cy.id])
    assert min(after[bob.id], after[di.id]) > after[ann.id]


def test_bots_are_rated_and_a_bot_at_two_seats_once(club):
    ann = people(club, "Ann")[0]
    table = table_of(club, [ann, "medium", "medium", "hard"])
    finished = club.finish(table.id, scores([5, 9, 8, 7], [[1], [2], [3], [0]]))
    medium = club.players.bot("medium")
    assert medium.id in ordinals(finished)
    board = {r.name: r for r in club.standings.leaderboard("wish")}
    assert board["medium"].games == 1 and board["medium"].is_bot
    assert board["medium"].ordinal > board["Ann"].ordinal
    assert club.db.scalar("SELECT COUNT(*) FROM rating_history") == 3


def test_ratings_build_up_and_the_trend_follows(club):
    ann, bob = people(club, "Ann", "Bob")
    for _ in range(3):
        club.finish(table_of(club, [ann, bob]).id, scores([2, 1], [[0], [1]]))
    page = club.standings.player_page(ann.id)
    [wish] = page.games
    assert (wish.played, wish.won, wish.win_rate, wish.best, wish.games_rated) == (3, 3, 1.0, 2, 3)
    assert len(wish.trend) == 3 and list(wish.trend) == sorted(wish.trend)
    assert wish.ordinal == pytest.approx(wish.trend[-1])


def test_guests_and_open_seats_leave_a_game_unrated(club):
    ann = people(club, "Ann")[0]
    guest = club.players.guest("visitor")
    finished = club.finish(table_of(club, [ann, guest]).id, scores([3, 1], [[0], [1]]))
    assert not finished.rated and finished.changes == ()
    assert club.standings.leaderboard("wish") == []
    unrated = club.finish(table_of(club, [ann, "easy"]).id, scores([3, 1], [[0], [1]]), rated=False)
    assert not unrated.rated


def test_a_finished_game_is_compacted_and_replays_exactly(club):
    ann, bob = people(club, "Ann", "Bob")
    seats = [SeatSpec("air", "human", ann.id), SeatSpec("water", "human", bob.id)]
    played = play(club, "wish", 21, seats, owner=ann.id)
    assert played.state.is_over and played.undos == 1
    club.tables.chat(played.table.id, ann.id, "good game")
    finished = club.finish(played.table.id, played.state.final_scores())
    for rows in ("table_events", "table_chat", "table_seats"):
        assert club.db.scalar(f"SELECT COUNT(*) FROM {rows}") == 0
    again = reopen(club)
    try:
        archived = again.history.archived(played.table.id)
        assert archived.record.actions == played.actions
        states = records.replay(archived.record)
        assert states[-1].to_dict() == played.state.to_dict()
        assert archived.scores == played.state.final_scores()
        assert archived.chat[-1][1] == "good game"
        assert len(archived.tenths) == len(played.actions)
        assert archived.game.seats == finished.seats
        assert again.tables.load_unfinished() == ([], [])
    finally:
        again.close()


def test_a_table_finishes_once_and_then_takes_no_action(club):
    ann, bob = people(club, "Ann", "Bob")
    table = table_of(club, [ann, bob])
    club.finish(table.id, scores([1, 0], [[0], [1]]))
    with pytest.raises(ClubError):
        club.finish(table.id, scores([1, 0], [[0], [1]]))
    with pytest.raises(ClubError):
        club.tables.append(table.id, 0, ann.id, "travel Dock")
    assert club.standings.leaderboard("wish")[0].games == 1


def test_scores_that_do_not_fit_the_seats_change_nothing(club):
    ann, bob = people(club, "Ann", "Bob")
    table = table_of(club, [ann, bob])
    with pytest.raises(ClubError):
        club.finish(table.id, scores([1], [[0]]))
    assert club.tables.get(table.id).finished_at is None
    assert club.db.scalar("SELECT COUNT(*) FROM finished_games") == 0


def test_solo_games_keep_the_best_score_of_their_setup(club):
    ann = club.players.register(key(1), "Ann")
    for total in (30, 41, 35):
        table = club.tables.create(
            "wish", 1, [SeatSpec("fire", "human", ann.id)], ann.id, solo="hard"
        )
        finished = club.finish(table.id, scores([total], [[0]]))
        assert not finished.rated
    [best] = club.standings.best_solo(player_id=ann.id)
    assert (best.setup, best.score, best.games) == ("hard", 41, 3)
    assert club.standings.leaderboard("wish") == []
    assert club.standings.player_page(ann.id).solo == (best,)


def test_a_bot_starts_from_its_levels_measured_rating(club, monkeypatch):
    monkeypatch.setitem(
        bot_ratings.BOT_RATINGS, "wish", {"expert": (34.0, 1.0), "hard": (30.0, 3.0)}
    )
    ann = people(club, "Ann")[0]
    finished = club.finish(table_of(club, [ann, "expert"]).id, scores([20, 30], [[1], [0]]))
    expert = club.players.bot("expert")
    before, after = ordinals(finished)[expert.id]
    # Its sigma is kept at least at the floor, so that it still moves with the club's games.
    assert before == pytest.approx(ratings.ordinal(34.0, bot_ratings.SIGMA_FLOOR))
    assert after > before
    assert ordinals(finished)[ann.id][0] == 0.0  # a person starts as a newcomer
    # A bot that has played goes on from its own rating.
    again = club.finish(table_of(club, [ann, "expert"]).id, scores([20, 30], [[1], [0]]))
    assert ordinals(again)[expert.id][0] == pytest.approx(after)


def test_the_expert_bot_takes_its_name_even_when_a_person_holds_it(club, monkeypatch):
    # A person who chose the name before the expert level reserved it keeps it.
    monkeypatch.setattr(limits, "RESERVED", limits.RESERVED - {"expert"})
    held = club.players.register(key(7), "Expert")
    monkeypatch.undo()
    bot = club.players.bot("expert")
    assert bot.is_bot and bot.id != held.id and bot.name == "expert"
    assert club.players.bot("expert").id == bot.id
    assert club.players.by_name("Expert").id == held.id


def test_an_aborted_game_has_no_places_moves_no_rating_and_counts_for_no_one(club):
    ann, bob = people(club, "Ann", "Bob")
    club.finish(table_of(club, [ann, bob]).id, scores([9, 4], [[0], [1]]))
    aborted = club.finish(
        table_of(club, [ann, bob]).id,
        scores([3, 3], [[0, 1]]),
        outcomes=["timeout", "timeout"],
        aborted=True,
    )
    assert aborted.aborted and not aborted.rated and aborted.changes == ()
    assert [s.place for s in aborted.seats] == [0, 0]
    newest, first = club.history.page()
    assert newest.aborted and not first.aborted and newest.to_json()["aborted"] is True
    board = {r.name: r.games for r in club.standings.leaderboard("wish")}
    assert board == {"Ann": 1, "Bob": 1}
    [stats] = club.standings.player_page(bob.id).games
    assert (stats.played, stats.won) == (1, 0)  # not "2 played, 1 won"
    assert club.standings.game_page("wish").finished == 1
    solo = club.tables.create("wish", 1, [SeatSpec("fire", "human", ann.id)], ann.id, solo="hard")
    club.finish(solo.id, scores([30], [[0]]), outcomes=["resigned"], aborted=True)
    assert club.standings.best_solo(player_id=ann.id) == []


def test_a_players_page_leaves_out_the_points_a_bot_scored_at_their_seat(club):
    ann, bob = people(club, "Ann", "Bob")
    club.finish(
        table_of(club, [ann, bob]).id, scores([20, 55], [[1], [0]]), outcomes=["", "resigned"]
    )
    [stats] = club.standings.player_page(bob.id).games
    assert (stats.played, stats.won, stats.average, stats.best) == (1, 0, None, None)
    club.finish(table_of(club, [ann, bob]).id, scores([20, 30], [[1], [0]]))
    [stats] = club.standings.player_page(bob.id).games
    assert (stats.played, stats.won, stats.average, stats.best) == (2, 1, 30.0, 30)


def test_the_seats_whose_person_decided_are_read_back_after_a_restart(club):
    ann, bob = people(club, "Ann", "Bob")
    seats = [SeatSpec("air", "human", ann.id), SeatSpec("water", "human", bob.id)]
    played = play(club, "wish", 21, seats, limit=3, undo_at=None)
    table = played.table.id
    assert club.tables.load(table).decided == {0, 1}
    fresh = club.tables.create("wish", 21, seats, None)  # the same deal
    state = played.states[0]
    first = state.current_player
    club.tables.append(fresh.id, first, None, str(state.legal_actions()[0]))  # a bot's move
    assert club.tables.load(fresh.id).decided == frozenset()


def test_running_clocks_are_kept_in_one_go_and_a_finished_table_is_passed_over(club):
    ann, bob = people(club, "Ann", "Bob")
    live, done = table_of(club, [ann, bob]), table_of(club, [ann, bob])
    club.finish(done.id, scores([1, 0], [[0], [1]]))
    club.tables.keep_clocks([(live.id, 1, 171_500), (done.id, 0, 5)])
    assert [s.clock_ms for s in club.tables.get(live.id).seats] == [None, 171_500]
