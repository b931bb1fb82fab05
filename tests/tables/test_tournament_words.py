"""A tournament's heading in words: counts in the singular where there is one."""

from __future__ import annotations

from wish_tui.tables.tournament_words import heading


def test_a_swiss_of_one_round_is_said_in_the_singular():
    tournament = {
        "id": 4,
        "name": "Duel",
        "system": "swiss",
        "game": "wishland",
        "seats": 2,
        "rounds": 1,
        "minutes": 0,
        "round": 0,
        "entrants": 1,
        "status": "open",
    }
    said = heading(tournament)
    assert said == "#4 Duel: Swiss of Wishland, 2 seats, 1 round, 1 entrant, open for entries"
    assert "3 rounds" in heading({**tournament, "rounds": 3})
