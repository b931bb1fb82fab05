"""A tournament's page sent to a member lists its latest tables only, and says how many it left
out: an arena's page grows with every game, and past the largest message the server sends it
could not be sent at all."""

from __future__ import annotations

import pytest

from wish_tui.club.tournament_page import TABLES_SHOWN, latest
from wish_tui.tables.protocol import ProtocolError, encode
from wish_tui.tables.tournament_words import lines


def _arena_page(tables: int, entrants: int = 200) -> dict:
    """The page of an arena of `entrants` bot members that played `tables` two-seat tables."""
    standings = [
        {
            "rank": i + 1,
            "name": f"bot-member-{i}",
            "score": 0,
            "tie_break": 0,
            "withdrawn": False,
            "on_fire": False,
            "results": ["1"] * (2 * tables // entrants),
        }
        for i in range(entrants)
    ]
    shown_tables = [
        {
            "table_id": 10_000 + n,
            "code": f"{n:06x}",
            "bye": False,
            "players": [
                {"id": 2 * n % entrants + s, "name": f"bot-member-{n % 97}"} for s in (0, 1)
            ],
            "places": [1, 2],
            "no_shows": [],
            "finished": True,
        }
        for n in range(tables)
    ]
    tournament = {
        "id": 1,
        "name": "Arena",
        "system": "arena",
        "game": "spirits",
        "seats": 2,
        "rounds": 0,
        "minutes": 10,
        "round": 0,
        "entrants": entrants,
        "status": "running",
    }
    return {
        "tournament": tournament,
        "standings": standings,
        "rounds": [{"round": 0, "tables": shown_tables}],
    }


def test_an_arena_page_of_thousands_of_tables_is_sent_with_its_latest_ones():
    whole = _arena_page(3000)
    with pytest.raises(ProtocolError):  # whole, it could not be sent
        encode({"type": "page", **whole})
    shown = latest(whole)
    encode({"type": "page", **shown})  # fits
    (shown_round,) = shown["rounds"]
    assert shown_round["tables"] == whole["rounds"][0]["tables"][-TABLES_SHOWN:]
    assert shown["tables_left_out"] == 3000 - TABLES_SHOWN
    assert shown["standings"] == whole["standings"]
    said = lines(shown)
    assert "2800 earlier tables left out here: the games are in the history." in said


def test_a_page_of_a_few_rounds_keeps_the_latest_rounds_whole_and_its_last_tables():
    page = _arena_page(0)
    page["rounds"] = [
        {"round": r, "tables": [{"code": f"{r}-{t}"} for t in range(3)]} for r in (1, 2, 3)
    ]
    shown = latest(page, most=4)
    assert [[t["code"] for t in r["tables"]] for r in shown["rounds"]] == [
        ["2-2"],
        ["3-0", "3-1", "3-2"],
    ]
    assert shown["tables_left_out"] == 5
    assert latest(page, most=9) is page
