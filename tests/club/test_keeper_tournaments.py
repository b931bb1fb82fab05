"""`wish-tui club tournament`: the keeper creates, enters, starts, lists and shows tournaments,
in words and in JSON; refusals are one sentence."""

from __future__ import annotations

import json

import pytest

from wish_tui.cli import main
from wish_tui.club import SeatSpec, open_club

from .conftest import people


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(tmp_path))
    club = open_club(tmp_path, new_club=True)
    people(club, "Ann", "Bob", "Cat")
    club.close()
    return tmp_path


def club_json(capsys, *args) -> dict:
    assert main(["club", "tournament", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_create_enter_start_and_show(data_dir, capsys):
    made = club_json(
        capsys,
        "create",
        "Friday Swiss",
        "--game",
        "wish",
        "--system",
        "swiss",
        "--rounds",
        "3",
        "--clock",
        "10+5",
    )
    assert made["format"] == "wish_tui.club.tournament"
    shown = made["tournament"]
    assert (shown["name"], shown["system"], shown["rounds"], shown["status"]) == (
        "Friday Swiss",
        "swiss",
        3,
        "open",
    )
    assert shown["clock"] == {"type": "live", "minutes": 10, "increment": 5}
    tid = shown["id"]
    for name in ("Ann", "Bob", "Cat"):
        assert main(["club", "tournament", "enter", str(tid), name]) == 0
    assert main(["club", "tournament", "start", str(tid)]) == 0
    capsys.readouterr()
    page = club_json(capsys, "show", str(tid))
    assert page["tournament"]["status"] == "running"
    assert [line["name"] for line in page["standings"]] == ["Ann", "Bob", "Cat"]
    assert page["standings"][0] == {
        "rank": 1,
        "player_id": page["standings"][0]["player_id"],
        "name": "Ann",
        "score": 0,
        "tie_break": 0,
        "games": 0,
        "wins": 0,
        "byes": 0,
        "rating": 0.0,
        "withdrawn": False,
        "on_fire": False,
        "results": [],
    }
    assert page["rounds"] == []
    listed = club_json(capsys, "list")
    assert listed["format"] == "wish_tui.club.tournaments"
    assert [(t["id"], t["entrants"]) for t in listed["tournaments"]] == [(tid, 3)]
    assert main(["club", "tournament", "show", str(tid)]) == 0
    text = capsys.readouterr().out
    assert "Friday Swiss: Swiss of Wish, 2 seats, 3 rounds, 3 entrants, starting" in text


def test_the_page_shows_a_finished_table(data_dir, capsys):
    club = open_club(data_dir)
    ann, bob = club.players.named("Ann"), club.players.named("Bob")
    tid = club.tournaments.create("Cup", "swiss", "wish", 2, rounds=1).id
    for p in (ann, bob):
        club.tournaments.join(tid, p.id)
    club.tournaments.start(tid)
    table = club.tables.create(
        "wish", 1, [SeatSpec("air", "human", ann.id), SeatSpec("fire", "human", bob.id)], ann.id
    )
    club.tournaments.seat(tid, 1, [(table.id, (ann.id, bob.id))])
    club.finish(table.id, {"seats": [{"total": 2}, {"total": 7}], "ranking": [[1], [0]]})
    club.close()
    page = club_json(capsys, "show", str(tid))
    assert [(s["name"], s["score"], s["results"]) for s in page["standings"]] == [
        ("Bob", 1, ["1"]),
        ("Ann", 0, ["0"]),
    ]
    (round_,) = page["rounds"]
    assert round_["round"] == 1
    assert round_["tables"][0]["places"] == [2, 1] and round_["tables"][0]["finished"]
    assert main(["club", "tournament", "show", str(tid)]) == 0
    text = capsys.readouterr().out
    assert "  1. Bob: 1 point, Buchholz 0; 1." in text
    assert "Round 1:\n  table " in text and f": Ann (2), Bob (1) (game {table.id}).\n" in text


def test_an_arena_and_its_length(data_dir, capsys):
    shown = club_json(
        capsys,
        "create",
        "Blitz",
        "--game",
        "spirits",
        "--system",
        "arena",
        "--minutes",
        "45",
        "--kind",
        "turn",
        "--clock",
        "24h/7d",
        "--bots",
    )["tournament"]
    assert (shown["minutes"], shown["kind"], shown["bots"]) == (45, "turn", True)
    assert shown["clock"] == {"type": "turn", "hours": 24, "total_days": 7}
    assert main(["club", "tournament", "enter", str(shown["id"]), "medium"]) == 0


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (["create", "Cup", "--game", "wish", "--system", "swiss"], "A Swiss has 1 to 20 rounds."),
        (
            [
                "create",
                "Cup",
                "--game",
                "wish",
                "--system",
                "swiss",
                "--rounds",
                "2",
                "--clock",
                "ten",
            ],
            "A live tournament's clock is written MINUTES+SECONDS, e.g. 10+5, not 'ten'.",
        ),
        (["show", "9"], "There is no tournament 9."),
        (["start", "9"], "There is no tournament 9."),
        (["enter", "9", "Nobody"], "No player is called 'Nobody'."),
    ],
)
def test_refusals_are_one_sentence(data_dir, capsys, args, sentence):
    assert main(["club", "tournament", *args]) == 1
    assert capsys.readouterr().err == f"wish-tui club: {sentence}\n"


def test_bots_are_refused_unless_allowed(data_dir, capsys):
    tid = club_json(
        capsys, "create", "Cup", "--game", "wish", "--system", "swiss", "--rounds", "2"
    )["tournament"]["id"]
    assert main(["club", "tournament", "enter", str(tid), "hard"]) == 1
    assert "Bots may not enter" in capsys.readouterr().err
