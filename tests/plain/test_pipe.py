"""`wish-tui plain` through a pipe: a whole game of each game played by a script reading only what
the client prints, every line plain text; the width followed, the end of input said."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from tests.plain.helpers import OVER, Player, odd_characters

GAMES = {
    "wish": ["--game", "wish", "--solo", "easy", "--seat", "air:human"],
    "spirits": ["--game", "spirits", "--solo", "standard", "--seat", "water:human"],
    "wishland": ["--game", "wishland", "--solo"],
}
TWO_SEATS = {
    "wish": ["--game", "wish", "--seat", "fire:human", "--seat", "earth:random"],
    "spirits": [
        "--game",
        "spirits",
        "--seat",
        "air:human",
        "--seat",
        "fire:random",
        "--modules",
        "wishes,hexes",
    ],
    "wishland": [
        "--game",
        "wishland",
        "--seat",
        "red:human",
        "--seat",
        "blue:random",
        "--entrepreneurs",
        "--achievement-tiles",
    ],
}


@pytest.fixture
def env(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    return {**os.environ, "WISH_TUI_DATA_DIR": str(data), "NO_COLOR": "1", "COLUMNS": "80"}


def play(args: list[str], env: dict, seed: int, then: str = "quit") -> tuple[list[str], int]:
    """Play a whole game through a pipe; return the lines printed and the exit status."""
    process = subprocess.Popen(
        [sys.executable, "-m", "wish_tui", "plain", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=env,
    )
    player = Player(seed)
    lines = []
    # A client that stops answering fails the test instead of hanging it.
    watchdog = threading.Timer(120, process.kill)
    watchdog.start()
    for line in process.stdout:
        lines.append(line.rstrip("\n"))
        answer = player.answer(line)
        if answer is not None:
            process.stdin.write(answer + "\n")
            process.stdin.flush()
        elif line.startswith(OVER):
            process.stdin.write(f"score\n{then}\n")
            process.stdin.flush()
    process.wait(timeout=120)
    watchdog.cancel()
    assert process.stderr.read() == ""
    assert player.decisions > 5, "\n".join(lines[-20:])
    return lines, process.returncode


def check_plain(lines: list[str], width: int = 80) -> None:
    for number, line in enumerate(lines, 1):
        assert not odd_characters(line), (number, line, odd_characters(line))
        assert len(line) <= width, (number, line)


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_solo_game_through_a_pipe(game, env):
    lines, status = play([*GAMES[game], "--seed", "4"], env, seed=1)
    assert status == 0
    check_plain(lines)
    over = lines.index("The game is over.")
    assert any(line.startswith("Its seed was 4") for line in lines[over:])
    # `score` after the end reads the final scoring again, then `quit` says goodbye.
    assert lines[-1] == "The game is over; 'wish-tui' then Load lists it to replay."


@pytest.mark.parametrize("game", TWO_SEATS)
def test_a_whole_game_against_a_bot_through_a_pipe(game, env):
    lines, status = play([*TWO_SEATS[game], "--seed", "9"], env, seed=2)
    assert status == 0
    check_plain(lines)
    bot = {"wish": "Earth", "spirits": "Fire", "wishland": "Blue"}[game]
    assert f"{bot} (random bot) decides." in lines
    assert any(line.startswith(bot) for line in lines if "decides" not in line)


def test_every_line_fits_a_narrow_terminal(env):
    env = {**env, "COLUMNS": "32"}
    lines, status = play([*GAMES["wish"], "--seed", "2"], env, seed=3)
    assert status == 0
    check_plain(lines, width=32)


def run_lines(args: list[str], env: dict, text: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "wish_tui", "plain", *args],
        input=text,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
    )


def test_the_end_of_input_says_where_the_game_is_and_continue_resumes_it(env):
    first = run_lines([*GAMES["spirits"], "--seed", "5"], env, "1\n")
    assert first.returncode == 0 and first.stderr == ""
    said = " ".join(first.stdout.split())
    assert said.endswith(
        "End of input: you leave the game (it is at turn 2, 0 of 3 rows empty). The game is "
        "autosaved: 'wish-tui plain continue' resumes it."
    )
    again = run_lines(["continue"], env, "log 3\n")
    assert again.returncode == 0 and again.stderr == ""
    said = again.stdout.splitlines()
    assert said[0] == "A game of Spirits of the Forest: Water (human)."
    assert any(line.startswith("Water takes ") for line in said)
    assert any(line.startswith("Your decision (") for line in said)


def test_a_setup_line_is_asked_when_no_game_is_named(env):
    done = run_lines([], env, "help\nchess\nwish solo easy air seed 3\nlook seats\nquit\n")
    said = done.stdout.splitlines()
    assert done.returncode == 0 and said[0].startswith("Which game?")
    text = " ".join(" ".join(said).split())
    assert "The games: wish (Wish), spirits (Spirits of the Forest)" in text
    assert "'chess' is not a game here; start the line with one of wish, spirits, wishland." in said
    assert "A game of Wish: Air (human)." in said
    assert any(line.startswith("Air: 0 VP") for line in said)


@pytest.mark.parametrize(
    "args, words",
    [
        (["continue", "--seed", "3"], "continue opens a game as it was saved: it takes no --seed"),
        (["load"], "load needs one save: plain load NAME|PATH"),
        (["fly"], "'fly' is not new, continue or load NAME|PATH"),
        (["--game", "chess"], "'chess' is not a game here"),
        (["load", "nothing-here"], "there is no save named 'nothing-here'"),
    ],
)
def test_a_bad_command_line_is_one_sentence(env, args, words):
    done = run_lines(args, env, "")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and words in done.stderr, done.stderr


def test_continue_without_a_save_is_one_sentence(env):
    done = run_lines(["continue"], env, "")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == (
        "wish-tui: there is no saved game to continue yet; start one with 'wish-tui plain'.\n"
    )
