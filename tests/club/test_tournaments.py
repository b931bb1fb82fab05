"""Tournaments in the club's database (SQLite and PostgreSQL): created, joined, started, tables
noted per round, results counted once as tables finish, standings and the page."""

import pytest

from wish_tui.club import ClubError, InputRefused, SeatSpec, ratings
from wish_tui.club.bot_ratings import bot_prior
from wish_tui.club.tournament_page import page
from wish_tui.club.tournaments import swiss
from wish_tui.tables.tournament_words import lines

from .conftest import people, reopen


def scores(*totals):
    """Final scores where a higher total ranks first."""
    order = sorted(range(len(totals)), key=lambda s: -totals[s])
    return {"seats": [{"total": t} for t in totals], "ranking": [[s] for s in order]}


def table_for(club, players, owner):
    seats = [
        SeatSpec(name, "human", p)
        for name, p in zip(("air", "fire", "water", "earth"), players, strict=False)
    ]
    return club.tables.create("wish", 1, seats[: len(players)], owner)


def run_round(club, tid, seats=2):
    """Pair the next Swiss round, make its tables and note them; returns their club tables."""
    found = club.tournaments.get(tid)
    pairing = swiss.pair_round(club.tournaments.entrants(tid), club.tournaments.results(tid), seats)
    made = [(table_for(club, t, t[0]), t) for t in pairing.tables]
    club.tournaments.seat(tid, found.round + 1, [(m.id, t) for m, t in made], pairing.sitting_out)
    return made


def test_a_swiss_is_created_open_and_refuses_what_does_not_fit(club):
    (ann,) = people(club, "Ann")
    made = club.tournaments.create("Friday Swiss", "swiss", "wish", 2, rounds=3, created_by=ann.id)
    assert (made.status, made.rounds, made.minutes, made.round) == ("open", 3, 0, 0)
    assert made.clock == {"type": "live", "minutes": 10, "increment": 5}  # a no-show forfeits
    assert club.tournaments.listing()[0].id == made.id
    for bad in (
        dict(name="x", system="swiss", game="wish", seats=2, rounds=3),
        dict(name="Cup", system="knockout", game="wish", seats=2, rounds=3),
        dict(name="Cup", system="swiss", game="chess", seats=2, rounds=3),
        dict(name="Cup", system="swiss", game="wish", seats=5, rounds=3),
        dict(name="Cup", system="swiss", game="wish", seats=2, rounds=0),
        dict(name="Cup", system="arena", game="wish", seats=2, minutes=1),
        dict(
            name="Cup",
            system="swiss",
            game="wish",
            seats=2,
            rounds=3,
            kind="turn",
            clock={"type": "live", "minutes": 5, "increment": 0},
        ),
    ):
        with pytest.raises(InputRefused):
            club.tournaments.create(**bad)
    assert len(club.tournaments.listing()) == 1


def test_entries_bots_guests_and_the_start(club):
    ann, bob = people(club, "Ann", "Bob")
    tid = club.tournaments.create("Cup", "swiss", "wish", 2, rounds=2).id
    club.tournaments.join(tid, ann.id)
    with pytest.raises(ClubError, match="two entrants"):
        club.tournaments.start(tid)
    with pytest.raises(ClubError, match="Bots may not"):
        club.tournaments.join(tid, club.players.bot("medium").id)
    with pytest.raises(ClubError, match="members"):
        club.tournaments.join(tid, club.players.guest("Gil").id)
    club.tournaments.join(tid, bob.id)
    started = club.tournaments.start(tid)
    assert started.status == "running" and started.started_at is not None
    with pytest.raises(ClubError, match="started already"):
        club.tournaments.start(tid)
    assert [e.name for e in club.tournaments.entrants(tid)] == ["Ann", "Bob"]


def test_a_bot_level_enters_at_its_levels_measured_rating_before_its_first_game(club):
    # Bots are entered "at their rating": a level that has not played the game yet is paired
    # by the rating it starts its first game with (bot_ratings.toml), not a newcomer's 0.
    (ann,) = people(club, "Ann")
    tid = club.tournaments.create("Cup", "swiss", "spirits", 2, rounds=2, bots=True).id
    for entrant in (ann.id, club.players.bot("random").id, club.players.bot("hard").id):
        club.tournaments.join(tid, entrant)
    rating = {e.name: e.rating for e in club.tournaments.entrants(tid)}
    assert rating["Ann"] == 0.0
    assert rating["hard"] == pytest.approx(ratings.ordinal(*bot_prior("spirits", "hard")))
    assert rating["random"] < 0.0 < rating["hard"]


