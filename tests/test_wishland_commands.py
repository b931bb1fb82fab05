"""Wishland from the command line: `new`, `engine` and `tournament` with --game wishland."""

from __future__ import annotations

import json

import pytest

from tests.commands import engine, launch_new, wish_tui
from wish_tui import saves
from wish_tui.cli import Launch, Seat, UsageError
from wish_tui.games import GAMES

pytestmark = pytest.mark.usefixtures("data_dir")


def test_new_wishland_with_seats_and_both_options():
    got = launch_new(
        "--game", "wishland", "--seat", "red:human", "--seat", "blue:medium",
        "--entrepreneurs", "--achievement-tiles", "--seed", "5",
    )  # fmt: skip
    assert got == Launch(
        "game",
        (Seat("red", "human"), Seat("blue", "medium")),
        5,
        game="wishland",
        options={"entrepreneurs": True, "achievement_tiles": True},
    )


def test_new_wishland_without_options_has_both_off():
    got = launch_new("--game", "wishland", "--seat", "green:human", "--seat", "yellow:hard")
    assert got.options == {"entrepreneurs": False, "achievement_tiles": False}


def test_new_wishland_solo_needs_no_level_and_no_colour():
    got = launch_new("--game", "wishland", "--solo")
    assert got.game == "wishland" and got.solo == "standard"
    assert got.seats == (Seat("red", "human"),)
    got = launch_new("--game", "wishland", "--solo", "--djinn", "yellow", "--entrepreneurs")
    assert got.seats == (Seat("yellow", "human"),) and got.options["entrepreneurs"]


@pytest.mark.parametrize(
    "args, words",
    [
        (["--game", "wishland", "--solo", "hard"], "not a solo level of Wishland"),
        (["--game", "wishland", "--seat", "red:human", "--seat", "purple:easy"],
         "names no colour of Wishland"),
        (["--game", "wishland", "--seat", "red:human", "--seat", "red:easy"],
         "each colour can sit at only one seat"),
        (["--game", "wishland", "--seat", "red:human", "--seat", "blue:easy",
          "--modules", "wishes"], "is for Spirits of the Forest, not Wishland"),
        (["--game", "spirits", "--seat", "air:human", "--seat", "fire:easy",
          "--entrepreneurs"], "is for Wishland, not Spirits of the Forest"),
    ],
)  # fmt: skip
def test_bad_wishland_flags_are_one_sentence(args, words):
    with pytest.raises(UsageError) as refused:
        launch_new(*args)
    assert words in str(refused.value)


def test_a_bad_flag_exits_2_with_one_sentence():
    result = wish_tui("new", "--game", "wishland", "--solo", "easy")
    assert result.returncode == 2
    assert "not a solo level of Wishland" in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_engine_plays_wishland_with_its_options():
    _, state = saves.GameRecord.new(
        ["red", "blue"],
        7,
        None,
        "wishland",
        {"entrepreneurs": True, "achievement_tiles": True},
        games=GAMES,
    )
    keep = str(state.legal_actions()[0])
    new, legal, played, view = engine(
        {
            "cmd": "new",
            "game": "wishland",
            "seats": ["red", "blue"],
            "who": ["human", "medium"],
            "seed": 7,
            "entrepreneurs": True,
            "achievement_tiles": True,
        },
        {"cmd": "legal"},
        {"cmd": "play", "action": keep},
        {"cmd": "view", "seat": 0},
    )
    assert new["ok"] and new["game"] == "wishland"
    assert new["entrepreneurs"] is True and new["achievement_tiles"] is True
    assert all(a.startswith("keep E") for a in legal["actions"]) and len(legal["actions"]) == 2
    assert played["ok"] and played["played"] == keep
    assert view["view"]["game"] == "wishland" and view["view"]["options"]["entrepreneurs"]


def test_engine_plays_a_wishland_solo_game_without_options():
    new, legal = engine(
        {"cmd": "new", "game": "wishland", "seats": ["green"], "solo": "standard", "seed": 2},
        {"cmd": "legal"},
    )
    assert new["ok"] and new["solo"] == "standard" and new["entrepreneurs"] is False
    assert [a for a in legal["actions"] if a.startswith("order")]


def test_engine_refuses_a_bad_wishland_option_in_one_sentence():
    (answer,) = engine({"cmd": "new", "game": "wishland", "seats": ["red", "blue"],
                        "entrepreneurs": "yes"})  # fmt: skip
    assert not answer["ok"] and "yes/no option" in answer["error"]


def test_tournament_of_wishland_prints_the_json_of_every_game():
    result = wish_tui(
        "tournament", "--game", "wishland",
        "--seats", "medium,easy", "--games", "2", "--seed", "3", "--json",
        "--entrepreneurs",
        timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["game"] == "wishland" and figures["games"] == 2
    assert set(figures["levels"]) == {"medium", "easy"}
    for level in figures["levels"].values():
        assert level["games"] == 2 and level["avg_score"] > 0


def test_tournament_of_wishland_solo_games():
    result = wish_tui(
        "tournament", "--game", "wishland",
        "--solo", "standard", "--seats", "easy", "--games", "1", "--json",
        timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["solo"] == "standard" and figures["levels"]["easy"]["games"] == 1
