"""Spirits of the Forest from the command line: `new`, `engine` and `tournament` with --game."""

from __future__ import annotations

import json

import pytest

from tests.commands import engine, launch_new, wish_tui
from wish_tui.cli import Launch, Seat, UsageError

pytestmark = pytest.mark.usefixtures("data_dir")


def test_new_spirits_with_seats_and_modules():
    got = launch_new(
        "--game", "spirits", "--seat", "air:human", "--seat", "water:hard",
        "--modules", "wishes,hexes", "--seed", "5",
    )  # fmt: skip
    assert got == Launch(
        "game",
        (Seat("air", "human"), Seat("water", "hard")),
        5,
        game="spirits",
        options={"modules": ("wishes", "hexes")},
    )


def test_new_spirits_solo_names_its_element():
    got = launch_new("--game", "spirits", "--solo", "standard", "--djinn", "earth")
    assert got.game == "spirits" and got.solo == "standard"
    assert got.seats == (Seat("earth", "human"),)


@pytest.mark.parametrize(
    "args, words",
    [
        (["--game", "spirits", "--solo", "hard", "--modules", "wishes"],
         "a solo game of Spirits of the Forest plays without modules: leave --modules out"),
        (["--game", "spirits", "--solo", "medium"], "not a solo level"),
        (["--game", "spirits", "--seat", "air:human", "--seat", "wind:easy"], "names no element"),
        (["--game", "wish", "--seat", "air:human", "--seat", "fire:easy", "--modules", "wishes"],
         "is for Spirits of the Forest"),
    ],
)  # fmt: skip
def test_bad_spirits_flags_are_one_sentence(args, words):
    with pytest.raises(UsageError) as refused:
        launch_new(*args)
    assert words in str(refused.value)


def test_engine_plays_spirits_with_its_modules():
    new, legal, played, view = engine(
        {
            "cmd": "new",
            "game": "spirits",
            "seats": ["air", "water"],
            "seed": 7,
            "modules": ["wishes", "hexes"],
        },
        {"cmd": "legal"},
        {"cmd": "play", "action": "keep wish Blossom Song"},
        {"cmd": "view", "seat": 1},
    )
    assert new["ok"] and new["game"] == "spirits" and new["modules"] == ["wishes", "hexes"]
    assert new["phase"] == "setup" and "round" not in new
    assert legal["actions"] == ["keep wish Blossom Song", "keep wish Whispered Secrets"]
    assert played["ok"] and played["played"] == "keep wish Blossom Song"
    assert view["view"]["game"] == "spirits" and view["view"]["modules"] == ["wishes", "hexes"]


def test_engine_refuses_modules_in_a_spirits_solo_game():
    (answer,) = engine(
        {"cmd": "new", "game": "spirits", "seats": ["earth"], "solo": "easy", "modules": ["hexes"]}
    )
    assert not answer["ok"] and "solo" in answer["error"]


def test_tournament_of_spirits_prints_the_json_of_every_game():
    result = wish_tui(
        "tournament", "--game", "spirits",
        "--seats", "hard,medium", "--games", "2", "--seed", "3", "--json",
        "--modules", "wishes,hexes",
        timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["game"] == "spirits" and figures["games"] == 2
    assert set(figures["levels"]) == {"hard", "medium"}
    for level in figures["levels"].values():
        assert level["games"] == 2
        assert set(level) >= {"wins", "win_rate", "avg_score", "decision_ms_median"}


def test_tournament_refuses_modules_in_solo_games():
    result = wish_tui(
        "tournament", "--game", "spirits",
        "--solo", "easy", "--games", "1", "--modules", "wishes",
    )  # fmt: skip
    assert result.returncode == 2
    assert "plays without modules" in result.stderr and "Traceback" not in result.stderr