def test_a_swiss_of_three_counts_each_table_once_with_byes_and_ratings(club):
    ann, bob, cat = people(club, "Ann", "Bob", "Cat")
    tid = club.tournaments.create("Cup", "swiss", "wish", 2, rounds=2).id
    for p in (ann, bob, cat):
        club.tournaments.join(tid, p.id)
    club.tournaments.start(tid)
    made = run_round(club, tid)
    assert len(made) == 1 and club.tournaments.get(tid).round == 1
    table, players = made[0]
    assert club.tournaments.playing(tid) == 1
    finished = club.finish(table.id, scores(30, 20))
    assert finished.rated and finished.changes
    assert club.tournaments.playing(tid) == 0
    shown = page(club.tournaments, tid)
    by_name = {line["name"]: line for line in shown["standings"]}
    winner = club.players.get(players[0]).name
    assert by_name[winner]["score"] == 1 and by_name[winner]["results"] == ["1"]
    (bye,) = [line for line in shown["standings"] if line["byes"]]
    assert bye["score"] == 1 and bye["results"] == ["bye"]
    assert shown["rounds"][0]["round"] == 1 and len(shown["rounds"][0]["tables"]) == 2
    # The second round: the bye goes to someone else.
    made = run_round(club, tid)
    assert club.tournaments.get(tid).round == 2
    again = reopen(club)
    try:
        tables = again.tournaments.tables(tid)
        byes = [t.players[0] for t in tables if t.table_id is None]
        assert len(byes) == 2 and byes[0] != byes[1]
    finally:
        again.close()


def test_a_no_show_forfeits_and_is_withdrawn(club):
    ann, bob = people(club, "Ann", "Bob")
    tid = club.tournaments.create("Cup", "swiss", "wish", 2, rounds=3).id
    for p in (ann, bob):
        club.tournaments.join(tid, p.id)
    club.tournaments.start(tid)
    ((table, players),) = run_round(club, tid)
    gone = players[1]
    outcomes = ["", "timeout"]
    club.finish(table.id, scores(0, 0), outcomes=outcomes, aborted=True)
    shown = page(club.tournaments, tid)
    lines_by_id = {line["player_id"]: line for line in shown["standings"]}
    assert lines_by_id[gone]["results"] == ["forfeit"] and lines_by_id[gone]["withdrawn"]
    assert lines_by_id[players[0]]["score"] == 1
    assert shown["rounds"][0]["tables"][0]["no_shows"] == [gone]
    text = "\n".join(lines(shown))
    assert "(no-show)" in text and "(withdrawn)" in text
    assert f"{club.players.get(players[0]).name} (1)" in text
    club.tournaments.join(tid, gone)
    assert not [e for e in club.tournaments.entrants(tid) if e.withdrawn]


def test_an_arena_keeps_who_waits_longest_first(club, clock):
    ann, bob, cat = people(club, "Ann", "Bob", "Cat")
    tid = club.tournaments.create("Blitz", "arena", "wish", 2, minutes=30).id
    for p in (cat, ann, bob):
        club.tournaments.join(tid, p.id)
        clock.advance(1)
    started = club.tournaments.start(tid)
    assert started.ends_at - started.started_at == 30 * 60_000
    assert club.tournaments.free(tid) == [cat.id, ann.id, bob.id]
    table = table_for(club, (cat.id, ann.id), cat.id)
    club.tournaments.seat(tid, 0, [(table.id, (cat.id, ann.id))])
    assert club.tournaments.free(tid) == [bob.id]
    club.finish(table.id, scores(3, 9))
    free = club.tournaments.free(tid)
    assert free[0] == bob.id and sorted(free[1:]) == sorted((cat.id, ann.id))
    shown = page(club.tournaments, tid)
    assert [(line["name"], line["score"]) for line in shown["standings"]][0] == ("Ann", 2)


def test_a_table_not_of_a_tournament_finishes_as_before(club):
    ann, bob = people(club, "Ann", "Bob")
    table = table_for(club, (ann.id, bob.id), ann.id)
    assert club.finish(table.id, scores(1, 2)).rated
    assert club.tournaments.listing() == []
