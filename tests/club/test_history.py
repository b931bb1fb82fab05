"""History (newest first, yours or everyone's, by game, paged), a game's page, a removed player."""

from __future__ import annotations

from wish_tui.club import SeatSpec
from wish_tui.club.limits import REMOVED_NAME

from .conftest import people


def finish(club, game, seats, totals):
    table = club.tables.create(game, 1, seats, None)
    ranking = [[i] for i in sorted(range(len(totals)), key=lambda i: -totals[i])]
    club.finish(table.id, {"seats": [{"total": t} for t in totals], "ranking": ranking})
    return table


def test_history_is_newest_first_filtered_and_paged(club, clock):
    ann, bob = people(club, "Ann", "Bob")
    made = []
    for n in range(5):
        game = "wish" if n % 2 == 0 else "wishland"
        first = "air" if game == "wish" else "red"
        second = "water" if game == "wish" else "blue"
        seats = [
            SeatSpec(first, "human", ann.id),
            SeatSpec(second, "human" if n < 3 else "hard", bob.id),
        ]
        made.append(finish(club, game, seats, [n, 10]))
        clock.advance(60)
    everyone = club.history.page()
    assert [g.code for g in everyone] == [t.code for t in reversed(made)]
    assert [g.code for g in club.history.page(game="wish")] == [
        made[4].code,
        made[2].code,
        made[0].code,
    ]
    bobs = club.history.page(player_id=bob.id)
    assert [g.code for g in bobs] == [made[2].code, made[1].code, made[0].code]
    assert [g.code for g in club.history.page(player_id=bob.id, game="wishland")] == [made[1].code]
    assert [g.code for g in club.history.page(size=2, page=1)] == [made[2].code, made[1].code]
    assert club.history.page(size=2, page=9) == []
    seat = everyone[-1].seats[1]
    assert (seat.player, seat.score, seat.place) == ("Bob", 10, 1)


def test_a_removed_players_games_stay_shown_as_removed_player(club):
    ann, bob = people(club, "Ann", "Bob")
    finish(
        club, "wish", [SeatSpec("air", "human", ann.id), SeatSpec("fire", "human", bob.id)], [3, 1]
    )
    club.players.remove(ann.id)
    [game] = club.history.page()
    assert game.seats[0].player == REMOVED_NAME and game.seats[0].player_id == ann.id
    assert [r.name for r in club.standings.leaderboard("wish")] == ["Bob"]
    assert club.history.page(player_id=ann.id)[0].code == game.code


def test_a_games_page_gives_win_rates_by_seat_name_and_bot(club):
    ann = people(club, "Ann")[0]
    for totals in ([5, 3], [5, 3], [2, 3]):
        finish(
            club, "wish", [SeatSpec("air", "human", ann.id), SeatSpec("earth", "medium")], totals
        )
    page = club.standings.game_page("wish")
    assert page.finished == 3
    by_seat = {(w.seats, w.key): (w.played, w.won) for w in page.by_seat}
    assert by_seat == {(2, "1"): (3, 2), (2, "2"): (3, 1)}
    assert {w.key: w.win_rate for w in page.by_name} == {"air": 0.6667, "earth": 0.3333}
    [medium] = page.by_bot
    assert (medium.key, medium.played, medium.won) == ("medium", 3, 1)


def test_who_holds_a_name(club):
    ann = people(club, "Ann")[0]
    assert club.players.by_name("ANN").id == ann.id
    assert club.players.by_name("nobody") is None
