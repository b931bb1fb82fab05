"""`wish-tui tournament` in the words of any game: --seat for the solo seat, and each game's own
word for a won solo game taken from the registry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import wish_tui
from wish_tui import games
from wish_tui.cli import build_parser
from wish_tui.tournament import run_from_args

SHARED = ("cli.py", "launch.py", "engine_protocol.py", "tournament.py")
"""Modules that serve every game and so name none (the registry holds the default game)."""


def _run(capsys, *args: str) -> tuple[int, str, str]:
    status = run_from_args(build_parser().parse_args(["tournament", *args]))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    "game, level, seat",
    [("wish", "easy", "earth"), ("spirits", "easy", "fire"), ("wishland", "standard", "green")],
)
def test_solo_games_take_their_seat_from_seat(capsys, game, level, seat) -> None:
    status, out, _ = _run(
        capsys, "--game", game, "--solo", level, "--seat", seat, "--seats", "random",
        "--games", "1", "--json",
    )  # fmt: skip
    assert status == 0
    result = json.loads(out)
    assert result["seat"] == result["djinn"] == seat
    word = games.get(game).solo_won_name
    assert ("destiny_rate" in result["levels"]["random"]) == (word == "destiny")


def test_only_wish_names_a_won_solo_game_by_its_destiny() -> None:
    words = {name: spec.solo_won_name for name, spec in games.GAMES.items()}
    assert words == {"wish": "destiny", "spirits": "won", "wishland": "won"}


def test_solo_games_without_a_seat_take_the_games_first_seat(capsys) -> None:
    status, out, _ = _run(capsys, "--solo", "easy", "--seats", "random", "--games", "1", "--json")
    assert status == 0 and json.loads(out)["seat"] == "air"


def test_the_solo_table_heads_its_column_with_the_games_word(capsys) -> None:
    status, out, _ = _run(
        capsys, "--solo", "easy", "--seat", "air", "--seats", "random", "--games", "1"
    )
    assert status == 0 and "destiny" in out.splitlines()[1] and "air seat" in out


@pytest.mark.parametrize(
    "args, words",
    [
        (["--solo", "easy", "--seat", "air", "--djinn", "fire"], "give only one of them"),
        (["--solo", "easy", "--seat", "smoke"], "--seat must be one of"),
    ],
)
def test_a_bad_solo_seat_is_one_sentence(capsys, args, words) -> None:
    status, _, err = _run(capsys, *args, "--seats", "random", "--games", "1")
    assert status == 2 and words in err and err.count("\n") == 1


def test_the_experts_budget_replays_a_tournament_exactly(capsys) -> None:
    args = ("--game", "wishland", "--seats", "expert,easy", "--games", "2", "--json")
    status, out, _ = _run(capsys, *args, "--iterations", "2")
    assert status == 0
    first = json.loads(out)["levels"]
    again = json.loads(_run(capsys, *args, "--iterations", "2")[1])["levels"]
    assert [first[lv]["avg_score"] for lv in first] == [again[lv]["avg_score"] for lv in again]
    assert first["expert"]["games"] == 2


@pytest.mark.parametrize("flag", ["--think", "--iterations"])
def test_a_budget_that_is_no_budget_is_one_sentence(capsys, flag) -> None:
    status, out, err = _run(capsys, "--seats", "expert,easy", "--games", "1", flag, "0")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and f"{flag} must be a whole number" in err


@pytest.mark.parametrize("module", SHARED)
def test_shared_modules_name_no_game(module) -> None:
    source = (Path(wish_tui.__file__).parent / module).read_text("utf-8")
    for name in games.GAMES:
        assert f'"{name}"' not in source and f"'{name}'" not in source
