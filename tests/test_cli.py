"""The command line: versions, help, and one clear sentence (exit 2) for a bad flag or value."""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.commands import launch_new, wish_tui
from wish_tui import __version__
from wish_tui.cli import (
    Launch,
    Seat,
    UsageError,
    build_parser,
    launch_for_learn,
    launch_for_new,
    parse_seat,
)
from wish_tui.games import GAMES


def run(*args: str, env_dir=None) -> subprocess.CompletedProcess:
    return wish_tui(*args, data=env_dir)


def test_version():
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"wish-tui {__version__}"


def test_help_lists_the_commands():
    result = run("--help")
    assert result.returncode == 0
    for command in ("new", "learn", "continue", "load", "replay", "engine", "tournament"):
        assert command in result.stdout


@pytest.mark.parametrize(
    "args, words",
    [
        (["--bogus"], "unrecognized arguments"),
        (["new", "--seat", "wind:human", "--seat", "air:human"], "names no Djinn"),
        (["new", "--seat", "air:genius", "--seat", "fire:human"], "must be one of"),
        (["new", "--seat", "air:human", "--seat", "air:easy"], "only one seat"),
        (["new", "--seed", "seven"], "invalid int value"),
        (["new", "--seat", "air:human"], "solo"),
    ],
)
def test_a_bad_flag_is_one_sentence_and_exit_2(args, words):
    result = run(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert words in lines[0]
    assert "Traceback" not in result.stderr


def test_continue_without_a_save_is_one_sentence_and_exit_1(tmp_path):
    result = run("continue", env_dir=tmp_path)
    assert result.returncode == 1
    assert len(result.stderr.strip().splitlines()) == 1
    assert "no saved game" in result.stderr


def test_load_of_a_broken_file_names_it_and_exits_1(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = run("load", str(broken), env_dir=tmp_path)
    assert result.returncode == 1
    assert len(result.stderr.strip().splitlines()) == 1
    assert "broken.json" in result.stderr
    assert broken.read_text() == "{not json"


def test_new_with_seats_launches_a_game():
    args = build_parser().parse_args(
        ["new", "--seat", "air:human", "--seat", "water:easy", "--seed", "4"]
    )
    launch = launch_for_new(args)
    assert launch == Launch("game", (Seat("air", "human"), Seat("water", "easy")), 4, game="wish")


@pytest.mark.parametrize("game, seat", [("wish", "air"), ("spirits", "air"), ("wishland", "red")])
@pytest.mark.parametrize("command", ["new", "plain"])
def test_a_solo_game_without_a_seat_seats_you_at_the_games_first_seat(command, game, seat):
    """Issue 34: 'wish-tui plain --solo easy' refused Wish, while the other games seated you."""
    from wish_tui.cli import launch_for_plain

    spec = GAMES[game]
    level = spec.solo_levels[0]
    args = build_parser().parse_args([command, "--game", game, "--solo", level])
    launch = (launch_for_new if command == "new" else launch_for_plain)(args)
    assert launch.seats == (Seat(seat, "human"),) and launch.solo == level


@pytest.mark.parametrize(
    "words",
    [
        ["--game", "spirits", "--solo", "easy"],
        ["--seat", "air:human", "--seat", "water:easy", "--seed", "4"],
        ["--game", "wishland"],
        [],
    ],
)
def test_plain_new_is_plain_with_news_options(words):
    """'wish-tui --help' says plain starts a new game as 'new' takes it: 'plain new …' was
    refused ("'new' is not continue or load")."""
    from wish_tui.cli import launch_for_plain

    parse = build_parser().parse_args
    assert launch_for_plain(parse(["plain", "new", *words])) == launch_for_plain(
        parse(["plain", *words])
    )


@pytest.mark.parametrize("words", [["new", "continue"], ["new", "load", "x"]])
def test_plain_new_takes_no_other_word(words):
    from wish_tui.cli import UsageError, launch_for_plain

    with pytest.raises(UsageError, match="is not new, continue or load"):
        launch_for_plain(build_parser().parse_args(["plain", *words]))


def test_new_solo_launches_a_solo_game():
    launch = launch_new("--solo", "hard", "--djinn", "fire")
    assert launch.solo == "hard" and launch.seats == (Seat("fire", "human"),)


def test_learn_parses_its_game_and_defaults_to_the_registrys():
    args = build_parser().parse_args(["learn", "--game", "spirits"])
    assert args.command == "learn"
    assert launch_for_learn(args) == Launch("learn", game="spirits")
    assert launch_for_learn(build_parser().parse_args(["learn"])) == Launch("learn", game="wish")
    args = build_parser().parse_args(["learn", "--game", "spirits", "--lesson", "2"])
    assert launch_for_learn(args) == Launch("learn", game="spirits", lesson=2)


def test_learn_of_a_lesson_that_is_not_there_is_one_sentence_and_exit_1():
    result = run("learn", "--game", "wish", "--lesson", "9")
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "there is no lesson 9" in lines[0], lines


def test_learn_of_a_game_that_is_not_one_is_one_sentence_and_exit_2():
    result = run("learn", "--game", "chess")
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "'chess' is not a game" in lines[0]
    assert "wish-tui learn --help" in lines[0]


def test_new_without_flags_opens_the_new_game_screen():
    assert launch_new().screen == "new-game"


def test_parse_seat_refuses_unknown_djinn():
    with pytest.raises(UsageError):
        parse_seat("smoke:human")


@pytest.mark.parametrize(
    "args, seat, level",
    [
        (["--solo", "hard", "--seat", "fire:human"], "fire", "hard"),
        (["--solo", "medium", "--seat", "water"], "water", "medium"),
        (["--game", "spirits", "--solo", "standard", "--seat", "earth:human"], "earth", "standard"),
        (["--game", "wishland", "--solo", "--seat", "yellow:human"], "yellow", "standard"),
        (["--game", "wishland", "--solo", "standard", "--djinn", "green"], "green", "standard"),
    ],
)
def test_the_solo_seat_is_chosen_with_seat_in_every_game(args, seat, level):
    launch = launch_new(*args)
    assert launch.screen == "game" and launch.solo == level
    assert launch.seats == (Seat(seat, "human"),)


@pytest.mark.parametrize(
    "args, words",
    [
        (["--solo", "hard", "--seat", "fire:hard"], "played by you: --seat fire:human"),
        (["--solo", "hard", "--seat", "fire:human", "--seat", "air:human"], "exactly one --seat"),
        (["--solo", "hard", "--seat", "fire:human", "--djinn", "fire"], "only one of them"),
        (["--solo", "hard", "--seat", "smoke:human"], "names no Djinn"),
        (["--game", "spirits", "--solo", "hard", "--seat", "red:human"], "names no element"),
        (["--seat", "fire:human"], "add --solo LEVEL (easy|medium|hard) to --seat fire:human"),
    ],
)
def test_a_bad_solo_seat_is_one_sentence(args, words):
    with pytest.raises(UsageError, match=re.escape(words)):
        launch_new(*args)


@pytest.mark.parametrize(
    "args, help_of",
    [
        (["new", "--bogus"], "wish-tui new --help"),
        (["new", "--seed", "seven"], "wish-tui new --help"),
        (["new", "--seat", "wind:human", "--seat", "air:human"], "wish-tui new --help"),
        (["load"], "wish-tui load --help"),
        (["tournament", "--games", "x"], "wish-tui tournament --help"),
        (["--bogus"], "wish-tui --help"),
        (["fly"], "wish-tui --help"),
    ],
)
def test_a_usage_error_points_at_its_subcommands_help(args, help_of):
    """Issue 19: 'wish-tui new --bogus' said "Run 'wish-tui --help'", the wrong page."""
    result = run(*args)
    assert result.returncode == 2
    (line,) = result.stderr.strip().splitlines()
    assert line.endswith(f"Run '{help_of}' for the usage.")


def _save_named(folder, *names: str) -> None:
    import json

    from wish_tui.saves import GameRecord

    saves_dir = folder / "saves"
    saves_dir.mkdir(parents=True, exist_ok=True)
    record, _ = GameRecord.new(["air", "water"], 3, games=GAMES)
    for name in names:
        (saves_dir / f"{name}.json").write_text(json.dumps(record.to_json()))


def test_load_of_a_name_that_names_no_save_lists_the_closest(tmp_path):
    _save_named(tmp_path, "friday-night", "friday-rematch", "sunday")
    result = run("load", "fridey-night", env_dir=tmp_path)
    assert result.returncode == 1
    (line,) = result.stderr.strip().splitlines()
    assert "no save named 'fridey-night'" in line
    assert "friday-night" in line and "sunday" not in line
    assert "Traceback" not in result.stderr


def test_load_of_a_name_with_no_save_close_says_where_the_saves_are(tmp_path):
    _save_named(tmp_path, "sunday")
    (line,) = run("load", "qqqqqqqqq", env_dir=tmp_path).stderr.strip().splitlines()
    assert "no save named 'qqqqqqqqq'" in line and "Load screen" in line


def test_a_real_name_a_path_and_a_scenario_are_left_to_the_loader(tmp_path, monkeypatch):
    from wish_tui.cli import no_such_save

    _save_named(tmp_path, "sunday")
    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(tmp_path))
    assert no_such_save("sunday") == ""
    assert no_such_save(str(tmp_path / "missing.json")) == ""  # a path: the loader speaks
    assert no_such_save("four-seat-monuments") == ""  # a scenario
