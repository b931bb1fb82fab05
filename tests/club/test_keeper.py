"""`wish-tui club`: the keeper's command line, its JSON, renaming and removing a player."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from wish_tui.cli import main
from wish_tui.club import SeatSpec, open_club
from wish_tui.club.store.sqlite_file import FILE

from .conftest import people


@pytest.fixture
def filled(data_dir):
    """A club with two players, a guest and two finished games."""
    club = open_club(data_dir)
    ann, bob = people(club, "Ann", "Bob")
    club.players.guest("visitor")
    for winner in (0, 1):
        table = club.tables.create(
            "wish", 1, [SeatSpec("air", "human", ann.id), SeatSpec("fire", "human", bob.id)], ann.id
        )
        totals = [5, 3] if winner == 0 else [2, 7]
        club.finish(
            table.id,
            {"seats": [{"total": t} for t in totals], "ranking": [[winner], [1 - winner]]},
        )
    table = club.tables.create(
        "wishland", 2, [SeatSpec("red", "human", ann.id), SeatSpec("blue", "hard")], ann.id
    )
    club.finish(table.id, {"seats": [{"total": 9}, {"total": 4}], "ranking": [[0], [1]]})
    club.close()
    return data_dir


def run_json(capsys, *args) -> dict:
    assert main(["club", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_players_json(filled, capsys):
    data = run_json(capsys, "players")
    assert data["format"] == "wish_tui.club.players"
    assert [(p["name"], p["guest"], p["keys"], p["games"]) for p in data["players"]] == [
        ("Ann", False, 1, 3),
        ("Bob", False, 1, 2),
        ("visitor", True, 0, 0),
    ]
    assert set(data["players"][0]) == {
        "id",
        "name",
        "guest",
        "removed",
        "created_at",
        "seen_at",
        "keys",
        "games",
    }


def test_ratings_json_per_game(filled, capsys):
    data = run_json(capsys, "ratings")
    assert data["format"] == "wish_tui.club.ratings"
    assert set(data["games"]) == {"wish", "spirits", "wishland"}
    assert data["games"]["spirits"] == []
    # The hard bot starts from its level's measured rating (bot_ratings), so it may rank first.
    rows = {r["name"]: r for r in data["games"]["wishland"]}
    assert set(rows) == {"Ann", "hard"} and rows["hard"]["bot"] is True
    only = run_json(capsys, "ratings", "--game", "wish")
    assert list(only["games"]) == ["wish"]
    assert {r["games"] for r in only["games"]["wish"]} == {2}


def test_history_json_newest_first_and_filtered(filled, capsys):
    data = run_json(capsys, "history")
    assert data["format"] == "wish_tui.club.history"
    assert [g["game"] for g in data["games"]] == ["wishland", "wish", "wish"]
    first = data["games"][1]
    assert set(first) == {
        "table_id",
        "code",
        "game",
        "solo",
        "finished_at",
        "rated",
        "seats",
        "changes",
        "aborted",
    }
    assert [(s["player"], s["score"], s["place"]) for s in first["seats"]] == [
        ("Ann", 2, 2),
        ("Bob", 7, 1),
    ]
    bobs = run_json(capsys, "history", "--player", "bob", "--game", "wish")
    assert len(bobs["games"]) == 2


def test_rename_and_remove_then_the_games_show_removed_player(filled, capsys):
    assert main(["club", "rename", "ann", "Annie"]) == 0
    assert "Ann is now called Annie." in capsys.readouterr().out
    assert main(["club", "remove", "Annie"]) == 0
    capsys.readouterr()
    data = run_json(capsys, "history", "--game", "wish")
    assert {s["player"] for g in data["games"] for s in g["seats"]} == {"removed player", "Bob"}
    names = [p["name"] for p in run_json(capsys, "ratings", "--game", "wish")["games"]["wish"]]
    assert names == ["Bob"]


def test_refusals_are_one_sentence_with_status_one(filled, capsys):
    assert main(["club", "rename", "nobody", "Someone"]) == 1
    assert capsys.readouterr().err == "wish-tui club: No player is called 'nobody'.\n"
    assert main(["club", "rename", "Ann", "bob"]) == 1
    assert capsys.readouterr().err == "wish-tui club: 'bob' is taken; choose another name.\n"
    assert main(["club", "history", "--game", "chess"]) == 1
    assert "'chess' is not a game here" in capsys.readouterr().err


def test_a_missing_club_is_said_in_a_sentence_and_not_made(data_dir):
    result = subprocess.run(
        [sys.executable, "-m", "wish_tui", "club", "ratings", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "WISH_TUI_DATA_DIR": str(data_dir)},
    )
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.strip().endswith("yet: 'wish-tui serve' creates it.")
    assert not (data_dir / FILE).exists()


def test_ratings_say_one_game_in_the_singular(filled, capsys):
    assert main(["club", "ratings"]) == 0
    said = capsys.readouterr().out
    wish, wishland = said.split("Wishland")
    assert "    2 games" in wish
    assert "    1 game\n" in wishland and "1 games" not in said
